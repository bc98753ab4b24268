"""Race as the rest of Kocka sees it (shared_rules.registry.Game): the tests' game, installed
only where KOCKA_EXTRA_GAMES (or a test) adds the folder tests/race."""
from shared_rules.registry import Game

RACE = Game("race", "Race", (2, 4), "shared_rules.race.rules", app="app.games.race.setup",
            menu=5, timed=True, screens=("RaceSetup", "RacePlay"))

GAMES = (RACE,)
