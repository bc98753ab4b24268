# main.py for the emulated RP2040 (tests/test_device_kernels.py): hal/kernels.py's Thumb
# loops on the real firmware against their references, on seeded random cases, and the
# font's one-call line drawing against its framebuf path. Prints "KOK <cases>" or
# "KFAIL <what>".
import random
import uctypes
from array import array

import framebuf

from hal import kernels, kernels_ref


def main():
    if not kernels.load():
        print("KFAIL load")
        return
    a = uctypes.addressof
    random.seed(17)
    rb = random.getrandbits
    cases = 0
    frame = bytearray(57600)
    for i in range(57600):
        frame[i] = rb(8)
    pal = bytearray(512)
    for i in range(512):
        pal[i] = rb(8)
    job = array("i", [0, 0, 240])
    for _ in range(12):  # windows of every shape
        w = 1 + rb(8) % 240
        rows = 1 + (1920 // (2 * w) if w < 120 else 1) % 8
        x = rb(8) % (241 - w)
        y = rb(8) % (241 - rows)
        got = bytearray(2 * w * rows)
        want = bytearray(2 * w * rows)
        job[0] = w
        job[1] = rows
        kernels.convert(a(frame) + y * 240 + x, a(got), a(pal), a(job))
        kernels_ref.convert_ref(frame, y * 240 + x, want, pal, w, rows, 240)
        if got != want:
            print("KFAIL convert", w, rows, x, y)
            return
        cases += 1
    hashes = array("I", [0] * 450)
    masks = array("I", [0] * 30)
    k = kernels.tile_constants(array)
    kernels.tile_diff(a(frame), a(hashes), a(masks), a(k))
    for t in (0, 1, 14, 15, 224, 449):
        if hashes[t] != kernels_ref.tile_hash_ref(frame, t % 15, t // 15):
            print("KFAIL hash", t)
            return
    for _ in range(20):
        x, y = rb(8) % 240, rb(8) % 240
        frame[y * 240 + x] ^= 1 << (rb(3))
        kernels.tile_diff(a(frame), a(hashes), a(masks), a(k))
        for s in range(30):
            want = (1 << (x // 16)) if s == y // 8 else 0
            if masks[s] != want:
                print("KFAIL diff", x, y, s, masks[s])
                return
        cases += 1
    del frame, hashes, masks
    import gc
    gc.collect()
    from app import font, font_fast
    buf = bytearray(57600)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    plain_buf = bytearray(57600)
    plain = framebuf.FrameBuffer(plain_buf, 240, 240, framebuf.GS8)
    texts = ("Kocka 10000", "A Select  B Back", "\u2190\u2192\u25b6\u2713 x\u00d7y",
             "\ufffd?\u4e00end", "W" * 50, "", "0123456789 %$#")
    widths = []
    for text in texts:
        for f in (font.SMALL, font.BODY):
            widths.append(font.width(text, f))
    if not font_fast.use(font, fb, buf):
        print("KFAIL use_kernel")
        return
    n = 0
    for text in texts:
        for f in (font.SMALL, font.BODY):
            for x in (0, -4, 231, rb(8) - 20):
                y = (0, 60, 225, 231)[rb(2)]
                fb.fill(0)
                plain.fill(0)
                c = 5 + rb(4)
                e1 = font.draw(fb, text, x, y, c, f)  # the frame use_kernel was given
                e2 = font.draw(plain, text, x, y, c, f)  # another: framebuf's path
                if e1 != e2 or buf != plain_buf:
                    print("KFAIL text", text, x, y)
                    return
                cases += 1
            if font.width(text, f) != widths[n]:
                print("KFAIL width", text)
                return
            n += 1
    for text, w in (("Take a row of cards: the joker \u2190 counts as any colour.", 200),
                    ("WWWWWWWWWWWWWWWWWWWWWWWWWW and more\nnext line", 90),
                    ("  two  spaces   and a break\n\nafter", 130),
                    ("  fits on one line", 200), ("i" * 48, 239), ("i" * 49, 239),
                    ("   ", 100), ("ends in spaces  ", 200)):
        for f in (font.SMALL, font.BODY):
            fb.fill(0)
            plain.fill(0)
            y1 = font.draw_wrapped(fb, text, 6, 150, w, 9, f)
            y2 = font.draw_wrapped(plain, text, 6, 150, w, 9, f)
            if y1 != y2 or buf != plain_buf:
                print("KFAIL wrapped", text)
                return
            cases += 1
    # scaled text: the plain path, through the fast draw's hand-over
    for text in texts + ("C", "0123456789", "KOCKA"):
        for f in (font.SMALL, font.BODY):
            for s in (2, 3, 4):
                x, y = rb(8) - 20, rb(8) - 10
                fb.fill(0)
                plain.fill(0)
                if font.draw(fb, text, x, y, 5, f, s) != font.draw(plain, text, x, y, 5, f, s) \
                        or buf != plain_buf:
                    print("KFAIL scaled", text, x, y, s)
                    return
                cases += 1
    print("KOK", cases)


try:
    main()
except Exception as e:
    import sys
    print("KFAIL exception")
    sys.print_exception(e)
