"""The Pico drivers (st7789, leds, buzzer, pico, main) against fake `machine` and `neopixel`
modules and a recording `framebuf`: what bytes and duties the real parts would get, and which
pins are used."""
import sys
import traceback
import types

import framebuf as mp_framebuf  # simulator/mpcompat's: byte-identical to MicroPython's
import pytest

from board import pins, pin_table
from hal import api
from tests import fakepio


# -- the fakes ------------------------------------------------------------------------
class Bus:
    """One log of everything the fake hardware saw, in order."""

    def __init__(self):
        self.log = []
        self.pins = {}
        self.pwms = {}
        self.spis = []
        self.strips = []
        self.peri_hz = 48_000_000
        self.freq_accepts_two = True
        self.cpu_hz = 125_000_000


def make_machine(bus):
    m = types.ModuleType("machine")

    class Pin:
        IN, OUT, OPEN_DRAIN = 0, 1, 2
        PULL_UP, PULL_DOWN = 1, 2

        def __init__(self, gpio, mode=-1, pull=-1, *, value=None):
            self.gpio, self.mode, self.pull = gpio, mode, pull
            self.level = value if value is not None else (1 if pull == Pin.PULL_UP else 0)
            bus.pins.setdefault(gpio, []).append(self)
            bus.log.append(("pin", gpio, mode, pull))

        IRQ_FALLING, IRQ_RISING = 4, 8

        def irq(self, handler=None, trigger=12):
            self.handler, self.trigger = handler, trigger

        def tap(self):
            """Pressed and released between two polls: the falling edge's interrupt."""
            self.level = 0
            if getattr(self, "handler", None) and self.trigger & Pin.IRQ_FALLING:
                self.handler(self)
            self.level = 1

        def value(self, v=None):
            if v is None:
                return self.level
            self.level = v
            bus.log.append(("level", self.gpio, v))

        __call__ = value

    class SPI:
        def __init__(self, spi_id, baudrate=1_000_000, *, polarity=0, phase=0, bits=8,
                     firstbit=1, sck=None, mosi=None, miso=None):
            self.id, self.polarity, self.phase = spi_id, polarity, phase
            self.sck, self.mosi, self.miso = sck, mosi, miso
            self.requested = baudrate
            self.baudrate = min(baudrate, bus.peri_hz // 2)
            bus.spis.append(self)
            bus.log.append(("spi-init", spi_id, baudrate))

        def write(self, buf):
            # a copy (the display reuses its strip buffer) and which buffer it came from
            bus.log.append(("spi", bytes(buf), id(buf)))

        def __repr__(self):
            return "SPI(%d, baudrate=%d, polarity=%d, phase=%d, bits=8, sck=%d, mosi=%d, miso=None)" % (
                self.id, self.baudrate, self.polarity, self.phase, self.sck.gpio, self.mosi.gpio)

    class PWM:
        def __init__(self, pin):
            self.pin = pin
            self.hz = None
            self.duty = None
            self.bad_freq = False
            bus.pwms[pin.gpio] = self
            bus.log.append(("pwm-init", pin.gpio))

        def freq(self, hz=None):
            if hz is None:
                return self.hz
            if self.bad_freq:
                raise ValueError("freq out of range")
            self.hz = hz
            bus.log.append(("pwm-freq", self.pin.gpio, hz))

        def duty_u16(self, d=None):
            if d is None:
                return self.duty
            self.duty = d
            bus.log.append(("pwm-duty", self.pin.gpio, d))

    def freq(*args):
        if not args:
            return bus.cpu_hz
        if len(args) == 2 and not bus.freq_accepts_two:
            raise TypeError("function takes 1 positional arguments but 2 were given")
        bus.log.append(("freq",) + args)
        bus.cpu_hz = args[0]
        if len(args) == 2:
            bus.peri_hz = args[1]

    class Mem32:
        """SIO's GPIO_IN (0xD0000004): the input levels of the fake pins; other words 0."""

        def __getitem__(self, addr):
            if addr != 0xD0000004:
                return 0
            word = 0
            for gpio, made in bus.pins.items():
                if made and made[-1].level:
                    word |= 1 << gpio
            return word

    class UART:
        def __init__(self, uart_id, **kw):
            self.id, self.kw = uart_id, kw
            bus.log.append(("uart", uart_id, kw["tx"].gpio, kw["rx"].gpio, kw["baudrate"]))

        def any(self):
            return 0

        def deinit(self):
            bus.log.append(("uart-deinit", self.id))

    m.Pin, m.SPI, m.PWM, m.freq, m.mem32, m.UART = Pin, SPI, PWM, freq, Mem32(), UART
    return m


def make_neopixel(bus):
    m = types.ModuleType("neopixel")

    class NeoPixel:
        ORDER = (1, 0, 2, 3)

        def __init__(self, pin, n, bpp=3, timing=1):
            self.pin, self.n, self.bpp = pin, n, bpp
            self.buf = bytearray(n * bpp)
            self.written = []
            bus.strips.append(self)

        def write(self):
            self.written.append(bytes(self.buf))

    m.NeoPixel = NeoPixel
    return m


def make_framebuf():
    """MicroPython's framebuf (the project's CPython copy, so blit and its palette lookup are
    the device's) that also records fill() and text(). The CPython copy has no 8x8 font, so
    text() draws a line under where the glyphs would be, in the text's colour."""
    m = types.ModuleType("framebuf")
    for name in ("MONO_VLSB", "MONO_HLSB", "MONO_HMSB", "RGB565", "GS2_HMSB", "GS4_HMSB", "GS8"):
        setattr(m, name, getattr(mp_framebuf, name))

    class FrameBuffer(mp_framebuf.FrameBuffer):
        def __init__(self, buf, w, h, fmt, *stride):
            super().__init__(buf, w, h, fmt, *stride)
            self.buf, self.w, self.h, self.fmt = buf, w, h, fmt
            self.texts = []
            self.filled = None

        def fill(self, c):
            self.filled = c
            super().fill(c)

        def text(self, s, x, y, c=1):
            self.texts.append((s, x, y, c))
            self.hline(x, y + 7, 8 * len(s), c)

    m.FrameBuffer = FrameBuffer
    return m


class FakeTime:
    def __init__(self):
        self.now = 0
        self.slept = []

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b

    def sleep_ms(self, ms):
        self.slept.append(ms)
        self.now += ms

    def sleep_us(self, us):
        self.slept.append(us / 1000.0)


@pytest.fixture
def bus(monkeypatch):
    b = Bus()
    monkeypatch.setitem(sys.modules, "machine", make_machine(b))
    monkeypatch.setitem(sys.modules, "neopixel", make_neopixel(b))
    monkeypatch.setitem(sys.modules, "framebuf", make_framebuf())
    for mod in ("hal.pico", "hal.st7789"):  # re-imported against the fakes
        monkeypatch.delitem(sys.modules, mod, raising=False)
    return b


def transactions(log):
    """SPI traffic -> [(command, data bytes)], checking CS is low around every transfer."""
    out = []
    cs = dc = 1
    for entry in log:
        if entry[0] == "level" and entry[1] == pins.LCD_CS:
            cs = entry[2]
        elif entry[0] == "level" and entry[1] == pins.LCD_DC:
            dc = entry[2]
        elif entry[0] == "spi":
            assert cs == 0, "SPI write with CS high"
            if dc == 0:
                assert len(entry[1]) == 1
                out.append([entry[1][0], b""])
            else:
                out[-1][1] += bytes(entry[1])
    return [(c, d) for c, d in out]


def make_display(bus):
    import machine
    from hal.st7789 import ST7789
    Pin = machine.Pin
    spi = machine.SPI(1, baudrate=62_500_000, sck=Pin(10), mosi=Pin(11))
    bl = machine.PWM(Pin(pins.LCD_BL))
    sleeps = []
    d = ST7789(spi, dc=Pin(pins.LCD_DC, Pin.OUT, value=1), cs=Pin(pins.LCD_CS, Pin.OUT, value=1),
               rst=Pin(pins.LCD_RST, Pin.OUT, value=1), backlight_pwm=bl, sleep_ms=sleeps.append)
    return d, sleeps


def panel_bytes(indices, rgb):
    """What the panel should receive for a frame of palette indices: each pixel's palette
    colour as RGB565, high byte first."""
    table = []
    for i in range(256):
        r, g, b = rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]
        table.append(((r >> 3) << 11 | (g >> 2) << 5 | b >> 3).to_bytes(2, "big"))
    return b"".join(table[i] for i in indices)


