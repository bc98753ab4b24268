"""Cubingos geometry: the 24 orientations, cells, support, and where faces meet, checked
against an independent model built from plain 3D coordinates.

MicroPython subset (runs under CPython and real MicroPython)."""
from shared_rules.cubingos import geom as G
from shared_rules.cubingos import rules as C
from shared_rules.rng import Rng


def det3(m):
    return (m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6]))


def matmul(a, b):
    return tuple(sum(a[i * 3 + k] * b[k * 3 + j] for k in range(3))
                 for i in range(3) for j in range(3))


def test_24_distinct_proper_rotations_identity_first():
    assert G.N_ORIENT == 24
    mats = [G.matrix(o) for o in range(24)]
    assert mats[0] == (1, 0, 0, 0, 1, 0, 0, 0, 1)
    seen = []
    for m in mats:
        assert det3(m) == 1
        assert m not in seen
        seen.append(m)
    for o in range(24):
        r = G.ROT[o * 6:o * 6 + 6]
        assert sorted(r) == list(range(6))
        for d in range(6):
            assert r[d ^ 1] == r[d] ^ 1


def test_orientations_closed_under_composition_with_inverses():
    mats = [G.matrix(o) for o in range(24)]
    for a in range(24):
        inv = G.inverse(a)
        assert G.compose(a, inv) == 0 and G.compose(inv, a) == 0
        for b in range(24):
            c = G.compose(a, b)
            assert 0 <= c < 24
            assert mats[c] == matmul(mats[a], mats[b])


def test_quarter_turns_generate_all_and_cycle_in_four():
    for axis in range(3):
        for o in range(24):
            assert G.turn(o, axis, 4) == o
            assert G.turn(G.turn(o, axis), axis, 3) == o
            assert G.turn(o, axis, 1) != o
    # turning about z maps +x to +y (right-handed)
    o = G.turn(0, 2)
    assert G.ROT[o * 6 + G.PX] == G.PY and G.ROT[o * 6 + G.PY] == G.NX
    reach = [0]
    i = 0
    while i < len(reach):
        for axis in range(3):
            n = G.turn(reach[i], axis)
            if n not in reach:
                reach.append(n)
        i += 1
    assert len(reach) == 24


def test_orient_of_up_and_front():
    for up in range(6):
        for front in range(6):
            o = G.orient_of(up, front)
            if up >> 1 == front >> 1:
                assert o == -1
            else:
                assert G.ROT[o * 6 + up] == G.PZ and G.ROT[o * 6 + front] == G.NY
    assert G.orient_of(G.PZ, G.NY) == 0


def test_cells_pack_and_step():
    for x in (-30, -1, 0, 5, 30):
        for y in (-30, 0, 7, 30):
            for z in (0, 1, 12, 30):
                c = G.cell(x, y, z)
                assert G.xyz(c) == (x, y, z)
                for d in range(6):
                    v = G.DIR_VEC[d]
                    if z + v[2] >= 0:
                        assert G.xyz(c + G.DIR_OFF[d]) == (x + v[0], y + v[1], z + v[2])
                    else:
                        assert c + G.DIR_OFF[d] < 0  # the table
    assert G.xyz(G.ORIGIN) == (0, 0, 0)


def test_slots_cover_the_24_edge_halves():
    assert len(G.SLOT_FG) == 24
    seen = []
    for i in range(24):
        fg = G.SLOT_FG[i]
        f, g = fg // 6, fg % 6
        assert f >> 1 != g >> 1
        assert G.SLOT[fg] == i
        assert g in G.PERP[f]
        seen.append(fg)
    assert len(set(seen)) == 24


def test_world_halves_follow_the_rotation():
    """WH: the half a die shows at world slot (F, G) is its body slot (R^-1 F, R^-1 G)."""
    for o in range(24):
        m = G.matrix(o)
        for F in range(6):
            for g in G.PERP[F]:
                # body direction b with world image F: m * vec(b) == vec(F)
                bf = [b for b in range(6) if _apply(m, G.DIR_VEC[b]) == G.DIR_VEC[F]][0]
                bg = [b for b in range(6) if _apply(m, G.DIR_VEC[b]) == G.DIR_VEC[g]][0]
                assert C.WH[o * 36 + F * 6 + g] == C.DIE[G.SLOT[bf * 6 + bg]]
                assert (C.MASK[(F * 6 + g) * 8 + C.WH[o * 36 + F * 6 + g]] >> o) & 1


def _apply(m, v):
    return tuple(m[i * 3] * v[0] + m[i * 3 + 1] * v[1] + m[i * 3 + 2] * v[2]
                 for i in range(3))


