"""The acknowledgement proves the host stored the game: nothing the PC's side does (a
forged or replayed import, a device restored from a flash backup) lets a device delete a
game the database does not hold. A sync asks from the lower of the device's own
acknowledgement and what this database received from the device itself (devices.synced),
so every number a final ACK newly covers came in that sync; a number held with other
content is a conflict, kept and reported."""
import base64
import copy
import json

import pytest

from host import cli, db, importlog
from tests.synchelp import Device, host_sync

LOOKUP = None


@pytest.fixture
def dbpath(tmp_path):
    return str(tmp_path / "k.sqlite3")


def sync(dev, con):
    res = host_sync(dev.wire(), con).run()
    return res


def holds(con, raw):
    """True when the database keeps these bytes, as a game or as a conflicting copy."""
    digest = db.sha(raw)
    return con.execute("SELECT 1 FROM games WHERE sha256=? UNION SELECT 1 FROM conflicts "
                       "WHERE sha256=?", (digest, digest)).fetchone() is not None


def assert_nothing_lost(dev, con):
    """Every game the device ever stored is in the database, or still on the device."""
    for seq, raw in dev.stored.items():
        assert holds(con, raw) or dev.log.get(seq) == raw, \
            "game #%d is neither stored nor kept" % seq


def forged_file(path, dev, records=(), gaps=()):
    doc = {"format": "kocka-log", "version": 1, "device": dev.log.device,
           "epoch": dev.log.epoch,
           "records": [{"seq": s, "data": base64.b64encode(raw).decode()} for s, raw in records],
           "gaps": [list(g) for g in gaps]}
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


def import_file(con, path):
    device, epoch, recs, gaps = importlog.read(path)
    return importlog.store_all(con, device, epoch, recs, gaps, LOOKUP)


FORGERIES = {
    "a gap far ahead": lambda dev, junk: dict(gaps=[(1000, 1000, "pruned")]),
    "a damaged gap over the unsynced games": lambda dev, junk: dict(
        gaps=[(dev.log.ack + 1, dev.log.last + 50, "damaged")]),
    "a junk record far ahead": lambda dev, junk: dict(records=[(900, junk)]),
    "another game replayed under an unsynced number": lambda dev, junk: dict(
        records=[(dev.log.last, junk)]),
    "the device's own games replayed, and one more": lambda dev, junk: dict(
        records=[(s, dev.stored[s]) for s in range(1, dev.log.last + 1)] +
        [(dev.log.last + 1, junk)]),
}


@pytest.mark.parametrize("how", sorted(FORGERIES))
def test_a_forged_import_never_lets_the_device_delete_a_game(dbpath, tmp_path, how):
    dev = Device(seed=11)
    dev.play(6)
    con = db.connect(dbpath)
    first = sync(dev, con)
    assert first.acked == 6
    dev.play(9)                                   # 7..15: not synced yet
    junk = Device(seed=77)
    junk.play(1)
    path = forged_file(str(tmp_path / "forged.json"), dev, **FORGERIES[how](dev, junk.stored[1]))
    import_file(con, path)
    assert db.synced_to(con, dev.log.device, dev.log.epoch) == 6   # the file moved nothing
    res = sync(dev, con)
    assert res.since == 6 and res.acked == 15
    for seq in range(7, 16):
        assert holds(con, dev.stored[seq]), (how, seq)
    assert_nothing_lost(dev, con)
    # the device may now delete all it was acknowledged: each of them is in the database
    dev.log.prune(1 << 30)
    assert dev.log.get(1) is None
    assert_nothing_lost(dev, con)
    con.close()


def test_a_device_restored_from_a_backup_loses_none_of_its_new_games(dbpath):
    dev = Device(seed=21)
    dev.play(10)
    con = db.connect(dbpath)
    assert sync(dev, con).acked == 10
    backup = copy.deepcopy(dev.storage.files)
    dev.play(5)                                   # 11..15, synced
    assert sync(dev, con).acked == 15
    dev.storage.files = backup                    # the flash as it was at #10
    dev.log = dev.open_log()
    assert dev.log.last == 10 and dev.log.ack == 10
    dev.stored = dict((s, r) for s, r in dev.stored.items() if s <= 10)
    dev.rng.seed(999)
    dev.play(8)                                   # new games under 11..18
    res = sync(dev, con)
    assert res.since == 10 and res.acked == 18
    for seq in range(11, 19):
        assert holds(con, dev.stored[seq]), seq
    assert res.conflicts == len(res.conflict_seqs) >= 1
    assert any("restored from a backup" in w for w in res.warnings), res.warnings
    con.close()


