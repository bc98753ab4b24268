"""Cubo property tests (hypothesis, CPython): scoring against an independent reading of the
rules, the solver against brute force, best_swap, and invariants of random play."""
import json
from itertools import permutations

from hypothesis import given, settings, strategies as st, HealthCheck

from shared_rules import driver
from shared_rules.cubo.rules import (CuboState, score_grid, best_arrangement, best_swap,
                               line_scores, best_c_value, score_named, OUTER)
from shared_rules.cubo.ref import brute_best

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

die = st.tuples(st.integers(1, 6), st.sampled_from("RB"))
joker = st.one_of(st.tuples(st.integers(1, 6), st.just("W")),
                  st.tuples(st.integers(0, 6), st.just("Y")))
c_joker = st.tuples(st.just(0), st.just("Y"))


@st.composite
def grids(draw, jokers=joker):
    cells = draw(st.lists(die, min_size=8, max_size=8))
    return cells[:4] + [draw(jokers)] + cells[4:]


@st.composite
def rolls(draw, jokers=joker):
    dice = draw(st.lists(die, min_size=8, max_size=8)) + [draw(jokers)]
    return draw(st.permutations(dice))


# -- an independent scorer, straight from the rules file ------------------------------

def rules_line(vals, cols, any_order):
    a, b, c = vals
    if a == b == c:
        worth = a
    elif any_order and sorted(vals) in ([1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]):
        worth = max(vals)
    elif not any_order and (b - a, c - b) in ((1, 1), (-1, -1)):
        worth = max(vals)
    else:
        return 0
    return worth * 2 if len(set(cols)) == 1 else worth


def rules_score(grid, any_order, c_value=None):
    j = grid[4][0]
    values = [c_value] if (j == 0 and c_value) else ([1, 2, 3, 4, 5, 6] if j == 0 else [j])
    best = 0
    for jv in values:
        total = 0
        for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)):
            vals = [jv if i == 4 else grid[i][0] for i in line]
            cols = [grid[i][1] for i in line if i != 4]   # the joker takes either colour
            total += rules_line(vals, cols, any_order)
        best = max(best, total)
    return best


SYMS = ((0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0),
        (2, 5, 8, 1, 4, 7, 0, 3, 6), (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
        (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0))


@FAST
@given(grids(), st.booleans())
def test_score_matches_the_rules_and_the_symmetries(grid, any_order):
    s = score_grid(grid, any_order)
    assert s == rules_score(grid, any_order)
    assert s == sum(ls[3] for ls in line_scores(grid, any_order))
    for sym in SYMS:
        assert score_grid([grid[i] for i in sym], any_order) == s


@FAST
@given(grids(c_joker), st.booleans(), st.integers(1, 6))
def test_c_face_named_and_best(grid, any_order, v):
    assert score_named(grid, v, any_order) == rules_score(grid, any_order, v)
    best = best_c_value(grid, any_order)
    assert score_named(grid, best, any_order) == score_grid(grid, any_order)


@SLOW
@given(rolls(), st.booleans())
def test_solver_equals_brute_force(dice, any_order):
    score, grid = best_arrangement(dice, any_order)
    assert score == brute_best(dice, any_order)
    assert score_grid(grid, any_order) == score
    assert sorted(grid) == sorted(dice) and grid[4][1] in "WY"


@FEW
@given(rolls(c_joker), st.booleans())
def test_solver_equals_brute_force_with_a_c_face(dice, any_order):
    score, grid = best_arrangement(dice, any_order)
    assert score == brute_best(dice, any_order)
    assert score_grid(grid, any_order) == score


@settings(max_examples=3, deadline=None)
@given(rolls(), st.booleans())
def test_solver_equals_an_independent_brute_force(dice, any_order):
    # every placement, scored by the rules-file scorer above (slow: few examples)
    coloured = [d for d in dice if d[1] in "RB"]
    jk = [d for d in dice if d[1] in "WY"][0]
    best = 0
    for p in set(permutations(coloured)):
        g = list(p[:4]) + [jk] + list(p[4:])
        best = max(best, rules_score(g, any_order))
    assert best_arrangement(dice, any_order)[0] == best


@FAST
@given(grids(), die, st.booleans())
def test_best_swap_is_optimal(grid, taken, any_order):
    score, where = best_swap(grid, taken, any_order)
    base = rules_score(grid, any_order)
    options = [(base, None)]
    for i in OUTER:
        g = list(grid)
        g[i] = taken
        options.append((rules_score(g, any_order), i))
    best = max(s for s, _ in options)
    assert score == best
    if where is None:
        assert base == best
    else:
        assert base < best and where == min(i for s, i in options if s == best and i is not None)


def check_invariants(g):
    held = sum(1 for d in g.centre if d is not None)
    held += sum(1 for p in range(g.num_players) if g.taken_die[p] is not None)
    assert held == 4
    reds = 0
    for p in range(g.num_players):
        if g.grids[p] is not None:
            assert g.grids[p][4][1] in "WY"
            reds += sum(1 for i in OUTER if g.grids[p][i][1] == "R")
        else:
            reds += g.colours[p].count("R")
        if g.taken_die[p] is not None:
            reds += g.taken_die[p][1] == "R"
    reds += sum(1 for d in g.centre if d is not None and d[1] == "R")
    return reds


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2 ** 30), st.booleans(), st.booleans(),
       st.booleans(), st.integers(1, 6))
