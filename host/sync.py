"""The host side of a sync: pull new records, verify, commit, then acknowledge.

    result = HostSync(link, con).run()

`link` has write(bytes), read(timeout) -> bytes (b"" on timeout; raises
LinkLost when the connection is gone) and optionally reset_input(). The
protocol and framing are in shared_rules/syncproto.py.

The order that makes a sync safe whatever happens to cable, power or host:
1. HELLO: the device's id, log epoch and newest seq.
2. GET since = the lower of the device's own acknowledgement and the number up to which
   this database received the log from the device in syncs (devices.synced; an
   imported file never moves it). Every number the final ACK newly covers is then one
   this sync received and stored, or found identical to the stored copy: a game the
   database holds under the same number with other bytes (a forged or replayed import,
   a device restored from a flash backup) is a conflict, kept and reported, never a
   reason to skip the device's game. A record that comes twice is a no-op by the
   primary key.
3. Records are taken strictly in order; a broken frame, a missing record or a
   silence is answered by a new GET from the last good one.
4. Each batch is committed (SQLite, synchronous=FULL) before the ACK that lets
   the device prune it. A host killed before its commit simply never acked.
5. TIME sets the device's clock, ROSTER pushes the player names, BYE ends.
6. Then, with the device free again, every stored record not yet checked is
   replayed with shared_rules and marked verified or rejected (with the reason;
   what "verified" covers is in shared_rules/verify.py: rules, scores, the form of
   the names, the order and range of the times, not who played or the clock).
   Records are stored first and replayed after, so the cable is busy only for
   the transfer; a record left unchecked (host killed) is checked by the next sync.

Nothing a device sends is trusted (host/devmsg.py checks types and ranges), and
nothing it sends can keep the host waiting: each wait for the stream ends
`frame_wait` (3 s) after the last progress (a record or gap taken), however many other
frames arrive, and the whole conversation has a deadline that grows with the
number of games the device announced. A GAP says why games are missing:
"pruned" (deleted after an earlier sync), "damaged" (the flash copy failed its
CRC: the game is lost; old devices say "unreadable") or "unused" (a number the
device issued but never wrote: nothing is lost). ERR "unreadable" (a flash read
that failed, maybe for a moment) makes the host commit, ack what it stored and
ask again from there after a short pause; it never becomes a gap.
"""
import json
import random
import time

from shared_rules import records, syncproto as sp, verify
from host import db, devmsg
from host.serialport import LinkLost

# Games a device may add while a sync runs (a game ending in the background), beyond
# the newest it announced: a record or gap further on is a lie.
NEW_DURING_SYNC = 100
# The conversation's deadline: a base (hello, retries, clock, roster, bye) plus this
# much per announced game, which even a slow link beats many times over.
DEADLINE_BASE = 60.0
DEADLINE_PER_GAME = 0.25
MAX_ANNOUNCED = 50000      # more games than any device's flash holds
UNREADABLE_PAUSE = 0.4     # seconds before asking again after ERR "unreadable"


# the firmware's keys (app/games/kocka10000/play.py and the other games, app/quit_confirm.py): B opens
# the pause box, X asks to quit, A confirms; a game quit before its end is not recorded
IN_A_GAME = ("the device is in a game: finish it, or quit it on the device (B pauses, X "
             "quits, A confirms; a game quit before its end is dropped: it is not kept or "
             "synced), then run kocka sync again")


class SyncError(Exception):
    """A sync that could not finish; the message is for the user."""


class NoAnswer(SyncError):
    pass


class TooSlow(SyncError):
    pass


class Result(db.Tally):
    """What a sync did: db.Tally's counts, the device's log, and how the transfer went."""

    def __init__(self):
        db.Tally.__init__(self)
        self.device = None
        self.epoch = None
        self.fw = None
        self.device_last = 0
        self.device_acked = 0
        self.since = 0
        self.received = 0
        self.conflict_seqs = []
        self.acked = 0
        self.clock_set = False
        self.roster_pushed = False
        self.retries = 0
        self.line_errors = 0
        self.warnings = []

    def summary(self):
        parts = self.parts()
        return "device %s: %s; device acknowledged up to #%d" % (
            self.device, ", ".join(parts), self.acked)


