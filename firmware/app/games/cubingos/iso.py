"""The Cubingos structure in isometric view: the projection (turned in 90 degree steps,
scaled to fit the play area and centred in it, again after every turn), the dice with the four halves on every visible face, the ghost die,
highlighted creature halves, and the screen positions the ghost moves between.

Projection (2:1 pixel isometric): a view turns world (x, y) into view (u, w); +u runs
right-down, +w left-down, z up, so the faces seen are the top and the world faces
FACE_U[v], FACE_W[v]. Points are in half-cell units (a cell centre is 2x+1, ...):
screen x = ox + k * (u - w), y = oy + k/2 * (u + w - 2z). Dice are drawn back to
front by u + w + z (cubes with equal sums never overlap in this projection).
"""

from micropython import const

from array import array

from app import ui
from app.games.cubingos.faces import INK, SEAM, TAB, tri
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G

SCALES = (16, 14, 12, 10, 8, 6, 4, 2)   # k: a die's top face is 4k x 2k pixels
# view v: u = a*x + b*y, w = c*x + d*y
_ROTS = const(((1, 0, 0, -1), (0, -1, -1, 0), (-1, 0, 0, 1), (0, 1, 1, 0)))
FACE_U = (G.PX, G.NY, G.NX, G.PY)
FACE_W = (G.NY, G.NX, G.PY, G.PX)

