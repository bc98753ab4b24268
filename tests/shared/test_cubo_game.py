"""Cubo as a game: every rule of the round, options, snapshots, whole games.

MicroPython subset (runs under CPython and real MicroPython)."""
import json

from shared_rules.game import IllegalAction, SYSTEM, SIMULTANEOUS, TERMINAL
from shared_rules import driver
from shared_rules.cubo import rules as C
from shared_rules.cubo.rules import (CuboState, ROLL, REROLL, SWAP, ARRANGE, CALL, TAKE, EXPIRE,
                               EXCHANGE, KEEP, NAME, PLAY, SCORING, OVER, WAITING,
                               ARRANGING, CALLED, FINISHED, FORFEIT, COUNTDOWN_MS,
                               score_grid, best_arrangement, pack_arrangement)


class Dice:
    """Stands in for the state's Rng: hands out scripted dice, then 1s."""

    def __init__(self, seq=()):
        self.seq = list(seq)
        self.state = 0

    def die(self):
        return self.seq.pop(0) if self.seq else 1


def illegal(g, action, words=None):
    before = g.to_dict()
    try:
        g.apply(action)
    except IllegalAction as e:
        assert g.to_dict() == before
        if words:
            assert words in str(e), str(e)
        return str(e)
    assert False, "accepted %r" % (action,)


def held(g):
    """Centre dice in the centre plus those held by players: always 4."""
    n = sum(1 for d in g.centre if d is not None)
    return n + sum(1 for p in range(g.num_players) if g.taken_die[p] is not None)


def colour_count(g):
    """Red dice among players' grids/colours and the centre (conserved with keep_swaps)."""
    reds = 0
    for p in range(g.num_players):
        if g.grids[p] is not None:
            reds += sum(1 for i in C.OUTER if g.grids[p][i][1] == "R")
        else:
            reds += g.colours[p].count("R")
        if g.taken_die[p] is not None and g.taken_die[p][1] == "R":
            reds += 1
    reds += sum(1 for d in g.centre if d is not None and d[1] == "R")
    return reds


def two_player_called(centre=None):
    """A 2-player game where both rolled and P0 called at 1000; centre values given."""
    g = CuboState(2, 1)
    if centre:
        g.centre = [(centre[k], "RRBB"[k]) for k in range(4)]
    g.rng = Dice()
    g.apply((0, ROLL, 100))
    g.apply((1, ROLL, 150))
    g.apply((0, CALL, 1000))
    return g


def test_a_new_game():
    g = CuboState(3, 7)
    assert g.NAME == "cubo" and g.TITLE == "Cubo"
    assert g.phase == PLAY and g.current_player() == SIMULTANEOUS
    assert g.round == 0 and g.round_number() == 1 and g.start == 0
    assert sorted(d[1] for d in g.centre) == ["B", "B", "R", "R"]
    assert all(1 <= d[0] <= 6 for d in g.centre)
    assert g.actors() == (0, 1, 2)
    assert g.legal_actions(0, 5) == [(0, ROLL, 5)]
    assert g.scores() == [0, 0, 0]
    assert g.next_event_time() is None and g.system_action(10 ** 6) is None
    try:
        CuboState(1)
        assert False
    except ValueError:
        pass
    try:
        CuboState(5)
        assert False
    except ValueError:
        pass
    for bad in ({"yellow_c_replaces": 7}, {"keep_swaps": 2}, {"colour": 1}):
        try:
            CuboState(2, 0, bad)
            assert False, bad
        except ValueError:
            pass


def test_roll_puts_the_joker_in_the_centre_and_swaps_arrange():
    g = CuboState(2, 3)
    g.rng = Dice([1, 2, 3, 4, 5, 6, 1, 2, 3])
    g.apply((0, ROLL, 10))
    grid = g.grid(0)
    assert grid[4] == (3, "W")
    assert [grid[i] for i in C.OUTER] == [(1, "R"), (2, "R"), (3, "R"), (4, "R"),
                                         (5, "B"), (6, "B"), (1, "B"), (2, "B")]
    acts = g.legal_actions(0, 20)
    assert (0, REROLL, 20) in acts and (0, CALL, 20) in acts
    assert len([a for a in acts if a[1] == SWAP]) == 28
    g.apply((0, SWAP, 0, 8, 30))
    assert g.grid(0)[0] == (2, "B") and g.grid(0)[8] == (1, "R")
    illegal(g, (0, SWAP, 3, 4, 40), "joker")
    illegal(g, (0, SWAP, 5, 3, 40))
    illegal(g, (0, SWAP, 2, 2, 40))
    illegal(g, (0, ROLL, 40), "already rolled")
    illegal(g, (1, SWAP, 0, 1, 40), "roll first")
    # ARRANGE sets the whole grid: here the optimal one
    score, best = best_arrangement(g.grid(0))
    g.apply((0, ARRANGE, pack_arrangement(g.grid(0), best), 50))
    assert g.grid(0) == best and g.grid_score(0) == score
    illegal(g, (0, ARRANGE, 0, 60), "permutation")          # every cell from slot 0
    illegal(g, (0, ARRANGE, 1 << 24, 60), "permutation")
    s, hint_grid, act = g.hint(0, 70)
    assert s == score and act[1] == ARRANGE


