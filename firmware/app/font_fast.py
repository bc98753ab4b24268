"""app.font's draw, width and draw_wrapped through hal.kernels.text, the Pico's Thumb loop.

use() swaps the font module's draw, width and draw_wrapped for versions that hand whole
lines to the loop when it goes to the display's frame at scale 1 with its rows inside the frame, and
call the plain ones otherwise (other frames, scaled text, rows off the frame): the same
pixels and the same results, tested against each other on the emulated Pico. A module
of its own, loaded only where the loop runs, so its names are never interned elsewhere
(MicroPython keeps every interned name for good).
"""
from array import array

FAR = 1 << 20  # a start x that puts every glyph off the frame: the loop only measures


def use(font, fb, buf):
    """font: the app.font module; fb over buf the display's 240x240 GS8 frame. Returns
    True if text now goes through the loop."""
    from hal import kernels
    if not kernels.load() or len(buf) != 57600:
        return False
    import uctypes
    a = uctypes.addressof
    base = a(buf)
    for f in (font.SMALL, font.BODY):
        f.codes = array("H", [ord(ch) for ch in f.extra])
        # kernels.text's job: the row address, x and colour change per call
        f.job = array("i", [0] * kernels.TEXT_JOB)
        fixed = (f.rows, f.stride, 0, a(f.data), a(f.widths), a(f.offs), a(f.codes),
                 len(f.codes), f.replacement)
        for k in range(len(fixed)):
            f.job[2 + k] = fixed[k]
        f.jaddr = a(f.job)
    plain_draw = font.draw
    plain_width = font.width
    line = kernels.text
    body = font.BODY

    def draw(target, text, x, y, color, fnt=body, scale=1):
        if target is fb and scale == 1:
            yy = y + fnt.top
            if yy >= 0 and yy + fnt.rows <= 240:
                if not isinstance(text, str):
                    text = str(text)
                job = fnt.job
                job[0] = base + yy * 240
                job[1] = x
                job[4] = color
                line(fnt.jaddr, text, len(text))
                return job[1]
        return plain_draw(target, text, x, y, color, fnt, scale)

    def width(text, fnt=body, scale=1):
        if not isinstance(text, str):
            text = str(text)
        # with every column off the frame the loop draws nothing and sums the advances
        job = fnt.job
        job[1] = -FAR
        line(fnt.jaddr, text, len(text))
        return (job[1] + FAR) * scale

    plain_wrapped = font.draw_wrapped
    wrap = font.wrap
    lines = []

    def draw_wrapped(target, text, x, y, max_width, color, fnt=body, scale=1,
                     line_height=0):
        # the lines wrap() finds (the ones the plain version lays out glyph by glyph),
        # each drawn in one call
        if target is not fb or scale != 1:
            return plain_wrapped(target, text, x, y, max_width, color, fnt, scale,
                                 line_height)
        lh = line_height or fnt.height
        wrap(text, max_width, fnt, 1, lines)
        for line in lines:
            draw(target, line, x, y, color, fnt)
            y += lh
        return y

    font.draw = draw
    font.width = width
    font.draw_wrapped = draw_wrapped
    return True
