"""Kocka's tests (see docs/testing.md). RACE_GAMES: the value of KOCKA_EXTRA_GAMES that
installs the tests' own game, Race (tests/race: docs/adding-a-game.md)."""
import os

RACE_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "race")
RACE_GAMES = RACE_ROOT