def pixel_at(data, x, y):
    i = 2 * (y * 240 + x)
    return data[i:i + 2]


# -- ST7789 -----------------------------------------------------------------------------
def test_st7789_init_sends_the_panel_setup(bus):
    d, sleeps = make_display(bus)
    tx = transactions(bus.log)
    cmds = [c for c, _ in tx]
    assert cmds[0] == 0x11 and 0x01 not in cmds  # sleep out (the hardware reset came first)
    data = dict(tx)
    assert data[0x36] == b"\x70"  # MADCTL: the board's landscape orientation
    assert data[0x3A] == b"\x05"  # COLMOD: 16-bit RGB565
    assert 0x21 in cmds  # INVON: this IPS panel needs inversion
    assert data[0x2A] == b"\x00\x00\x00\xef" and data[0x2B] == b"\x00\x00\x00\xef"
    assert cmds[-2:] == [0x2C, 0x29]  # a cleared frame, then display on
    assert tx[-2][1] == bytes(115200)
    assert cmds.index(0x21) < cmds.index(0x29) and cmds.index(0x2A) < cmds.index(0x2C)
    # reset pulse before any command, and the datasheet waits
    levels = [e[2] for e in bus.log if e[0] == "level" and e[1] == pins.LCD_RST]
    assert levels[:3] == [1, 0, 1]
    first_spi = next(i for i, e in enumerate(bus.log) if e[0] == "spi")
    last_rst = max(i for i, e in enumerate(bus.log) if e[0] == "level" and e[1] == pins.LCD_RST)
    assert last_rst < first_spi
    # 120 ms after the reset pulse; 120 ms from SLPOUT to DISPON; under 300 ms in all
    assert sleeps[2] == 120 and sum(sleeps[3:]) >= 120 and sum(sleeps) < 260
    assert bus.pwms[pins.LCD_BL].duty == 0  # dark until the app sets the backlight


