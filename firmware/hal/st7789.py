"""ST7789 display driver for the Waveshare Pico-LCD-1.3 (240x240 IPS panel on SPI).

Owns the panel: the reset and init sequence, a full-frame RGB565 buffer that
the app draws into (`.buf`, 115,200 bytes, and `.fb`, a framebuf.FrameBuffer
over it), `show()` pushing that buffer to the panel and `backlight(percent)`.
The SPI bus, the control pins and the backlight PWM are built by hal/pico.py
(or by tests, from fakes) and passed in.

Panel setup: the controller's memory is 240x320; this 240x240 glass sits at
its top-left, so the orientation used here needs no row/column offset.
MADCTL 0x70 (row/column exchange + column mirror + bottom-to-top refresh) gives
the landscape orientation Waveshare's demo uses: (0, 0) top-left with the
joystick on the left and the keys on the right. COLMOD 0x05 selects 16-bit
RGB565 pixels; the panel needs display inversion on (INVON) to show true
colours. SPI mode 0.

Byte order: the panel takes each RGB565 pixel big-endian (high byte first),
while MicroPython's framebuf stores RGB565 pixels little-endian. Rather than
swapping 115,200 bytes every frame, the app passes byte-swapped colours, so
the buffer already holds panel order and show() is one plain SPI write:
`color565(r, g, b)` returns such a swapped value (the simulator decodes the
same buffer the same way, so pixels are byte-identical on both).

Frame push time = 115,200 bytes * 8 bits / SPI baudrate:
    24 MHz   (MicroPython >= 1.24 default: clk_peri 48 MHz / 2)  -> 38.4 ms
    62.5 MHz (clk_peri = clk_sys = 125 MHz / 2, set by hal/pico.py) -> 14.7 ms
62.5 MHz is also the ST7789's fastest write clock (16 ns cycle). At 24 MHz a
full push alone would overrun a 33 ms (30 fps) frame, hence the clock setup.
"""

import time

import framebuf
from micropython import const

WIDTH = const(240)
HEIGHT = const(240)
FRAME_BYTES = const(115200)  # WIDTH * HEIGHT * 2

SWRESET = const(0x01)
SLPOUT = const(0x11)
NORON = const(0x13)
INVON = const(0x21)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

_WINDOW = b"\x00\x00\x00\xef"  # 0 .. 239, for both CASET and RASET

# (command, parameter bytes, delay in ms after it)
INIT_SEQUENCE = (
    (SWRESET, b"", 150),
    (SLPOUT, b"", 120),  # the charge pumps need 120 ms before the next sleep command
    (MADCTL, b"\x70", 0),
    (COLMOD, b"\x05", 0),
    # Power, porch and gamma settings for this panel (Waveshare's values).
    (0xB2, b"\x0c\x0c\x00\x33\x33", 0),  # PORCTRL
    (0xB7, b"\x35", 0),  # GCTRL
    (0xBB, b"\x19", 0),  # VCOMS
    (0xC0, b"\x2c", 0),  # LCMCTRL
    (0xC2, b"\x01", 0),  # VDVVRHEN
    (0xC3, b"\x12", 0),  # VRHS
    (0xC4, b"\x20", 0),  # VDVS
    (0xC6, b"\x0f", 0),  # FRCTRL2: 60 Hz
    (0xD0, b"\xa4\xa1", 0),  # PWCTRL1
    (0xE0, b"\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23", 0),  # PVGAMCTRL
    (0xE1, b"\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23", 0),  # NVGAMCTRL
    (INVON, b"", 0),
    (NORON, b"", 10),
    (CASET, _WINDOW, 0),
    (RASET, _WINDOW, 0),
)


def swap16(c):
    return ((c & 0xFF) << 8) | ((c >> 8) & 0xFF)


def color565(r, g, b):
    """RGB888 -> the byte-swapped RGB565 value to draw with, so the buffer is panel-ready."""
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | ((b & 0xFF) >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)


class ST7789:
    def __init__(self, spi, dc, cs, rst, backlight_pwm, sleep_ms=None):
        self.width = WIDTH
        self.height = HEIGHT
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.bl = backlight_pwm
        self._sleep_ms = sleep_ms if sleep_ms is not None else time.sleep_ms
        self._cmd = bytearray(1)
        self.buf = bytearray(FRAME_BYTES)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.RGB565)
        self.level = 0
        self.backlight(0)
        self.init()

    def _command(self, cmd, data=b""):
        self._cmd[0] = cmd
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        if data:
            self.dc(1)
            self.spi.write(data)
        self.cs(1)

    def init(self):
        """Hardware reset, the init sequence, a black frame, then display on."""
        self.cs(1)
        self.dc(1)
        self.rst(1)
        self._sleep_ms(5)
        self.rst(0)
        self._sleep_ms(20)
        self.rst(1)
        self._sleep_ms(120)
        for cmd, data, ms in INIT_SEQUENCE:
            self._command(cmd, data)
            if ms:
                self._sleep_ms(ms)
        self.show()  # the panel RAM powers up as noise; clear it before it is visible
        self._command(DISPON)
        self._sleep_ms(20)

    def show(self):
        """Pushes the whole buffer: RAMWR then 115,200 bytes in one SPI write."""
        cmd = self._cmd
        cmd[0] = RAMWR
        self.cs(0)
        self.dc(0)
        self.spi.write(cmd)
        self.dc(1)
        self.spi.write(self.buf)
        self.cs(1)

    def backlight(self, percent):
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self.level = percent
        self.bl.duty_u16(percent * 65535 // 100)
