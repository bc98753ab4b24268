"""The visual style: colours, layout metrics and the drawing helpers every screen shares.

Colours are RGB565 byte-swapped (see rgb()): MicroPython's framebuf stores
pixels little-endian and the ST7789 reads big-endian, so swapping once here
makes the framebuffer panel-ready with no per-frame conversion.
"""

from micropython import const

from app import font

W = const(240)
H = const(240)
HEADER_H = const(30)
FOOTER_H = const(22)
ROW_H = const(26)


def rgb(r, g, b):
    c = ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)
    return ((c & 0xFF) << 8) | (c >> 8)


# The palette: deep night-blue table felt, warm ivory text, one gold accent.
BG = rgb(14, 20, 38)
PANEL = rgb(28, 38, 66)
PANEL_HI = rgb(48, 64, 108)
TEXT = rgb(238, 232, 214)
DIM = rgb(140, 148, 170)
ACCENT = rgb(255, 196, 60)
GOOD = rgb(88, 214, 120)
BAD = rgb(240, 84, 84)
RED = rgb(222, 52, 52)
BLUE = rgb(46, 110, 232)
WHITE = rgb(250, 250, 250)
YELLOW = rgb(250, 214, 40)
BLACK = rgb(0, 0, 0)
SHADOW = rgb(6, 8, 16)


def clear(fb, color=BG):
    fb.fill(color)


def round_rect(fb, x, y, w, h, color, fill=True):
    """A rectangle with 2 px cut corners: the house shape for panels and buttons."""
    if fill:
        fb.fill_rect(x + 2, y, w - 4, h, color)
        fb.fill_rect(x, y + 2, w, h - 4, color)
        fb.pixel(x + 1, y + 1, color)
        fb.pixel(x + w - 2, y + 1, color)
        fb.pixel(x + 1, y + h - 2, color)
        fb.pixel(x + w - 2, y + h - 2, color)
    else:
        fb.hline(x + 2, y, w - 4, color)
        fb.hline(x + 2, y + h - 1, w - 4, color)
        fb.vline(x, y + 2, h - 4, color)
        fb.vline(x + w - 1, y + 2, h - 4, color)
        fb.pixel(x + 1, y + 1, color)
        fb.pixel(x + w - 2, y + 1, color)
        fb.pixel(x + 1, y + h - 2, color)
        fb.pixel(x + w - 2, y + h - 2, color)


def header(fb, title, right=None):
    """The title bar every screen starts with; `right` is an optional status text."""
    fb.fill_rect(0, 0, W, HEADER_H, PANEL)
    fb.hline(0, HEADER_H - 2, W, ACCENT)
    font.draw(fb, title, 8, 8, TEXT)
    if right:
        font.draw(fb, right, W - 8 - font.width(right), 8, DIM)


def footer(fb, hints):
    """Button hints along the bottom, e.g. (("A", "Play"), ("B", "Back"))."""
    y = H - FOOTER_H
    fb.fill_rect(0, y, W, FOOTER_H, PANEL)
    x = 6
    for key, label in hints:
        kw = font.width(key, font.SMALL) + 6
        round_rect(fb, x, y + 4, kw, 14, ACCENT)
        font.draw(fb, key, x + 3, y + 6, BG, font.SMALL)
        x += kw + 4
        x = font.draw(fb, label, x, y + 6, TEXT, font.SMALL) + 10


def centered(fb, text, y, color=TEXT, fnt=None, scale=1):
    if fnt is None:
        fnt = font.BODY
    font.draw(fb, text, (W - font.width(text, fnt, scale)) // 2, y, color, fnt, scale)


def bar(fb, x, y, w, h, fraction_num, fraction_den, color=ACCENT):
    """A horizontal gauge (settings levels, progress)."""
    round_rect(fb, x, y, w, h, PANEL_HI)
    fill = (w - 4) * fraction_num // fraction_den if fraction_den else 0
    if fill > 0:
        fb.fill_rect(x + 2, y + 2, fill, h - 4, color)


def toast(fb, text, color=ACCENT):
    """A one-line notice box near the bottom (settings restored, errors)."""
    w = font.width(text, font.SMALL) + 16
    if w > W - 8:
        w = W - 8
    x = (W - w) // 2
    y = H - FOOTER_H - 30
    round_rect(fb, x, y, w, 24, color)
    round_rect(fb, x + 1, y + 1, w - 2, 22, SHADOW)
    font.draw(fb, text, x + 8, y + 7, color, font.SMALL)
