"""app.games.cubingos.iso's dice through framebuf (their look: app.games.cubingos.faces): what app.games.cubingos.dice_thumb draws on the Pico,
drawn everywhere else (CPython, the WebAssembly port) and into frames other than the
display's. A module of its own: the Pico, where the loop runs, never loads it.
"""
from app.games.cubingos import faces as I
from shared_rules.cubingos import rules as C


def die(view, fb, a):
    """The die of record recs[a] through framebuf (what app.games.cubingos.dice_thumb draws):
    per face, its four halves filled, the two diagonals, the four outer edges, then
    each half's mouth or eyes."""
    r = view.recs
    ctx = view.ctx
    wh = C.WH
    base = r[a + 3] * 36
    for q in range(3):
        if not (r[a + 5] >> q) & 1:
            continue
        b = 30 * q
        fx = r[a + 1] + ctx[b]
        fy = r[a + 2] + ctx[b + 1]
        for t in range(b + 2, b + 30, 7):
            half = wh[base + ctx[t + 6]]
            fb.poly(fx, fy, I.tri(ctx, t),
                    I.TAB[(half if half < 4 else 4 + r[a + 4]) * 3 + q], True)
        fb.line(fx + ctx[b + 2], fy + ctx[b + 3], fx + ctx[b + 11], fy + ctx[b + 12], I.SEAM)
        fb.line(fx + ctx[b + 4], fy + ctx[b + 5], fx + ctx[b + 9], fy + ctx[b + 10], I.SEAM)
        for t in range(b + 2, b + 30, 7):
            fb.line(fx + ctx[t], fy + ctx[t + 1], fx + ctx[t + 2], fy + ctx[t + 3], I.INK)
        for t in range(b + 2, b + 30, 7):
            half = wh[base + ctx[t + 6]]
            if half >= 4:
                if view.marks:
                    I.glyph(fb, half - 4, fx + ctx[t + 4], fy + ctx[t + 5], I.INK, view.s)
            elif view.marks > 1:
                I.eyes(fb, fx + ctx[t + 4], fy + ctx[t + 5], view.s)
