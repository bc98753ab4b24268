"""Randomized framebuf calls, drawn identically under MicroPython and CPython.

A seeded shared_rules.rng.Rng picks the calls, so both runtimes make exactly
the same ones: every drawing method with random and out-of-range arguments, on two
randomly shaped buffers of each pixel format, with cross-format and
self-overlapping blits. Buffers are saved every SNAP_EVERY calls (so later
drawing cannot hide a wrong pixel); pixel reads go into log.txt.

    MicroPython:  node tests/mp/mprun.mjs --mount shared_rules
                      --mount tests/mp/fb_scene.py:fb_scene.py --out DIR
                      tests/mp/fb_fuzz.py [SEED [CALLS]]
    CPython:      PYTHONPATH=simulator/mpcompat:. python tests/mp/fb_fuzz.py DIR [SEED [CALLS]]

CALLS is per buffer. Written in the MicroPython subset.
"""

import sys
from array import array

import framebuf

from fb_scene import COLOURS, Dump, Target, buffer_for
from shared_rules.rng import Rng

FORMATS = (framebuf.RGB565, framebuf.GS8, framebuf.GS4_HMSB, framebuf.GS2_HMSB,
           framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.MONO_VLSB)
SNAP_EVERY = 50


def script_args():
    if sys.implementation.name == "micropython":
        import mpargs
        return mpargs.ARGV[1:]
    return sys.argv[2:]


class Fuzzer:
    def __init__(self, rng, dump):
        self.rng = rng
        self.dump = dump
        self.palettes = [self.random_palette(fmt) for fmt in FORMATS]

    def random_palette(self, fmt):
        buf = buffer_for(fmt, 256, 1, None, 0)
        pal = framebuf.FrameBuffer(buf, 256, 1, fmt)
        for i in range(256):
            pal.pixel(i, 0, self.rng.bits16())
        return pal

    def random_target(self, name, fmt):
        r = self.rng
        w = r.randint(1, 45)
        h = r.randint(1, 30)
        stride = w + r.choice((0, 0, 1, 3, 9))
        t = Target(self.dump, name, fmt, w, h, stride)
        t.scramble(r.below(256))
        return t

    def coord(self, size):
        r = self.rng
        k = r.below(10)
        if k < 7:
            return r.randint(-8, size + 8)
        if k < 9:
            return r.randint(-3 * size - 20, 3 * size + 20)
        return r.choice((-2000, -257, -32, 255, 256, 1999))

    def length(self, size):
        r = self.rng
        if r.below(8):
            return r.randint(-5, size + 10)
        return r.randint(-300, 300)

    def colour(self):
        r = self.rng
        k = r.below(4)
        if k == 0:
            return r.choice(COLOURS)
        if k == 1:
            return r.randint(-70000, 70000)
        if k == 2:
            return r.randint(-0x7FFFFFFF, 0x7FFFFFFF)
        return r.below(4)

    def call(self, t, targets, log):
        """One random call on target t."""
        r, fb, w, h = self.rng, t.fb, t.w, t.h
        op = r.below(12)
        if op == 0:
            if r.below(4) == 0:
                fb.fill(self.colour())
            else:
                fb.fill_rect(self.coord(w), self.coord(h), self.length(w), self.length(h),
                             self.colour())
        elif op == 1:
            fb.pixel(self.coord(w), self.coord(h), self.colour())
        elif op == 2:
            log.append(fb.pixel(r.randint(-1, w), r.randint(-1, h)))
        elif op == 3:
            fb.hline(self.coord(w), self.coord(h), self.length(w), self.colour())
        elif op == 4:
            fb.vline(self.coord(w), self.coord(h), self.length(h), self.colour())
        elif op == 5:
            args = (self.coord(w), self.coord(h), self.length(w), self.length(h), self.colour())
            if r.below(2):
                fb.rect(*args)
            else:
                fb.rect(args[0], args[1], args[2], args[3], args[4], r.below(2))
        elif op == 6:
            fb.line(self.coord(w), self.coord(h), self.coord(w), self.coord(h), self.colour())
        elif op == 7:
            self.ellipse(t)
        elif op == 8:
            self.poly(t)
        elif op in (9, 10):
            self.blit(t, targets)
        else:
            fb.scroll(r.randint(-w - 2, w + 2), r.randint(-h - 2, h + 2))

    def ellipse(self, t):
        r, w, h = self.rng, t.w, t.h
        big = r.below(6) == 0
        xr = r.randint(-4, 300 if big else w)
        yr = r.randint(-4, 300 if big else h)
        args = (self.coord(w), self.coord(h), xr, yr, self.colour())
        k = r.below(3)
        if k == 0:
            t.fb.ellipse(*args)
        elif k == 1:
            t.fb.ellipse(args[0], args[1], args[2], args[3], args[4], r.below(2))
        else:
            t.fb.ellipse(args[0], args[1], args[2], args[3], args[4], r.below(2),
                         r.randint(-20, 40))

    def poly(self, t):
        r, w, h = self.rng, t.w, t.h
        values = [r.randint(-w // 2 - 6, w + 6) if i % 2 == 0 else r.randint(-h // 2 - 6, h + 6)
                  for i in range(r.below(17))]
        kind = r.below(3)
        coords = array("h" if kind else "i", values)
        x, y = self.coord(w), self.coord(h)
        if r.below(2):
            t.fb.poly(x, y, coords, self.colour())
        else:
            t.fb.poly(x, y, coords, self.colour(), r.below(2))

    def blit(self, t, targets):
        r = self.rng
        src = r.choice(targets)
        source = src.fb
        if r.below(4) == 0:  # the tuple form, over the same bytes
            source = (src.buf, src.w, src.h, src.fmt, src.stride)
        x = r.randint(-src.w - 3, t.w + 3)
        y = r.randint(-src.h - 3, t.h + 3)
        k = r.below(4)
        if k == 0:
            t.fb.blit(source, x, y)
            return
        if k == 1:
            key = src.fb.pixel(r.below(src.w), r.below(src.h))
        else:
            key = r.choice((-1, 0, 1, 3, 255, 0x10001))
        if src.fmt == framebuf.RGB565 or r.below(2):
            t.fb.blit(source, x, y, key)  # RGB565 values run past every palette
        else:
            t.fb.blit(source, x, y, key, r.choice(self.palettes))


def main():
    args = script_args()
    seed = int(args[0]) if args else 20240611
    calls = int(args[1]) if len(args) > 1 else 500
    rng = Rng(seed)
    dump = Dump()
    fuzzer = Fuzzer(rng, dump)
    targets = []
    for fmt in FORMATS:
        for n in range(2):
            targets.append(fuzzer.random_target("fuzz%d%s" % (fmt, "ab"[n]), fmt))
    for t in targets:
        log = []
        for i in range(calls):
            fuzzer.call(t, targets, log)
            if (i + 1) % SNAP_EVERY == 0 or i + 1 == calls:
                t.snap("%04d" % (i + 1))
        dump.log(t.name, t.w, t.h, t.stride, "reads", log)
    dump.close()


if __name__ == "__main__":
    main()
