"""Device HAL logic under real MicroPython (the WebAssembly port), no hardware.

Run by tests/test_hal_micropython.py through mprun.mjs with firmware/hal mounted
at /proj/hal and firmware/board at /proj/board (the name must not match
*_test.py, or pytest would collect it). Proves on MicroPython's own
`os`, `time`, `framebuf` and gc what the CPython tests prove on fakes:
- the debouncer (with the real time.ticks_diff across the ticks wraparound),
- FileStorage over the wasm filesystem, power cuts included,
- framebuf's RGB565 byte order and color565's swap,
- the ST7789 driver's indexed frame: drawn with palette indices, pushed as the
  palette's colours in RGB565, high byte first (framebuf's own blit doing the
  lookup), in strips with CS low throughout,
- and that the per-frame paths (debouncer update, ST7789 show, LED show,
  buzzer tone) allocate nothing.
Prints "hal micropython: N passed, M failed"; exits non-zero on a failure.
"""

import gc
import os
import sys
import time

import framebuf

from hal import api
from hal import storage as storage_mod
from hal.buzzer import Buzzer
from hal.debounce import Debouncer
from hal.leds import Leds
from hal.st7789 import FRAME_BYTES, PUSH_BYTES, STRIP_BYTES, STRIP_ROWS, ST7789, color565
from hal.storage import NEW, TMP, FileStorage

ROOT = "/halstore"


def ev(kind, button):
    return api.event(kind, button)


def allocated(fn, *args):
    """Bytes of heap fn(*args) allocated (gc off, so nothing is freed meanwhile)."""
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        fn(*args)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def fresh(name):
    path = ROOT + "/" + name
    if exists(path):
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    return path


# -- debouncer ------------------------------------------------------------------------
def test_debounce_press_bounce_release():
    d = Debouncer(ticks_diff=time.ticks_diff)
    bit = 1 << api.KEY_A
    out = []
    for t, raw in ((0, bit), (2, 0), (4, bit), (30, bit), (60, 0), (62, bit), (64, 0), (100, 0)):
        for e in d.update(t, raw):
            out.append((t, e))
    assert out == [(0, ev(api.PRESSED, api.KEY_A)), (60, ev(api.RELEASED, api.KEY_A))], out


def test_debounce_repeat_across_the_ticks_wraparound():
    d = Debouncer(ticks_diff=time.ticks_diff)
    bit = 1 << api.UP
    start = time.ticks_add(0, -250)  # 250 ms before ticks_ms wraps to 0
    seen = []
    for dt in range(0, 700, 10):
        now = time.ticks_add(start, dt)
        for e in d.update(now, bit):
            seen.append((dt, api.kind_of(e)))
    for e in d.update(time.ticks_add(start, 700), 0):
        seen.append((700, api.kind_of(e)))
    assert seen == [(0, api.PRESSED), (400, api.REPEAT), (520, api.REPEAT), (640, api.REPEAT),
                    (700, api.RELEASED)], seen


def _idle_updates(d, n):
    for i in range(n):
        d.update(i, 0)


def _held_updates(d, n):
    bit = 1 << api.DOWN | 1 << api.KEY_X
    for i in range(n):
        d.update(i * 10, bit)


def test_debounce_update_allocates_nothing():
    d = Debouncer(ticks_diff=time.ticks_diff)
    _held_updates(d, 100)  # the event list reaches its working size
    d2 = Debouncer(ticks_diff=time.ticks_diff)
    _held_updates(d2, 100)
    assert allocated(_idle_updates, Debouncer(ticks_diff=time.ticks_diff), 1000) == 0
    d2.update(10**6, 0)
    assert allocated(_held_updates, d2, 500) == 0  # presses, repeats and releases


# -- storage ----------------------------------------------------------------------------
def test_storage_round_trip_on_micropython_os():
    st = FileStorage(fresh("basic"))
    assert st.read("a") is None and st.size("a") == -1 and st.listdir() == []
    st.write("a", b"one")
    st.write("a", b"two!")
    assert st.read("a") == b"two!" and st.size("a") == 4
    st.append("log", b"ab")
    st.append("log", bytearray(b"cd"))
    assert st.read("log") == b"abcd"
    assert st.listdir() == ["a", "log"]
    st.remove("log")
    st.remove("log")
    assert st.listdir() == ["a"]
    assert st.free_bytes() != 0
    for bad in ("", "..", "x/y", "p.tmp", "q.new"):
        try:
            st.read(bad)
            raise AssertionError("accepted %r" % bad)
        except ValueError:
            pass


