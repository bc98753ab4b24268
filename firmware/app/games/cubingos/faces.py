"""How a Cubingos die's faces look, wherever they are drawn: the fur colours and die
backgrounds in three shades (top, left, right face), the ink and seam colours, the mouth
glyphs and eyes, the triangle of a half as framebuf's poly takes it, and the colour table
app.games.cubingos.dice_thumb's loop reads (TAB). app.games.cubingos.iso places the dice; app.games.cubingos.flat
and the loop draw them.
"""
from micropython import const

from array import array

import framebuf

from app import ui
from shared_rules.cubingos import rules as C

# Colours: fur colours and die backgrounds, in three shades (top, left, right face).
_SHADE = const((100, 78, 60))


def _shades(rgb):
    return tuple(ui.rgb(rgb[0] * s // 100, rgb[1] * s // 100, rgb[2] * s // 100)
                 for s in _SHADE)


FUR = tuple(_shades(c) for c in C.COLOUR_RGB)
PLAIN = (_shades((250, 250, 250)), _shades((150, 190, 255)))  # white die, start die
INK = ui.BLACK
SEAM = ui.GREY

# Mouth glyphs by expression (happy, sad, angry, surprised): rows of 5 bits, MSB left,
# each in its own ink. Every pair differs in 9 of the 15 pixels and in colour, so the
# four tell apart at a glance even at 1 px: a cup, an arch, a zigzag, a solid block.
GLYPHS = ((0b10001, 0b10001, 0b01110), (0b01110, 0b10001, 0b10001),
          (0b10101, 0b01010, 0b10101), (0b01110, 0b01110, 0b01110))
GLYPH_INK = (INK, ui.BLUE_DARK, ui.RED_DARK, ui.rgb(102, 0, 153))


# A glyph at 1 px is a 1-bit image blitted through a (transparent, ink) palette: one C
# call per mouth instead of a rectangle per pixel. One image and one palette, filled in
# for each glyph (the Pico keeps a game's code and data in its heap).
GLYPH_BUF = bytearray(3)
GLYPH_FB = framebuf.FrameBuffer(GLYPH_BUF, 5, 3, framebuf.MONO_HLSB)
_KEY = 1 if 0 in GLYPH_INK else 0   # an index no ink uses: the transparent one
while _KEY in GLYPH_INK:
    _KEY += 1
_PAL = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
_PAL.pixel(0, 0, _KEY)
# app.games.cubingos.dice_thumb's table: the colours by half (heads 0-3, then the white die's and
# the start die's background) and face seen (top, left, right), each glyph's rows, its ink
TAB = bytes([c for fur in FUR + PLAIN for c in fur] + [r for g in GLYPHS for r in g]
            + list(GLYPH_INK))
# run once: its code freed (on the Pico a game's code lives in its heap)
del _shades


def glyph(fb, m, cx, cy, color, s=1):
    """Mouth glyph of expression m centred at (cx, cy), pixels s x s; color INK: the
    expression's own ink."""
    rows = GLYPHS[m]
    y = cy - len(rows) * s // 2
    x0 = cx - 5 * s // 2
    if color == INK:
        if s == 1:
            for i in range(3):
                GLYPH_BUF[i] = rows[i] << 3
            _PAL.pixel(1, 0, GLYPH_INK[m])
            fb.blit(GLYPH_FB, x0, y, _KEY, _PAL)
            return
        color = GLYPH_INK[m]
    for r in rows:
        for i in range(5):
            if (r >> (4 - i)) & 1:
                fb.fill_rect(x0 + i * s, y, s, s, color)
        y += s


def eyes(fb, cx, cy, s):
    """Two eyes: a head half."""
    fb.fill_rect(cx - 2 * s, cy - s // 2, s, s, INK)
    fb.fill_rect(cx + s, cy - s // 2, s, s, INK)



def tri(ctx, a):
    """The triangle of the half at ctx[a] as framebuf's poly takes it (a shared array)."""
    t = TRI
    for i in range(4):
        t[2 + i] = ctx[a + i]
    return t


TRI = array("h", [0] * 6)
