"""Kocka 10000 bots: win rates for every pair of levels over seeded two-player games (who
starts alternates), average points per turn per level, games simulated per second
(CPython, one core), and the hard bot's think time per decision under MicroPython
(WebAssembly) with the Pico estimate (x8-13; target: under 50 ms on a Pico), plus the
heap allocated importing the rules and the bots with their tables (compiled from source;
the WebAssembly port frees nothing inside one run, so these are allocations, not live heap).
"""
import json
import math
import os
import tempfile
import time

from bench.common import device_bot, ms

PLATFORMS = ("host", "wasm")  # what it measures on (bench.common.platform_meta)
GAMES = 10000
PAIRS = (("medium", "easy"), ("hard", "easy"), ("hard", "medium"))
LEVELS = ("easy", "medium", "hard")
PICO_TARGET_MS = 50
MP_GAMES = 4
MP_REPEAT = 40


def play_games(job):
    """Plays games [start, start + count) of one pairing; returns summed statistics."""
    la, lb, start, count = job
    from shared_rules.kocka10000.rules import Kocka10000
    from shared_rules.kocka10000.bots import make_bot
    bots = {la: make_bot(la), lb: make_bot(lb)}
    st = {"wins": 0.0, "games": 0, "actions": 0, "seconds": 0.0,
          "pts": {la: 0, lb: 0}, "turns": {la: 0, lb: 0},
          "pts_early": {la: 0, lb: 0}, "turns_early": {la: 0, lb: 0}}
    t0 = time.process_time()
    for seed in range(start, start + count):
        levels = (la, lb) if seed % 2 == 0 else (lb, la)
        g = Kocka10000(2, seed)
        agents = (bots[levels[0]], bots[levels[1]])
        n = 0
        while g.phase != 2:
            p = g.turn
            before = g.totals[p]
            g.apply(agents[p].act(g, p, 0))
            n += 1
            if g.turn != p or g.phase == 2:
                lv = levels[p]
                gained = g.totals[p] - before
                st["turns"][lv] += 1
                st["pts"][lv] += gained
                if before < 2500:
                    st["turns_early"][lv] += 1
                    st["pts_early"][lv] += gained
        w = g.winners()
        a = levels.index(la)
        st["wins"] += 1.0 / len(w) if a in w else 0.0
        st["games"] += 1
        st["actions"] += n
    st["seconds"] = time.process_time() - t0
    return st


def _merge(parts):
    out = None
    for st in parts:
        if out is None:
            out = st
            continue
        for k in ("wins", "games", "actions", "seconds"):
            out[k] += st[k]
        for k in ("pts", "turns", "pts_early", "turns_early"):
            for lv in st[k]:
                out[k][lv] += st[k][lv]
    return out


def simulate(games=GAMES, workers=None):
    jobs = []
    chunk = 500
    for la, lb in PAIRS:
        for s in range(0, games, chunk):
            jobs.append((la, lb, s, min(chunk, games - s)))
    workers = workers or max(1, min(4, os.cpu_count() or 1))
    if workers > 1:
        from multiprocessing import Pool
        with Pool(workers) as pool:
            parts = pool.map(play_games, jobs, chunksize=1)
    else:
        parts = [play_games(j) for j in jobs]
    by_pair = {}
    for job, st in zip(jobs, parts):
        by_pair.setdefault(job[:2], []).append(st)
    return {k: _merge(v) for k, v in by_pair.items()}


MP_SCRIPT = r'''
import gc
import time
import json
gc.collect()
free0 = gc.mem_alloc()
from shared_rules.kocka10000.rules import Kocka10000
gc.collect()
free1 = gc.mem_alloc()
from shared_rules.kocka10000.bots import HardBot, MediumBot
hard = HardBot()
gc.collect()
free2 = gc.mem_alloc()
med = MediumBot()
# collect the hard bot's decision points, then time each one REPEAT times (the port's
# clock ticks in whole milliseconds)
snaps = []
for seed in range(NGAMES):
    g = Kocka10000(2, 1000 + seed)
    bots = (hard, med) if seed % 2 == 0 else (med, hard)
    while not g.is_terminal():
        p = g.turn
        b = bots[p]
        if b is hard:
            snaps.append(g.to_dict())
        g.apply(b.act(g, p, 0))
times = []
for d in snaps:
    s = Kocka10000.from_dict(d)
    p = s.turn
    t0 = time.ticks_ms()
    for _ in range(REPEAT):
        hard.act(s, p, 0)
    times.append(time.ticks_diff(time.ticks_ms(), t0) * 1000.0 / REPEAT)
times.sort()
n = len(times)
print("RESULT " + json.dumps({"decisions": n, "mean_us": sum(times) / n,
      "median_us": times[n // 2], "p90_us": times[n * 9 // 10], "p99_us": times[n * 99 // 100],
      "max_us": times[-1], "rules_heap": free1 - free0, "bots_heap": free2 - free1}))
'''


