"""The device side of the sync protocol (framing and messages: shared_rules/syncproto.py).

`SyncDevice.poll(now)` is called once per frame by the app (through
`SyncService`). It reads at most MAX_IN bytes from hal.serial.read_byte()
(which never blocks), answers each complete request, and sends at most
`budget` bytes of the record stream, so a sync never stalls the game loop.
Nothing a host sends can make it raise: broken frames are answered with
ERR "broken" (the host asks again), unknown requests with ERR, and any
unexpected error inside a handler is caught and answered with ERR.

A session starts with a HELLO (hal.serial.begin_session()) and ends with BYE
or IDLE_MS without a byte from the host (hal.serial.end_session()).
MicroPython subset.
"""

import json

from shared_rules import syncproto as sp
from app import gamelog

MAX_IN = 512          # bytes read per poll
BUDGET = 2048         # bytes of records sent per poll (the app may pass more)
IDLE_MS = 10000       # a silent host ends the session
IN_GAME_TEXT = "Syncing with the PC..."
DONE_TEXT = "Synced with the PC (%d new)"
MIN_UNIX = 1577836800  # 2020-01-01: a clock before this is not a real time
MAX_UNIX = 1 << 32


class SyncDevice:
    def __init__(self, serial, log, fw="", settings=None):
        self.serial = serial
        self.log = log
        self.fw = fw
        self.settings = settings
        self.parser = sp.Parser(sp.DEVICE_MAX_FRAME)
        self.active = False
        self.last_rx = 0
        self.now = 0
        self.stream = None
        self.stream_id = 0
        self.sent = 0         # records sent in this session
        self.total = 0        # records the current request will send (about)
        self.acked = 0        # records acknowledged in this session
        self.requests = 0     # requests answered (all sessions)
        self.sessions = 0     # sessions begun
        self.errors = 0       # broken frames and failed requests
        self.phase = "idle"   # idle, hello, sending, done
        self.changed = False  # something a screen shows changed

    @property
    def expect(self):
        """The next game number the stream will send (0: no stream)."""
        return self.stream.want if self.stream is not None else 0

    # -- the loop ----------------------------------------------------------------
    def poll(self, now, budget=BUDGET):
        """One slice of work; returns True while a session is active."""
        self.now = now
        serial = self.serial
        parser = self.parser
        for _ in range(MAX_IN):
            b = serial.read_byte()
            if b < 0:
                break
            self.last_rx = now
            fr = parser.feed(b)
            if fr is not None:
                self._handle(fr)
        if self.stream is not None:
            self._pump(budget)
        elif self.active and now - self.last_rx > IDLE_MS:
            self.end()
        return self.active

    def _send(self, kind, payload):
        if not isinstance(payload, str):
            payload = json.dumps(payload)
        self.serial.write(sp.encode_frame(kind, payload))

    def _begin(self):
        if not self.active:
            self.active = True
            self.sessions += 1
            self.sent = 0
            self.acked = 0
            self.total = 0
            try:
                self.serial.begin_session()
            except Exception:
                pass
        self.changed = True

    def end(self):
        """Ends the session (BYE, a silent host, or the app dropping the service)."""
        self.stream = None
        if self.active:
            self.active = False
            self.phase = "done"
            self.changed = True
            try:
                self.serial.end_session()
            except Exception:
                pass

    # -- requests ----------------------------------------------------------------
    def _handle(self, fr):
        kind, payload = fr
        try:
            if kind == sp.BROKEN:
                self.errors += 1
                if self.active:
                    self._send(sp.ERR, {"error": "broken", "why": payload})
                return
            if kind == sp.BAD_VERSION:
                self.errors += 1
                self._send(sp.ERR, {"error": "protocol version %s is not supported" % payload,
                                    "proto": sp.PROTOCOL})
                return
            msg = sp.payload_json(payload)
            if msg is None:
                self.errors += 1
                self._send(sp.ERR, {"error": "bad payload", "type": kind})
                return
            self.requests += 1
            if kind == sp.HELLO:
                self._begin()
                self.phase = "hello"
                self._send(sp.HELLO, self.hello())
            elif not self.active:
                # requests outside a session are ignored except HELLO: a stray frame
                # from a previous session must not start sending
                self._send(sp.ERR, {"error": "say HELLO first"})
            elif kind == sp.GET:
                self._get(msg)
            elif kind == sp.ACK:
                self._ack(msg)
            elif kind == sp.TIME:
                unix = msg.get("unix")
                if not isinstance(unix, int) or isinstance(unix, bool) \
                        or not MIN_UNIX <= unix < MAX_UNIX:
                    raise ValueError("bad time")
                gamelog.set_wall(unix, self.now, self.log)
                self._send(sp.OK, {"what": sp.TIME})
            elif kind == sp.ROSTER:
                self._roster(msg)
                self._send(sp.OK, {"what": sp.ROSTER})
            elif kind == sp.BYE:
                self._send(sp.OK, {"what": sp.BYE})
                self.end()
            else:
                self._send(sp.ERR, {"error": "unknown request", "type": kind})
        except Exception as e:
            self.errors += 1
            try:
                self._send(sp.ERR, {"error": "failed", "type": kind, "why": str(e)[:60]})
            except Exception:
                pass

    def hello(self):
        log = self.log
        return {"proto": sp.PROTOCOL, "device": log.device, "epoch": log.epoch,
                "fw": self.fw, "count": log.count(), "first": log.first_seq(),
                "last": log.last, "acked": log.ack, "status": log.status}

    def _get(self, msg):
        since = msg.get("since", 0)
        sid = msg.get("id", 0)
        epoch = msg.get("epoch", self.log.epoch)
        if not isinstance(since, int) or not isinstance(sid, int) or since < 0:
            raise ValueError("bad GET")
        if epoch != self.log.epoch:
            self._send(sp.ERR, {"error": "epoch", "epoch": self.log.epoch})
            return
        self.stream = gamelog.Cursor(self.log, since)
        self.stream_id = sid
        self.total = max(0, self.log.last - since)
        self.phase = "sending"
        self.changed = True

    def _pump(self, budget):
        spent = 0
        sid = self.stream_id
        while spent < budget:
            cur = self.stream
            try:
                item = cur.next()
            except Exception as e:
                # A read that failed (after retries) or anything unexpected: stop here and
                # say where. Never a gap: the host asks again from the same place later.
                self.errors += 1
                self.stream = None
                self.phase = "done"
                self.changed = True
                self._send(sp.ERR, {"error": "unreadable", "id": sid, "seq": cur.want,
                                    "why": str(e)[:60]})
                return
            if item is None:
                self._send(sp.END, {"id": sid, "last": self.log.last})
                self.stream = None
                self.phase = "done"
                self.changed = True
                return
            if item[0] == "gap":
                self._send(sp.GAP, {"id": sid, "from": item[1], "to": item[2],
                                    "why": item[3]})
                spent += 64
                continue
            fr = sp.encode_frame(sp.REC, sp.rec_payload(sid, item[1], item[2]))
            self.serial.write(fr)
            spent += len(fr)
            self.sent += 1
            self.changed = True

    def _ack(self, msg):
        seq = msg.get("seq")
        epoch = msg.get("epoch")
        if not isinstance(seq, int) or epoch != self.log.epoch:
            self._send(sp.ERR, {"error": "bad ACK", "epoch": self.log.epoch})
            return
        before = self.log.ack
        acked = self.log.set_ack(seq)
        if acked > before:
            self.acked += acked - before
        self.changed = True
        self._send(sp.ACKED, {"seq": acked})

    def _roster(self, msg):
        names = msg.get("names")
        if not isinstance(names, list):
            raise ValueError("bad roster")
        st = self.settings
        if st is None:
            return
        from app.settings import MAX_PLAYERS
        for i in range(min(len(names), MAX_PLAYERS)):
            if isinstance(names[i], str) and names[i]:
                st.set_name(i, names[i])
        st.save()


