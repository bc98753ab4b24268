"""How the Cubingos die was designed, and a check of the shipped design (CPython tool).

    python -m tools.cubingos_design            # check and describe the shipped die
    python -m tools.cubingos_design search [N] # hill-climb N random starts (40: the shipped
                                               # die, in a few minutes), print the best

The constraints (shared/rules/cubingos.md): 3 heads of each fur colour and 3 mouths of
each expression on a die, and every one of the 16 creatures formable in the first round
by one die placed against the start die alone (the start die is the same die, in
orientation 0). Our own extras, for a die that reads well and plays evenly:
  - every face carries 2 heads of different colours and 2 mouths of different
    expressions, heads on two adjacent edges (the face reads "top half" / "bottom half");
  - the first-round placements that form each creature are as even as possible across
    the 16 creatures (score: the smallest count first, then the spread).
"""
import sys

from shared_rules.cubingos import geom as G

SIDES = tuple(G.ORIGIN + G.DIR_OFF[d] for d in range(4))


def first_round_counts(die):
    """For each card 0..15: how many (side cell, orientation) placements form it."""
    wh, mask = G.build_tables(die)
    occ = {G.ORIGIN: 0}
    counts = []
    for card in range(16):
        out = G.match_masks(occ, SIDES, wh, mask, card >> 2, 4 + (card & 3), [])
        counts.append(sum(bin(m).count("1") for _, m in out))
    return counts


def face_ok(die):
    for f in range(6):
        h = [die[f * 4 + k] for k in range(4)]
        heads = [x for x in h if x < 4]
        mouths = [x for x in h if x >= 4]
        if len(heads) != 2 or len(set(heads)) != 2 or len(set(mouths)) != 2:
            return False
        # the two heads on adjacent edges (perpendicular edge directions)
        ks = [k for k in range(4) if h[k] < 4]
        if G.PERP[f][ks[0]] >> 1 == G.PERP[f][ks[1]] >> 1:
            return False
    return True


def score(die):
    c = first_round_counts(die)
    return (min(c), -(max(c) - min(c)), -sum((x - 12) ** 2 for x in c))


def random_die(rng):
    import random
    while True:
        heads = [0, 1, 2, 3] * 3
        mouths = [4, 5, 6, 7] * 3
        rng.shuffle(heads)
        rng.shuffle(mouths)
        die = bytearray(24)
        for f in range(6):
            pos = list(range(4))
            # heads on two adjacent edges
            a = rng.randrange(4)
            cand = [k for k in range(4) if k != a and G.PERP[f][k] >> 1 != G.PERP[f][a] >> 1]
            b = rng.choice(cand)
            for k in pos:
                die[f * 4 + k] = heads.pop() if k in (a, b) else mouths.pop()
        if face_ok(die):
            return die


def mutate(die, rng):
    d = bytearray(die)
    while True:
        i = rng.randrange(24)
        j = rng.randrange(24)
        if i // 4 == j // 4 and (d[i] < 4) != (d[j] < 4):
            continue  # a head and a mouth on one face trade places only via the rule below
        if (d[i] < 4) != (d[j] < 4):
            continue
        d[i], d[j] = d[j], d[i]
        if face_ok(d):
            return d


def search(starts=40, steps=3000, seed=7):
    import random
    rng = random.Random(seed)
    best = None
    for _ in range(starts):
        die = random_die(rng)
        s = score(die)
        for _ in range(steps):
            n = mutate(die, rng)
            t = score(n)
            if t >= s:
                die, s = n, t
        if best is None or s > best[0]:
            best = (s, bytes(die))
            print("score", s, best[1].hex())
    return best


def describe(die):
    from shared_rules.cubingos import rules as C
    print(net(die))
    print("first-round placements per card:")
    c = first_round_counts(die)
    for card in range(16):
        print("  %-22s %d" % (C.card_name(card), c[card]))
    print("faces ok:", face_ok(die), " min/max:", min(c), max(c))




# The unfolded die as drawn in shared_rules/cubingos/rules.py and docs/cubingos_die.svg:
# (name, face, the direction drawn up, the direction drawn right), seen from outside.
NET_FACES = (("top", 4, 2, 0), ("left", 1, 4, 3), ("front", 3, 4, 0), ("right", 0, 4, 2),
             ("back", 2, 4, 1), ("bottom", 5, 3, 0))
# Where each face sits in the net (column, row).
NET_POS = {"top": (1, 0), "left": (0, 1), "front": (1, 1), "right": (2, 1), "back": (3, 1),
           "bottom": (1, 2)}


def face_edges(die, f, up, right):
    """The halves of body face f at its (top, left, right, bottom) edges in the drawing."""
    def h(g):
        return die[G.SLOT[f * 6 + g]]
    return h(up), h(right ^ 1), h(right), h(up ^ 1)


def net(die, letters="RYGBhsao"):
    """The ASCII net of the docstring."""
    W = 12
    rows = [[" "] * (4 * W + 1) for _ in range(13)]

    def put(r, c, text):
        for i, ch in enumerate(text):
            rows[r][c + i] = ch

    for name, f, up, right in NET_FACES:
        col, row = NET_POS[name]
        x = col * W
        y = row * 4
        put(y, x, "+" + "-" * (W - 1) + "+")
        put(y + 4, x, "+" + "-" * (W - 1) + "+")
        t, l, r, b = face_edges(die, f, up, right)
        put(y + 1, x, "|" + letters[t].center(W - 1) + "|")
        put(y + 2, x, "|" + letters[l] + name.center(W - 3) + letters[r] + "|")
        put(y + 3, x, "|" + letters[b].center(W - 1) + "|")
    return "\n".join("".join(r).rstrip() for r in rows)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "search":
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 40
        s, die = search(n)
        print("best", s, list(die))
    else:
        from shared_rules.cubingos import rules as C
        describe(C.DIE)
