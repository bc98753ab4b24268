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


# -- what a benchmark measured on ---------------------------------------------------------
# Each bench module declares PLATFORMS, a tuple of these keys, and may define
# firmware(result) naming the firmware it measured on the emulated board; `make bench`
# puts platform_meta()'s fields in every results file's "meta".
PLATFORM_NAMES = {"rp2040": "emulated RP2040", "wasm": "MicroPython WebAssembly",
                  "browser": "headless Chromium", "host": "host CPython"}
WASM_PACKAGE = os.path.join(ROOT, "node_modules", "@micropython",
                            "micropython-webassembly-pyscript", "package.json")
RP2040JS_PACKAGE = os.path.join(ROOT, "node_modules", "rp2040js", "package.json")


def package_version(path):
    try:
        with open(path) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return None


def node_version():
    import subprocess
    try:
        out = subprocess.run(["node", "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform
    return platform.processor() or platform.machine() or None


def stock_firmware():
    """The stock firmware the emulated board runs: "MicroPython v1.28.0 RPI_PICO"."""
    from tools import rp2040emu
    board, version = rp2040emu.FIRMWARE.rsplit(".", 1)[0].split("-", 1)
    return "MicroPython %s %s" % (version, board)


def platform_meta(platforms, firmware=None):
    """The "meta" fields naming what a benchmark measured on: "platform" (the names of
    `platforms`, joined by " + "), and per platform: the firmware and the rp2040js
    version (emulated RP2040), the MicroPython WebAssembly package's version and Node's
    (WebAssembly; in the browser, the package's), the CPU model and Python's version
    (host)."""
    import platform
    unknown = [p for p in platforms if p not in PLATFORM_NAMES]
    if not platforms or unknown:
        raise ValueError("PLATFORMS must name some of %s, not %r" % (sorted(PLATFORM_NAMES),
                                                                      platforms))
    meta = {"platform": " + ".join(PLATFORM_NAMES[p] for p in platforms)}
    if "rp2040" in platforms:
        meta["firmware"] = firmware or stock_firmware()
        meta["rp2040js"] = package_version(RP2040JS_PACKAGE)
    if "wasm" in platforms or "browser" in platforms:
        meta["micropython_webassembly"] = package_version(WASM_PACKAGE)
    if "wasm" in platforms:
        meta["node"] = node_version()
    if "host" in platforms or "browser" in platforms:
        meta["cpu"] = cpu_model()
        meta["python"] = platform.python_version()
    return meta
