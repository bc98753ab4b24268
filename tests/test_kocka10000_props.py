"""Kocka 10000 property tests (hypothesis, CPython): invariants over random and bot play."""
import json
from itertools import product

from hypothesis import given, settings, strategies as st, HealthCheck

from shared_rules import driver
from shared_rules.game import IllegalAction
from shared_rules.kocka10000 import rules as K
from shared_rules.kocka10000.rules import (Kocka10000, classic_points, best_classic, ROLL, TAKE,
                                     COLLECT, JOKER, BANK, PICKING, ROLLING)
from shared_rules.kocka10000.bots import make_bot, classic_choices, LEVELS

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Mixed:
    """Random legal actions, but banks eagerly half of the time so games reach 2,500+."""

    def __init__(self, seed):
        self.rng = driver.RandomAgent(seed).rng

    def act(self, state, p, now):
        acts = state.legal_actions(p, now)
        banks = [a for a in acts if a[1] == BANK]
        if banks and self.rng.below(2):
            return banks[0]
        return self.rng.choice(acts)


def checked_play(g, agents, max_actions=6000):
    """Plays while checking every invariant of the rules file after each action."""
    steps = 0
    while not g.is_terminal() and steps < max_actions:
        steps += 1
        p = g.current_player()
        a = agents[p].act(g, p, 0)
        before = g.to_dict()
        legal = g.legal_actions(p)
        assert a in legal
        totals = list(g.totals)
        tt = g.turn_total
        collecting = g.face
        count = g.count
        joker = g.joker
        roll = list(g.roll)
        g.apply(a)
        # banked scores never go down, and change only by a bank (or the six-1s win)
        for q in range(g.num_players):
            assert g.totals[q] >= totals[q]
            if q != p:
                assert g.totals[q] == totals[q]
        kinds = [e[0] for e in g.events]
        if K.EV_BUST in kinds:
            ev = g.events[kinds.index(K.EV_BUST)]
            assert a[1] == ROLL
            assert ev[2] == tt            # a bust loses exactly the turn total
            assert g.totals == totals
        if a[1] == BANK:
            gained = g.totals[p] - totals[p]
            assert gained == tt and tt > 0
            if totals[p] < 2500:
                assert tt >= 350          # no bank under 350 before 2,500
        if a[1] == COLLECT:
            dice = [roll[i] for i in range(len(roll)) if a[2] >> i & 1]
            face = collecting or dice[0]
            assert totals[p] >= 2500
            for d in dice:
                if d != face:         # only the joker, on the last die
                    assert count == 5 and d == joker and len(dice) == 1
        if a[1] == TAKE:
            dice = [roll[i] for i in range(len(roll)) if a[2] >> i & 1]
            pts = classic_points(dice, len(roll) == 6 and a[2] == 63, g.double)
            assert pts and g.turn_total == tt + pts
        if g.winner >= 0 and K.EV_WIN in kinds and a[1] == ROLL:
            assert g.totals[p] >= 12500   # six 1s: 2,500 + 10,000 at least
        # plain JSON snapshot, restorable
        d = json.loads(json.dumps(g.to_dict()))
        assert Kocka10000.from_dict(d).to_dict() == g.to_dict()
        json.dumps(g.view())
        assert before != g.to_dict()
    return steps


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 31), n=st.integers(2, 6), double=st.booleans(),
       finish=st.booleans())
def test_invariants_under_random_play(seed, n, double, finish):
    g = Kocka10000(n, seed, {"extra_dice_double": double, "finish_round": finish})
    checked_play(g, [Mixed(seed + i) for i in range(n)])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2 ** 31), a=st.sampled_from(LEVELS), b=st.sampled_from(LEVELS),
       finish=st.booleans())
def test_bot_games_end_and_keep_the_invariants(seed, a, b, finish):
    g = Kocka10000(2, seed, {"finish_round": finish})
    checked_play(g, [make_bot(a, seed), make_bot(b, seed + 1)], max_actions=100000)
    assert g.is_terminal()
    if not finish:
        assert g.winner >= 0 and len(g.winners()) == 1


def _random_state(seed, steps):
    g = Kocka10000(3, seed)
    agents = [Mixed(seed + i) for i in range(3)]
    for _ in range(steps):
        if g.is_terminal():
            break
        p = g.current_player()
        g.apply(agents[p].act(g, p, 0))
    return g


