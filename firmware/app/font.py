"""Text in Kocka's own bitmap fonts, drawn on any framebuf.FrameBuffer.

The device and the simulator draw the same pixels: the glyphs are ours
(tools/font_src/*.txt, packed by tools/make_font.py into app/font_small.py and
app/font_body.py) and drawing goes through framebuf calls only.

Fonts
    SMALL  line height 10, cap height 7, x-height 5, 1-pixel strokes, advance
           mostly 6: dense screens (score tables for 5 players).
    BODY   line height 15, cap height 10, x-height 7, 2-pixel stems: menus and
           normal text. Big numbers: BODY with scale=2, 3 or 4.
    Widths are proportional; digits share one width in each font (tabular), so
    columns of numbers line up. A Font has .height (line height), .baseline
    (rows from the cell top to the baseline), .cap, .xheight, .top (first row
    that holds ink; the cell rows above it are always blank).

API  (font=BODY and scale=1 by default; all sizes are in pixels)
    draw(fb, text, x, y, color, font, scale) -> x after the last glyph
        (x, y) is the top-left of the glyph cell; the baseline is at
        y + font.baseline * scale. Transparent: only glyph pixels are set.
    draw_right(fb, text, right, y, color, font, scale) -> the left x used
    draw_centered(fb, text, x, y, w, h, color, font, scale) -> the left x used
        centres the text horizontally and its cap height vertically in the box
    draw_wrapped(fb, text, x, y, max_width, color, font, scale, line_height=0)
        -> y below the last line. Word wrap at spaces (an overlong word is
        broken), '\\n' forces a break; line_height 0 means font.height * scale.
    wrap(text, max_width, font, scale, out=None) -> list of line strings, the
        same lines draw_wrapped draws (pass `out` to reuse a list).
    width(text, font, scale) -> advance width (what draw adds to x)
    height(font, scale) -> line height
    glyph_index(ch, font) -> the glyph drawn for ch

Text: a str (anything else is str()-converted). Printable ASCII plus the
symbols below; any other character draws a box (REPLACEMENT) and never raises.
draw() has no line breaks: a '\\n' there draws the box too.

Colours are ints passed through unchanged, whatever the target FrameBuffer holds
(palette indices on a GS8 display, byte-swapped RGB565, 0/1 on mono); at scale 1
the colour goes through a 16-bit palette, so it must fit 16 bits.

Import this module, not app.font_small / app.font_body: it keeps what it needs from
them once and drops the modules. The packed strips and widths are their bytes literals:
in the firmware image they stay in flash; with the app as files they are in RAM (about
3 KB with the glyph offsets of both fonts).

Speed and memory: on the Pico, app/font_fast.py replaces draw and width with
versions that give a whole line to hal/kernels.py's Thumb loop (about 30 us a glyph
instead of about 700), for the display's frame; they set the same pixels. Elsewhere,
at scale 1 each glyph is copied from the font's packed
MONO_HLSB strip into a preallocated glyph FrameBuffer and blitted with a 2x1
RGB565 palette (key colour, colour): framebuf's colour-text trick, all in C.
Larger scales fill one rectangle per horizontal run of lit pixels. draw,
draw_right, draw_centered, draw_wrapped and width allocate nothing for str
text; wrap allocates its line strings only.
"""

import sys

import framebuf
from array import array

import app

# Symbols beyond ASCII (use these names or the characters themselves).
LEFT = "\u2190"  # ← arrows
RIGHT = "\u2192"  # →
UP = "\u2191"  # ↑
DOWN = "\u2193"  # ↓
TRI_LEFT = "\u25c0"  # ◀ triangles (option selectors, scroll marks)
TRI_RIGHT = "\u25b6"  # ▶
TRI_UP = "\u25b2"  # ▲
TRI_DOWN = "\u25bc"  # ▼
CHECK = "\u2713"  # ✓
CROSS = "\u2717"  # ✗
BULLET = "\u2022"  # •
PIP = "\u00b0"  # ° degree-like pip
ELLIPSIS = "\u2026"  # …
TIMES = "\u00d7"  # ×
STAR = "\u2605"  # ★
HEART = "\u2665"  # ♥
DICE = "\u2680\u2681\u2682\u2683\u2684\u2685"  # ⚀..⚅: DICE[n - 1] is die face n
REPLACEMENT = "\ufffd"  # the box drawn for characters a font lacks


