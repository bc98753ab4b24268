"""The visual style: the colour palette, layout metrics and the drawing helpers every screen shares.

The framebuffer holds one byte per pixel, an index into a 256-colour palette
(framebuf GS8): 57,600 bytes instead of 115,200 for RGB565, which is what lets
the app and a whole game fit the Pico's heap. The display converts indices to
the panel's RGB565 as it pushes the frame (hal.display.set_palette). Colours
here are therefore palette indices: the named theme colours come first, then a
6x6x6 colour cube for everything else (rgb() finds the nearest entry).
"""

from micropython import const

from app import font

W = const(240)
H = const(240)
HEADER_H = const(30)
FOOTER_H = const(22)
ROW_H = const(26)
ANIM_MS = const(32)  # one step of an animation (rolling dice): every frame (app.FRAME_MS), 31 a second

# The named colours: deep night-blue table felt, warm ivory text, one gold accent,
# and the game colours. Index = position in this list.
NAMED = (
    (14, 20, 38),     # BG
    (28, 38, 66),     # PANEL
    (48, 64, 108),    # PANEL_HI
    (238, 232, 214),  # TEXT
    (140, 148, 170),  # DIM
    (255, 196, 60),   # ACCENT
    (88, 214, 120),   # GOOD
    (240, 84, 84),    # BAD
    (222, 52, 52),    # RED
    (46, 110, 232),   # BLUE
    (250, 250, 250),  # WHITE
    (250, 214, 40),   # YELLOW
    (0, 0, 0),        # BLACK
    (6, 8, 16),       # SHADOW
    (150, 30, 30),    # RED_DARK
    (24, 60, 150),    # BLUE_DARK
    (190, 190, 196),  # SILVER
    (70, 150, 90),    # GREEN
    (150, 90, 200),   # PURPLE
    (240, 140, 40),   # ORANGE
    (120, 80, 50),    # BROWN
    (110, 110, 118),  # GREY
    (255, 150, 190),  # PINK
    (60, 200, 220),   # CYAN
    (34, 46, 80),     # PANEL_MID
)
BG = const(0)
PANEL = const(1)
PANEL_HI = const(2)
TEXT = const(3)
DIM = const(4)
ACCENT = const(5)
GOOD = const(6)
BAD = const(7)
RED = const(8)
BLUE = const(9)
WHITE = const(10)
YELLOW = const(11)
BLACK = const(12)
SHADOW = const(13)
RED_DARK = const(14)
BLUE_DARK = const(15)
SILVER = const(16)
GREEN = const(17)
PURPLE = const(18)
ORANGE = const(19)
BROWN = const(20)
GREY = const(21)
PINK = const(22)
CYAN = const(23)
PANEL_MID = const(24)
CUBE = const(40)  # indices 40..255: r, g, b each in 6 steps of 51


