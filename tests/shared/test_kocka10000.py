"""Kocka 10000: the article's examples and the rules file, on scripted dice (CPython + MicroPython)."""
from shared_rules.game import IllegalAction
from shared_rules.kocka10000 import rules as K
from shared_rules.kocka10000.rules import (Kocka10000, classic_points, best_classic,
                                     ROLL, TAKE, COLLECT, JOKER, BANK, PICKING, ROLLING)


class Dice:
    """Stands in for the state's Rng: hands out the dice the test wants."""

    def __init__(self, seq):
        self.seq = list(seq)
        self.state = 0

    def die(self):
        return self.seq.pop(0)


def game(dice, totals=None, n=2, options=None):
    g = Kocka10000(n, 1, options)
    g.rng = Dice(dice)
    if totals:
        g.totals = list(totals)
    return g


def mask(roll, values):
    """The mask that picks `values` (a multiset) out of `roll`."""
    want = list(values)
    m = 0
    for i in range(len(roll)):
        if roll[i] in want:
            want.remove(roll[i])
            m |= 1 << i
    assert not want, "values not in roll"
    return m


def act(g, kind, *args):
    g.apply((g.turn, kind) + tuple(args))


def take(g, values):
    act(g, TAKE, mask(g.roll, values))


def collect(g, values):
    act(g, COLLECT, mask(g.roll, values))


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


# -- classic scoring (public API) ---------------------------------------------------

def test_classic_points_table():
    assert classic_points([1]) == 100
    assert classic_points([5]) == 50
    assert classic_points([1, 1]) == 200
    assert classic_points([2, 2, 2]) == 200
    assert classic_points([6, 6, 6]) == 600
    assert classic_points([1, 1, 1]) == 1000
    assert classic_points([1, 1, 1, 1]) == 1100
    assert classic_points([5, 5, 5, 5, 5]) == 600
    assert classic_points([2, 2, 2, 2]) is None  # only three 2s can be set aside
    assert classic_points([2, 2, 2, 2, 2, 2]) == 400  # two triples
    assert classic_points([5, 5, 5, 5, 5, 5]) == 1000
    assert classic_points([3, 3, 3, 1, 5]) == 450
    assert classic_points([3]) is None
    assert classic_points([6, 6]) is None
    assert classic_points([1, 3]) is None
    assert classic_points([]) is None


def test_straight_only_with_the_whole_roll():
    s = [3, 1, 6, 2, 5, 4]
    assert classic_points(s, True) == 1500
    assert classic_points(s) is None
    assert best_classic(s) == 1500
    assert classic_points([1, 1, 1, 5, 5, 5], True) == 1500


def test_extra_dice_double_option():
    assert classic_points([2, 2, 2, 2], double=True) == 400
    assert classic_points([2, 2, 2, 2, 2], double=True) == 800
    assert classic_points([2, 2, 2, 2, 2, 2], double=True) == 1600
    assert classic_points([1, 1, 1, 1], double=True) == 2000
    assert best_classic([4, 4, 4, 4, 2, 3], double=True) == 800
    assert best_classic([4, 4, 4, 4, 2, 3]) == 400


def test_best_classic():
    assert best_classic([2, 3, 4, 6, 2, 3]) == 0
    assert best_classic([1, 5, 2, 2, 3, 4]) == 150
    assert best_classic([1, 1, 1, 1, 1, 1]) == 2000
    assert best_classic([2, 2, 2, 2, 3, 3]) == 200
    assert best_classic([6, 6, 6, 3, 3, 3]) == 900
    assert best_classic([5]) == 50
    assert best_classic([4]) == 0


# -- the article's examples ---------------------------------------------------------

def test_two_ones_set_aside_then_four_dice_rolled():
    g = game([1, 3, 1, 4, 6, 2, 2, 2, 3, 5])
    act(g, ROLL)
    assert g.phase == PICKING and len(g.roll) == 6
    take(g, [1, 1])
    assert g.turn_total == 200 and g.left == 4
    assert g.aside == [1, 1]
    act(g, ROLL)
    assert len(g.roll) == 4


def test_three_sixes_then_three_threes_is_hot_dice():
    g = game([6, 6, 6, 2, 3, 4] + [3, 3, 3] + [1, 2, 3, 4, 6, 6])
    act(g, ROLL)
    take(g, [6, 6, 6])
    assert g.turn_total == 600 and g.left == 3
    act(g, ROLL)
    take(g, [3, 3, 3])
    assert g.turn_total == 900
    assert g.hot and g.left == 6
    assert g.last_event()[0] == K.EV_HOT
    assert not g.can_bank()
    illegal(g, (0, BANK), "hot dice")
    v = g.view()
    assert v["must_roll"] and not v["can_bank"] and v["turn_total"] == 900
    assert v["aside"] == [6, 6, 6, 3, 3, 3] and v["dice_left"] == 6
    assert v["events"] == [(K.EV_HOT, 0, 900)]
    assert g.event_text(g.last_event()) == "P1: hot dice! roll all six"
    act(g, ROLL)
    assert len(g.roll) == 6 and g.aside == []


