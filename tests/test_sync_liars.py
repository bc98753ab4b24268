"""The host against devices that lie: no hang, no traceback, nothing acked that is not
stored, values the database cannot hold rejected with the reason, and the device
protocol's ERR "unreadable" and GAP reasons."""
import io
import random

import pytest

from host import cli, db, sync as hostsync
from host.sync import SyncError, NoAnswer, sync as run_sync
from shared_rules import records, syncproto as sp
from tests import recgen
from tests.liars import (Liar, Repeater, Scripted, Spammer, Trickler, Unreadable, frame,
                         liar_wire)
from tests.synchelp import Device, NOW


@pytest.fixture
def con(tmp_path):
    c = db.connect(str(tmp_path / "k.sqlite3"))
    yield c
    c.close()


def sync_over(wire, con, **kw):
    kw.setdefault("lookup", recgen.lookup)
    kw.setdefault("now", lambda: NOW)
    kw.setdefault("mono", wire.clock)
    kw.setdefault("rng", random.Random(5))
    return run_sync(wire, con, **kw)


def stored_seqs(con):
    return [r[0] for r in con.execute("SELECT seq FROM games ORDER BY seq")]


def assert_acked_only_stored(dev, con):
    # every number the device was told it may prune is stored, or known gone
    for s in range(1, dev.log.ack + 1):
        assert (dev.log.device, dev.log.epoch, s) in db.keys(con) or \
            con.execute("SELECT 1 FROM gaps WHERE first<=? AND last>=?", (s, s)).fetchone()


# -- item 7: every wait is bounded by progress, the whole sync by a deadline ------------
@pytest.mark.parametrize("cls", [Spammer, Repeater])
def test_irrelevant_frames_do_not_keep_the_host_waiting(con, cls):
    dev = Device()
    dev.play(6)
    wire = liar_wire(dev, cls)
    with pytest.raises(NoAnswer) as e:
        sync_over(wire, con)
    assert "run kocka sync again" in str(e.value)
    assert wire.clock_ms < 120 * 1000  # device time: 10 retries of 3 s and some hellos
    assert stored_seqs(con)[:2] == [1, 2]  # what arrived is committed
    assert_acked_only_stored(dev, con)


def test_the_whole_sync_has_a_deadline(con):
    dev = Device()
    dev.play(40)
    wire = liar_wire(dev, Trickler)  # one record per 2.5 s: progress, but slow
    with pytest.raises(hostsync.TooSlow) as e:
        sync_over(wire, con, deadline_base=20, deadline_per_game=0.5, batch=5)
    assert "took longer than" in str(e.value) and "saved" in str(e.value)
    got = stored_seqs(con)
    assert 5 <= len(got) < 40 and got == list(range(1, len(got) + 1))
    assert wire.clock_ms <= (20 + 0.5 * 40 + 3) * 1000
    assert_acked_only_stored(dev, con)
    # the next sync goes on from there
    res = sync_over(dev.wire(), con)
    assert stored_seqs(con) == list(range(1, 41)) and res.acked == 40


def test_the_deadline_grows_with_the_games_announced(con):
    dev = Device()
    dev.play(40)
    wire = liar_wire(dev, Trickler, every_ms=400)  # 16 s for 40 games
    res = sync_over(wire, con, deadline_base=10, deadline_per_game=0.5)
    assert res.new == 40


# -- item 8: numbers the database cannot hold, HELLO fields of the wrong type --------------
HUGE = 1 << 63


@pytest.mark.parametrize("field,value", [
    ("started", HUGE), ("ended", HUGE + 5), ("duration", 1 << 70), ("scores", [HUGE, 1]),
    ("scores", [-HUGE - 1, 1]), ("options", {"goal": 1 << 64}), ("meta", {"x": [HUGE]})])
def test_a_record_with_huge_numbers_is_rejected_and_passed(con, field, value):
    dev = Device()
    dev.play(2)
    rec = records.decode(dev.log.get(2))
    rec[field] = value
    bad = dev.log.add(rec)
    dev.stored[bad] = dev.log.get(bad)
    dev.play(2)
    res = sync_over(dev.wire(), con)
    assert res.new == 5 and res.rejected == 1 and res.acked == 5
    row = con.execute("SELECT verified, reason FROM games WHERE seq=?", (bad,)).fetchone()
    assert row[0] == 0 and "impossible values" in row[1] and field in row[1]
    assert db.keys(con) == dev.keys()  # stored raw: never asked again
    res = sync_over(dev.wire(), con)
    assert res.received == 0


