"""Times the strong Coloretto bot under MicroPython (bench/bench_coloretto.py runs it
through tests.mpgate.run_mp); also runs under CPython for comparison.

    ARGV: [script, games, players, steps, seed0, repeat]

Plays `games` games of one strong bot (a different seat each game) against greedy bots,
keeping every position where the strong bot moved; then times each of those moves
`repeat` times from its snapshot (same position, same bot random state, so the same
work) and keeps the fastest, which filters out the moments other processes had the
CPU. Prints one line "RESULT {json}": median/p90/max of those CPU and wall times (us),
bytes allocated per move, heap taken by the modules, a fresh state and the bots.

CPU time (Node's process.cpuUsage through the port's `js` module) is the main figure:
on a loaded machine wall time also counts the time other processes had the CPU.
"""
import gc
import json
import sys
import time

try:
    import mpargs
    ARGV = mpargs.ARGV
except ImportError:
    ARGV = sys.argv


def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


h0 = heap()
from shared_rules.coloretto import rules as C  # noqa: E402
from shared_rules.coloretto.rules import Coloretto  # noqa: E402
from shared_rules.coloretto import bots as B  # noqa: E402
h_modules = heap() - h0

try:
    import js  # the WebAssembly port's bridge to JavaScript

    def cpu_us():
        u = js.process.cpuUsage()
        return int(u.user + u.system)

    def wall_us():
        return int(js.performance.now() * 1000)
    RUNTIME = "micropython-wasm"
except ImportError:
    def cpu_us():
        return int(time.process_time() * 1000000)

    def wall_us():
        return int(time.perf_counter() * 1000000)
    RUNTIME = sys.implementation.name


def pct(sorted_list, q):
    return sorted_list[min(len(sorted_list) - 1, (len(sorted_list) * q) // 100)]


def main():
    games = int(ARGV[1]) if len(ARGV) > 1 else 2
    n = int(ARGV[2]) if len(ARGV) > 2 else 3
    steps = int(ARGV[3]) if len(ARGV) > 3 else B.STEPS
    seed0 = int(ARGV[4]) if len(ARGV) > 4 else 1
    repeat = int(ARGV[5]) if len(ARGV) > 5 else 3
    # Warm-up (untimed): the WebAssembly engine compiles the interpreter's hot paths
    # during the first fraction of a second, which would inflate the first moves.
    st = Coloretto(n, seed=seed0 + 999)
    bots = [B.StrongBot(i, steps=steps) for i in range(n)]
    for _ in range(4 * n):
        p = st.current_player()
        st.apply(bots[p].act(st, p, 0))
    h1 = heap()
    st = Coloretto(n, seed=seed0)
    h_state = heap() - h1
    h1 = heap()
    strong = B.StrongBot(seed0, steps=steps)
    greedy = B.GreedyBot(seed0)
    strong.act(st, st.current_player(), 0)
    greedy.act(st, st.current_player(), 0)
    h_bots = heap() - h1
    snaps = []
    wins = 0.0
    for g in range(games):
        st = Coloretto(n, seed=seed0 + g)
        seat = g % n
        agents = []
        for i in range(n):
            if i == seat:
                agents.append(B.StrongBot(seed0 * 100 + g, steps=steps))
            else:
                agents.append(B.GreedyBot(i))
        while not st.is_terminal():
            p = st.current_player()
            if p == seat and st.phase != C.PHASE_ASSIGN and len(st.legal_actions(p)) > 1:
                snaps.append((st.to_dict(), p, agents[p].rng.state))
            st.apply(agents[p].act(st, p, 0))
        w = st.winners()
        if seat in w:
            wins += 1.0 / len(w)
    bot = B.StrongBot(0, steps=steps)
    cpu = []
    wall = []
    alloc = []
    rollouts = 0
    for d, p, rs in snaps:
        best_cpu = best_wall = None
        for _ in range(repeat):
            st = Coloretto.from_dict(d)
            bot.rng.state = rs
            bot.rollouts = 0
            m0 = heap()
            w0 = wall_us()
            t0 = cpu_us()
            bot.act(st, p, 0)
            t1 = cpu_us() - t0
            w1 = wall_us() - w0
            m1 = heap() - m0
            if best_cpu is None or t1 < best_cpu:
                best_cpu = t1
            if best_wall is None or w1 < best_wall:
                best_wall = w1
        cpu.append(best_cpu)
        wall.append(best_wall)
        alloc.append(m1)
        rollouts += bot.rollouts
    cpu.sort()
    wall.sort()
    alloc.sort()
    out = {"runtime": RUNTIME, "players": n, "steps": steps, "games": games, "repeat": repeat,
           "moves": len(cpu), "rollouts_per_move": rollouts // len(cpu),
           "cpu_median_us": pct(cpu, 50), "cpu_p90_us": pct(cpu, 90), "cpu_max_us": cpu[-1],
           "wall_median_us": pct(wall, 50), "wall_p90_us": pct(wall, 90),
           "wall_max_us": wall[-1], "alloc_median_bytes": pct(alloc, 50),
           "alloc_max_bytes": alloc[-1], "heap_modules": h_modules, "heap_state": h_state,
           "heap_bots": h_bots, "strong_wins": wins}
    print("RESULT " + json.dumps(out))


main()
