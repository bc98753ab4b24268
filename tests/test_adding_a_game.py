"""A game is a folder: the tests' game, Race (tests/race), installed through its descriptor
alone (KOCKA_EXTRA_GAMES), is listed by the main menu, played through its setup, saved and
resumed after a power cut, logged, synced into the database and shown by `kocka show`,
with no line of Kocka's own changed for it (docs/adding-a-game.md)."""
import os
import subprocess
import sys

import pytest

from hal import api
from host import games
from shared_rules import records, registry, verify
from tests import RACE_GAMES, RACE_ROOT
from tests.apphelpers import Harness

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture
def race(monkeypatch):
    """Race installed as KOCKA_EXTRA_GAMES installs it, and gone again afterwards."""
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    games.sync()
    yield
    monkeypatch.delenv("KOCKA_EXTRA_GAMES")
    games.sync()


def test_without_its_folder_race_is_unknown():
    assert registry.find("race") is None
    assert "race" not in games.names()


def test_the_descriptor_alone_registers_it(race):
    g = registry.find("race")
    assert g is not None and g.title == "Race" and g.timed
    assert registry.game_class("race").NAME == "race"
    assert [x.id for x in registry.menu()][-1] == "race"   # menu=5: after the four
    from tools import build_bundle
    assert "'app.games.race.setup'" in build_bundle.catalog_source()


def _play_to_the_end(h, screen, limit=4000):
    """Human turns: roll twice then hold; the bot plays itself. Returns the frames used."""
    k = 0
    for i in range(limit):
        st = screen.st
        if st.is_terminal():
            return i
        if screen.agents[st.turn] is None:
            h.press(api.KEY_Y if k % 3 == 2 else api.KEY_A)
            k += 1
        else:
            h.frames(1)
    raise AssertionError("Race did not end")


def test_played_saved_resumed_logged_synced_and_shown(race, tmp_path):
    data = tmp_path / "device"
    h = Harness(data)
    menu = h.app.top()
    assert [it.label() for it in menu.items][:5] == [
        "Cubo", "Kocka 10000", "Coloretto", "Cubingos", "Race"]
    h.open_menu_item("Race")
    h.frames(3)
    assert h.top_name() == "RaceSetup"
    h.press(api.KEY_Y)    # start, from any row of a setup screen
    h.frames(3)
    assert h.top_name() == "RacePlay"
    play = h.app.top()
    assert play.agents[0] is None and play.agents[1] is not None  # you, then a random bot
    for key in (api.KEY_A, api.KEY_A, api.KEY_Y):
        h.press(key)
        h.frames(30)
    before = play.st.to_dict()
    assert play.rec.n > 0      # actions saved

    h2 = Harness(data)    # the power comes back
    assert h2.top_name() == "ResumeScreen"
    h2.press(api.KEY_A)
    h2.frames(3)
    again = h2.app.top()
    assert type(again).__name__ == "RacePlay"
    assert again.st.to_dict() == before
    assert again.paused     # a human at the table: back paused
    h2.press(api.KEY_A)
    _play_to_the_end(h2, again)
    h2.press(api.KEY_A)   # leave: the menu stores the game in the log
    h2.frames(20)
    assert h2.top_name() == "MainMenu"

    from app.gamelog import GameLog
    log = GameLog(h2.hal.storage)
    log.open()
    assert log.count() == 1
    rec = records.decode(log.get(log.last))
    assert rec["game"] == "race" and rec["players"][1] == rec["players"][1].upper()
    assert verify.verify(rec)[0]

    env = dict(os.environ, PYTHONPATH=ROOT, KOCKA_EXTRA_GAMES=RACE_GAMES)
    env.pop("KOCKA_DB", None)
    db = str(tmp_path / "k.sqlite3")
    sim = subprocess.Popen([sys.executable, "-m", "simulator", "--headless", "--pty",
                            "--data", str(data)], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for _ in range(5):
            line = sim.stdout.readline()
            if line.startswith("SERIAL "):
                port = line.split()[1]
                break
        assert port, sim.stderr.read() if sim.poll() is not None else "no SERIAL line"
        out = subprocess.run([sys.executable, "-m", "host", "--db", db, "sync", "--port", port],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "1 new game" in out.stdout, out.stdout
    finally:
        sim.terminate()
        try:
            sim.wait(10)
        except subprocess.TimeoutExpired:
            sim.kill()
            sim.wait()
    shown = subprocess.run([sys.executable, "-m", "host", "--db", db, "show", "1"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "verified" in shown.stdout and "Race:" in shown.stdout, shown.stdout
    assert "[0:0" in shown.stdout   # a timed game: each action with its time
    assert shown.stdout.strip().splitlines()[-1].startswith("end: ")


@pytest.mark.emulator
def test_on_the_real_firmware_the_menu_opens_it(tmp_path_factory):
    """The bundle built with Race's folder (as `KOCKA_EXTRA_GAMES=tests/race make flash`
    builds it): the device's menu lists it from the bundle's catalog, and a game of it
    opens from its setup screen and plays, on the emulated RP2040."""
    from tests import devicerun
    from tools import rp2040emu
    dev = devicerun.boot(tmp_path_factory, "race", probe=True, roots=(RACE_ROOT,))
    try:
        devicerun.wait_top(dev, "BootScreen")
        devicerun.go_to(dev, ("B",), "MainMenu")
        devicerun.go_to(dev, ("DOWN",) * 4 + ("A",), "RaceSetup")
        devicerun.go_to(dev, ("A",), "RacePlay")     # the first row: Start game
        for key in ("A", "A", "Y", "A", "Y"):
            devicerun.tap(dev, key)
        dev.run(2000)
        devicerun.go_to(dev, devicerun.QUIT, "MainMenu")
        devicerun.assert_no_crash(dev)
        tops = [f[3] for f in rp2040emu.ProbeLog(dev.console_text()).frames]
        assert "RacePlay" in tops
    finally:
        dev.close()
