"""The host side of a sync: pull new records, verify, commit, then acknowledge.

    result = HostSync(link, con).run()

`link` has write(bytes), read(timeout) -> bytes (b"" on timeout; raises
LinkLost when the connection is gone) and optionally reset_input(). The
protocol and framing are in shared_rules/syncproto.py.

The order that makes a sync safe whatever happens to cable, power or host:
1. HELLO: the device's id, log epoch and newest seq.
2. GET since = the highest seq this database holds for that log (so a repeated
   sync, or one after a crash of the host, asks again for exactly what is
   missing; a record that comes twice is a no-op by the primary key).
3. Records are taken strictly in order; a broken frame, a missing record or a
   silence is answered by a new GET from the last good one.
4. Each batch is committed (SQLite, synchronous=FULL) before the ACK that lets
   the device prune it. A host killed before its commit simply never acked.
5. TIME sets the device's clock, ROSTER pushes the player names, BYE ends.
6. Then, with the device free again, every stored record not yet checked is
   replayed with shared_rules and marked verified or rejected (with the reason).
   Records are stored first and replayed after, so the cable is busy only for
   the transfer; a record left unchecked (host killed) is checked by the next sync.
"""
import json
import random
import time

from shared_rules import records, syncproto as sp, verify
from host import db
from host.serialport import LinkLost


class SyncError(Exception):
    """A sync that could not finish; the message is for the user."""


class NoAnswer(SyncError):
    pass


class Result:
    def __init__(self):
        self.device = None
        self.epoch = None
        self.fw = None
        self.device_last = 0
        self.since = 0
        self.received = 0
        self.new = 0
        self.duplicates = 0
        self.conflicts = 0
        self.rejected = 0
        self.verified = 0
        self.gaps = []
        self.acked = 0
        self.clock_set = False
        self.roster_pushed = False
        self.retries = 0
        self.line_errors = 0
        self.warnings = []

    def summary(self):
        parts = ["%d new game%s" % (self.new, "" if self.new == 1 else "s")]
        if self.duplicates:
            parts.append("%d already stored" % self.duplicates)
        if self.rejected:
            parts.append("%d rejected by replay" % self.rejected)
        if self.conflicts:
            parts.append("%d CONFLICTING (flagged, not overwritten)" % self.conflicts)
        return "device %s: %s; device acknowledged up to #%d" % (
            self.device, ", ".join(parts), self.acked)


