"""Kocka 10000's setup (app.seats.SeatSetup): 2-6 seats, each a human (named from the
settings' player names, in order) or a bot of level easy, medium or hard (named after
its seat); the rule options Finish round and 4+ of a kind. The game itself is
app.games.kocka10000.play, imported only on Start. The module's open, demo and resume
come from app.seats.seat_entries; LINK makes it a game of link play.
"""

from shared_rules.kocka10000.descriptor import KOCKA10000
from app.seats import SeatSetup, seat_entries


def play_screen(app, kinds, names, options, seed, saved=None):
    from app.games.kocka10000.play import Kocka10000Play
    return Kocka10000Play(app, kinds, names, options, seed, saved)


class Kocka10000Setup(SeatSetup):
    GAME = KOCKA10000.id  # the id and title: shared_rules/kocka10000/descriptor.py
    TITLE = KOCKA10000.title
    HELP = "app.games.kocka10000.help"
    KINDS = ("human", "easy", "medium", "hard")
    KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
    PLAYER_COUNTS = (2, 3, 4, 5, 6)
    OPTIONS = (("Finish round", "finish_round", (False, True), ("Off", "On")),
               ("4+ of a kind", "extra_dice_double", (False, True), ("Classic", "Doubling")))
    DEFAULT = {"players": 2, "seats": ["human", "medium", "easy", "hard", "medium", "easy"],
               "finish_round": False, "extra_dice_double": False}
    DEMO = (("easy", "medium", "hard"), ("EASY", "MEDIUM", "HARD"))
    play_screen = staticmethod(play_screen)


open, demo, resume = seat_entries(Kocka10000Setup)
LINK = Kocka10000Setup   # link play (app.link) reads the seats and options from it