def test_straight_then_two_fives_banks_1600():
    g = game([4, 2, 6, 1, 3, 5] + [5, 2, 5, 3, 4, 6])
    act(g, ROLL)
    assert g.selection_points(63) == 1500
    act(g, TAKE, 63)
    assert g.turn_total == 1500 and g.hot
    act(g, ROLL)
    take(g, [5, 5])
    assert g.turn_total == 1600 and g.left == 4
    act(g, BANK)
    assert g.totals == [1600, 0]
    assert g.turn == 1


def test_collecting_fours_with_a_joker():
    g = game([4, 4, 4, 2, 3, 6] + [4, 1, 4] + [2] + [5, 2, 3, 3, 4, 6], totals=[2600, 0])
    act(g, ROLL)
    assert g.can_start_collection()
    collect(g, [4, 4, 4])
    assert g.collection() == (4, 3, 0)
    assert g.turn_total == 0
    illegal(g, (0, BANK), "partial collection")
    act(g, ROLL)
    # the 1 is worth nothing now
    illegal(g, (0, TAKE, mask(g.roll, [1])), "collecting 4s")
    illegal(g, (0, COLLECT, mask(g.roll, [4, 1])), "collecting 4s")
    assert g.selection_points(mask(g.roll, [4, 4]), True) == 0
    collect(g, [4, 4])
    assert g.collection() == (4, 5, 0)
    assert (0, JOKER, 2) in g.legal_actions(0)
    illegal(g, (0, JOKER, 4))
    act(g, JOKER, 2)
    assert g.collection() == (4, 5, 2)
    illegal(g, (0, JOKER, 3), "already")
    act(g, ROLL)
    assert g.roll == [2]
    assert g.selection_points(1, True) == 4000
    collect(g, [2])
    assert g.turn_total == 4000
    assert g.last_event() == (K.EV_COLLECTED, 0, 4)
    assert g.hot and g.confirm == 4
    illegal(g, (0, BANK), "confirm")
    act(g, ROLL)  # the confirmation roll must score: it has a 5
    assert g.events[0] == (K.EV_CONFIRMED, 0, 4)
    illegal(g, (0, COLLECT, mask(g.roll, [3, 3])))
    take(g, [5])
    act(g, BANK)
    assert g.totals == [2600 + 4050, 0]


def test_confirmation_roll_that_scores_nothing_busts():
    g = game([3, 3, 3, 3, 3, 3] + [2, 2, 3, 4, 6, 6], totals=[3000, 0])
    act(g, ROLL)
    assert g.view()["can_start_collection"] and g.view()["may_collect"] == [True, False]
    assert g.describe_action((0, COLLECT, 63)) == "P1 collects 3 3 3 3 3 3"
    collect(g, [3] * 6)
    assert g.turn_total == 3000 and g.confirm == 3
    act(g, ROLL)
    assert g.last_event() == (K.EV_BUST, 0, 3000)
    assert g.totals == [3000, 0] and g.turn == 1


def test_collecting_sixes_busts_without_a_six():
    g = game([6, 6, 2, 3, 4, 2] + [1, 5, 2, 3], totals=[4000, 1000])
    act(g, ROLL)
    collect(g, [6, 6])
    act(g, ROLL)  # a 1 and a 5 but no 6: "csocs"
    assert g.last_event() == (K.EV_BUST, 0, 0)
    assert g.turn == 1 and g.phase == ROLLING
    assert g.totals == [4000, 1000]


def test_six_ones_before_2500_is_2000():
    g = game([1] * 6 + [2, 3, 4, 6, 6, 5])
    act(g, ROLL)
    assert g.selection_points(63) == 2000
    assert not g.can_start_collection()
    illegal(g, (0, COLLECT, 63), "2,500")
    act(g, TAKE, 63)
    assert g.turn_total == 2000 and g.hot


def test_cautious_player_banks_1100():
    g = game([1, 1, 1, 5, 5, 2], totals=[2700, 0])
    act(g, ROLL)
    take(g, [1, 1, 1, 5, 5])
    assert g.turn_total == 1100
    act(g, BANK)
    assert g.totals == [3800, 0]


# -- the rest of the rules file -----------------------------------------------------

