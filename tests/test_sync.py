"""Sync between the host and the device code over an in-process cable, with faults."""
import random

import pytest

from app import gamelog
from app.sync_device import SyncDevice
from host import db
from host.sync import SyncError, NoAnswer, sync as run_sync
from shared_rules import records, syncproto as sp
from tests.synchelp import Device, host_sync, NOW
from tests.fakestorage import MemStorage


@pytest.fixture
def con(tmp_path):
    c = db.connect(str(tmp_path / "k.sqlite3"))
    yield c
    c.close()


def do_sync(dev, con, faults=(), **kw):
    wire = dev.wire(faults)
    return run_sync(wire, con, **_kw(wire, kw)), wire


def _kw(wire, kw):
    from tests import recgen
    import random as _r
    kw.setdefault("lookup", recgen.lookup)
    kw.setdefault("now", lambda: NOW)
    kw.setdefault("mono", wire.clock)
    kw.setdefault("rng", _r.Random(5))
    return kw


def test_clean_sync_stores_every_record_once_and_acks(con):
    dev = Device()
    dev.play(25)
    res, wire = do_sync(dev, con, roster=["ZOE", "MAX"])
    assert res.new == 25 and res.duplicates == 0 and res.rejected == 0
    assert db.keys(con) == dev.keys()
    assert dev.log.ack == 25 and res.acked == 25
    assert res.clock_set and gamelog.wall_now(wire.clock_ms, dev.log) >= NOW
    assert res.roster_pushed and dev.settings.names[:2] == ["ZOE", "MAX"]
    rows = con.execute("SELECT count(*) FROM games WHERE verified=1").fetchone()[0]
    assert rows == 25
    # again: nothing new, nothing twice
    res2, _ = do_sync(dev, con)
    assert res2.new == 0 and res2.received == 0
    dev.play(3)
    res3, _ = do_sync(dev, con)
    assert res3.new == 3 and db.keys(con) == dev.keys()


def test_empty_device(con):
    dev = Device()
    res, _ = do_sync(dev, con)
    assert res.new == 0 and db.keys(con) == {}


@pytest.mark.parametrize("fault", ["corrupt", "dup", "drop"])
def test_line_damage_is_recovered_within_one_sync(con, fault):
    dev = Device()
    dev.play(30)
    for off in (300, 1500, 2600):
        faults = [(fault, off, 7), (fault, off + 900, 60)]
        res, _ = do_sync(dev, con, faults)
    assert db.keys(con) == dev.keys()
    assert dev.log.ack == 30


def test_corrupted_request_is_asked_again(con):
    dev = Device()
    dev.play(5)
    for off in (3, 20, 60, 90):
        con2 = con
        res, _ = do_sync(dev, con2, [("corrupt_h2d", off, 1)])
    assert db.keys(con) == dev.keys()


def test_cable_pull_at_many_offsets_then_resync(con):
    dev = Device()
    dev.play(20)
    pulled = 0
    for off in range(0, 4000, 97):
        dev.play(3)
        try:
            do_sync(dev, con, [("pull", off, 0)])
        except SyncError:
            pulled += 1
        stored = db.keys(con)
        assert set(stored) <= set(dev.keys())
        # everything the device was told to prune is in the database
        for s in range(1, dev.log.ack + 1):
            assert (dev.log.device, dev.log.epoch, s) in stored
    assert pulled > 10
    res, _ = do_sync(dev, con)
    assert db.keys(con) == dev.keys()


def test_device_reset_mid_sync(con):
    dev = Device()
    dev.play(40)
    for off in (100, 2000, 5000):
        try:
            do_sync(dev, con, [("reset", off, 0)])
        except SyncError:
            pass
    do_sync(dev, con)
    assert db.keys(con) == dev.keys()


class HostKilled(Exception):
    pass


def test_host_killed_between_receiving_and_committing(tmp_path):
    path = str(tmp_path / "k.sqlite3")
    dev = Device()
    dev.play(30)
    con = db.connect(path)

    def kill(sync):
        if sync.pending:
            raise HostKilled()
    wire = dev.wire()
    with pytest.raises(HostKilled):
        host_sync(wire, con, before_commit=kill, batch=10).run()
    con.close()  # the process dies: uncommitted rows are gone
    con = db.connect(path)
    assert db.keys(con) == {}
    assert dev.log.ack == 0  # nothing was acknowledged before a commit
    res, _ = do_sync(dev, con)
    assert res.new == 30 and db.keys(con) == dev.keys()


def test_same_key_different_content_is_flagged_not_overwritten(con):
    dev = Device(seed=3)
    dev.play(5)
    do_sync(dev, con)
    before = db.keys(con)
    # another device claiming the same id and epoch with other games
    other = Device(seed=99)
    other.log.device, other.log.epoch = dev.log.device, dev.log.epoch
    other.log._save_meta()
    other.play(8)
    res, _ = do_sync(other, con)
    # nothing of it was acknowledged: all its games are asked for, none skipped
    assert res.since == 0 and res.acked == 8
    differ = [k for k in (1, 2, 3, 4, 5) if other.stored[k] != dev.stored[k]]
    assert differ and sorted(res.conflict_seqs) == differ
    assert con.execute("SELECT count(*) FROM conflicts").fetchone()[0] == len(differ)
    for k in (1, 2, 3, 4, 5):
        key = (dev.log.device, dev.log.epoch, k)
        assert db.keys(con)[key] == before[key]  # the first copy stays
    held = set(r[0] for r in con.execute("SELECT sha256 FROM games UNION "
                                         "SELECT sha256 FROM conflicts"))
    assert all(db.sha(raw) in held for raw in other.stored.values())  # every game kept


