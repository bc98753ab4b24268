"""Dice faces, drawn for every screen that shows dice."""

from app import ui, font

# Each face's pips as bits of a 3 x 3 lattice: bit 3 * row + column.
PIPS = (0, 16, 257, 273, 325, 341, 365)
# Where app/font_fast.py's loop draws into the display's frame (the Pico), die() draws
# there through app/art_thumb.py's loop: the frame, the loop's job and the loop (set by
# fast()).
_frame = _job = _loop = None
_args = [None] * 8  # the arguments of a die drawn by framebuf calls (see die())


def die(fb, x, y, size, value, body=ui.WHITE, pip=ui.BLACK, label=None):
    """A die face `size` px square at (x, y), its shadow 2 px down and right. value 0 with
    `label` draws a letter face."""
    # Kept within 11 slots of locals and stack: a larger frame comes from the heap at
    # every call (slow on the Pico). Hence `fb` reused for the loop's job and the
    # framebuf path called with its arguments in _args.
    if fb is _frame and size > 5 and x >= 0 and y >= 0 and x + size < 239 \
            and y + size < 239 and value >= 0 and value < 7:
        fb = _job
        fb[0] = y * 240 + x
        fb[1] = size
        fb[2] = body
        fb[3] = pip
        fb[4] = PIPS[value]
        _loop(fb)
        if value or not label:
            return
        fb = _frame
        body = None  # drawn: the letter is left
    _args[0] = fb
    _args[1] = x
    _args[2] = y
    _args[3] = size
    _args[4] = value
    _args[5] = body
    _args[6] = pip
    _args[7] = label
    _calls()


def _calls():
    """die() by framebuf calls (or its letter only), its arguments in _args."""
    fb, x, y, size, value, body, pip, label = _args
    _args[0] = None
    if body is not None:  # (None: the loop drew the face)
        ui.round_rect(fb, x + 2, y + 2, size, size, ui.SHADOW)
        ui.round_rect(fb, x, y, size, size, body)
    if 1 <= value <= 6:
        r = max(1, size // 10)
        step = (size - 2 * (size // 5)) // 2
        x0 = x + size // 5
        y0 = y + size // 5
        value = PIPS[value]
        for i in range(9):
            if not value >> i & 1:
                continue
            px = x0 + i % 3 * step
            py = y0 + i // 3 * step
            fb.fill_rect(px - r, py - r + 1, 2 * r + 1, 2 * r - 1, pip)
            fb.fill_rect(px - r + 1, py - r, 2 * r - 1, 2 * r + 1, pip)
    elif label:
        scale = max(1, size // 20)
        tw = font.width(label, font.BODY, scale)
        th = font.height(font.BODY, scale)
        font.draw(fb, label, x + (size - tw) // 2, y + (size - th) // 2, pip, font.BODY, scale)


def fast():
    """From now on die() draws into the display's frame through the Pico's loop, where
    there is one (screens that draw dice frame after frame call this as they load: the
    loop's code is then in RAM while art is)."""
    global _frame, _job, _loop
    if font.fast_frame is None or _loop is not None:
        return
    try:
        from app import art_thumb as t
    except Exception:  # no inline assembler here
        return
    _job = t.job
    _loop = t.die
    _frame = font.fast_frame[0]
