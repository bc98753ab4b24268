"""Coloretto property tests (hypothesis, CPython): random play conserves the 77 cards,
legal_actions is exact, snapshots round-trip, scores follow score_player, and the optimal
joker assignment equals brute force over every assignment and every choice of plus colours."""
import itertools
import json

from hypothesis import given, settings, strategies as st, HealthCheck

from shared_rules import driver
from shared_rules.game import IllegalAction
from shared_rules.coloretto import rules as C
from shared_rules.coloretto import bots as B
from shared_rules.coloretto.rules import Coloretto, score_player, JOKER, PLUS2, LAST

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FULL = [9] * 7 + [3, 10, 1]
options = st.fixed_dictionaries({"preset": st.sampled_from(["original", "online"]),
                                 "scoring_table": st.sampled_from(["brown", "grey"])})


def census(g):
    out = [0] * 10
    for c in g.deck:
        out[c] += 1
    for row in g.rows:
        for c in row:
            out[c] += 1
    if g.drawn >= 0:
        out[g.drawn] += 1
    for coll in g.coll:
        for k in range(9):
            out[k] += coll[k]
    for c in g.discard:
        out[c] += 1
    for k in g.removed:
        out[k] += 9
    if g.last_round:
        out[LAST] += 1
    return out


def brute(counts, jokers, plus2, table):
    """Every colour for every joker, every set of (up to) three plus colours."""
    t = C.TABLES[table]
    best = None
    for assign in itertools.product(range(7), repeat=jokers):
        w = list(counts)
        for k in assign:
            w[k] += 1
        vals = [t[min(c, 6)] for c in w]
        for plus in itertools.combinations(range(7), 3):
            s = sum(vals[x] if x in plus else -vals[x] for x in range(7))
            best = s if best is None or s > best else best
    return best + 2 * plus2


@FAST
@given(st.lists(st.integers(0, 9), min_size=7, max_size=7), st.integers(0, 3),
       st.integers(0, 10), st.sampled_from(["brown", "grey"]))
def test_score_player_equals_brute_force(counts, jokers, plus2, table):
    assert score_player(counts, jokers, plus2, table) == brute(counts, jokers, plus2, table)


@FAST
@given(st.lists(st.integers(0, 9), min_size=7, max_size=7), st.integers(0, 3),
       st.sampled_from(["brown", "grey"]), st.integers(2, 5), st.integers(0, 50))
def test_state_best_assignment_is_optimal(counts, jokers, table, n, seed):
    g = Coloretto(n, seed=seed, options={"scoring_table": table})
    for k in g.removed:
        counts[k] = 0  # a removed colour is never held
    g.coll[0] = list(counts) + [jokers, 1]
    best = g.best_assignment(0)
    assert len(best) == jokers and list(best) == sorted(best)
    assert all(k in g.colours for k in best)
    assert g.score(0) == g.score_with(0, best) == brute(counts, jokers, 1, table)
    assert g.breakdown(0)[2] == g.score(0)
    # and no legal assignment scores more
    for k in itertools.combinations_with_replacement(g.colours, jokers):
        assert g.score_with(0, k) <= g.score(0)


@st.composite
def games(draw):
    n = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 10 ** 6))
    opts = draw(options)
    choices = draw(st.lists(st.integers(0, 10 ** 6), min_size=400, max_size=400))
    return n, seed, opts, choices


def play_choices(n, seed, opts, choices, check=None):
    g = Coloretto(n, seed=seed, options=opts)
    log = []
    i = 0
    while not g.is_terminal():
        p = g.current_player()
        legal = g.legal_actions(p)
        assert legal
        a = legal[choices[i % len(choices)] % len(legal)]
        i += 1
        g.apply(a)
        log.append(a)
        if check:
            check(g)
        assert i < 2000
    return g, log