def test_st7789_frame_is_one_palette_index_per_pixel(bus):
    from hal import st7789
    d, _ = make_display(bus)
    assert len(d.buf) == 57600 == api.FRAME_BYTES == st7789.FRAME_BYTES
    assert d.fb.buf is d.buf and d.fb.fmt == mp_framebuf.GS8
    assert (d.width, d.height) == (240, 240)
    # the strip and the RGB565 palette are all the RAM the conversion needs
    assert st7789.HEIGHT % st7789.STRIP_ROWS == 0
    assert len(d._strip) == st7789.STRIP_BYTES == 240 * st7789.STRIP_ROWS * 2
    assert len(d._pal) == 512 and d._pal_fb.fmt == mp_framebuf.RGB565


def test_st7789_show_pushes_the_frame_in_strips_through_the_palette(bus):
    from hal.st7789 import STRIP_ROWS
    d, _ = make_display(bus)
    rgb = bytes((i * 7 + 3 * c * c) & 0xFF for i in range(256) for c in range(3))
    d.set_palette(rgb)
    fb = d.fb
    fb.fill(3)
    fb.fill_rect(10, 20, 50, 30, 7)
    fb.hline(0, 0, 240, 1)
    fb.vline(239, 0, 240, 200)
    for i in range(256):
        fb.pixel(i % 240, 100 + i // 240, i)
    fb.pixel(239, 239, 255)
    del bus.log[:]
    d.show()
    spi = [e for e in bus.log if e[0] == "spi"]
    assert spi[0][1] == b"\x2c"
    strips = spi[1:]
    assert len(strips) == 240 // STRIP_ROWS == 30
    assert all(len(w) == 240 * STRIP_ROWS * 2 for _, w, _ in strips)
    assert len({buf_id for _, _, buf_id in strips}) == 1  # one preallocated strip, reused
    assert transactions(bus.log) == [(0x2C, panel_bytes(d.buf, rgb))]
    # CS goes low once before RAMWR and high once after the last strip
    cs = [(i, e[2]) for i, e in enumerate(bus.log) if e[0] == "level" and e[1] == pins.LCD_CS]
    first_spi = bus.log.index(spi[0])
    last_spi = max(i for i, e in enumerate(bus.log) if e[0] == "spi")
    assert [v for _, v in cs] == [0, 1] and cs[0][0] < first_spi and cs[1][0] > last_spi
    d.show()  # the same frame again: the same bytes
    assert transactions(bus.log) == [(0x2C, panel_bytes(d.buf, rgb))] * 2


def test_st7789_set_palette_maps_colours_to_panel_order(bus):
    from hal.st7789 import color565
    d, _ = make_display(bus)
    rgb = bytearray(768)
    colours = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255),
               (0x12, 0x34, 0x56), (7, 3, 7)]
    for i, c in enumerate(colours):
        rgb[3 * i:3 * i + 3] = bytes(c)
    d.set_palette(rgb)
    assert d.palette == bytes(rgb) and isinstance(d.palette, bytes)
    rgb[3] = 0  # the display keeps its own copy
    assert d.palette[3] == 255
    # the palette holds color565()'s byte-swapped values: high byte first in memory
    assert d._pal_fb.pixel(1, 0) == color565(255, 0, 0) == 0x00F8
    assert bytes(d._pal[2:4]) == b"\xf8\x00"
    for i in range(len(colours)):
        d.fb.pixel(i, 0, i)
    del bus.log[:]
    d.show()
    data = transactions(bus.log)[-1][1]
    got = [pixel_at(data, i, 0) for i in range(len(colours))]
    assert got == [b"\x00\x00", b"\xf8\x00", b"\x07\xe0", b"\x00\x1f", b"\xff\xff",
                   b"\x11\xaa", b"\x00\x00"]  # 0x12,0x34,0x56 -> 00010 001101 01010
    for bad in (b"", bytes(767), bytes(769), bytes(256)):
        with pytest.raises(ValueError):
            d.set_palette(bad)
    assert d.palette[:6] == bytes(colours[0] + colours[1])  # a refused palette changes nothing


