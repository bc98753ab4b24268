"""Cubingos geometry: directions, the 24 orientations, cells, and where dice faces meet.

Die-independent (the die's print is data in shared_rules.cubingos.rules; build_tables turns
it into lookup tables). MicroPython subset: small ints, bytes tables, no allocation in
the inner loops of match_masks.

Directions (world or die body): 0 +x, 1 -x, 2 +y, 3 -y, 4 +z (up), 5 -z (down);
d ^ 1 is the opposite of d, d >> 1 its axis.

Orientations: 24 rotations, index 0 the identity. ROT[o * 6 + d] is the world direction
that the die's body direction d points to in orientation o (a signed permutation:
ROT[o*6 + (d^1)] == ROT[o*6 + d] ^ 1). matrix(o) gives the 3x3 rotation matrix;
compose(a, b) is "b, then a"; turn(o, axis, k) turns a die k quarter turns about a
world axis (0 x, 1 y, 2 z; right-handed); inverse(o); orient_of(up, front).

Cells: (x, y, z) packed into one small int, cell(x, y, z) = (x+32) + (y+32)*64 + z*4096,
so a step in direction d is + DIR_OFF[d]; xyz(c) unpacks. z = 0 is the table; a cell
with z < 0 (a negative packed int) is the table itself. The start die is at ORIGIN.

Edge slots: each face of a die carries four halves, one along each edge. Slot (f, g) is
the half on face f along its edge with face g (g perpendicular to f); its index in a
die's 24-half string is SLOT[f*6 + g] (faces in order 0..5, and on each face the four
edges in increasing direction order, PERP). World slot (F, G) of a die in orientation o
shows body slot (R^-1 F, R^-1 G).

Where faces meet (the rules file's three cases as one rule): every edge line of the
cell grid has four cells around it, in a ring. A face of a die is visible across to an
empty neighbouring cell (never to the table). Where the empty cells of a ring form a
run of one (an inside right angle) or two (a flat, "side by side" on one level or over
two levels) bounded on both ends by dice, the two dice faces bounding that run meet
along the edge line, and their two halves on that edge can form a creature. A run of
three (an outside corner) has the same die on both ends; a run bounded by the table
forms nothing. So placing a die only ever adds meetings that involve it, and removes
the meetings of the faces it covers.

For a die at cell c and its edge between its faces a and b, the ring is c, A = c+a,
D = c+a+b, B = c+b, and the meetings of c's die are:
    A empty, D a die             c's (a, b) meets D's (-b, -a)   inside right angle
    A empty, D empty, B a die    c's (a, b) meets B's (a, -b)    flat, both facing a
    B empty, D a die             c's (b, a) meets D's (-a, -b)   inside right angle
    B empty, D empty, A a die    c's (b, a) meets A's (b, -a)    flat, both facing b
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

PX = 0
NX = 1
PY = 2
NY = 3
PZ = 4
NZ = 5
DIR_VEC = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
_DIR_NAMES = const(("+x", "-x", "+y", "-y", "+z", "-z"))
DIR_OFF = (1, -1, 64, -64, 4096, -4096)
UP = 4096
ORIGIN = 32 + 32 * 64
_LIMIT = const(30)          # |x|, |y| and z of a cell the rules accept

# The tables below are literals, not computed at import (a Cubingos opening on the Pico
# waited for that); tests/shared/test_cubingos_geom.py derives each from its definition
# and holds the literal to it.

# The four edge directions of each face, in increasing order (the slot order on a face).
PERP = ((2, 3, 4, 5), (2, 3, 4, 5), (0, 1, 4, 5), (0, 1, 4, 5), (0, 1, 2, 3), (0, 1, 2, 3))

# SLOT[f*6 + g]: the index (0-23) of slot (f, g) in a die's halves, f * 4 + the place of g
# in PERP[f]; 255 if g is not perpendicular to f. SLOT_FG[i] = f*6 + g.
SLOT = (b"\xff\xff\x00\x01\x02\x03\xff\xff\x04\x05\x06\x07\x08\x09\xff\xff\x0a\x0b"
        b"\x0c\x0d\xff\xff\x0e\x0f\x10\x11\x12\x13\xff\xff\x14\x15\x16\x17\xff\xff")
SLOT_FG = (b"\x02\x03\x04\x05\x08\x09\x0a\x0b\x0c\x0d\x10\x11\x12\x13\x16\x17\x18\x19"
           b"\x1a\x1b\x1e\x1f\x20\x21")

# The 24 rotations, as direction maps: the identity, then in the order a breadth-first
# search from it meets them, turning each by a quarter turn about +x, +y, +z in turn
# (right-handed). The numbering is the orientation in saved games: it never changes.
# ROT[o*6 + d], 144 bytes.
ROT = (b"\x00\x01\x02\x03\x04\x05\x00\x01\x04\x05\x03\x02\x05\x04\x02\x03\x00\x01"
       b"\x02\x03\x01\x00\x04\x05\x00\x01\x03\x02\x05\x04\x05\x04\x00\x01\x03\x02"
       b"\x02\x03\x04\x05\x00\x01\x01\x00\x02\x03\x05\x04\x05\x04\x01\x00\x02\x03"
       b"\x04\x05\x01\x00\x03\x02\x01\x00\x03\x02\x04\x05\x00\x01\x05\x04\x02\x03"
       b"\x05\x04\x03\x02\x01\x00\x02\x03\x00\x01\x05\x04\x01\x00\x05\x04\x03\x02"
       b"\x04\x05\x03\x02\x00\x01\x01\x00\x04\x05\x02\x03\x04\x05\x02\x03\x01\x00"
       b"\x03\x02\x01\x00\x05\x04\x03\x02\x00\x01\x04\x05\x02\x03\x05\x04\x01\x00"
       b"\x04\x05\x00\x01\x02\x03\x03\x02\x05\x04\x00\x01\x03\x02\x04\x05\x01\x00")
N_ORIENT = 24
# Index of a rotation from its images of +x and +y: _KEY[ROT[o*6]*6 + ROT[o*6+2]] = o.
_KEY = (b"\xff\xff\x00\x04\x01\x0b\xff\xff\x07\x0a\x10\x0e\x0d\x03\xff\xff\x06\x14"
        b"\x13\x12\xff\xff\x17\x16\x15\x09\x11\x0f\xff\xff\x05\x08\x02\x0c\xff\xff")
# INV[o * 6 + w]: the body direction shown toward world direction w.
INV = (b"\x00\x01\x02\x03\x04\x05\x00\x01\x05\x04\x02\x03\x04\x05\x02\x03\x01\x00"
       b"\x03\x02\x00\x01\x04\x05\x00\x01\x03\x02\x05\x04\x02\x03\x05\x04\x01\x00"
       b"\x04\x05\x00\x01\x02\x03\x01\x00\x02\x03\x05\x04\x03\x02\x04\x05\x01\x00"
       b"\x03\x02\x05\x04\x00\x01\x01\x00\x03\x02\x04\x05\x00\x01\x04\x05\x03\x02"
       b"\x05\x04\x03\x02\x01\x00\x02\x03\x00\x01\x05\x04\x01\x00\x05\x04\x03\x02"
       b"\x04\x05\x03\x02\x00\x01\x01\x00\x04\x05\x02\x03\x05\x04\x02\x03\x00\x01"
       b"\x03\x02\x01\x00\x05\x04\x02\x03\x01\x00\x04\x05\x05\x04\x00\x01\x03\x02"
       b"\x02\x03\x04\x05\x00\x01\x04\x05\x01\x00\x03\x02\x05\x04\x01\x00\x02\x03")


def compose(a, b):
    """The orientation of rotating by b first, then by a."""
    return _KEY[ROT[a * 6 + ROT[b * 6]] * 6 + ROT[a * 6 + ROT[b * 6 + 2]]]


def inverse(o):
    return _KEY[INV[o * 6] * 6 + INV[o * 6 + 2]]


def rotation_of(images):
    """The orientation whose body +x, +y go to world images[0], images[1]; -1 if none."""
    k = _KEY[images[0] * 6 + images[1]] if 0 <= images[0] < 6 and 0 <= images[1] < 6 else 255
    return -1 if k == 255 else k


# The quarter turn about each world axis as an orientation: rotation_of((0, 4)),
# rotation_of((5, 2)), rotation_of((2, 1)).
TURN = (1, 2, 3)


def turn(o, axis, k=1):
    """o turned k quarter turns (right-handed) about world axis 0 (x), 1 (y) or 2 (z)."""
    k &= 3
    while k:
        o = compose(TURN[axis], o)
        k -= 1
    return o


def orient_of(up, front):
    """The orientation whose body face `up` points to +z and body face `front` to -y; -1
    when the two are not perpendicular."""
    for o in range(N_ORIENT):
        if ROT[o * 6 + up] == PZ and ROT[o * 6 + front] == NY:
            return o
    return -1


def matrix(o):
    """Row-major 3x3 rotation matrix (9 ints): world vector = M * body vector."""
    m = [0] * 9
    for j in range(3):
        v = DIR_VEC[ROT[o * 6 + 2 * j]]
        for i in range(3):
            m[i * 3 + j] = v[i]
    return tuple(m)


def cell(x, y, z):
    return (x + 32) + ((y + 32) << 6) + (z << 12)


def xyz(c):
    return ((c & 63) - 32, ((c >> 6) & 63) - 32, c >> 12)


def in_bounds(x, y, z):
    return -_LIMIT <= x <= _LIMIT and -_LIMIT <= y <= _LIMIT and 0 <= z <= _LIMIT


def build_tables(die):
    """(WH, MASK) for a die's 24 halves (bytes; codes 0-7).

    WH[o*36 + F*6 + G]: the half a die in orientation o shows at world slot (F, G)
    (255 for no slot). MASK[(F*6 + G)*8 + h]: bit o set when orientation o shows half
    h at world slot (F, G).
    """
    wh = bytearray(b"\xff" * (N_ORIENT * 36))
    mask = [0] * 288
    for o in range(N_ORIENT):
        for F in range(6):
            bf = INV[o * 6 + F]
            for G in PERP[F]:
                h = die[SLOT[bf * 6 + INV[o * 6 + G]]]
                wh[o * 36 + F * 6 + G] = h
                mask[(F * 6 + G) * 8 + h] |= 1 << o
    return bytes(wh), mask


# The 12 edges of a cell: (offA, offB, offD, s_ab, s_ba, sD_a, sD_b, sB, sA), for each pair
# of perpendicular directions a < b: offA = DIR_OFF[a], offB = DIR_OFF[b], offD their
# sum; c's slots (a, b) and (b, a); D's slots when A or B is empty, (-b, -a) and
# (-a, -b); B's (a, -b) and A's (b, -a) (slots as f * 6 + g, -d being d ^ 1).
EDGES = ((1, 64, 65, 2, 12, 19, 9, 3, 13), (1, -64, -63, 3, 18, 13, 8, 2, 19),
         (1, 4096, 4097, 4, 24, 31, 11, 5, 25), (1, -4096, -4095, 5, 30, 25, 10, 4, 31),
         (-1, 64, 63, 8, 13, 18, 3, 9, 12), (-1, -64, -65, 9, 19, 12, 2, 8, 18),
         (-1, 4096, 4095, 10, 25, 30, 5, 11, 24), (-1, -4096, -4097, 11, 31, 24, 4, 10, 30),
         (64, 4096, 4160, 16, 26, 33, 23, 17, 27), (64, -4096, -4032, 17, 32, 27, 22, 16, 33),
         (-64, 4096, 4032, 22, 27, 32, 17, 23, 26), (-64, -4096, -4160, 23, 33, 26, 16, 22, 32))
# The 8 edges that can meet anything for a cell on the table (an edge along the table
# has the table on two of its four sides: nothing meets there): those without -UP.
EDGES_LOW = (EDGES[0], EDGES[1], EDGES[2], EDGES[4], EDGES[5], EDGES[6], EDGES[8], EDGES[10])


def meetings(occ, c, out=None):
    """Where the die at cell c meets other dice: a list of (s, partner_cell, s_partner)
    with s = F*6 + G the world slot on c's die and s_partner the one on the partner.

    occ: dict cell -> orientation of the dice in place (c itself need not be in it).
    """
    if out is None:
        out = []
    for e in EDGES:
        A = c + e[0]
        B = c + e[1]
        aE = A >= 0 and A not in occ
        bE = B >= 0 and B not in occ
        if aE or bE:
            D = c + e[2]
            dd = D in occ
            dE = D >= 0 and not dd
            if aE:
                if dd:
                    out.append((e[3], D, e[5]))
                elif dE and B in occ:
                    out.append((e[3], B, e[7]))
            if bE:
                if dd:
                    out.append((e[4], D, e[6]))
                elif dE and A in occ:
                    out.append((e[4], A, e[8]))
    return out


def supported(occ, c):
    """True when a die at c would stand: on the table or on a die."""
    return c >> 12 == 0 or (c - UP) in occ


def touches(occ, c):
    for d in DIR_OFF:
        if c + d in occ:
            return True
    return False


def legal_cells(occ, table_only):
    """The sorted empty cells a die may be placed in (face contact, no floating);
    table_only: z = 0 only (the first round)."""
    seen = set()
    n = 4 if table_only else 6
    for c in occ:
        for k in range(n):
            x = c + DIR_OFF[k]
            if x < 0 or x in occ or x in seen:
                continue
            if x >= UP and (x - UP) not in occ:
                continue
            seen.add(x)
    out = list(seen)
    out.sort()
    return out


def free_cells(occ, keep):
    """Sorted cells of dice with nothing on top, except cell `keep` (the start die)."""
    out = [c for c in occ if c != keep and (c + UP) not in occ]
    out.sort()
    return out


def match_masks(occ, cells, wh, mask, head, mouth, out):
    """Appends (cell, orientation mask) to out for each of `cells` where a new die in
    some orientation forms the creature (head colour, mouth code) with a neighbour: bit
    o of the mask set when orientation o does. Returns out, in the order of `cells`.

    The hot loop of hints and bots, turned round: rather than looking from every cell
    along its twelve edges (most of which face open air), it walks the dice in place.
    Only a half showing the card's head (or mouth) can take part, so for each visible
    face of each die and each half on it that does, the two cells a new die would
    meet that half from are checked (see the module docstring):
        flat:   c = P + G (beside P, both facing F; c + F empty)   c's (F, -G)
        angle:  c = P + F + G (across the empty cell P + F)        c's (-G, -F)
    and the orientations showing the other half at c's slot are OR-ed in from MASK. A
    die's face is never visible to the table, and a die's bottom face never shows (a
    die stands on the table or on a die), so no meeting along the table comes up."""
    acc = {}
    for c in cells:
        acc[c] = 0
    off = DIR_OFF
    for p in occ:
        o36 = occ[p] * 36
        for f in range(5):
            of = off[f]
            e = p + of
            if e in occ:
                continue
            f6 = f * 6
            for g in PERP[f]:
                h = wh[o36 + f6 + g]
                if h == head:
                    h = mouth
                elif h == mouth:
                    h = head
                else:
                    continue
                og = off[g]
                c = p + og
                if c in acc and (c + of) not in occ:
                    acc[c] |= mask[(f6 + (g ^ 1)) * 8 + h]
                c = e + og
                if c in acc:
                    acc[c] |= mask[((g ^ 1) * 6 + (f ^ 1)) * 8 + h]
    for c in cells:
        m = acc[c]
        if m:
            out.append((c, m))
    return out