@GAMES
@given(games())
def test_random_play_conserves_cards(game):
    n, seed, opts, choices = game

    def check(g):
        assert census(g) == FULL
        assert sum(len(r) for r in g.rows) <= sum(g.cap)
        for r in range(len(g.cap)):
            assert len(g.rows[r]) <= g.cap[r]
            if g.taker[r] >= 0:
                assert g.rows[r] == [] and g.took[g.taker[r]] == r
        assert LAST not in g.rows and g.drawn != LAST
        if not g.last_round:
            assert g.deck.index(LAST) == (15 if opts["preset"] == "original" else 14)
    g, log = play_choices(n, seed, opts, choices, check)
    assert g.last_round
    for p in range(n):
        c = g.coll[p]
        w = list(c[:7])
        for k in g.assigned[p] or ():
            w[k] += 1
        assert len(g.assigned[p] or ()) == c[JOKER]
        assert g.scores()[p] == score_player(w, 0, c[PLUS2], opts["scoring_table"])
    again = driver.replay(Coloretto, n, seed, opts, log)
    assert again.to_dict() == g.to_dict()


@GAMES
@given(games(), st.integers(0, 399))
def test_legal_actions_are_exact_and_illegal_ones_change_nothing(game, stop):
    n, seed, opts, choices = game
    g = Coloretto(n, seed=seed, options=opts)
    for i in range(stop):
        if g.is_terminal():
            break
        legal = g.legal_actions(g.current_player())
        g.apply(legal[choices[i] % len(legal)])
    before = g.to_dict()
    text = json.dumps(before)
    assert Coloretto.from_dict(json.loads(text)).to_dict() == before
    cur = g.current_player()
    legal = set(g.legal_actions(cur)) if cur >= 0 else set()
    probes = set()
    for p in range(-1, n + 1):
        for kind in range(6):
            probes.add((p, kind))
            for r in range(-1, 6):
                probes.add((p, kind, r))
        for extra in itertools.product(range(8), repeat=2):
            probes.add((p, C.ASSIGN) + extra)
        for extra in itertools.product(range(7), repeat=3):
            probes.add((p, C.ASSIGN) + extra)
    probes |= legal
    for a in probes:
        if a in legal:
            h = Coloretto.from_dict(before)
            h.apply(a)  # must not raise
            continue
        try:
            g.apply(a)
            assert False, "accepted %r" % (a,)
        except IllegalAction as e:
            assert str(e)
    assert g.to_dict() == before
    for q in range(n):
        if q != cur:
            assert g.legal_actions(q) == []


@FEW
@given(st.integers(0, 10 ** 6), st.integers(2, 5), options)
def test_bot_games_are_legal_and_replayable(seed, n, opts):
    levels = ["strong", "greedy", "random", "greedy", "random"][:n]
    agents = [B.StrongBot(seed, steps=40) if lv == "strong" else B.make_bot(lv, seed + i)
              for i, lv in enumerate(levels)]
    g = Coloretto(n, seed=seed, options=opts)
    log = driver.play(g, agents)
    assert census(g) == FULL
    assert driver.replay(Coloretto, n, seed, opts, log).scores() == g.scores()


@FEW
@given(games(), st.integers(0, 150), st.integers(0, 1000))
def test_strong_bot_ignores_the_order_of_unseen_cards(game, stop, shuffle_seed):
    n, seed, opts, choices = game
    g = Coloretto(n, seed=seed, options=opts)
    for i in range(stop):
        if g.phase not in (C.PHASE_TURN, C.PHASE_PLACE):
            break
        legal = g.legal_actions(g.current_player())
        g.apply(legal[choices[i] % len(legal)])
    if g.is_terminal():
        return
    h = g.clone()
    deck = [c for c in h.deck if c != LAST]
    from shared_rules.rng import Rng
    Rng(shuffle_seed).shuffle(deck)
    if LAST in g.deck:
        deck.insert(g.deck.index(LAST), LAST)
    h.deck = deck
    p = g.current_player()
    assert B.StrongBot(5, steps=30).act(g, p, 0) == B.StrongBot(5, steps=30).act(h, p, 0)
    assert B.GreedyBot(5).act(g, p, 0) == B.GreedyBot(5).act(h, p, 0)