def test_no_reroll_after_the_first_call():
    g = CuboState(3, 5)
    for p in range(3):
        g.apply((p, ROLL, 10 + p))
    g.apply((1, REROLL, 500))
    assert g.rolls(1) == 2
    g.apply((2, CALL, 900))
    illegal(g, (0, REROLL, 950), "first Cubo call")
    assert all(a[1] != REROLL for a in g.legal_actions(0, 950))
    # a player who had not rolled yet still rolls once
    h = CuboState(2, 5)
    h.apply((0, ROLL, 10))
    h.apply((0, CALL, 20))
    h.apply((1, ROLL, 30))
    illegal(h, (1, REROLL, 40))


def test_time_never_goes_backwards():
    g = CuboState(2, 1)
    g.apply((0, ROLL, 500))
    illegal(g, (1, ROLL, 499), "backwards")
    assert g.legal_actions(1, 100) == []
    g.apply((1, ROLL, 500))


def test_countdown_with_two_players_starts_at_the_first_call_and_forfeits():
    g = two_player_called()
    assert g.deadline == 1000 + COUNTDOWN_MS == g.next_event_time()
    assert g.countdown_left(4000) == 3000
    g.apply((0, TAKE, 2, 1200))
    assert g.status[0] == FINISHED and g.centre[2] is None and g.taken(0) is not None
    assert g.system_action(6999) is None
    illegal(g, (SYSTEM, EXPIRE, 6999), "countdown")
    illegal(g, (0, EXPIRE, 7000), "system")
    assert g.legal_actions(1, 7000) == []
    illegal(g, (1, CALL, 7000), "ran out")
    illegal(g, (1, SWAP, 0, 1, 7000), "ran out")
    ev = g.system_action(7000)
    assert ev == (SYSTEM, EXPIRE, 7000)
    g.apply(ev)
    assert g.status[1] == FORFEIT and g.taken(1) is None
    assert g.phase == SCORING and g.current_player() == 0
    g.apply((0, KEEP, 7100))
    # the forfeiting player scores 0 and takes nothing; the round is over
    assert g.round == 1 and g.round_scores(1) == [0]
    assert g.round_scores(0)[0] >= 0
    assert held(g) == 4 and g.start == 1


def test_last_player_calling_in_time_is_not_caught():
    g = two_player_called()
    g.apply((0, TAKE, 0, 1100))
    g.apply((1, CALL, 6999))
    assert g.deadline is None and g.system_action(10 ** 6) is None
    illegal(g, (1, TAKE, 0, 7000), "slot 0")
    g.apply((1, TAKE, 1, 7000))
    assert g.phase == SCORING


def test_countdown_with_three_players_starts_when_all_but_one_called():
    g = CuboState(3, 2)
    for p in range(3):
        g.apply((p, ROLL, 10))
    g.apply((0, CALL, 100))
    assert g.deadline is None
    g.apply((1, CALL, 300))
    assert g.deadline == 300 + COUNTDOWN_MS
    # callers take in calling order
    illegal(g, (1, TAKE, 0, 400), "called first")
    assert g.legal_actions(1, 400) == []
    assert g.actors() == (0, 2)
    g.apply((0, TAKE, 3, 400))
    g.apply((1, TAKE, 0, 410))
    assert held(g) == 4
    g.apply((2, CALL, 500))
    assert g.deadline is None
    g.apply((2, TAKE, 1, 600))
    assert g.phase == SCORING and g.scorer == 0


