"""Cubingos: listing every legal placement and orientation that matches a card, under
MicroPython (WebAssembly, modules compiled to .mpy as on the device) with the Pico
estimate; the heap the game needs; and the bots' pace, slips and wins (CPython).

Matcher timing: STRUCTURES random structures built by the rules (seeded: a first die
beside the start die, then any legal cell, random orientations) of 12 dice (the start
die + 11) and of 13 (the full structure, the worst case), each with all 16 cards; for
each (structure, card) the public calls CubingosState.match_masks(card) (cells with a
24-bit orientation mask: what the bots and hints use) and matches(card) (every (x, y, z,
o) as a tuple) are repeated until a batch lasts >= BATCH_MS (the port's clock ticks in
ms) and the time per call is kept. The port is warmed up first. Pico = wasm x 8..13
(bench/__main__.py).

Heap: the live heap (gc.collect() then gc.mem_alloc(), each in its own runPython step,
since this port frees garbage only between calls) of the rules (cubingos + geometry +
game + rng, .mpy, with their tables), the bots module on top, and a finished 4-player
game's state; and what one match_masks / matches call allocates (gc disabled).
"""
import json
import os
import tempfile
import time

from bench.__main__ import ROOT
from bench.common import device_bot, ms
from bench.common import median, mpy_tree

PLATFORMS = ("wasm", "host")  # what it measures on (bench.common.platform_meta)
STRUCTURES = 12
BENCHKIT = os.path.join(ROOT, "tools", "rp2040", "benchkit.py")
BATCH_MS = 30
GOAL_PICO_MS = 200  # a bot's decision on the device, matcher included
BOT_GAMES = 40

MP_SCRIPT = r'''
import gc, time, json
from benchkit import structure  # tools/rp2040/benchkit.py, mounted beside
_k = [0]
_r = {}
_keep = []


def step():
    # One runPython call per step: this port frees garbage only between calls, so the
    # live heap is measured after gc.collect() at the start of a step.
    k = _k[0]
    _k[0] += 1
    gc.collect()
    if k == 0:
        _r["base"] = gc.mem_alloc()
    elif k == 1:
        from shared_rules.cubingos import rules as cubingos
    elif k == 2:
        _r["rules"] = gc.mem_alloc() - _r["base"]
        from shared_rules.cubingos import bots as cubingos_bots
    elif k == 3:
        _r["bots"] = gc.mem_alloc() - _r["base"] - _r["rules"]
        from shared_rules.cubingos import rules as C
        from shared_rules.cubingos.bots import bots_for
        from shared_rules import driver
        g = C.CubingosState(4, 3)
        driver.play(g, bots_for(("easy", "medium", "hard", "hard"), 3))
        _keep.append(g)
    elif k == 4:
        _r["finished_game"] = gc.mem_alloc() - _r["base"] - _r["rules"] - _r["bots"]
        gc.disable()
        s = structure(5, 13)
        m0 = gc.mem_alloc()
        s.match_masks(7)
        m1 = gc.mem_alloc()
        s.matches(7)
        m2 = gc.mem_alloc()
        gc.enable()
        _r["match_masks"] = m1 - m0
        _r["matches"] = m2 - m1
    else:
        timing()
        return False
    return True


def per_call(fn, arg, batch_ms):
    best = None
    for rep in range(3):    # the least of 3 batches: machine load only ever adds
        n = 0
        t0 = time.ticks_ms()
        while True:
            fn(arg)
            n += 1
            dt = time.ticks_diff(time.ticks_ms(), t0)
            if dt >= batch_ms:
                break
        us = dt * 1000 // n
        if best is None or us < best:
            best = us
    return best


def timing():
    res = {"heap": _r}
    s0 = structure(1, 12)
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < 1500:
        s0.match_masks(3)
    for size in (12, 13):
        masks_us = []
        tuples_us = []
        cells = []
        found = []
        for k in range(STRUCTURES):
            s = structure(1000 * size + k, size)
            cells.append(len(s.legal_cells()))
            for card in range(16):
                masks_us.append(per_call(s.match_masks, card, BATCH_MS))
                tuples_us.append(per_call(s.matches, card, BATCH_MS))
                found.append(len(s.matches(card)))
        res[str(size)] = {"masks_us": masks_us, "tuples_us": tuples_us, "cells": cells,
                          "found": found}
    print("RESULT " + json.dumps(res))
'''


def run_matcher_mp():
    from tests.mpgate import run_mp, node_available
    if not node_available():
        return {"skipped": "node_modules missing"}
    script = MP_SCRIPT.replace("STRUCTURES", str(STRUCTURES)).replace(
        "BATCH_MS", str(BATCH_MS))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_cubingos_mp.py")
        with open(path, "w") as f:
            f.write(script)
        tree = mpy_tree(tmp)
        proc = run_mp(path, mounts=(tree + ":shared_rules", BENCHKIT + ":benchkit.py"),
                      timeout=1800, steps=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-3000:])
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    out = {"heap_bytes": res["heap"], "structures": STRUCTURES}
    for size in ("12", "13"):
        r = res[size]
        for key in ("masks_us", "tuples_us"):
            xs = sorted(r[key])
            med = median(xs) / 1000.0
            p90 = xs[int(0.9 * len(xs))] / 1000.0
            mx = xs[-1] / 1000.0
            out["%s_%s" % (size, key[:-3])] = {
                "median_ms_wasm": round(med, 3), "p90_ms_wasm": round(p90, 3),
                "max_ms_wasm": round(mx, 3)}
        out["%s_legal_cells_median" % size] = median(r["cells"])
        out["%s_matches_median" % size] = median(r["found"])
        out["%s_matches_min_max" % size] = [min(r["found"]), max(r["found"])]
    return out