def test_bank_needs_350_before_2500():
    g = game([1, 5, 2, 3, 4, 6, 1, 2, 3, 4, 6])
    act(g, ROLL)
    take(g, [1, 5])
    msg = illegal(g, (0, BANK), "350")
    assert msg == "you need 350 to bank"
    act(g, ROLL)
    take(g, [1])
    assert g.turn_total == 250
    illegal(g, (0, BANK), "350")


def test_no_minimum_from_2500():
    g = game([5, 2, 3, 4, 6, 6], totals=[2500, 0])
    act(g, ROLL)
    take(g, [5])
    act(g, BANK)
    assert g.totals == [2550, 0]


def test_bust_loses_the_turn_total_and_passes():
    g = game([1, 1, 1, 2, 3, 4] + [2, 3, 4], totals=[100, 200])
    act(g, ROLL)
    take(g, [1, 1, 1])
    act(g, ROLL)
    assert g.last_event() == (K.EV_BUST, 0, 1000)
    assert g.totals == [100, 200]
    assert g.turn == 1 and g.turn_total == 0 and g.left == 6


def test_hot_dice_roll_that_scores_nothing_busts():
    g = game([1, 1, 1, 5, 5, 5] + [2, 2, 3, 3, 4, 6])
    act(g, ROLL)
    act(g, TAKE, 63)
    assert g.turn_total == 1500 and g.hot
    act(g, ROLL)
    assert g.last_event() == (K.EV_BUST, 0, 1500)


def test_announcement_at_2500():
    g = game([1, 1, 1, 5, 2, 3], totals=[2000, 0])
    assert not g.may_collect(0)
    act(g, ROLL)
    take(g, [1, 1, 1, 5])
    act(g, BANK)
    assert g.events == [(K.EV_BANK, 0, 1050), (K.EV_ANNOUNCE, 0, 3050)]
    assert g.may_collect(0)


def test_player_over_2500_never_busts_on_six_dice():
    g = game([2, 2, 3, 3, 4, 6], totals=[2500, 0])
    act(g, ROLL)
    assert g.phase == PICKING
    acts = g.legal_actions(0)
    assert acts and all(a[1] == COLLECT for a in acts)
    # a 4 alone starts a collection of 4s
    collect(g, [4])
    assert g.collection() == (4, 1, 0)


def test_collection_starts_after_hot_dice_but_not_on_five_dice():
    g = game([1, 2, 3, 4, 6, 6] + [3, 3, 3, 2, 2] + [1, 5] + [6, 6, 2, 2, 3, 4], totals=[3000, 0])
    act(g, ROLL)
    take(g, [1])
    act(g, ROLL)
    illegal(g, (0, COLLECT, mask(g.roll, [3, 3, 3])), "six dice")
    take(g, [3, 3, 3])
    assert g.left == 2
    act(g, ROLL)
    take(g, [1, 5])
    assert g.hot and g.turn_total == 550
    act(g, ROLL)
    assert g.aside == []
    assert g.can_start_collection()
    collect(g, [6, 6])
    assert g.collection() == (6, 2, 0) and g.turn_total == 550


def test_joker_only_with_five_and_last_die_may_be_the_joker():
    g = game([5, 5, 5, 5, 2, 3] + [5, 4] + [6] + [1, 2, 2, 3, 4, 6], totals=[5000, 0])
    act(g, ROLL)
    collect(g, [5, 5, 5, 5])
    illegal(g, (0, JOKER, 6), "five")
    act(g, ROLL)
    collect(g, [5])
    act(g, JOKER, 6)
    act(g, ROLL)
    collect(g, [6])
    assert g.turn_total == 5000
    act(g, ROLL)
    take(g, [1])
    act(g, BANK)
    assert g.totals == [10100, 0]
    assert g.is_terminal() and g.winners() == [0]


def test_last_die_without_face_or_joker_busts():
    g = game([2, 2, 2, 2, 2, 3] + [4], totals=[2500, 0])
    act(g, ROLL)
    collect(g, [2, 2, 2, 2, 2])
    act(g, JOKER, 3)
    act(g, ROLL)
    assert g.last_event() == (K.EV_BUST, 0, 0)


def test_six_ones_collected_and_confirmed_win_at_once():
    g = game([1, 1, 1, 2, 3, 4] + [1, 1, 6] + [6] + [5, 2, 2, 3, 4, 6], totals=[2500, 9000],
             options={"finish_round": True})
    act(g, ROLL)
    collect(g, [1, 1, 1])
    act(g, ROLL)
    collect(g, [1, 1])
    act(g, JOKER, 6)
    act(g, ROLL)
    collect(g, [6])
    assert g.turn_total == 10000
    act(g, ROLL)
    assert g.is_terminal()
    assert g.winners() == [0]
    assert g.totals[0] == 12500
    assert g.last_event() == (K.EV_WIN, 0, 12500)


