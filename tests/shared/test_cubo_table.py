"""Cubo table mode's rules state (shared_rules.cubo.table): rounds, entry order, the centre
dice, corrections, keep_swaps, snapshots and records (CPython and MicroPython)."""
import json

from shared_rules.game import IllegalAction, TERMINAL
from shared_rules.rng import Rng
from shared_rules import driver, registry, verify
from shared_rules.cubo.score import score_grid, score_named
from shared_rules.cubo.table import (CuboTableState, REROLL, FLIP, GRID, POINTS, FORFEIT,
                                     UNDO, KEEP, ROUNDS, SHOW, SIGNAL, STOP)

try:
    from hypothesis import given, settings, strategies as st
except ImportError:  # MicroPython: the seeded version below covers the property
    given = None

# 4 red corners-and-middle, 4 blue: rows 6-5-4 / 3-J-3 / 4-5-6
GRID_A = [(6, "R"), (5, "B"), (4, "R"), (3, "B"), (6, "W"), (3, "B"), (4, "R"), (5, "B"),
          (6, "R")]


def refused(state, action, words=""):
    before = state.to_dict()
    try:
        state.apply(action)
    except IllegalAction as e:
        assert words.lower() in str(e).lower(), (action, str(e))
        assert state.to_dict() == before
        return
    assert False, "accepted %r" % (action,)


def test_registered_with_its_title():
    assert registry.game_class("cubo_table") is CuboTableState
    assert CuboTableState.TITLE == "Cubo (table)"
    s = CuboTableState(2)
    assert s.options == {"keep_swaps": True, "runs_any_order": False, "yellow": False}
    for n in (1, 5):
        try:
            CuboTableState(n)
            assert False
        except ValueError:
            pass


def test_a_whole_game_rotates_the_start_player_and_ends_after_six_rounds():
    s = CuboTableState(3, seed=4)
    log = []
    expected = [0, 0, 0]
    for r in range(ROUNDS):
        assert s.round == r and s.start == r % 3
        assert s.current_player() == r % 3
        for k in range(3):
            p = s.current_player()
            assert p == (r + k) % 3
            if k == 0:
                a = s.grid_action(GRID_A, 0, 1)  # take slot 0, swap it into cell 1
                pts = s.grid_entry(a)[3]
            elif k == 1:
                a = (p, POINTS, 10 + r)
                pts = 10 + r
            else:
                a = (p, FORFEIT, 0)
                pts = 0
            s.apply(a)
            log.append(a)
            expected[p] += pts
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.scores() == expected == [sum(h) for h in s.history]
    assert all(len(h) == ROUNDS for h in s.history)
    assert s.legal_actions(0) == []
    refused(s, (0, POINTS, 3), "over")
    rec = {"game": "cubo_table", "players": ["A", "B", "C"], "actions": log,
           "scores": s.scores(), "seed": 4, "options": s.options}
    assert verify.verify(rec) == (True, "")
    rec["scores"] = [1, 2, 3]
    assert not verify.verify(rec)[0]


def test_a_grid_entry_takes_swaps_and_scores():
    s = CuboTableState(2, seed=1)
    centre = list(s.centre)
    a = s.grid_action(GRID_A, 2, 1)
    assert a[1] == GRID and len(a) == 15
    s.apply(a)
    e = s.last_entry()
    want = list(GRID_A)
    want[1] = centre[2]
    assert e[1] == want and e[3] == score_grid(want)
    assert s.history[0] == [score_grid(want)] and s.taken_slots() == [2]
    assert len(s.breakdown(e)) == 6
    # keeping the taken die: the grid scores as entered
    s.apply(s.grid_action(GRID_A, 0, None))
    assert s.history[1] == [score_grid(GRID_A)]


def test_illegal_actions_are_refused_and_change_nothing():
    s = CuboTableState(3, seed=2, options={"keep_swaps": False})
    refused(s, (1, POINTS, 5), "turn")
    refused(s, (0, 99, 0), "kind")
    refused(s, (0, POINTS), "short")
    refused(s, (0, POINTS, 5, 1), "items")
    refused(s, (0, POINTS, 55), "0-54")
    refused(s, (0, POINTS, -1), "0-54")
    refused(s, (0, REROLL, 1), "0")
    refused(s, (0, FORFEIT, 2), "0")
    refused(s, (0, FLIP, 4), "slot")
    refused(s, (0, UNDO, 2), "no entry")
    bad = list(GRID_A)
    bad[0] = (7, "R")
    refused(s, s.grid_action(bad), "out of range")
    bad = list(GRID_A)
    bad[4] = (0, "W")
    refused(s, s.grid_action(bad), "out of range")
    bad = list(GRID_A)
    bad[1] = (5, "R")
    refused(s, s.grid_action(bad), "4 red and 4 blue")
    a = list(s.grid_action(GRID_A))
    a[11] |= 16
    refused(s, tuple(a), "joker")
    refused(s, s.grid_action(GRID_A, 0, 4), "joker")
    refused(s, s.grid_action(GRID_A, 0, 9 + 1), "cell")
    refused(s, s.grid_action(GRID_A, 5, 0), "slot")
    refused(s, s.grid_action(GRID_A, None, 0), "nothing to swap")
    refused(s, s.grid_action(GRID_A, 0, 0, 3), "only a c face")
    s.apply(s.grid_action(GRID_A, 1, 0))
    refused(s, s.grid_action(GRID_A, 1, 0), "already taken")
    refused(s, (1, REROLL, 0), "first entry")
    refused(s, (1, FLIP, 0), "first entry")
    refused(s, (1, UNDO, 2), "player 0")


