"""`make bench`: runs every bench/bench_*.py (or those named on the command line).

Each benchmark module has `run() -> dict` returning its figures (plain JSON data),
PLATFORMS naming what it measures on (bench.common.PLATFORM_NAMES' keys: the results
file's meta then names the platform, its firmware and versions: common.platform_meta),
optionally `firmware(result)` (the firmware the emulated board ran, when not the stock
one) and `table(result) -> list of (label, value)` rows for the printed summary.

How a run behaves:
- it says which benchmark runs (n of N) and, on a terminal, for how long so far;
- each result is written when its benchmark ends, to build/bench/<name>.json (not
  tracked); bench/results/<name>.json, the tracked figures, are replaced only when
  every benchmark asked for has completed (a skipped one keeps the figures there);
- Ctrl-C stops it with one line saying what completed, exit status 130;
- temporary folders live in one folder per run, removed when the run ends however
  it ends (the benchmarks' own clean-up is not relied on).
"""
import importlib
import json
import os
import platform
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(ROOT, "simulator", "mpcompat"), os.path.join(ROOT, "firmware"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench import common  # noqa: E402  (after the paths above)

# The device figures come from the emulated RP2040 (bench_device.py); the others print
# them beside their WebAssembly ones from device.json, so it runs first.
FIRST = ("device",)
RESULTS = os.path.join(HERE, "results")
STAGE = os.path.join(ROOT, "build", "bench")


def discover(package_dir=HERE):
    return sorted(f[6:-3] for f in os.listdir(package_dir)
                  if f.startswith("bench_") and f.endswith(".py"))


class Report:
    """What the run prints: rich (a live elapsed-time line, tables) on a terminal,
    plain lines otherwise."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.status = None
        if self.tty:
            from rich.console import Console
            self.console = Console(file=self.stream, highlight=False)

    def line(self, text):
        if self.tty:
            from rich.text import Text
            self.console.print(Text(text))
        else:
            self.stream.write(text + "\n")
            self.stream.flush()

    def start(self, i, n, name):
        if self.tty:
            self.t0 = time.time()
            self.status = self.console.status(self._running(i, n, name))
            self.status.start()
            self.what = (i, n, name)
        else:
            self.line("[%d/%d] %s: running ..." % (i, n, name))

    def tick(self):
        if self.status is not None:
            self.status.update(self._running(*self.what))

    def _running(self, i, n, name):
        return "[%d/%d] %s: running (%d s) ..." % (i, n, name, time.time() - getattr(self, "t0", time.time()))

    def stop(self):
        if self.status is not None:
            self.status.stop()
            self.status = None

    def table(self, title, rows):
        if self.tty:
            from rich.table import Table
            from rich.text import Text
            t = Table(title=Text(title, style="bold"), title_justify="left", show_header=False)
            t.add_column()
            t.add_column(justify="right")
            for label, value in rows:
                t.add_row(Text(str(label)), Text(str(value)))
            self.console.print(t)
        else:
            self.line("== " + title)
            for label, value in rows:
                self.line("  %-46s %s" % (label, value))


def run_one(mod, name, report):
    """(result, meta) of one benchmark; the status line ticks while it runs."""
    import threading
    done = threading.Event()

    def ticker():
        while not done.wait(1.0):
            report.tick()
    t = threading.Thread(target=ticker, daemon=True)
    t.start()
    t0 = time.time()
    try:
        result = mod.run()
    finally:
        done.set()
    meta = {"benchmark": name, "date": time.strftime("%Y-%m-%d %H:%M:%S"),
            "machine": platform.machine(), "python": platform.python_version(),
            "seconds": round(time.time() - t0, 1)}
    firmware = mod.firmware(result) if hasattr(mod, "firmware") else None
    meta.update(common.platform_meta(mod.PLATFORMS, firmware))
    return result, meta


def main(argv, package="bench", results=RESULTS, stage=STAGE, out=None):
    package_dir = os.path.dirname(importlib.import_module(package).__file__)
    names = list(argv) or discover(package_dir)
    names = [n for n in FIRST if n in names] + [n for n in names if n not in FIRST]
    report = Report(out)
    for n in names:  # before anything runs: a results file must name its platform
        mod = importlib.import_module("%s.bench_%s" % (package, n))
        common.platform_meta(getattr(mod, "PLATFORMS", ()))
    os.makedirs(stage, exist_ok=True)
    for n in names:  # what an earlier, unfinished run left here is not this run's
        try:
            os.remove(os.path.join(stage, n + ".json"))
        except OSError:
            pass
    run_tmp = tempfile.mkdtemp(prefix="kocka-bench-run-")
    saved_tmp = (tempfile.tempdir, os.environ.get("TMPDIR"))
    tempfile.tempdir = run_tmp
    os.environ["TMPDIR"] = run_tmp  # the benchmarks' child processes too
    os.environ[common.STAGE_ENV] = stage
    done = []
    current = None
    try:
        for i, name in enumerate(names, 1):
            current = name
            mod = importlib.import_module("%s.bench_%s" % (package, name))
            report.start(i, len(names), name)
            try:
                result, meta = run_one(mod, name, report)
            finally:
                report.stop()
            with open(os.path.join(stage, name + ".json"), "w") as f:
                json.dump({"meta": meta, "result": result}, f, indent=1, sort_keys=True)
            done.append(name)
            rows = mod.table(result) if hasattr(mod, "table") else sorted(result.items())
            report.table("%s (%.1f s)" % (name, meta["seconds"]), rows)
        current = None
    except KeyboardInterrupt:
        report.stop()
        report.line("bench: interrupted during %s: %d of %d benchmarks completed%s; "
                    "%s is unchanged" % (
                        current, len(done), len(names),
                        " (%s: results in %s)" % (", ".join(done), os.path.relpath(stage, ROOT))
                        if done else "", os.path.relpath(results, ROOT)))
        return 130
    finally:
        tempfile.tempdir, tmpdir = saved_tmp
        if tmpdir is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = tmpdir
        os.environ.pop(common.STAGE_ENV, None)
        shutil.rmtree(run_tmp, ignore_errors=True)
    promote(done, stage, results, report)
    return 0


def promote(names, stage, results, report):
    """Every benchmark asked for completed: their results become the tracked figures."""
    os.makedirs(results, exist_ok=True)
    kept = []
    for name in names:
        src = os.path.join(stage, name + ".json")
        dst = os.path.join(results, name + ".json")
        with open(src) as f:
            skipped = "skipped" in (json.load(f).get("result") or {})
        if skipped and os.path.exists(dst):
            kept.append(name)
            continue
        shutil.copyfile(src, dst)
    report.line("results written to %s%s" % (
        os.path.relpath(results, ROOT),
        " (skipped, the figures there kept: %s)" % ", ".join(kept) if kept else ""))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