def test_storage_recovers_leftovers():
    path = fresh("leftover")
    st = FileStorage(path)
    st.write("s", b"old")
    with open(path + "/s" + NEW, "wb") as f:
        f.write(b"new")
    with open(path + "/t" + TMP, "wb") as f:
        f.write(b"par")
    assert st.listdir() == ["s"]
    assert st.read("s") == b"new" and st.read("t") is None
    assert sorted(os.listdir(path)) == ["s", "t" + TMP]


class Crash(Exception):
    pass


class CrashOS:
    """MicroPython's os with a power cut at step `at`; optionally FAT-like rename."""

    def __init__(self, at, rename_replaces):
        self.at = at
        self.step = 0
        self.rename_replaces = rename_replaces

    def tick(self):
        self.step += 1
        if self.step == self.at:
            raise Crash()

    def rename(self, a, b):
        self.tick()
        if not self.rename_replaces and exists(b):
            raise OSError(17)
        os.rename(a, b)

    def remove(self, p):
        self.tick()
        os.remove(p)

    def __getattr__(self, name):
        return getattr(os, name)


class CrashFile:
    def __init__(self, fs, f):
        self.fs = fs
        self.f = f

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def write(self, data):
        try:
            self.fs.tick()
        except Crash:
            self.f.write(data[:len(data) // 2])
            raise
        return self.f.write(data)

    def flush(self):
        self.fs.tick()
        self.f.flush()


def _crash_run(at, rename_replaces):
    path = fresh("crash")
    FileStorage(path).write("save", b"old" * 40)
    fs = CrashOS(at, rename_replaces)
    storage_mod.os = fs
    storage_mod.open = lambda p, mode="r": open(p, mode) if "r" in mode else CrashFile(fs, open(p, mode))
    try:
        FileStorage(path).write("save", b"NEW" * 40)
        cut = False
    except Crash:
        cut = True
    finally:
        storage_mod.os = os
        del storage_mod.open
    st = FileStorage(path)
    got = st.read("save")
    assert got in (b"old" * 40, b"NEW" * 40), (at, rename_replaces, got)
    assert st.listdir() == ["save"]
    st.write("save", b"after")
    assert st.read("save") == b"after"
    return cut


def test_storage_power_cut_at_every_step():
    for rename_replaces in (True, False):
        at = 1
        while _crash_run(at, rename_replaces):
            at += 1
        assert at >= (4 if rename_replaces else 7), at


# -- display, LEDs, buzzer ------------------------------------------------------------------
def test_framebuf_stores_swapped_colours_big_endian():
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 2, 2, framebuf.RGB565)
    fb.fill(color565(255, 0, 0))
    assert buf[0] == 0xF8 and buf[1] == 0x00, buf
    fb.pixel(1, 1, color565(0, 0, 255))
    assert buf[6] == 0x00 and buf[7] == 0x1F, buf


class Sink:
    """Stands in for Pin, SPI and PWM: accepts calls, keeps nothing."""

    def __init__(self):
        self.n = 0
        self.writes = 0
        self.last = 0

    def __call__(self, v):
        self.last = v

    def write(self, buf):
        self.n += len(buf)
        self.writes += 1

    def duty_u16(self, d):
        self.last = d

    def freq(self, f):
        self.n = f


class Strip:
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, n):
        self.buf = bytearray(3 * n)
        self.writes = 0

    def write(self):
        self.writes += 1


class Wire:
    """The display's pins and SPI in one: records every SPI write with the CS and DC levels."""

    def __init__(self):
        self.cs = 1
        self.dc = 1
        self.writes = []  # (cs, dc, bytes)

    def set_cs(self, v):
        self.cs = v

    def set_dc(self, v):
        self.dc = v

    def write(self, buf):
        self.writes.append((self.cs, self.dc, bytes(buf)))


