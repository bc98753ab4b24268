"""Cubingos as a game: placements, wrong calls, the hot-seat race, ties, the time limit,
free dice, the end, snapshots.

MicroPython subset (runs under CPython and real MicroPython)."""
from shared_rules.game import IllegalAction, SYSTEM, SIMULTANEOUS, TERMINAL
from shared_rules import driver
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G
from shared_rules.cubingos.rules import (CubingosState, GO, PLACE, PASS, STOP, TAKE, DECLINE,
                                   RACE, TAKING, OVER, OUT, WAITING, RACING, CORRECT, WRONG,
                                   PASSED, SLOW)


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


def right(g):
    return g.matches()[0]


def wrong(g):
    good = g.matches()
    for x, y, z in g.legal_cells():
        for o in range(24):
            if (x, y, z, o) not in good:
                return (x, y, z, o)
    assert False


def place(g, p, pl, t):
    g.apply((p, PLACE) + tuple(pl) + (t,))


def started(n=2, seed=1, opts=None, t=0):
    """A game whose first leg has started at t."""
    g = CubingosState(n, seed, opts)
    owner = g.leg_owner()
    g.apply((SYSTEM if owner < 0 else owner, GO, t))
    return g


def test_setup():
    g = CubingosState(3, 5)
    assert g.phase == RACE and g.card >= 0
    assert g.supply == 12 - 3 and g.holding == [True, True, True]
    assert g.scores() == [0, 0, 0] and len(g.pile) == 15
    assert g.legs == [-1] and g.leg_owner() == -1 and not g.leg_started()
    assert g.actors() == () and g.current_player() == SIMULTANEOUS
    assert g.status == [WAITING] * 3
    assert g.legal_actions(0, 0) == []
    assert g.system_action(0) == (SYSTEM, GO, 0)
    g.apply((SYSTEM, GO, 0))
    assert g.status == [RACING] * 3 and g.actors() == (0, 1, 2)
    acts = g.legal_actions(1, 10)
    assert (1, PASS, 10) in acts
    assert len(acts) == 4 * 24 + 1   # the first round: four cells beside the start die
    assert g.system_action(10) is None
    # the same seed deals the same cards
    assert CubingosState(3, 5).pile == CubingosState(3, 5).pile


def test_bad_placements_are_illegal_not_wrong():
    g = started()
    illegal(g, (0, PLACE, 0, 0, 0, 0, 5), "already holds a die")
    illegal(g, (0, PLACE, 3, 0, 0, 0, 5), "touches no die")
    illegal(g, (0, PLACE, 0, 0, 1, 0, 5), "first round")
    illegal(g, (0, PLACE, 1, 0, -1, 0, 5), "under the table")
    illegal(g, (0, PLACE, 99, 0, 0, 0, 5), "outside")
    illegal(g, (0, PLACE, 1, 0, 0, 24, 5), "orientation")
    illegal(g, (0, PLACE, 1, 0, 0, 5), "takes 7 items")
    illegal(g, (0, PLACE, 1, 0, 0, 0, True), "non-integer")
    illegal(g, (5, PLACE, 1, 0, 0, 0, 5), "no player")
    illegal(g, (0, 42, 5), "unknown")
    assert g.status == [RACING, RACING]
    g.apply((0, PASS, 7))
    illegal(g, (0, PLACE, 1, 0, 0, 0, 6), "backwards")
    illegal(g, (0, PLACE, 1, 0, 0, 0, 8), "not racing")


def test_floating_cells_are_illegal_after_the_first_round():
    g = started()
    place(g, 0, right(g), 100)      # wins the first card: the next round may stack
    illegal(g, (1, PASS, 100), "too late")
    assert g.system_action(100) == (SYSTEM, STOP, 100)
    g.apply((SYSTEM, STOP, 100))
    assert g.rounds == 1 and g.scores() == [1, 0]
    g.apply((SYSTEM, GO, 200))
    x, y, z, o, start = g.dice()[1]
    assert z == 0
    assert g.placement_error(0, 0, 1) is None          # on the start die
    assert g.placement_error(x, y, 1) is None          # on the new die
    illegal(g, (0, PLACE, 2 * x, 2 * y, 1, 0, 300), "touches no die")
    # a stack of two beside the start die: the cell beside its top would float
    d = g.to_dict()
    d["dice"] = [[0, 0, 0, 0], [1, 0, 0, 5], [1, 0, 1, 6]]
    h = CubingosState.from_dict(d)
    illegal(h, (0, PLACE, 2, 0, 1, 0, 300), "would float")
    illegal(h, (0, PLACE, 1, 1, 1, 0, 300), "would float")
    assert h.placement_error(0, 0, 1) is None and h.placement_error(1, 0, 2) is None
    assert (2, 0, 1) not in h.legal_cells() and (1, 0, 2) in h.legal_cells()
    for cx, cy, cz in h.legal_cells():
        assert cz == 0 or h.die_at(cx, cy, cz - 1) is not None
    assert h.status[0] == RACING and h.rounds == 1


