"""Button debouncing and auto-repeat: raw pressed states in, api events out.

Pure logic with no pins and no clock, so the device (hal/pico.py reads the 9
GPIOs) and the simulator (keyboard and mouse states) share it. Each frame the
owner calls `update(now_ms, raw_mask)`, bit b of raw_mask set while button b
is physically down, and gets back a list of `api.event(kind, button)` ints;
the list is reused, so read it before the next update.

Policy:
- Debounce by lockout: a change of a button's raw state is accepted at once
  (no added latency) when the button has been stable for `debounce_ms` since
  its last accepted change; changes inside that window are contact bounce and
  are ignored. A change still there when the window ends is accepted then, so
  a tap shorter than the window still gives PRESSED then RELEASED. Events for
  one button therefore always alternate PRESSED, RELEASED, PRESSED, ...
- Auto-repeat: a held button gives REPEAT `repeat_delay_ms` after PRESSED and
  then every `repeat_ms`, only between its PRESSED and RELEASED. At most one
  REPEAT per button per update, counted from when it was sent, so a stalled
  frame never releases a burst of repeats.
- The joystick directions and keys A B X Y repeat; the joystick centre PRESS
  does not (it confirms, and a held confirm must not fire twice). Pass another
  `repeat_mask` to change that.
- Time goes through the `ticks_diff` given (time.ticks_diff on the device, so
  the 2**30 ms wraparound of ticks_ms is handled); the default is plain
  subtraction, for clocks that do not wrap (the simulator's).

The hot path allocates nothing: the event list is cleared in place and the
per-button state lives in preallocated lists and int bitmasks.
"""

from micropython import const

from hal import api

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)
# All nine buttons except PRESS (bit 4).
REPEAT_MASK = const(0x1EF)

_PRESSED = const(1 << 4)  # api.event(api.PRESSED, 0)
_RELEASED = const(2 << 4)
_REPEAT = const(3 << 4)


def plain_diff(a, b):
    return a - b


class Debouncer:
    def __init__(self, n=api.NUM_BUTTONS, ticks_diff=plain_diff, debounce_ms=DEBOUNCE_MS,
                 repeat_delay_ms=REPEAT_DELAY_MS, repeat_ms=REPEAT_MS, repeat_mask=REPEAT_MASK):
        self.n = n
        self.ticks_diff = ticks_diff
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_mask = repeat_mask
        self.events = []
        self.stable = 0  # bitmask of buttons debounced as down
        self._locked = 0  # bitmask of buttons inside their debounce window
        self._changed_at = [0] * n
        self._repeat_from = [0] * n
        self._repeat_wait = [0] * n

    def is_down(self, button):
        return (self.stable >> button) & 1 == 1

    def update(self, now, raw):
        """Feeds the raw pressed states at time `now` (ms); returns the reused event list."""
        ev = self.events
        if ev:
            ev.clear()
        stable = self.stable
        changed = stable ^ raw
        locked = self._locked
        if not (changed | locked | (stable & self.repeat_mask)):
            return ev  # the usual frame: nothing pressed, nothing settling
        diff = self.ticks_diff
        changed_at = self._changed_at
        for b in range(self.n):
            bit = 1 << b
            if locked & bit:
                if diff(now, changed_at[b]) < self.debounce_ms:
                    continue
                locked &= ~bit
            if changed & bit:
                stable ^= bit
                locked |= bit
                changed_at[b] = now
                if stable & bit:
                    ev.append(_PRESSED | b)
                    self._repeat_from[b] = now
                    self._repeat_wait[b] = self.repeat_delay_ms
                else:
                    ev.append(_RELEASED | b)
            elif stable & bit & self.repeat_mask:
                if diff(now, self._repeat_from[b]) >= self._repeat_wait[b]:
                    ev.append(_REPEAT | b)
                    self._repeat_from[b] = now
                    self._repeat_wait[b] = self.repeat_ms
        self.stable = stable
        self._locked = locked
        return ev
