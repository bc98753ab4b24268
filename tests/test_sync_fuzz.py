"""Fuzz: the host against a device that lies at random (seeded, bounded).

The device is the honest device code with its frames mutated: fields replaced
by wrong types, huge numbers, surrogates and escapes; frames dropped, repeated,
or retyped; random bytes, valid-CRC frames of random JSON, and REC frames with
damaged or forged records in between. Whatever it sends, a sync ends with a
Result or a SyncError, within its deadline, with nothing acked beyond what the
database holds and the database intact.

    python -m tests.test_sync_fuzz [RUNS] [SEED]    prints the outcome counts
"""
import collections
import json
import os
import random
import sys
import tempfile

from app.sync_device import SyncDevice
from host import db, dbfile
from host.sync import SyncError, sync as run_sync
from shared_rules import records, syncproto as sp
from tests import recgen
from tests.synchelp import Device, NOW
from tests.synclink import Wire

EVIL = [None, True, False, -1, 0, 1, 2 ** 31, 2 ** 63, 2 ** 64 + 1, -(2 ** 63) - 1, 10 ** 30,
        1.5, float("1e308"), "x", "", "\ud800", "\x1b[2J\x07", "A" * 3000, [], {}, [1, "B"],
        {"a": {"b": [None]}}, "unreadable", "damaged", "pruned", "unused", "busy", "broken",
        "epoch", "say HELLO first"]
KINDS = [sp.HELLO, sp.REC, sp.GAP, sp.END, sp.ACKED, sp.OK, sp.ERR, "X", "HELL0"]
FIELDS = ["device", "epoch", "last", "fw", "id", "from", "to", "why", "seq", "error",
          "what", "type", "count", "first", "acked"]


def evil_record(rnd, sync_dev):
    """Record bytes: a real one damaged, or one built with impossible values."""
    log = sync_dev.log
    have = list(log.iter_from(0))
    if have and rnd.random() < 0.5:
        data = bytearray(rnd.choice(have)[1])
        for _ in range(rnd.randrange(1, 4)):
            data[rnd.randrange(len(data))] = rnd.randrange(256)
        return bytes(data)
    rec = recgen.race_record(rnd.randrange(10))
    rec.update(device=log.device, epoch=log.epoch, seq=log.last)
    for _ in range(rnd.randrange(1, 3)):
        key = rnd.choice(["started", "ended", "duration", "scores", "players", "seed",
                          "meta", "options"])
        rec[key] = rnd.choice({
            "players": [["A" * 2048, "B"], ["\x1b[31m", "\x07"], ["OK", 5]],
            "scores": [[2 ** 63, 1], [-(2 ** 70), 0], [1]],
            "meta": [{"x": 2 ** 64}, {"y": "\x1b"}, None],
            "options": [{"goal": 2 ** 63}, {"zz": [1, 2]}],
        }.get(key, [2 ** 63, 2 ** 64 - 1, 0, 10 ** 25, 1]))
    try:
        return records.encode(rec)
    except records.RecordError:
        return b"\x02" + bytes(rnd.randrange(256) for _ in range(rnd.randrange(40)))


class FuzzDevice(SyncDevice):
    rnd = None
    rate = 0.08

    def _send(self, kind, payload):
        rnd = self.rnd
        r = rnd.random()
        if r < self.rate * 0.3:
            return  # dropped
        if isinstance(payload, dict) and r < self.rate:
            payload = dict(payload)
            payload[rnd.choice(FIELDS)] = rnd.choice(EVIL)
            if rnd.random() < 0.2:
                kind = rnd.choice(KINDS)
        try:
            SyncDevice._send(self, kind, payload)
        except (TypeError, ValueError):
            return
        if rnd.random() < self.rate * 0.3:
            SyncDevice._send(self, kind, payload)  # repeated

    def poll(self, now, budget=2048):
        active = SyncDevice.poll(self, now, budget)
        rnd = self.rnd
        if rnd.random() < self.rate:
            self.serial.write(self.noise())
        return active

    def noise(self):
        rnd = self.rnd
        k = rnd.randrange(5)
        if k == 0:
            return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 60)))
        if k == 1:
            obj = dict((rnd.choice(FIELDS), rnd.choice(EVIL)) for _ in range(rnd.randrange(5)))
            try:
                text = json.dumps(obj)
            except ValueError:
                text = "{}"
            return sp.encode_frame(rnd.choice(KINDS), text)
        if k == 2:
            return sp.encode_frame(rnd.choice(KINDS), rnd.choice(
                ["", "{", "[1]", "null", "%zz", "1 2 3", "%00%FF", "9" * 5000]))
        sid = self.stream_id if rnd.random() < 0.8 else rnd.choice([0, -1, 2 ** 70])
        seq = self.expect + rnd.choice([-2, -1, 0, 0, 1, 2 ** 63, 2 ** 31])
        return sp.encode_frame(sp.REC, sp.rec_payload(sid, seq, evil_record(rnd, self)))


