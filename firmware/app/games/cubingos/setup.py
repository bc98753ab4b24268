"""Cubingos' setup (app.seats.SeatSetup): 2-4 seats, each a human or a bot of level
easy, medium or hard; the free_dice ending; an optional time limit per leg. The game
itself is app.games.cubingos.play, imported only on Start (the rules and the bots with
it). The module's open, demo and resume come from app.seats.seat_entries; LINK makes
it a game of link play (in real time: each device's human races with everybody).
"""

from shared_rules.cubingos.descriptor import CUBINGOS
from app.seats import SeatSetup, seat_entries


def play_screen(app, kinds, names, options, seed, saved=None):
    from app.games.cubingos.play import CubingosPlay
    return CubingosPlay(app, kinds, names, options, seed, saved)


class CubingosSetup(SeatSetup):
    GAME = CUBINGOS.id  # the id and title: shared_rules/cubingos/descriptor.py
    TITLE = CUBINGOS.title
    HELP = "app.games.cubingos.help"
    KINDS = ("human", "easy", "medium", "hard")
    KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS = (("Free dice", "free_dice", (False, True), ("Off", "On")),
               ("Time limit", "limit_ms", (0, 30000, 60000, 120000),
                ("None", "30 s", "60 s", "2 min")))
    DEFAULT = {"players": 2, "seats": ["human", "medium", "easy", "hard"],
               "free_dice": False, "limit_ms": 0}
    DEMO = (("easy", "medium", "hard"), ("EASY", "MEDIUM", "HARD"))
    play_screen = staticmethod(play_screen)


open, demo, resume = seat_entries(CubingosSetup)
LINK = CubingosSetup   # link play (app.link) reads the seats and options from it
