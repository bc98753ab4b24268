"""`kocka sync` over the emulated board's USB CDC, bridged to a pty, from the app running on
the real firmware (normal main.py) into SQLite. The device's /data starts with a game
log of finished bots-only games written by the app's own code under CPython
(firmware/app/gamelog.py over hal/storage.py, as simulator/serve.py does); every game
must arrive and be verified by replay, and the device must mark them synced in flash."""
import os
import sqlite3

import pytest

from tests import devicerun

pytestmark = pytest.mark.emulator


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
    writes_before = len(dev.flash_writes)
    db = tmp / "kocka.sqlite3"
    code, out = devicerun.kocka_sync(dev, db, SYNC_LIMIT_MS)
    dev.run(500)
    yield dev, code, out, db, writes_before
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
