"""Builds shared_rules/kocka10000/win.py: the hard bot's win-probability tables.

    .venv/bin/python -m tools.kocka10000_wintable [--check]

Value iteration for two players as in Neller & Presser's optimal play of Pig and of
Farkle: W(a, b) is the probability that the player about to start a turn with banked
score a wins against an opponent with b (default end: first to bank 10,000). Scores
are bucketed on a 500-point grid (a, b in 0, 500, ..., 9,500: 400 pairs); a banked
score between grid points takes W linearly interpolated; 10,000 or more wins.

Within a turn, for a pair (a, b), on the exact 50-point grid of turn totals t:
    bank at t      -> 1 - W(b, a + t)      (1 if a + t >= 10,000)
    bust           -> 1 - W(b, a)
    roll n dice    -> sum over outcomes of the best choice, as in tools/kocka10000_table.py
                      (classic set-asides; from 2,500, collections on six-dice rolls:
                      completed with probability PC[c], then the confirmation roll;
                      six 1s confirmed win outright)
and W(a, b) is the value of rolling six dice at t = 0. Sweeps repeat until W moves
less than TOL. The rules before 2,500 (bank from 350, no collections) and from 2,500
(bank anything, collect) follow a.

Shipped (bytes literals):
    W    400 bytes, W(a, b) * 255 at index (a // 500) * 20 + b // 500
    THR  2,000 bytes: for pair index i and n = 1..5 dice left, THR[i * 5 + n - 1] is
         the turn total / 50 from which banking beats rolling (up to the goal)
    ISLANDS  the few places where banking also wins below that threshold (mostly: far
         behind, bank early to reach 2,500 and collect), one interval per (i, n) at most
"""
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.kocka10000_table import (outcomes, grouped, bust_probabilities,  # noqa: E402
                                    completion_probabilities)

OUT = os.path.join(ROOT, "shared_rules", "kocka10000", "win.py")
G = 10             # grid step in 50s (500 points)
NG = 20            # grid points 0..9,500
GOAL_U = 200       # 10,000 in 50s
UTOP = 340
TOL = 1e-6
MAX_SWEEPS = 400
BUST = 7           # V row holding the bust value
ISLAND_MIN = 0.0005  # islands worth less than this (in win probability) are not shipped


def build_ops():
    ops = {}
    for n in range(1, 6):
        ms, ds, starts, probs = [], [], [], []
        for p, opts in grouped(n):
            starts.append(len(ms))
            probs.append(p)
            if not opts:
                ms.append(BUST)
                ds.append(0)
            for d, k in opts:
                ms.append(n - k)
                ds.append(d)
        ops[n] = (np.array(ms), np.array(ds), np.array(starts), np.array(probs))
    # six dice: classic options grouped, then mapped back to every outcome
    g6 = grouped(6)
    key_index = {tuple(o): i for i, (_, o) in enumerate(g6)}
    ms, ds, starts = [], [], []
    for p, opts in g6:
        starts.append(len(ms))
        if not opts:
            ms.append(BUST)
            ds.append(0)
        for d, k in opts:
            ms.append(6 - k)
            ds.append(d)
    out_group, out_prob, cstarts, cidx = [], [], [], []
    for p, counts, opts in outcomes(6):
        out_group.append(key_index[tuple(opts)])
        out_prob.append(float(p))
        cstarts.append(len(cidx))
        for f in range(1, 7):
            if counts[f]:
                cidx.append((f - 1) * 7 + counts[f])
    ops[6] = (np.array(ms), np.array(ds), np.array(starts), np.array([p for p, _ in g6]),
              np.array(out_group), np.array(out_prob), np.array(cstarts), np.array(cidx))
    return ops


