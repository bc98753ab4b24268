"""Link play in the real app under MicroPython: two Apps linked by an in-memory cable
(tests/mp/link_app.py) go from the main menu's Link play (Host a game, Join a game)
into Kocka 10000 and play 60 actions, each human on their own app; the guest is level
with the host, and both apps' last frames are the very bytes CPython draws."""
import os
import subprocess
import sys

import pytest

from tests.mpgate import ROOT, run_mp
from tests.apprun import parse

SCRIPT = os.path.join(ROOT, "tests", "mp", "link_app.py")
ARGS = (3, 60)


def run_cpython(out):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(ROOT, "simulator", "mpcompat"),
                                         os.path.join(ROOT, "firmware"), ROOT])
    proc = subprocess.run([sys.executable, SCRIPT] + [str(a) for a in ARGS] + [str(out)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return parse(proc.stdout)


@pytest.mark.micropython
def test_a_linked_game_in_the_app_under_micropython_draws_what_cpython_draws(tmp_path):
    cp_out = tmp_path / "cpython"
    mp_out = tmp_path / "mp"
    cp_out.mkdir()
    mp_out.mkdir()
    want = run_cpython(cp_out)
    proc = run_mp(SCRIPT, ARGS + ("/out",), out_dir=mp_out, steps=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    got = parse(proc.stdout)
    assert got["runtime"] == "micropython"
    assert got["actions"] >= ARGS[1] and got["level"] and got["same"]
    assert got["kinds"] == [["human", "linked", "easy"], ["linked", "human", "easy"]]
    for k in ("actions", "frames", "tops", "kinds"):
        assert got[k] == want[k], k
    for name in ("host.bin", "guest.bin"):
        assert (mp_out / name).read_bytes() == (cp_out / name).read_bytes(), name