class Font:
    """One packed font (see tools/make_font.py for the data layout)."""

    def __init__(self, m, name):
        self.name = name
        self.height = m.HEIGHT
        self.baseline = m.BASELINE
        self.cap = m.CAP
        self.xheight = m.XHEIGHT
        self.top = m.TOP
        self.rows = m.ROWS
        self.stride = m.STRIDE
        self.maxw = m.MAXW
        self.extra = m.EXTRA
        self.widths = m.WIDTHS
        # the glyphs' bytes as they are: frozen into the image they stay in flash
        self.data = m.DATA
        self.count = len(m.WIDTHS)
        self.replacement = 95 + m.EXTRA.find(REPLACEMENT)
        offs = array("H", range(self.count))  # sized once: x offset of each glyph in DATA
        x = 0
        for i in range(self.count):
            offs[i] = x
            x += m.WIDTHS[i]
        self.offs = offs
        # The whole font as one MONO_HLSB image (a read-only blit source: framebuf takes
        # a (buffer, width, height, format) tuple), and a one-glyph buffer to copy into.
        self.strip = (self.data, m.STRIDE * 8, m.ROWS, framebuf.MONO_HLSB)
        self.glyph = framebuf.FrameBuffer(bytearray(((m.MAXW + 7) >> 3) * m.ROWS),
                                          m.MAXW, m.ROWS, framebuf.MONO_HLSB)

    def __repr__(self):
        return "<Font %s>" % self.name


def _load(name, label):
    # Imports the generated module, keeps what the Font needs, then forgets the module (the
    # rest of it is garbage then).
    full = "app." + name
    __import__(full)
    font = Font(getattr(app, name), label)
    delattr(app, name)
    del sys.modules[full]
    return font


SMALL = _load("font_small", "SMALL")
BODY = _load("font_body", "BODY")

# (the display's frame, its buffer's address) once app/font_fast.py's loop draws text into
# it (the Pico): other loops that draw there take it from here (app/art.py's dice)
fast_frame = None

# Palette for colour blits: pixel 0 = key colour (transparent), pixel 1 = text colour.
_pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
_word = bytearray(48)  # glyph indices of the word draw_wrapped is gathering
_st = [0, 0, 0, 0, 0]  # draw_wrapped/wrap state: line x, lines, line start, line end, has text
_pat = array("H", range(max(SMALL.rows, BODY.rows)))  # scaled drawing: one glyph's row bits


def glyph_index(ch, font=BODY):
    o = ord(ch)
    if 32 <= o < 127:
        return o - 32
    i = font.extra.find(ch)
    return 95 + i if i >= 0 else font.replacement


def _set_palette(color):
    color &= 0xFFFF
    key = 1 if color == 0 else 0
    _pal.pixel(0, 0, key)
    _pal.pixel(1, 0, color)
    return key


def _glyph(fb, f, i, x, y, color, key, s):
    """Draws glyph i at cell top-left (x, y); the palette is set when s == 1. Returns next x."""
    w = f.widths[i]
    if s == 1:
        g = f.glyph
        g.blit(f.strip, -f.offs[i], 0, -1)
        if w < f.maxw:
            g.fill_rect(w, 0, f.maxw - w, f.rows, 0)
        fb.blit(g, x, y + f.top, key, _pal)
        return x + w
    # Scaled: each row's w bits as an int, then one fill_rect per horizontal run of lit
    # pixels, as tall as the number of identical rows that follow (stems are long).
    p0 = f.offs[i]
    data = f.data
    n = len(data)
    shift = 24 - (p0 & 7) - w
    mask = (1 << w) - 1
    pat = _pat
    rows = f.rows
    b = p0 >> 3
    for r in range(rows):
        v = data[b] << 16
        if b + 2 < n:
            v |= (data[b + 1] << 8) | data[b + 2]
        elif b + 1 < n:
            v |= data[b + 1] << 8
        pat[r] = (v >> shift) & mask
        b += f.stride
    r = 0
    while r < rows:
        v = pat[r]
        k = 1
        while r + k < rows and pat[r + k] == v:
            k += 1
        if v:
            yy = y + (f.top + r) * s
            h = k * s
            run = -1
            for c in range(w + 1):
                if c < w and (v >> (w - 1 - c)) & 1:
                    if run < 0:
                        run = c
                elif run >= 0:
                    fb.fill_rect(x + run * s, yy, (c - run) * s, h, color)
                    run = -1
        r += k
    return x + w * s


def draw(fb, text, x, y, color, font=BODY, scale=1):
    if not isinstance(text, str):
        text = str(text)
    f = font
    if scale != 1:
        for ch in text:
            x = _glyph(fb, f, glyph_index(ch, f), x, y, color, 0, scale)
        return x
    key = _set_palette(color)
    pal = _pal
    g = f.glyph
    strip = f.strip
    widths = f.widths
    offs = f.offs
    extra = f.extra
    rows = f.rows
    maxw = f.maxw
    yy = y + f.top
    for ch in text:
        o = ord(ch)
        if 32 <= o < 127:
            i = o - 32
        else:
            i = extra.find(ch)
            i = 95 + i if i >= 0 else f.replacement
        w = widths[i]
        if i:  # glyph 0 is the space: nothing to draw
            g.blit(strip, -offs[i], 0, -1)
            if w < maxw:
                g.fill_rect(w, 0, maxw - w, rows, 0)
            fb.blit(g, x, yy, key, pal)
        x += w
    return x