def _expected_push(indices, rgb):
    table = []
    for i in range(256):
        c = (rgb[3 * i] >> 3) << 11 | (rgb[3 * i + 1] >> 2) << 5 | rgb[3 * i + 2] >> 3
        table.append(bytes((c >> 8, c & 0xFF)))
    out = bytearray(PUSH_BYTES)
    for k in range(len(indices)):
        out[2 * k:2 * k + 2] = table[indices[k]]
    return bytes(out)


def test_indexed_frame_pushes_palette_colours_in_panel_order():
    wire = Wire()
    d = ST7789(wire, dc=wire.set_dc, cs=wire.set_cs, rst=Sink(), backlight_pwm=Sink(),
               sleep_ms=lambda ms: None)
    assert len(d.buf) == FRAME_BYTES == api.FRAME_BYTES
    # the init frame: the default palette's index 0 is black
    init_frame = b"".join(w[2] for w in wire.writes[-31:-1])
    assert init_frame == bytes(PUSH_BYTES), "init frame not black"
    rgb = bytearray(768)
    for i in range(256):
        rgb[3 * i] = (i * 37) & 0xFF
        rgb[3 * i + 1] = (i * 101 + 5) & 0xFF
        rgb[3 * i + 2] = 255 - i
    rgb[3:6] = b"\xff\x00\x00"
    d.set_palette(rgb)
    assert d.palette == bytes(rgb)
    fb = d.fb
    fb.fill(9)
    fb.fill_rect(3, 17, 100, 41, 1)
    fb.ellipse(120, 120, 60, 30, 200, True)
    fb.line(0, 239, 239, 0, 77)
    for i in range(256):
        fb.pixel(i % 240, 230 + i // 240, i)
    del wire.writes[:]
    d.show()
    w = wire.writes
    assert w[0] == (0, 0, b"\x2c"), w[0][:2]
    assert len(w) == 1 + 240 // STRIP_ROWS
    assert all(cs == 0 and dc == 1 and len(data) == STRIP_BYTES for cs, dc, data in w[1:])
    assert wire.cs == 1
    got = b"".join(data for _, _, data in w[1:])
    assert got == _expected_push(d.buf, rgb), "pushed bytes differ"
    assert got[2 * (17 * 240 + 3):2 * (17 * 240 + 3) + 2] == b"\xf8\x00"  # index 1: red
    assert d._pal_fb.pixel(1, 0) == color565(255, 0, 0)


def _shows(d, n):
    for i in range(n):
        d.show()


def _led_frames(leds, n):
    for i in range(n):
        leds.set(i & 7, i & 255, 3, 4)
        leds.show()


def _tones(bz, n):
    for i in range(n):
        bz.tone(400 + (i & 7) * 100, 60)
    bz.off()


def test_frame_paths_allocate_nothing():
    spi = Sink()
    d = ST7789(spi, dc=Sink(), cs=Sink(), rst=Sink(), backlight_pwm=Sink(), sleep_ms=lambda ms: None)
    spi.n = spi.writes = 0
    d.fb.fill_rect(0, 0, 100, 100, 200)
    assert allocated(_shows, d, 50) == 0
    assert spi.n == 50 * (PUSH_BYTES + 1) and spi.writes == 50 * (1 + 240 // STRIP_ROWS)
    strip = Strip(8)
    leds = Leds(strip, 8)
    leds.brightness = 100
    leds.show()
    assert allocated(_led_frames, leds, 200) == 0
    assert strip.buf[0] == 3 * 100 // 255
    assert allocated(_tones, Buzzer(Sink()), 200) == 0


TESTS = [(name, fn) for name, fn in sorted(globals().items()) if name.startswith("test_")]
if exists(ROOT):
    pass
else:
    os.mkdir(ROOT)
passed = 0
failed = []
for name, fn in TESTS:
    try:
        fn()
        passed += 1
    except Exception as e:
        sys.print_exception(e)
        failed.append(name)
    gc.collect()
print("hal micropython: %d passed, %d failed" % (passed, len(failed)))
for name in failed:
    print("FAILED " + name)
if failed:
    raise SystemExit(1)