class SyncService:
    """The app's listener: polled every frame, it opens the sync screen when a host
    says HELLO and lets the device keep playing otherwise.

    A screen that must not be covered (e.g. a real-time game mid-countdown) sets
    `no_sync_screen = True`; the sync then runs in the background. So does a sync
    during a game (where the listener allows one: hal.sync_in_game), with a notice
    when it starts and ends."""

    def __init__(self, app):
        self.app = app
        self.dev = None
        self.screen = None

    def device(self):
        if self.dev is None:
            app = self.app
            from app.version import VERSION
            log = gamelog.shared(app.hal.storage, app.hal.random_seed)
            self.dev = SyncDevice(app.hal.serial, log, fw=VERSION, settings=app.settings)
        return self.dev

    def poll(self, now):
        dev = self.device()
        was = dev.active
        top = self.app.top()
        budget = BUDGET * 4 if top is self.screen else BUDGET
        active = dev.poll(now, budget)
        if active and not was and self.screen is None and type(top).__name__ != "SyncScreen":
            if getattr(top, "in_game", False):
                # a game is on (only where there is RAM for both: hal.sync_in_game); it
                # stays on screen and the sync runs behind it
                self.app.show_notice(IN_GAME_TEXT, 2500)
            elif not getattr(top, "no_sync_screen", False):
                from app.sync_screen import SyncScreen
                self.screen = SyncScreen(self.app, self)
                self.app.push(self.screen)
        if dev.changed:
            dev.changed = False
            if self.screen is not None:
                self.app.invalidate()
        if not active and was:
            if self.screen is None and getattr(top, "in_game", False):
                self.app.show_notice(DONE_TEXT % dev.acked, 2500)
            self._after_session()

    def _after_session(self):
        # A finished game that found the storage full may fit now.
        try:
            from app import savegame
            info = savegame.pending(self.app.hal.storage)
            if info is not None and info.get("done"):
                savegame.flush(self.app.hal.storage, self.dev.log)
        except Exception:
            pass

    def screen_closed(self):
        self.screen = None

    def open_screen(self):
        """The menu's "Sync" entry: the sync screen, waiting for the PC."""
        from app.sync_screen import SyncScreen
        self.screen = SyncScreen(self.app, self)
        self.app.push(self.screen)