def test_the_c_face_must_be_named():
    s = CuboTableState(2, seed=3, options={"yellow": True})
    g = list(GRID_A)
    g[4] = (0, "Y")
    refused(s, s.grid_action(g), "1-6")
    refused(s, s.grid_action(g, None, None, 7), "1-6")
    assert "yellow" in s.grid_problem(GRID_A)  # a white joker in a yellow game
    s.apply(s.grid_action(g, None, None, 6))
    assert s.history[0] == [score_named(g, 6)]


def test_a_correction_takes_back_the_entry_and_its_centre_die():
    s = CuboTableState(3, seed=5)
    s.apply(s.grid_action(GRID_A, 3, 0))
    s.apply((1, POINTS, 20))
    assert s.totals[1] == 20 and s.current_player() == 2
    assert (2, UNDO, 1) in s.legal_actions()
    s.apply((2, UNDO, 1))
    assert s.current_player() == 1 and s.totals[1] == 0 and s.history[1] == []
    s.apply((1, UNDO, 0))
    assert s.current_player() == 0 and s.totals == [0, 0, 0] and s.taken_slots() == []
    assert s.legal_actions()[0] == (0, REROLL, 0)  # the centre may change again
    s.apply(s.grid_action(GRID_A, 3, None))
    assert s.taken_slots() == [3]


def test_the_centre_rerolls_and_flips_only_before_entries():
    s = CuboTableState(2, seed=8)
    t = CuboTableState(2, seed=8)
    assert s.centre == t.centre and [d[1] for d in s.centre] == ["R", "R", "B", "B"]
    s.apply((0, FLIP, 1))
    assert [d[1] for d in s.centre] == ["R", "B", "B", "B"]
    values = [d[0] for d in s.centre]
    for _ in range(5):
        s.apply((0, REROLL, 0))
        assert [d[1] for d in s.centre] == ["R", "B", "B", "B"]
        if [d[0] for d in s.centre] != values:
            break
    else:
        assert False, "five rerolls gave the same dice"
    s.apply((0, FORFEIT, 0))
    refused(s, (1, REROLL, 0), "first entry")
    assert [a[1] for a in s.legal_actions()].count(FLIP) == 0


def test_keep_swaps_the_centre_keeps_what_came_back():
    s = CuboTableState(2, seed=6)
    # centre RRBB: player 0 takes red slot 0 and swaps out a blue; player 1 takes blue
    # slot 3 and keeps it (it goes back)
    s.apply(s.grid_action(GRID_A, 0, 1))
    s.apply(s.grid_action(GRID_A, 3, None))
    assert s.round == 1
    assert [d[1] for d in s.centre] == ["R", "B", "B", "B"]  # untaken R, B, then B, B back
    # a points entry takes nothing; a flip carries over
    s.apply((1, FLIP, 0))
    s.apply((1, POINTS, 3))
    s.apply((0, FORFEIT, 0))
    assert [d[1] for d in s.centre] == ["B", "B", "B", "B"]


def test_without_keep_swaps_every_round_starts_from_two_and_two():
    s = CuboTableState(2, seed=6, options={"keep_swaps": False})
    s.apply((0, FLIP, 0))
    s.apply(s.grid_action(GRID_A, 0, 1))
    s.apply(s.grid_action(GRID_A, 3, None))
    assert [d[1] for d in s.centre] == ["R", "R", "B", "B"]


def random_grid(rng, keep_swaps=True, yellow=False):
    cols = ["R"] * 4 + ["B"] * 4
    if keep_swaps:
        cols = ["R" if rng.below(2) else "B" for _ in range(8)]
    rng.shuffle(cols)
    g = [(rng.die(), c) for c in cols]
    joker = (rng.below(7), "Y") if yellow else (rng.die(), "W")
    return g[:4] + [joker] + g[4:]