def test_first_to_10000_wins_immediately():
    g = game([1, 1, 1, 2, 3, 4], totals=[9000, 9900], n=3)
    act(g, ROLL)
    take(g, [1, 1, 1])
    act(g, BANK)
    assert g.is_terminal() and g.winners() == [0]
    assert g.legal_actions(1) == [] and g.legal_actions(0) == []
    illegal(g, (1, ROLL), "over")


def test_finish_round_completes_the_round():
    opts = {"finish_round": True}
    g = game([1, 1, 1, 2, 3, 4] + [1, 1, 1, 1, 2, 3] + [5, 5, 5, 2, 3, 4], totals=[9500, 9000, 100],
             n=3, options=opts)
    act(g, ROLL)
    take(g, [1, 1, 1])
    act(g, BANK)
    assert not g.is_terminal()
    assert g.last_event() == (K.EV_LAST_ROUND, 0, 10500)
    act(g, ROLL)
    take(g, [1, 1, 1, 1])
    act(g, BANK)
    assert not g.is_terminal() and g.totals[1] == 10100
    act(g, ROLL)
    take(g, [5, 5, 5])
    act(g, BANK)
    assert g.is_terminal()
    assert g.winners() == [0]


def test_finish_round_ties_share():
    g = game([1, 1, 1, 2, 3, 4] + [1, 1, 1, 2, 3, 4], totals=[9500, 9500], options={"finish_round": True})
    act(g, ROLL)
    take(g, [1, 1, 1])
    act(g, BANK)
    act(g, ROLL)
    take(g, [1, 1, 1])
    act(g, BANK)
    assert g.is_terminal() and g.winners() == [0, 1]


def test_illegal_actions_are_explained_and_change_nothing():
    g = game([1, 2, 3, 4, 6, 6, 2, 2, 2, 3, 4])
    illegal(g, (1, ROLL), "not your turn")
    illegal(g, (0, BANK), "roll first")
    illegal(g, (0, TAKE, 1), "roll the dice first")
    illegal(g, (0, 77))
    illegal(g, (0,))
    illegal(g, (0, "roll"))
    illegal(g, None)
    act(g, ROLL)
    illegal(g, (0, ROLL), "set aside")
    illegal(g, (0, TAKE, 0))
    illegal(g, (0, TAKE, 64))
    illegal(g, (0, TAKE, "1"))
    illegal(g, (0, TAKE, 1.5))
    illegal(g, (0, TAKE, mask(g.roll, [2])), "single 2")
    illegal(g, (0, TAKE, mask(g.roll, [6, 6])), "pair of 6s")
    assert g.selection_problem(mask(g.roll, [1, 3])) == "a single 3 doesn't score"
    assert g.selection_points(mask(g.roll, [1, 3])) is None
    assert g.selection_points(mask(g.roll, [1])) == 100
    illegal(g, (0, COLLECT, mask(g.roll, [6, 6])), "2,500")
    illegal(g, (0, JOKER, 3))


def test_legal_actions_are_exactly_the_scoring_selections():
    g = game([1, 5, 2, 2, 2, 3])
    act(g, ROLL)
    acts = g.legal_actions(0)
    masks = sorted(a[2] for a in acts)
    for m in range(1, 64):
        ok = g.selection_problem(m) is None
        assert ok == (m in masks)
    # 1, 5 and the three 2s: any non-empty union of {1}, {5}, {2,2,2}
    assert len(masks) == 7
    for a in acts:
        g2 = g.clone()
        g2.rng = g.rng
        g2.apply(a)


def test_snapshot_round_trip():
    g = Kocka10000(4, 77, {"extra_dice_double": True})
    from shared_rules.driver import RandomAgent
    agents = [RandomAgent(i) for i in range(4)]
    for _ in range(60):
        if g.is_terminal():
            break
        p = g.current_player()
        a = agents[p].act(g, p, 0)
        copy = Kocka10000.from_dict(g.to_dict())
        assert copy.to_dict() == g.to_dict()
        g.apply(a)
        copy.apply(a)
        assert copy.to_dict() == g.to_dict()


def test_player_counts_and_options():
    for n in (1, 7):
        try:
            Kocka10000(n)
            assert False
        except ValueError:
            pass
    try:
        Kocka10000(2, options={"goal": 5000})
        assert False
    except ValueError:
        pass
    g = Kocka10000(6)
    assert g.options == {"extra_dice_double": False, "finish_round": False}
    assert Kocka10000.NAME == "kocka10000" and Kocka10000.TITLE == "Kocka 10000"