def test_random_play_keeps_the_dice_and_snapshots_sound(n, seed, keep, anyo, yellow, crep):
    opts = {"keep_swaps": keep, "runs_any_order": anyo, "yellow": yellow,
            "yellow_c_replaces": crep}
    g = CuboState(n, seed, opts)
    agents = [driver.RandomAgent(seed + i) for i in range(n)]
    reds = check_invariants(g)
    now = 0
    log = []
    k = 0
    while not g.is_terminal():
        if driver.step(g, agents, now, log) == 0:
            now += 50
        r = check_invariants(g)
        if keep:
            assert r == reds
        k += 1
        if k % 97 == 0:
            d = g.to_dict()
            assert CuboState.from_dict(json.loads(json.dumps(d))).to_dict() == d
    assert sum(g.scores()) == sum(sum(g.round_scores(p)) for p in range(n))
    assert driver.replay(CuboState, n, seed, opts, log).to_dict() == g.to_dict()


class Sleepy:
    def act(self, state, player, now):
        return None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["easy", "medium", "hard", "random", "sleepy"]),
                min_size=2, max_size=4),
       st.integers(0, 2 ** 30), st.booleans(), st.booleans(), st.booleans())
def test_bots_never_act_illegally(kinds, seed, keep, anyo, yellow):
    from shared_rules.cubo.bots import CuboBot
    if kinds.count("sleepy") > 1:
        return   # the countdown waits for all but one to call: two idle players stall it
    opts = {"keep_swaps": keep, "runs_any_order": anyo, "yellow": yellow}
    agents = []
    for i, k in enumerate(kinds):
        if k == "random":
            agents.append(driver.RandomAgent(seed + i))
        elif k == "sleepy":
            agents.append(Sleepy())
        else:
            agents.append(CuboBot(k, seed + i))
    g = CuboState(len(kinds), seed, opts)
    log = driver.play(g, agents)      # an illegal action would raise
    assert g.is_terminal()
    for i, k in enumerate(kinds):
        if k == "sleepy":
            assert g.round_scores(i) == [0] * 6
    assert driver.replay(CuboState, len(kinds), seed, opts, log).scores() == g.scores()


def test_the_line_tables_are_what_their_generator_writes():
    # tools/cubo_lines.py writes them: re-run it after changing how a line scores
    from tools import cubo_lines
    from shared_rules.cubo.score import _tables
    for any_order in (False, True):
        with open(cubo_lines.path(any_order)) as f:
            assert f.read() == cubo_lines.source(any_order), cubo_lines.path(any_order)
        assert _tables(any_order) == cubo_lines.build(any_order)
