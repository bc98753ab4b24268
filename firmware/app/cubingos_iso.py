"""The Cubingos structure in isometric view: the projection (turned in 90 degree steps,
scaled to fit the play area and centred in it, again after every turn), the dice with the four halves on every visible face, the ghost die,
highlighted creature halves, and the screen positions the ghost moves between.

Projection (2:1 pixel isometric): a view turns world (x, y) into view (u, w); +u runs
right-down, +w left-down, z up, so the faces seen are the top and the world faces
FACE_U[v], FACE_W[v]. Points are in half-cell units (a cell centre is 2x+1, ...):
screen x = ox + k * (u - w), y = oy + k/2 * (u + w - 2z). Dice are drawn back to
front by u + w + z (cubes with equal sums never overlap in this projection).
"""

from array import array

import framebuf

from app import ui
from shared_rules import cubingos as C
from shared_rules import cubingos_geom as G

SCALES = (16, 14, 12, 10, 8, 6, 4, 2)   # k: a die's top face is 4k x 2k pixels
# view v: u = a*x + b*y, w = c*x + d*y
ROTS = ((1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0))
FACE_U = (G.PX, G.NY, G.NX, G.PY)
FACE_W = (G.NY, G.NX, G.PY, G.PX)

# Colours: fur colours and die backgrounds, in three shades (top, left, right face).
_SHADE = (100, 78, 60)


