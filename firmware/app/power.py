"""Idle power: the backlight dims after a while without a key, and after longer the screen
and LEDs go off and the device sleeps until a key; the press that wakes it does nothing
else.

The times are the settings "dim" (seconds) and "sleep" (minutes), 0 for never. The top
screen says what must stay awake through `keep_awake(now)`:
- MAY_SLEEP: nothing runs that the player watches (menus, a human's turn, a pause box);
- NO_SLEEP: a bot's turn, a real-time round, a linked game: it may dim, never sleep;
- NO_DIM: a running countdown or table mode's clock: full brightness, never sleeps
  (a dimmed screen brightens again when one starts).
Link play (from its lobby on) and a sync session in progress keep the device awake too.

Asleep: the display is off (hal.display.sleep()), the LEDs dark, the sound stopped, and
the app draws nothing; App.rest hands the wait to hal.doze() where there is one (the
Pico: DORMANT on a battery, lightsleep steps with a USB host, until a key is down), else
it simply waits and polls. The game
in progress needs nothing more to be safe: every move is already journaled as it is
played (app.journal), so a power cut while asleep resumes it as at any move.
"""

from micropython import const

from hal import api

MAY_SLEEP = const(0)
NO_SLEEP = const(1)
NO_DIM = const(2)

AWAKE = const(0)
DIMMED = const(1)
ASLEEP = const(2)

DIM_CHOICES = (15, 30, 60, 120, 0)   # seconds; 0: never (the settings screen's values)
SLEEP_CHOICES = (1, 3, 5, 10, 0)     # minutes; 0: never


def dim_level(level):
    """The dimmed backlight for the setting `level` (percent): an eighth of it, at least 2."""
    return max(2, level // 8)


class Power:
    def __init__(self, app):
        self.app = app
        self.state = AWAKE
        self.last_key = None  # app time of the last button event (None: the first frame's)
        self.swallow = -1     # the button whose press woke the device: its events are dropped

    def filter(self, events, now):
        """The button events of this frame that reach the screens: the press that wakes a
        dimmed or sleeping device, and that button's events until it is released, are
        dropped. Any event counts as a key."""
        if not events:
            return events
        self.last_key = now
        out = None
        for i in range(len(events)):
            ev = events[i]
            b = api.button_of(ev)
            drop = False
            if b == self.swallow:
                drop = True
                if api.kind_of(ev) == api.RELEASED:
                    self.swallow = -1
            elif self.state != AWAKE and api.kind_of(ev) == api.PRESSED:
                self.wake()
                self.swallow = b
                drop = True
            if drop and out is None:
                out = events[:i]
            elif not drop and out is not None:
                out.append(ev)
        return events if out is None else out

    def update(self, now):
        """Dims, brightens or puts the device to sleep as the idle time and the top
        screen say (called every frame, after the screens' update)."""
        app = self.app
        if self.last_key is None:
            self.last_key = now   # runtimes whose app time does not start at 0
        need = app.top().keep_awake(now)
        if need == MAY_SLEEP and (app.link is not None or
                                  getattr(app.hal.serial, "in_session", False)):
            need = NO_SLEEP   # link play (its lobby too) and a PC's sync keep it awake
        settings = app.settings
        idle = now - self.last_key
        sleep_ms = settings.get("sleep") * 60000
        dim_ms = settings.get("dim") * 1000
        if need == NO_DIM:
            if self.state == DIMMED:
                self.wake()
            return
        if self.state == ASLEEP:
            return
        if need == MAY_SLEEP and sleep_ms and idle >= sleep_ms:
            self.sleep()
        elif self.state == AWAKE and dim_ms and idle >= dim_ms:
            self.state = DIMMED
            app.hal.display.backlight(dim_level(settings.get("screen")))

    def sleep(self):
        app = self.app
        hal = app.hal
        self.state = ASLEEP
        app.sound.stop()
        hal.leds.fill(0, 0, 0)
        hal.leds.show()
        hal.display.sleep()

    def wake(self):
        """Back to full brightness (from dimmed or asleep); the frame is drawn anew."""
        app = self.app
        if self.state == ASLEEP:
            app.hal.display.wake()
            app.lights.phase = -1   # the LEDs' pattern comes back at the next update
        self.state = AWAKE
        app.apply_settings()
        app.invalidate()

    def asleep(self):
        return self.state == ASLEEP
