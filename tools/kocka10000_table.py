"""Builds shared_rules/kocka10000/ev.py: the maximum-expected-points tables of Kocka 10000.

    .venv/bin/python -m tools.kocka10000_table [--check]

Dynamic programming over (turn total, dice left), turn totals on the 50-point grid:

    R[n][u]  expected points of the turn when n dice are about to be rolled at total 50u
    V[m][u]  the same after a set-aside that left m dice: max(roll on, bank if allowed);
             m = 0 is hot dice (all six must be rolled again, no bank)
    C[u]     a confirmation roll (six dice after a completed collection; classic only)

A roll's outcome is a multiset of dice; its choices are, for each number k of dice used,
the best classic points with k dice (more points with the same dice left always wins),
plus, for a player at 2,500+ rolling six dice (not a confirmation), starting a
collection of each face shown. A collection is all or nothing, so the best way to play
one maximises the probability of completing it; PC[c] (c collected, joker at five) is
that probability, computed exactly here. A completed collection is worth face x 1,000
and must survive the confirmation roll; six 1s win the game (counted as 10,000 points).

Two regimes: before 2,500 (bank from 350, no collections) and from 2,500 (bank any
total, collections). Above CAP the tables assume the player banks.

The shipped data (16-bit big-endian values in whole points, as bytes literals):
    EV[r][n-1]  for n = 1..5: V[n][u] for u below the bank threshold (the table's length
                is the threshold: at or above it, bank); for n = 6: R[6][u] for u < 201
                (hot dice: always roll)
    CONF        C[u] for u < 201 (regime 1)
    PC          completion probabilities of a collection with c = 0..6 collected
"""
import math
import os
import sys
from fractions import Fraction
from itertools import combinations_with_replacement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from shared_rules.kocka10000.rules import classic_points  # noqa: E402

OUT = os.path.join(ROOT, "shared_rules", "kocka10000", "ev.py")
CAP = 600          # turn totals up to 30,000 are computed
SHIP = 201         # hot-dice / confirmation values shipped for u < SHIP (t <= 10,000)
MIN_U = (7, 1)     # the bank minimum per regime, in 50s