def test_wrong_placement_sits_out_and_another_wins():
    g = started(3, 2)
    card = g.card
    place(g, 0, wrong(g), 1000)
    assert g.status[0] == WRONG and g.elapsed[0] == 1000
    illegal(g, (0, PLACE) + tuple(right(g)) + (1100,), "not racing")
    assert g.actors() == (1, 2)
    pl = right(g)
    place(g, 2, pl, 2000)
    assert g.status[2] == CORRECT
    assert g.best_result() == (2000, 2, pl[:3], pl[3])
    # player 1 (later in turn order than nobody... starter 0: order 0, 1, 2) may still
    # place at exactly 2000 and win the tie; at 2001 the system stops them
    assert g.can_act(1, 2000) and not g.can_act(1, 2001)
    assert g.system_action(2000) is None
    assert g.system_action(2001) == (SYSTEM, STOP, 2001)
    illegal(g, (1, PLACE) + tuple(right(g)) + (2001,), "too late")
    g.apply((SYSTEM, STOP, 2001))
    assert g.rounds == 1 and g.scores() == [0, 0, 1]
    assert g.won[2] == [card]
    assert g.last_round == (card, 2, 2000, pl[:3], pl[3])
    assert g.dice()[-1] == pl + (False,)
    assert g.supply == 12 - 3 - 1 and g.holding == [True, True, True]
    assert g.starter == 1 and g.card >= 0 and g.card != card
    assert g.status == [WAITING] * 3


def test_tie_goes_to_the_earlier_player_in_turn_order():
    g = started(3, 4)
    pl = right(g)
    place(g, 2, pl, 1500)
    place(g, 1, pl, 1500)          # same time, earlier in turn order: takes the lead
    assert g.best_result()[1] == 1
    illegal(g, (0, PLACE) + tuple(pl) + (1501,), "too late")
    assert g.can_act(0, 1500)
    place(g, 0, pl, 1500)
    assert g.rounds == 1 and g.scores() == [1, 0, 0]
    assert g.last_round[1:3] == (0, 1500)


def test_nobody_right_puts_the_card_under_the_pile():
    g = started(2, 3)
    card = g.card
    dice = g.dice()
    place(g, 0, wrong(g), 500)
    g.apply((1, PASS, 600))
    assert g.rounds == 1 and g.scores() == [0, 0]
    assert g.pile[0] == card and len(g.pile) == 15
    assert g.dice() == dice and g.fails == 1
    assert g.last_round == (card, -1, -1, None, -1)
    assert g.starter == 1


def test_hot_seat_race_fastest_leg_wins():
    # two humans (0, 1) and a bot (2): legs [0, 1]; the bot races in the first leg
    g = CubingosState(3, 6, {"humans": 3})
    assert g.legs == [0, 1] and g.leg_owner() == 0
    assert g.actors() == (0,) and g.current_player() == 0
    assert g.legal_actions(0, 50) == [(0, GO, 50)]
    assert g.legal_actions(1, 50) == [] and g.system_action(50) is None
    illegal(g, (1, GO, 50), "not player 1")
    illegal(g, (SYSTEM, GO, 50), "bots-only")
    illegal(g, (0, PLACE) + tuple(right(g)) + (50,), "GO first")
    g.apply((0, GO, 1000))
    assert g.status == [RACING, WAITING, RACING]
    illegal(g, (1, PLACE) + tuple(right(g)) + (1200,), "later leg")
    place(g, 2, right(g), 1000 + 4000)       # the bot: 4.0 s
    assert g.can_act(0, 5000)                 # player 0 is earlier in turn order
    place(g, 0, right(g), 1000 + 4000)       # ties the bot and wins the tie
    assert g.best_result()[:2] == (4000, 0)
    # leg 0 is over (nobody racing): waiting for player 1
    assert g.leg == 1 and g.leg_owner() == 1 and not g.leg_started()
    assert g.time_left(1, 9000) is None
    g.apply((1, GO, 20000))
    assert g.elapsed_ms(21000) == 1000
    assert g.time_left(1, 21000) == 3000      # must beat 4.0 s (a tie loses to player 0)
    pl = right(g)
    place(g, 1, pl, 20000 + 3999)
    assert g.rounds == 1 and g.scores() == [0, 1, 0]
    assert g.last_round[1:3] == (1, 3999)