@pytest.mark.parametrize("extra,words", [
    ({"epoch": 1 << 70}, "epoch"), ({"epoch": "7"}, "epoch"), ({"epoch": True}, "epoch"),
    ({"last": "x"}, "newest game"), ({"last": 1 << 64}, "newest game"),
    ({"last": -1}, "newest game"), ({"fw": [1]}, "firmware"), ({"fw": "\ud800"}, "firmware"),
    ({"device": 5}, "id"), ({"device": "\ud800"}, "id"), ({"device": "A" * 300}, "id"),
    ({"device": "\x1b[2J"}, "id")])
def test_a_malformed_hello_is_a_clear_error(con, extra, words):
    dev = Device()
    dev.play(2)
    wire = liar_wire(dev, Liar, hello_extra=extra)
    with pytest.raises(SyncError) as e:
        sync_over(wire, con)
    msg = str(e.value)
    assert "HELLO is malformed" in msg and words in msg
    assert msg.isprintable() and msg.isascii()
    assert db.keys(con) == {}


def _gap(sid, a, b, why="pruned"):
    return frame(sp.GAP, {"id": sid, "from": a, "to": b, "why": why})


@pytest.mark.parametrize("script", [
    lambda d, sid, since: [_gap(sid, since + 1, 1 << 64)],
    lambda d, sid, since: [_gap(sid, since + 1, HUGE), frame(sp.END, {"id": sid, "last": HUGE})],
    lambda d, sid, since: [frame(sp.ACKED, {"seq": 1 << 64}), frame(sp.ACKED, {"seq": "9"}),
                           frame(sp.END, {"id": sid, "last": 1 << 64})],
    lambda d, sid, since: [frame(sp.REC, "%d %d %s" % (sid, HUGE, sp.b64encode(b"x")))],
    lambda d, sid, since: [frame(sp.ERR, {"error": "unreadable", "seq": 1 << 80})],
    lambda d, sid, since: [frame(sp.GAP, {"id": sid, "from": "1", "to": None, "why": 5})],
])
def test_huge_or_wrong_numbers_in_the_stream_are_a_clear_error(con, script):
    dev = Device()
    dev.play(3)
    wire = liar_wire(dev, Scripted, script=script)
    with pytest.raises(SyncError):
        sync_over(wire, con)
    assert dev.log.ack == 0
    assert con.execute("SELECT count(*) FROM gaps").fetchone()[0] == 0


def test_device_text_with_surrogates_and_escapes_reaches_the_user_escaped(con):
    class Refuses(Liar):
        def _handle(self, fr):
            if fr[0] == sp.TIME:
                self._send(sp.ERR, {"error": "no\ud800 \x1b]0;x\x07", "type": sp.TIME})
                return
            Liar._handle(self, fr)

    dev = Device()
    dev.play(2)
    res = sync_over(liar_wire(dev, Refuses), con)
    out, err = io.StringIO(), io.StringIO()
    cli.sync_report(res, [], out, err)
    text = out.getvalue() + err.getvalue()
    assert "refused TIME" in text and "\\ud800" in text and "\\x1b" in text
    assert "\x1b" not in text and "\x07" not in text
    text.encode("utf-8")  # no lone surrogate left


# -- the device's new answers: ERR "unreadable", GAP "why" ---------------------------------
def test_an_unreadable_game_is_asked_again_and_never_becomes_a_gap(con):
    dev = Device()
    dev.play(8)
    count = {"failures": 0}
    res = sync_over(liar_wire(dev, Unreadable, bad=3, times=2, count=count), con)
    assert count["failures"] == 2 and res.retries >= 2
    assert db.keys(con) == dev.keys() and res.acked == 8 and not res.gaps
    assert con.execute("SELECT count(*) FROM gaps").fetchone()[0] == 0


def test_a_game_that_stays_unreadable_ends_the_sync_clearly(con):
    dev = Device()
    dev.play(8)
    wire = liar_wire(dev, Unreadable, bad=5, times=10 ** 6, count={"failures": 0})
    with pytest.raises(SyncError) as e:
        sync_over(wire, con)
    assert "could not read game #5 from its flash" in str(e.value)
    assert "saved" in str(e.value)
    assert stored_seqs(con) == [1, 2, 3, 4]
    assert dev.log.ack == 4  # acked what is stored, nothing more
    assert con.execute("SELECT count(*) FROM gaps").fetchone()[0] == 0