def palette():
    """The 256 palette entries as 768 bytes of r, g, b (for hal.display.set_palette)."""
    out = bytearray(768)
    for i in range(len(NAMED)):
        r, g, b = NAMED[i]
        out[3 * i] = r
        out[3 * i + 1] = g
        out[3 * i + 2] = b
    for i in range(216):
        k = 3 * (CUBE + i)
        out[k] = (i // 36) * 51
        out[k + 1] = (i // 6 % 6) * 51
        out[k + 2] = (i % 6) * 51
    return out


def rgb(r, g, b):
    """The palette index of the colour nearest to (r, g, b): a named colour on an exact
    match, else the colour cube."""
    c = (r, g, b)
    if c in NAMED:   # searched in C: a Cubingos opening makes a few dozen of these
        return NAMED.index(c)
    return CUBE + ((r + 25) // 51) * 36 + ((g + 25) // 51) * 6 + (b + 25) // 51


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


def footer(fb, hints, off=()):
    """Button hints along the bottom, e.g. (("A", "Play"), ("B", "Back")); the keys in
    `off` (a tuple of keys as the hints name them, e.g. ("Y",)) are greyed out: they do
    nothing now, as Kocka 10000's X and Y when the pick may not roll or bank."""
    y = H - FOOTER_H
    fb.fill_rect(0, y, W, FOOTER_H, PANEL)
    x = 6
    for key, label in hints:
        kw = font.width(key, font.SMALL) + 6
        dis = key in off
        c = GREY if dis else ACCENT
        # round_rect(fb, x, y + 4, kw, 14, c) written out: a call to it takes its
        # frame from the heap (more than 11 slots), slow on the Pico
        fb.fill_rect(x + 2, y + 4, kw - 4, 14, c)
        fb.fill_rect(x, y + 6, kw, 10, c)
        fb.fill_rect(x + 1, y + 5, kw - 2, 12, c)
        font.draw(fb, key, x + 3, y + 6, BG, font.SMALL)
        x += kw + 4
        x = font.draw(fb, label, x, y + 6, DIM if dis else TEXT, font.SMALL) + 10


def centered(fb, text, y, color=TEXT, fnt=None, scale=1):
    if fnt is None:
        fnt = font.BODY
    font.draw(fb, text, (W - font.width(text, fnt, scale)) // 2, y, color, fnt, scale)


def bar(fb, x, y, w, h, fraction_num, fraction_den, color=ACCENT, track=PANEL_HI):
    """A horizontal gauge (settings levels, progress) on its track."""
    round_rect(fb, x, y, w, h, track)
    fill = (w - 4) * fraction_num // fraction_den if fraction_den else 0
    if fill > 0:
        fb.fill_rect(x + 2, y + 2, fill, h - 4, color)


def scroll_marks(fb, up, down):
    """A list's scroll arrows, in the header's right end: never over a row or a notice."""
    if up:
        font.draw(fb, font.TRI_UP, W - 24, 10, ACCENT, font.SMALL)
    if down:
        font.draw(fb, font.TRI_DOWN, W - 13, 10, ACCENT, font.SMALL)


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


_pause = [None, None, None]  # the last pause box's lines as given, all its lines, its hints


def pause_box(fb, lines=("A  resume", "X  quit the game")):
    """The pause box every game shows over its screen while paused. Its footer replaces
    the game's: while paused only the box's keys work (B resumes too). Every box ends
    with the joystick press's How to play (app.howto)."""
    last = _pause
    if lines != last[0]:
        # the lines and the footer's labels once per box, not per frame (the strings'
        # allocations took 3 ms a frame on the Pico)
        full = tuple(lines) + (font.BULLET + "  rules and controls",)
        hints = []
        for line in full:
            # the footer's label: "resume" -> "Resume", "quit the game" -> "Quit"
            words = line[1:].strip().split(" ")
            what = " ".join(words) if len(words) <= 2 else words[0]
            hints.append((line[0], what[:1].upper() + what[1:]))
        last[0] = tuple(lines)  # (a list given is never equal to it: worked out anew)
        last[1] = full
        last[2] = hints
    lines = last[1]
    h = 46 + 16 * len(lines)
    y = (H - h) // 2 - 10
    # round_rect's fill and centered() written out: each call takes its frame from the
    # heap (more than 11 slots), slow on the Pico
    fb.fill_rect(32, y, W - 64, h, PANEL)
    fb.fill_rect(30, y + 2, W - 60, h - 4, PANEL)
    fb.fill_rect(31, y + 1, W - 62, h - 2, PANEL)
    round_rect(fb, 30, y, W - 60, h, ACCENT, False)
    font.draw(fb, "Paused", (W - font.width("Paused")) // 2, y + 10, ACCENT)
    y += 38
    for line in lines:
        font.draw(fb, line, (W - font.width(line, font.SMALL)) // 2, y, TEXT, font.SMALL)
        y += 16
    footer(fb, last[2])


def ranked(scores):
    """[(rank, player), ...] best first; tied scores share a rank (1, 1, 3)."""
    order = list(range(len(scores)))
    order.sort(key=lambda q: -scores[q])
    out = []
    rank = 0
    for i in range(len(order)):
        if i == 0 or scores[order[i]] != scores[order[i - 1]]:
            rank = i + 1
        out.append((rank, order[i]))
    return out


def count(n, word):
    """'1 game', '2 games'."""
    return "%d %s%s" % (n, word, "" if n == 1 else "s")