# -- an independent model of where faces meet ---------------------------------------------
def ref_meetings(dice):
    """Meetings from 3D coordinates alone. dice: {(x, y, z): o}. Two visible faces of
    different dice meet when they share an edge segment and either lie in one plane
    facing the same way, or stand at a right angle facing each other (an inside
    corner). Returns sorted ((cell, F, G), (cell2, F2, G2)) with the smaller first."""
    at_edge = {}
    for p in dice:
        x, y, z = p
        for F in range(6):
            v = G.DIR_VEC[F]
            n = (x + v[0], y + v[1], z + v[2])
            if n[2] < 0 or n in dice:
                continue   # on the table, or covered by a die
            for g in G.PERP[F]:
                w = G.DIR_VEC[g]
                key = (2 * x + 1 + v[0] + w[0], 2 * y + 1 + v[1] + w[1],
                       2 * z + 1 + v[2] + w[2])
                at_edge.setdefault(key, []).append((p, F, g))
    out = []
    for key in at_edge:
        lst = at_edge[key]
        for i in range(len(lst)):
            for j in range(i + 1, len(lst)):
                a = lst[i]
                b = lst[j]
                if a[0] == b[0]:
                    continue
                meet = False
                if a[1] == b[1]:
                    meet = True
                elif a[1] >> 1 != b[1] >> 1:
                    na = G.DIR_VEC[a[1]]
                    nb = G.DIR_VEC[b[1]]
                    ca = [2 * a[0][k] + 1 + na[k] for k in range(3)]
                    cb = [2 * b[0][k] + 1 + nb[k] for k in range(3)]
                    da = sum(na[k] * (cb[k] - ca[k]) for k in range(3))
                    db = sum(nb[k] * (ca[k] - cb[k]) for k in range(3))
                    meet = da > 0 and db > 0
                if meet:
                    out.append((a, b) if a < b else (b, a))
    out.sort()
    return out