@pytest.mark.parametrize("why,stored,loud", [
    ("damaged", "damaged", True), ("unreadable", "damaged", True),
    ("unused", "unused", False), ("pruned", "pruned", False), ("x\x1b", "unknown", True)])
def test_gap_reasons_are_kept_and_damage_is_reported(con, why, stored, loud):
    dev = Device()
    dev.play(6)

    def script(d, sid, since):
        out = []
        for seq, data in d.log.iter_from(since):
            if seq in (3, 4):
                continue
            if seq == 5:
                out.append(_gap(sid, 3, 4, why))
            out.append(sp.encode_frame(sp.REC, sp.rec_payload(sid, seq, data)))
        return out + [frame(sp.END, {"id": sid, "last": d.log.last})]

    res = sync_over(liar_wire(dev, Scripted, script=script), con)
    assert res.gaps == [(3, 4, stored)] and res.acked == 6
    assert [tuple(r) for r in con.execute("SELECT first, last, why FROM gaps")] == [(3, 4, stored)]
    assert ("2 LOST on the device" in res.summary()) == loud
    out, err = io.StringIO(), io.StringIO()
    cli.sync_report(res, [], out, err)
    text = err.getvalue()
    if loud:
        assert "warning:" in text and "#3-#4" in text and "lost" in text
    elif stored == "unused":
        assert "#3" not in text
    else:
        assert "note:" in text and "#3-#4" in text and "pruned" in text


# -- item 9: what a replay cannot check is still checked for form -----------------------
@pytest.mark.parametrize("change,words", [
    ({"players": ["A" * 2048, "BEN"]}, "2048 characters"),
    ({"players": ["AN\x1b[2JNA", "BEN"]}, "printable ASCII"),
    ({"players": ["ANNA", "B\x07EN"]}, "player 2's name"),
    ({"started": NOW + 100, "ended": NOW}, "before it started"),
    ({"started": 1000, "ended": 2000}, "before 2020"),
    ({"started": NOW, "ended": NOW + 10 * 86400}, "future"),
    ({"duration": 1 << 40}, "duration")])
def test_forged_names_and_times_are_rejected_with_the_reason(con, change, words):
    dev = Device()
    dev.play(1)
    rec = records.decode(dev.log.get(1))
    rec.update(change)
    bad = dev.log.add(rec)
    res = sync_over(dev.wire(), con)
    assert res.new == 2 and res.rejected == 1 and res.verified == 1
    row = con.execute("SELECT verified, reason FROM games WHERE seq=?", (bad,)).fetchone()
    assert row[0] == 0 and words in row[1], row[1]


def test_history_says_what_verified_does_not_cover(con, tmp_path):
    dev = Device()
    dev.play(2)
    sync_over(dev.wire(), con)
    from host import report
    assert "names and clock times are as the device reported them" in report.history(con)


# -- item 12: a stored game number that comes again with other content -----------------------
def test_a_stored_game_sent_again_with_other_content_is_flagged_loudly(con, capsys):
    dev = Device()
    dev.play(5)
    sync_over(dev.wire(), con)
    before = db.keys(con)
    forged = records.decode(dev.log.get(3))
    forged["players"] = ["MALLORY"] + forged["players"][1:]
    raw = records.encode(forged)

    def script(d, sid, since):
        return [sp.encode_frame(sp.REC, sp.rec_payload(sid, 3, raw)),
                frame(sp.END, {"id": sid, "last": d.log.last})]

    res = sync_over(liar_wire(dev, Scripted, script=script), con)
    assert res.conflicts == 1 and res.conflict_seqs == [3]
    assert db.keys(con) == before  # the stored copy stays
    rows = con.execute("SELECT seq, raw FROM conflicts").fetchall()
    assert [(r[0], bytes(r[1])) for r in rows] == [(3, raw)]
    out, err = io.StringIO(), io.StringIO()
    assert cli.sync_report(res, [], out, err) == cli.EXIT_ATTENTION
    assert "CONFLICT" in out.getvalue() and "#3" in err.getvalue() \
        and "kocka conflicts" in err.getvalue()
    from host import report
    assert "CONFLICT" in report.history(con)
    text, n = report.conflicts(con)
    assert n == 1 and "MALLORY" in text
    # a second sync that meets it again counts it again, stores it once
    res = sync_over(liar_wire(dev, Scripted, script=script), con)
    assert res.conflicts == 1
    assert con.execute("SELECT count(*) FROM conflicts").fetchone()[0] == 1
