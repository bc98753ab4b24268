"""Drawing Cubo: dice in their colours, the 3x3 grid with cursor and line scores,
the centre dice, and the line-by-line scoring card. Shared by the versus-bots match
and table mode."""

from micropython import const

from hal import api
from app import ui, font, art
from app.screen import is_press

art.fast()  # the dice through the Pico's loop (app/art_thumb.py) where there is one

_C_FACE = const(0)
BODY = {"R": ui.RED, "B": ui.BLUE, "W": ui.WHITE, "Y": ui.YELLOW}
PIPS = {"R": ui.WHITE, "B": ui.WHITE, "W": ui.BLACK, "Y": ui.BLACK}
# Lines in the order line_scores() reports them: rows, then columns.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))


def die(fb, x, y, size, d):
    """One Cubo die (value, colour); None draws an empty slot."""
    if d is None:
        ui.round_rect(fb, x, y, size, size, ui.PANEL_HI, False)
        return
    value, colour = d
    if value == _C_FACE:
        art.die(fb, x, y, size, 0, BODY[colour], PIPS[colour], "C")
    else:
        art.die(fb, x, y, size, value, BODY[colour], PIPS[colour])


class GridLayout:
    """Where the cells of a grid go: origin, die size, gap."""

    def __init__(self, x, y, size, gap):
        self.x = x
        self.y = y
        self.size = size
        self.gap = gap

    def cell_xy(self, i):
        step = self.size + self.gap
        return self.x + (i % 3) * step, self.y + (i // 3) * step

    def right(self):
        return self.x + 3 * self.size + 2 * self.gap

    def bottom(self):
        return self.y + 3 * self.size + 2 * self.gap


def grid(fb, lay, cells, cursor=-1, picked=-1, lit=None):
    """Draws 9 cells; `lit` is a set of cells drawn raised (a highlighted scoring line)."""
    size = lay.size
    for i in range(9):
        x, y = lay.cell_xy(i)
        if lit is not None and i in lit:
            ui.round_rect(fb, x - 3, y - 3, lay.size + 6, lay.size + 6, ui.ACCENT)
        if i == picked:
            y -= 3
        # die() written out: a call costs a frame from the heap (slow on the Pico)
        d = cells[i]
        if d is None:
            ui.round_rect(fb, x, y, size, size, ui.PANEL_HI, False)
        else:
            c = d[1]
            art.die(fb, x, y, size, d[0], BODY[c], PIPS[c], "C" if d[0] == _C_FACE else None)
        if i == picked:
            ui.round_rect(fb, x - 2, y - 2, lay.size + 4, lay.size + 4, ui.GOOD, False)
        if i == cursor:
            ui.round_rect(fb, x - 3, y - 3, lay.size + 6, lay.size + 6, ui.ACCENT, False)
            ui.round_rect(fb, x - 2, y - 2, lay.size + 4, lay.size + 4, ui.ACCENT, False)


def move_cell(c, ev):
    """The grid cell the joystick moves cursor `c` to (wrapping at the edges), or -1 when
    `ev` is not a joystick move."""
    if is_press(ev, api.LEFT):
        return c - 1 if c % 3 else c + 2
    if is_press(ev, api.RIGHT):
        return c + 1 if c % 3 != 2 else c - 2
    if is_press(ev, api.UP):
        return (c - 3) % 9
    if is_press(ev, api.DOWN):
        return (c + 3) % 9
    return -1


def line_tags(fb, lay, scores):
    """Each line's points beside its row (right) and under its column; doubled lines gold."""
    for k in range(6):
        kind, value, doubled, points = scores[k]
        text = str(points) if kind else "-"
        color = ui.ACCENT if doubled else (ui.TEXT if kind else ui.DIM)
        if k < 3:
            x = lay.right() + 3
            y = lay.y + k * (lay.size + lay.gap) + (lay.size - 10) // 2
        else:
            x = lay.x + (k - 3) * (lay.size + lay.gap) + (lay.size - font.width(text, font.SMALL)) // 2
            y = lay.bottom() + 2
        font.draw(fb, text, x, y, color, font.SMALL)


def describe_line(entry):
    kind, value, doubled, points = entry
    if not kind:
        return "nothing"
    text = ("run to %d" if kind == "run" else "set of %d") % value
    if doubled:
        text += ", one colour x2"
    return text


def countdown_leds(lights, seconds_left):
    """The table countdown on the LEDs: one of six goes out each second."""
    colors = []
    for i in range(6):
        colors.append((255, 90, 20) if i < seconds_left else (0, 0, 0))
    lights.show_colors(colors)


class ScoreCard:
    """The line-by-line reveal of a scored grid: one line lights up every STEP_MS."""

    STEP_MS = 450

    def __init__(self, cells, scores, start):
        self.cells = cells
        self.scores = scores
        self.start = start

    def shown(self, now):
        return min(6, (now - self.start) // self.STEP_MS)

    def done(self, now):
        return self.shown(now) >= 6

    def animating(self, now):
        """True until the frame after the last line lit up (so the end state gets drawn)."""
        return now - self.start < 7 * self.STEP_MS

    def total(self, upto=6):
        return sum(self.scores[k][3] for k in range(upto))

    def draw(self, fb, lay, now, x_text):
        n = self.shown(now)
        lit = None
        if 0 < n <= 6 and not self.done(now):
            lit = LINES[n - 1]
        grid(fb, lay, self.cells, lit=lit)
        y = lay.y
        for k in range(6):
            label = ("Row %d" % (k + 1)) if k < 3 else ("Col %d" % (k - 2))
            entry = self.scores[k]
            color = ui.DIM
            if k < n:
                color = ui.ACCENT if entry[2] else (ui.TEXT if entry[0] else ui.DIM)
            font.draw(fb, label, x_text, y, ui.DIM, font.SMALL)
            if k < n:
                font.draw_right(fb, str(entry[3]), ui.W - 6, y, color, font.SMALL)
            y += 12
        total = self.total(n)
        font.draw(fb, "Total", x_text, y + 6, ui.TEXT)
        font.draw_right(fb, str(total), ui.W - 6, y + 6, ui.ACCENT)
        if 0 < n <= 6 and not self.done(now):
            ui.centered(fb, describe_line(self.scores[n - 1]), lay.bottom() + 6, ui.TEXT, font.SMALL)
