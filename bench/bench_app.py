"""The app under MicroPython (WebAssembly, from the .mpy bundle): boot-to-menu time,
per-frame draw time and peak heap per screen, for every demo, with the Pico estimate,
and the heap each import costs (the core app, each game's screens with its rules).

Draw time is app.tick() for frames that were drawn (drawing into the framebuffer, not
the SPI push: see firmware/hal/st7789.py for the push time). The Pico estimate
multiplies the WebAssembly time by 8-13 (interpreter-bound code; see docs/performance.md).
"""
import os
import tempfile

from bench.common import device
from tests.apprun import build_bundle, run_micropython

PLATFORMS = ("wasm",)  # what it measures on (bench.common.platform_meta)
DRAW_BUDGET_MS = 20
# The heap is reported here, not judged: the budgets are the firmware image's, measured
# on the emulated RP2040 (bench_device, tests/test_device_uf2.py).


CORE = ("hal.virtual", "app.app")


def import_costs(bundle):
    """Heap per import under MicroPython: the core app, then each game's modules."""
    from app import games
    from tests.mpgate import run_mp, ROOT
    from tests.apprun import parse
    names = list(CORE)
    for g in games.menu():
        names.append(g.app + "+" + g.rules)
    mounts = tuple(os.path.join(bundle, d) + ":" + d for d in ("shared_rules", "app", "hal", "board"))
    proc = run_mp(os.path.join(ROOT, "tests", "mp", "import_cost.py"), names, mounts=mounts,
                  steps=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    return parse(proc.stdout)


def run():
    from app import demo
    tmp = tempfile.mkdtemp(prefix="kocka-bench-")
    bundle = build_bundle(os.path.join(tmp, "bundle"))
    out = {"demos": {}, "import_bytes": import_costs(bundle)}
    for name in demo.names():
        r = run_micropython(bundle, "demo", name, 1, 900, os.path.join(tmp, name), sample_every=1)
        out["demos"][name] = {
            "boot_to_menu_ms": r["boot_to_menu_us"] / 1000,
            "draw_ms_median": r["draw_us_median"] / 1000,
            "draw_ms_p90": r["draw_us_p90"] / 1000,
            "draw_ms_max": r["draw_us_max"] / 1000,
            "frames_drawn": r["frames_drawn"],
            "peak_heap": r["peak_heap"],
            "peak_by_screen": r["peak_by_screen"],
        }
    # a long session: button mashing through every game and screen in one boot
    r = run_micropython(bundle, "fuzz", "-", 11, 1500, os.path.join(tmp, "fuzz"), sample_every=1)
    q = r["qstr_bytes"]
    out["session"] = {"peak_heap": r["peak_heap"], "qstr_pool_at_menu": q["menu"],
                      "qstr_pool_at_end": q["end"], "peak_by_screen": r["peak_by_screen"]}
    return out


def table(result):
    rows = []
    boot = device("ui", "boot_menu_ms")
    if boot is not None:
        rows.append(("device (emulated RP2040): boot to menu", "%.0f ms" % boot))
    for name, size in result["import_bytes"].items():
        rows.append(("import cost: %s" % name, "%.1f KB" % (size / 1024)))
    for name, r in sorted(result["demos"].items()):
        rows.append(("%s: boot to menu (wasm)" % name, "%.1f ms" % r["boot_to_menu_ms"]))
        rows.append(("%s: frame draw median, p90 (wasm)" % name,
                     "%.2f, %.2f ms" % (r["draw_ms_median"], r["draw_ms_p90"])))
        rows.append(("%s: peak heap" % name, "%.1f KB" % (r["peak_heap"] / 1024)))
        for screen, h in sorted(r["peak_by_screen"].items()):
            rows.append(("  peak heap on %s" % screen, "%.1f KB" % (h / 1024)))
    for screen, d in sorted((device("app", "screens") or {}).items()):
        rows.append(("device: %s draw p90 (budget %d) / push median" % (screen, DRAW_BUDGET_MS),
                     "%.1f / %.1f ms" % (d["draw_ms"]["p90"], d["push_ms"]["median"])))
    s = result.get("session")
    if s:
        growth = s["qstr_pool_at_end"] - s["qstr_pool_at_menu"]
        rows.append(("every game and screen in one boot: peak heap", "%.1f KB" % (s["peak_heap"] / 1024)))
        rows.append(("  of it interned strings never freed, grown since the menu",
                     "%.1f KB (pool %.1f -> %.1f KB)" % (growth / 1024, s["qstr_pool_at_menu"] / 1024,
                                                       s["qstr_pool_at_end"] / 1024)))
    return rows