def test_st7789_default_palette_is_a_grey_ramp_from_black(bus):
    d, _ = make_display(bus)
    assert d.palette[:3] == b"\x00\x00\x00"  # the black frame init pushes
    assert d.palette == bytes(i for i in range(256) for _ in range(3))
    d.fb.pixel(1, 0, 255)
    d.fb.pixel(2, 0, 128)
    d.fb.pixel(3, 0, 0x50)
    del bus.log[:]
    d.show()
    data = transactions(bus.log)[-1][1]
    assert pixel_at(data, 0, 0) == b"\x00\x00" and pixel_at(data, 1, 0) == b"\xff\xff"
    assert pixel_at(data, 2, 0) == (16 << 11 | 32 << 5 | 16).to_bytes(2, "big")
    assert pixel_at(data, 3, 0) == (10 << 11 | 20 << 5 | 10).to_bytes(2, "big")


def test_st7789_backlight_duty(bus):
    d, _ = make_display(bus)
    pwm = bus.pwms[pins.LCD_BL]
    for percent, duty in ((100, 65535), (50, 32767), (0, 0), (-5, 0), (250, 65535), (1, 655)):
        d.backlight(percent)
        assert pwm.duty == duty


def test_color565_is_byte_swapped_for_the_panel(bus):
    from hal.st7789 import color565, swap16
    assert color565(255, 0, 0) == 0x00F8  # 0xF800 with its bytes swapped
    assert color565(0, 255, 0) == 0xE007
    assert color565(0, 0, 255) == 0x1F00
    assert color565(255, 255, 255) == 0xFFFF and color565(0, 0, 0) == 0
    for c in (0x1234, 0xF800, 0x07E0, 0x001F):
        assert swap16(swap16(c)) == c
        # framebuf stores RGB565 little-endian: a swapped value lands big-endian in memory
        assert swap16(c).to_bytes(2, "little") == c.to_bytes(2, "big")