class View:
    """Where things go on screen for one turn of the view and one scale.

    fb, buf: the display's frame and its buffer. Where app.games.cubingos.dice_thumb's loop runs
    (the Pico), the dice drawn into that frame go through it, everywhere else (and into
    other frames) through framebuf: the same pixels (tests/mp/cubingos_device.py)."""

    def __init__(self, x0, y0, w, h, fb=None, buf=None):
        self.box = (x0, y0, w, h)
        self.v = 0
        self.k = 16
        self.ox = 0
        self.oy = 0
        # per face seen (top, left, right): its centre's offset from the cell's, then per
        # half the two corners of its triangle (the third: the face's centre), the
        # centre of its mouth or eyes and its slot (F * 6 + G)
        self.ctx = array("h", [0] * 90)
        # a drawing record per die (the structure, back to front, then the ghost): depth,
        # centre x, y, orientation, start die, mask of its faces not covered
        self.recs = array("h", [0] * (6 * (C.N_DICE + 1)))
        self.placed = None      # the dice the records are of
        self.ghost = None       # and the ghost its record is of
        self.n = 0
        self.tkey = -1
        self.faces = ()         # the faces seen: top, then the left and right sides
        self.hexa = array("h", [0] * 12)
        self.s = 1
        self.marks = 0
        self.fb = None
        self.job = None
        if fb is not None and buf is not None and len(buf) == 57600:
            die = _kernel()
            if die is not None:
                import uctypes
                a = uctypes.addressof
                self.kern = die
                self.job = array("i", [0] * 32)
                job = self.job
                job[0] = a(buf)
                job[1] = a(C.WH)
                job[2] = a(TAB)
                job[6] = SEAM
                job[7] = INK
                self.at = a(self.recs)
                self.fb = fb
        self.turn(0)

    def turn(self, v):
        self.v = v & 3
        self.placed = None
        self.faces = (G.PZ, FACE_W[self.v], FACE_U[self.v])

    def de(self, x, y, z):
        """(screen x, screen y) of a cell centre relative to the origin, in k/2 units."""
        a, b, c, d = _ROTS[self.v]
        X = 2 * x + 1
        Y = 2 * y + 1
        u = a * X + b * Y
        w = c * X + d * Y
        return 2 * (u - w), u + w - 2 * (2 * z + 1)

    def depth(self, x, y, z):
        a, b, c, d = _ROTS[self.v]
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
        self.placed = None
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
        """ctx for this turn and scale (cached: the arithmetic is most of a frame on the
        device), and the size of the marks."""
        key = self.v * 64 + self.k
        if key == self.tkey:
            return
        self.tkey = key
        k = self.k
        h = k // 2
        # each direction's half step on screen, in k/2 units
        sx = [0] * 6
        sy = [0] * 6
        r = _ROTS[self.v]
        for i in range(6):
            x, y, z = G.DIR_VEC[i]
            u = r[0] * x + r[1] * y
            w = r[2] * x + r[3] * y
            sx[i] = 2 * (u - w)
            sy[i] = u + w - 2 * z
        ctx = self.ctx
        for q in range(3):
            f = self.faces[q]
            b = 30 * q
            ctx[b] = sx[f] * h
            ctx[b + 1] = sy[f] * h
            for i in range(4):
                g = G.PERP[f][i]
                third = 2 * (3 - (f >> 1) - (g >> 1))
                a = b + 2 + 7 * i
                ctx[a] = (sx[g] + sx[third]) * h
                ctx[a + 1] = (sy[g] + sy[third]) * h
                ctx[a + 2] = (sx[g] - sx[third]) * h
                ctx[a + 3] = (sy[g] - sy[third]) * h
                ctx[a + 4] = (2 * sx[g] * h) // 3
                ctx[a + 5] = (2 * sy[g] * h) // 3
                ctx[a + 6] = f * 6 + g
        self.s = 2 if k >= 14 else 1
        self.marks = 2 if k >= 8 else (1 if k >= 6 else 0)
        if self.job is not None:
            self.job[4] = self.s
            self.job[5] = self.marks

    def record(self, a, d, occupied):
        """Die d (x, y, z, o[, start]) as the drawing record at recs[a]."""
        r = self.recs
        r[a] = self.depth(d[0], d[1], d[2])
        r[a + 1], r[a + 2] = self.centre(d[0], d[1], d[2])
        r[a + 3] = d[3]
        r[a + 4] = 1 if len(d) > 4 and d[4] else 0
        m = 0
        for q in range(3):
            v = G.DIR_VEC[self.faces[q]]
            if not occupied(d[0] + v[0], d[1] + v[1], d[2] + v[2]):
                m |= 1 << q
        r[a + 5] = m

    def place(self, dice, occupied):
        """The records of dice (sorted back to front), kept until the view changes."""
        self._tris()
        for i in range(len(dice)):
            self.record(6 * i, dice[i], occupied)
        self.n = len(dice)
        self.placed = dice
        self.ghost = None

    def dice(self, fb, i, n):
        """n records from recs[6 * i] on: each die's faces in its record's mask."""
        if fb is self.fb:
            self.kern(self.job, self.ctx, self.at + 12 * i, n)
            return
        from app.games.cubingos.flat import die   # never loaded where the loop runs
        for a in range(6 * i, 6 * (i + n), 6):
            die(self, fb, a)

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
        b = 30 * self.faces.index(f)
        fx = cx + self.ctx[b]
        fy = cy + self.ctx[b + 1]
        t = tri(self.ctx, b + 2 + 7 * G.PERP[f].index(g))
        for dx, dy in ((0, 0), (1, 0), (0, 1)):
            fb.poly(fx + dx, fy + dy, t, color, False)

    def structure(self, fb, dice, occupied, ghost=None):
        """Every die back to front; ghost = (x, y, z, o) joins in its depth."""
        if dice is not self.placed:
            self.place(dice, occupied)
        n = self.n
        cut = n
        if ghost is not None:
            g = 6 * C.N_DICE
            if ghost != self.ghost:
                self.record(g, ghost, occupied)
                self.ghost = ghost
            r = self.recs
            cut = 0
            while cut < n and r[6 * cut] <= r[g]:
                cut += 1
        self.dice(fb, 0, cut)
        if ghost is not None:
            self.dice(fb, C.N_DICE, 1)
        self.dice(fb, cut, n - cut)

    def creatures(self, fb, found, card):
        """Outlines both halves of each creature: the card's in ACCENT, others in WHITE."""
        for k, p1, f1, g1, p2, f2, g2 in found:
            col = ui.ACCENT if k == card else ui.WHITE
            self.half(fb, p1[0], p1[1], p1[2], f1, g1, col)
            self.half(fb, p2[0], p2[1], p2[2], f2, g2, col)


def _kernel():
    """app.games.cubingos.dice_thumb.die where the inline assembler runs on an RP2040 (the Pico),
    else None. Not on the RP2350 either: the loop divides with the RP2040's SIO divider,
    which the RP2350 does not have."""
    import sys
    if sys.platform != "rp2" or "RP2040" not in sys.implementation._machine:
        # not even tried elsewhere (see hal.kernels.load)
        return None
    try:
        from app.games.cubingos.dice_thumb import die
    except Exception:  # no inline assembler, another arch
        return None
    return die


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
