"""Drawn pictures shared by screens: dice faces and the Kocka logo."""

from app import ui, font

# Pip positions on a 3x3 lattice (col, row), per face value.
PIPS = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


def die(fb, x, y, size, value, body=ui.WHITE, pip=ui.BLACK, label=None):
    """A die face `size` px square at (x, y). value 0 with `label` draws a letter face."""
    ui.round_rect(fb, x + 2, y + 2, size, size, ui.SHADOW)
    ui.round_rect(fb, x, y, size, size, body)
    if 1 <= value <= 6:
        r = max(1, size // 10)
        step = (size - 2 * (size // 5)) // 2
        x0 = x + size // 5
        y0 = y + size // 5
        for cx, cy in PIPS[value]:
            px = x0 + cx * step
            py = y0 + cy * step
            fb.fill_rect(px - r, py - r + 1, 2 * r + 1, 2 * r - 1, pip)
            fb.fill_rect(px - r + 1, py - r, 2 * r - 1, 2 * r + 1, pip)
    elif label:
        scale = max(1, size // 20)
        tw = font.width(label, font.BODY, scale)
        th = font.height(font.BODY, scale)
        font.draw(fb, label, x + (size - tw) // 2, y + (size - th) // 2, pip, font.BODY, scale)


def logo(fb, y):
    """Two tumbling dice and the name: the boot and about screens' mark."""
    die(fb, 64, y, 44, 5, ui.RED, ui.WHITE)
    die(fb, 132, y + 10, 44, 3, ui.BLUE, ui.WHITE)
    ui.centered(fb, "KOCKA", y + 64, ui.ACCENT, font.BODY, 3)
