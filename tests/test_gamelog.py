"""The device's game log: append, read, torn tails, pruning, capacity."""
import random

import pytest

from app import gamelog
from app.gamelog import GameLog, StorageFull
from shared_rules import records
from tests.fakestorage import MemStorage, PowerCut
from tests import recgen

_CACHE = {}


def rec(i, games=None):
    key = (i, tuple(games) if games else None)
    if key not in _CACHE:
        _CACHE[key] = recgen.game_record(i, games)
    return dict(_CACHE[key])


def counter():
    n = [0]

    def fn():
        n[0] += 1
        return 0x1234567 * n[0]
    return fn


def all_seqs(log):
    return [s for s, _ in log.iter_from(0)]


def test_fresh_log_has_an_identity_and_appends_in_order():
    st = MemStorage()
    log = GameLog(st, counter())
    assert log.device and log.epoch > 0 and log.last == 0 and log.count() == 0
    for i in range(30):
        assert log.add(rec(i, ["race"])) == i + 1
    assert all_seqs(log) == list(range(1, 31))
    again = GameLog(st)
    assert (again.device, again.epoch, again.last) == (log.device, log.epoch, 30)
    assert again.notice is None
    d = records.decode(again.get(17))
    assert d["seq"] == 17 and d["device"] == log.device and d["epoch"] == log.epoch
    assert [s for s, _ in again.iter_from(25)] == [26, 27, 28, 29, 30]
    newest = again.newest(31, 5)
    assert [x[0] for x in newest] == [30, 29, 28, 27, 26]
    assert [x[0] for x in again.newest(3, 5)] == [2, 1]
    other = GameLog(MemStorage(), counter())
    other2 = GameLog(MemStorage())
    assert other2.device != log.device or other2.epoch != log.epoch
    assert other.count() == 0


def test_segments_stay_bounded():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(80):
        log.add(rec(i, ["race"]))
    segs = [n for n in st.files if n.startswith("lg")]
    assert len(segs) > 1
    for n in segs:
        assert len(st.files[n]) <= gamelog.SEGMENT
    assert all_seqs(log) == list(range(1, 81))


def _torn_cases(st, log, base_count):
    """Yields (offset, snapshot) for a torn last append at every byte offset."""
    snap = st.snapshot()
    nxt = rec(base_count, ["race"])
    nxt["device"], nxt["epoch"], nxt["seq"] = log.device, log.epoch, base_count + 1
    size = len(gamelog.frame(records.encode(nxt)))
    return snap, size


@pytest.mark.parametrize("start_new_segment", [False, True])
def test_torn_write_at_every_offset_recovers_every_complete_record(start_new_segment):
    st = MemStorage()
    log = GameLog(st, counter())
    n = 12
    for i in range(n):
        log.add(rec(i, ["race"]))
    if start_new_segment:
        # fill the active segment so the next record opens a new one
        log.tail_size = gamelog.SEGMENT
        GameLog.__init__  # (the flag is in RAM only: reopen below restores it)
    snap, size = _torn_cases(st, log, n)
    tail = log.tail_size
    for off in range(size):
        st.restore(snap)
        log = GameLog(st)
        if start_new_segment:
            log.tail_size = gamelog.SEGMENT
        st.tear_next(off, appends_only=True)
        with pytest.raises(OSError):
            log.add(rec(n, ["race"]))
        # power comes back: a fresh boot; the cut record's number is spent, never reused
        st.power_on()
        after = GameLog(st)
        assert after.last == n + 1, off
        assert all_seqs(after) == list(range(1, n + 1)), off
        if off:
            assert after.notice and "damaged" in after.notice
        # the same game stored again from its save: the cut was its torn append
        after.classify_cut(rec(n, ["race"]))
        assert after.gap_why(n + 1, n + 1) == gamelog.UNUSED, off
        assert after.add(rec(n, ["race"])) == n + 2
        assert all_seqs(GameLog(st)) == list(range(1, n + 1)) + [n + 2]
    assert tail > 0


def test_torn_tail_with_garbage_bytes():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(5):
        log.add(rec(i, ["race"]))
    name = gamelog.seg_name(log.segs[-1])
    rnd = random.Random(3)
    for trial in range(50):
        snap = st.snapshot()
        st.files[name].extend(bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 60))))
        after = GameLog(st)
        assert all_seqs(after) == [1, 2, 3, 4, 5]
        st.restore(snap)


def test_damaged_record_in_an_old_segment_is_skipped_not_fatal():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(60):
        log.add(rec(i, ["race"]))
    first = gamelog.seg_name(log.segs[0])
    buf = st.files[first]
    buf[40] ^= 0xFF  # inside an early record
    after = GameLog(st)
    seqs = all_seqs(after)
    assert len(seqs) == 59 and seqs[-1] == 60
    assert after.last == 60