def test_a_restored_device_is_reported_and_exits_for_attention(dbpath, capsys):
    dev = Device(seed=22)
    dev.play(4)
    con = db.connect(dbpath)
    sync(dev, con)
    backup = copy.deepcopy(dev.storage.files)
    dev.play(3)
    sync(dev, con)
    dev.storage.files = backup
    dev.log = dev.open_log()
    dev.rng.seed(5)
    dev.play(3)
    res = sync(dev, con)
    code = cli.sync_report(res, [])
    err = capsys.readouterr().err
    assert code == cli.EXIT_ATTENTION and "CONFLICT" in err and "backup" in err
    con.close()


def test_an_import_reports_the_games_its_file_marks_lost(dbpath, tmp_path, capsys):
    dev = Device(seed=31)
    dev.play(3)
    path = forged_file(str(tmp_path / "log.json"), dev,
                       records=[(s, dev.stored[s]) for s in (1, 2, 3)],
                       gaps=[(4, 5, "damaged"), (6, 6, "mystery"), (7, 9, "pruned")])
    code = cli.main(["import", path, "--db", dbpath])
    out, err = capsys.readouterr()
    assert code == 0
    assert "3 LOST on the device" in out
    assert "games #4-#5 were lost on the device" in err
    assert "game #6 are missing on the device and were lost" in err
    assert "games #7-#9 are no longer on the device" in err


def test_an_import_leaves_a_synced_devices_row_as_it_was(dbpath, tmp_path):
    dev = Device(seed=41)
    dev.play(3)
    con = db.connect(dbpath)
    sync(dev, con)
    row = tuple(con.execute("SELECT fw, last_sync, acked, synced FROM devices").fetchone())
    import_file(con, forged_file(str(tmp_path / "f.json"), dev, gaps=[(50, 60, "pruned")]))
    assert tuple(con.execute("SELECT fw, last_sync, acked, synced FROM devices").fetchone()) == row
    con.close()


SCHEMA_1_DEVICES = """CREATE TABLE devices (
    device TEXT NOT NULL, epoch INTEGER NOT NULL, fw TEXT,
    first_seen INTEGER NOT NULL, last_sync INTEGER, acked INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (device, epoch)
);"""


def schema_1_database(path, dev):
    """A database as kocka's schema 1 left it, holding one sync of `dev`."""
    con = db.connect(path)
    sync(dev, con)
    con.execute("ALTER TABLE devices RENAME TO d2")
    con.execute(SCHEMA_1_DEVICES)
    con.execute("INSERT INTO devices SELECT device, epoch, fw, first_seen, last_sync, acked "
                "FROM d2")
    con.execute("DROP TABLE d2")
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()


def test_a_schema_1_database_is_brought_up_to_date(dbpath):
    dev = Device(seed=51)
    dev.play(7)
    schema_1_database(dbpath, dev)
    con = db.connect(dbpath)
    assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA == 2
    assert db.synced_to(con, dev.log.device, dev.log.epoch) == 7
    dev.play(2)
    res = sync(dev, con)
    assert res.since == 7 and res.new == 2 and res.acked == 9
    con.close()


def test_an_older_read_only_database_says_what_to_do(dbpath, monkeypatch):
    from host import dbfile
    dev = Device(seed=52)
    dev.play(1)
    schema_1_database(dbpath, dev)
    monkeypatch.setattr(dbfile, "writable", lambda path: False)   # as for anyone but root
    with pytest.raises(db.DbError, match="older kocka"):
        db.connect(dbpath, write=False)


def test_a_sync_cut_short_is_taken_up_where_it_stopped(dbpath, tmp_path):
    """What arrived before the cable was pulled counts as received from the device: once
    the device's own acknowledgement is past it (here a first PC synced everything), the
    next sync asks from where this database stopped, and nothing comes twice. (Numbers
    the device was never acknowledged come again, found identical: duplicates.)"""
    from host.sync import SyncError, sync as run_sync
    from tests import recgen
    dev = Device(seed=61)
    dev.play(30)
    first_pc = db.connect(str(tmp_path / "first.sqlite3"))
    assert sync(dev, first_pc).acked == 30
    con = db.connect(dbpath)
    wire = dev.wire([("pull", 2500, 1)])
    with pytest.raises(SyncError):
        run_sync(wire, con, lookup=recgen.lookup, now=lambda: 1790000000, mono=wire.clock,
                 batch=100)
    got = con.execute("SELECT count(*) FROM games").fetchone()[0]
    assert 0 < got < 30
    assert db.synced_to(con, dev.log.device, dev.log.epoch) == got
    res = sync(dev, con)
    assert res.since == got and res.duplicates == 0 and res.new == 30 - got
    con.close()
