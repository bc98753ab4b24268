"""Device workloads for `make bench`, the same code on the emulated Pico (as /main.py) and
under the MicroPython WebAssembly port (tests/mp/mprun.mjs), so their ratio is measured.

Prints one `KR <json>` line per workload and `KR-END` at the end:
  bots:  each game's bots playing each other, time per decision (an act() that
         returned an action) and per call, in us;
  crc:   CRC-32 of 1 KB by binascii.crc32 and shared_rules.crc32's pure-Python path,
         us per KB;
  solver: Cubo's best_arrangement, us per call;
  save:  the app's save journal (app/journal.py's Recorder over hal/storage.py's
         FileStorage on /data): us to start a save and per recorded action.
"""
import gc
import json
import sys

from benchkit import us, since, stats, forget_rules, play_bots

DECISIONS = 60  # per bot level; the slow ones stop at BUDGET_US
BUDGET_US = 4_000_000
MICRO = sys.implementation.name == "micropython"


def report(kind, **fields):
    fields["kind"] = kind
    print("KR " + json.dumps(fields))


# Cubingos first: its bots need one 32 KB block, which the others' leftovers can split.
GAMES = (("cubingos", ("easy", "medium", "hard"), 2),
         ("cubo", ("easy", "medium", "hard"), 3),
         ("kocka10000", ("easy", "medium", "hard"), 2),
         ("coloretto", ("greedy", "strong"), 3))


def bot_bench(name, level, players):
    from shared_rules import registry
    bots = __import__("shared_rules.%s.bots" % name, None, None, ("make_bot",))
    cls = registry.game_class(name)
    state = cls(players, 12345)
    agents = [bots.make_bot(level, 7 + i) for i in range(players)]
    start = us()
    decisions, calls = play_bots(state, agents, DECISIONS, BUDGET_US)
    report("bots", game=name, level=level, players=players, decision=stats(decisions),
           call={"n": calls[0], "mean_us": calls[1] // max(1, calls[0]), "max_us": calls[2]},
           total_us=since(start))


def per_call(fn, min_us=200_000):
    """us per call of fn(), repeated for at least min_us (the WebAssembly port's timer has
    1 ms resolution)."""
    n = 0
    t = us()
    while True:
        fn()
        n += 1
        dt = since(t)
        if dt >= min_us:
            return dt / n


def crc_bench():
    from shared_rules import crc32 as C
    data = bytes(range(256)) * 4
    out = {}
    try:
        import binascii
        out["binascii_us_per_kb"] = per_call(lambda: binascii.crc32(data))
    except (ImportError, AttributeError):
        out["binascii_us_per_kb"] = None
    saved = C._native
    C._native = None
    try:
        C.crc32(data)
        out["pure_us_per_kb"] = per_call(lambda: C.crc32(data))
    finally:
        C._native = saved
    out["module_us_per_kb"] = per_call(lambda: C.crc32(data))
    report("crc", **out)


def save_bench():
    from hal.storage import FileStorage
    from app import journal
    try:
        import os
        os.mkdir("/data")
    except OSError:
        pass
    rec = journal.Recorder(FileStorage("/data"))
    t = us()
    rec.start("kocka10000", {}, 1, ["ANNA", "ROBI"], 0)
    start_us = since(t)
    times = []
    t0 = us()
    for i in range(40):
        t = us()
        rec.action((i & 1, 3, 17, 4), 100 * i)
        times.append(since(t))
    total = since(t0)
    journal.clear(rec.storage)
    report("save", start_us=start_us, action=stats(times), total_us=total, actions=40)


def solver_bench():
    """Cubo's best_arrangement (the hint and the bots' solver) on 20 seeded rolls."""
    from shared_rules.cubo.score import best_arrangement
    from shared_rules.rng import Rng
    r = Rng(2014)
    best_arrangement([(1, "R")] * 4 + [(2, "B")] * 4 + [(3, "W")])  # builds its tables
    times = []
    t0 = us()
    for _ in range(20):
        d = [(r.die(), "R") for _ in range(4)] + [(r.die(), "B") for _ in range(4)]
        d.append((r.die(), "W"))
        t = us()
        best_arrangement(d)
        times.append(since(t))
    report("solver", call=stats(times), total_us=since(t0), calls=20)


def main():
    gc.collect()
    report("start", free=gc.mem_free(), micro=MICRO)
    crc_bench()
    save_bench()
    solver_bench()
    forget_rules()
    for name, levels, players in GAMES:
        for level in levels:
            bot_bench(name, level, players)
            forget_rules()
    print("KR-END")


try:
    main()
except Exception as e:
    print("KX")
    sys.print_exception(e)