def bot_levels(games=BOT_GAMES):
    """Per level, in 3-player games easy / medium / hard (seats rotate): mean time of a
    placement in its leg, the share of wrong placements, cards and wins per game."""
    from shared_rules import driver
    from shared_rules.cubingos.rules import CubingosState, PLACE, CORRECT
    from shared_rules.cubingos.bots import CubingosBot, LEVELS

    class Rec:
        def __init__(self, bot):
            self.bot = bot
            self.times = []
            self.wrong = 0

        def act(self, state, p, now):
            a = self.bot.act(state, p, now)
            if a is not None and a[1] == PLACE:
                self.times.append(now - state.leg_t0)
                g = state.clone()
                g.apply(a)
                if not (g.status[p] == CORRECT or (g.rounds > state.rounds and
                                                   g.last_round[1] == p)):
                    self.wrong += 1
            return a

    st = dict((lv, {"times": [], "wrong": 0, "cards": 0, "wins": 0.0}) for lv in LEVELS)
    t0 = time.process_time()
    ms = []
    for gi in range(games):
        seats = [LEVELS[(gi + i) % 3] for i in range(3)]
        recs = [Rec(CubingosBot(lv, 100 * gi + i)) for i, lv in enumerate(seats)]
        g = CubingosState(3, gi)
        t1 = time.process_time()
        driver.play(g, recs)
        ms.append((time.process_time() - t1) * 1000)
        win = g.winners()
        for i, lv in enumerate(seats):
            st[lv]["times"] += recs[i].times
            st[lv]["wrong"] += recs[i].wrong
            st[lv]["cards"] += g.scores()[i]
            if i in win:
                st[lv]["wins"] += 1.0 / len(win)
    out = {}
    for lv in LEVELS:
        x = st[lv]
        n = max(1, len(x["times"]))
        out[lv] = {"mean_place_ms": sum(x["times"]) // n,
                   "wrong_share": round(x["wrong"] / float(n), 3),
                   "cards_per_game": round(x["cards"] / float(games), 2),
                   "win_share": round(x["wins"] / games, 3)}
    out["games"] = games
    out["cpython_ms_per_game"] = round(median(ms), 1)
    out["cpython_seconds"] = round(time.process_time() - t0, 1)
    return out


def run():
    return {"matcher": run_matcher_mp(), "bots": bot_levels()}


def table(result):
    rows = []
    for level in ("easy", "medium", "hard"):
        d = device_bot("cubingos", level)
        if d:
            rows.append(("bot %s decision on the device: median / max ms" % level,
                         "%s / %s  (goal < %d: %s)" % (ms(d["median_us"]), ms(d["max_us"]),
                                                      GOAL_PICO_MS, "met" if d["max_us"] <
                                                      GOAL_PICO_MS * 1000 else "MISSED")))
    m = result["matcher"]
    if "skipped" in m:
        rows.append(("matcher under MicroPython", "skipped: " + m["skipped"]))
    else:
        for size in ("12", "13"):
            for key, label in (("masks", "match_masks"), ("tuples", "matches")):
                x = m["%s_%s" % (size, key)]
                rows.append(("%s, %s dice: median / p90 / max wasm ms" % (label, size),
                             "%s / %s / %s" % (x["median_ms_wasm"], x["p90_ms_wasm"],
                                               x["max_ms_wasm"])))
            rows.append(("%s dice: legal cells (median), matches (median, min-max)" % size,
                         "%s, %s (%s-%s)" % (m["%s_legal_cells_median" % size],
                                             m["%s_matches_median" % size],
                                             m["%s_matches_min_max" % size][0],
                                             m["%s_matches_min_max" % size][1])))
        h = m["heap_bytes"]
        rows.append(("live heap: rules + tables / bots / a finished game (B)",
                     "%d / %d / %d" % (h["rules"], h["bots"], h["finished_game"])))
        rows.append(("heap allocated per match_masks / matches (B)",
                     "%d / %d" % (h["match_masks"], h["matches"])))
    b = result["bots"]
    for lv in ("easy", "medium", "hard"):
        x = b[lv]
        rows.append(("bot %s: mean placement ms, wrong share" % lv,
                     "%d, %.3f" % (x["mean_place_ms"], x["wrong_share"])))
        rows.append(("bot %s: cards per game, win share" % lv,
                     "%.2f, %.3f" % (x["cards_per_game"], x["win_share"])))
    rows.append(("CPython ms per 3-bot game (median)", b["cpython_ms_per_game"]))
    return rows
