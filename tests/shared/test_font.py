"""The text renderer, app/font.py: metrics, advances, glyph pixels, unknown characters,
wrapping. MicroPython subset: runs under CPython (pytest, with the simulator's framebuf)
and under MicroPython (tests/mp/run_shared_tests.py)."""
import gc

try:
    import framebuf
except ImportError:  # CPython without simulator/mpcompat/framebuf.py: nothing to draw on
    import pytest
    pytest.skip("framebuf is not available", allow_module_level=True)

from app import font

W = 240
H = 64
BG = 0x1234
FG = 0xF81F

_buf = bytearray(W * H * 2)
_fb = framebuf.FrameBuffer(_buf, W, H, framebuf.RGB565)
# A small canvas for one glyph at a time (cheap to scan and to copy).
GW = 32
GH = 24
_gbuf = bytearray(GW * GH * 2)
_gfb = framebuf.FrameBuffer(_gbuf, GW, GH, framebuf.RGB565)


def clear(color=BG):
    _fb.fill(color)


def glyph_canvas(ch, f, x=0, y=0):
    """Draws ch alone on the small canvas; returns its bytes."""
    _gfb.fill(BG)
    font.draw(_gfb, ch, x, y, FG, f)
    return bytes(_gbuf)


def lit(color=FG, x0=0, y0=0, x1=W, y1=H):
    """Counts the pixels of `color` in the box x0 <= x < x1, y0 <= y < y1."""
    n = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if _fb.pixel(x, y) == color:
                n += 1
    return n


def count_fg(raw):
    """Counts FG pixels in RGB565 bytes, fast (exact with FG and BG: a byte pair that
    straddles two pixels can never read as FG's bytes)."""
    return raw.count(b"\x1f\xf8")


def bbox(color=FG, fb=None, w=W, h=H):
    """(x0, y0, x1, y1) of the pixels of `color` within the top-left w x h, or None."""
    if fb is None:
        fb = _fb
    x0 = y0 = 1 << 20
    x1 = y1 = -1
    for y in range(h):
        for x in range(w):
            if fb.pixel(x, y) == color:
                if x < x0:
                    x0 = x
                if x > x1:
                    x1 = x
                if y < y0:
                    y0 = y
                if y > y1:
                    y1 = y
    if x1 < 0:
        return None
    return (x0, y0, x1 + 1, y1 + 1)


def bits(f, i):
    """Lit pixels of glyph i, counted in the font data."""
    n = 0
    o = f.offs[i]
    for r in range(f.rows):
        for c in range(f.widths[i]):
            p = o + c
            if f.data[r * f.stride + (p >> 3)] & (0x80 >> (p & 7)):
                n += 1
    return n


def text_bits(f, text):
    n = 0
    for ch in text:
        n += bits(f, font.glyph_index(ch, f))
    return n


def snapshot():
    return bytes(_buf)


def test_metrics():
    assert font.SMALL.height == 10 and font.BODY.height == 15
    assert font.height(font.BODY) == 15 and font.height(font.SMALL, 2) == 20
    assert font.height() == font.BODY.height
    for f in (font.SMALL, font.BODY):
        assert f.count == 95 + len(f.extra)
        assert f.cap < f.baseline < f.height and f.xheight < f.cap
        assert 0 <= f.top and f.top + f.rows <= f.height
        for i in range(f.count):
            assert 1 <= f.widths[i] <= f.maxw
        # Digits share one width (tabular figures), so columns of numbers line up.
        digit_widths = [f.widths[font.glyph_index(d, f)] for d in "0123456789"]
        assert min(digit_widths) == max(digit_widths), digit_widths
    assert 5 <= font.SMALL.widths[font.glyph_index("A", font.SMALL)] <= 7
    assert 7 <= font.BODY.widths[font.glyph_index("A", font.BODY)] <= 10


