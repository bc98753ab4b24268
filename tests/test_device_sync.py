"""`kocka sync` over the emulated board's USB CDC, bridged to a pty, from the app running on
the real firmware (normal main.py) into SQLite. The device's /data starts with a game
log of finished bots-only games written by the app's own code under CPython
(firmware/app/gamelog.py over hal/storage.py, as simulator/serve.py does); every game
must arrive and be verified by replay, and the device must mark them synced in flash."""
import os
import sqlite3
import subprocess
import sys

import pytest

from tests import devicerun


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = 4
SYNC_LIMIT_MS = 60_000  # emulated


def demo_log(tmp_path):
    from hal.virtual import VirtualHal
    from simulator.serve import store_demo_games
    data = tmp_path / "data"
    hal = VirtualHal(str(data), 5)
    store_demo_games(hal, GAMES, 5)
    return {name: (data / name).read_bytes() for name in os.listdir(data)}


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sync")
    dev = devicerun.boot(tmp_path_factory, "sync-device", data=demo_log(tmp))
    dev.until(3000)  # at the menu
    port = dev.open_pty()
    writes_before = len(dev.flash_writes)
    db = tmp / "kocka.sqlite3"
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("KOCKA_DB", None)
    # the emulated board runs slower than real time: allow it long waits
    host = subprocess.Popen([sys.executable, "-m", "host", "--db", str(db), "sync", "--port", port,
                             "--timeout", "30"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        dev.run_until(lambda: host.poll() is not None, SYNC_LIMIT_MS, step_ms=50)
    finally:
        if host.poll() is None:
            host.kill()
        out = host.communicate()[0]
    dev.run(500)
    yield dev, host.returncode, out, db, writes_before
    dev.close()


def test_kocka_sync_gets_every_game_from_the_device(synced):
    _dev, code, out, _db, _w = synced
    assert code == 0, out
    assert "%d new games" % GAMES in out, out


def test_every_synced_game_is_verified_by_replay(synced):
    _dev, _code, _out, db, _w = synced
    con = sqlite3.connect(str(db))
    rows = con.execute("SELECT game, verified, reason FROM games").fetchall()
    assert len(rows) == GAMES
    assert all(v == 1 for _g, v, _r in rows), rows
    assert len({g for g, _v, _r in rows}) >= 3


def test_the_device_wrote_the_acknowledgement_to_flash(synced):
    dev, _code, _out, _db, writes_before = synced
    assert len(dev.flash_writes) > writes_before
    devicerun.assert_no_crash(dev)
