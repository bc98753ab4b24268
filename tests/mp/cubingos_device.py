# main.py for the emulated RP2040 (tests/test_device_cubingos.py): app.games.cubingos.dice_thumb's
# die() against app.games.cubingos.iso's framebuf path on the real firmware: seeded
# structures in every view at every scale (pushed off the frame too) with and without a
# ghost, and seeded random geometry (any triangles, lines and marks, clipped at every
# edge). Prints "COK <cases>" or "CFAIL <what>".
import random
from array import array

import framebuf

from app.games.cubingos import iso as I
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G


def structure(seed, n):
    occ = {G.ORIGIN: 0}
    for i in range(n - 1):
        cells = G.legal_cells(occ, i == 0)
        c = cells[random.getrandbits(16) % len(cells)]
        occ[c] = random.getrandbits(8) % 24
    out = []
    for c in occ:
        x, y, z = G.xyz(c)
        out.append((x, y, z, occ[c], c == G.ORIGIN))
    return occ, out


def main():
    random.seed(23)
    rb = random.getrandbits
    buf_a = bytearray(57600)
    buf_b = bytearray(57600)
    fa = framebuf.FrameBuffer(buf_a, 240, 240, framebuf.GS8)
    fb = framebuf.FrameBuffer(buf_b, 240, 240, framebuf.GS8)
    fast = I.View(40, 32, 198, 150, fa, buf_a)
    plain = I.View(40, 32, 198, 150)
    if fast.fb is not fa:
        print("CFAIL load")
        return
    cases = 0
    drawn = 0     # cases whose frame is not blank (the comparison means something)
    empty = bytes(2400)   # ten rows

    def blank():
        for i in range(0, 57600, 2400):
            if buf_a[i:i + 2400] != empty:
                return False
        return True
    for seed in (1, 4, 7):   # 2, 7 and 13 dice
        occ, dice = structure(seed, 1 + seed * 12 // 7)

        def occupied(x, y, z):
            return G.cell(x, y, z) in occ if G.in_bounds(x, y, z) else False
        cells = [d[:3] for d in dice]
        free = [G.xyz(c) for c in G.legal_cells(occ, False)]
        for v in range(4):
            for k in (0,) + I.SCALES:
                for view in (fast, plain):
                    view.turn(v)
                    view.fit(cells + free)
                    if k:
                        view.k = k
                        view.ox += (rb(8) % 200) - 100 if k > 8 else 0
                        view.oy += (rb(8) % 200) - 100 if k > 8 else 0
                        view.tkey = -1
                # the same offsets for both
                plain.ox = fast.ox
                plain.oy = fast.oy
                order = fast.order(dice)
                g = free[rb(8) % len(free)] + (rb(8) % 24,) if free and rb(1) else None
                fa.fill(0)
                fb.fill(0)
                fast.structure(fa, order, occupied, g)
                plain.structure(fb, order, occupied, g)
                if buf_a != buf_b:
                    for i in range(57600):
                        if buf_a[i] != buf_b[i]:
                            break
                    print("CFAIL structure", seed, v, k, i % 240, i // 240, buf_a[i], buf_b[i])
                    return
                cases += 1
                drawn += not blank()
    # random geometry: any triangles, corners and mark centres, anywhere on or off the frame
    slots = [f * 6 + g for f in range(6) for g in G.PERP[f]]
    for case in range(120):
        for i in range(90):
            fast.ctx[i] = (rb(8) % 161) - 80 if rb(2) else (rb(8) % 41) - 20
        for q in range(3):
            for i in range(4):
                fast.ctx[30 * q + 2 + 7 * i + 6] = slots[rb(8) % len(slots)]
        n = 1 + rb(2)
        for d in range(n):
            a = 6 * d
            fast.recs[a + 1] = (rb(9) % 360) - 60
            fast.recs[a + 2] = (rb(9) % 360) - 60
            fast.recs[a + 3] = rb(8) % 24
            fast.recs[a + 4] = rb(1)
            fast.recs[a + 5] = rb(3)
        fast.s = plain.s = 1 + rb(1)
        fast.marks = plain.marks = rb(8) % 3
        fast.job[4] = fast.s
        fast.job[5] = fast.marks
        for i in range(90):
            plain.ctx[i] = fast.ctx[i]
        for i in range(6 * n):
            plain.recs[i] = fast.recs[i]
        fa.fill(0)
        fb.fill(0)
        fast.dice(fa, 0, n)
        plain.dice(fb, 0, n)
        if buf_a != buf_b:
            for i in range(57600):
                if buf_a[i] != buf_b[i]:
                    break
            print("CFAIL geometry", case, i % 240, i // 240, buf_a[i], buf_b[i])
            print("CCTX", list(fast.ctx), list(fast.recs)[:6 * n], fast.s, fast.marks)
            return
        cases += 1
        drawn += not blank()
    print("COK", cases, drawn)


try:
    main()
except Exception as e:
    import sys
    print("CFAIL exception")
    sys.print_exception(e)
