"""Reference implementations for Cubo's tests and benchmark: a naive brute force.

Not used by the game. brute_best tries all 8! = 40,320 placements of the 8 coloured
dice around the joker (Heap's algorithm, in place) and scores each with the same line
table as the solver, so it is the honest baseline the solver is measured against.
"""
from shared_rules.cubo.score import _tables, validate_dice, _code


def brute_codes(codes, j, runs_any_order=False):
    """Best score of 8 coded dice around a joker of value j (0 = C) by trying every
    placement."""
    out = _tables(runs_any_order)[0]
    a = list(codes)
    cnt = [0] * 8
    best = -1
    i = 0
    first = True
    while True:
        if first:
            first = False
        else:
            while i < 8 and cnt[i] >= i:
                cnt[i] = 0
                i += 1
            if i >= 8:
                break
            k = cnt[i] if i & 1 else 0
            t = a[k]
            a[k] = a[i]
            a[i] = t
            cnt[i] += 1
            i = 0
        g0 = a[0]
        g1 = a[1]
        g2 = a[2]
        g3 = a[3]
        g5 = a[4]
        g6 = a[5]
        g7 = a[6]
        g8 = a[7]
        s = (out[g0 * 144 + g1 * 12 + g2] + out[g6 * 144 + g7 * 12 + g8]
             + out[g0 * 144 + g3 * 12 + g6] + out[g2 * 144 + g5 * 12 + g8])
        if j:
            jc = (j - 1) * 24
            s += (out[g3 * 144 + jc + (g3 & 1) * 12 + g5]
                  + out[g1 * 144 + jc + (g1 & 1) * 12 + g7])
        else:
            m = 0
            for jc in range(0, 144, 24):
                t = (out[g3 * 144 + jc + (g3 & 1) * 12 + g5]
                     + out[g1 * 144 + jc + (g1 & 1) * 12 + g7])
                if t > m:
                    m = t
            s += m
        if s > best:
            best = s
    return best


def brute_best(dice, runs_any_order=False):
    """Best score of 9 dice (8 coloured + joker) by brute force."""
    coloured, joker = validate_dice(dice)
    return brute_codes([_code(d) for d in coloured], joker[0], runs_any_order)