class HostSync:
    def __init__(self, link, con, lookup=None, progress=None, roster=None, set_clock=True,
                 now=time.time, mono=time.monotonic, hello_wait=1.0, hello_tries=4,
                 frame_wait=3.0, max_retries=10, batch=100, before_commit=None, rng=None):
        self.link = link
        self.con = con
        self.lookup = lookup
        self.progress = progress
        self.roster = roster
        self.set_clock = set_clock
        self.now = now
        self.mono = mono
        self.hello_wait = hello_wait
        self.hello_tries = hello_tries
        self.frame_wait = frame_wait
        self.max_retries = max_retries
        self.batch = batch
        self.before_commit = before_commit
        self.parser = sp.Parser(sp.HOST_MAX_FRAME)
        self.queue = []
        self.sid = (rng or random.Random()).randrange(1, 1 << 24)
        self.pending = 0
        self.acked_sent = 0
        self.r = Result()

    # -- frames --------------------------------------------------------------------
    def send(self, kind, obj):
        self.link.write(sp.encode_frame(kind, json.dumps(obj, separators=(",", ":"))))

    def next_frame(self, wait):
        """The next frame within `wait` seconds, or None."""
        deadline = self.mono() + wait
        while not self.queue:
            left = deadline - self.mono()
            if left <= 0:
                return None
            data = self.link.read(min(left, 0.25))
            feed = self.parser.feed
            for b in data:
                fr = feed(b)
                if fr is not None:
                    self.queue.append(fr)
        return self.queue.pop(0)

    # -- steps -----------------------------------------------------------------------
    def run(self):
        r = self.r
        reset = getattr(self.link, "reset_input", None)
        if reset:
            reset()
        hello = self.hello()
        r.device = hello["device"]
        r.epoch = hello["epoch"]
        r.fw = hello.get("fw")
        r.device_last = hello.get("last", 0)
        db.note_device(self.con, r.device, r.epoch, r.fw, self.now())
        self.commit()
        since = db.max_seq(self.con, r.device, r.epoch)
        r.since = since
        if hello.get("last", 0) < since:
            r.warnings.append("the device has fewer games (#%d) than this database (#%d) for "
                              "its log" % (hello.get("last", 0), since))
        last = self.stream(since)
        self.ack_final(last)
        if self.set_clock:
            r.clock_set = self.request(sp.TIME, {"unix": int(self.now())})
        if self.roster:
            r.roster_pushed = self.request(sp.ROSTER, {"names": list(self.roster)[:db.DEVICE_SLOTS]})
        self.request(sp.BYE, {})
        r.line_errors = self.parser.errors
        self.verify_pending()
        return r

    def verify_pending(self):
        """Replays every stored record not checked yet; marks it verified or rejected."""
        rows = db.pending(self.con)
        r = self.r
        for i, (device, epoch, seq, raw) in enumerate(rows):
            try:
                rec = records.decode(raw)
                ok, why = verify.verify(rec, self.lookup)
            except records.RecordError as e:
                ok, why = False, "undecodable record: %s" % (e,)
            db.set_verified(self.con, device, epoch, seq, ok, why)
            if ok:
                r.verified += 1
            else:
                r.rejected += 1
            if self.progress:
                self.progress(i + 1, len(rows), "checked")
            if i % 50 == 49:
                self.con.commit()
        self.con.commit()

    def hello(self, expect=None):
        for _ in range(self.hello_tries):
            self.send(sp.HELLO, {"v": sp.PROTOCOL, "host": "kocka"})
            deadline = self.mono() + self.hello_wait
            while True:
                fr = self.next_frame(max(0.0, deadline - self.mono()))
                if fr is None:
                    break
                kind, payload = fr
                if kind == sp.BAD_VERSION:
                    raise SyncError("the device speaks sync protocol version %s, this kocka "
                                    "speaks %d: update the older of the two" % (payload, sp.PROTOCOL))
                if kind == sp.ERR:
                    msg = sp.payload_json(payload) or {}
                    if "protocol version" in str(msg.get("error", "")):
                        raise SyncError("the device does not speak this kocka's protocol: %s"
                                        % msg.get("error"))
                    if msg.get("error") == "busy":
                        raise SyncError("the device is in a game: finish it, or leave it "
                                        "(B, then X), and run kocka sync again")
                    continue
                if kind != sp.HELLO:
                    continue
                msg = sp.payload_json(payload)
                # our own HELLO echoed (a device at the REPL) has no "device"
                if not msg or not isinstance(msg.get("device"), str) \
                        or not isinstance(msg.get("epoch"), int):
                    continue
                if expect and (msg["device"], msg["epoch"]) != expect:
                    raise SyncError("a different device or log answered mid-sync "
                                    "(%s/%s): run kocka sync again" % (msg["device"], msg["epoch"]))
                return msg
        raise NoAnswer("the device does not answer: is the Kocka app running on it (not the "
                       "REPL or another program)? Try unplugging and plugging it in again.")

    def get(self, since):
        self.sid += 1
        self.send(sp.GET, {"since": since, "id": self.sid, "epoch": self.r.epoch})

    def retry(self, why):
        self.r.retries += 1
        self.fails += 1
        if self.fails > self.max_retries:
            raise NoAnswer("the device stopped answering mid-sync (%s); what arrived is "
                           "saved: run kocka sync again" % why)

    def stream(self, since):
        r = self.r
        expected = since + 1
        total = max(0, r.device_last - since)
        self.fails = 0
        self.get(expected - 1)
        while True:
            fr = self.next_frame(self.frame_wait)
            if fr is None:
                self.retry("silence")
                if self.fails % 3 == 0:
                    # the device may have restarted: say hello again
                    self.commit()
                    self.hello(expect=(r.device, r.epoch))
                self.get(expected - 1)
                continue
            kind, payload = fr
            if kind == sp.BROKEN:
                self.retry("damaged frames")
                self.get(expected - 1)
                continue
            if kind == sp.REC:
                try:
                    sid, seq, raw = sp.parse_rec_payload(sp.unescape(payload).decode())
                except (ValueError, UnicodeError):
                    self.retry("a bad record frame")
                    self.get(expected - 1)
                    continue
                if sid != self.sid or seq < expected:
                    continue
                if seq > expected:
                    self.retry("a missing record")
                    self.get(expected - 1)
                    continue
                self.take(seq, raw)
                expected += 1
                self.fails = 0
                if self.progress:
                    self.progress(expected - 1 - since, max(total, expected - 1 - since),
                                  "received")
                if self.pending >= self.batch:
                    self.commit()
                    self.ack(expected - 1)
                continue
            msg = sp.payload_json(payload)
            if msg is None:
                continue
            if kind == sp.GAP:
                if msg.get("id") != self.sid:
                    continue
                a = msg.get("from")
                b = msg.get("to")
                if not isinstance(a, int) or not isinstance(b, int) or b < a:
                    continue
                if a <= expected <= b:
                    db.note_gap(self.con, r.device, r.epoch, expected, b, msg.get("why"), self.now())
                    self.pending += 1
                    r.gaps.append((expected, b, msg.get("why")))
                    expected = b + 1
                elif a > expected:
                    self.retry("a missing record")
                    self.get(expected - 1)
            elif kind == sp.END:
                if msg.get("id") != self.sid:
                    continue
                last = msg.get("last")
                if not isinstance(last, int):
                    continue
                if expected > last:
                    self.commit()
                    return expected - 1
                self.retry("records missing at the end")
                self.get(expected - 1)
            elif kind == sp.ERR:
                err = str(msg.get("error"))
                if err == "broken":
                    self.retry("a damaged request")
                    self.get(expected - 1)
                elif "HELLO" in err or err == "epoch":
                    # the device restarted (or its log changed): start again politely
                    self.retry("the device restarted")
                    self.commit()
                    self.hello(expect=(r.device, r.epoch))
                    self.get(expected - 1)
            elif kind == sp.ACKED:
                self.note_acked(msg)

    def take(self, seq, raw):
        r = self.r
        r.received += 1
        try:
            rec = records.decode(raw)
        except records.RecordError as e:
            rec = None
            ok, why = False, "undecodable record: %s" % (e,)
        else:
            if (rec["device"], rec["epoch"], rec["seq"]) != (r.device, r.epoch, seq):
                ok, why = False, "the record says it is %s/%s #%s but came as #%d" % (
                    rec["device"], rec["epoch"], rec["seq"], seq)
            else:
                ok, why = None, None  # replayed after the transfer (verify_pending)
        outcome = db.store(self.con, r.device, r.epoch, seq, raw, rec, ok, why, self.now())
        if outcome == db.NEW:
            r.new += 1
            if ok is False:
                r.rejected += 1
        elif outcome == db.DUPLICATE:
            r.duplicates += 1
        else:
            r.conflicts += 1
        self.pending += 1

    def commit(self):
        if self.before_commit is not None:
            self.before_commit(self)
        self.con.commit()
        self.pending = 0

    def ack(self, seq):
        if seq > self.acked_sent:
            self.acked_sent = seq
            self.send(sp.ACK, {"epoch": self.r.epoch, "seq": seq})

    def note_acked(self, msg):
        seq = msg.get("seq")
        if isinstance(seq, int) and seq > self.r.acked:
            self.r.acked = seq
            db.note_ack(self.con, self.r.device, self.r.epoch, seq)

    def ack_final(self, last):
        """Acknowledges everything up to `last` (all committed) and waits for the device."""
        if last <= 0:
            return
        for _ in range(3):
            self.acked_sent = 0
            self.ack(last)
            deadline = self.mono() + 1.5
            while True:
                fr = self.next_frame(max(0.0, deadline - self.mono()))
                if fr is None:
                    break
                if fr[0] == sp.ACKED:
                    self.note_acked(sp.payload_json(fr[1]) or {})
                    if self.r.acked >= min(last, self.r.device_last or last):
                        self.con.commit()
                        return
        self.con.commit()
        self.r.warnings.append("the device did not confirm the acknowledgement; it keeps "
                               "those games until the next sync")

    def request(self, kind, obj, tries=3, wait=1.5):
        """Sends a request and waits for its OK; False if none came."""
        for _ in range(tries):
            self.send(kind, obj)
            deadline = self.mono() + wait
            while True:
                fr = self.next_frame(max(0.0, deadline - self.mono()))
                if fr is None:
                    break
                if fr[0] == sp.OK:
                    msg = sp.payload_json(fr[1]) or {}
                    if msg.get("what") == kind:
                        return True
                elif fr[0] == sp.ERR:
                    msg = sp.payload_json(fr[1]) or {}
                    if msg.get("error") == "broken":
                        break  # resend
                    if msg.get("type") == kind:
                        self.r.warnings.append("the device refused %s: %s" % (kind, msg.get("error")))
                        return False
        self.r.warnings.append("the device did not confirm %s" % kind)
        return False


def sync(link, con, **kw):
    """Runs one sync; LinkLost becomes a SyncError with a message for the user."""
    try:
        return HostSync(link, con, **kw).run()
    except LinkLost as e:
        try:
            con.commit()  # records arrive in order: what came is a clean prefix
        except Exception:
            pass
        raise SyncError("%s; what arrived before is saved: run kocka sync again" % (e,))
    except SyncError:
        try:
            con.commit()
        except Exception:
            pass
        raise