def test_hot_seat_slower_leg_is_stopped():
    g = CubingosState(2, 7, {"humans": 3})
    g.apply((0, GO, 0))
    place(g, 0, right(g), 2500)
    g.apply((1, GO, 10000))
    assert g.can_act(1, 12499) and not g.can_act(1, 12500)
    assert g.legal_actions(1, 12500) == []
    assert g.next_event_time() == 12500
    g.apply((SYSTEM, STOP, 12500))
    assert g.scores() == [1, 0] and g.rounds == 1


def test_a_later_human_beats_a_bot_on_a_tie_when_earlier_in_turn_order():
    # starter 0: turn order 0, 1, 2; humans 0 and 1, bot 2
    g = CubingosState(3, 8, {"humans": 3})
    g.apply((0, GO, 0))
    place(g, 2, right(g), 3000)
    g.apply((SYSTEM, STOP, 3001))            # player 0 did not beat it
    assert g.status[0] == SLOW and g.leg == 1
    g.apply((1, GO, 5000))
    place(g, 1, right(g), 8000)              # also 3000 ms, and before the bot in order
    assert g.scores() == [0, 1, 0]


def test_a_human_watches_bots_after_a_wrong_call():
    g = CubingosState(3, 9, {"humans": 1})
    assert g.legs == [0]
    g.apply((0, GO, 0))
    place(g, 0, wrong(g), 700)
    assert g.status == [WRONG, RACING, RACING] and g.leg_started()
    g.apply((1, PASS, 900))
    place(g, 2, right(g), 5000)
    assert g.rounds == 1 and g.scores() == [0, 0, 1]


def test_time_limit():
    g = started(2, 10, {"limit_ms": 3000}, t=100)
    assert g.next_event_time() == 3100
    assert g.time_left(0, 1100) == 2000
    assert g.system_action(3099) is None
    illegal(g, (SYSTEM, STOP, 3099), "can still win")
    g.apply((SYSTEM, STOP, 3100))
    assert g.rounds == 1 and g.fails == 1
    assert g.last_round[1] == -1


def test_options_are_checked():
    for bad in ({"humans": 4}, {"humans": -1}, {"limit_ms": -5}, {"free_dice": 1},
                {"colour": 1}):
        try:
            CubingosState(2, 0, bad)
            assert False, bad
        except ValueError:
            pass
    for n in (1, 5):
        try:
            CubingosState(n)
            assert False
        except ValueError:
            pass


class Passer:
    def act(self, state, p, now):
        if state.can_act(p, now):
            return (p, PASS, now)
        return None


def test_a_card_nobody_forms_does_not_loop_forever():
    g = CubingosState(2, 11)
    driver.play(g, [Passer(), Passer()])
    assert g.is_terminal() and g.scores() == [0, 0]
    assert g.rounds == 32 and len(g.pile) == 16 and g.fails == 32


class FirstRight:
    """Places the first matching placement at once (player 0) or passes."""

    def __init__(self, fast=True):
        self.fast = fast

    def act(self, state, p, now):
        if state.phase == TAKING:
            if state.starter == p:
                x, y, z = state.free_dice()[-1]
                return (p, TAKE, x, y, z, now)
            return None
        if not state.can_act(p, now):
            return None
        if not self.fast:
            return (p, PASS, now)
        ms = state.matches()
        if not ms:
            return (p, PASS, now)
        return (p, PLACE) + tuple(ms[-1]) + (now,)


def test_default_game_ends_when_all_dice_are_placed():
    g = CubingosState(2, 12)
    driver.play(g, [FirstRight(), FirstRight()])
    assert g.is_terminal() and g.current_player() == TERMINAL
    assert len(g.dice()) == 13 and g.supply == 0
    assert g.holding == [False, False]
    assert sum(g.scores()) == 12 and len(g.pile) == 4
    # equal times every round: the tie goes to the round's starter, who alternates
    assert g.scores() == [6, 6]
    assert g.actors() == () and g.legal_actions(0, 10 ** 6) == []
    illegal(g, (0, PASS, 10 ** 6), "over")
    for x, y, z, o, start in g.dice():
        assert z == 0 or g.die_at(x, y, z - 1) is not None


