"""ST7789 display driver for the Waveshare Pico-LCD-1.3 (240x240 IPS panel on SPI).

Owns the panel: the reset and init sequence, the indexed-colour frame the app
draws into (hal/api.py's display contract), `set_palette(rgb)`, `show()`
pushing the frame to the panel and `backlight(percent)`. The SPI bus, the
control pins and the backlight PWM are built by hal/pico.py (or by tests, from
fakes) and passed in.

Panel setup: the controller's memory is 240x320; this 240x240 glass sits at
its top-left, so the orientation used here needs no row/column offset.
MADCTL 0x70 (row/column exchange + column mirror + bottom-to-top refresh) gives
the landscape orientation Waveshare's demo uses: (0, 0) top-left with the
joystick on the left and the keys on the right. COLMOD 0x05 selects 16-bit
RGB565 pixels; the panel needs display inversion on (INVON) to show true
colours. SPI mode 0.

The frame: `.buf` holds one byte per pixel, an index into a 256-colour
palette (`.fb` is a framebuf GS8 FrameBuffer over it). `set_palette(rgb)`
takes 768 bytes (256 x r, g, b), keeps them as `.palette` and converts them
once into `_pal`, a 256x1 RGB565 FrameBuffer of panel colours. Until the app
sets one, the palette is a grey ramp (index i = grey i; index 0 black, so the
frame cleared at init is black).

Byte order: the panel takes each RGB565 pixel big-endian (high byte first),
while framebuf stores RGB565 little-endian. The palette therefore holds
byte-swapped values (`color565()`), so every pixel lands in panel order and
the strips below go out as they are, with no swapping per frame.

show(): RAMWR, then the frame in strips of STRIP_ROWS rows. Each strip is
converted into `_strip`, each palette index looked up in `_pal` (RGB565, panel
byte order), by `convert` (CONVERT_SOURCE, a viper loop compiled at start-up)
where the runtime has a native emitter, else by framebuf's palette blit
(`strip_fb.blit(fb, 0, -y, -1, pal)`, C code that visits only the strip's rows);
both give the same bytes. Then one spi.write sends the strip. CS stays low for
the whole frame; the panel's write pointer simply continues. Nothing is
allocated per frame.

Strip height 8: 30 strips of 3,840 bytes. Each strip has a fixed cost, two
method calls with their argument handling and the SPI transfer set-up:
~7 us under the WebAssembly port, so ~30-90 us on a Pico, ~1-3 ms a frame
for 30 strips. 16 rows would save about half of that for another 3,840 bytes
of heap, the scarcer resource (the app must fit 150 KB); 4 rows would add as
much again. 8 divides 240, so every strip is full.

RAM, frame path: 57,600 (frame) + 3,840 (strip) + 512 (RGB565 palette)
= 61,952 bytes, plus the 768-byte `.palette` copy, against 115,200 for the
RGB565 frame buffer before: 52,480 bytes less, and the largest single block
needed falls from 115,200 to 57,600 bytes.

Push time, measured on the emulated RP2040 (`make bench`, bench/results/device.json),
RAMWR to the last byte, the same on every screen: 43.5 ms with the viper loop,
80.4 ms with the blit.
  * SPI: 115,200 bytes on the wire = 14.7 ms at 62.5 MHz (clk_peri = clk_sys =
    125 MHz / 2, set by hal/pico.py; 38.4 ms at the 24 MHz default). 62.5 MHz
    is also the ST7789's fastest write clock (16 ns cycle).
  * Conversion: the rest. The blit needs about 65 ms a frame (~140 cycles a
    pixel: three calls through framebuf's format table, the key test, the
    strips' fixed cost), the viper loop about 29 ms (~60 cycles). The estimate
    before the emulator was 16-32 ms for the blit; a real Pico adds flash-cache
    misses on top (not modelled).
  * machine.SPI.write blocks, so conversion and transfer add up. Overlapping
    them (rp2.DMA feeding SPI from one strip while the next is converted into a
    second strip buffer) would save up to the 14.7 ms of SPI for another 3,840
    bytes.
"""

import time

import framebuf
from micropython import const

