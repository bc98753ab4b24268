"""Runs tests/mp/app_headless.py under MicroPython (from the compiled .mpy bundle) or CPython."""
import json
import os
import subprocess
import sys

from tests.mpgate import ROOT, run_mp

SCRIPT = os.path.join(ROOT, "tests", "mp", "app_headless.py")


def build_bundle(out_dir):
    from tools.build_bundle import build
    build(str(out_dir))
    return str(out_dir)


def parse(stdout):
    """The RESULT dict; with "qstr_bytes" {label: bytes of the interned-string pool} when
    the run printed QSTR labels (MicroPython)."""
    qstrs = {}
    label = None
    for line in stdout.splitlines():
        if line.startswith("QSTR "):
            label = line[5:]
        elif line.startswith("qstr pool:") and label:
            qstrs[label] = int(line.rsplit("n_total_bytes=", 1)[1])
            label = None
        elif line.startswith("RESULT "):
            out = json.loads(line[7:])
            if qstrs:
                out["qstr_bytes"] = qstrs
            return out
    raise AssertionError("no RESULT line in output:\n" + stdout[-3000:])


def run_micropython(bundle, mode, name, seed, frames, out_dir, sample_every=1):
    mounts = tuple(os.path.join(bundle, d) + ":" + d for d in ("shared_rules", "app", "hal", "board"))
    proc = run_mp(SCRIPT, (mode, name, seed, frames, "/out", sample_every), mounts=mounts,
                  out_dir=out_dir, steps=True)
    if proc.returncode != 0:
        raise AssertionError("MicroPython run failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    return parse(proc.stdout)


def run_cpython(mode, name, seed, frames, out_dir):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(ROOT, "simulator", "mpcompat"),
                                         os.path.join(ROOT, "firmware"), ROOT])
    proc = subprocess.run([sys.executable, SCRIPT, mode, name, str(seed), str(frames), str(out_dir)],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    if proc.returncode != 0:
        raise AssertionError("CPython run failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    return parse(proc.stdout)
