"""app.font's draw, width and draw_wrapped through hal.kernels.text, the Pico's Thumb loop.

use() swaps the font module's draw, width and draw_wrapped for versions that hand whole
lines to the loop when it goes to the display's frame at scale 1 with its rows inside the frame, and
call the plain ones otherwise (other frames, scaled text, rows off the frame): the same
pixels and the same results, tested against each other on the emulated Pico. The lines
of wrapped text are found a word a call of the loop (lines_of), font.wrap's lines. A module
of its own, loaded only where the loop runs, so its names are never interned elsewhere
(MicroPython keeps every interned name for good).

Speed on the Pico: a MicroPython function whose locals and stack need more than 11
slots gets its call frame from the heap, at every call, and in a game's fragmented heap
that search cost 50-400 us a call; an attribute or global lookup costs 7-14 us. So
draw() and width() keep within 11 slots and look up little (see draw()).
"""

from micropython import const
from array import array

_FAR = const(1 << 20)  # a start x that puts every glyph off the frame: the loop only measures


# what draw() needs, set by use(): the display's frame, its buffer's address, the loop,
# the plain draw and the default font
fb = base = line = plain_draw = body = None
# the arguments of a call draw() hands to the plain draw (see slow())
args = [None] * 7
wmax = 0  # glyphs in a word before font.wrap() breaks it (set by use())


def draw(target, text, x, y, color, fnt=None, scale=1):
    # Kept within 11 slots of locals and stack, so MicroPython puts its frame on the C
    # stack: a larger one is allocated on the heap at every call, and in a game's
    # fragmented heap that search cost 50-400 us a call on the Pico. Hence the reused
    # arguments (scale holds the job, y the row, color the length) and the plain path
    # called through `args`. Few lookups (an attribute or a global costs 7-14 us there):
    # all the loop needs is in the font's job (word 15: its top row). Bytecode, not
    # native code: native was 10 % faster here for 1 KB more of RAM.
    if fnt is None:
        fnt = body
    if target is fb and scale == 1:
        scale = fnt.job
        y += scale[15]
        if y >= 0 and y + scale[2] <= 240:
            if not isinstance(text, str):
                text = str(text)
            scale[0] = base + y * 240
            scale[1] = x
            scale[4] = color
            color = len(text)
            line(scale, text, color)
            return scale[1]
        y -= scale[15]
        scale = 1
    args[0] = target
    args[1] = text
    args[2] = x
    args[3] = y
    args[4] = color
    args[5] = fnt
    args[6] = scale
    return slow()


def slow():
    a = args
    r = plain_draw(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
    a[0] = a[1] = None
    return r


def width(text, fnt=None, scale=1):
    if fnt is None:
        fnt = body
    if not isinstance(text, str):
        text = str(text)
    # with every column off the frame the loop draws nothing and sums the advances
    job = fnt.job
    job[1] = -_FAR
    line(job, text, len(text))
    return (job[1] + _FAR) * scale


def lines_of(text, max_w, fnt, out, wmax):
    """font.wrap(text, max_w, fnt, 1, out) with each word measured by the loop in one
    call (font.wrap takes a Python step a glyph: 10-16 ms for a two-line prompt on the
    Pico). False for a text with a word font.wrap breaks inside (more than wmax glyphs,
    or wider than a line): the caller asks font.wrap then.
    An ASCII text is walked as its bytes: on the Pico a new str (a slice, a character)
    costs 60-150 us, most of it looking for an interned string of that text, a bytes
    slice a fraction of that; the loop reads either."""
    del out[:]
    n = len(text)
    s = text.encode()
    if len(s) == n:
        blank = b" \n"
        job = fnt.job
    else:       # characters are not bytes: the str's own indices
        s = text
        blank = " \n"
        job = None
    space = blank[0]    # an int from bytes, a str from a str
    newline = blank[1]
    space_s = blank[0:1]
    newline_s = blank[1:2]
    blank_at = s.find
    x = sp = sps = end = i = 0
    start = -1      # the line's first character; -1: nothing on the line yet
    while i < n:
        c = s[i]
        if c == space:
            if not sp:
                sps = i
            sp += fnt.widths[0]
            i += 1
        elif c == newline:
            out.append(text[start:end] if start >= 0 else "")
            x = sp = 0
            start = -1
            i += 1
        else:
            j = blank_at(space_s, i)
            c = blank_at(newline_s, i)
            if j < 0 or 0 <= c < j:
                j = c if c >= 0 else n
            if job is None:
                c = width(text[i:j], fnt)
            else:   # width() on the word's bytes
                job[1] = -_FAR
                line(job, s[i:j], j - i)
                c = job[1] + _FAR
            if j - i > wmax or c > max_w:
                return False
            if start >= 0 and x + sp + c > max_w:
                out.append(text[start:end])
                x = sp = 0
                start = -1
            if start < 0:
                start = sps if sp else i   # spaces after a break vanish, not at the start
            x += sp + c
            sp = 0
            end = i = j
    if start >= 0:
        out.append(text[start:end])
    return True


def use(font, target, buf):
    """font: the app.font module; target over buf the display's 240x240 GS8 frame.
    Returns True if text now goes through the loop."""
    from hal import kernels
    if not kernels.load() or len(buf) != 57600:
        return False
    import uctypes
    a = uctypes.addressof
    for f in (font.SMALL, font.BODY):
        f.codes = array("H", [ord(ch) for ch in f.extra])
        # kernels.text's job: the row address, x and colour change per call; one word
        # more for draw(): the font's top row
        f.job = array("i", [0] * (kernels.TEXT_JOB + 1))
        fixed = (f.rows, f.stride, 0, a(f.data), a(f.widths), a(f.offs), a(f.codes),
                 len(f.codes), f.replacement)
        for k in range(len(fixed)):
            f.job[2 + k] = fixed[k]
        f.job[kernels.TEXT_JOB] = f.top
    global fb, base, line, plain_draw, body, wmax
    fb = target
    base = a(buf)
    line = kernels.text
    plain_draw = font.draw
    body = font.BODY
    plain_wrapped = font.draw_wrapped
    target0 = target
    wrap = font.wrap
    wmax = len(font._word)
    lines = []

    last = [None, 0, None]  # the text, width and font the lines are of

    def draw_wrapped(target, text, x, y, max_width, color, fnt=body, scale=1,
                     line_height=0):
        # the lines wrap() finds (the ones the plain version lays out glyph by glyph),
        # each drawn in one call; found again only for another text (a prompt is drawn
        # unchanged frame after frame, and wrap() allocates: slow in a fragmented heap)
        if target is not target0 or scale != 1:
            return plain_wrapped(target, text, x, y, max_width, color, fnt, scale,
                                 line_height)
        lh = line_height or fnt.height
        if text != last[0] or max_width != last[1] or fnt is not last[2]:
            if not (isinstance(text, str) and lines_of(text, max_width, fnt, lines, wmax)):
                wrap(text, max_width, fnt, 1, lines)
            last[0] = text
            last[1] = max_width
            last[2] = fnt
        for line in lines:
            draw(target, line, x, y, color, fnt)
            y += lh
        return y

    font.draw = draw
    font.width = width
    font.draw_wrapped = draw_wrapped
    font.fast_frame = (target, base)
    # use() runs once: its code is then freed (about 400 bytes of the Pico's heap, where
    # a game's peak leaves little)
    global use
    use = None
    return True

