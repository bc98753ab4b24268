"""Cubo scoring and the solver: the sheet's examples, 54, symmetries, brute force, errors.

MicroPython subset (runs under CPython and real MicroPython)."""
import sys

from shared_rules.cubo.rules import (score_grid, best_arrangement, best_swap, line_scores,
                               best_c_value, score_named, LINES, MAX_SCORE)
from shared_rules.cubo.ref import brute_best
from shared_rules.rng import Rng

MICRO = sys.implementation.name == "micropython"


def grid_of(text):
    """'4R 5B 6R / 1B 3W 2R / ...' -> a grid (rows separated by '/')."""
    cells = []
    for tok in text.replace("/", " ").split():
        v = tok[:-1]
        cells.append((0 if v == "C" else int(v), tok[-1]))
    assert len(cells) == 9
    return cells


def points(grid, any_order=False):
    return [ls[3] for ls in line_scores(grid, any_order)]


def test_sheet_run_worth_6():
    # a run 4-5-6 in mixed colours across the top row: worth its highest value
    g = grid_of("4R 5B 6R / 1B 3W 1R / 1B 1R 2B")
    ls = line_scores(g)
    assert ls[0] == ("run", 6, False, 6)
    assert score_grid(g) == 6 + 0 + 0 + 0 + 0 + 0


def test_sheet_set_worth_3_and_single_colour_set_worth_6():
    g = grid_of("3R 3B 3R / 1B 6W 1R / 2B 5R 2B")
    assert line_scores(g)[0] == ("set", 3, False, 3)
    assert score_grid(g) == 3
    g = grid_of("3R 3R 3R / 1B 6W 1R / 2B 5R 2B")
    assert line_scores(g)[0] == ("set", 3, True, 6)
    assert score_grid(g) == 6


def test_runs_read_along_the_line_in_either_direction():
    for row, want in (("2R 3B 4R", 4), ("4R 3B 2R", 4), ("3R 2B 4R", 0), ("1R 2R 3R", 6)):
        g = grid_of(row + " / 6B 1W 6R / 6B 1R 5B")
        assert points(g)[0] == want, (row, points(g))
    # any-order runs: 3-2-4 is a run worth 4
    g = grid_of("3R 2B 4R / 6B 1W 6R / 6B 1R 5B")
    assert points(g, True)[0] == 4
    assert score_grid(g, True) >= 4 and score_grid(g) == score_grid(g, False)


def test_joker_takes_either_colour_in_each_of_its_lines():
    # middle row red around the joker, middle column blue: both double
    g = grid_of("1R 2B 1R / 2R 3W 4R / 1B 4B 1B")
    ls = line_scores(g)
    assert ls[1] == ("run", 4, True, 8)   # 2R-3W-4R
    assert ls[4] == ("run", 4, True, 8)   # 2B-3W-4B
    assert score_grid(g) == 16


def test_highest_possible_round_score_is_54():
    dice = [(6, "R")] * 4 + [(6, "B")] * 4 + [(6, "W")]
    score, grid = best_arrangement(dice)
    assert score == MAX_SCORE == 54
    assert score_grid(grid) == 54
    # a joker of 5 cannot do better than sixes
    assert best_arrangement([(6, "R")] * 4 + [(6, "B")] * 4 + [(5, "W")])[0] < 54
    # random 4R+4B rolls never beat it
    rng = Rng(54)
    for _ in range(20 if MICRO else 200):
        dice = [(rng.die(), "R") for _ in range(4)] + [(rng.die(), "B") for _ in range(4)]
        dice.append((rng.die(), "W"))
        assert best_arrangement(dice)[0] <= 54


def test_one_colour_can_reach_72_when_swaps_are_kept():
    # keep_swaps lets a player collect one colour: then every line can double
    dice = [(6, "R")] * 8 + [(6, "Y")]
    assert best_arrangement(dice)[0] == 72


SYMS = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
    (6, 3, 0, 7, 4, 1, 8, 5, 2),   # rotate 90
    (8, 7, 6, 5, 4, 3, 2, 1, 0),   # rotate 180
    (2, 5, 8, 1, 4, 7, 0, 3, 6),   # rotate 270
    (2, 1, 0, 5, 4, 3, 8, 7, 6),   # mirror left-right
    (6, 7, 8, 3, 4, 5, 0, 1, 2),   # mirror top-bottom
    (0, 3, 6, 1, 4, 7, 2, 5, 8),   # transpose
    (8, 5, 2, 7, 4, 1, 6, 3, 0),   # anti-transpose
)


def random_grid(rng, joker="W"):
    g = [(rng.die(), "RB"[rng.below(2)]) for _ in range(9)]
    v = rng.die()
    if joker == "Y" and v == 1:
        v = 0
    g[4] = (v, joker)
    return g


def test_score_unchanged_under_the_8_symmetries():
    rng = Rng(8)
    for k in range(30 if MICRO else 300):
        g = random_grid(rng, "WY"[k & 1])
        for any_order in (False, True):
            s = score_grid(g, any_order)
            for sym in SYMS:
                assert score_grid([g[i] for i in sym], any_order) == s