def outcomes(n):
    """[(probability, counts[0..6], options)] for every multiset of n dice.

    options: [(d, k)]: set aside k dice for 50*d points, the best d for each k.
    """
    out = []
    for combo in combinations_with_replacement(range(1, 7), n):
        counts = [0] * 7
        for d in combo:
            counts[d] += 1
        ways = math.factorial(n)
        for c in counts:
            ways //= math.factorial(c)
        best = {}
        for sub in _submultisets(counts):
            k = sum(sub)
            if not k:
                continue
            dice = [f for f in range(1, 7) for _ in range(sub[f])]
            pts = classic_points(dice, n == 6 and k == 6)
            if pts is not None and pts > best.get(k, 0):
                best[k] = pts
        opts = sorted((p // 50, k) for k, p in best.items())
        out.append((Fraction(ways, 6 ** n), counts, opts))
    return out


def _submultisets(counts):
    subs = [[0] * 7]
    for f in range(1, 7):
        subs = [s[:f] + [j] + s[f + 1:] for s in subs for j in range(counts[f] + 1)]
    return subs


def grouped(n):
    """Outcomes with the same classic options merged: [(prob, options)]."""
    g = {}
    for p, _, opts in outcomes(n):
        key = tuple(opts)
        g[key] = g.get(key, 0) + p
    return [(float(p), list(k)) for k, p in sorted(g.items())]


def bust_probabilities():
    return [0.0] + [float(sum(p for p, _, o in outcomes(n) if not o)) for n in range(1, 7)]


def completion_probabilities():
    """PC[c]: probability to complete a collection with c collected, playing to complete it
    (joker named at five). Also checks that keeping every die of the face is best."""
    pc = [Fraction(0)] * 7
    pc[6] = Fraction(1)
    pc[5] = Fraction(2, 6)
    for c in range(4, 0, -1):
        n = 6 - c
        total = Fraction(0)
        for k in range(1, n + 1):
            pk = Fraction(math.comb(n, k) * 5 ** (n - k), 6 ** n)
            best = max(pc[c + j] for j in range(1, k + 1))
            assert best == pc[c + k], "keeping all of the face should be best"
            total += pk * best
        pc[c] = total
    return pc


def ev_tables(regime, pb, pc):
    """Returns (R, V, C) of the expected-points DP for regime 0 (before 2,500) or 1."""
    top = CAP + 200
    R = [[0.0] * top for _ in range(7)]
    V = [[0.0] * top for _ in range(7)]
    C = [0.0] * top
    for u in range(CAP, top):
        t = 50.0 * u
        for n in range(1, 7):
            R[n][u] = (1 - pb[n]) * t
            V[n][u] = t
        V[0][u] = C[u] = (1 - pb[6]) * t
    groups = {n: grouped(n) for n in range(1, 7)}
    full6 = [(float(p), c, o) for p, c, o in outcomes(6)]
    pcf = [float(x) for x in pc]
    p6 = pb[6]
    minu = MIN_U[regime]
    for u in range(CAP - 1, -1, -1):
        for n in range(1, 6):
            s = 0.0
            for p, opts in groups[n]:
                if opts:
                    s += p * max(V[n - k][u + d] for d, k in opts)
            R[n][u] = s
        if regime == 0:
            s = 0.0
            for p, opts in groups[6]:
                if opts:
                    s += p * max(V[6 - k][u + d] for d, k in opts)
            R[6][u] = s
        else:
            conf = 0.0
            s = 0.0
            colval = [0.0] * 7
            for f in range(1, 7):
                colval[f] = (1 - p6) * (50.0 * u + 10000) if f == 1 else C[u + 20 * f]
            for p, counts, opts in full6:
                best = max(V[6 - k][u + d] for d, k in opts) if opts else 0.0
                conf += p * best
                for f in range(1, 7):
                    if counts[f]:
                        v = pcf[counts[f]] * colval[f]
                        if v > best:
                            best = v
                s += p * best
            C[u] = conf
            R[6][u] = s
        t = 50.0 * u
        for m in range(1, 6):
            V[m][u] = max(R[m][u], t) if u >= minu else R[m][u]
        V[0][u] = R[6][u]
    return R, V, C


def thresholds(R, regime):
    """Per n = 1..5: the smallest u from which banking is always at least as good as rolling
    (up to CAP), and the u below it where banking would be better anyway (islands)."""
    out = []
    for n in range(1, 6):
        thr = CAP
        while thr > MIN_U[regime] and 50.0 * (thr - 1) >= R[n][thr - 1]:
            thr -= 1
        islands = [u for u in range(MIN_U[regime], thr) if 50.0 * u >= R[n][u]]
        out.append((thr, islands))
    return out


def pack(values):
    b = bytearray()
    for v in values:
        v = int(round(v))
        assert 0 <= v < 65536, v
        b.append(v >> 8)
        b.append(v & 255)
    return bytes(b)


def build():
    pb = bust_probabilities()
    pc = completion_probabilities()
    result = {"bust": pb, "pc": pc, "regimes": []}
    tables = []
    for regime in (0, 1):
        R, V, C = ev_tables(regime, pb, pc)
        thr = thresholds(R, regime)
        rows = []
        for n in range(1, 6):
            rows.append(pack(V[n][:thr[n - 1][0]]))
        rows.append(pack(R[6][:SHIP]))
        tables.append(rows)
        result["regimes"].append({"turn": R[6][0], "thresholds": thr, "R": R, "C": C})
    result["conf"] = pack(result["regimes"][1]["C"][:SHIP])
    result["tables"] = tables
    return result


def module_text(res):
    lines = ['"""Maximum-expected-points tables of Kocka 10000. GENERATED by',
             'tools/kocka10000_table.py (see its docstring for the layout): do not edit."""', ""]
    lines.append("# points a turn from the start, before 2,500 and from 2,500 (for information)")
    lines.append("TURN = (%d, %d)" % (round(res["regimes"][0]["turn"]),
                                      round(res["regimes"][1]["turn"])))
    lines.append("# probability that a roll of n = 0..6 dice scores nothing (classic)")
    lines.append("BUST = (%s)" % ", ".join("%.6f" % p for p in res["bust"]))
    lines.append("# probability to complete a collection with c = 0..6 collected (joker at five)")
    lines.append("PC = (%s)" % ", ".join("%.6f" % float(p) for p in res["pc"]))
    lines.append("# the same in integers out of 16384 (the bots compute in small ints only)")
    lines.append("PC14 = (%s)" % ", ".join("%d" % round(float(p) * 16384) for p in res["pc"]))
    lines.append("SURVIVE6_14 = %d  # a roll of six dice scores" % round((1 - res["bust"][6]) * 16384))
    lines.append("# EV[regime][n - 1]: 16-bit big-endian values in points, one per 50 of turn total")
    lines.append("EV = (")
    for rows in res["tables"]:
        lines.append("    (")
        for row in rows:
            lines.append("        %r," % (row,))
        lines.append("    ),")
    lines.append(")")
    lines.append("CONF = %r" % (res["conf"],))
    return "\n".join(lines) + "\n"


def report(res):
    print("bust probability by dice:", " ".join("%d: %.3f" % (n, res["bust"][n]) for n in range(1, 7)))
    print("collection completion PC[c]:", " ".join("%d: %.4f" % (c, float(res["pc"][c]))
                                                  for c in range(1, 7)))
    for r, reg in enumerate(res["regimes"]):
        print("regime %d: %.1f points a turn from the start" % (r, reg["turn"]))
        for n in range(1, 6):
            thr, islands = reg["thresholds"][n - 1]
            print("  %d dice left: bank from %d%s" % (n, 50 * thr,
                  ("  (also bank at %s)" % [50 * u for u in islands]) if islands else ""))


def main(argv):
    res = build()
    report(res)
    text = module_text(res)
    if "--check" in argv:
        with open(OUT) as f:
            same = f.read() == text
        print("up to date" if same else "OUT OF DATE: run python -m tools.kocka10000_table")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s (%d bytes of tables)" % (os.path.relpath(OUT, ROOT),
                                             sum(len(r) for rows in res["tables"] for r in rows)
                                             + len(res["conf"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
