"""Times the strong Coloretto bot under MicroPython (bench/bench_coloretto.py runs it
through tests.mpgate.run_mp); also runs under CPython for comparison.

    ARGV: [script, games, players, steps, seed0]

Plays `games` games of one strong bot (a different seat each game) against greedy bots
and prints one line "RESULT {json}": per-move CPU and wall times (us) of the strong
bot, bytes it allocates per move, heap taken by the modules, a fresh state and the bots.

CPU time (Node's process.cpuUsage through the port's `js` module) is the figure to use:
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
from shared_rules.coloretto import Coloretto  # noqa: E402
from shared_rules import coloretto_bots as B  # noqa: E402
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
    cpu = []
    wall = []
    alloc = []
    rollouts = 0
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
            if p == seat:
                m0 = heap()
                w0 = wall_us()
                t0 = cpu_us()
                a = agents[p].act(st, p, 0)
                cpu.append(cpu_us() - t0)
                wall.append(wall_us() - w0)
                alloc.append(heap() - m0)
            else:
                a = agents[p].act(st, p, 0)
            st.apply(a)
        rollouts += agents[seat].rollouts
        w = st.winners()
        if seat in w:
            wins += 1.0 / len(w)
    cpu.sort()
    wall.sort()
    alloc.sort()
    out = {"runtime": RUNTIME, "players": n, "steps": steps, "games": games,
           "moves": len(cpu), "rollouts_per_move": rollouts // len(cpu),
           "cpu_median_us": pct(cpu, 50), "cpu_p90_us": pct(cpu, 90), "cpu_max_us": cpu[-1],
           "wall_median_us": pct(wall, 50), "wall_p90_us": pct(wall, 90),
           "wall_max_us": wall[-1], "alloc_median_bytes": pct(alloc, 50),
           "alloc_max_bytes": alloc[-1], "heap_modules": h_modules, "heap_state": h_state,
           "heap_bots": h_bots, "strong_wins": wins}
    print("RESULT " + json.dumps(out))


main()
