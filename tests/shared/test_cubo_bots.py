"""Cubo bots: whole games, pace on the virtual clock, arrangement quality, determinism.

MicroPython subset (runs under CPython and real MicroPython)."""
import sys

from shared_rules import driver
from shared_rules.rng import Rng
from shared_rules.cubo.rules import CuboState, ROLL, CALL, SWAP, REROLL, FORFEIT, score_grid, \
    best_arrangement
from shared_rules.cubo.bots import (CuboBot, bots_for, local_search, next_swap, stop_value,
                                    LEVELS, PARAMS)

MICRO = sys.implementation.name == "micropython"


class Sleepy:
    """A player who never acts (a human who walked away)."""

    def act(self, state, player, now):
        return None


def test_bots_play_whole_games_and_replay():
    cases = ((("easy", "medium", "hard"), {}),)
    if not MICRO:
        cases += ((("hard", "hard"), {"yellow": True}),
                  (("easy", "easy", "medium", "hard"), {"runs_any_order": True,
                                                        "keep_swaps": False}))
    for levels, opts in cases:
        n = len(levels)
        g = CuboState(n, 17, opts)
        log = driver.play(g, bots_for(levels, 5))
        assert g.is_terminal()
        assert all(len(g.round_scores(p)) == 6 for p in range(n))
        again = driver.replay(CuboState, n, 17, opts, log)
        assert again.scores() == g.scores()
        # the same seeds give the same game
        h = CuboState(n, 17, opts)
        assert driver.play(h, bots_for(levels, 5)) == log


class Recorder:
    """Wraps a bot; notes the optimum of the dice it holds whenever it calls Cubo."""

    def __init__(self, bot):
        self.bot = bot
        self.optima = []

    def act(self, state, player, now):
        a = self.bot.act(state, player, now)
        if a is not None and a[1] == CALL:
            self.optima.append(best_arrangement(state.grid(player))[0])
        return a


def test_the_countdown_catches_whoever_is_last_and_hard_plays_well():
    g = CuboState(2, 3)
    rec = Recorder(CuboBot("hard", 1))
    driver.play(g, [rec, Sleepy()])
    assert g.is_terminal()
    assert g.round_scores(1) == [0] * 6          # caught every round
    # the hard bot calls first and takes first, so its plan for the centre always
    # works: each round it scores at least the optimum of the dice it kept
    assert len(rec.optima) == 6
    for r in range(6):
        assert g.round_scores(0)[r] >= rec.optima[r]


def test_bots_think_before_acting_at_their_pace():
    for level in LEVELS:
        g = CuboState(2, 1)
        bot = CuboBot(level, 2)
        assert bot.act(g, 0, 0) is None          # reaction time
        lo = PARAMS[level]["react"] * (100 - PARAMS[level]["jitter"]) // 100
        assert bot.act(g, 0, lo - 1) is None
        hi = PARAMS[level]["react"] * (100 + PARAMS[level]["jitter"]) // 100
        assert bot.act(g, 0, hi) == (0, ROLL, hi)
    # the easy bot is slower than the hard one
    assert PARAMS["easy"]["swap"] > PARAMS["medium"]["swap"] > PARAMS["hard"]["swap"]


def test_local_search_and_moves():
    rng = Rng(4)
    for k in range(5 if MICRO else 40):
        g = [(rng.die(), "RB"[rng.below(2)]) for _ in range(9)]
        g[4] = (rng.die(), "W")
        s, h = local_search(g, False)
        assert s == score_grid(h) and sorted(h) == sorted(g) and h[4] == g[4]
        # a local optimum: no single swap improves it
        for a in (0, 1, 2, 3, 5, 6, 7, 8):
            for b in (0, 1, 2, 3, 5, 6, 7, 8):
                x = list(h)
                x[a], x[b] = x[b], x[a]
                assert score_grid(x) <= s
        assert s <= best_arrangement(g)[0]
        s3, h3 = local_search(g, False, 3, Rng(k))
        assert score_grid(h3) == s3 and score_grid(g) <= s3
        # next_swap reaches any target in at most 7 swaps
        cur = list(g)
        target = best_arrangement(g)[1]
        steps = 0
        while True:
            mv = next_swap(cur, target)
            if mv is None:
                break
            i, j = mv
            assert i < j and 4 not in mv
            cur[i], cur[j] = cur[j], cur[i]
            steps += 1
            assert steps <= 7
        assert cur == target


