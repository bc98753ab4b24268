"""A framebuf scene drawn identically under MicroPython and CPython, dumped to files.

Every FrameBuffer method but text() (which our CPython module deliberately
leaves out) runs against every pixel format with edge cases:
clipping at each edge, negative coordinates, zero and negative sizes,
out-of-range colours, ellipse quadrant masks, filled polygons of awkward
shapes, blit with keys, palettes, tuple sources and self-overlap, and scroll.
Each section starts from a clean buffer and is saved as its own snapshot, so
one wrong pixel cannot be hidden by later drawing. Pixel reads and the error
types of invalid calls go into log.txt.

    MicroPython:  node tests/mp/mprun.mjs --out DIR tests/mp/fb_scene.py   (writes /out)
    CPython:      PYTHONPATH=simulator/mpcompat python tests/mp/fb_scene.py DIR

Output: <buffer>_<section>.bin, manifest.txt ("file format width height stride"
per line, for decoding mismatches), log.txt. Written in the MicroPython subset.
"""

import sys
from array import array

import framebuf

# (name, format, width, height, stride or None): odd sizes and wider strides so
# partial bytes, padding pixels and the MONO_VLSB partial band are all exercised.
SMALL_BUFFERS = (
    ("rgb565", framebuf.RGB565, 37, 29, 40),
    ("gs8", framebuf.GS8, 37, 29, None),
    ("gs8s", framebuf.GS8, 30, 11, 35),
    ("gs4", framebuf.GS4_HMSB, 37, 29, None),
    ("gs4s", framebuf.GS4_HMSB, 31, 9, 35),
    ("gs2", framebuf.GS2_HMSB, 37, 29, None),
    ("gs2s", framebuf.GS2_HMSB, 30, 9, 33),
    ("hlsb", framebuf.MONO_HLSB, 37, 29, None),
    ("hlsbs", framebuf.MONO_HLSB, 30, 10, 45),
    ("hmsb", framebuf.MONO_HMSB, 37, 29, None),
    ("vlsb", framebuf.MONO_VLSB, 37, 29, None),
    ("vlsbs", framebuf.MONO_VLSB, 30, 13, 41),
)
# Drawn through a memoryview of the bytearray instead of the bytearray itself.
VIEW_BUFFERS = (
    ("rgb565mv", framebuf.RGB565, 29, 23, None),
    ("gs4mv", framebuf.GS4_HMSB, 29, 23, 31),
    ("hmsbmv", framebuf.MONO_HMSB, 21, 17, None),
)

# Colours beyond every format's range, negatives and 32-bit values included.
COLOURS = (1, 0, 2, 3, 0x5A, 0xF00F, 0x1ABCD, -1, -2, 7, 0x7FFF0003, -0x7FFFFFF0, 0xC, 0x0800)

BITS = {framebuf.MONO_VLSB: 1, framebuf.MONO_HLSB: 1, framebuf.MONO_HMSB: 1,
        framebuf.GS2_HMSB: 2, framebuf.GS4_HMSB: 4, framebuf.GS8: 8, framebuf.RGB565: 16}
ALIGN = {framebuf.MONO_HLSB: 8, framebuf.MONO_HMSB: 8, framebuf.GS2_HMSB: 4,
         framebuf.GS4_HMSB: 2}


def out_dir():
    if sys.implementation.name == "micropython":
        return "/out"
    return sys.argv[1]


def padded_stride(fmt, width, stride):
    a = ALIGN.get(fmt, 1)
    return (stride + a - 1) // a * a


def buffer_for(fmt, width, height, stride=None, pattern=0xA5):
    """A buffer with some spare bytes, pre-filled so stray writes show."""
    stride = padded_stride(fmt, width, stride or width)
    if fmt == framebuf.MONO_VLSB:
        size = (height + 7) // 8 * stride
    else:
        size = stride * height * BITS[fmt] // 8
    return bytearray(bytes((pattern,)) * (size + 5))