def test_a_record_whose_scores_do_not_follow_is_rejected_with_the_reason(con):
    dev = Device()
    dev.play(2)
    bad = records.decode(dev.log.get(2))
    bad["scores"] = [s + 5 for s in bad["scores"]]
    seq = dev.log.add(bad)
    dev.stored[seq] = dev.log.get(seq)
    res, _ = do_sync(dev, con)
    assert res.new == 3 and res.rejected == 1
    row = con.execute("SELECT verified, reason FROM games WHERE seq=?", (seq,)).fetchone()
    assert row[0] == 0 and "do not follow" in row[1]
    # the leaderboard leaves it out
    games = sum(r["games"] for r in db.leaderboard(con)) // 2
    assert games <= 2


def test_no_answer_is_a_clear_error(con):
    class Mute:
        def poll(self, now):
            pass

    from tests.synclink import Wire
    wire = Wire(lambda serial: Mute())
    with pytest.raises(NoAnswer) as e:
        run_sync(wire, con, **_kw(wire, {}))
    assert "does not answer" in str(e.value)


def test_repl_echo_is_not_taken_for_a_device(con):
    """A Pico at the REPL echoes what it gets: our HELLO must not pass for an answer."""
    from tests.synclink import Wire

    class Echo:
        def __init__(self, serial):
            self.serial = serial

        def poll(self, now):
            while True:
                b = self.serial.read_byte()
                if b < 0:
                    return
                self.serial.write(bytes((b,)))

    wire = Wire(Echo)
    with pytest.raises(NoAnswer):
        run_sync(wire, con, **_kw(wire, {}))


def test_pruned_records_are_reported_as_a_gap(con, tmp_path):
    dev = Device(storage=MemStorage(capacity=72 * 1024), low_water=16 * 1024, reserve=8 * 1024)
    dev.play(60)
    do_sync(dev, con)
    dev.play(400)  # fills up: prunes the acknowledged games
    assert dev.log.first_seq() > 1
    res, _ = do_sync(dev, con)
    assert db.keys(con) == dev.keys()
    # a fresh database cannot get the pruned ones back, and is told so
    con2 = db.connect(str(tmp_path / "fresh.sqlite3"))
    res2, _ = do_sync(dev, con2)
    assert res2.gaps and res2.gaps[0][2] == "pruned"
    assert set(db.keys(con2)) <= set(dev.keys())


# -- the device side alone -------------------------------------------------------------
class SinkSerial:
    def __init__(self, data=b""):
        self.data = bytearray(data)
        self.pos = 0
        self.out = bytearray()

    def read_byte(self):
        if self.pos < len(self.data):
            self.pos += 1
            return self.data[self.pos - 1]
        return -1

    def write(self, data):
        self.out.extend(data)
        if len(self.out) > 1 << 20:
            del self.out[:]

    def begin_session(self):
        pass

    def end_session(self):
        pass


def _random_input(rnd):
    k = rnd.randrange(6)
    if k == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 40)))
    kinds = [sp.HELLO, sp.GET, sp.ACK, sp.TIME, sp.ROSTER, sp.BYE, "X", "REC", "END"]
    kind = rnd.choice(kinds)
    vals = [0, -1, 1, 2 ** 40, "x", None, [], {}, 1.5, True, "A" * 300, [1, "B", None]]
    obj = {}
    for key in rnd.sample(["since", "id", "epoch", "seq", "unix", "names", "v"], rnd.randrange(4)):
        obj[key] = rnd.choice(vals)
    import json
    payload = rnd.choice([json.dumps(obj), "", "{", "[1,2]", "%zz", "\\u0000", "nul\x00l"])
    fr = bytearray(sp.encode_frame(kind, payload))
    if k == 1 and fr:
        fr[rnd.randrange(len(fr))] = rnd.randrange(256)
    if k == 2:
        fr = fr[:rnd.randrange(len(fr) + 1)]
    return bytes(fr)


def test_device_parser_takes_100000_random_inputs_without_raising():
    rnd = random.Random(2024)
    dev = Device()
    dev.play(3)
    serial = SinkSerial()
    sd = SyncDevice(serial, dev.log, fw="t", settings=dev.settings)
    now = 0
    for i in range(100000):
        serial.data.extend(_random_input(rnd))
        if i % 5 == 0:
            now += 40
            sd.poll(now)  # an exception here fails the test
    while serial.pos < len(serial.data):
        now += 40
        sd.poll(now)
    assert sd.parser.errors > 0 and sd.requests > 0
    assert dev.log.ack <= dev.log.last