def think_time_mp(games=MP_GAMES):
    from tests.mpgate import node_available, run_mp
    if not node_available():
        return None
    tmp = tempfile.mkdtemp(prefix="kocka10000-bench-")
    script = os.path.join(tmp, "think.py")
    with open(script, "w") as f:
        f.write(MP_SCRIPT.replace("NGAMES", str(games)).replace("REPEAT", str(MP_REPEAT)))
    proc = run_mp(script, mounts=("shared_rules",))
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    return json.loads(line[7:])


def run(games=GAMES):
    t0 = time.time()
    sims = simulate(games)
    wall = time.time() - t0
    out = {"games_per_pair": games, "pairs": {}, "points_per_turn": {},
           "points_per_turn_before_2500": {}}
    total_games = 0
    cpu = 0.0
    pts = {lv: 0 for lv in LEVELS}
    turns = {lv: 0 for lv in LEVELS}
    pe = {lv: 0 for lv in LEVELS}
    te = {lv: 0 for lv in LEVELS}
    for (la, lb), st in sims.items():
        rate = st["wins"] / st["games"]
        se = math.sqrt(rate * (1 - rate) / st["games"])
        out["pairs"]["%s vs %s" % (la, lb)] = {
            "win_rate": round(rate, 4), "stderr": round(se, 4), "games": st["games"],
            "actions_per_game": round(st["actions"] / st["games"], 1),
            "games_per_s": round(st["games"] / st["seconds"], 1)}
        total_games += st["games"]
        cpu += st["seconds"]
        for lv in (la, lb):
            pts[lv] += st["pts"][lv]
            turns[lv] += st["turns"][lv]
            pe[lv] += st["pts_early"][lv]
            te[lv] += st["turns_early"][lv]
    for lv in LEVELS:
        out["points_per_turn"][lv] = round(pts[lv] / max(1, turns[lv]), 1)
        out["points_per_turn_before_2500"][lv] = round(pe[lv] / max(1, te[lv]), 1)
    out["games_per_s_one_core"] = round(total_games / cpu, 1)
    out["simulation_wall_s"] = round(wall, 1)
    mp = think_time_mp()
    out["hard_think_mp"] = mp
    out["pico_target_ms"] = PICO_TARGET_MS
    return out


def table(result):
    rows = []
    for name, r in sorted(result["pairs"].items()):
        rows.append(("win rate %s (%d games)" % (name, r["games"]),
                     "%.1f%% +- %.1f" % (100 * r["win_rate"], 100 * r["stderr"])))
    for lv in LEVELS:
        rows.append(("points per turn, %s (before 2,500)" % lv,
                     "%.0f (%.0f)" % (result["points_per_turn"][lv],
                                      result["points_per_turn_before_2500"][lv])))
    rows.append(("games simulated per second (CPython, one core)",
                 "%.0f" % result["games_per_s_one_core"]))
    mp = result.get("hard_think_mp")
    if mp:
        rows.append(("hard decision, wasm: median / p90 / max",
                     "%.2f / %.2f / %.2f ms" % (mp["median_us"] / 1000.0, mp["p90_us"] / 1000.0,
                                                 mp["max_us"] / 1000.0)))
        d = device_bot("kocka10000", "hard")
        if d:
            rows.append(("hard decision, device: median / p90 / max (target %d ms)"
                         % result["pico_target_ms"],
                         "%s / %s / %s ms" % (ms(d["median_us"]), ms(d["p90_us"]),
                                              ms(d["max_us"]))))
        rows.append(("allocated importing rules / bots+tables (wasm)",
                     "%.1f / %.1f KB" % (mp["rules_heap"] / 1024.0, mp["bots_heap"] / 1024.0)))
    else:
        rows.append(("hard decision under MicroPython", "skipped (node_modules missing)"))
    return rows