WIDTH = const(240)
HEIGHT = const(240)
FRAME_BYTES = const(57600)  # WIDTH * HEIGHT: one palette index per pixel
PUSH_BYTES = const(115200)  # WIDTH * HEIGHT * 2: RGB565 on the wire
PALETTE_SIZE = const(256)
PALETTE_BYTES = const(768)  # 256 x r, g, b
STRIP_ROWS = const(8)
STRIP_BYTES = const(3840)  # WIDTH * STRIP_ROWS * 2
STRIP_PIXELS = const(1920)  # WIDTH * STRIP_ROWS

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


# The palette conversion as a viper loop: one byte load, one halfword load and one
# halfword store a pixel, where framebuf's blit makes three calls through its format
# table (on the emulated RP2040: ~9 ms a frame instead of ~65). The palette's entries
# are already in panel byte order, so the strip gets the same bytes either way. Compiled
# at run time (mpy-cross without -march rejects viper); where there is no native
# emitter (the WebAssembly port, CPython) the blit is used.
CONVERT_SOURCE = """
@micropython.viper
def convert(src, start: int, n: int, pal, dst):
    s = ptr8(src)
    p = ptr16(pal)
    d = ptr16(dst)
    i = 0
    while i < n:
        d[i] = p[s[start + i]]
        i += 1
"""


def compile_convert():
    """convert(src, start, n, pal, dst) from CONVERT_SOURCE, or None where it cannot run
    (or gives other bytes than the blit on a known answer)."""
    try:
        import micropython
        namespace = {"micropython": micropython}
        exec(CONVERT_SOURCE, namespace)
        fn = namespace["convert"]
        dst = bytearray(4)
        fn(b"\x07\x01\x00", 1, 2, b"\x34\x12\x78\x56", dst)  # type: ignore[operator]
        if bytes(dst) != b"\x78\x56\x34\x12":
            return None
        return fn
    except Exception:  # no native emitter (SyntaxError), CPython's stand-in, ...
        return None


def swap16(c):
    return ((c & 0xFF) << 8) | ((c >> 8) & 0xFF)


def color565(r, g, b):
    """RGB888 -> the byte-swapped RGB565 value framebuf stores in panel order (the palette's)."""
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | ((b & 0xFF) >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)


def grey_ramp():
    """The palette before the app sets one: index i is grey level i (0 black, 255 white)."""
    rgb = bytearray(PALETTE_BYTES)
    for i in range(PALETTE_SIZE):
        rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = i
    return rgb


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
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.GS8)
        self._strip = bytearray(STRIP_BYTES)
        self._strip_fb = framebuf.FrameBuffer(self._strip, WIDTH, STRIP_ROWS, framebuf.RGB565)
        self._pal = bytearray(2 * PALETTE_SIZE)
        self._pal_fb = framebuf.FrameBuffer(self._pal, PALETTE_SIZE, 1, framebuf.RGB565)
        self.palette = b""
        self._convert = compile_convert()
        self.set_palette(grey_ramp())
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

    def set_palette(self, rgb):
        """rgb: 768 bytes, 256 x (r, g, b). Converted once to the panel's RGB565 for show()."""
        if len(rgb) != PALETTE_BYTES:
            raise ValueError("a palette is 256 r, g, b triples")
        pal = self._pal_fb
        for i in range(PALETTE_SIZE):
            k = 3 * i
            pal.pixel(i, 0, color565(rgb[k], rgb[k + 1], rgb[k + 2]))
        self.palette = bytes(rgb)

    def show(self):
        """Pushes the frame: RAMWR, then 30 strips of 8 rows converted through the palette
        (viper loop or blit), CS low throughout (115,200 bytes on the wire). Allocates
        nothing."""
        cmd = self._cmd
        cmd[0] = RAMWR
        spi = self.spi
        fb = self.fb
        strip = self._strip
        strip_fb = self._strip_fb
        pal = self._pal_fb
        convert = self._convert
        self.cs(0)
        self.dc(0)
        spi.write(cmd)
        self.dc(1)
        if convert is not None:
            buf = self.buf
            pal_bytes = self._pal
            for start in range(0, FRAME_BYTES, STRIP_PIXELS):
                convert(buf, start, STRIP_PIXELS, pal_bytes, strip)
                spi.write(strip)
        else:
            for y in range(0, HEIGHT, STRIP_ROWS):
                strip_fb.blit(fb, 0, -y, -1, pal)
                spi.write(strip)
        self.cs(1)

    def backlight(self, percent):
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self.level = percent
        self.bl.duty_u16(percent * 65535 // 100)