def turn_values(W, pis, ops, pb, pc):
    """The within-turn DP for the pairs `pis` (indices ia * NG + ib), given W.

    Returns (V0, R, bank): V0[j] the value of starting the turn (W at pair pis[j]);
    R[n, u, j] the value of rolling n dice at turn total 50u; bank[u, j] of banking."""
    p6 = pb[6]
    P = len(pis)
    ia = pis // NG
    ib = pis % NG
    ugoal = GOAL_U - G * ia
    regime1 = ia * G * 50 >= 2500
    minu = np.where(regime1, 1, 7)
    us = np.arange(UTOP)
    V = np.zeros((8, UTOP, P))
    C = np.zeros((UTOP, P))
    R = np.zeros((7, UTOP, P))
    pcv = np.array(pc)
    bust = 1.0 - W[ib, ia]                     # the opponent's turn, my score unchanged
    x = ia[None, :] * G + us[:, None]          # my score after banking, in 50s
    lo = np.minimum(x // G, NG)
    frac = (x % G) / G
    Wext = np.concatenate([W, np.zeros((NG, 2))], axis=1)   # W(b, >= goal) = 0
    wlo = Wext[ib[None, :], np.minimum(lo, NG)]
    whi = Wext[ib[None, :], np.minimum(lo + 1, NG)]
    bank = 1.0 - (wlo * (1 - frac) + whi * frac)
    bank[x >= GOAL_U] = 1.0
    goalhot = (1 - p6) + p6 * bust
    V[BUST] = bust[None, :]
    V[1:6, GOAL_U:] = 1.0
    V[0, GOAL_U:] = goalhot
    C[GOAL_U:] = goalhot
    x1 = (1 - p6) + p6 * bust                  # six 1s collected: confirmed = a win
    ms6, ds6, starts6, gprobs, og, oprob, cstarts, cidx = ops[6]
    faces = np.arange(1, 7)
    for u in range(int(ugoal.max()) - 1, -1, -1):
        for n in range(1, 6):
            ms, ds, starts, probs = ops[n]
            R[n, u] = probs @ np.maximum.reduceat(V[ms, u + ds], starts, axis=0)
        segg = np.maximum.reduceat(V[ms6, u + ds6], starts6, axis=0)
        C[u] = gprobs @ segg
        X = C[u + 20 * faces]                  # (6, P): a completed collection of face f
        X[0] = x1
        col = (pcv[None, :, None] * X[:, None, :]
               + (1 - pcv)[None, :, None] * bust[None, None, :]).reshape(42, P)
        segc = np.maximum.reduceat(col[cidx], cstarts, axis=0)
        seg6 = segg[og]
        seg6 = np.where(regime1[None, :], np.maximum(seg6, segc), seg6)
        R[6, u] = oprob @ seg6
        bankable = u >= minu
        V[1:6, u] = np.where(bankable[None, :], np.maximum(R[1:6, u], bank[u][None, :]), R[1:6, u])
        V[0, u] = R[6, u]
        at_goal = u >= ugoal
        if at_goal.any():
            V[1:6, u][:, at_goal] = 1.0
            V[0, u][at_goal] = goalhot[at_goal]
            C[u][at_goal] = goalhot[at_goal]
    return V[0, 0].copy(), R, bank


def solve(verbose=True):
    """Value iteration, one anti-diagonal a + b at a time from the top: W(a, b) depends on
    W(b, a') with a' >= a only, so a diagonal needs only itself and the ones above."""
    pb = bust_probabilities()
    pc = [float(x) for x in completion_probabilities()]
    ops = build_ops()
    P = NG * NG
    W = np.full((NG, NG), 0.5)
    Rall = np.zeros((7, UTOP, P))
    bank_all = np.zeros((UTOP, P))
    t0 = time.time()
    total_iters = 0
    for s in range(2 * NG - 2, -1, -1):
        pis = np.array([a * NG + (s - a) for a in range(NG) if 0 <= s - a < NG])
        iters = 0
        while True:
            iters += 1
            v0, R, bank = turn_values(W, pis, ops, pb, pc)
            old = W[pis // NG, pis % NG].copy()
            W[pis // NG, pis % NG] = v0
            delta = float(np.abs(v0 - old).max())
            if delta < TOL or iters >= MAX_SWEEPS:
                break
        total_iters += iters
        Rall[:, :, pis] = R
        bank_all[:, pis] = bank
        if verbose:
            print("a+b = %5d: %d iterations (%.0f s)" % (s * 500, iters, time.time() - t0))
    thr, islands, worst = policy(Rall, bank_all)
    return {"W": W, "thr": thr, "sweeps": total_iters, "islands": islands, "worst": worst,
            "R": Rall, "bank": bank_all}


def policy(R, bank):
    """The bank rule shipped: bank from a threshold t, plus at most one island [lo, hi)
    below it (mostly: bank early to reach 2,500 and collect, when far behind).

    Returns (thr[P, 5], islands [(key, lo, hi)], worst loss in win probability)."""
    P = NG * NG
    thr = np.zeros((P, 5), dtype=int)
    islands = []
    worst = 0.0
    for pi in range(P):
        ia = pi // NG
        ug = GOAL_U - G * ia
        mu = 1 if ia * G * 50 >= 2500 else 7
        for m in range(1, 6):
            good = bank[:, pi] >= R[m, :, pi]
            t = ug
            while t > mu and good[t - 1]:
                t -= 1
            thr[pi, m - 1] = t
            # the intervals below t where banking is better, and what each is worth
            best = None
            u = mu
            while u < t:
                if good[u] and bank[u, pi] > R[m, u, pi] + 1e-12:
                    lo = u
                    gain = 0.0
                    while u < t and good[u]:
                        gain = max(gain, bank[u, pi] - R[m, u, pi])
                        u += 1
                    if best is None or gain > best[0]:
                        best = (gain, lo, u)
                else:
                    u += 1
            if best is not None and best[0] > ISLAND_MIN:
                islands.append((pi * 5 + m - 1, best[1], best[2]))
            for u in range(mu, t):
                inside = best is not None and best[0] > ISLAND_MIN and best[1] <= u < best[2]
                if not inside:
                    worst = max(worst, bank[u, pi] - R[m, u, pi])
    return thr, islands, worst


def module_text(res):
    W = res["W"]
    wb = bytes(int(round(v * 255)) for v in W.reshape(-1))
    tb = bytes(int(v) for v in res["thr"].reshape(-1))
    assert max(res["thr"].reshape(-1)) < 256
    ib = b"".join(bytes((k >> 8, k & 255, lo, hi)) for k, lo, hi in sorted(res["islands"]))
    lines = ['"""Win-probability tables of Kocka 10000 for the hard bot. GENERATED by',
             'tools/kocka10000_wintable.py (see its docstring for the layout): do not edit."""',
             "", "G = 500", "N = %d" % NG,
             "# W(a, b) * 255 at (a // 500) * N + b // 500",
             "W = %r" % (wb,),
             "# bank from this turn total / 50, at pair i, n dice left: THR[i * 5 + n - 1]",
             "THR = %r" % (tb,),
             "# and also where lo <= total / 50 < hi: records (key = i * 5 + n - 1: 2 bytes,",
             "# lo, hi), sorted by key",
             "ISLANDS = %r" % (ib,)]
    return "\n".join(lines) + "\n"


def report(res):
    W = res["W"]
    thr = res["thr"]
    print("converged after %d diagonal iterations; %d islands shipped; the shipped bank rule "
          "loses at most %.4f win probability in any state" % (res["sweeps"], len(res["islands"]),
                                                               res["worst"]))
    print("W(0, 0) = %.4f (the starting player's chance)" % W[0, 0])
    for a, b in ((0, 0), (2500, 2500), (5000, 5000), (8000, 8000), (5000, 9000), (9000, 5000),
                 (9500, 9500), (2000, 8000)):
        i = (a // 500) * NG + b // 500
        print("  a=%5d b=%5d: W=%.3f bank from %s (1..5 dice)" % (
            a, b, W[a // 500, b // 500], [50 * int(v) for v in thr[i]]))


def main(argv):
    res = solve()
    if os.environ.get("KOCKA_DUMP"):
        np.savez(os.environ["KOCKA_DUMP"], R=res["R"], bank=res["bank"], W=res["W"])
    report(res)
    text = module_text(res)
    if "--check" in argv:
        with open(OUT) as f:
            same = f.read() == text
        print("up to date" if same else "OUT OF DATE: run python -m tools.kocka10000_wintable")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote %s" % os.path.relpath(OUT, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
