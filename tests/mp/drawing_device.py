# main.py for the emulated RP2040 (tests/test_device_drawing.py): the drawing that goes
# straight to a Thumb loop on the Pico against its framebuf path: app/art.py's die()
# through app/art_thumb.py's loop, on seeded random dice (every face, letter faces, sizes,
# colours, places up to the frame's edges) over random pixels; Coloretto's collection
# rows, their texts through font_fast's loop. Prints "KOK <cases>" or "KFAIL <what>".
import random
import uctypes

import framebuf


def main():
    from hal import kernels
    if not kernels.load():
        print("KFAIL load")
        return
    from app import font
    buf = bytearray(57600)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    plain_buf = bytearray(57600)
    plain = framebuf.FrameBuffer(plain_buf, 240, 240, framebuf.GS8)
    # as app/font_fast.py's use() leaves it; then art's loop for the frame
    font.fast_frame = (fb, uctypes.addressof(buf))
    from app import art
    art.fast()
    if art._loop is None:
        print("KFAIL art_thumb")
        return
    random.seed(29)
    rb = random.getrandbits
    for i in range(57600):
        buf[i] = plain_buf[i] = rb(8)
    cases = 0
    sizes = list(range(6, 50)) + [60, 99, 150, 236]
    for n in range(len(sizes) * 3):
        size = sizes[n % len(sizes)]
        span = 239 - size  # x + size < 239: the shadow's last column inside the frame
        edge = n % 6
        x = 0 if edge == 0 else span - 1 if edge == 1 else rb(8) % span
        y = span - 1 if edge == 2 else 0 if edge == 3 else rb(8) % span
        value = n % 7
        body, pip = rb(8), rb(8)
        label = ("C", "?", None)[n % 3] if value == 0 else None  # a letter face
        art.die(fb, x, y, size, value, body, pip, label)     # the frame the loop was given
        art.die(plain, x, y, size, value, body, pip, label)  # another: framebuf's path
        if buf != plain_buf:
            for i in range(57600):
                if buf[i] != plain_buf[i]:
                    print("KFAIL die", size, x, y, value, "pixel", i % 240, i // 240)
                    return
        cases += 1
    # dice over the edges or too small for the loop: framebuf's path on the frame too
    for x, y, size, value, label in ((10, 10, 44, 0, "C"), (-3, 50, 30, 5, None),
                                     (220, 100, 28, 6, None), (100, 230, 20, 2, None),
                                     (30, 30, 5, 4, None), (60, 60, 30, 7, None)):
        art.die(fb, x, y, size, value, 8, 10, label)
        art.die(plain, x, y, size, value, 8, 10, label)
        if buf != plain_buf:
            print("KFAIL edge", x, y, size, value)
            return
        cases += 1
    # Coloretto's collection rows: texts through the loop where their rows are inside
    # the frame (near its bottom: font.draw, which hands them on to the plain path)
    from app import font_fast
    if not font_fast.use(font, fb, buf):
        print("KFAIL font_fast")
        return
    from app.games.coloretto import draw as D
    from shared_rules.coloretto import rules as C
    for players in (3, 5):
        st = C.Coloretto(players, 7)
        for n in range(12):
            counts = [rb(4) if rb(1) else 0 for _ in range(len(st.coll[0]))]
            pitch, ch = ((24, 14), (22, 14), (22, 12))[n % 3]
            y = (186, 44, 0, 215)[n % 4]
            fb.fill(0)
            plain.fill(0)
            D.counts_row(fb, st, counts, 4, y, pitch, ch)
            D.counts_row(plain, st, counts, 4, y, pitch, ch)
            if buf != plain_buf:
                print("KFAIL counts_row", counts, y)
                return
            cases += 1
    print("KOK", cases)


try:
    main()
except Exception as e:
    import sys
    print("KFAIL exception")
    sys.print_exception(e)