def test_free_dice_take_and_end_when_no_card_is_left():
    g = CubingosState(2, 13, {"free_dice": True})
    took = []

    class Watch(FirstRight):
        def act(self, state, p, now):
            if state.phase == TAKING and state.starter == p:
                assert state.current_player() == p and state.actors() == (p,)
                acts = state.legal_actions(p, now)
                assert acts[-1] == (p, DECLINE, now)
                assert [a[2:5] for a in acts[:-1]] == state.free_dice()
                for x, y, z in state.free_dice():
                    assert state.die_at(x, y, z + 1) is None and (x, y, z) != (0, 0, 0)
                took.append(len(state.dice()))
            return FirstRight.act(self, state, p, now)

    driver.play(g, [Watch(), Watch(False)])
    assert g.is_terminal() and not g.pile
    assert sum(g.scores()) == 16 and took
    for x, y, z, o, start in g.dice():
        assert z == 0 or g.die_at(x, y, z - 1) is not None


def test_take_rules():
    g = CubingosState(2, 14, {"free_dice": True})
    d = g.to_dict()
    # a structure of start die + a stack of two beside it, empty supply, starter empty-handed
    d["dice"] = [[0, 0, 0, 0], [1, 0, 0, 5], [1, 0, 1, 6]]
    d["supply"] = 0
    d["holding"] = [False, True]
    d["won"] = [[1, 2], []]
    s = CubingosState.from_dict(d)
    s._start_round()
    assert s.phase == TAKING and s.card == -1 and s.starter == 0
    assert s.free_dice() == [(1, 0, 1)]
    illegal(s, (1, TAKE, 1, 0, 1, 10), "player 0 takes")
    illegal(s, (0, TAKE, 0, 0, 0, 10), "start die")
    illegal(s, (0, TAKE, 1, 0, 0, 10), "not free")
    illegal(s, (0, TAKE, 2, 0, 0, 10), "no die")
    illegal(s, (0, PASS, 10), "taking a die")
    s.apply((0, TAKE, 1, 0, 1, 10))
    assert s.holding == [True, True] and s.phase == RACE and s.card >= 0
    assert s.die_at(1, 0, 1) is None and len(s.dice()) == 2
    illegal(s, (0, DECLINE, 20), "only at the start")
    s2 = CubingosState.from_dict(d)
    s2._start_round()
    s2.apply((0, DECLINE, 10))
    assert s2.phase == RACE and s2.status == [OUT, WAITING]


def test_snapshot_round_trip_mid_race():
    g = CubingosState(3, 15, {"humans": 5, "limit_ms": 60000})
    g.apply((0, GO, 100))
    place(g, 1, wrong(g), 900)
    copy = CubingosState.from_dict(g.to_dict())
    assert copy.to_dict() == g.to_dict()
    a = (0, PLACE) + tuple(right(g)) + (1500,)
    g.apply(a)
    copy.apply(a)
    assert copy.to_dict() == g.to_dict()
    assert g.leg_owner() == 2
    # the snapshot is plain data
    import json
    assert json.loads(json.dumps(g.to_dict())) == g.to_dict()


def test_ui_helpers():
    g = started(2, 16)
    faces = g.visible_faces()
    assert len(faces) == 5   # the start die alone: all but the bottom
    for x, y, z, f, hs in faces:
        assert (x, y, z) == (0, 0, 0) and f != G.NZ and len(hs) == 4
    x, y, z, o = right(g)
    pv = g.preview(x, y, z, o)
    assert g.card in [c[0] for c in pv]
    assert g.preview(0, 0, 1, 0) is None
    for k, a, F, Gd, b, F2, G2 in pv:
        assert a == (x, y, z) and b == (0, 0, 0)
        assert C.creature(C.WH[o * 36 + F * 6 + Gd], C.WH[F2 * 6 + G2]) == k
    masks = g.match_masks()
    assert sum(bin(m).count("1") for _, m in masks) == len(g.matches())
    place(g, 0, (x, y, z, o), 50)
    assert g.creatures_of(x, y, z) == [c for c in g.creatures()] or \
        len(g.creatures_of(x, y, z)) == len(g.creatures())
    assert g.describe_action((0, PLACE, 1, 0, 0, 3, 5)) == "P1 places at (1, 0, 0) turned 3"
    assert g.describe_action((SYSTEM, STOP, 5)) == "system: stop"