class HostSync:
    def __init__(self, link, con, lookup=None, progress=None, roster=None, set_clock=True,
                 now=time.time, mono=time.monotonic, hello_wait=1.0, hello_tries=4,
                 frame_wait=3.0, max_retries=10, batch=100, before_commit=None, rng=None,
                 deadline_base=None, deadline_per_game=DEADLINE_PER_GAME,
                 unreadable_pause=UNREADABLE_PAUSE):
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
        self.deadline_base = deadline_base if deadline_base is not None else \
            DEADLINE_BASE + 2 * max_retries * frame_wait
        self.deadline_per_game = deadline_per_game
        self.unreadable_pause = unreadable_pause
        self.deadline = None      # set by run(): the conversation ends by then
        self.newest_allowed = 0   # no record or gap beyond this seq is believed
        self.streaming = False    # in stream(): what is committed came in order
        self.r = Result()

    # -- frames --------------------------------------------------------------------
    def send(self, kind, obj):
        self.link.write(sp.encode_frame(kind, json.dumps(obj, separators=(",", ":"))))

    def next_frame(self, wait):
        """The next frame within `wait` seconds, or None; TooSlow past the deadline."""
        now = self.mono()
        if self.deadline is not None and now > self.deadline:
            raise TooSlow("the device took longer than %d s for this sync; what arrived is "
                          "saved: run kocka sync again" % round(self.deadline - self.started))
        deadline = now + wait
        if self.deadline is not None:
            deadline = min(deadline, self.deadline + 0.001)
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
        self.started = self.mono()
        self.deadline = self.started + self.deadline_base
        hello = self.hello()
        r.device = hello["device"]
        r.epoch = hello["epoch"]
        r.fw = hello["fw"]
        db.note_device(self.con, r.device, r.epoch, r.fw, self.now())
        self.commit()
        synced = db.synced_to(self.con, r.device, r.epoch)
        r.device_acked = hello["acked"]
        since = min(synced, r.device_acked)
        r.since = since
        announced = min(MAX_ANNOUNCED, max(0, r.device_last - since))
        self.deadline = self.mono() + self.deadline_base + self.deadline_per_game * announced
        recorded = db.acked_recorded(self.con, r.device, r.epoch)
        if r.device_acked < recorded or r.device_last < synced:
            r.warnings.append(
                "the device's log is older than at its last sync with this database (it "
                "says #%d, acknowledged #%d; this database had #%d, acknowledged #%d): was "
                "it restored from a backup? Its games from #%d on are taken and compared; "
                "any with other content than the stored copy are kept as conflicts"
                % (r.device_last, r.device_acked, synced, recorded, since + 1))
        self.streaming = True
        last = self.stream(since)
        self.streaming = False
        self.ack_final(last)
        # the clock, the roster and BYE have their own short budget
        self.deadline = self.mono() + 30.0
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
        ok, bad = replay_pending(self.con, self.lookup, int(self.now()), self.progress)
        self.r.verified += ok
        self.r.rejected += bad

    def hello(self, expect=None):
        for _ in range(self.hello_tries):
            self.send(sp.HELLO, {"v": sp.PROTOCOL, "host": "kocka"})
            deadline = self.mono() + self.hello_wait
            while self.mono() < deadline:
                fr = self.next_frame(deadline - self.mono())
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
                                        % devmsg.text(msg.get("error")))
                    if msg.get("error") == "busy":
                        raise SyncError(IN_A_GAME)
                    continue
                if kind != sp.HELLO:
                    continue
                msg = sp.payload_json(payload)
                # our own HELLO echoed (a device at the REPL) has no "device"
                if not msg or ("device" not in msg and "epoch" not in msg):
                    continue
                try:
                    msg = devmsg.hello(msg)
                except devmsg.Malformed as e:
                    raise SyncError("the device's HELLO is malformed: %s; is it running the "
                                    "Kocka app? (`make flash` installs it)" % (e,))
                if expect and (msg["device"], msg["epoch"]) != expect:
                    raise SyncError("a different device or log answered mid-sync "
                                    "(%s/%s): run kocka sync again" % (msg["device"], msg["epoch"]))
                self.note_last(msg["last"])
                return msg
        raise NoAnswer("the device does not answer: is the Kocka app running on it (not the "
                       "REPL or another program)? Try unplugging and plugging it in again.")

    def get(self, since):
        self.sid += 1
        self.send(sp.GET, {"since": since, "id": self.sid, "epoch": self.r.epoch})

    def retry(self, why, message=None):
        self.r.retries += 1
        self.fails += 1
        if self.fails > self.max_retries:
            raise NoAnswer(message or "the device stopped answering mid-sync (%s); what "
                           "arrived is saved: run kocka sync again" % why)

    def note_last(self, last):
        """The device's newest seq (from a HELLO): records and gaps beyond it are lies."""
        self.r.device_last = last
        self.newest_allowed = max(self.newest_allowed, last + NEW_DURING_SYNC)

    def pause(self, seconds):
        """Waits `seconds`, dropping whatever the device sends meanwhile."""
        end = self.mono() + seconds
        while self.mono() < end:
            if self.next_frame(end - self.mono()) is None:
                break
        self.queue = []

    def stream(self, since):
        """Takes records since+1.. in order until the device's END; returns the last seq
        stored (or known gone). Raises NoAnswer or TooSlow when it cannot go on."""
        self.expected = since + 1
        self.since = since
        self.fails = 0
        self.ask()
        while True:
            fr = self.next_frame(self.quiet_until - self.mono())
            if fr is None or self.mono() > self.quiet_until:
                # no progress for frame_wait, whatever else arrived
                self.retry("silence")
                if self.fails % 3 == 0:
                    # the device may have restarted: say hello again
                    self.rehello()
                self.ask()
                continue
            kind, payload = fr
            if kind == sp.BROKEN:
                self.retry("damaged frames")
                self.ask()
            elif kind == sp.REC:
                self.on_rec(payload)
            elif kind in (sp.GAP, sp.END, sp.ERR, sp.ACKED):
                msg = sp.payload_json(payload)
                if msg is None:
                    continue
                if kind == sp.GAP:
                    self.on_gap(msg)
                elif kind == sp.END:
                    if msg.get("id") == self.sid and devmsg.count(msg.get("last")) is not None:
                        if self.expected > msg["last"]:
                            self.commit()
                            return self.expected - 1
                        self.retry("records missing at the end")
                        self.ask()
                elif kind == sp.ERR:
                    self.on_err(msg)
                else:
                    self.note_acked(msg)

    def ask(self):
        """GET from the next expected seq; a new request earns a full wait."""
        self.get(self.expected - 1)
        self.quiet_until = self.mono() + self.frame_wait

    def progress_made(self):
        self.fails = 0
        self.quiet_until = self.mono() + self.frame_wait

    def rehello(self):
        self.commit()
        self.hello(expect=(self.r.device, self.r.epoch))

    def on_rec(self, payload):
        try:
            sid, seq, raw = sp.parse_rec_payload(sp.unescape(payload).decode())
        except (ValueError, UnicodeError):
            self.retry("a bad record frame")
            self.ask()
            return
        if seq < self.expected:
            # sent again (not progress): but it must be what this database holds
            if 0 < seq <= devmsg.MAX_SEQ:
                self.check_known(seq, raw)
            return
        if sid != self.sid:
            return  # an old stream's
        if seq > self.expected:
            self.retry("a missing record")
            self.ask()
            return
        if seq > self.newest_allowed:
            self.retry("records beyond the newest game it announced",
                       "the device sends games beyond the newest it announced (#%d): "
                       "what arrived is saved; restart the device and run kocka sync again"
                       % self.r.device_last)
            self.ask()
            return
        self.take(seq, raw)
        self.expected += 1
        self.progress_made()
        if self.progress:
            done = self.expected - 1 - self.since
            self.progress(done, max(self.r.device_last - self.since, done), "received")
        if self.pending >= self.batch:
            self.commit()
            self.ack(self.expected - 1)

    def on_gap(self, msg):
        r = self.r
        if msg.get("id") != self.sid:
            return
        a = devmsg.count(msg.get("from"))
        b = devmsg.count(msg.get("to"))
        if a is None or b is None or b < a:
            return
        expected = self.expected
        if b > self.newest_allowed:
            self.retry("a gap beyond the newest game it announced",
                       "the device reports missing games beyond the newest it announced "
                       "(#%d): what arrived is saved; restart the device and run kocka sync "
                       "again" % r.device_last)
            self.ask()
        elif a <= expected <= b:
            why = devmsg.gap_why(msg.get("why"))
            db.note_gap(self.con, r.device, r.epoch, expected, b, why, self.now())
            self.pending += 1
            r.gaps.append((expected, b, why))
            self.expected = b + 1
            self.progress_made()
        elif a > expected:
            self.retry("a missing record")
            self.ask()

    def on_err(self, msg):
        err = msg.get("error")
        if err == "broken":
            self.retry("a damaged request")
            self.ask()
        elif err == "unreadable":
            # a flash read failed at game n: nothing past n-1 came; keep what did
            n = devmsg.count(msg.get("seq"))
            n = self.expected if n is None else n
            self.commit()
            self.ack(self.expected - 1)
            self.retry("an unreadable game",
                       "the device could not read game #%d from its flash (%s); what arrived "
                       "is saved: run kocka sync again (if it keeps failing, the device's "
                       "flash may be wearing out)" % (n, devmsg.text(msg.get("why"), 60)))
            self.pause(self.unreadable_pause)
            self.ask()
        elif isinstance(err, str) and ("HELLO" in err or err == "epoch"):
            # the device restarted (or its log changed): start again politely
            self.retry("the device restarted")
            self.rehello()
            self.ask()

    def take(self, seq, raw):
        r = self.r
        r.received += 1
        ok, why, rec = devmsg.check_record(raw, r.device, r.epoch, seq)
        outcome = db.store(self.con, r.device, r.epoch, seq, raw, rec, ok, why, self.now())
        if r.count(outcome, ok) == db.CONFLICT:
            self.note_conflict(seq)
        self.pending += 1

    def check_known(self, seq, raw):
        """A record for a number already taken: flags it if its bytes differ."""
        if db.compare(self.con, self.r.device, self.r.epoch, seq, raw, self.now()) == db.CONFLICT:
            self.note_conflict(seq)
            self.pending += 1

    def note_conflict(self, seq):
        if seq not in self.r.conflict_seqs:
            self.r.conflict_seqs.append(seq)
            self.r.conflicts += 1

    def commit(self):
        if self.before_commit is not None:
            self.before_commit(self)
        self.keep()

    def keep(self):
        """Commits what was taken, with how far the log has come from the device itself."""
        if self.streaming:
            # the stream takes numbers strictly in order from since + 1 (since <= synced)
            db.note_synced(self.con, self.r.device, self.r.epoch, self.expected - 1)
        self.con.commit()
        self.pending = 0

    def ack(self, seq):
        if seq > self.acked_sent:
            self.acked_sent = seq
            self.send(sp.ACK, {"epoch": self.r.epoch, "seq": seq})

    def note_acked(self, msg):
        seq = devmsg.count(msg.get("seq"))
        if seq is not None and seq > self.r.acked:
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
            while self.mono() < deadline:
                fr = self.next_frame(deadline - self.mono())
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
            while self.mono() < deadline:
                fr = self.next_frame(deadline - self.mono())
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
                        self.r.warnings.append("the device refused %s: %s"
                                               % (kind, devmsg.text(msg.get("error"))))
                        return False
        self.r.warnings.append("the device did not confirm %s" % kind)
        return False