class Dump:
    """Collects buffer snapshots, a manifest to decode them, and a text log."""

    def __init__(self):
        self.dir = out_dir()
        self.manifest = []
        self.lines = []

    def save(self, name, buf, fmt, width, height, stride):
        f = open(self.dir + "/" + name + ".bin", "wb")
        f.write(buf)
        f.close()
        self.manifest.append("%s.bin %d %d %d %d" % (name, fmt, width, height,
                                                     padded_stride(fmt, width, stride or width)))

    def log(self, *items):
        self.lines.append(" ".join([str(i) for i in items]))

    def attempt(self, label, fn):
        """Logs a call's result or the type of its exception."""
        try:
            self.log(label, "->", fn())
        except Exception as e:  # the type is what both runtimes must agree on
            self.log(label, "raises", type(e).__name__)

    def close(self):
        for name, lines in (("manifest.txt", self.manifest), ("log.txt", self.lines)):
            f = open(self.dir + "/" + name, "w")
            f.write("\n".join(lines) + "\n")
            f.close()


class Target:
    """One framebuffer under test plus what is needed to snapshot it."""

    def __init__(self, dump, name, fmt, width, height, stride=None, view=False):
        self.dump = dump
        self.name = name
        self.fmt = fmt
        self.w = width
        self.h = height
        self.stride = stride
        self.buf = buffer_for(fmt, width, height, stride)
        target = memoryview(self.buf) if view else self.buf
        if stride is None:
            self.fb = framebuf.FrameBuffer(target, width, height, fmt)
        else:
            self.fb = framebuf.FrameBuffer(target, width, height, fmt, stride)
        self.k = 0

    def col(self):
        """The next colour in the cycle, so neighbouring shapes differ."""
        self.k += 1
        return COLOURS[self.k % len(COLOURS)]

    def scramble(self, seed):
        """Fills the whole buffer, padding included, with a varied byte pattern."""
        pattern = bytes([(i * 73 + seed * 29 + (i >> 3)) & 0xFF for i in range(251)])
        n = len(self.buf)
        self.buf[:] = (pattern * (n // 251 + 1))[:n]

    def snap(self, section):
        self.dump.save(self.name + "_" + section, self.buf, self.fmt, self.w, self.h, self.stride)


def edge_positions(size):
    return (-9, -1, 0, 1, size // 3, size - 2, size - 1, size, size + 4)


def edge_lengths(size):
    return (-4, -1, 0, 1, 2, 5, size - 1, size, size + 12)


def section_fill(t):
    for c in (0x1ABCD, -1, 0x5A3C, 6, 0):
        t.fb.fill(c)
        t.snap("fill%d" % (c & 0xFF))


def section_rects(t):
    fb, w, h = t.fb, t.w, t.h
    fb.fill(0)
    for x in edge_positions(w):
        for rw in edge_lengths(w):
            fb.fill_rect(x, h // 4, rw, 3, t.col())
    for y in edge_positions(h):
        for rh in edge_lengths(h):
            fb.fill_rect(w // 4, y, 3, rh, t.col())
    t.snap("fill_rect")

    fb.fill(0)
    for x in edge_positions(w):
        for n in edge_lengths(w):
            fb.hline(x, (x + n) % h, n, t.col())
    for y in edge_positions(h):
        for n in edge_lengths(h):
            fb.vline((y * 3 + n) % w, y, n, t.col())
    fb.hline(0, -1, w, 3)
    fb.hline(0, h, w, 3)
    fb.vline(-1, 0, h, 3)
    fb.vline(w, 0, h, 3)
    t.snap("hvline")

    fb.fill(0)
    for x in edge_positions(w):
        for rw in (-3, 0, 1, 2, 7, w + 11):
            fb.rect(x, x % h - 2, rw, 6, t.col())
    for y in edge_positions(h):
        for rh in (-3, 0, 1, 2, 7, h + 11):
            fb.rect(y % w - 2, y, 5, rh, t.col())
    fb.rect(0, 0, w, h, t.col())
    fb.rect(2, 2, w - 4, h - 4, t.col(), True)
    fb.rect(4, 4, w - 8, h - 8, t.col(), False)
    fb.rect(-3, -3, 8, 8, t.col(), 1)
    fb.rect(w - 4, h - 4, 9, 9, t.col(), [1])
    fb.rect(w // 2, h // 2, 6, 5, t.col(), 0)
    fb.rect(w // 2, 1, 1, 1, t.col())
    t.snap("rect")


def section_lines(t):
    fb, w, h = t.fb, t.w, t.h
    fb.fill(0)
    pts = ((-5, -3), (0, 0), (w - 1, 0), (w // 2, h // 3), (w + 4, h // 2),
           (3, h - 1), (w - 1, h - 1), (w // 3, h + 6), (-7, h // 2))
    for a in pts:
        for b in pts:
            fb.line(a[0], a[1], b[0], b[1], t.col())
    t.snap("lines_mesh")

    fb.fill(0)
    cx, cy = w // 2, h // 2
    for dx in (-12, -7, -3, -1, 0, 1, 3, 7, 12):
        for dy in (-11, -6, -2, -1, 0, 1, 2, 6, 11):
            fb.line(cx, cy, cx + dx, cy + dy, t.col())
    fb.line(-40, -30, w + 40, h + 25, t.col())
    fb.line(w + 40, -30, -40, h + 25, t.col())
    fb.line(-100, 5, -1, 5, t.col())
    fb.line(5, -100, 5, -1, t.col())
    fb.line(2, 2, 2, 2, t.col())
    fb.line(-1, -1, -1, -1, t.col())
    t.snap("lines_star")


def section_ellipses(t):
    fb, w, h = t.fb, t.w, t.h
    cases = ((w // 2, h // 2, w // 3, h // 4), (0, 0, 5, 5), (w - 1, h - 1, 7, 3),
             (w // 2, -2, 4, 6), (w // 2, h // 2, 0, 0), (w // 2, h // 2, 0, 5),
             (w // 2, h // 2, 6, 0), (5, 5, -3, 4), (5, 5, 3, -4), (6, 6, -3, -3),
             (w // 2, h // 2, w, h), (w // 2, h // 2, 1, 1), (2, 2, 1, 2),
             (w + 3, h // 2, 5, 5), (-4, -4, 6, 6), (w // 3, h // 3, 9, 1))
    for fill in (False, True):
        for n, (cx, cy, xr, yr) in enumerate(cases):
            fb.fill(0)
            fb.ellipse(cx, cy, xr, yr, t.col(), fill)
            for m in range(16):
                fb.ellipse(cx + m - 8, cy + (m % 3), xr // 2 + 1, yr // 2, t.col(), fill, m)
            fb.ellipse(cx, cy, xr + 2, yr + 1, t.col(), fill, 0x35)
            fb.ellipse(cx, cy, xr, yr, t.col(), fill, -1)
            t.snap("ellipse%d%s" % (n, "f" if fill else ""))
    fb.fill(0)
    fb.ellipse(1, 1, 0, 0, 5, False, 0)  # no quadrant: no pixel
    fb.ellipse(3, 1, 0, 0, 5, True, 0x10)
    fb.ellipse(5, 1, 0, 0, 5, True, 4)
    fb.ellipse(7, 1, 0, 0, 5)
    fb.ellipse(w // 2 + 3, h // 2, 3, 2, 7)
    fb.ellipse(w // 2 - 3, h // 2, 3, 2, 7, "yes")
    t.snap("ellipse_misc")


def poly_shapes(w, h):
    return (
        (0, 0, w // 2, h - 1, w - 1, h // 3),                      # triangle
        (0, 0, 10, 0, 10, 8, 0, 8),                                # box: flat edges
        (0, 0, 12, 6, 0, 12, 4, 6),                                # arrow: concave
        (6, 0, 8, 5, 13, 5, 9, 8, 11, 13, 6, 10, 1, 13, 3, 8, -1, 5, 4, 5),  # star
        (0, 0, 12, 12, 12, 0, 0, 12),                              # bow tie
        (0, 5, 4, 0, 8, 5, 12, 0, 16, 5, 8, 12),                   # crown: two minima
        (3, 3),                                                    # one point
        (1, 1, 9, 4),                                              # two points
        (0, 0, 5, 5, 10, 10),                                      # collinear
        (0, 0, 9, 2, 4, 9, 7),                                     # odd count: last value ignored
        (2, 0, 2, 0, 8, 6, 2, 6),                                  # repeated vertex
        (0, 0, 0, 9, 9, 9, 9, 0),                                  # reversed winding
        (-6, -4, 30, 3, 12, 40, -20, 20),                          # beyond the buffer
        (),                                                        # nothing
        (0, 0, 3, 1, 6, 0, 9, 1, 12, 0, 12, 6, 0, 6),             # zigzag top
    )


def section_polys(t):
    fb, w, h = t.fb, t.w, t.h
    offsets = ((1, 1), (w // 2, h // 3), (-4, -3), (w - 8, h - 5), (3, -6))
    scale = 1 + w // 40  # the 240-pixel screen gets big shapes too
    for n, shape in enumerate(poly_shapes(w, h)):
        coords = array("h", [v * scale for v in shape])
        for fill in (False, True):
            fb.fill(0)
            for ox, oy in offsets:
                fb.poly(ox, oy, coords, t.col(), fill)
            t.snap("poly%d%s" % (n, "f" if fill else ""))
    fb.fill(0)
    fb.poly(2, 2, array("i", (0, 0, 14, 3, 5, 11)), t.col(), True)
    fb.poly(w // 2, 2, array("b", (0, 0, -5, 8, 6, 9)), t.col(), 1)
    fb.poly(2, h // 2, bytes((0, 0, 9, 1, 4, 7)), t.col())
    fb.poly(w // 2, h // 2, bytearray((3, 0, 7, 7, 0, 5)), t.col(), True)
    fb.poly(w // 3, h // 3, array("h", (0, 0, 6, -4, 12, 0, 6, 4)), t.col(), "x")
    t.snap("poly_buffers")


def make_sources():
    """Blit sources: one small framebuffer per format, each with a varied pattern."""
    sources = []
    for fmt in (framebuf.RGB565, framebuf.GS8, framebuf.GS4_HMSB, framebuf.GS2_HMSB,
                framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.MONO_VLSB):
        buf = buffer_for(fmt, 11, 7, None, 0)
        src = framebuf.FrameBuffer(buf, 11, 7, fmt)
        for y in range(7):
            for x in range(11):
                src.pixel(x, y, (x * 7 + y * 13 + (x ^ y)) * 0x0421 + x)
        sources.append((fmt, buf, src))
    return sources


def make_palettes():
    """Palettes in several formats, wide enough for every source value but RGB565's."""
    pals = []
    for fmt in (framebuf.RGB565, framebuf.GS8, framebuf.MONO_HLSB, framebuf.GS4_HMSB):
        buf = buffer_for(fmt, 256, 1, None, 0)
        pal = framebuf.FrameBuffer(buf, 256, 1, fmt)
        for i in range(256):
            pal.pixel(i, 0, (i * 0x2B + 0x101) ^ (i << 9))
        pals.append(pal)
    return pals


def section_blits(t, sources, palettes):
    fb, w, h = t.fb, t.w, t.h
    positions = ((-11, 0), (-10, 2), (-3, -2), (0, 0), (w // 2, h // 2), (w - 3, h - 5),
                 (w - 1, 1), (w, 0), (0, h), (2, -7), (2, -6), (-20, -20))
    for fmt, buf, src in sources:
        fb.fill(0)
        for x, y in positions:
            fb.blit(src, x, y)
        fb.blit(src, 4, 9, src.pixel(3, 3))
        fb.blit(src, 16, 3, 0)
        fb.blit(src, 20, 14, src.pixel(0, 0) + 0x10000)
        fb.blit(src, 8, 18, -2)
        t.snap("blit%d" % fmt)
        if fmt == framebuf.RGB565:
            continue  # RGB565 values run past every palette: undefined in MicroPython
        fb.fill(0)
        for n, pal in enumerate(palettes):
            fb.blit(src, n * 5 - 3, n * 4 - 2, -1, pal)
            fb.blit(src, n * 6 + 7, h - 6 - n, pal.pixel(src.pixel(2, 1), 0), pal)
        fb.blit(src, 1, h // 2, -1, None)
        t.snap("blitpal%d" % fmt)
    fb.fill(0)
    # Tuple sources and palettes, bytes buffers, explicit strides.
    gs8 = bytes(range(30, 30 + 6 * 4))
    fb.blit((gs8, 5, 4, framebuf.GS8, 6), 1, 1)
    fb.blit([gs8, 6, 4, framebuf.GS8], w - 4, h - 2, 33)
    mono = bytes((0b10110001, 0b01000000, 0b11100111, 0b10000000))
    twocol = array("H", (0x001F, 0xF800))
    glyph = (mono, 10, 2, framebuf.MONO_HLSB)
    fb.blit(glyph, 3, h // 2, -1, (twocol, 2, 1, framebuf.RGB565))
    fb.blit(glyph, 3, h // 2 + 3, 0x001F, (twocol, 2, 1, framebuf.RGB565))
    # A palette narrower than the source values: read past its width, within its buffer.
    narrow = bytearray(range(40, 24, -1))  # width 4, GS4 values reach 15
    fb.blit(sources[2][2], w // 2, 0, -1, (narrow, 4, 1, framebuf.GS8))
    t.snap("blit_tuple")
    # Self-overlap: MicroPython reads pixels that it has already overwritten.
    for dx, dy in ((1, 0), (-1, 0), (2, 3), (-3, -1), (0, 0)):
        t.scramble(dx * 7 + dy)
        fb.blit(fb, dx, dy)
        fb.blit((t.buf, w, h, t.fmt, t.stride or w), dx * 2, -dy, 4)
        t.snap("blit_self%d_%d" % (dx, dy))


def section_scroll(t):
    fb, w, h = t.fb, t.w, t.h
    steps = ((1, 0), (-2, 1), (3, -3), (0, 0), (0, 2), (-1, -1), (w, 0), (0, -h),
             (-w, 1), (1, h), (w - 1, 0), (-(w - 1), h - 1), (2, -(h - 1)), (-5, 0), (0, -3))
    for n, (dx, dy) in enumerate(steps):
        t.scramble(n)
        fb.scroll(dx, dy)
        fb.scroll(dy, dx)
        t.snap("scroll%d" % n)


def section_pixels(t, dump):
    fb, w, h = t.fb, t.w, t.h
    fb.fill(0)
    for i, c in enumerate(COLOURS):
        fb.pixel(i % w, i // w, c)
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (-1, 0), (0, -1), (w, 0),
                 (0, h), (w // 2, h // 2)):
        fb.pixel(x, y, 0x1234F)
    t.snap("pixels")
    got = []
    for y in (-1, 0, 1, h // 2, h - 1, h):
        for x in range(-1, w + 1):
            got.append(fb.pixel(x, y))
    dump.log(t.name, "pixels", got)


def section_errors(dump):
    fb = framebuf.FrameBuffer(bytearray(16), 4, 4, framebuf.GS8)
    F = framebuf.FrameBuffer
    dump.log("constants", framebuf.MONO_VLSB, framebuf.MVLSB, framebuf.RGB565, framebuf.GS4_HMSB,
             framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.GS2_HMSB, framebuf.GS8)
    cases = (
        ("width 0", lambda: F(bytearray(10), 0, 1, framebuf.GS8)),
        ("too small", lambda: F(bytearray(11), 4, 3, framebuf.GS8)),
        ("exact size", lambda: F(bytearray(12), 4, 3, framebuf.GS8) is not None),
        ("stride < width", lambda: F(bytearray(100), 4, 3, framebuf.GS8, 3)),
        ("bad format", lambda: F(bytearray(100), 4, 3, 7)),
        ("read-only buffer", lambda: F(b"1234", 2, 2, framebuf.GS8)),
        ("float size", lambda: F(bytearray(100), 4.0, 3, framebuf.GS8)),
        ("keyword stride", lambda: F(bytearray(100), 4, 3, framebuf.GS8, stride=4)),
        ("stride None", lambda: F(bytearray(100), 4, 3, framebuf.GS8, None)),
        ("pixel colour None", lambda: fb.pixel(1, 1, None)),
        ("FrameBuffer1 stride None", lambda: framebuf.FrameBuffer1(bytearray(8), 8, 8, None)),
        ("vlsb 9 rows short", lambda: F(bytearray(11), 4, 9, framebuf.MONO_VLSB, 8)),
        ("vlsb 9 rows", lambda: F(bytearray(12), 4, 9, framebuf.MONO_VLSB, 8) is not None),
        ("hlsb short", lambda: F(bytearray(3), 9, 2, framebuf.MONO_HLSB)),
        ("hlsb exact", lambda: F(bytearray(4), 9, 2, framebuf.MONO_HLSB) is not None),
        ("rgb565 short", lambda: F(bytearray(7), 2, 2, framebuf.RGB565)),
        ("gs2 exact", lambda: F(bytearray(3), 5, 2, framebuf.GS2_HMSB, 6) is not None),
        ("gs2 short", lambda: F(bytearray(3), 6, 2, framebuf.GS2_HMSB, 6)),
        ("poly list", lambda: fb.poly(0, 0, [0, 0, 3, 3], 1)),
        ("poly tuple", lambda: fb.poly(0, 0, (0, 0, 3, 3), 1)),
        ("poly empty, bad colour", lambda: fb.poly(0, 0, bytes(1), "c")),
        ("pixel float", lambda: fb.pixel(1.0, 1, 3)),
        ("pixel bool", lambda: fb.pixel(True, 1, 3)),
        ("pixel outside, bad colour", lambda: fb.pixel(-1, 1, "c")),
        ("pixel inside, bad colour", lambda: fb.pixel(1, 1, "c")),
        ("colour 2**31", lambda: fb.pixel(0, 0, 2 ** 31)),
        ("colour -2**31-1", lambda: fb.fill(-2 ** 31 - 1)),
        ("colour -2**31", lambda: fb.fill(-2 ** 31)),
        ("x 2**40", lambda: fb.hline(2 ** 40, 0, 1, 1)),
        ("blit int", lambda: fb.blit(5, 0, 0)),
        ("blit short tuple", lambda: fb.blit((bytearray(4), 2, 2), 0, 0)),
        ("blit long tuple", lambda: fb.blit((bytearray(4), 2, 2, 6, 2, 0), 0, 0)),
        ("blit small buffer", lambda: fb.blit((bytearray(3), 2, 2, framebuf.GS8), 0, 0)),
        ("blit keyword", lambda: fb.blit(fb, 0, 0, key=1)),
        ("ellipse keyword", lambda: fb.ellipse(1, 1, 1, 1, 1, f=True)),
        ("legacy FrameBuffer1", lambda: framebuf.FrameBuffer1(bytearray(8), 8, 8) is not None),
        ("rect arity", lambda: fb.rect(0, 0, 1, 1)),
    )
    for label, fn in cases:
        dump.attempt(label, fn)
    fb1buf = bytearray(24)
    fb1 = framebuf.FrameBuffer1(fb1buf, 12, 10, 12)
    fb1.line(0, 0, 11, 9, 1)
    fb1.pixel(11, 0, 1)
    dump.save("framebuffer1", fb1buf, framebuf.MONO_VLSB, 12, 10, 12)


def battery(t, dump, sources, palettes):
    section_fill(t)
    section_rects(t)
    section_lines(t)
    section_ellipses(t)
    section_polys(t)
    section_blits(t, sources, palettes)
    section_scroll(t)
    section_pixels(t, dump)


def screen_glyphs(t):
    """The app's way to draw text: MONO_HLSB glyphs through a 2-colour palette."""
    fb, w, h = t.fb, t.w, t.h
    glyph_buf = bytearray(2 * 14)
    glyph = framebuf.FrameBuffer(glyph_buf, 10, 14, framebuf.MONO_HLSB)
    glyph.ellipse(4, 7, 4, 6, 1)
    glyph.line(0, 13, 9, 0, 1)
    pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
    pal.pixel(0, 0, 0x2945)
    pal.pixel(1, 0, 0xFFE0)
    fb.fill(0x1082)
    for i in range(120):
        x = (i * 23) % (w + 20) - 10
        y = (i * 37) % (h + 20) - 10
        fb.blit(glyph, x, y, 0x2945 if i % 3 else -1, pal)
    t.snap("glyphs")


def main():
    dump = Dump()
    sources = make_sources()
    palettes = make_palettes()
    section_errors(dump)
    for name, fmt, w, h, stride in SMALL_BUFFERS:
        battery(Target(dump, name, fmt, w, h, stride), dump, sources, palettes)
    for name, fmt, w, h, stride in VIEW_BUFFERS:
        battery(Target(dump, name, fmt, w, h, stride, True), dump, sources, palettes)
    screen = Target(dump, "screen", framebuf.RGB565, 240, 240)
    battery(screen, dump, sources, palettes)
    screen_glyphs(screen)
    dump.close()


if __name__ == "__main__":
    main()
