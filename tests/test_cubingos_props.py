"""Cubingos property tests (CPython, hypothesis): the face-meeting rule against the 3D
model on arbitrary structures, the matcher against brute force, order independence of
creatures, random action streams (illegal ones change nothing), bot games."""
from hypothesis import given, settings, strategies as st, HealthCheck

from shared_rules import driver
from shared_rules.game import IllegalAction, SYSTEM
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G
from shared_rules.cubingos.rules import CubingosState, PLACE, PASS, GO, STOP
from shared_rules.cubingos.bots import bots_for, LEVELS
from tests.shared.test_cubingos_geom import ref_meetings, geom_meetings, as_dice

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def structures(draw, max_dice=12):
    """A structure built by the placement rules: (occ, placement order)."""
    n = draw(st.integers(0, max_dice))
    occ = {G.ORIGIN: 0}
    order = [G.ORIGIN]
    for i in range(n):
        cells = G.legal_cells(occ, i == 0)
        c = cells[draw(st.integers(0, len(cells) - 1))]
        occ[c] = draw(st.integers(0, 23))
        order.append(c)
    return occ, order


@SETTINGS
@given(structures())
def test_meetings_agree_with_the_3d_model(s):
    occ, order = s
    assert geom_meetings(occ) == ref_meetings(as_dice(occ))


@SETTINGS
@given(structures(), st.integers(0, 15))
def test_matcher_lists_exactly_the_matching_placements(s, card):
    occ, order = s
    first = len(occ) == 1
    got = set()
    for c, m in G.match_masks(occ, G.legal_cells(occ, first), C.WH, C.MASK, card >> 2,
                              4 + (card & 3), []):
        for o in range(24):
            if (m >> o) & 1:
                got.add((c, o))
    want = set()
    for c in G.legal_cells(occ, first):
        for o in range(24):
            for sl, pc, ps in G.meetings(occ, c):
                if C.creature(C.WH[o * 36 + sl], C.WH[occ[pc] * 36 + ps]) == card:
                    want.add((c, o))
    assert got == want


def _state_with(occ, order):
    g = CubingosState(2, 0)
    d = g.to_dict()
    d["dice"] = [list(G.xyz(c)) + [occ[c]] for c in order]
    return CubingosState.from_dict(d)


@SETTINGS
@given(structures(), st.randoms(use_true_random=False))
def test_creatures_do_not_depend_on_placement_order(s, rnd):
    """Rebuild the same dice in another legal order (supports first): same creatures,
    and each die's creatures are those its placement formed, less any covered later."""
    occ, order = s
    rest = order[1:]
    rnd.shuffle(rest)
    other = [G.ORIGIN]
    placed = {G.ORIGIN: 0}
    while rest:
        for c in rest:
            if G.supported(placed, c) and G.touches(placed, c):
                rest.remove(c)
                other.append(c)
                placed[c] = occ[c]
                break
        else:
            raise AssertionError("no legal order")
    a = _state_with(occ, order)
    b = _state_with(occ, other)

    def norm(cs):
        out = set()
        for k, p1, f1, g1, p2, f2, g2 in cs:
            x, y = (p1, f1, g1), (p2, f2, g2)
            out.add((k,) + ((x, y) if x < y else (y, x)))
        return out

    assert norm(a.creatures()) == norm(b.creatures())
    for c in order:
        x, y, z = G.xyz(c)
        assert norm(a.creatures_of(x, y, z)) <= norm(a.creatures())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 6), st.integers(2, 4), st.integers(0, 15), st.booleans(),
       st.lists(st.tuples(st.integers(0, 3), st.integers(0, 9), st.integers(0, 10 ** 6),
                          st.integers(0, 2000)), min_size=1, max_size=120))
def test_random_action_streams(seed, n, humans, free, moves):
    """Legal actions apply, illegal ones raise IllegalAction and change nothing; the log
    replays to the same state."""
    humans &= (1 << n) - 1
    opts = {"humans": humans, "free_dice": free, "limit_ms": 5000}
    g = CubingosState(n, seed, opts)
    log = []
    now = 0
    for who, kind, pick, dt in moves:
        if g.is_terminal():
            break
        now += dt
        ev = g.system_action(now)
        if ev is not None:
            g.apply(ev)
            log.append(ev)
            continue
        p = who % n
        acts = g.legal_actions(p, now)
        if kind < 7 and acts:
            a = acts[pick % len(acts)]
            g.apply(a)
            log.append(a)
        else:
            junk = ((p, PLACE, pick % 7 - 3, pick % 5 - 2, pick % 3, pick % 30, now),
                    (p, PASS, now), (p, GO, now), (SYSTEM, STOP, now), (p, 9, now))[kind % 5]
            before = g.to_dict()
            try:
                g.apply(junk)
                log.append(junk)
            except IllegalAction:
                assert g.to_dict() == before
        d = g.to_dict()
        assert CubingosState.from_dict(d).to_dict() == d
        assert len(g.dice()) == 1 + sum(g.scores()) - _taken(log)
        for x, y, z, o, start in g.dice():
            assert z == 0 or g.die_at(x, y, z - 1) is not None
    assert driver.replay(CubingosState, n, seed, opts, log).to_dict() == g.to_dict()


def _taken(log):
    return len([a for a in log if a[1] == C.TAKE])


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10 ** 6), st.lists(st.sampled_from(LEVELS), min_size=2, max_size=4),
       st.booleans())
def test_bot_games_end_and_replay(seed, levels, free):
    opts = {"free_dice": free}
    g = CubingosState(len(levels), seed, opts)
    log = driver.play(g, bots_for(levels, seed))
    assert g.is_terminal()
    assert sum(g.scores()) + len(g.pile) == 16
    assert driver.replay(CubingosState, len(levels), seed, opts, log).to_dict() == g.to_dict()
