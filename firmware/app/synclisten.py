"""Watches the USB serial line for a PC that wants to sync, without holding the sync code.

Polled every frame by the app. Until a frame marker ("@K", see
shared_rules/syncproto.py) arrives, it only reads and drops bytes (REPL noise,
a terminal's keystrokes), so the sync code (app.sync_device and what it
imports) is not in RAM. On a marker it loads `SyncService`, hands it the marker,
and from then on the service answers the PC and shows the sync screen.

During a game (the top screen has `in_game = True`) the sync code is not loaded
where there is no RAM for it next to a game (the app as files: its bytecode is in
RAM). A PC that says HELLO then gets BUSY_FRAME, and `kocka sync` tells the user to
finish or leave the game. The Kocka firmware image (code frozen in flash) has the
room: its HAL says `sync_in_game`, and the sync runs behind the game.
MicroPython subset.
"""

from micropython import const

# encode_frame("ERR", '{"error":"busy"}'), spelled out so nothing is imported to send it
# (tests/test_synclisten.py checks it).
BUSY_FRAME = b'@K1 ERR {"error":"busy"} 50392cbc\n'
_MAX_READ = const(256)      # bytes dropped per frame while idle
_BUSY_EVERY_MS = const(500)


class SyncListener:
    def __init__(self, app):
        self.app = app
        self.service = None   # the SyncService while a PC syncs or the sync screen is up
        self.prev = -1
        self.busy_at = None

    def poll(self, now):
        svc = self.service
        if svc is not None:
            svc.poll(now)
            if svc.screen is None and (svc.dev is None or not svc.dev.active):
                self.service = None  # done: the sync code may leave RAM at the next purge
            return
        serial = self.app.hal.serial
        if serial is None:
            return
        for _ in range(_MAX_READ):
            b = serial.read_byte()
            if b < 0:
                return
            if self.prev != 0x40 or b != 0x4B:
                self.prev = b
                continue
            self.prev = -1
            if getattr(self.app.top(), "in_game", False) and \
                    not getattr(self.app.hal, "sync_in_game", False):
                if self.busy_at is None or now - self.busy_at >= _BUSY_EVERY_MS:
                    self.busy_at = now
                    serial.write(BUSY_FRAME)
                continue
            parser = self.start().device().parser
            parser.feed(0x40)
            parser.feed(0x4B)
            self.service.poll(now)
            return

    def start(self):
        """The sync service (loaded now if it is not yet)."""
        if self.service is None:
            from app.sync_device import SyncService
            self.service = SyncService(self.app)
        return self.service

    def drop(self):
        """Forgets the service (a game starts: its code may leave RAM). A session in
        progress is ended: the PC sees no answer and asks again later."""
        svc = self.service
        if svc is not None and svc.dev is not None and svc.dev.active:
            try:
                svc.dev.end()
            except Exception:
                pass
        self.service = None
        self.prev = -1
