"""Coloretto on the device: the setup screen (2-5 seats, each a human or a bot of level
random, greedy or strong; the preset Original/Online; the brown or grey scoring table)
and the way into a game. The game itself is app.games.coloretto.play, imported only on Start
(the rules and the bots with it). The screen opens with the last setup started.
"""

from app.screen import Choice
from app.seats import SeatSetup, resume_seats


def default_setup():
    return {"players": 3, "seats": ["human", "greedy", "strong", "random", "greedy"],
            "preset": "original", "scoring_table": "brown"}


def options_of(setup):
    return {"preset": setup["preset"], "scoring_table": setup["scoring_table"]}


def _play(app, kinds, names, options, seed, saved=None):
    from app.games.coloretto.play import ColorettoPlay
    return ColorettoPlay(app, kinds, names, options, seed, saved)


class ColorettoSetup(SeatSetup):
    HELP = "app.games.coloretto.help"
    TITLE = "Coloretto"
    KINDS = ("human", "random", "greedy", "strong")
    KIND_LABELS = ("Human", "Random bot", "Greedy bot", "Strong bot")
    PLAYER_COUNTS = (2, 3, 4, 5)
    GAME = "coloretto"
    CHOICES = {"preset": ("original", "online"), "scoring_table": ("brown", "grey")}

    def default_setup(self):
        return default_setup()

    def options_of(self, setup):
        return options_of(setup)

    def option_items(self, st):
        return [Choice("Preset", "preset", ("original", "online"), ("Original", "Online"),
                       None, st),
                Choice("Scoring", "scoring_table", ("brown", "grey"), ("Brown", "Grey"),
                       None, st)]

    def play(self, app, kinds, names, options, seed):
        return _play(app, kinds, names, options, seed)


def open(app):
    app.push(ColorettoSetup(app))


def demo(app, seed):
    """Bots only: a random, a greedy and a strong bot play a whole game on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _play(app, ["random", "greedy", "strong"],
                             ["RANDOM", "GREEDY", "STRONG"], options, seed))


def resume(app, saved):
    """Goes on with a game saved before a power cut (app.savegame.pending's dict)."""
    resume_seats(app, saved, _play)
