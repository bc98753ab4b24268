"""Type-checks the device-side code (firmware/hal, firmware/board, firmware/main.py) with mypy
against the MicroPython rp2 stubs, so a misspelt machine API (machine.Pin.PULLUP, an SPI
keyword that does not exist) fails here instead of on the board.

How the stubs are used: micropython-rp2-stubs installs the rp2 port's modules (machine,
micropython, neopixel, framebuf, rp2, time, select, ...) as top-level .pyi files, and
micropython-stdlib-stubs a reduced typeshed (stdlib/, stubs/, the _mpy_shed helpers) with
MicroPython's builtins, os, sys and io. mypy treats the standard library specially, so
module stubs on MYPYPATH that shadow stdlib names (time, select, os) are rejected; the
stubs are therefore merged into one custom typeshed directory (stdlib-stubs' stdlib/ with
_mpy_shed and the rp2 modules overlaid and added to stdlib/VERSIONS; stubs/ as is) and
mypy runs with --custom-typeshed-dir pointing at it and --no-site-packages, so nothing
from CPython leaks in. That is the layout the micropython-typeshed project documents.

The checks: --check-untyped-defs (the code is mostly unannotated; without it mypy would not
look inside the functions at all), plus --strict-equality, --warn-unused-ignores,
--warn-redundant-casts and --extra-checks. The app (firmware/app) is someone else's and is
skipped (`from app.app import App` in main.py is typed Any).

Run `python tests/test_device_typecheck.py [extra mypy args]` to see mypy's own output.
"""
import glob
import importlib.metadata
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "device-typecheck")

DEVICE_FILES = sorted(
    [f for f in glob.glob(os.path.join(ROOT, "firmware", "hal", "*.py"))
     # the headless HAL (CPython/simulator side); the inline assembly and the PIO
     # programs, whose "calls" are instructions (tests/test_kernels.py,
     # test_device_kernels.py and test_device_link_pio.py check them)
     if os.path.basename(f) not in ("virtual.py", "kernels_thumb.py", "link_pio_asm.py")]
    + glob.glob(os.path.join(ROOT, "firmware", "board", "*.py"))
    + [os.path.join(ROOT, "firmware", "main.py")])

CONFIG = """\
[mypy]
mypy_path = {firmware}
custom_typeshed_dir = {typeshed}
cache_dir = {cache}
no_site_packages = True
check_untyped_defs = True
strict_equality = True
warn_unused_ignores = True
warn_redundant_casts = True
extra_checks = True
show_error_codes = True
pretty = False

[mypy-hal.kernels_thumb]
# inline Thumb assembly: its "calls" are instructions (tests/test_kernels.py checks it)
ignore_errors = True

[mypy-hal.link_pio_asm]
# PIO assembly: its "calls" are instructions (tests/test_device_link_pio.py runs it)
ignore_errors = True

[mypy-app.*]
follow_imports = skip
ignore_missing_imports = True
"""


def _stub_dist(name):
    dist = importlib.metadata.distribution(name)
    return dist, str(dist.locate_file(""))


