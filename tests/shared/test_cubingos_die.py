"""The Cubingos die meets every constraint of shared/rules/cubingos.md, and the cards.

MicroPython subset (runs under CPython and real MicroPython)."""
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G
from shared_rules.cubingos.rules import CubingosState, CARDS, DIE


def test_sixteen_cards_are_the_sixteen_creatures():
    assert len(CARDS) == 16
    assert sorted(CARDS) == [(c, m) for c in range(4) for m in range(4)]
    for k in range(16):
        assert CARDS[k] == (k >> 2, k & 3)
    names = [C.card_name(k) for k in range(16)]
    assert len(set(names)) == 16


def test_24_halves_three_heads_per_colour_three_mouths_per_expression():
    assert len(DIE) == 24
    for h in range(8):
        assert list(DIE).count(h) == 3, h
    heads = [h for h in DIE if h < 4]
    mouths = [h for h in DIE if h >= 4]
    assert len(heads) == 12 and len(mouths) == 12


def test_our_extra_face_layout():
    """Each face: two heads of different colours on adjacent edges, two different mouths."""
    for f in range(6):
        hs = [DIE[f * 4 + k] for k in range(4)]
        heads = [k for k in range(4) if hs[k] < 4]
        assert len(heads) == 2
        assert hs[heads[0]] != hs[heads[1]]
        mouths = [hs[k] for k in range(4) if hs[k] >= 4]
        assert mouths[0] != mouths[1]
        assert G.PERP[f][heads[0]] >> 1 != G.PERP[f][heads[1]] >> 1


def test_creature_rule():
    for h1 in range(8):
        for h2 in range(8):
            k = C.creature(h1, h2)
            if (h1 < 4) == (h2 < 4):
                assert k == -1
            else:
                head = h1 if h1 < 4 else h2
                mouth = h2 if h1 < 4 else h1
                assert CARDS[k] == (head, mouth - 4)
            assert k == C.creature(h2, h1)


def test_every_creature_can_be_formed_in_the_first_round_against_the_start_die():
    """By one die placed against the start die alone, in some side cell and orientation;
    checked through the game itself (the first round, every card)."""
    g = CubingosState(2, 1)
    assert g.dice() == [(0, 0, 0, 0, True)]
    cells = g.legal_cells()
    assert sorted(cells) == sorted([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)])
    counts = []
    for card in range(16):
        ms = g.matches(card)
        assert ms, C.card_name(card)
        n = 0
        for x, y, z, o in ms:
            assert z == 0
            formed = [c[0] for c in g.preview(x, y, z, o)]
            assert card in formed
            n += 1
        counts.append(n)
    # and no other placement forms it (matches lists them all)
    for card in range(16):
        n = 0
        for x, y, z in cells:
            for o in range(24):
                if card in [c[0] for c in g.preview(x, y, z, o)]:
                    n += 1
        assert n == counts[card]
    assert min(counts) >= 6 and max(counts) <= 9


def test_halves_of_a_face():
    # the start die's top in orientation 0 is the die's +z face, as listed in DIE
    assert C.halves(0, G.PZ) == tuple(DIE[16:20])
    for o in range(24):
        all_h = []
        for f in range(6):
            all_h += list(C.halves(o, f))
        assert sorted(all_h) == sorted(DIE)