def geom_meetings(occ):
    out = []
    for c in occ:
        for s, pc, ps in G.meetings(occ, c):
            a = (G.xyz(c), s // 6, s % 6)
            b = (G.xyz(pc), ps // 6, ps % 6)
            if a < b:
                out.append((a, b))
    out.sort()
    return out


def random_structure(seed, n):
    """n dice placed by the rules (first one on the table), random orientations."""
    r = Rng(seed)
    occ = {G.ORIGIN: 0}
    for i in range(n):
        cells = G.legal_cells(occ, i == 0)
        occ[r.choice(cells)] = r.below(24)
    return occ


def as_dice(occ):
    d = {}
    for c in occ:
        d[G.xyz(c)] = occ[c]
    return d


def test_meetings_match_the_3d_model_on_the_rules_pictures():
    # side by side on one level
    occ = {G.ORIGIN: 0, G.cell(1, 0, 0): 5}
    m = geom_meetings(occ)
    assert m == ref_meetings(as_dice(occ))
    assert len(m) == 3   # tops, fronts, backs
    # over two levels: two stacks of two side by side
    occ = {G.ORIGIN: 0, G.cell(1, 0, 0): 1, G.cell(0, 0, 1): 2, G.cell(1, 0, 1): 3}
    assert geom_meetings(occ) == ref_meetings(as_dice(occ))
    pairs = [(a[0], b[0]) for a, b in geom_meetings(occ)]
    assert ((0, 0, 1), (1, 0, 1)) in pairs and ((0, 0, 0), (1, 0, 0)) in pairs
    # at a right angle: the top of a die and the side of the die on its neighbour
    occ = {G.ORIGIN: 0, G.cell(1, 0, 0): 7, G.cell(1, 0, 1): 9}
    m = geom_meetings(occ)
    assert m == ref_meetings(as_dice(occ))
    assert (((0, 0, 0), G.PZ, G.PX), ((1, 0, 1), G.NX, G.NZ)) in m


def test_meetings_match_the_3d_model_on_random_structures():
    for seed in range(12):
        occ = random_structure(seed, 12)
        assert geom_meetings(occ) == ref_meetings(as_dice(occ)), seed


def test_detection_is_symmetric():
    """The creatures between two dice are the same whichever of them is looked at (so
    whichever was placed last)."""
    for seed in range(6):
        occ = random_structure(100 + seed, 10)
        for c in occ:
            for s, pc, ps in G.meetings(occ, c):
                back = [(s2, q, ps2) for s2, q, ps2 in G.meetings(occ, pc) if q == c]
                assert (ps, c, s) in back
                k1 = C.creature(C.WH[occ[c] * 36 + s], C.WH[occ[pc] * 36 + ps])
                k2 = C.creature(C.WH[occ[pc] * 36 + ps], C.WH[occ[c] * 36 + s])
                assert k1 == k2


def test_placing_a_die_only_adds_its_own_meetings_and_removes_covered_ones():
    for seed in range(8):
        occ = random_structure(200 + seed, 9)
        before = geom_meetings(occ)
        for c in G.legal_cells(occ, False):
            occ[c] = 3
            after = geom_meetings(occ)
            xyz = G.xyz(c)
            mine = [m for m in after if m[0][0] == xyz or m[1][0] == xyz]
            others = [m for m in after if m not in mine]
            # nothing new between other dice; what went was on a face the die covers
            for m in others:
                assert m in before
            for m in before:
                if m not in others:
                    covered = False
                    for cellf in m:
                        v = G.DIR_VEC[cellf[1]]
                        p = cellf[0]
                        if (p[0] + v[0], p[1] + v[1], p[2] + v[2]) == xyz:
                            covered = True
                    assert covered, m
            del occ[c]


def test_a_covering_die_removes_the_creatures_on_the_covered_face():
    occ = {G.ORIGIN: 0, G.cell(1, 0, 0): 0}
    tops = [m for m in geom_meetings(occ) if m[0][1] == G.PZ]
    assert len(tops) == 1
    occ[G.cell(1, 0, 1)] = 0   # a die on the neighbour covers its top
    assert not [m for m in geom_meetings(occ) if m[0][1] == G.PZ and m[1][1] == G.PZ]


def test_support_and_legal_cells():
    occ = {G.ORIGIN: 0}
    first = G.legal_cells(occ, True)
    assert [G.xyz(c) for c in first] == sorted([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)],
                                               key=lambda p: G.cell(p[0], p[1], p[2]))
    later = [G.xyz(c) for c in G.legal_cells(occ, False)]
    assert (0, 0, 1) in later and len(later) == 5
    occ[G.cell(1, 0, 0)] = 0
    occ[G.cell(1, 0, 1)] = 0
    cells = [G.xyz(c) for c in G.legal_cells(occ, False)]
    assert (1, 0, 2) in cells and (0, 0, 1) in cells
    assert (2, 0, 1) not in cells and (1, 1, 1) not in cells  # would float
    assert not G.supported(occ, G.cell(2, 0, 1))
    assert G.supported(occ, G.cell(2, 0, 0))
    for seed in range(10):
        occ = random_structure(300 + seed, 12)
        for c in occ:
            x, y, z = G.xyz(c)
            assert z == 0 or c - G.UP in occ
        for c in G.legal_cells(occ, False):
            assert c not in occ and G.supported(occ, c) and G.touches(occ, c)


def test_free_cells_have_nothing_on_top():
    occ = {G.ORIGIN: 0, G.cell(1, 0, 0): 0, G.cell(1, 0, 1): 0}
    assert [G.xyz(c) for c in G.free_cells(occ, G.ORIGIN)] == [(1, 0, 1)]


# -- the literal tables, derived from their definitions ------------------------------------
def test_the_literal_direction_and_slot_tables_are_their_definitions():
    perp = tuple(tuple(g for g in range(6) if g >> 1 != f >> 1) for f in range(6))
    assert G.PERP == perp
    slot = bytearray(b"\xff" * 36)
    slot_fg = bytearray(24)
    for f in range(6):
        for k in range(4):
            slot[f * 6 + perp[f][k]] = f * 4 + k
            slot_fg[f * 4 + k] = f * 6 + perp[f][k]
    assert G.SLOT == bytes(slot) and G.SLOT_FG == bytes(slot_fg)


def test_the_literal_rotations_keep_their_numbering():
    """The orientation numbers are in saved games: the identity, then breadth first by
    quarter turns about +x, +y, +z."""
    gens = (bytes((0, 1, 4, 5, 3, 2)), bytes((5, 4, 2, 3, 0, 1)), bytes((2, 3, 1, 0, 4, 5)))
    rots = [bytes(range(6))]
    i = 0
    while i < len(rots):
        r = rots[i]
        for g in gens:
            n = bytes([g[r[d]] for d in range(6)])
            if n not in rots:
                rots.append(n)
        i += 1
    assert G.N_ORIENT == len(rots) == 24
    assert G.ROT == b"".join(rots)
    key = bytearray(b"\xff" * 36)
    inv = bytearray(24 * 6)
    for o in range(24):
        key[rots[o][0] * 6 + rots[o][2]] = o
        for d in range(6):
            inv[o * 6 + rots[o][d]] = d
    assert G._KEY == bytes(key) and G.INV == bytes(inv)
    assert G.TURN == (G.rotation_of((0, 4)), G.rotation_of((5, 2)), G.rotation_of((2, 1)))


def test_the_literal_edges_are_the_pairs_of_perpendicular_directions():
    off = G.DIR_OFF
    edges = []
    for a in range(6):
        for b in range(a + 1, 6):
            if a >> 1 != b >> 1:
                edges.append((off[a], off[b], off[a] + off[b], a * 6 + b, b * 6 + a,
                              (b ^ 1) * 6 + (a ^ 1), (a ^ 1) * 6 + (b ^ 1),
                              a * 6 + (b ^ 1), b * 6 + (a ^ 1)))
    assert G.EDGES == tuple(edges)
    assert G.EDGES_LOW == tuple(e for e in edges if e[0] != -G.UP and e[1] != -G.UP)


def test_the_literal_die_tables_are_built_from_the_die():
    wh, mask = G.build_tables(C.DIE)
    assert C.WH == wh and list(C.MASK) == list(mask)