def width(text, font=BODY, scale=1):
    if not isinstance(text, str):
        text = str(text)
    widths = font.widths
    extra = font.extra
    total = 0
    for ch in text:
        o = ord(ch)
        if 32 <= o < 127:
            total += widths[o - 32]
        else:
            i = extra.find(ch)
            total += widths[95 + i if i >= 0 else font.replacement]
    return total * scale


def height(font=BODY, scale=1):
    return font.height * scale


def draw_right(fb, text, right, y, color, font=BODY, scale=1):
    x = right - width(text, font, scale)
    draw(fb, text, x, y, color, font, scale)
    return x


def draw_centered(fb, text, x, y, w, h, color, font=BODY, scale=1):
    # The last glyph's right-side spacing column does not count for centring.
    tx = x + (w - width(text, font, scale) + scale) // 2
    ty = y + (h - font.cap * scale) // 2 - (font.baseline - font.cap) * scale
    draw(fb, text, tx, ty, color, font, scale)
    return tx


def _end_line(out, text, st):
    if out is not None:
        out.append(text[st[2]:st[3]] if st[4] else "")
    st[0] = 0
    st[1] += 1
    st[4] = 0


def _commit(fb, f, s, color, key, x, y, lh, max_w, out, text, wn, ww, ws, we, sp, sps):
    """Places the gathered word (wn glyphs in _word, ww wide, chars ws..we) after sp pixels
    of pending spaces (starting at char sps), breaking the line first if it does not fit."""
    st = _st
    if st[4] and st[0] + sp + ww > max_w:
        _end_line(out, text, st)
        sp = 0  # spaces at an automatic break vanish
    if not st[4]:
        st[2] = sps if sp else ws
        st[4] = 1
    gx = x + st[0] + sp
    st[0] += sp + ww
    st[3] = we
    if fb is not None:
        yy = y + st[1] * lh
        word = _word
        for k in range(wn):
            gx = _glyph(fb, f, word[k], gx, yy, color, key, s)


def _flow(fb, text, x, y, max_w, color, f, s, lh, out):
    """Word-wraps text to lines at most max_w wide; draws them (fb given) and/or collects
    them (out given). Returns the number of lines."""
    if not isinstance(text, str):
        text = str(text)
    key = _set_palette(color) if fb is not None and s == 1 else 0
    st = _st
    st[0] = st[1] = st[2] = st[3] = st[4] = 0
    widths = f.widths
    word = _word
    wmax = len(word)
    space = widths[0] * s
    wn = ww = ws = sp = sps = 0
    ci = 0
    for ch in text:
        if ch == " ":
            if wn:
                _commit(fb, f, s, color, key, x, y, lh, max_w, out, text, wn, ww, ws, ci, sp, sps)
                wn = ww = sp = 0
            if not sp:
                sps = ci
            sp += space
        elif ch == "\n":
            if wn:
                _commit(fb, f, s, color, key, x, y, lh, max_w, out, text, wn, ww, ws, ci, sp, sps)
                wn = ww = 0
            sp = 0
            _end_line(out, text, st)
        else:
            gi = glyph_index(ch, f)
            gw = widths[gi] * s
            if wn and (wn == wmax or ww + gw > max_w):  # an overlong word: break it here
                _commit(fb, f, s, color, key, x, y, lh, max_w, out, text, wn, ww, ws, ci, sp, sps)
                wn = ww = sp = 0
            if not wn:
                ws = ci
            word[wn] = gi
            wn += 1
            ww += gw
        ci += 1
    if wn:
        _commit(fb, f, s, color, key, x, y, lh, max_w, out, text, wn, ww, ws, ci, sp, sps)
    if st[4]:
        _end_line(out, text, st)
    return st[1]


def draw_wrapped(fb, text, x, y, max_width, color, font=BODY, scale=1, line_height=0):
    lh = line_height or font.height * scale
    return y + _flow(fb, text, x, y, max_width, color, font, scale, lh, None) * lh


def wrap(text, max_width, font=BODY, scale=1, out=None):
    if out is None:
        out = []
    else:
        del out[:]
    _flow(None, text, 0, 0, max_width, 0, font, scale, 0, out)
    return out