# -- LEDs -------------------------------------------------------------------------------
def test_leds_scale_brightness_into_grb_order(bus):
    import neopixel
    from hal.leds import Leds
    strip = neopixel.NeoPixel(None, 8)
    leds = Leds(strip, 8)
    leds.set(0, 255, 128, 0)
    leds.set(7, 10, 20, 30)
    leds.show()
    assert strip.written[-1][:3] == bytes([128, 255, 0])  # G R B at full brightness
    leds.brightness = 128
    leds.show()
    assert strip.written[-1][:3] == bytes([128 * 128 // 255, 255 * 128 // 255, 0])
    assert strip.written[-1][21:] == bytes([20 * 128 // 255, 10 * 128 // 255, 30 * 128 // 255])
    leds.brightness = 0
    leds.show()
    assert strip.written[-1] == bytes(24)
    leds.brightness = 255
    leds.fill(1, 2, 3)
    leds.show()
    assert strip.written[-1] == bytes([2, 1, 3]) * 8
    assert leds.n == 8


def test_the_strips_supply_is_on_only_while_something_is_lit(bus):
    import machine
    import neopixel
    from hal.leds import Leds
    strip = neopixel.NeoPixel(None, 8)
    power = machine.Pin(26, machine.Pin.OUT, value=0)
    waits = []
    leds = Leds(strip, 8, power, waits.append)
    leds.show()
    assert power.level == 0 and strip.written == []   # dark and unpowered: nothing sent
    leds.set(3, 0, 0, 40)
    leds.show()
    assert power.level == 1 and waits == [1] and strip.written[-1][9:12] == bytes([0, 0, 40])
    leds.brightness = 1   # 40 * 1 // 255 = 0: lit in the app's colours, dark on the strip
    leds.show()
    assert strip.written[-1] == bytes(24) and power.level == 0   # dark frame, then cut
    n = len(strip.written)
    leds.show()
    assert len(strip.written) == n and power.level == 0
    leds.brightness = 255
    leds.show()
    assert power.level == 1 and waits == [1, 1]
    on = [e for e in bus.log if e[:2] == ("level", 26)]
    assert [e[2] for e in on] == [1, 0, 1]


def test_leds_follow_the_strips_colour_order(bus):
    import neopixel
    from hal.leds import Leds
    strip = neopixel.NeoPixel(None, 2, bpp=4)
    strip.ORDER = (0, 1, 2, 3)  # an RGBW strip in RGB order
    leds = Leds(strip, 2)
    leds.set(1, 7, 8, 9)
    leds.show()
    assert strip.written[-1] == bytes([0, 0, 0, 0, 7, 8, 9, 0])


# -- buzzer -----------------------------------------------------------------------------
def test_buzzer_duty_and_frequency(bus):
    import machine
    from hal.buzzer import MAX_HZ, MIN_HZ, Buzzer, duty_for
    pwm = machine.PWM(machine.Pin(pins.BUZZER))
    bz = Buzzer(pwm)
    assert pwm.duty == 0
    bz.tone(440, 100)
    assert (pwm.hz, pwm.duty) == (440, 32768)  # a piezo is loudest at 50% duty
    bz.tone(880, 50)
    assert (pwm.hz, pwm.duty) == (880, 8192)
    assert duty_for(10) == 327 and duty_for(0) == 0 and duty_for(150) == 32768
    n = len(bus.log)
    bz.tone(880, 50)
    assert len(bus.log) == n  # the same tone again touches nothing (no clicks)
    bz.off()
    assert pwm.duty == 0 and (bz.freq, bz.volume) == (0, 0)
    for freq, vol in ((0, 50), (-3, 50), (MIN_HZ - 1, 50), (MAX_HZ + 1, 50), (440, 0), (440, -1)):
        bz.tone(1000, 30)
        bz.tone(freq, vol)
        assert pwm.duty == 0, (freq, vol)
    bz.tone(MIN_HZ, 100)
    assert pwm.hz == MIN_HZ and pwm.duty == 32768
    pwm.bad_freq = True
    bz.tone(12345, 80)
    assert pwm.duty == 0 and bz.freq == 0


# -- PicoHal ----------------------------------------------------------------------------
def QuietSerial():
    from hal.serial_link import SerialLink

    class NoPoll:
        def poll(self, timeout):
            return []
    return SerialLink(stdin=object(), stdout=object(), poller=NoPoll(), kbd_intr=lambda c: None)


@pytest.fixture
def pico(bus, monkeypatch, tmp_path):
    import hal.pico as pico_mod
    fake_time = FakeTime()
    monkeypatch.setattr(pico_mod, "time", fake_time)
    monkeypatch.setattr(pico_mod, "SerialLink", QuietSerial)  # pytest's stdin cannot be polled
    hal = pico_mod.PicoHal(data_dir=str(tmp_path / "data"))
    return hal, pico_mod, fake_time


def test_picohal_sets_the_clocks_before_building_the_spi(bus, pico):
    hal, pico_mod, _ = pico
    freq_at = bus.log.index(("freq", 125_000_000, 125_000_000))
    first_hw = min(i for i, e in enumerate(bus.log) if e[0] in ("spi-init", "pwm-init", "pin"))
    assert freq_at < first_hw
    spi = bus.spis[0]
    assert (spi.id, spi.requested, spi.polarity, spi.phase) == (pins.LCD_SPI_ID, 62_500_000, 0, 0)
    assert (spi.sck.gpio, spi.mosi.gpio, spi.miso) == (pins.LCD_SCK, pins.LCD_MOSI, None)
    assert hal.spi_hz == 62_500_000 and hal.peri_hz == 125_000_000
    # GPIO 8 (DC) is SPI1's default MISO: the DC pin must be made after the SPI
    spi_at = next(i for i, e in enumerate(bus.log) if e[0] == "spi-init")
    assert all(i > spi_at for i, e in enumerate(bus.log) if e[:2] == ("pin", pins.LCD_DC))
    assert "SPI 62.5 MHz" in hal.version and "CPU 125 MHz" in hal.version
    assert pins.BOARD_NAME in hal.version


def test_picohal_falls_back_when_the_clock_call_is_refused(bus, monkeypatch, tmp_path):
    bus.freq_accepts_two = False
    import hal.pico as pico_mod
    monkeypatch.setattr(pico_mod, "time", FakeTime())
    monkeypatch.setattr(pico_mod, "SerialLink", QuietSerial)
    hal = pico_mod.PicoHal(data_dir=str(tmp_path))
    assert hal.peri_hz == 48_000_000 and hal.spi_hz == 24_000_000
    assert "SPI 24 MHz" in hal.version


def test_spi_baudrate_parsing(bus):  # hal.pico imports machine: the fake one
    from hal.pico import spi_baudrate
    assert spi_baudrate("SPI(1, baudrate=62500000, polarity=0)", 1) == 62500000
    assert spi_baudrate("<SPI>", 24_000_000) == 24_000_000
    assert spi_baudrate("SPI(baudrate=)", 5) == 5


def test_picohal_uses_exactly_the_pins_in_pins_py(bus, pico, monkeypatch):
    hal, _, fake_time = pico
    table = {row[0]: row[1] for row in pin_table.PIN_TABLE}
    link = {pins.LINK_A_TX, pins.LINK_A_RX, pins.LINK_B_TX, pins.LINK_B_RX, pins.LINK_C_TX,
            pins.LINK_C_RX}
    assert set(bus.pins) == set(table) - link   # the link cables open only when asked
    import hal.link_cable as link_cable
    fake_time.ticks_us = fake_time.ticks_ms
    monkeypatch.setattr(link_cable, "time", fake_time)
    fake = fakepio.make_rp2()   # LINK C: a PIO UART
    monkeypatch.setitem(sys.modules, "rp2", fake)
    monkeypatch.setitem(sys.modules, "_rp2", fake)
    monkeypatch.delitem(sys.modules, "hal.link_pio_thumb", raising=False)
    ports = hal.link_ports()                    # a guest's: LINK A and LINK B only
    assert set(bus.pins) == set(table) - {pins.LINK_C_TX, pins.LINK_C_RX}
    assert [e[1:] for e in bus.log if e[0] == "uart"] == [
        (pins.LINK_A_UART, pins.LINK_A_TX, pins.LINK_A_RX, link_cable.BAUD),
        (pins.LINK_B_UART, pins.LINK_B_TX, pins.LINK_B_RX, link_cable.BAUD)]
    assert fakepio.MACHINES == {} and len(ports) == 2
    assert hal.link_ports() is ports            # opened once
    real_time = sys.modules["time"]
    monkeypatch.setitem(sys.modules, "time", fake_time)   # LINK C's pace reads the ticks
    hosting = hal.link_ports(host=True)         # a host's: LINK C too
    monkeypatch.setitem(sys.modules, "time", real_time)
    assert set(bus.pins) == set(table)
    assert hosting[:2] == ports and len(hosting) == 3
    assert sorted(fakepio.MACHINES) == [pins.LINK_C_SM, pins.LINK_C_SM + 1]
    monkeypatch.setitem(sys.modules, "time", fake_time)
    assert hal.link_ports(host=True)[2] is hosting[2]            # open: the same LINK C
    for p in hosting:
        p.close()
    again = hal.link_ports(host=True)
    monkeypatch.setitem(sys.modules, "time", real_time)
    assert not any(p.closed for p in again)
    assert again[:2] == hosting[:2] and all(a is b for a, b in zip(again[:2], hosting))
    assert len([e for e in bus.log if e[0] == "uart"]) == 4      # each UART opened again
    assert again[2] is not hosting[2]       # a closed LINK C is dropped: a fresh one
    again[2].close()
    assert hal.link_ports() is ports and again[2].closed          # a guest leaves it shut
    monkeypatch.delitem(sys.modules, "hal.link_pio_thumb", raising=False)
    for gpio, name in table.items():
        assert getattr(pins, name) == gpio
    for b, gpio in enumerate(pins.BUTTON_PINS):
        (p,) = bus.pins[gpio]
        assert (p.mode, p.pull) == (p.IN, p.PULL_UP), api.BUTTON_NAMES[b]
    for gpio in (pins.LCD_DC, pins.LCD_CS, pins.LCD_RST):
        assert bus.pins[gpio][0].mode == 1  # OUT
    assert set(bus.pwms) == {pins.LCD_BL, pins.BUZZER}
    assert bus.pwms[pins.LCD_BL].hz == 1000
    (strip,) = bus.strips
    assert strip.pin.gpio == pins.LED_DATA and strip.n == pins.NUM_LEDS == api.NUM_LEDS
    (power,) = bus.pins[pins.LED_POWER]
    assert power.mode == power.OUT and power.level == 0  # the strip unpowered at boot
    assert strip.written == []   # and no data for an unpowered strip
    assert hal.display.width == api.WIDTH and hal.leds.n == api.NUM_LEDS


def test_pin_table_is_consistent():
    gpios = [row[0] for row in pin_table.PIN_TABLE]
    assert len(gpios) == len(set(gpios)), "a GPIO used twice"
    names = [row[1] for row in pin_table.PIN_TABLE]
    assert len(names) == len(set(names))
    assert sorted(pins.BUTTON_PINS) == sorted(g for g, n, *_ in pin_table.PIN_TABLE
                                              if n.startswith(("KEY_", "JOY_")))
    assert len(pins.BUTTON_PINS) == api.NUM_BUTTONS
    slice_of = lambda g: (g >> 1) & 7  # noqa: E731
    assert slice_of(pins.LCD_BL) != slice_of(pins.BUZZER), "backlight and buzzer share a PWM slice"
    assert "PWM %d%s" % (slice_of(pins.LCD_BL), "AB"[pins.LCD_BL & 1]) in dict(
        (r[0], r[2]) for r in pin_table.PIN_TABLE)[pins.LCD_BL]


def test_picohal_buttons_read_active_low_pins_through_the_debouncer(bus, pico):
    hal, _, t = pico
    assert list(hal.buttons.poll(0)) == []
    bus.pins[pins.KEY_A][0].level = 0
    bus.pins[pins.JOY_LEFT][0].level = 0
    got = sorted(hal.buttons.poll(5))
    assert got == sorted([api.event(api.PRESSED, api.KEY_A), api.event(api.PRESSED, api.LEFT)])
    assert hal.buttons.is_down(api.KEY_A) and not hal.buttons.is_down(api.KEY_B)
    bus.pins[pins.KEY_A][0].level = 1
    assert list(hal.buttons.poll(50)) == [api.event(api.RELEASED, api.KEY_A)]
    assert list(hal.buttons.poll(50 + 400)) == [api.event(api.REPEAT, api.LEFT)]


def test_picohal_a_tap_inside_one_long_frame_is_not_lost(bus, pico):
    hal, _, t = pico
    hal.buttons.poll(0)
    bus.pins[pins.KEY_B][0].tap()  # down and up again while the app was busy
    t.slept.clear()
    hal.wait_for_input(30)
    assert t.slept == []  # the latched press ends the wait at once
    assert list(hal.buttons.poll(100)) == [api.event(api.PRESSED, api.KEY_B)]
    assert list(hal.buttons.poll(150)) == [api.event(api.RELEASED, api.KEY_B)]
    assert list(hal.buttons.poll(200)) == []


def test_picohal_waits_for_input_until_a_button_changes(bus, pico):
    hal, _, t = pico
    hal.buttons.poll(0)
    hal.wait_for_input(20)  # nothing changes: the whole wait, 1 ms at a time
    assert t.slept[-20:] == [1] * 20 and len(t.slept) >= 20
    del t.slept[:]
    bus.pins[pins.KEY_B][0].level = 0  # pressed after the last poll: no wait at all
    hal.wait_for_input(20)
    assert t.slept == []
    hal.buttons.poll(25)
    hal.wait_for_input(5)  # the poll saw it: waiting again
    assert t.slept == [1] * 5


def test_picohal_clock_storage_serial_and_seed(bus, pico, tmp_path):
    hal, _, t = pico
    t.now = 1234
    assert hal.ticks_ms() == 1234 and hal.ticks_diff(1300, 1234) == 66
    hal.sleep_ms(10)
    assert t.slept[-1] == 10
    hal.storage.write("x", b"1")
    assert (tmp_path / "data" / "x").read_bytes() == b"1"
    seeds = {hal.random_seed() for _ in range(20)}
    assert len(seeds) > 15 and all(0 <= s < (1 << 30) for s in seeds)
    assert hasattr(hal.serial, "read_byte") and hal.buzzer.freq == 0


# -- main.py ------------------------------------------------------------------------------
class CrashHal:
    def __init__(self, bus):
        import neopixel
        from hal.leds import Leds
        self.display, _ = make_display(bus)
        self.strip = neopixel.NeoPixel(None, 8)
        self.leds = Leds(self.strip, 8)
        self.slept = []
        self.calls = []
        hal = self

        class Part:
            def __init__(self, name):
                self.name = name

            def __getattr__(self, attr):
                return lambda *a: hal.calls.append((self.name, attr) + a)
        self.buzzer = Part("buzzer")
        self.serial = Part("serial")

    def sleep_ms(self, ms):
        self.slept.append(ms)


@pytest.fixture
def main_mod(monkeypatch):
    def print_exception(exc, file=sys.stdout):  # MicroPython's, for CPython
        file.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    monkeypatch.setattr(sys, "print_exception", print_exception, raising=False)
    import main
    return main


def test_a_crash_is_shown_on_screen_and_blinks_red(bus, main_mod, capsys):
    hal = CrashHal(bus)
    try:
        raise RuntimeError("dice fell off the table")
    except RuntimeError as e:
        main_mod.report_crash(hal, e, blinks=4)
    out = capsys.readouterr().out
    assert "Traceback" in out and "dice fell off the table" in out
    fb = hal.display.fb
    assert fb.filled == main_mod.DARK_RED and fb.texts
    assert all(c == main_mod.WHITE for *_, c in fb.texts)
    # indices into the crash screen's own palette: dark red and white
    pal = hal.display.palette
    assert pal[3 * main_mod.DARK_RED:3 * main_mod.DARK_RED + 3] == bytes((160, 16, 0))
    assert pal[3 * main_mod.WHITE:3 * main_mod.WHITE + 3] == b"\xff\xff\xff"
    assert len(pal) == 768
    shown = [s for s, *_ in fb.texts]
    assert shown[0] == "Kocka crashed"
    unwrapped = "".join(s[2:] if s.startswith("  ") else s for s in shown)
    assert "RuntimeError: dice fell off the table" in unwrapped
    assert all(len(s) <= main_mod.COLS for s in shown)
    assert all(y + 8 <= 240 for _, _, y, _ in fb.texts)
    frames = hal.strip.written
    assert len(frames) == 4 and hal.slept == [300] * 4
    assert frames[0] == bytes([0, 64, 0]) * 8 and frames[1] == bytes(24)  # red (GRB), off
    assert ("buzzer", "off") in hal.calls and ("serial", "end_session") in hal.calls
    cmd, data = transactions(bus.log)[-1]  # the error frame was pushed, in panel colours
    assert cmd == 0x2C and len(data) == 115200
    assert pixel_at(data, 0, 0) == pixel_at(data, 239, 239) == b"\xa0\x80"  # (160, 16, 0)
    assert pixel_at(data, 4, 4 + 7) == b"\xff\xff"  # under "Kocka crashed"
    assert data == panel_bytes(hal.display.buf, pal)


def test_crash_screen_replaces_the_apps_palette(bus, main_mod):
    hal = CrashHal(bus)
    hal.display.set_palette(bytes(range(256)) * 3)
    main_mod.report_crash(hal, ValueError("x"), blinks=0)
    assert hal.display.palette == bytes(main_mod.crash_palette())
    assert main_mod.crash_palette()[:6] == bytes((160, 16, 0, 255, 255, 255))
    assert main_mod.crash_palette()[6:] == bytes(762)


def test_screen_lines_wrap_and_keep_the_end():
    import main
    lines = main.screen_lines("x" * 70 + "\n\n" + "\n".join("line %d" % i for i in range(40)))
    assert len(lines) == main.ROWS and lines[-1] == "line 39"
    wrapped = main.screen_lines("y" * 70)
    assert [len(s) for s in wrapped] == [29, 29, 16] and wrapped[1].startswith("  ")


def test_main_reports_an_app_crash_and_a_board_failure(bus, main_mod, monkeypatch):
    reports = []
    monkeypatch.setattr(main_mod, "report_crash", lambda hal, exc: reports.append((hal, exc)))
    fake_pico = types.ModuleType("hal.pico")
    built = []

    class PicoHal:
        def __init__(self):
            built.append(self)
            self.display = types.SimpleNamespace()  # no Thumb loops: text stays as it is

        def wait_for_input(self, ms):
            pass
    fake_pico.PicoHal = PicoHal
    fake_app_pkg = types.ModuleType("app.app")

    class App:
        def __init__(self, hal):
            self.hal = hal
            self.fb = None

        def run(self, wait=None):
            assert wait == self.hal.wait_for_input  # the Pico's loop waits for input
            raise ValueError("bad move")
    fake_app_pkg.App = App
    monkeypatch.setitem(sys.modules, "hal.pico", fake_pico)
    monkeypatch.setitem(sys.modules, "app.app", fake_app_pkg)
    main_mod.main()
    assert reports[0][0] is built[0] and isinstance(reports[0][1], ValueError)

    def broken():
        raise OSError("no display")
    fake_pico.PicoHal = broken
    main_mod.main()
    assert reports[1][0] is None and isinstance(reports[1][1], OSError)


def test_main_lets_go_of_the_rp2_the_ports_boot_left_loaded(main_mod, monkeypatch):
    # the port's _boot.py runs in main's globals and imports rp2 (its PIO assembler)
    rp2 = types.ModuleType("rp2")
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    monkeypatch.setitem(vars(main_mod), "rp2", rp2)
    main_mod.forget_boot_imports()
    assert "rp2" not in sys.modules and not hasattr(main_mod, "rp2")


def test_report_without_a_hal_only_prints(main_mod, capsys):
    main_mod.report_crash(None, KeyError("k"))
    assert "KeyError" in capsys.readouterr().out


def test_picohal_mem_free_collects_first(bus, pico, monkeypatch):
    hal, pico_mod, _ = pico
    calls = []
    fake_gc = types.SimpleNamespace(collect=lambda: calls.append("collect"),
                                    mem_free=lambda: calls.append("mem_free") or 123456)
    monkeypatch.setattr(pico_mod, "gc", fake_gc)
    assert hal.mem_free() == 123456 and calls == ["collect", "mem_free"]


def test_the_firmware_is_named_for_the_about_screen(pico, monkeypatch):
    import types
    from hal import pico as pico_mod
    hal, _, _ = pico
    assert hal.firmware.startswith("MicroPython ") and hal.firmware.endswith("+ app files")
    image = types.ModuleType("kocka_image")
    image.NAME = "kocka-9.9.9-RPI_PICO"
    monkeypatch.setitem(sys.modules, "kocka_image", image)
    assert pico_mod.firmware_name() == "image kocka-9.9.9-RPI_PICO"
