"""The sync screen: shown while a PC syncs the game log (SyncService pushes it when a
PC says HELLO; from the menu, `SyncScreen(app, app.sync)` waits for the PC and shows how).

Shows the phase, a progress bar of records sent, how many the PC has
acknowledged, and the storage status. It closes itself a moment after the
session ends, saying so with a countdown (A closes it at once); B hides it while
syncing (the sync goes on in the background). Where the HAL has no USB port (the
simulator started without --pty) it says how to get one.
"""

from app import ui, font
from app.screen import Screen, is_back, is_ok

DONE_MS = 5000   # "Sync finished" stays this long (counted down on screen), or until A

PHASES = {"idle": "Waiting for the PC", "hello": "Connected to the PC",
          "sending": "Sending games", "done": "Sync finished"}


class SyncScreen(Screen):
    title = "Sync"

    def __init__(self, app, service):
        Screen.__init__(self, app)
        self.service = service
        self.ended_at = None
        self.seen = False     # a session was seen: close a moment after it ends
        self.sessions = service.device().sessions
        self.shown_s = -1

    def close(self):
        self.service.screen_closed()
        if self.app.top() is self:
            self.app.pop()

    def on_event(self, ev):
        if is_back(ev) or (is_ok(ev) and self.ended_at is not None):
            self.close()

    def update(self, now):
        dev = self.service.device()
        if dev.sessions != self.sessions:
            self.seen = True
        if dev.active:
            self.ended_at = None
            self.seen = True
        elif not self.seen:
            return  # opened from the menu: wait for the PC
        elif self.ended_at is None:
            self.ended_at = now
            self.app.invalidate()
        elif now - self.ended_at >= DONE_MS:
            self.close()
        elif self.left_s(now) != self.shown_s:
            self.app.invalidate()   # the countdown moved on

    def left_s(self, now):
        return (DONE_MS - (now - self.ended_at) + 999) // 1000

    def draw(self, fb):
        dev = self.service.device()
        log = dev.log
        ui.clear(fb)
        ui.header(fb, self.title, "USB")
        phase = dev.phase if dev.active or (self.seen and dev.phase == "done") else "idle"
        ui.centered(fb, PHASES.get(phase, phase), 48, ui.ACCENT)
        if phase == "idle":
            y = 84
            for line in idle_lines(self.app.hal):
                font.draw(fb, line, 20, y, ui.TEXT)
                y += 20
            on_device = "On device: %s, %d not synced" % (ui.count(log.count(), "game"),
                                                          log.unacked())
            font.draw(fb, on_device, 20, 180, ui.DIM, font.SMALL)
            ui.footer(fb, (("B", "Back"),))
            return
        total = dev.total if dev.total > 0 else 0
        sent = dev.sent if dev.sent <= total or total == 0 else total
        ui.bar(fb, 20, 78, 200, 14, sent, total if total else 1,
               ui.GOOD if phase == "done" else ui.ACCENT)
        y = 104
        font.draw(fb, "Sent %d of %s" % (dev.sent, ui.count(total, "game")), 20, y, ui.TEXT)
        y += 20
        font.draw(fb, "Confirmed by PC: %d" % (dev.acked,), 20, y, ui.TEXT)
        y += 20
        font.draw(fb, "On device: %d, %d not synced" % (log.count(), log.unacked()),
                  20, y, ui.DIM, font.SMALL)
        y += 16
        warn = log.status_text()
        if warn:
            font.draw(fb, warn, 20, y, ui.BAD, font.SMALL)
        if dev.errors:
            font.draw(fb, "line errors: %d" % (dev.errors,), 20, 196, ui.DIM, font.SMALL)
        if dev.active or self.ended_at is None:
            ui.footer(fb, (("B", "Hide"),))
            return
        self.shown_s = self.left_s(self.app.now)
        font.draw(fb, "Closes in %d s" % self.shown_s, 20, 196, ui.DIM, font.SMALL)
        ui.footer(fb, (("A", "OK"),))


def idle_lines(hal):
    """What to do before a PC is there. The simulator without --pty has no port at all
    (its serial is the virtual HAL's NullSerial): say how to start it with one."""
    if type(hal.serial).__name__ == "NullSerial":
        return ("No USB port in this", "simulator: start it with", "  --pty  and run", "  kocka sync --port ...")
    return ("Connect the USB cable", "and run on the PC:", "", "  kocka sync")
