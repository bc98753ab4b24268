"""Race on the device: its setup screen (2-4 seats, each a human or a random bot; the goal)
and the way into a game (open, demo, resume). The game itself is app.games.race.play.
The tests' game: it shows what a game folder needs (docs/adding-a-game.md)."""

from app.screen import Choice
from app.seats import SeatSetup, resume_seats
from shared_rules.race.descriptor import RACE

GOALS = (20, 50)


def default_setup():
    return {"players": 2, "seats": ["human", "random", "random", "random"], "goal": 20}


def options_of(setup):
    return {"goal": setup["goal"]}


def _play(app, kinds, names, options, seed, saved=None):
    from app.games.race.play import RacePlay
    return RacePlay(app, kinds, names, options, seed, saved)


class RaceSetup(SeatSetup):
    HELP = "app.games.race.help"
    TITLE = RACE.title
    KINDS = ("human", "random")
    KIND_LABELS = ("Human", "Random bot")
    PLAYER_COUNTS = tuple(range(RACE.players[0], RACE.players[1] + 1))
    GAME = RACE.id
    CHOICES = {"goal": GOALS}

    def default_setup(self):
        return default_setup()

    def options_of(self, setup):
        return options_of(setup)

    def option_items(self, st):
        return [Choice("Goal", "goal", GOALS, tuple(str(g) for g in GOALS), None, st)]

    def play(self, app, kinds, names, options, seed):
        return _play(app, kinds, names, options, seed)


def open(app):
    app.push(RaceSetup(app))


def demo(app, seed):
    """Bots only: two random bots race to the goal on screen."""
    app.launch(lambda: _play(app, ["random", "random"], ["ROBI", "ROBO"],
                             options_of(default_setup()), seed))


def resume(app, saved):
    """Goes on with a game saved before a power cut (app.savegame.pending's dict)."""
    resume_seats(app, saved, _play)
