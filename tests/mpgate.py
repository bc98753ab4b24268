"""Helpers to run code under real MicroPython (the WebAssembly port under Node) from pytest."""
import os
import shutil
import subprocess

from tests import tiers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tests", "mp", "mprun.mjs")
# The device bundle layout: shared_rules/, app/, hal/, board/ at the top.
DEVICE_MOUNTS = ("shared_rules", "firmware/app:app", "firmware/hal:hal", "firmware/board:board")


def missing():
    """None when MicroPython's WebAssembly port can run here, else what to install."""
    if shutil.which("node") is None:
        from tools import system_deps
        return system_deps.advice(["nodejs", "npm"])
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        return "node_modules is missing: `make test` installs it (npm ci)"
    return None


def node_available():
    return missing() is None


def run_mp(script, args=(), mounts=DEVICE_MOUNTS, extra_mounts=(), out_dir=None, timeout=600,
           steps=False):
    """Runs `script` under MicroPython; returns the CompletedProcess (text output).

    steps=True calls the script's step() until it returns False, one runPython call
    each (see mprun.mjs: the only way to measure the live heap on this port)."""
    tiers.check("micropython", "browser")
    cmd = ["node", RUNNER]
    if steps:
        cmd.append("--steps")
    for m in tuple(mounts) + tuple(extra_mounts):
        cmd += ["--mount", m]
    if out_dir:
        cmd += ["--out", str(out_dir)]
    cmd.append(str(script))
    cmd += [str(a) for a in args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)

# The tests' game, Race, installed as a game folder (tests/race; tests/shared/toygame.py)
RACE_MOUNT = "tests/race/shared_rules/race:shared_rules/race"