def test_scoring_swaps_only_into_the_vacated_cell_and_never_the_joker():
    g = two_player_called([4, 5, 6, 1])  # centre: 4R 5R 6B 1B
    assert g.centre == [(4, "R"), (5, "R"), (6, "B"), (1, "B")]
    g.apply((0, TAKE, 2, 1100))          # P0 takes 6B
    g.apply((1, CALL, 1200))
    g.apply((1, TAKE, 0, 1300))          # P1 takes 4R
    assert g.phase == SCORING and g.scorer == 0
    illegal(g, (1, KEEP, 1400), "scoring now")
    illegal(g, (0, EXCHANGE, 4, 1400), "joker")
    illegal(g, (0, NAME, 3, 1400), "nothing to name")
    illegal(g, (0, REROLL, 1400))
    before = g.grid(0)
    g.apply((0, EXCHANGE, 7, 1400))
    after = g.grid(0)
    assert after[7] == (6, "B")
    assert [after[i] for i in range(9) if i != 7] == [before[i] for i in range(9) if i != 7]
    assert before[7] in g.centre and held(g) == 4
    assert g.scorer == 1
    g.apply((1, KEEP, 1500))
    # the next round's centre: the 4 dice returned (5R, 1B, the swapped-out die, 4R)
    assert sorted(d[1] for d in g.centre) == sorted(["R", "B", before[7][1], "R"])
    assert g.round == 1 and g.history[0][0] == score_grid(after)


def test_centre_dice_and_colours_are_conserved_in_random_play():
    for seed in range(3):
        for keep in (True, False):
            g = CuboState(4, seed, {"keep_swaps": keep})
            agents = [driver.RandomAgent(seed * 7 + i) for i in range(4)]
            now = 0
            steps = 0
            reds = colour_count(g)
            while not g.is_terminal():
                if driver.step(g, agents, now) == 0:
                    now += 50
                assert held(g) == 4
                if keep:
                    assert colour_count(g) == reds
                steps += 1
                assert steps < 20000
            assert g.phase == OVER and g.current_player() == TERMINAL
            assert len(g.round_scores(0)) == 6


def test_keep_swaps_on_keeps_the_dice_off_resets_them():
    for keep in (True, False):
        g = two_player_called([2, 2, 2, 2])   # centre 2R 2R 2B 2B
        g.apply((0, TAKE, 2, 1100))           # P0 takes a blue 2
        g.apply((1, CALL, 1200))
        g.apply((1, TAKE, 3, 1300))           # P1 takes a blue 2
        g.options["keep_swaps"] = keep
        red_cell = [i for i in C.OUTER if g.grids[0][i][1] == "R"][0]
        g.apply((0, EXCHANGE, red_cell, 1400))
        g.apply((1, KEEP, 1500))
        if keep:
            assert g.colours[0].count("B") == 5 and g.colours[0].count("R") == 3
            assert sorted(d[1] for d in g.centre) == ["B", "R", "R", "R"]
            assert g.colours[1] == "RRRRBBBB"
        else:
            assert g.colours[0] == "RRRRBBBB"
            assert sorted(d[1] for d in g.centre) == ["B", "B", "R", "R"]


def test_yellow_c_must_be_named_before_scoring():
    g = CuboState(2, 4, {"yellow": True, "yellow_c_replaces": 1})
    # P0 rolls a C (face 1 on the yellow die), P1 a 5
    g.rng = Dice([3, 3, 3, 3, 5, 5, 5, 5, 1, 2, 2, 2, 2, 4, 4, 4, 4, 5])
    g.apply((0, ROLL, 10))
    g.apply((1, ROLL, 20))
    assert g.grid(0)[4] == (0, "Y") and g.grid(1)[4] == (5, "Y")
    g.apply((0, CALL, 100))
    g.apply((0, TAKE, 0, 110))
    g.apply((1, CALL, 200))
    g.apply((1, TAKE, 1, 210))
    g.apply((0, KEEP, 300))
    grid0 = g.grid(0)
    assert g.scorer == 0 and g.scoring_step() == C.STEP_NAME
    assert g.legal_actions(0, 300) == [(0, NAME, v, 300) for v in range(1, 7)]
    illegal(g, (0, NAME, 0, 310), "1-6")
    illegal(g, (0, NAME, 7, 310), "1-6")
    illegal(g, (0, KEEP, 310), "name")
    g.apply((0, NAME, 2, 320))
    assert g.named[0] == 2 and g.scorer == 1
    assert g.breakdown(0) is not None
    g.apply((1, KEEP, 400))   # P1's joker shows 5: nothing to name
    assert g.round == 1
    # P0's grid 3 3 3 / 3 C 5 / 5 5 5 (roll order) scored with C named 2
    assert g.history[0][0] == C.score_named(grid0, 2)


