"""The 8 WS2812 LEDs: colours set by the app, brightness applied when shown.

Wraps a `neopixel.NeoPixel` (the rp2 port bit-bangs it with machine.bitstream,
timed by SysTick with interrupts off: about 0.25 ms for 8 LEDs; no PIO). The colours the
app sets are kept unscaled in `_raw`; `show()` writes them, scaled by
`brightness` (0-255) through a 256-entry table rebuilt only when brightness
changes, straight into the NeoPixel's own byte buffer in the strip's colour
order (GRB for WS2812), then calls write(). Going through `np.buf` instead of
`np[i] = (r, g, b)` is what keeps show() free of tuple allocations.
Scaling is v * brightness // 255, as the simulator's LEDs do.

Dark LEDs still draw about 1 mA each (the WS2812's controller), so the board switches
the strip's supply (`power`, a Pin driving the switch on board/pins.py's LED_POWER; None
without one): a show() that lights something powers the strip first, and one that
leaves every LED dark writes the dark frame and cuts the power. An unpowered strip gets
no data (pulses on DIN would feed it through its input's protection diode).
"""


class Leds:
    def __init__(self, np, n, power=None, sleep_ms=None):
        self.power = power
        self.powered = power is None
        self._sleep_ms = sleep_ms
        self.np = np
        self.n = n
        self.brightness = 255
        self._raw = bytearray(3 * n)  # r, g, b per LED, as set
        order = getattr(np, "ORDER", (1, 0, 2, 3))
        bpp = getattr(np, "bpp", 3)
        self._dest = bytearray(3 * n)  # index into np.buf for each byte of _raw
        for i in range(n):
            for k in range(3):
                self._dest[3 * i + k] = i * bpp + order[k]
        self._table = bytearray(256)
        self._table_for = -1

    def set(self, i, r, g, b):
        raw = self._raw
        j = 3 * i
        raw[j] = r
        raw[j + 1] = g
        raw[j + 2] = b

    def fill(self, r, g, b):
        raw = self._raw
        for j in range(0, 3 * self.n, 3):
            raw[j] = r
            raw[j + 1] = g
            raw[j + 2] = b

    def _build_table(self, level):
        if level < 0:
            level = 0
        elif level > 255:
            level = 255
        t = self._table
        for v in range(256):
            t[v] = v * level // 255
        self._table_for = self.brightness

    def show(self):
        if self.brightness != self._table_for:
            self._build_table(self.brightness)
        t = self._table
        raw = self._raw
        dest = self._dest
        buf = self.np.buf
        lit = 0
        for j in range(3 * self.n):
            v = t[raw[j]]
            buf[dest[j]] = v
            lit |= v
        power = self.power
        if power is None:
            self.np.write()
        elif lit:
            if not self.powered:
                power(1)
                self.powered = True
                if self._sleep_ms is not None:
                    self._sleep_ms(1)   # the strip's supply and its controllers come up
            self.np.write()
        elif self.powered:
            self.np.write()
            power(0)
            self.powered = False
