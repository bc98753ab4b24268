"""Kocka 10000 on the device: the setup screen (players, who sits where, rule options)
and the way into a game. The game itself is app.games.kocka10000.play, imported only on Start.

Seats: 2-6, each a human (named from the settings' player names, in order) or a bot of
level easy, medium or hard (named after its seat). Left/right on a seat cycles Human /
Easy / Medium / Hard. The screen opens with the last setup started (app.last_setup).
"""

from app.screen import Choice
from app.seats import SeatSetup, resume_seats

GAME = "kocka10000"


def default_setup():
    return {"players": 2, "seats": ["human", "medium", "easy", "hard", "medium", "easy"],
            "finish_round": False, "extra_dice_double": False}


def options_of(setup):
    return {"finish_round": setup["finish_round"],
            "extra_dice_double": setup["extra_dice_double"]}


def _play(app, kinds, names, options, seed, saved=None):
    from app.games.kocka10000.play import Kocka10000Play
    return Kocka10000Play(app, kinds, names, options, seed, saved)


class Kocka10000Setup(SeatSetup):
    HELP = "app.games.kocka10000.help"
    TITLE = "Kocka 10000"
    KINDS = ("human", "easy", "medium", "hard")
    KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
    PLAYER_COUNTS = (2, 3, 4, 5, 6)
    GAME = GAME

    def default_setup(self):
        return default_setup()

    def options_of(self, setup):
        return options_of(setup)

    def option_items(self, st):
        return [Choice("Finish round", "finish_round", (False, True), ("Off", "On"), None, st),
                Choice("4+ of a kind", "extra_dice_double", (False, True),
                       ("Classic", "Doubling"), None, st)]

    def play(self, app, kinds, names, options, seed):
        return _play(app, kinds, names, options, seed)


def open(app):
    app.push(Kocka10000Setup(app))


def demo(app, seed):
    """Bots only: an easy, a medium and a hard bot play a whole game on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _play(app, ["easy", "medium", "hard"], ["EASY", "MEDIUM", "HARD"],
                             options, seed))


def resume(app, saved):
    """Goes on with a game saved before a power cut (app.savegame.pending's dict)."""
    resume_seats(app, saved, _play)
