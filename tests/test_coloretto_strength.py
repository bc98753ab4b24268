"""The strong Coloretto bot's strength, a small seeded run of bench/bench_coloretto.py's
match (the bench plays 1,000 games; its goal: 70 % wins): the strong bot at its full
budget against two greedy bots, in every seat in turn, must win at least BAR of GAMES
(a win shared by k players counts 1/k)."""
from bench.bench_coloretto import play_games

GAMES = 120
BAR = 0.64


def test_strong_beats_two_greedy_bots():
    _, st = play_games(("strong", "greedy", 1, GAMES))
    assert st["games"] == GAMES
    rate = st["wins"] / GAMES
    assert rate >= BAR, rate
    assert st["margin"] > 0  # ahead of the best opponent on average