def test_width_is_the_draw_advance():
    samples = ("", " ", "A", "Hello, world!", "Player 5: 1234", "\u2190 Back",
               font.DICE + font.CHECK, "iiii", "MMMM", "\u4e2d?")
    for f in (font.SMALL, font.BODY):
        for scale in (1, 2, 3):
            for s in samples:
                clear()
                x = font.draw(_fb, s, 3, 2, FG, f, scale)
                assert x == 3 + font.width(s, f, scale), (s, scale)
    assert font.width("abc") == font.width("abc", font.BODY, 1)
    assert font.width("abc", font.BODY, 3) == 3 * font.width("abc", font.BODY)
    assert font.width("ab", font.SMALL) == font.width("a", font.SMALL) + font.width("b", font.SMALL)


def test_every_glyph_draws_its_bits_inside_its_cell():
    for f in (font.SMALL, font.BODY):
        for i in range(f.count):
            ch = chr(32 + i) if i < 95 else f.extra[i - 95]
            assert font.glyph_index(ch, f) == i
            n = bits(f, i)
            if ch == " ":
                assert n == 0
                continue
            assert n >= 1, ch  # SMALL's '.' is one pixel
            assert n < f.widths[i] * f.rows * 3 // 4, ch  # not a blob
            assert count_fg(glyph_canvas(ch, f, 10, 5)) == n, ch
            box = bbox(FG, _gfb, GW, GH)
            assert box[0] >= 10 and box[2] <= 10 + f.widths[i], (ch, box)
            assert box[1] >= 5 + f.top and box[3] <= 5 + f.top + f.rows, (ch, box)


def test_glyph_shapes_are_sane():
    for f in (font.SMALL, font.BODY):
        base = f.baseline
        for ch in "AHMZ019":  # capitals and digits stand on the baseline at cap height
            glyph_canvas(ch, f)
            box = bbox(FG, _gfb, GW, GH)
            assert box[3] == base and box[3] - box[1] == f.cap, (ch, box)
        for ch in "acemnosuvwxz":  # x-height letters
            glyph_canvas(ch, f)
            box = bbox(FG, _gfb, GW, GH)
            assert box[3] == base and box[3] - box[1] == f.xheight, (ch, box)
        for ch in "gjpqy":  # descenders go below the baseline
            glyph_canvas(ch, f)
            assert bbox(FG, _gfb, GW, GH)[3] > base, ch
        # Look-alikes differ.
        for a, b in (("0", "O"), ("1", "l"), ("1", "I"), ("l", "I"), ("5", "S"), ("2", "Z"),
                     ("8", "B"), ("i", "l"), ("\u2717", "\u00d7")):
            assert glyph_canvas(a, f) != glyph_canvas(b, f), (a, b)


def test_draws_transparently_in_any_colour():
    for color in (FG, 0, 0xFFFF, 1, BG ^ 1):
        clear()
        font.draw(_fb, "Kocka 42", 4, 4, color)
        n = text_bits(font.BODY, "Kocka 42")
        assert lit(color) == n, color
        assert lit(BG) == W * H - n, color  # everything else untouched
    # On top of other text: only glyph pixels change.
    clear()
    font.draw(_fb, "####", 0, 0, FG)
    before = lit(FG)
    font.draw(_fb, "oooo", 0, 0, 0x07E0)
    assert lit(FG) + lit(0x07E0) >= before
    assert lit(BG) + lit(FG) + lit(0x07E0) == W * H