def replay_pending(con, lookup, now, progress=None):
    """Replays every stored record not checked yet (verified IS NULL) and marks it
    verified or rejected with the reason; returns (verified, rejected)."""
    rows = db.pending(con)
    good = bad = 0
    for i, (device, epoch, seq, raw) in enumerate(rows):
        try:
            rec = records.decode(raw)
            ok, why = verify.verify(rec, lookup, now=now)
        except records.RecordError as e:
            ok, why = False, "undecodable record: %s" % (e,)
        db.set_verified(con, device, epoch, seq, ok, why)
        if ok:
            good += 1
        else:
            bad += 1
        if progress:
            progress(i + 1, len(rows), "checked")
        if i % 50 == 49:
            con.commit()
    con.commit()
    return good, bad


def sync(link, con, **kw):
    """Runs one sync; LinkLost becomes a SyncError with a message for the user."""
    hs = HostSync(link, con, **kw)
    try:
        return hs.run()
    except LinkLost as e:
        _keep(hs)
        raise SyncError("%s; what arrived before is saved: run kocka sync again" % (e,))
    except SyncError:
        _keep(hs)
        raise


def _keep(hs):
    """Commits what a sync that stopped had taken (records arrive in order: a clean
    prefix), with how far the log came from the device, so the next sync asks from there."""
    try:
        hs.keep()
    except Exception:
        pass
