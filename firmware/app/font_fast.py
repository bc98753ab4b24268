"""The Pico's fast text and boxes: app.font's draw, width and draw_wrapped through
hal.kernels.text, the Thumb loop, and native-code twins of the helpers every screen
calls most (font.draw_right, font.draw_centered, ui.round_rect).

use() swaps the font module's draw, width and draw_wrapped for versions that hand whole
lines to the loop when it goes to the display's frame at scale 1 with its rows inside the frame, and
call the plain ones otherwise (other frames, scaled text, rows off the frame): the same
pixels and the same results, tested against each other on the emulated Pico.

Why the twins: a MicroPython function whose locals and stack need more than 11 slots
gets its call frame from the heap, at every call, and in a game's fragmented heap that
search cost 50-400 us a call on the Pico (a Coloretto table made about 70 such calls).
Native code keeps its frame on the C stack. The twins are the plain functions' code,
compiled natively (this module is built for armv6m: tools/build_bundle.py THUMB), and
replace them outright: the same framebuf calls, so the same pixels (tested on the
emulated Pico). A module of its own, loaded only where the loop runs, so its names are
never interned elsewhere (MicroPython keeps every interned name for good).
"""
from array import array

import micropython

FAR = 1 << 20  # a start x that puts every glyph off the frame: the loop only measures


# what draw() needs, set by use(): the display's frame, its buffer's address, the loop,
# the plain draw and the default font
fb = base = line = plain_draw = body = None
# the arguments of a call draw() hands to the plain draw (see slow())
args = [None] * 7


def draw(target, text, x, y, color, fnt=None, scale=1):
    # Kept within 11 slots of locals and stack, so MicroPython puts its frame on the C
    # stack: a larger one is allocated on the heap at every call, and in a game's
    # fragmented heap that search cost 50-400 us a call on the Pico. Hence the reused
    # arguments (scale holds the job, y the row, color the length) and the plain path
    # called through `args`. Few lookups (an attribute or a global costs 7-14 us there):
    # all the loop needs is in the font's job (word 15: its top row). Bytecode, not
    # native code: native was 10 % faster here and 1 KB more of RAM.
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
    if a[6] != 1 and a[0] is fb:
        r = scaled(a[1], a[2], a[3], a[4], a[5], a[6])
    else:
        r = plain_draw(a[0], a[1], a[2], a[3], a[4], a[5], a[6])
    a[0] = a[1] = None
    return r


def scaled(text, x, y, color, f, s):
    """Text at scale s into the display's frame: the fill_rect calls of the plain path,
    from each glyph's runs worked out once (f.runs) instead of bit by bit each time."""
    if not isinstance(text, str):
        text = str(text)
    y += f.top * s
    cache = f.runs
    widths = f.widths
    for ch in text:
        o = ord(ch)
        if 32 <= o < 127:
            i = o - 32
        else:
            i = f.extra.find(ch)
            i = 95 + i if i >= 0 else f.replacement
        r = cache.get(i)
        if r is None:
            r = cache[i] = runs_of(f, i)
        for k in range(0, len(r), 4):
            fb.fill_rect(x + r[k] * s, y + r[k + 1] * s, r[k + 2] * s, r[k + 3] * s, color)
        x += widths[i] * s
    return x


def runs_of(f, i):
    """Glyph i as the rectangles app.font's scaled path fills, 4 bytes each (column, row,
    width, height in font pixels): each horizontal run of lit pixels, as tall as the
    identical rows that follow. A few dozen bytes a glyph, kept for the glyphs drawn
    scaled (big digits, the Cubo C face, the logo)."""
    w = f.widths[i]
    p0 = f.offs[i]
    data = f.data
    n = len(data)
    shift = 24 - (p0 & 7) - w
    mask = (1 << w) - 1
    rows = f.rows
    pat = [0] * rows
    b = p0 >> 3
    for r in range(rows):
        v = data[b] << 16
        if b + 2 < n:
            v |= (data[b + 1] << 8) | data[b + 2]
        elif b + 1 < n:
            v |= data[b + 1] << 8
        pat[r] = (v >> shift) & mask
        b += f.stride
    out = bytearray()
    r = 0
    while r < rows:
        v = pat[r]
        k = 1
        while r + k < rows and pat[r + k] == v:
            k += 1
        if v:
            run = -1
            for c in range(w + 1):
                if c < w and (v >> (w - 1 - c)) & 1:
                    if run < 0:
                        run = c
                elif run >= 0:
                    out.append(run)
                    out.append(r)
                    out.append(c - run)
                    out.append(k)
                    run = -1
        r += k
    return bytes(out)


def width(text, fnt=None, scale=1):
    if fnt is None:
        fnt = body
    if not isinstance(text, str):
        text = str(text)
    # with every column off the frame the loop draws nothing and sums the advances
    job = fnt.job
    job[1] = -FAR
    line(job, text, len(text))
    return (job[1] + FAR) * scale


@micropython.native
def draw_right(fb, text, right, y, color, font=None, scale=1):
    if font is None:
        font = body
    x = right - width(text, font, scale)
    draw(fb, text, x, y, color, font, scale)
    return x


@micropython.native
def draw_centered(fb, text, x, y, w, h, color, font=None, scale=1):
    # the last glyph's right-side spacing column does not count for centring
    if font is None:
        font = body
    tx = x + (w - width(text, font, scale) + scale) // 2
    ty = y + (h - font.cap * scale) // 2 - (font.baseline - font.cap) * scale
    draw(fb, text, tx, ty, color, font, scale)
    return tx


@micropython.native
def round_rect(fb, x, y, w, h, color, fill=True):
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


def use(font, target, buf):
    """font: the app.font module; target over buf the display's 240x240 GS8 frame.
    Returns True if text now goes through the loop (and the twins are in, app.ui's
    round_rect too)."""
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
        f.runs = {}
    global fb, base, line, plain_draw, body
    fb = target
    base = a(buf)
    line = kernels.text
    plain_draw = font.draw
    body = font.BODY
    plain_wrapped = font.draw_wrapped
    target0 = target
    wrap = font.wrap
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
    font.draw_right = draw_right
    font.draw_centered = draw_centered
    from app import ui
    ui.round_rect = round_rect
    # for app/cubingos_iso.py: where hal.kernels.spans may draw, the loop, and runs()
    kernels.fb = (target, kernels.spans, runs)
    return True


def runs(draw, args, w, h, x0, y0):
    """The runs of colour 1 draw(fb, *args) sets in a w x h scratch frame fb whose top
    left stands for (x0, y0), as hal.kernels.spans takes them: found with bytes.find row
    by row (few allocations, each slow in a game's fragmented heap; no Python loop over
    pixels)."""
    import framebuf
    buf = bytearray(w * h)
    draw(framebuf.FrameBuffer(buf, w, h, framebuf.GS8), *args)
    b = bytes(buf)
    out = bytearray(3 * (w // 2 + 1) * h)   # the most runs rows of w bytes can hold
    n = 0
    for r in range(h):
        at = r * w
        end = at + w
        c = b.find(b"\x01", at, end)
        while c >= 0:
            e = b.find(b"\x00", c, end)
            if e < 0:
                e = end
            out[n] = r + y0 + 64
            out[n + 1] = c - at + x0 + 64
            out[n + 2] = e - c
            n += 3
            c = b.find(b"\x01", e, end)
    return bytes(memoryview(out)[:n])
