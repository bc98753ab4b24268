"""Race, the toy game of the interface tests, read from its home in the tests' game
folder (tests/race/shared_rules/race/rules.py) without installing that game."""
try:
    from tests.race.shared_rules.race.rules import *  # noqa: F401,F403 (CPython: a namespace package)
except ImportError:
    from shared_rules.race.rules import *  # noqa: F401,F403 (MicroPython: mounted as a game)
