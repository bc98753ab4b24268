"""ST7789 display driver for the Waveshare Pico-LCD-1.3 (240x240 IPS panel on SPI).

Owns the panel: the reset and init sequence, the indexed-colour frame the app
draws into (hal/api.py's display contract), `set_palette(rgb)`, `show()`
pushing what changed to the panel and `backlight(percent)`. The SPI bus, the
control pins and the backlight PWM are built by hal/pico.py (or by tests, from
fakes) and passed in, with the DMA channel where there is one.

Panel setup: the controller's memory is 240x320; this 240x240 glass sits at
its top-left, so the orientation used here needs no row/column offset.
MADCTL 0x70 (row/column exchange + column mirror + bottom-to-top refresh) gives
the landscape orientation Waveshare's demo uses: (0, 0) top-left with the
joystick on the left and the keys on the right; CASET then selects columns
(x) and RASET rows (y). COLMOD 0x05 selects 16-bit RGB565 pixels; the panel
needs display inversion on (INVON) to show true colours. SPI mode 0.

The frame: `.buf` holds one byte per pixel, an index into a 256-colour
palette (`.fb` is a framebuf GS8 FrameBuffer over it). `set_palette(rgb)`
takes 768 bytes (256 x r, g, b), keeps them as `.palette` and converts them
once into `_pal`, 256 RGB565 panel colours. Until the app sets one, the
palette is a grey ramp (index i = grey i; index 0 black).

Byte order: the panel takes each RGB565 pixel big-endian (high byte first),
while framebuf stores RGB565 little-endian. The palette therefore holds
byte-swapped values (`color565()`), so the converted bytes go out as they are.

show() pushes only what changed, in one CS-low transaction a frame:
  * Where hal/kernels.py's Thumb loops run (the Pico), `tile_diff` hashes the
    frame's 450 tiles of 16x8 pixels and marks the ones that differ from the
    last push; each run of 8-row strips with changed tiles becomes one window
    (CASET/RASET over the union of its changed columns, RAMWR). A cursor move
    pushes two rows of a list, a rolling die its own square; a new screen
    pushes everything. A new palette or the first frame pushes the whole frame.
  * A window goes out in chunks of up to 1,920 bytes through two halves of the
    strip buffer: `convert` turns the next chunk's indices into RGB565 while DMA
    feeds SPI the previous one (rp2.DMA on SPI1's TX DREQ), so a full frame
    costs about what the wire does.
  * Without the Thumb loops (CPython, tests' fakes) or without DMA, the same
    windows go out with spi.write; without the loops every push is the whole
    frame, converted by framebuf's palette blit in 8-row strips (C code that
    gives the same bytes).

Figures, measured on the emulated RP2040 (`make bench`, bench/results/device.json)
with SPI at 62.5 MHz (clk_peri = clk_sys = 125 MHz / 2, set by hal/pico.py; the
ST7789's fastest write clock): a whole frame is 115,200 bytes, 14.7 ms on the
wire; converting it costs 7.8 ms in Thumb (framebuf's blit: 65 ms, a viper loop:
29 ms); hashing the tiles 0.8 ms. machine.SPI.write blocks, so without DMA
conversion and transfer add up.

RAM: 57,600 (frame) + 3,840 (strip) + 512 (RGB565 palette) + 1,920 (tile
hashes and masks) bytes, plus the 768-byte `.palette` copy.
"""

import time

import framebuf
from micropython import const

from hal import kernels

_WIDTH = const(240)
HEIGHT = const(240)
FRAME_BYTES = const(57600)  # 240 x 240: one palette index per pixel
PUSH_BYTES = const(115200)  # 240 x 240 x 2: RGB565 on the wire
_PALETTE_SIZE = const(256)
_PALETTE_BYTES = const(768)  # 256 x r, g, b
STRIP_ROWS = const(8)
STRIP_BYTES = const(3840)  # 240 x STRIP_ROWS x 2
_STRIP_PIXELS = const(1920)  # 240 x STRIP_ROWS
_HALF_BYTES = const(1920)  # one half of the strip buffer: a DMA chunk
_TILE_W = const(16)
_TILES = const(450)  # 15 x 30 tiles of 16 x 8 pixels
_STRIPS = const(30)
_SPI1_DR = const(0x40040008)  # SSPDR: DMA writes the bytes here
_SPI1_SR = const(0x4004000C)  # SSPSR: bit 4 = BSY (still shifting)
_DREQ_SPI1_TX = const(18)

_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_DISPOFF = const(0x28)
_NORON = const(0x13)
_INVON = const(0x21)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

_WINDOW = const(b"\x00\x00\x00\xef")  # 0 .. 239, for both _CASET and _RASET

