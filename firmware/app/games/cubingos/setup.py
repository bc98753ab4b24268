"""Cubingos on the device: the setup screen (2-4 seats, each a human or a bot of level
easy, medium or hard; the free_dice ending; an optional time limit per leg), the way into
a game, the headless demo and resuming a saved game. The game itself is
app.games.cubingos.play, imported only on Start (the rules and the bots with it). The screen
opens with the last setup started.
"""

from micropython import const

from app.screen import Choice
from app.seats import SeatSetup, resume_seats

_LIMITS = const((0, 30000, 60000, 120000))


def default_setup():
    return {"players": 2, "seats": ["human", "medium", "easy", "hard"],
            "free_dice": False, "limit_ms": 0}


def options_of(setup):
    return {"free_dice": setup["free_dice"], "limit_ms": setup["limit_ms"]}


def _play(app, kinds, names, options, seed, saved=None):
    from app.games.cubingos.play import CubingosPlay
    return CubingosPlay(app, kinds, names, options, seed, saved)


class CubingosSetup(SeatSetup):
    HELP = "app.games.cubingos.help"
    TITLE = "Cubingos"
    KINDS = ("human", "easy", "medium", "hard")
    KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
    PLAYER_COUNTS = (2, 3, 4)
    GAME = "cubingos"
    CHOICES = {"limit_ms": _LIMITS}

    def default_setup(self):
        return default_setup()

    def options_of(self, setup):
        return options_of(setup)

    def option_items(self, st):
        return [Choice("Free dice", "free_dice", (False, True), ("Off", "On"), None, st),
                Choice("Time limit", "limit_ms", _LIMITS, ("None", "30 s", "60 s", "2 min"),
                       None, st)]

    def play(self, app, kinds, names, options, seed):
        return _play(app, kinds, names, options, seed)


def open(app):
    app.push(CubingosSetup(app))


def demo(app, seed):
    """Bots only: an easy, a medium and a hard bot play a whole game on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _play(app, ["easy", "medium", "hard"], ["EASY", "MEDIUM", "HARD"],
                             options, seed))


def resume(app, saved):
    """Goes on with a game saved before a power cut (app.savegame.pending's dict)."""
    resume_seats(app, saved, _play)