def acked_are_kept(con, dev):
    """Every game the device may prune (seq <= its ack) has a row in the database: what
    the device sent under that number (under whatever id it claimed in its HELLO: a
    device that lies about itself is believed), or a gap it reported for it."""
    for seq in range(1, dev.log.ack + 1):
        if con.execute("SELECT 1 FROM games WHERE epoch=? AND seq=? UNION SELECT 1 FROM gaps"
                       " WHERE epoch=? AND first<=? AND last>=?",
                       (dev.log.epoch, seq, dev.log.epoch, seq, seq)).fetchone() is None:
            return False
    return True


def one_run(seed, tmp):
    """One device, three fuzzed syncs into one database; returns the outcomes."""
    rnd = random.Random(seed)
    dev = Device(seed=seed)
    dev.play(rnd.randrange(0, 14))
    path = os.path.join(tmp, "f%d.sqlite3" % seed)
    con = db.connect(path)
    con.execute("PRAGMA synchronous=OFF")  # durability is not what this tests: speed
    out = []
    try:
        for i in range(3):
            dev.play(rnd.randrange(0, 3))

            def make(serial, r=random.Random(rnd.randrange(1 << 30))):
                dev.log = dev.open_log()
                d = FuzzDevice(serial, dev.log, fw="fuzz", settings=dev.settings)
                d.rnd = r
                d.rate = rnd.choice([0.02, 0.08, 0.3, 0.7])
                return d
            wire = Wire(make)
            wire.limit_ms = 300 * 1000
            try:
                run_sync(wire, con, lookup=recgen.lookup, now=lambda: NOW, mono=wire.clock,
                         rng=random.Random(seed * 3 + i), frame_wait=1.0, max_retries=5,
                         batch=rnd.choice([3, 100]))
                out.append("ok")
            except SyncError as e:
                out.append("SyncError:%s: %s" % (type(e).__name__, str(e)[:34]))
            except AssertionError as e:
                if "livelock" in str(e):
                    out.append("hang")
                else:
                    raise
            except Exception as e:  # what this test is for: count it, then fail
                out.append("crash:%s: %s" % (type(e).__name__, str(e)[:80]))
                try:
                    con.rollback()
                except Exception:
                    pass
            if not acked_are_kept(con, dev):
                out.append("acked-beyond-stored")
        dbfile.deep_check(con, path)
    finally:
        con.close()
    return out


def fuzz(runs, seed=1):
    tmp = tempfile.mkdtemp(prefix="kocka-fuzz-")
    counts = collections.Counter()
    for i in range(runs):
        for outcome in one_run(seed * 100003 + i, tmp):
            counts[outcome] += 1
    return counts


def test_a_lying_device_never_crashes_or_hangs_the_host():
    counts = fuzz(int(os.environ.get("KOCKA_FUZZ_RUNS", "100")), seed=7)
    bad = dict((k, v) for k, v in counts.items()
               if k.startswith(("crash", "hang", "acked-beyond")))
    assert not bad, "%r (all: %r)" % (bad, dict(counts))
    assert counts["ok"] > 0 and sum(v for k, v in counts.items() if k.startswith("SyncError"))


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    for k, v in sorted(fuzz(runs, seed).items(), key=lambda kv: -kv[1]):
        print("%5d  %s" % (v, k))
