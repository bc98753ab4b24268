"""The window's buttons: raw pressed states from keyboard and mouse, debounced as on the device.

The keyboard and the mouse each hold a raw pressed/not-pressed state per
button (a button is down while either holds it); every poll feeds those raw
states through the device's own debouncer (hal/debounce.py), so presses,
releases and auto-repeat behave exactly as on the device. Events injected by
a demo are passed through as on the virtual HAL and make their button light
up briefly in the window.

A press that starts and ends between two polls (a quick trackpad tap, both
events in one frame) is latched, so the debouncer still sees it down for one
poll: PRESSED, then RELEASED a frame later, never lost.
"""
from hal import api
from hal.debounce import Debouncer

INJECTED_LIT_MS = 150  # how long a demo's press lights its button in the window


class WindowButtons:
    def __init__(self):
        n = api.NUM_BUTTONS
        self.keyboard = [False] * n
        self.mouse_down = [False] * n
        self.queue = []
        self.events = []
        self.flash_until = [0] * n
        self.lit_now = [False] * n
        self.deb = Debouncer(n)
        self.latched = 0  # bitmask: went down since the last poll

    # -- raw input from the window ---------------------------------------------
    def key(self, button, down):
        self.keyboard[button] = down
        if down:
            self.latched |= 1 << button

    def mouse(self, button, down):
        self.mouse_down[button] = down
        if down:
            self.latched |= 1 << button

    def release_all(self):
        for b in range(api.NUM_BUTTONS):
            self.keyboard[b] = False
            self.mouse_down[b] = False

    def raw(self, button):
        return self.keyboard[button] or self.mouse_down[button]

    def inject(self, ev):
        """Demos and tests: an event delivered at the next poll, as on the virtual HAL."""
        self.queue.append(ev)

    # -- the HAL contract --------------------------------------------------------
    def poll(self, now_ms):
        ev = self.events
        del ev[:]
        mask = self.latched
        self.latched = 0
        for b in range(api.NUM_BUTTONS):
            if self.raw(b):
                mask |= 1 << b
        ev.extend(self.deb.update(now_ms, mask))
        if self.queue:
            for e in self.queue:
                if api.kind_of(e) != api.RELEASED:
                    self.flash_until[api.button_of(e)] = now_ms + INJECTED_LIT_MS
            ev.extend(self.queue)
            del self.queue[:]
        return ev

    def is_down(self, button):
        return self.deb.is_down(button)

    # -- what the window draws ----------------------------------------------------
    def lit(self, now):
        """Per button: held (raw or debounced), or recently pressed by a demo."""
        out = self.lit_now
        for b in range(api.NUM_BUTTONS):
            out[b] = self.raw(b) or self.deb.is_down(b) or now < self.flash_until[b]
        return out

    def keys_held(self):
        return self.keyboard