def test_reroll_values_grow_with_more_rerolls_to_come():
    opts = CuboState.DEFAULT_OPTIONS
    last = 0
    for m in range(8):
        w = stop_value(opts, "RRRRBBBB", m)
        assert w >= last
        last = w
    w0 = stop_value(opts, "RRRRBBBB", 0)
    assert 54 < w0 < 64, w0                  # quarter points: the mean best of a 4R+4B roll
    assert stop_value(opts, "RRRRRRRR", 0) > w0   # one colour doubles more lines
    assert stop_value(dict(opts, runs_any_order=True), "RRRRBBBB", 0) > w0


def test_no_bot_rerolls_after_a_call():
    g = CuboState(4, 12)
    agents = bots_for(("easy", "medium", "hard", "hard"), 9)
    log = driver.play(g, agents)
    called = set()
    for a in log:
        if a[1] == CALL:
            called.add(a[0])
        if a[1] == ROLL:
            called = set()          # a new round
        if a[1] == REROLL:
            assert not called, a


def test_unknown_level():
    try:
        CuboBot("expert")
        assert False
    except ValueError:
        pass


# crc32 of whole bot games' action logs (see _game_digest) as the bots played them before
# their device speed-up (issue 14: inlined scoring, no validation on the bots' paths, the
# solver's floor and kept plan grids): the decisions and their timing must stay the same.
# Games: seed s, 2 + s % 3 players, levels cycling from s, options OPTS[s % 4].
BEFORE = [1444975907, 3816950608, 3761222016, 3718871758, 2119025050, 876415438,
          2381330596, 2017591457, 1755071883, 2738320546, 2534862586, 64354643,
          2812021583, 3184271078, 1441130859, 3193805669, 2666855838, 3991516411,
          1561530737, 2719269672, 1774954803, 745554288, 4058604226, 128473302]
OPTS = ({}, {"runs_any_order": True}, {"yellow": True},
        {"yellow": True, "runs_any_order": True, "keep_swaps": False})


def _game_digest(seed):
    from shared_rules.crc32 import crc32
    n = 2 + seed % 3
    levels = [LEVELS[(seed + i) % 3] for i in range(n)]
    g = CuboState(n, seed, OPTS[seed % 4])
    log = driver.play(g, bots_for(levels, seed))
    text = "[" + ", ".join("[" + ", ".join(str(x) for x in a) + "]" for a in log) + "]"
    return crc32(text.encode()) & 0xFFFFFFFF


def test_decisions_are_the_ones_before_the_speed_up():
    for seed in range(8 if MICRO else len(BEFORE)):
        assert _game_digest(seed) == BEFORE[seed], seed


def test_a_floor_only_cuts_the_search_short():
    from shared_rules.cubo.score import solve_codes, _solve, _rebuild, _tables, _C, _BEST
    rng = Rng(21)
    for k in range(10 if MICRO else 120):
        codes = [rng.below(12) for _ in range(8)]
        j = rng.below(7)
        anyo = k % 2 == 1
        best = solve_codes(codes, j, anyo)
        grid = _rebuild(_tables(anyo)[0], j)
        kept = (_C[:], _BEST[:])
        for floor in (best - 3, best - 1, best, best + 2):
            s = solve_codes(codes, j, anyo, floor)
            assert s == (best if best > floor else floor), (codes, j, floor)
            if best > floor:   # the same optimum found: the same grid
                assert _rebuild(_tables(anyo)[0], j) == grid
        _solve([0] * 8, 1, anyo)   # another solve in between: the kept copy, put back,
        _C[:] = kept[0]            # rebuilds the same grid
        _BEST[:] = kept[1]
        assert _rebuild(_tables(anyo)[0], j) == grid