def build_typeshed():
    """Merges the stdlib and rp2 stub packages into BUILD/typeshed (rebuilt when versions change)."""
    rp2, rp2_root = _stub_dist("micropython-rp2-stubs")
    std, std_root = _stub_dist("micropython-stdlib-stubs")
    stamp_text = "rp2 %s / stdlib %s / _rp2 1\n" % (rp2.version, std.version)
    out = os.path.join(BUILD, "typeshed")
    stamp = os.path.join(out, "STAMP")
    if os.path.exists(stamp) and open(stamp).read() == stamp_text:
        return out
    final, out = out, "%s.tmp%d" % (out, os.getpid())  # built aside, then swapped in
    shutil.rmtree(out, ignore_errors=True)
    stamp = os.path.join(out, "STAMP")
    shutil.copytree(os.path.join(std_root, "stdlib"), os.path.join(out, "stdlib"))
    shutil.copytree(os.path.join(std_root, "stubs"), os.path.join(out, "stubs"))
    added = ["_mpy_shed"]
    shutil.copytree(os.path.join(std_root, "_mpy_shed"), os.path.join(out, "stdlib", "_mpy_shed"))
    tops = set()
    for f in rp2.files:
        parts = str(f).split("/")
        if parts[0].endswith(".dist-info") or parts[0] == "__builtins__.pyi":
            continue  # __builtins__.pyi is a Pyright-only convention
        if len(parts) == 1 and not parts[0].endswith(".pyi"):
            continue  # README, LICENSE, pyproject.toml
        if not str(f).endswith(".pyi"):
            continue
        dest = os.path.join(out, "stdlib", *parts)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(rp2_root, *parts), dest)
        tops.add(parts[0][:-4] if len(parts) == 1 else parts[0])
    # _rp2, rp2's C half (the HAL imports it so rp2.py's PIO assembler stays out of RAM):
    # the stubs have rp2 only, which re-exports it
    with open(os.path.join(out, "stdlib", "_rp2.pyi"), "w") as fh:
        fh.write("from rp2 import DMA as DMA, PIO as PIO, StateMachine as StateMachine\n")
    tops.add("_rp2")
    versions = os.path.join(out, "stdlib", "VERSIONS")
    listed = set()
    with open(versions) as fh:
        for line in fh:
            line = line.split("#")[0].strip()
            if ":" in line:
                listed.add(line.split(":")[0].strip())
    added += sorted(tops)
    with open(versions, "a") as fh:
        fh.write("\n# MicroPython rp2 modules (merged by tests/test_device_typecheck.py)\n")
        for mod in added:
            if mod not in listed:
                fh.write("%s: 3.0-\n" % mod)
    with open(stamp, "w") as fh:
        fh.write(stamp_text)
    shutil.rmtree(final, ignore_errors=True)
    try:
        os.rename(out, final)
    except OSError:  # another run swapped its copy in first
        shutil.rmtree(out, ignore_errors=True)
    return final


def run_mypy(files=DEVICE_FILES, extra=()):
    typeshed = build_typeshed()
    cfg = os.path.join(BUILD, "mypy.ini")
    with open(cfg, "w") as fh:
        fh.write(CONFIG.format(firmware=os.path.join(ROOT, "firmware"), typeshed=typeshed,
                               cache=os.path.join(BUILD, "cache")))
    cmd = [sys.executable, "-m", "mypy", "--config-file", cfg] + list(extra) + list(files)
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)


def test_device_code_type_checks_against_the_micropython_rp2_stubs():
    proc = run_mypy()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found in %d source files" % len(DEVICE_FILES) in proc.stdout


BAD_API = """\
import machine
import neopixel
from machine import PWM, SPI, Pin

a = Pin(2, Pin.IN, Pin.PULLUP)
b = SPI(1, baud=62_500_000, sck=Pin(10), mosi=Pin(11))
c = PWM(Pin(13)).duty(512)
d = neopixel.NeoPixel(Pin(22), 8, bpp=3, timming=1)
machine.frequency(125_000_000)
"""


def test_the_check_catches_misspelt_machine_apis(tmp_path):
    bad = tmp_path / "bad_device_code.py"
    bad.write_text(BAD_API)
    proc = run_mypy(files=[str(bad)])
    out = proc.stdout
    assert proc.returncode != 0
    assert 'has no attribute "PULLUP"' in out
    assert ':6: error' in out  # SPI(baud=...)
    assert 'has no attribute "duty"' in out
    assert ':8: error' in out  # NeoPixel(timming=...)
    assert 'has no attribute "frequency"' in out


def test_micropython_stubs_not_cpython_are_used(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("import time\nimport micropython\n"
                     "time.ticks_diff(time.ticks_ms(), 0)\nmicropython.kbd_intr(-1)\n")
    proc = run_mypy(files=[str(probe)])
    assert proc.returncode == 0, proc.stdout  # CPython's time has no ticks_*
    probe.write_text("import numpy\nimport time\ntime.perf_counter()\n")
    proc = run_mypy(files=[str(probe)])
    assert 'module named "numpy"' in proc.stdout  # no CPython site-packages
    assert 'has no attribute "perf_counter"' in proc.stdout


if __name__ == "__main__":
    result = run_mypy(extra=sys.argv[1:])
    sys.stdout.write(result.stdout + result.stderr)
    sys.exit(result.returncode)
