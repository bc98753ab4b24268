"""What the device's bench scripts share (tools/rp2040/bench_main.py, bots_main.py): the
microsecond clock, a list of times as median / p90 / max, and the seeded Cubingos
structures the matcher is timed on (bench/bench_cubingos.py times the same ones on the
PC). MicroPython-subset code: the benches put it beside main.py on the emulated Pico,
mount it for the WebAssembly port, and CPython imports it as tools.rp2040.benchkit.
"""
import time


def us():
    return time.ticks_us()


def since(t):
    return time.ticks_diff(time.ticks_us(), t)


def stats(xs):
    xs = sorted(xs)
    n = len(xs)
    if not n:
        return {"n": 0}
    return {"n": n, "median_us": xs[n // 2], "p90_us": xs[n * 9 // 10], "max_us": xs[-1],
            "mean_us": sum(xs) // n}


def structure(seed, n):
    """A seeded structure of n Cubingos dice, past the first round (stacking allowed)."""
    from shared_rules.cubingos import geom as G
    from shared_rules.cubingos import rules as C
    from shared_rules.rng import Rng
    r = Rng(seed)
    occ = {G.ORIGIN: 0}
    order = [G.ORIGIN]
    for i in range(n - 1):
        cells = G.legal_cells(occ, i == 0)
        c = r.choice(cells)
        occ[c] = r.below(24)
        order.append(c)
    s = C.CubingosState(2, seed)
    s.occ = occ
    s.order = order
    s.won[0] = [0]
    return s


def forget_rules():
    """Drops the rules and bots modules, as the app does when a game closes, so one game's
    tables do not fragment the heap for the next."""
    import gc
    import sys
    for m in list(sys.modules):
        if m.startswith("shared_rules."):
            del sys.modules[m]
    gc.collect()


def play_bots(state, agents, decisions, budget_us=None):
    """Bots play each other (the game's clock moving 50 ms whenever nobody acts) for
    `decisions` decisions, to the end, or for budget_us; returns (each decision's us,
    [act() calls, their total us, the longest, idle collections, their longest us]):
    real-time games make thousands of calls that decide nothing. A step where nobody acts
    stands for an app frame with time to spare: the garbage is collected there when due,
    as App.run does (app.idle_gc), untimed."""
    from app import idle_gc
    times = []
    calls = [0, 0, 0, 0, 0]
    now = 0
    start = us()
    steps = 0
    while not state.is_terminal() and len(times) < decisions and steps < 20000:
        if budget_us is not None and since(start) >= budget_us:
            break
        steps += 1
        acted = False
        for p in state.actors():
            t = us()
            a = agents[p].act(state, p, now)
            dt = since(t)
            calls[0] += 1
            calls[1] += dt
            if dt > calls[2]:
                calls[2] = dt
            if a is not None:
                times.append(dt)
                state.apply(a)
                acted = True
                break
        if not acted:
            ev = state.system_action(now)
            if ev is not None:
                state.apply(ev)
            now += 50
            t = us()
            if idle_gc.collect_if_due(33):  # an idle frame: all of it to spare
                dt = since(t)
                calls[3] += 1
                if dt > calls[4]:
                    calls[4] = dt
    return times, calls
