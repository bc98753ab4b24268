"""The simulator window with --pty: the port's path is printed and drawn on the body, and
`kocka sync` pulls finished games from the app running in the window."""
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from tests import RACE_GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty")


def crop(path, rect):
    img = pygame.image.load(str(path))
    return pygame.image.tobytes(img.subsurface(rect), "RGB")


def test_window_prints_and_shows_the_pty_path(tmp_path, capsys):
    from simulator import cli, layout
    from simulator.painter import Painter
    shot = tmp_path / "pty.png"
    assert cli.main(["--pty", "--frames", "3", "--screenshot", str(shot),
                     "--data", str(tmp_path / "d")]) == 0
    lines = capsys.readouterr().out.splitlines()
    serial = [l for l in lines if l.startswith("SERIAL ")]
    assert len(serial) == 1, lines
    path = serial[0].split(" ", 1)[1]
    assert path.startswith("/dev/")
    # the body under the serial line is what the painter draws for that path ...
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((layout.WIDTH, layout.HEIGHT))
    painter = Painter()
    painter.set_serial(path)
    surface.blit(painter.body, (0, 0))
    surface.blit(painter.serial_label, layout.SERIAL_AREA[:2])
    want = tmp_path / "want.png"
    pygame.image.save(surface, str(want))
    pygame.quit()
    assert crop(shot, layout.SERIAL_AREA) == crop(want, layout.SERIAL_AREA)
    # ... and not the bare body a window without --pty shows
    plain = tmp_path / "plain.png"
    assert cli.main(["--frames", "3", "--screenshot", str(plain),
                     "--data", str(tmp_path / "d2")]) == 0
    assert "SERIAL" not in capsys.readouterr().out
    assert crop(plain, layout.SERIAL_AREA) != crop(shot, layout.SERIAL_AREA)


def test_demo_games_need_the_pty(tmp_path, capsys):
    from simulator import cli
    assert cli.main(["--demo-games", "2", "--data", str(tmp_path / "d")]) == 2
    assert "--demo-games needs --pty" in capsys.readouterr().err


def test_kocka_syncs_from_the_window(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("KOCKA_DB", None)
    sim = subprocess.Popen(
        [sys.executable, "-m", "simulator", "--pty", "--frames", "3000", "--data",
         str(tmp_path / "device"), "--demo-games", "3", "--seed", "2"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for _ in range(5):
            line = sim.stdout.readline()
            if line.startswith("SERIAL "):
                port = line.split()[1]
                break
        assert port, sim.stderr.read() if sim.poll() is not None else "no SERIAL line"
        out = subprocess.run([sys.executable, "-m", "host", "--db", str(tmp_path / "k.sqlite3"),
                              "sync", "--port", port], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "3 new games" in out.stdout
    finally:
        sim.terminate()
        try:
            sim.wait(10)
        except subprocess.TimeoutExpired:
            sim.kill()
            sim.wait()


def test_demo_games_record_their_seats(tmp_path, monkeypatch, capsys):
    """--demo-games: every game says who sat where (bots of the level that played), as a
    device records it, so `kocka scores` shows bots, never "?" (an older firmware)."""
    from hal.virtual import VirtualHal
    from host import cli as kocka_cli, db, seats
    from simulator import serve
    from shared_rules import records
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    names = [name for name, cls in serve.game_classes()]
    assert {"cubo", "kocka10000", "coloretto", "cubingos", "race"} <= set(names)
    hal = VirtualHal(str(tmp_path / "dev"), 3)
    log, settings = serve.store_demo_games(hal, len(names), 3)
    dbpath = str(tmp_path / "k.sqlite3")
    con = db.connect(dbpath)
    played = set()
    for seq in range(1, len(names) + 1):
        raw = log.get(seq)
        rec = records.decode(raw)
        played.add(rec["game"])
        kinds = seats.kinds(raw, len(rec["players"]))
        assert seats.UNKNOWN not in kinds and seats.PERSON not in kinds, (rec["game"], kinds)
        db.store(con, rec["device"], rec["epoch"], seq, raw, rec, True, None, 1)
    con.commit()
    con.close()
    assert played == set(names)
    capsys.readouterr()
    assert kocka_cli.main(["--db", dbpath, "scores"]) == 0
    out = capsys.readouterr().out
    assert "bot (" in out and "?" not in out, out