def test_line_scores_add_up_to_score_grid():
    rng = Rng(5)
    for k in range(30 if MICRO else 300):
        g = random_grid(rng, "WY"[k & 1])
        for any_order in (False, True):
            assert sum(points(g, any_order)) == score_grid(g, any_order)
            assert len(line_scores(g, any_order)) == len(LINES) == 6


def roll(rng, joker="W", c_face=False):
    dice = [(rng.die(), "RB"[rng.below(2)]) for _ in range(8)]
    v = rng.die()
    if joker == "Y" and (c_face or v == 1):
        v = 0
    dice.append((v, joker))
    rng.shuffle(dice)
    return dice


def test_solver_matches_brute_force():
    rng = Rng(2024)
    n = 2 if MICRO else 8
    for k in range(n):
        dice = roll(rng, "WY"[k & 1], c_face=(k % 4 == 3))
        any_order = k % 3 == 2
        score, grid = best_arrangement(dice, any_order)
        assert score == brute_best(dice, any_order), dice
        assert score_grid(grid, any_order) == score
        assert grid[4] in dice and sorted(grid) == sorted(dice)


def test_solver_result_is_a_valid_grid_of_the_same_dice():
    rng = Rng(77)
    for k in range(10 if MICRO else 100):
        dice = roll(rng, "WY"[k & 1])
        for any_order in (False, True):
            score, grid = best_arrangement(dice, any_order)
            assert grid[4][1] in "WY"
            assert sorted(grid) == sorted(dice)
            assert score_grid(grid, any_order) == score
            assert 0 <= score <= 72


def test_yellow_c_takes_its_best_value_or_the_named_one():
    # C between 3R and 5R in the middle row and 3B/5B in the column: best is 4 (two runs)
    g = grid_of("1R 3B 2B / 3R CY 5R / 6R 5B 2R")
    assert best_c_value(g) == 4
    assert score_grid(g) == score_named(g, 4) == 10 + 10
    assert score_named(g, 3) < score_grid(g)
    assert line_scores(g, False, 3)[1][0] is None
    # a plain face is its own value
    assert best_c_value(grid_of("1R 3B 2B / 3R 4Y 5R / 6R 5B 2R")) == 4


def test_best_swap_matches_trying_every_cell():
    rng = Rng(11)
    for k in range(10 if MICRO else 100):
        g = random_grid(rng, "WY"[k & 1])
        d = (rng.die(), "RB"[rng.below(2)])
        score, where = best_swap(g, d)
        base = score_grid(g)
        best = base
        cell = None
        for i in (0, 1, 2, 3, 5, 6, 7, 8):
            h = list(g)
            h[i] = d
            s = score_grid(h)
            if s > best:
                best = s
                cell = i
        assert (score, where) == (best, cell)
        if where is None:
            assert score == base


def test_best_swap_example():
    # taking a red 6 completes the 4-5-6 red top row
    g = grid_of("4R 5R 1B / 2B 3W 1R / 1B 2R 2B")
    assert score_grid(g) == 0
    assert best_swap(g, (6, "R")) == (12, 2)
    # nothing helps: None
    g = grid_of("6R 6R 6R / 6R 6W 6R / 6B 6B 6B")
    assert best_swap(g, (1, "B")) == (score_grid(g), None)


def raises(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    assert False, "no ValueError for %r" % (args,)


def test_malformed_input_raises_value_error_with_a_message():
    good = grid_of("4R 5B 6R / 1B 3W 1R / 1B 1R 2B")
    assert "9" in raises(score_grid, good[:8])
    assert "centre" in raises(score_grid, [good[4]] + good[1:4] + [good[0]] + good[5:])
    assert "range" in raises(score_grid, good[:8] + [(7, "B")])
    assert "range" in raises(score_grid, [(0, "R")] + good[1:])
    assert "colour" in raises(score_grid, good[:8] + [(2, "G")])
    assert "joker" in raises(score_grid, good[:4] + [(3, "R")] + good[5:])
    assert "pair" in raises(score_grid, good[:8] + [5])
    assert "integer" in raises(score_grid, good[:8] + [("2", "R")])
    dice = good[:4] + good[5:] + [good[4]]
    assert "9" in raises(best_arrangement, dice[:8])
    assert "joker" in raises(best_arrangement, dice[:8] + [(2, "R")])
    assert "joker" in raises(best_arrangement, dice[:7] + [(2, "W"), (2, "Y")])
    assert "range" in raises(best_arrangement, dice[:8] + [(0, "W")])
    assert "red or blue" in raises(best_swap, good, (3, "W"))
    assert "colour" in raises(best_swap, good, (3, "X"))
    assert "named" in raises(score_named, grid_of("1R 3B 2B / 3R CY 5R / 6R 5B 2R"), 7)
    # lists (as from JSON) are accepted as dice
    assert score_grid([list(d) for d in good]) == score_grid(good)
