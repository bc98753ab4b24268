"""Coloretto's setup (app.seats.SeatSetup): 2-5 seats, each a human or a bot of level
random, greedy or strong; the preset Original/Online; the brown or grey scoring table.
The game itself is app.games.coloretto.play, imported only on Start (the rules and the
bots with it). The module's open, demo and resume come from app.seats.seat_entries;
LINK makes it a game of link play.
"""

from shared_rules.coloretto.descriptor import COLORETTO
from app.seats import SeatSetup, seat_entries, options_of as _options_of


def play_screen(app, kinds, names, options, seed, saved=None):
    from app.games.coloretto.play import ColorettoPlay
    return ColorettoPlay(app, kinds, names, options, seed, saved)


class ColorettoSetup(SeatSetup):
    GAME = COLORETTO.id  # the id and title: shared_rules/coloretto/descriptor.py
    TITLE = COLORETTO.title
    HELP = "app.games.coloretto.help"
    KINDS = ("human", "random", "greedy", "strong")
    KIND_LABELS = ("Human", "Random bot", "Greedy bot", "Strong bot")
    PLAYER_COUNTS = (2, 3, 4, 5)
    OPTIONS = (("Preset", "preset", ("original", "online"), ("Original", "Online")),
               ("Scoring", "scoring_table", ("brown", "grey"), ("Brown", "Grey")))
    DEFAULT = {"players": 3, "seats": ["human", "greedy", "strong", "random", "greedy"],
               "preset": "original", "scoring_table": "brown"}
    DEMO = (("random", "greedy", "strong"), ("RANDOM", "GREEDY", "STRONG"))
    play_screen = staticmethod(play_screen)


open, demo, resume = seat_entries(ColorettoSetup)
LINK = ColorettoSetup   # link play (app.link) reads the seats and options from it


# tools/rp2040/think_main.py starts a game through these
_play = play_screen


def default_setup():
    return dict(ColorettoSetup.DEFAULT)


def options_of(setup):
    return _options_of(ColorettoSetup, setup)