def test_scaled_text_is_the_blown_up_glyph():
    for f in (font.SMALL, font.BODY):
        for scale in (2, 3, 4):
            clear()
            x = font.draw(_fb, "4", 0, 0, FG, f, 1)
            small = [[_fb.pixel(c, r) == FG for c in range(x)] for r in range(f.height)]
            clear()
            font.draw(_fb, "4", 0, 0, FG, f, scale)
            assert lit() == scale * scale * bits(f, font.glyph_index("4", f))
            for r in range(f.height * scale):
                if r >= H:
                    break
                for c in range(x * scale):
                    assert (_fb.pixel(c, r) == FG) == small[r // scale][c // scale], (scale, c, r)


def test_unknown_characters_draw_the_box_and_never_raise():
    box = font.glyph_index(font.REPLACEMENT)
    assert font.BODY.extra[box - 95] == font.REPLACEMENT
    for f in (font.SMALL, font.BODY):
        want = glyph_canvas(font.REPLACEMENT, f)
        assert count_fg(want) == bits(f, f.replacement) > 0
        for ch in ("\u4e2d", "\u00e9", "\x7f", "\x00", "\t", "\n", "\U0001f3b2"):
            assert font.glyph_index(ch, f) == f.replacement
            assert glyph_canvas(ch, f) == want, ch
            assert font.draw(_gfb, ch, 0, 0, FG, f) == f.widths[f.replacement]
            assert font.width(ch, f) == f.widths[f.replacement]


def test_symbols_and_non_str_text():
    for name in ("LEFT", "RIGHT", "UP", "DOWN", "TRI_LEFT", "TRI_RIGHT", "TRI_UP",
                 "TRI_DOWN", "CHECK", "CROSS", "BULLET", "PIP", "ELLIPSIS", "TIMES", "STAR",
                 "HEART"):
        ch = getattr(font, name)
        for f in (font.SMALL, font.BODY):
            i = font.glyph_index(ch, f)
            assert 95 <= i < f.replacement, name
    assert len(font.DICE) == 6
    for f in (font.SMALL, font.BODY):
        for n in range(6):
            # A die face has one hole (pip) per point in a filled square.
            assert font.glyph_index(font.DICE[n], f) == 95 + f.extra.find(font.DICE[n])
        assert bits(f, font.glyph_index(font.DICE[0], f)) > bits(f, font.glyph_index(font.DICE[5], f))
    clear()
    font.draw(_fb, 1234, 0, 0, FG)
    a = snapshot()
    clear()
    font.draw(_fb, "1234", 0, 0, FG)
    assert a == snapshot()
    assert font.width(1234) == font.width("1234")


def test_right_and_centred():
    clear()
    x = font.draw_right(_fb, "42", 200, 0, FG)
    assert x == 200 - font.width("42")
    assert bbox()[2] <= 200
    for text in ("Roll", "OK", "\u2680"):
        for f in (font.SMALL, font.BODY):
            for scale in (1, 2):
                clear()
                font.draw_centered(_fb, text, 20, 2, 200, 60, FG, f, scale)
                x0, y0, x1, y1 = bbox()
                # Horizontally and (for capitals/digits/symbols) vertically centred.
                assert abs((x0 - 20) - (220 - x1)) <= 2 * scale, (text, x0, x1)
                assert abs((y0 - 2) - (62 - y1)) <= 2 * scale, (text, y0, y1)


def check_lines(lines, text, max_width, f):
    for line in lines:
        assert font.width(line, f) <= max_width, (line, max_width)
        assert line == line.strip(" "), line
    assert " ".join(lines).split() == text.split()


def test_wrap():
    f = font.BODY
    text = "Roll all six dice and keep the best ones, then roll the rest again"
    for max_width in (60, 100, 160, 239, 1000):
        lines = font.wrap(text, max_width)
        check_lines(lines, text, max_width, f)
        if max_width == 1000:
            assert lines == [text]
    # Greedy: the first word of a line would not have fitted on the line before.
    lines = font.wrap(text, 100)
    for a, b in zip(lines, lines[1:]):
        assert font.width(a + " " + b.split(" ")[0]) > 100
    assert font.wrap("", 100) == []
    assert font.wrap("one", 100) == ["one"]
    assert font.wrap("a\nb", 100) == ["a", "b"]
    assert font.wrap("a\n\nb\n", 100) == ["a", "", "b"]
    assert font.wrap("a  b", 100) == ["a  b"]  # spaces inside a line are kept
    assert font.wrap("  indented", 200) == ["  indented"]
    assert font.wrap("x" * 40, 80, font.SMALL) == ["x" * 13, "x" * 13, "x" * 13, "x"]
    long = "Kockakockakockakocka"
    parts = font.wrap("a " + long + " b", 60)
    assert parts[0] == "a" and "".join(parts[1:]) == long + " b", parts
    assert len(parts) == 4  # an overlong word is broken where the line is full
    for p in parts:
        assert font.width(p) <= 60
    out = ["old"]
    assert font.wrap("x y", 200, font.SMALL, 1, out) is out and out == ["x y"]
    assert font.wrap("ab cd", font.width("ab", f, 2), f, 2) == ["ab", "cd"]
    assert font.wrap("\u2190 back \u2192", 40) == ["\u2190", "back", "\u2192"]


def test_draw_wrapped_draws_the_wrapped_lines():
    text = "Cubo: everyone rolls at once, the first to shout wins the round."
    for f, scale, lh in ((font.BODY, 1, 0), (font.SMALL, 1, 12), (font.BODY, 2, 0)):
        clear()
        y = font.draw_wrapped(_fb, text, 2, 1, 236, FG, f, scale, lh)
        got = snapshot()
        lines = font.wrap(text, 236, f, scale)
        step = lh or f.height * scale
        assert y == 1 + len(lines) * step
        clear()
        yy = 1
        for line in lines:
            font.draw(_fb, line, 2, yy, FG, f, scale)
            yy += step
        assert got == snapshot(), (f, scale)


def mp_test_drawing_allocates_nothing():
    """MicroPython only (gc.mem_free): the gate's runner runs mp_test_*, pytest does not."""
    mem_free = gc.mem_free
    calls = range(5)
    text = "Score 1234 \u2713"
    long = "The quick brown fox jumps over the lazy dog"
    for _ in range(2):  # warm up (first calls may intern strings)
        font.draw(_fb, text, 0, 0, FG)
        font.draw(_fb, text, 0, 0, FG, font.SMALL)
        font.draw(_fb, "12", 0, 0, FG, font.BODY, 3)
        font.width(text)
        font.draw_right(_fb, text, 200, 0, FG)
        font.draw_centered(_fb, text, 0, 0, 240, 40, FG)
        font.draw_wrapped(_fb, long, 0, 0, 120, FG)
    gc.collect()
    before = mem_free()
    for _ in calls:
        font.draw(_fb, text, 0, 0, FG)
        font.draw(_fb, text, 0, 0, FG, font.SMALL)
        font.draw(_fb, "12", 0, 0, FG, font.BODY, 3)
        font.width(text)
        font.draw_right(_fb, text, 200, 0, FG)
        font.draw_centered(_fb, text, 0, 0, 240, 40, FG)
        font.draw_wrapped(_fb, long, 0, 0, 120, FG)
    used = before - mem_free()
    assert used <= 0, used  # a collection in between can only make it negative


def test_other_framebuffer_formats():
    # The display may be indexed colour (GS8: colours are palette indices) or mono; the
    # renderer only passes colours through, so the same glyph pixels appear in any format.
    text = "Kocka 42 \u2684"
    for fmt, bpp8, colors in ((framebuf.GS8, 8, (7, 0, 255)), (framebuf.MONO_HLSB, 1, (1, 0))):
        w, h = 200, 34
        buf = bytearray(w * h * bpp8 // 8)
        fb = framebuf.FrameBuffer(buf, w, h, fmt)
        for color in colors:
            bg = 1 if color == 0 else 0
            for scale in (1, 2):
                fb.fill(bg)
                x = font.draw(fb, text, 1, 1, color, font.BODY, scale)
                assert x == 1 + font.width(text, font.BODY, scale)
                n = 0
                for yy in range(h):
                    for xx in range(w):
                        if fb.pixel(xx, yy) == color:
                            n += 1
                assert n == text_bits(font.BODY, text) * scale * scale, (fmt, color, scale)
