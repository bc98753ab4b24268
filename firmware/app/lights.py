"""The 8 RGB LEDs: brightness from settings, and a few animations the app ticks each frame.

Screens set a pattern (off, a colour per LED, a countdown, a flash, a chase)
and update(now) renders it; LED writes only happen when something changed.
"""

from micropython import const

_OFF = const(0)
STATIC = 1
FLASH = 2
CHASE = 3


class Lights:
    def __init__(self, leds, settings):
        self.leds = leds
        self.settings = settings
        self.mode = _OFF
        self.colors = [(0, 0, 0)] * leds.n
        self.color = (0, 0, 0)
        self.start = 0
        self.period = 250
        self.until = 0
        self.phase = -1
        self.apply_brightness()

    def apply_brightness(self):
        self.leds.brightness = self.settings.get("led") * 255 // 100
        self.phase = -1  # force a rewrite

    def off(self):
        self.mode = _OFF
        self.phase = -1

    def show_colors(self, colors):
        """One colour per LED (a list of (r, g, b)); shorter lists leave the rest dark."""
        for i in range(self.leds.n):
            self.colors[i] = colors[i] if i < len(colors) else (0, 0, 0)
        self.mode = STATIC
        self.phase = -1

    def flash(self, color, now, duration=1500, period=200):
        self.mode = FLASH
        self.color = color
        self.start = now
        self.period = period
        self.until = now + duration
        self.phase = -1

    def chase(self, color, now, period=90):
        self.mode = CHASE
        self.color = color
        self.start = now
        self.period = period
        self.phase = -1

    def update(self, now):
        mode = self.mode
        leds = self.leds
        if mode == _OFF or mode == STATIC:
            phase = 0
        else:
            phase = (now - self.start) // self.period
            if mode == FLASH and now >= self.until:
                self.mode = _OFF
                mode = _OFF
                phase = 0
        if phase == self.phase:
            return
        self.phase = phase
        if mode == _OFF:
            leds.fill(0, 0, 0)
        elif mode == STATIC:
            for i in range(leds.n):
                r, g, b = self.colors[i]
                leds.set(i, r, g, b)
        elif mode == FLASH:
            if phase % 2 == 0:
                r, g, b = self.color
                leds.fill(r, g, b)
            else:
                leds.fill(0, 0, 0)
        else:
            r, g, b = self.color
            lit = phase % leds.n
            for i in range(leds.n):
                if i == lit:
                    leds.set(i, r, g, b)
                else:
                    leds.set(i, r // 12, g // 12, b // 12)
        leds.show()
