"""Kocka 10000 bots: the tables' known figures, a few decisions, whole games (CPython + MicroPython)."""
from shared_rules import driver
from shared_rules.kocka10000.rules import Kocka10000, ROLL, TAKE, COLLECT, JOKER, BANK, PICKING
from shared_rules.kocka10000.bots import (EasyBot, MediumBot, HardBot, make_bot, LEVELS,
                                          classic_choices)
from shared_rules.kocka10000.rules import classic_points


class Dice:
    def __init__(self, seq):
        self.seq = list(seq)
        self.state = 0

    def die(self):
        return self.seq.pop(0)


def scripted(dice, totals, n=2, options=None):
    g = Kocka10000(n, 1, options)
    g.rng = Dice(dice)
    g.totals = list(totals)
    return g


def at(totals, turn_total, left):
    """A state in which player 0 may roll or bank."""
    g = Kocka10000(len(totals), 1)
    g.totals = list(totals)
    g.turn_total = turn_total
    g.left = left
    return g


def test_classic_choices_are_the_best_per_number_of_dice():
    roll = [1, 5, 5, 2, 2, 2]
    ch = classic_choices(roll)
    by_k = {}
    for pts, k, mask in ch:
        dice = [roll[i] for i in range(6) if mask >> i & 1]
        assert len(dice) == k
        assert classic_points(dice, k == 6) == pts
        by_k[k] = pts
    assert by_k == {1: 100, 2: 150, 3: 200, 4: 300, 5: 350, 6: 400}
    assert classic_choices([4, 3, 2, 1, 6, 5])[-1] == (1500, 6, 63)
    assert classic_choices([2, 3, 4, 6]) == []


def test_medium_bank_thresholds_before_2500():
    bot = MediumBot()
    # bank at 350 with 1-2 dice left, 400 with 3, 1,000 with 4, 2,900 with 5
    for left, thr in ((1, 350), (2, 350), (3, 400), (4, 1000), (5, 2900)):
        assert bot.wants_bank(at([0, 0], thr, left), 0), (left, thr)
        assert not bot.wants_bank(at([0, 0], thr - 50, left), 0), (left, thr)


def test_medium_table_figures():
    from shared_rules.kocka10000 import ev
    assert 462 <= ev.TURN[0] <= 472
    assert abs(ev.BUST[6] - 0.031) < 0.001 and abs(ev.BUST[1] - 0.667) < 0.001
    assert abs(ev.PC[5] - 1 / 3.0) < 1e-6
    for c in range(1, 6):
        assert ev.PC[c] < ev.PC[c + 1]


def test_easy_banks_as_soon_as_it_may():
    g = scripted([1, 1, 5, 5, 2, 3], [0, 0])
    bot = EasyBot()
    g.apply(bot.act(g, 0, 0))
    g.apply(bot.act(g, 0, 0))
    assert g.turn_total == 300
    assert bot.act(g, 0, 0) == (0, ROLL)
    g = scripted([1, 1, 1, 2, 3, 4], [0, 0])
    g.apply(bot.act(g, 0, 0))
    g.apply(bot.act(g, 0, 0))
    assert bot.act(g, 0, 0) == (0, BANK)


def test_medium_keeps_one_1_and_rolls_five():
    g = scripted([1, 5, 2, 3, 4, 4], [0, 0])
    bot = MediumBot()
    g.apply(bot.act(g, 0, 0))
    a = bot.act(g, 0, 0)
    assert a[1] == TAKE and [g.roll[i] for i in range(6) if a[2] >> i & 1] == [1]


def test_hard_banks_when_the_bank_wins():
    g = at([9800, 9000], 200, 5)
    assert HardBot().wants_bank(g, 0)
    assert not HardBot().wants_bank(at([5000, 9000], 300, 5), 0)


def test_hard_keeps_rolling_in_the_last_round_until_it_leads():
    g = at([9000, 10400], 1000, 3)
    g.options["finish_round"] = True
    g.last_round = 1
    assert not HardBot().wants_bank(g, 0)
    g.turn_total = 1450
    assert HardBot().wants_bank(g, 0)


def test_collecting_bots_keep_the_face_and_name_a_joker():
    for bot in (EasyBot(), MediumBot(), HardBot()):
        g = scripted([1, 1, 1, 1, 1, 3] + [4], [3000, 0])
        g.apply((0, ROLL))
        g.apply((0, COLLECT, 31))
        a = bot.act(g, 0, 0)
        assert a[1] == JOKER and a[2] != 1
        g.apply(a)
        g.rng.seq = [a[2]]
        g.apply(bot.act(g, 0, 0))
        g.apply(bot.act(g, 0, 0))
        assert g.turn_total == 10000


def test_hard_goes_for_six_ones_when_far_behind():
    g = scripted([1, 1, 1, 1, 1, 3], [3000, 9500])
    g.apply((0, ROLL))
    a = HardBot().act(g, 0, 0)
    assert a[1] == COLLECT and a[2] == 31


def play(levels, seed, options=None):
    g = Kocka10000(len(levels), seed, options)
    bots = [make_bot(levels[i], seed + i) for i in range(len(levels))]
    log = driver.play(g, bots)
    return g, log


def test_whole_games_by_the_bots():
    for levels, seed, opts in ((("easy", "medium"), 1, None), (("hard", "medium"), 2, None),
                               (("medium", "hard", "easy"), 3, {"finish_round": True}),
                               (("hard", "hard"), 4, {"extra_dice_double": True})):
        g, log = play(levels, seed, opts)
        assert g.is_terminal()
        assert max(g.scores()) >= 10000 or g.winner >= 0
        again = driver.replay(Kocka10000, len(levels), seed, opts, log)
        assert again.to_dict() == g.to_dict()
        # and the same seed gives the same game again (the bots have no luck of their own)
        g2, log2 = play(levels, seed, opts)
        assert log2 == log


def test_levels():
    assert LEVELS == ("easy", "medium", "hard")
    try:
        make_bot("godlike")
        assert False
    except ValueError:
        pass


def test_a_bot_game_as_a_record_verifies_and_packs():
    from shared_rules import registry, verify, actcodec
    assert registry.game_class("kocka10000") is Kocka10000
    g, log = play(("hard", "easy"), 21)
    rec = {"game": "kocka10000", "players": ["a", "b"], "seed": 21, "options": None,
           "actions": log, "scores": g.scores()}
    assert verify.verify(rec) == (True, "")
    bad = dict(rec)
    bad["scores"] = [g.scores()[0] + 50, g.scores()[1]]
    assert not verify.verify(bad)[0]
    packed = actcodec.encode(log)
    assert actcodec.decode(packed, len(log)) == log
    assert len(packed) < 2 * len(log)