def random_entry(s, rng):
    """A random legal action of the current player, grids included."""
    p = s.current_player()
    if rng.below(3):
        o = s.options
        g = random_grid(rng, o["keep_swaps"], o["yellow"])
        free = [k for k in range(4) if k not in s.taken_slots()]
        slot = rng.choice(free + [None])
        cell = None if slot is None else rng.choice([0, 1, 2, 3, 5, 6, 7, 8, None])
        named = 1 + rng.below(6) if g[4][0] == 0 else 0
        return s.grid_action(g, slot, cell, named)
    return rng.choice(s.legal_actions(p))


def play_randomly(seed, players, options):
    """(state, log, points entered per player) of a random game, checking as it goes."""
    rng = Rng(seed)
    s = CuboTableState(players, seed, options)
    log = []
    entered = [[] for _ in range(players)]
    while not s.is_terminal():
        a = random_entry(s, rng)
        if a[1] == GRID:
            pts = s.grid_entry(a)[3]
        s.apply(a)
        log.append(a)
        if a[1] == GRID:
            entered[a[0]].append(pts)
        elif a[1] == POINTS:
            entered[a[0]].append(a[2])
        elif a[1] == FORFEIT:
            entered[a[0]].append(0)
        elif a[1] == UNDO:
            entered[a[2]].pop()
        assert s.totals == [sum(e) for e in entered]
    return s, log, entered


def check_random_game(seed, players, options):
    s, log, entered = play_randomly(seed, players, options)
    assert s.scores() == [sum(e) for e in entered]
    assert all(len(e) == ROUNDS for e in entered)
    again = driver.replay(CuboTableState, players, seed, options, log)
    assert again.to_dict() == s.to_dict()


def test_totals_are_the_sum_of_the_entries_seeded():
    for seed in range(6):
        opts = {"keep_swaps": seed % 2 == 0, "yellow": seed % 3 == 0,
                "runs_any_order": seed % 4 == 1}
        check_random_game(seed, 2 + seed % 3, opts)


if given is not None:
    @given(st.integers(0, 2 ** 30), st.integers(2, 4), st.booleans(), st.booleans(),
           st.booleans())
    @settings(max_examples=60, deadline=None)
    def test_totals_are_the_sum_of_the_entries(seed, players, keep, yellow, any_order):
        check_random_game(seed, players, {"keep_swaps": keep, "yellow": yellow,
                                          "runs_any_order": any_order})


def test_snapshot_round_trips_mid_round():
    s = CuboTableState(3, seed=12, options={"yellow": True})
    s.apply((0, FLIP, 2))
    s.apply(s.grid_action(GRID_A[:4] + [(0, "Y")] + GRID_A[5:], 1, 3, 4))
    s.apply((1, POINTS, 17))
    data = json.loads(json.dumps(s.to_dict()))
    t = CuboTableState.from_dict(data)
    assert t.to_dict() == s.to_dict()
    for a in ((2, FORFEIT, 0), (1, REROLL, 0), (1, POINTS, 9)):
        s.apply(a)
        t.apply(a)
    assert t.to_dict() == s.to_dict() and t.centre == s.centre
    try:
        CuboTableState.from_dict(dict(data, game="cubo"))
        assert False
    except ValueError:
        pass


def test_random_agents_finish_a_game():
    s = CuboTableState(4, seed=3)
    log = driver.play(s, [driver.RandomAgent(i) for i in range(4)])
    assert s.is_terminal() and all(a[1] != GRID for a in log)
    assert driver.replay(CuboTableState, 4, 3, None, log).scores() == s.scores()


def test_the_rounds_stage_is_saved_by_show_signal_and_stop():
    s = CuboTableState(2, seed=4)
    assert s.stage == 0 and (0, SHOW, 0) in s.legal_actions()
    refused(s, (0, SIGNAL, 0), "stage")
    s.apply((0, SHOW, 0))
    refused(s, (0, SHOW, 0), "stage")
    refused(s, (0, SHOW, 1), "ends with 0")
    s.apply((0, FLIP, 2))                      # the centre may still be matched
    s.apply((0, SIGNAL, 0))
    s.apply((0, STOP, 0))
    assert s.stage == 3 and not [a for a in s.legal_actions() if a[1] in (SHOW, SIGNAL, STOP)]
    copy = CuboTableState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert copy.stage == 3
    s.apply((0, POINTS, 5))
    refused(s, (1, STOP, 0), "entries")
    s.apply((1, POINTS, 6))
    assert s.round == 1 and s.stage == 0       # a new round starts hidden
    old = CuboTableState(2, seed=4)            # a journal without them replays alike
    old.apply((0, FLIP, 2))
    old.apply((0, POINTS, 5))
    old.apply((1, POINTS, 6))
    assert old.totals == s.totals and old.centre == s.centre