def test_yellow_c_replaces_sets_which_face_is_c():
    for k in (1, 4, 6):
        g = CuboState(2, 9, {"yellow": True, "yellow_c_replaces": k})
        faces = set()
        for i in range(150):
            faces.add(g._roll_joker()[0])
        assert faces == set(v for v in range(0, 7) if v != k)


def test_malformed_actions_are_illegal():
    g = CuboState(2, 1)
    illegal(g, (0,), "short")
    illegal(g, (0, 99, 5), "unknown")
    illegal(g, (0, ROLL, 1, 5), "items")
    illegal(g, (7, ROLL, 5), "no player")
    illegal(g, (0, ROLL, "5"), "non-integer")
    illegal(g, (0, CALL, 5), "roll first")
    illegal(g, (0, TAKE, 0, 5), "right after")
    illegal(g, (0, KEEP, 5), "scoring")
    illegal(g, (SYSTEM, EXPIRE, 5), "no countdown")
    g.apply((0, ROLL, 5))
    g.apply((0, CALL, 6))
    illegal(g, (0, SWAP, 0, 1, 7), "covered")
    illegal(g, (0, CALL, 7), "covered")
    illegal(g, (0, TAKE, 4, 7), "slot")


def test_snapshot_round_trips_through_json_mid_game():
    g = CuboState(3, 21, {"yellow": True})
    agents = [driver.RandomAgent(i) for i in range(3)]
    now = 0
    checked = 0
    while not g.is_terminal() and checked < 40:
        if driver.step(g, agents, now) == 0:
            now += 50
        else:
            checked += 1
        if checked % 7 == 3:
            d = g.to_dict()
            copy = CuboState.from_dict(json.loads(json.dumps(d)))
            assert copy.to_dict() == d
            assert copy.actors() == g.actors()
            for p in range(3):
                assert copy.legal_actions(p, now) == g.legal_actions(p, now)
    # and it goes on identically
    copy = g.clone()
    a1 = [driver.RandomAgent(50 + i) for i in range(3)]
    a2 = [driver.RandomAgent(50 + i) for i in range(3)]
    l1 = driver.play(g, a1)
    l2 = driver.play(copy, a2)
    assert l1 == l2 and g.scores() == copy.scores()


def test_random_agents_play_a_whole_game_and_replay_matches():
    for n in (2, 4):
        g = CuboState(n, 33 + n, {"runs_any_order": n == 4})
        log = driver.play(g, [driver.RandomAgent(i) for i in range(n)])
        assert g.is_terminal()
        assert all(len(g.round_scores(p)) == 6 for p in range(n))
        assert g.scores() == [sum(g.round_scores(p)) for p in range(n)]
        again = driver.replay(CuboState, n, 33 + n, {"runs_any_order": n == 4}, log)
        assert again.to_dict() == g.to_dict()
        assert g.winners() == [p for p in range(n) if g.scores()[p] == max(g.scores())]


def test_start_player_rotates_and_ties_share_the_win():
    g = CuboState(3, 2)
    starts = []
    agents = [driver.RandomAgent(i) for i in range(3)]
    now = 0
    while not g.is_terminal():
        if g.phase == PLAY and (not starts or starts[-1][0] != g.round):
            starts.append((g.round, g.start))
        if driver.step(g, agents, now) == 0:
            now += 50
    assert [s for r, s in starts] == [0, 1, 2, 0, 1, 2]
    g.totals = [30, 12, 30]
    assert g.winners() == [0, 2]


def test_scoring_order_starts_with_the_start_player():
    g = CuboState(3, 8)
    g.start = 2
    for p in range(3):
        g.apply((p, ROLL, 10))
    for p in (0, 1, 2):
        g.apply((p, CALL, 20 + 10 * p))
        g.apply((p, TAKE, [k for k in range(4) if g.centre[k] is not None][0], 25 + 10 * p))
    assert g.phase == SCORING and g.scorer == 2 and g.actors() == (2,)
    g.apply((2, KEEP, 100))
    assert g.scorer == 0
    g.apply((0, KEEP, 110))
    assert g.scorer == 1
    g.apply((1, KEEP, 120))
    assert g.round == 1 and g.start == 0


def test_describe_action():
    g = CuboState(2, 1)
    assert "roll" in g.describe_action((0, ROLL, 5))
    assert "swaps" in g.describe_action((1, SWAP, 0, 2, 5))
    assert "system" in g.describe_action((SYSTEM, EXPIRE, 5))
