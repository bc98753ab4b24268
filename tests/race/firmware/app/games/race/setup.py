"""Race's setup (app.seats.SeatSetup): 2-4 seats, each a human or a random bot, and the
goal. The game itself is app.games.race.play, imported only on Start; open, demo and
resume come from app.seats.seat_entries. The tests' game: what a game folder needs
(docs/adding-a-game.md)."""

from app.seats import SeatSetup, seat_entries
from shared_rules.race.descriptor import RACE


def play_screen(app, kinds, names, options, seed, saved=None):
    from app.games.race.play import RacePlay
    return RacePlay(app, kinds, names, options, seed, saved)


class RaceSetup(SeatSetup):
    GAME = RACE.id
    TITLE = RACE.title
    HELP = "app.games.race.help"
    KINDS = ("human", "random")
    KIND_LABELS = ("Human", "Random bot")
    PLAYER_COUNTS = tuple(range(RACE.players[0], RACE.players[1] + 1))
    OPTIONS = (("Goal", "goal", (20, 50), ("20", "50")),)
    DEFAULT = {"players": 2, "seats": ["human", "random", "random", "random"], "goal": 20}
    DEMO = (("random", "random"), ("ROBI", "ROBO"))
    play_screen = staticmethod(play_screen)


open, demo, resume = seat_entries(RaceSetup)