action_st = st.one_of(
    st.tuples(st.integers(-3, 7), st.integers(-1, 8)),
    st.tuples(st.integers(-3, 7), st.integers(-1, 8), st.integers(-5, 80)),
    st.tuples(st.integers(0, 2), st.integers(0, 6), st.integers(0, 70), st.integers(0, 3)),
    st.just(()), st.just((0,)))


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 150), action=action_st)
def test_bad_input_is_refused_clearly_and_changes_nothing(seed, steps, action):
    g = _random_state(seed, steps)
    before = g.to_dict()
    legal = g.legal_actions(g.current_player()) if not g.is_terminal() else []
    try:
        g.apply(action)
    except IllegalAction as e:
        assert str(e) and len(str(e)) < 60
        assert g.to_dict() == before
        assert action not in legal
        return
    assert action in legal


@SETTINGS
@given(seed=st.integers(0, 10 ** 6), steps=st.integers(0, 200))
def test_every_listed_action_applies_and_every_other_mask_is_refused(seed, steps):
    g = _random_state(seed, steps)
    if g.is_terminal():
        return
    p = g.current_player()
    legal = set(g.legal_actions(p))
    if g.phase == PICKING:
        for kind in (TAKE, COLLECT):
            for m in range(0, 64):
                a = (p, kind, m)
                c = g.clone()
                c.rng.state = g.rng.state
                try:
                    c.apply(a)
                    assert a in legal
                except IllegalAction:
                    assert a not in legal
                    assert g.selection_problem(m, kind == COLLECT) is not None
    for a in legal:
        c = g.clone()
        c.apply(a)


@settings(max_examples=300, deadline=None)
@given(roll=st.lists(st.integers(1, 6), min_size=1, max_size=6), double=st.booleans())
def test_best_classic_is_the_best_scoring_subset(roll, double):
    n = len(roll)
    best = 0
    for m in range(1, 1 << n):
        dice = [roll[i] for i in range(n) if m >> i & 1]
        p = classic_points(dice, n == 6 and m == 63, double)
        if p is not None and p > best:
            best = p
    assert best_classic(roll, double) == best
    choices = classic_choices(roll, double)
    assert (max([c[0] for c in choices]) if choices else 0) == best
    for pts, k, mask in choices:
        dice = [roll[i] for i in range(n) if mask >> i & 1]
        assert len(dice) == k and classic_points(dice, n == 6 and k == 6, double) == pts


def test_bust_probabilities_of_the_rules_file():
    want = {1: 0.667, 2: 0.444, 3: 0.278, 4: 0.157, 5: 0.077, 6: 0.031}
    for n, p in want.items():
        busts = sum(1 for r in product(range(1, 7), repeat=n) if best_classic(list(r)) == 0)
        assert abs(busts / 6.0 ** n - p) < 0.0006, n


def test_tables_are_up_to_date():
    """The shipped medium table is what tools/kocka10000_table.py computes now."""
    from tools import kocka10000_table as T
    res = T.build()
    with open(T.OUT) as f:
        assert f.read() == T.module_text(res)
    assert round(res["regimes"][0]["turn"]) == 467
    thr = [50 * t for t, _ in res["regimes"][0]["thresholds"]]
    assert thr == [350, 350, 400, 1000, 2900]


def test_win_table_is_sane():
    """The hard bot's table (tools/kocka10000_wintable.py; regenerating takes minutes, so
    it is checked for shape here): more points never hurt by more than the bucketing."""
    from shared_rules.kocka10000 import win as w
    N = w.N

    def W(a, b):
        return w.W[a * N + b]
    assert len(w.W) == N * N and len(w.THR) == N * N * 5 and len(w.ISLANDS) % 4 == 0
    assert 128 < W(0, 0) < 138                      # the first player's edge: 0.517
    for a in range(N):
        for b in range(N):
            assert W(a, b) + W(b, a) >= 254           # the player to move is never worse off
            if a + 1 < N:
                assert W(a + 1, b) >= W(a, b) - 3
            if b + 1 < N:
                assert W(a, b + 1) <= W(a, b) + 3
    keys = [(w.ISLANDS[i] << 8) | w.ISLANDS[i + 1] for i in range(0, len(w.ISLANDS), 4)]
    assert keys == sorted(keys)
