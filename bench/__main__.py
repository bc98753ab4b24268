"""`make bench`: runs every bench/bench_*.py (or those named on the command line).

Each benchmark module has `run() -> dict` returning its figures (plain JSON data) and
optionally `table(result) -> list of (label, value)` rows for the printed summary.
Results go to bench/results/<name>.json with the machine and date.
"""
import importlib
import json
import os
import platform
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "simulator", "mpcompat"), os.path.join(ROOT, "firmware"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

# The device figures come from the emulated RP2040 (bench_device.py); the others print
# them beside their WebAssembly ones from bench/results/device.json, so it runs first.
FIRST = ("device",)


def main(argv):
    names = argv or sorted(f[6:-3] for f in os.listdir(HERE)
                           if f.startswith("bench_") and f.endswith(".py"))
    names = [n for n in FIRST if n in names] + [n for n in names if n not in FIRST]
    out_dir = os.path.join(HERE, "results")
    os.makedirs(out_dir, exist_ok=True)
    for name in names:
        mod = importlib.import_module("bench.bench_" + name)
        t0 = time.time()
        result = mod.run()
        meta = {"benchmark": name, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
                "machine": platform.machine(), "python": platform.python_version(),
                "seconds": round(time.time() - t0, 1)}
        with open(os.path.join(out_dir, name + ".json"), "w") as f:
            json.dump({"meta": meta, "result": result}, f, indent=1, sort_keys=True)
        print("== %s (%.1f s)" % (name, meta["seconds"]))
        rows = mod.table(result) if hasattr(mod, "table") else sorted(result.items())
        for label, value in rows:
            print("  %-46s %s" % (label, value))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