# (command, parameter bytes, delay in ms after it)
INIT_SEQUENCE = (
    # No SWRESET: the hardware reset before this sequence resets the same registers (and
    # SWRESET would cost another 120-150 ms of waiting).
    (_SLPOUT, b"", 5),  # commands may follow after 5 ms; _DISPON waits for the full 120
    (_MADCTL, b"\x70", 0),
    (_COLMOD, b"\x05", 0),
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
    (_INVON, b"", 0),
    (_NORON, b"", 10),
    (_CASET, _WINDOW, 0),
    (_RASET, _WINDOW, 0),
)


def swap16(c):
    return ((c & 0xFF) << 8) | ((c >> 8) & 0xFF)


def color565(r, g, b):
    """RGB888 -> the byte-swapped RGB565 value framebuf stores in panel order (the palette's)."""
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | ((b & 0xFF) >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)


def grey_ramp():
    """The palette before the app sets one: index i is grey level i (0 black, 255 white)."""
    rgb = bytearray(_PALETTE_BYTES)
    for i in range(_PALETTE_SIZE):
        rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = i
    return rgb


class ST7789:
    def __init__(self, spi, dc, cs, rst, backlight_pwm, sleep_ms=None, dma=None):
        """dma: an rp2.DMA channel for SPI1's transmit side, or None (spi.write only)."""
        self.width = _WIDTH
        self.height = HEIGHT
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.bl = backlight_pwm
        self._sleep_ms = sleep_ms if sleep_ms is not None else time.sleep_ms
        self._cmd = bytearray(1)
        self._span = bytearray(4)  # _CASET / _RASET parameters
        self.buf = bytearray(FRAME_BYTES)
        self.fb = framebuf.FrameBuffer(self.buf, _WIDTH, HEIGHT, framebuf.GS8)
        self._strip = bytearray(STRIP_BYTES)
        self._strip_fb = framebuf.FrameBuffer(self._strip, _WIDTH, STRIP_ROWS, framebuf.RGB565)
        self._pal = bytearray(2 * _PALETTE_SIZE)
        self._pal_fb = framebuf.FrameBuffer(self._pal, _PALETTE_SIZE, 1, framebuf.RGB565)
        self.palette = b""
        self._whole = True  # the next push sends the whole frame
        self.pushes = 0  # transactions sent (a frame that changed nothing sends none)
        self._fast = kernels.load()
        if self._fast:
            self._setup_fast(dma)
        self.set_palette(grey_ramp())
        self.level = 0
        self.asleep = False
        self.backlight(0)
        self.init()

    def _setup_fast(self, dma):
        from array import array
        import uctypes
        addr = uctypes.addressof
        self._hashes = array("I", [0] * _TILES)
        self._masks = array("I", [0] * _STRIPS)
        self._tile_k = kernels.tile_constants(array)
        self._job = array("i", [_WIDTH, 1, _WIDTH])  # convert: width, rows, source stride
        # the addresses the loops take (buffers never move: MicroPython's heap does not
        # compact)
        self._a = array("I", [addr(self.buf), addr(self._strip), addr(self._pal),
                              addr(self._job), addr(self._hashes), addr(self._masks),
                              addr(self._tile_k)])
        self._dma = dma
        if dma is not None:
            import machine
            self._mem32 = machine.mem32
            self._dma_regs = dma.registers  # READ_ADDR 0, AL1_CTRL 4, AL3 count 14 / read 15
            dma.config(write=_SPI1_DR, count=0,
                       ctrl=dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                          treq_sel=_DREQ_SPI1_TX))

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
        """Hardware reset, the init sequence, a black frame, then display on.

        The datasheet's waits: a reset pulse of at least 10 us, then up to 120 ms before
        the first command (when the reset came while the panel was awake); 5 ms after
        SLPOUT before other commands, and the supply voltages settle in the 120 ms after
        it, so DISPON comes once the waits since SLPOUT add up to 120 ms (the frame's
        push only adds to that)."""
        self.cs(1)
        self.dc(1)
        self.rst(1)
        self._sleep_ms(1)
        self.rst(0)
        self._sleep_ms(1)
        self.rst(1)
        self._sleep_ms(120)
        since_slpout = -1  # ms waited since _SLPOUT (-1: not sent yet)
        for cmd, data, ms in INIT_SEQUENCE:
            self._command(cmd, data)
            if cmd == _SLPOUT:
                since_slpout = 0
            if ms:
                self._sleep_ms(ms)
                if since_slpout >= 0:
                    since_slpout += ms
        self._whole = True
        self.show()  # the panel RAM powers up as noise; clear it before it is visible
        if since_slpout < 120:
            self._sleep_ms(120 - since_slpout)
        self._command(_DISPON)

    def set_palette(self, rgb):
        """rgb: 768 bytes, 256 x (r, g, b). Converted once to the panel's RGB565 for show()."""
        if len(rgb) != _PALETTE_BYTES:
            raise ValueError("a palette is 256 r, g, b triples")
        pal = self._pal_fb
        for i in range(_PALETTE_SIZE):
            k = 3 * i
            pal.pixel(i, 0, color565(rgb[k], rgb[k + 1], rgb[k + 2]))
        self.palette = bytes(rgb)
        self._whole = True  # same indices, other colours: everything must go again

    def show(self):
        """Pushes what changed since the last push (all of it after a new palette), in
        one transaction; nothing goes out when nothing changed. Allocates nothing."""
        if not self._fast:
            self._push_blit()
            return
        a = self._a
        masks = self._masks
        kernels.tile_diff(a[0], a[4], a[5], a[6])  # always: it keeps the hashes current
        if self._whole:
            self._whole = False
            for i in range(_STRIPS):
                masks[i] = 0x7FFF
        started = False
        y = 0
        while y < _STRIPS:
            m = masks[y]
            if not m:
                y += 1
                continue
            end = y + 1
            while end < _STRIPS and masks[end]:
                m |= masks[end]
                end += 1
            lo = 0
            while not (m >> lo) & 1:
                lo += 1
            hi = 14
            while not (m >> hi) & 1:
                hi -= 1
            if not started:
                self.cs(0)
                started = True
            self._window(lo * _TILE_W, (hi + 1) * _TILE_W - 1, y * STRIP_ROWS,
                         end * STRIP_ROWS - 1)
            y = end
        if started:
            self.cs(1)
            self.pushes += 1

    def _set(self, cmd, first, last):
        span = self._span
        span[0] = first >> 8
        span[1] = first & 0xFF
        span[2] = last >> 8
        span[3] = last & 0xFF
        self._cmd[0] = cmd
        self.dc(0)
        self.spi.write(self._cmd)
        self.dc(1)
        self.spi.write(span)

    def _window(self, x0, x1, y0, y1):
        """One window of the frame out: CASET, RASET, RAMWR, then its pixels in chunks of
        whole rows (at most HALF_BYTES), converted into alternate halves of the strip."""
        self._set(_CASET, x0, x1)
        self._set(_RASET, y0, y1)
        cmd = self._cmd
        cmd[0] = _RAMWR
        self.dc(0)
        self.spi.write(cmd)
        self.dc(1)
        w = x1 - x0 + 1
        per = _HALF_BYTES // (2 * w)  # rows a chunk
        a = self._a
        job = self._job
        job[0] = w
        src = a[0] + y0 * _WIDTH + x0
        strip = a[1]
        pal = a[2]
        jaddr = a[3]
        dma = self._dma
        regs = self._dma_regs if dma is not None else None
        half = 0
        rows = y1 - y0 + 1
        while rows > 0:
            n = per if rows > per else rows
            job[1] = n
            dst = strip + half
            kernels.convert(src, dst, pal, jaddr)
            nbytes = 2 * w * n
            if regs is not None:
                while regs[4] & 0x1000000:  # BUSY: the other half is still going out
                    pass
                regs[14] = nbytes
                regs[15] = dst  # AL3_READ_ADDR_TRIG: starts the transfer
            else:
                self.spi.write(memoryview(self._strip)[half:half + nbytes])
            src += n * _WIDTH
            rows -= n
            half = _HALF_BYTES - half
        if regs is not None:
            while regs[4] & 0x1000000:
                pass
            mem32 = self._mem32
            while mem32[_SPI1_SR] & 0x10:  # the last bytes still shifting out: DC must wait
                pass

    def _push_blit(self):
        """The whole frame, converted by framebuf's palette blit in 8-row strips (the path
        where the Thumb loops do not run: the window stays the whole panel)."""
        cmd = self._cmd
        strip = self._strip
        strip_fb = self._strip_fb
        fb = self.fb
        pal = self._pal_fb
        self.cs(0)
        cmd[0] = _RAMWR  # the window is the whole panel (the init sequence's, never changed)
        self.dc(0)
        self.spi.write(cmd)
        self.dc(1)
        for y in range(0, HEIGHT, STRIP_ROWS):
            strip_fb.blit(fb, 0, -y, -1, pal)
            self.spi.write(strip)
        self.cs(1)
        self.pushes += 1

    def sleep(self):
        """The idle sleep (app.power): backlight off, display off, the controller asleep
        (its RAM keeps the frame, so wake() shows it again without a push)."""
        self.bl.duty_u16(0)
        self._command(_DISPOFF)
        self._command(_SLPIN)
        self.asleep = True

    def wake(self):
        """Out of sleep(): SLPOUT, the datasheet's 5 ms before the next command, display
        on; the caller sets the backlight. (SLPIN may follow SLPOUT only 120 ms later; the
        idle sleep comes minutes after a wake.)"""
        self._command(_SLPOUT)
        self._sleep_ms(5)
        self._command(_DISPON)
        self.asleep = False

    def backlight(self, percent):
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self.level = percent
        self.bl.duty_u16(percent * 65535 // 100)