def _shades(rgb):
    return tuple(ui.rgb(rgb[0] * s // 100, rgb[1] * s // 100, rgb[2] * s // 100)
                 for s in _SHADE)


FUR = tuple(_shades(c) for c in C.COLOUR_RGB)
PLAIN = (_shades((250, 250, 250)), _shades((150, 190, 255)))  # white die, start die
INK = ui.BLACK
SEAM = ui.GREY

# Mouth glyphs by expression (happy, sad, angry, surprised): rows of 5 bits, MSB left,
# each in its own ink. Every pair differs in 9 of the 15 pixels and in colour, so the
# four tell apart at a glance even at 1 px: a cup, an arch, a zigzag, a solid block.
GLYPHS = ((0b10001, 0b10001, 0b01110), (0b01110, 0b10001, 0b10001),
          (0b10101, 0b01010, 0b10101), (0b01110, 0b01110, 0b01110))
GLYPH_INK = (INK, ui.BLUE_DARK, ui.RED_DARK, ui.rgb(102, 0, 153))


def _glyph_buffers():
    out = []
    for rows in GLYPHS:
        buf = bytearray(3)
        for i in range(len(rows)):
            buf[i] = rows[i] << 3
        out.append(framebuf.FrameBuffer(buf, 5, 3, framebuf.MONO_HLSB))
    return out


def _palettes():
    """A (transparent, ink) palette per expression: the key is an index no ink uses."""
    out = []
    for ink in GLYPH_INK:
        pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        pal.pixel(0, 0, _KEY)
        pal.pixel(1, 0, ink)
        out.append(pal)
    return out


# The glyphs as 1-bit images, blitted through a (transparent, ink) palette: one C call
# per mouth instead of a rectangle per pixel (a structure has dozens of mouths).
GLYPH_FB = _glyph_buffers()
_KEY = 1 if 0 in GLYPH_INK else 0
while _KEY in GLYPH_INK:
    _KEY += 1
_PALS = _palettes()


def glyph(fb, m, cx, cy, color, s=1):
    """Mouth glyph of expression m centred at (cx, cy), pixels s x s; color INK: the
    expression's own ink."""
    rows = GLYPHS[m]
    y = cy - len(rows) * s // 2
    x0 = cx - 5 * s // 2
    if color == INK:
        if s == 1:
            fb.blit(GLYPH_FB[m], x0, y, _KEY, _PALS[m])
            return
        color = GLYPH_INK[m]
    for r in rows:
        for i in range(5):
            if (r >> (4 - i)) & 1:
                fb.fill_rect(x0 + i * s, y, s, s, color)
        y += s


def eyes(fb, cx, cy, s):
    """Two eyes: a head half."""
    fb.fill_rect(cx - 2 * s, cy - s // 2, s, s, INK)
    fb.fill_rect(cx + s, cy - s // 2, s, s, INK)


class View:
    """Where things go on screen for one turn of the view and one scale."""

    def __init__(self, x0, y0, w, h):
        self.box = (x0, y0, w, h)
        self.v = 0
        self.k = 16
        self.ox = 0
        self.oy = 0
        self.sx = [0] * 6      # screen offset of each direction's half step, in k/2 units
        self.sy = [0] * 6
        self.tris = [array("h", [0] * 6) for _ in range(24)]   # by slot (cubingos_geom.SLOT)
        self.cent = array("h", [0] * 48)
        self.fo = array("h", [0] * 12)
        self.tkey = -1
        self.faces = ()         # the faces seen: top, then the left and right sides
        self.hexa = array("h", [0] * 12)
        self.turn(0)

    def turn(self, v):
        self.v = v & 3
        self.faces = (G.PZ, FACE_W[self.v], FACE_U[self.v])
        a, b, c, d = ROTS[self.v]
        for i in range(6):
            x, y, z = G.DIR_VEC[i]
            u = a * x + b * y
            w = c * x + d * y
            self.sx[i] = 2 * (u - w)
            self.sy[i] = u + w - 2 * z

    def de(self, x, y, z):
        """(screen x, screen y) of a cell centre relative to the origin, in k/2 units."""
        a, b, c, d = ROTS[self.v]
        X = 2 * x + 1
        Y = 2 * y + 1
        u = a * X + b * Y
        w = c * X + d * Y
        return 2 * (u - w), u + w - 2 * (2 * z + 1)

    def depth(self, x, y, z):
        a, b, c, d = ROTS[self.v]
        return (a + c) * x + (b + d) * y + z

    def fit(self, cells):
        """The largest scale showing every cell in the box, centred on them. A cell's
        die spans 2k either side of its centre; 1 px more for the outlines drawn 1 px
        off (the ghost's, a creature's halves), so nothing leaves the box."""
        x0, y0, bw, bh = self.box
        bw -= 2
        bh -= 2
        lo_x = lo_y = 1 << 20
        hi_x = hi_y = -(1 << 20)
        for x, y, z in cells:
            px, py = self.de(x, y, z)
            lo_x = min(lo_x, px)
            hi_x = max(hi_x, px)
            lo_y = min(lo_y, py)
            hi_y = max(hi_y, py)
        if not cells:
            lo_x = hi_x = lo_y = hi_y = 0
        for k in SCALES:
            h = k // 2
            w = (hi_x - lo_x) * h + 4 * k + 1
            ht = (hi_y - lo_y) * h + 4 * k + 1
            if (w <= bw and ht <= bh) or k == SCALES[-1]:
                break
        self.k = k
        self.ox = x0 + 1 + (bw - w) // 2 + 2 * k - lo_x * h
        self.oy = y0 + 1 + (bh - ht) // 2 + 2 * k - lo_y * h

    def centre(self, x, y, z):
        px, py = self.de(x, y, z)
        h = self.k // 2
        return self.ox + px * h, self.oy + py * h

    def order(self, dice):
        """Dice (x, y, z, ...) sorted back to front."""
        out = list(dice)
        out.sort(key=lambda t: self.depth(t[0], t[1], t[2]))
        return out

    def seen(self, f):
        return f == G.PZ or f == FACE_U[self.v] or f == FACE_W[self.v]

    # -- drawing ---------------------------------------------------------------------
    def _tris(self):
        """The triangle of each of the 24 slots relative to its face's centre, its
        centroid and each face's centre relative to the cell's, for this turn and scale
        (cached: the arithmetic is most of a frame on the device)."""
        key = self.v * 64 + self.k
        if key == self.tkey:
            return
        self.tkey = key
        h = self.k // 2
        sx = self.sx
        sy = self.sy
        for f in range(6):
            self.fo[2 * f] = sx[f] * h
            self.fo[2 * f + 1] = sy[f] * h
            for i in range(4):
                g = G.PERP[f][i]
                third = 2 * (3 - (f >> 1) - (g >> 1))
                j = f * 4 + i
                t = self.tris[j]
                t[2] = (sx[g] + sx[third]) * h
                t[3] = (sy[g] + sy[third]) * h
                t[4] = (sx[g] - sx[third]) * h
                t[5] = (sy[g] - sy[third]) * h
                self.cent[2 * j] = (2 * sx[g] * h) // 3
                self.cent[2 * j + 1] = (2 * sy[g] * h) // 3

    def die(self, fb, x, y, z, o, start, occupied):
        """One die's faces that are seen and not covered (occupied(x, y, z) -> bool)."""
        # (what the loops use is fetched into locals first: on the Pico a global or an
        # attribute costs about 10 us a lookup, and a die takes up to 12 halves)
        self._tris()
        k = self.k
        s = 2 if k >= 14 else 1
        cx, cy = self.centre(x, y, z)
        tris = self.tris
        cent = self.cent
        fo = self.fo
        wh = C.WH
        dirs = G.DIR_VEC
        perps = G.PERP
        fur = FUR
        plain = PLAIN[1 if start else 0]
        sh = 0
        for f in self.faces:
            dx, dy, dz = dirs[f]
            if occupied(x + dx, y + dy, z + dz):
                sh += 1
                continue
            fx = cx + fo[2 * f]
            fy = cy + fo[2 * f + 1]
            base = o * 36 + f * 6
            perp = perps[f]
            for i in range(4):
                half = wh[base + perp[i]]
                j = f * 4 + i
                t = tris[j]
                col = fur[half][sh] if half < 4 else plain[sh]
                fb.poly(fx, fy, t, col, True)
                # (fb.poly, not a bound method kept in a local: calling one with more
                # than 4 arguments copies them into the heap)
                fb.poly(fx, fy, t, SEAM, False)
                fb.line(fx + t[2], fy + t[3], fx + t[4], fy + t[5], INK)
                if half >= 4:
                    if k >= 6:
                        # glyph()'s common case (1 x 1) written out: a call costs a frame
                        # from the heap (slow in a game's fragmented heap on the Pico)
                        half -= 4
                        gx = fx + cent[2 * j]
                        gy = fy + cent[2 * j + 1]
                        if s == 1:
                            fb.blit(GLYPH_FB[half], gx - 2, gy - 1, _KEY, _PALS[half])
                        else:
                            glyph(fb, half, gx, gy, INK, s)
                elif k >= 8:
                    eyes(fb, fx + cent[2 * j], fy + cent[2 * j + 1], s)
            sh += 1

    def outline(self, fb, x, y, z, color):
        """The silhouette of the cell (x, y, z): where the ghost is, even when hidden."""
        cx, cy = self.centre(x, y, z)
        k = self.k
        hx = self.hexa
        pts = (0, -2, 2, -1, 2, 1, 0, 2, -2, 1, -2, -1)
        for i in range(12):
            hx[i] = pts[i] * k
        fb.poly(cx, cy, hx, color, False)
        fb.poly(cx, cy - 1, hx, color, False)

    def half(self, fb, x, y, z, f, g, color):
        """Outlines the half on face f toward g of the die at (x, y, z), if seen."""
        if not self.seen(f):
            return
        self._tris()
        cx, cy = self.centre(x, y, z)
        fx = cx + self.fo[2 * f]
        fy = cy + self.fo[2 * f + 1]
        t = self.tris[G.SLOT[f * 6 + g]]
        for dx, dy in ((0, 0), (1, 0), (0, 1)):
            fb.poly(fx + dx, fy + dy, t, color, False)

    def structure(self, fb, dice, occupied, ghost=None):
        """Every die back to front; ghost = (x, y, z, o) joins in its depth."""
        gd = self.depth(ghost[0], ghost[1], ghost[2]) if ghost is not None else None
        for d in dice:
            if gd is not None and self.depth(d[0], d[1], d[2]) > gd:
                self.die(fb, ghost[0], ghost[1], ghost[2], ghost[3], False, occupied)
                gd = None
            self.die(fb, d[0], d[1], d[2], d[3], d[4], occupied)
        if gd is not None:
            self.die(fb, ghost[0], ghost[1], ghost[2], ghost[3], False, occupied)

    def creatures(self, fb, found, card):
        """Outlines both halves of each creature: the card's in ACCENT, others in WHITE."""
        for k, p1, f1, g1, p2, f2, g2 in found:
            col = ui.ACCENT if k == card else ui.WHITE
            self.half(fb, p1[0], p1[1], p1[2], f1, g1, col)
            self.half(fb, p2[0], p2[1], p2[2], f2, g2, col)


def step(view, cells, i, dx, dy):
    """The index of the cell the ghost moves to from cells[i] for joystick (dx, dy):
    the nearest one on screen in that direction (cells on the same spot: up is the
    higher one); i when there is none."""
    x, y, z = cells[i]
    px, py = view.de(x, y, z)
    best = i
    score = 1 << 20
    for j in range(len(cells)):
        if j == i:
            continue
        cx, cy, cz = cells[j]
        qx, qy = view.de(cx, cy, cz)
        vx = qx - px
        vy = qy - py
        if vx == 0 and vy == 0:
            along = 1 if (cz > z) == (dy < 0) and dy != 0 else 0
            across = 0
        else:
            along = vx * dx + vy * dy
            across = vx * dy - vy * dx
            if across < 0:
                across = -across
        if along <= 0 or across > 2 * along:
            continue
        s = along + 2 * across
        if s < score:
            score = s
            best = j
    return best