def test_meta_lost_is_rebuilt_from_the_records():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(8):
        log.add(rec(i, ["race"]))
    log.set_ack(5)
    st.files[gamelog.META] = bytearray(b"{broken")
    assert GameLog(st, counter()).ack == 5   # one copy damaged: the other one has it
    # (that open repaired the first copy) now both copies are damaged
    st.files[gamelog.META] = bytearray(b"{broken")
    st.files[gamelog.META + ".bak"] = bytearray(b"{broken too")
    again = GameLog(st, counter())
    assert (again.device, again.epoch) == (log.device, log.epoch)
    assert again.ack == 0  # never prune on a guess
    assert again.notice
    # the highest number ever given out is unknown: one is skipped, none reused
    assert again.last == 9 and again.gap_why(9, 9) == gamelog.UNUSED
    assert again.add(rec(8, ["race"])) == 10


def test_ack_is_clamped_and_persisted():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(4):
        log.add(rec(i, ["race"]))
    assert log.set_ack(99) == 4
    assert log.set_ack(2) == 4
    assert GameLog(st).ack == 4


def test_pruning_drops_only_acknowledged_segments():
    st = MemStorage(capacity=160 * 1024)
    log = GameLog(st, counter(), low_water=24 * 1024, reserve=8 * 1024)
    stored = 0
    with pytest.raises(StorageFull):
        for i in range(5000):
            log.add(rec(i, ["race"]))
            stored += 1
    assert log.status == gamelog.FULL and log.status_text() == "Storage full: sync me"
    assert all_seqs(log) == list(range(1, stored + 1))  # nothing unacknowledged lost
    log.set_ack(stored // 2)
    more = 0
    for i in range(stored // 4):
        log.add(rec(i, ["race"]))
        more += 1
    seqs = all_seqs(log)
    assert seqs[-1] == stored + more
    assert seqs[0] <= stored // 2 + 1  # only acknowledged ones went
    assert seqs == list(range(seqs[0], stored + more + 1))
    # reopen: the same picture
    again = GameLog(st)
    assert all_seqs(again) == seqs and again.ack == stored // 2


def test_full_log_resumes_after_sync_ack():
    st = MemStorage(capacity=96 * 1024)
    log = GameLog(st, counter(), low_water=16 * 1024, reserve=8 * 1024)
    n = 0
    while True:
        try:
            log.add(rec(n, ["race"]))
            n += 1
        except StorageFull:
            break
    log.set_ack(n)
    assert log.status != gamelog.FULL
    assert log.add(rec(0, ["race"])) == n + 1


def test_failed_append_does_not_leave_a_torn_record():
    st = MemStorage()
    log = GameLog(st, counter())
    for i in range(3):
        log.add(rec(i, ["race"]))
    st.tear_next(5)
    with pytest.raises(OSError):
        log.add(rec(3, ["race"]))
    # the same process goes on (the write failed, the power did not): torn bytes are cut
    st.power_on()
    log._check_tail()
    assert log.add(rec(3, ["race"])) == 4
    assert all_seqs(GameLog(st)) == [1, 2, 3, 4]


def test_capacity_at_least_2000_typical_games_on_the_pico():
    """1.4 MB LittleFS minus the firmware bundle (budget 420 KB) must hold 2,000 games."""
    games = recgen.installed() or ["race"]
    sample = [rec(i, games) for i in range(24)]
    st = MemStorage(capacity=1408 * 1024 - 420 * 1024)
    st.files["settings.json"] = bytearray(200)
    log = GameLog(st, counter())
    n = 0
    try:
        while n < 2600:
            log.add(dict(sample[n % len(sample)]))
            n += 1
    except StorageFull:
        pass
    sizes = [len(records.encode(dict(r, device="abcdef01", epoch=123456789, seq=1500)))
             for r in sample]
    print("typical record %d bytes (min %d, max %d), games %s: %d stored" % (
        sum(sizes) // len(sizes), min(sizes), max(sizes), games, n))
    assert n >= 2000


def test_shared_log_survives_the_app_purging_the_module():
    import sys
    st = MemStorage()
    log = gamelog.shared(st)
    log.add(rec(0, ["race"]))
    gamelog.set_wall(1790000000, 1000, log)
    saved = sys.modules.pop("app.gamelog")
    try:
        import app.gamelog as fresh  # what a re-import after App.purge() gets
        assert fresh is not saved
        again = fresh.shared(st)
        assert again is log and again.last == 1
        assert fresh.wall_now(3000, again) == 1790000002
    finally:
        sys.modules["app.gamelog"] = saved
        import app
        app.gamelog = saved
