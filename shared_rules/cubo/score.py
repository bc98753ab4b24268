"""Cubo: scoring a grid, the optimal arrangement of a roll, and the best swap.

Public API (kept stable, re-exported by shared_rules.cubo.rules):

    score_grid(grid, runs_any_order=False) -> int
    best_arrangement(dice, runs_any_order=False) -> (score, grid)
    best_swap(grid, taken, runs_any_order=False) -> (score, index_or_None)

plus helpers for the game and the UI: line_scores (the line-by-line breakdown),
best_c_value, score_named, validate_grid, validate_dice.

Dice are (value, colour) pairs. Colours: 'R' red, 'B' blue, 'W' white joker, 'Y'
yellow joker. A grid is a list of 9 dice in row-major order with the joker at index 4.
The yellow die's C face is stored as value 0; for scoring it takes its best value
1-6 (the rules let the player name any value, so which pip C replaces on the die,
the game option `yellow_c_replaces`, only changes how often C is rolled, never
how it scores).

best_swap returns (score, None) when no swap scores strictly more than keeping the
grid as it is; ties between cells go to the lowest index.

The solver (see _solve) is exact. Outline:
  * The joker is fixed in the centre, so only the 8 coloured dice move. The four
    edge cells (1, 3, 5, 7) each lie on one outer line and one middle line; the four
    corners each lie on two outer lines.
  * Up to the 8 symmetries of the square, an arrangement is: which 4 dice are edges,
    how they pair into the middle column / middle row (3 ways), and where the 4
    corners go. Identical dice are deduplicated (dice are sorted, multisets of
    edges enumerated once).
  * For fixed edges and corners the outer ring's best score is found without
    trying the 24 corner orders: the top and bottom lines use complementary corner
    pairs, and so do left and right, which leaves 3 ways to split the corners,
    combined in closed form from 24 table look-ups.
  * Branch and bound, best first: every edge multiset gets an upper bound (each edge
    die's best line with the remaining dice as corners, read from per-die partner
    lists of the few pairs that can make a run or set with it, plus the best middle
    lines); the multisets are evaluated exactly in descending bound order until the
    next bound cannot beat the best found.
All hot-path integers stay far below 2**30 and the solver allocates nothing per
call beyond its result (buffers are module-level and reused).
"""

try:
    from micropython import const
except ImportError:  # CPython without the shim
    def const(x):
        return x

RED = "R"
BLUE = "B"
WHITE = "W"
YELLOW = "Y"
COLOURS = "RBWY"
C_FACE = const(0)
CENTRE = const(4)
# The 6 lines: 3 rows then 3 columns.
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
# The outer (non-joker) cells.
OUTER = (0, 1, 2, 3, 5, 6, 7, 8)
MAX_SCORE = const(54)
# Every die there is, (face, colour), face C_FACE..6 for each of COLOURS in turn: a
# State's dice are these very tuples (die()), so its grids hold no tuples of their own
# (frozen in the image, a constant tuple stays in flash: 0.6 KB off the heap for each
# State of four players, and a linked host holds two)
DICE = ((0, "R"), (1, "R"), (2, "R"), (3, "R"), (4, "R"), (5, "R"), (6, "R"),
        (0, "B"), (1, "B"), (2, "B"), (3, "B"), (4, "B"), (5, "B"), (6, "B"),
        (0, "W"), (1, "W"), (2, "W"), (3, "W"), (4, "W"), (5, "W"), (6, "W"),
        (0, "Y"), (1, "Y"), (2, "Y"), (3, "Y"), (4, "Y"), (5, "Y"), (6, "Y"))


def die(face, colour):
    """The die (face, colour) from DICE (a tuple of its own for one not there)."""
    k = COLOURS.find(colour) if len(colour) == 1 else -1
    if k < 0 or not 0 <= face <= 6:
        return (face, colour)
    return DICE[k * 7 + face]

KIND_RUN = "run"
KIND_SET = "set"

# ---------------------------------------------------------------------------
# Line tables. A coloured die is coded as (value - 1) * 2 + (0 red, 1 blue), so
# codes run 0..11 and the value is (code >> 1) + 1.
# OUT[(x * 12 + e) * 12 + y] is the score of a line x-e-y of three coloured dice
# (doubled when all three share a colour). A middle line a-J-b with joker value j
# is OUT[a * 144 + ((j - 1) * 2 + (a & 1)) * 12 + b]: the joker takes a's colour.
# PARTV[v] lists the value pairs (p, q), p <= q, that make a scoring line p-v-q.
# One table is 1,728 bytes, a constant of its variant's module (tools/cubo_lines.py
# writes them): frozen into the image it stays in flash, off the heap.

_TABLES = [None, None]


def _tables(any_order):
    i = 1 if any_order else 0
    t = _TABLES[i]
    if t is None:
        if any_order:
            import shared_rules.cubo.lines_any_order as lines
        else:
            import shared_rules.cubo.lines_in_order as lines
        t = _TABLES[i] = (lines.OUT, lines.PARTV)
    return t


# ---------------------------------------------------------------------------
# Validation and conversion.

def _where(what, i):
    return what if i < 0 else "%s %d" % (what, i)


def _die(d, what, i=-1):
    """Checks one die; returns it as a (value, colour) tuple. The message names
    `what` (and index i) only when there is something wrong."""
    try:
        n = len(d)
    except TypeError:
        n = -1
    if n != 2:
        raise ValueError("%s: %r is not a (value, colour) pair" % (_where(what, i), d))
    v = d[0]
    c = d[1]
    if c != "R" and c != "B" and c != "W" and c != "Y":
        raise ValueError("%s: unknown colour %r (use 'R', 'B', 'W' or 'Y')"
                         % (_where(what, i), c))
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("%s: value %r is not an integer" % (_where(what, i), v))
    if c == "Y":
        if not 0 <= v <= 6:
            raise ValueError("%s: yellow value %r out of range (0 for C, or 1-6)"
                             % (_where(what, i), v))
    elif not 1 <= v <= 6:
        raise ValueError("%s: value %r out of range 1-6" % (_where(what, i), v))
    if type(d) is tuple:
        return d
    return (v, c)


def validate_grid(grid):
    """Checks a grid; returns it as a list of 9 (value, colour) tuples."""
    try:
        n = len(grid)
    except TypeError:
        raise ValueError("a grid is a list of 9 dice, not %r" % (grid,))
    if n != 9:
        raise ValueError("a grid needs exactly 9 dice, got %d" % n)
    out = []
    jokers = 0
    for i in range(9):
        d = grid[i]
        # fast path for a well-formed red or blue die off the centre (the screens score
        # every frame while dice tumble)
        if i != CENTRE and type(d) is tuple and len(d) == 2:
            c = d[1]
            v = d[0]
            if (c == "R" or c == "B") and type(v) is int and 1 <= v <= 6:
                out.append(d)
                continue
        v, c = _die(d, "cell", i)
        if c == "W" or c == "Y":
            jokers += 1
            if i != CENTRE:
                raise ValueError("the joker must be in the centre cell (index 4), "
                                 "found %r in cell %d" % ((v, c), i))
        out.append(grid[i] if type(grid[i]) is tuple else (v, c))
    if jokers != 1:
        raise ValueError("a grid needs exactly one joker (W or Y) in the centre, found %d"
                         % jokers)
    return out


def validate_dice(dice):
    """Checks 9 dice in any order (8 red/blue + 1 joker); returns (coloured, joker)."""
    try:
        n = len(dice)
    except TypeError:
        raise ValueError("expected a list of 9 dice, not %r" % (dice,))
    if n != 9:
        raise ValueError("a roll has exactly 9 dice (8 red/blue + 1 joker), got %d" % n)
    coloured = []
    joker = None
    jokers = 0
    for i in range(9):
        d = dice[i]
        # fast path for a well-formed red or blue die
        if type(d) is tuple and len(d) == 2:
            c = d[1]
            v = d[0]
            if (c == "R" or c == "B") and type(v) is int and 1 <= v <= 6:
                coloured.append(d)
                continue
        d = _die(d, "die", i)
        if d[1] == "W" or d[1] == "Y":
            jokers += 1
            joker = d
        else:
            coloured.append(d)
    if jokers != 1:
        raise ValueError("a roll needs exactly one joker (W or Y), found %d" % jokers)
    return coloured, joker


def _code(d):
    return (d[0] - 1) * 2 + (1 if d[1] == "B" else 0)


def _die_of(code):
    return ((code >> 1) + 1, "B" if code & 1 else "R")


_DICE = tuple(_die_of(k) for k in range(12))  # the die of each code
# a middle line a-J-b with the joker at jc = (j - 1) * 24 is out[_MID[a] + jc + b]
_MID = tuple(k * 144 + (k & 1) * 12 for k in range(12))


# ---------------------------------------------------------------------------
# Scoring.

def _mid(out, a, j, b):
    return out[a * 144 + ((j - 1) * 2 + (a & 1)) * 12 + b]


def _score_codes(out, g, j):
    """g: 9 codes (g[4] ignored); j: joker value, 0 = C (takes its best value)."""
    a = g[1]
    b = g[3]
    s = (out[g[0] * 144 + a * 12 + g[2]] + out[g[6] * 144 + g[7] * 12 + g[8]]
         + out[g[0] * 144 + b * 12 + g[6]] + out[g[2] * 144 + g[5] * 12 + g[8]])
    # the middle lines b-J-g[5] and a-J-g[7] (_mid inlined: this is the bots' hot path)
    b = _MID[b] + g[5]
    a = _MID[a] + g[7]
    if j:
        j = (j - 1) * 24
        return s + out[b + j] + out[a + j]
    m = 0
    for j in range(0, 144, 24):
        t = out[b + j] + out[a + j]
        if t > m:
            m = t
    return s + m


def _codes_of_grid(grid):
    g = [0] * 9
    for i in OUTER:
        d = grid[i]
        g[i] = d[0] * 2 - (2 if d[1] == "R" else 1)  # _code inlined
    return g


def score_grid(grid, runs_any_order=False):
    """The round score of a grid; a C face takes its best value."""
    grid = validate_grid(grid)
    out = _tables(runs_any_order)[0]
    return _score_codes(out, _codes_of_grid(grid), grid[CENTRE][0])


def score_named(grid, c_value, runs_any_order=False):
    """The score with the joker's C face named as `c_value` (ignored for other faces)."""
    grid = validate_grid(grid)
    j = grid[CENTRE][0]
    if j == C_FACE:
        if not isinstance(c_value, int) or not 1 <= c_value <= 6:
            raise ValueError("the C face must be named as a value 1-6, not %r" % (c_value,))
        j = c_value
    out = _tables(runs_any_order)[0]
    return _score_codes(out, _codes_of_grid(grid), j)


def best_c_value(grid, runs_any_order=False):
    """The value to name for a C face (lowest of the best); the face value otherwise."""
    grid = validate_grid(grid)
    j = grid[CENTRE][0]
    if j != C_FACE:
        return j
    out = _tables(runs_any_order)[0]
    g = _codes_of_grid(grid)
    best = -1
    bv = 1
    for jj in range(1, 7):
        s = _mid(out, g[3], jj, g[5]) + _mid(out, g[1], jj, g[7])
        if s > best:
            best = s
            bv = jj
    return bv


def _line_kind(a, b, c, any_order):
    """(kind, value) of a line of three values, or (None, 0)."""
    if a == b == c:
        return KIND_SET, a
    if any_order:
        lo = min(a, b, c)
        hi = max(a, b, c)
        if hi - lo == 2 and a != b and b != c and a != c:
            return KIND_RUN, hi
    elif (b == a + 1 and c == b + 1) or (b == a - 1 and c == b - 1):
        return KIND_RUN, max(a, c)
    return None, 0


def line_scores(grid, runs_any_order=False, c_value=None):
    """The 6 lines (rows then columns) as (kind, value, doubled, points) tuples.

    kind is 'run', 'set' or None; value the line's worth before doubling; doubled
    whether the line is single-coloured (the joker counts as either colour). A C
    face takes `c_value` if given, else its best value.
    """
    grid = validate_grid(grid)
    j = grid[CENTRE][0]
    if j == C_FACE:
        if c_value is None:
            j = best_c_value(grid, runs_any_order)
        elif isinstance(c_value, int) and 1 <= c_value <= 6:
            j = c_value
        else:
            raise ValueError("the C face must be named as a value 1-6, not %r" % (c_value,))
    res = []
    for line in LINES:
        vals = []
        cols = []
        for i in line:
            if i == CENTRE:
                vals.append(j)
            else:
                vals.append(grid[i][0])
                cols.append(grid[i][1])
        kind, value = _line_kind(vals[0], vals[1], vals[2], runs_any_order)
        doubled = bool(kind) and all(c == cols[0] for c in cols)
        res.append((kind, value, doubled, value * 2 if doubled else value))
    return res


# ---------------------------------------------------------------------------
# The solver.

_C = [0] * 8            # the 8 codes, sorted
_VS = bytearray(9)      # _VS[v]: index of the first die of value >= v (v = 1..8)
_ST = bytearray(8)      # start of each die's partner list in _PL
_PL = [0] * 176         # partner lists: (score << 8) | pair mask, best first, 0-terminated
_PM = bytearray(64)     # _PM[a * 8 + b], a < b: the middle line a-J-b (bound for C)
_Z64 = bytes(64)
_NX = bytearray(8)
_Z8 = bytes(8)
_BIT = bytes([0, 0, 1, 0, 2, 0, 0, 0, 3] + [0] * 7 + [4] + [0] * 15 + [5] + [0] * 31 + [6]
             + [0] * 63 + [7])  # _BIT[1 << i] = i
_SETS = []              # candidates: (bound << 12) | a << 9 | b << 6 | d << 3 | e
_H = bytearray(8)       # 1 if the die can make a middle line with some other die
_BEST = [0, 0, 0]       # best (score, set key, pairing)


def _solve(codes, j, any_order, floor=-1):
    """Best score of 8 coloured dice (codes) around a joker of value j (0 = C).

    Leaves the best set in _BEST; returns the score. Given a floor, a best of no more
    than floor returns floor (and _BEST is not set): the search stops sooner.
    """
    out, partv = _tables(any_order)
    c = _C
    for i in range(8):
        c[i] = codes[i]
    c.sort()
    vs = _VS
    v = 1
    for i in range(8):
        x = (c[i] >> 1) + 1
        while v <= x:
            vs[v] = i
            v += 1
    while v < 9:
        vs[v] = 8
        v += 1
    # Partner lists: for each die, the corner pairs that make its outer line score.
    pl = _PL
    st = _ST
    n = 0
    for x in range(8):
        st[x] = n0 = n
        cx = c[x]
        ex = cx * 12
        for pq in partv[(cx >> 1) + 1]:
            pv = pq[0]
            qv = pq[1]
            plo = vs[pv]
            phi = vs[pv + 1]
            if pv == qv:
                for p in range(plo, phi):
                    if p == x:
                        continue
                    bp = c[p] * 144 + ex
                    for q in range(p + 1, phi):
                        if q == x:
                            continue
                        s = (out[bp + c[q]] << 8) | (1 << p) | (1 << q)
                        k = n
                        n += 1
                        while k > n0 and pl[k - 1] < s:
                            pl[k] = pl[k - 1]
                            k -= 1
                        pl[k] = s
            else:
                qlo = vs[qv]
                qhi = vs[qv + 1]
                for p in range(plo, phi):
                    bp = c[p] * 144 + ex
                    for q in range(qlo, qhi):
                        s = (out[bp + c[q]] << 8) | (1 << p) | (1 << q)
                        k = n
                        n += 1
                        while k > n0 and pl[k - 1] < s:
                            pl[k] = pl[k - 1]
                            k -= 1
                        pl[k] = s
        pl[n] = 0
        n += 1
    # Middle lines: the pairs that score with the joker.
    pm = _PM
    pm[:] = _Z64
    h = _H              # 1 if the die can make a middle line with some other die
    h[:] = _Z8
    jlo = j
    jhi = j
    if not j:
        jlo = 1
        jhi = 6
    for jj in range(jlo, jhi + 1):
        jc = (jj - 1) * 24
        for pq in partv[jj]:
            pv = pq[0]
            qv = pq[1]
            plo = vs[pv]
            phi = vs[pv + 1]
            if pv == qv:
                qlo = 0
            else:
                qlo = vs[qv]
                qhi = vs[qv + 1]
            for a in range(plo, phi):
                ca = c[a]
                ba = ca * 144 + jc + (ca & 1) * 12
                if pv == qv:
                    qlo = a + 1
                    qhi = phi
                for b in range(qlo, qhi):
                    s = out[ba + c[b]]
                    if s > pm[a * 8 + b]:
                        pm[a * 8 + b] = s
                        h[a] = 1
                        h[b] = 1
    # Bound every edge multiset (identical dice deduplicated): each edge die's best
    # outer line with the dice left for the corners, plus the best middle lines.
    sets = _SETS
    sets.clear()
    app = sets.append
    nx = _NX
    nx[7] = 8
    for i in range(6, -1, -1):
        nx[i] = i + 1 if c[i + 1] != c[i] else nx[i + 1]
    a = 0
    while a < 5:
        pa = a * 8
        ka = a << 9
        sa = st[a]
        ta = pl[sa]     # the dice's best lines, whatever the set: a cheap bound first
        A = 1 << a
        b = a + 1
        while b < 6:
            pb = b * 8
            kab = ka | (b << 6)
            hab = h[a] + h[b]
            pab = pm[pa + b]
            sb = st[b]
            tb = ta + pl[sb]
            AB = A | (1 << b)
            d = b + 1
            while d < 7:
                pd = d * 8
                kabd = kab | (d << 3)
                habd = hab + h[d]
                sd = st[d]
                td = tb + pl[sd]
                ABD = AB | (1 << d)
                e = d + 1
                while e < 8:
                    m = 0
                    if habd + h[e] > 1:
                        m = pab + pm[pd + e]
                        x = pm[pa + d] + pm[pb + e]
                        if x > m:
                            m = x
                        x = pm[pa + e] + pm[pb + d]
                        if x > m:
                            m = x
                    se = st[e]
                    # sets that cannot beat the floor are left out: they would
                    # never be evaluated (the floor returns first)
                    if ((td + pl[se]) >> 8) + m > floor:
                        S = ABD | (1 << e)
                        i = sa
                        while pl[i] & S:
                            i += 1
                        ub = pl[i]
                        i = sb
                        while pl[i] & S:
                            i += 1
                        ub += pl[i]
                        i = sd
                        while pl[i] & S:
                            i += 1
                        ub += pl[i]
                        i = se
                        while pl[i] & S:
                            i += 1
                        ub = ((ub + pl[i]) >> 8) + m
                        if ub > floor:
                            app((ub << 12) | kabd | e)
                    e = nx[e]
                d = nx[d]
            b = nx[b]
        a = nx[a]
    sets.sort()
    # Best first: evaluate multisets exactly in descending bound order.
    best = floor
    mid = _MID
    bkey = 0
    bpair = 0
    bit = _BIT
    k = len(sets) - 1
    while k >= 0:
        w = sets[k]
        k -= 1
        if (w >> 12) <= best:
            break
        a = (w >> 9) & 7
        b = (w >> 6) & 7
        d = (w >> 3) & 7
        e = w & 7
        S = (1 << a) | (1 << b) | (1 << d) | (1 << e)
        # The corners: the 4 dice not in S, lowest bit first.
        S ^= 255
        i = S & -S
        C0 = c[bit[i]] * 144
        S ^= i
        i = S & -S
        C1 = c[bit[i]]
        C1m = C1 * 144
        S ^= i
        i = S & -S
        C2 = c[bit[i]]
        C2m = C2 * 144
        C3 = c[bit[S ^ i]]
        ca = c[a]
        cb = c[b]
        cd = c[d]
        ce = c[e]
        pa = a * 8
        pb = b * 8
        pd = d * 8
        # The 6 corner-pair lines of each edge die: 01 02 03 12 13 23.
        x = ca * 12
        a01 = out[C0 + x + C1]
        a02 = out[C0 + x + C2]
        a03 = out[C0 + x + C3]
        a12 = out[C1m + x + C2]
        a13 = out[C1m + x + C3]
        a23 = out[C2m + x + C3]
        x = cb * 12
        b01 = out[C0 + x + C1]
        b02 = out[C0 + x + C2]
        b03 = out[C0 + x + C3]
        b12 = out[C1m + x + C2]
        b13 = out[C1m + x + C3]
        b23 = out[C2m + x + C3]
        x = cd * 12
        d01 = out[C0 + x + C1]
        d02 = out[C0 + x + C2]
        d03 = out[C0 + x + C3]
        d12 = out[C1m + x + C2]
        d13 = out[C1m + x + C3]
        d23 = out[C2m + x + C3]
        x = ce * 12
        e01 = out[C0 + x + C1]
        e02 = out[C0 + x + C2]
        e03 = out[C0 + x + C3]
        e12 = out[C1m + x + C2]
        e13 = out[C1m + x + C3]
        e23 = out[C2m + x + C3]
        # Opposite edges (u, v) take complementary corner pairs: for each split of
        # the corners (A: 01|23, B: 02|13, C: 03|12) the better of the two ways.
        x = a01 + b23; y = a23 + b01; abA = x if x > y else y
        x = a02 + b13; y = a13 + b02; abB = x if x > y else y
        x = a03 + b12; y = a12 + b03; abC = x if x > y else y
        x = d01 + e23; y = d23 + e01; deA = x if x > y else y
        x = d02 + e13; y = d13 + e02; deB = x if x > y else y
        x = d03 + e12; y = d12 + e03; deC = x if x > y else y
        x = a01 + d23; y = a23 + d01; adA = x if x > y else y
        x = a02 + d13; y = a13 + d02; adB = x if x > y else y
        x = a03 + d12; y = a12 + d03; adC = x if x > y else y
        x = b01 + e23; y = b23 + e01; beA = x if x > y else y
        x = b02 + e13; y = b13 + e02; beB = x if x > y else y
        x = b03 + e12; y = b12 + e03; beC = x if x > y else y
        x = a01 + e23; y = a23 + e01; aeA = x if x > y else y
        x = a02 + e13; y = a13 + e02; aeB = x if x > y else y
        x = a03 + e12; y = a12 + e03; aeC = x if x > y else y
        x = b01 + d23; y = b23 + d01; bdA = x if x > y else y
        x = b02 + d13; y = b13 + d02; bdB = x if x > y else y
        x = b03 + d12; y = b12 + d03; bdC = x if x > y else y
        # The other pair of edges takes one of the two other splits; u and v: the
        # middle lines' pairs (indices into pm).
        for p in range(3):
            if p == 0:
                u = pa + b
                v = pd + e
                x = deB if deB > deC else deC
                r = abA + x
                x = deA if deA > deC else deC
                x += abB
                if x > r:
                    r = x
                x = deA if deA > deB else deB
                x += abC
            elif p == 1:
                u = pa + d
                v = pb + e
                x = beB if beB > beC else beC
                r = adA + x
                x = beA if beA > beC else beC
                x += adB
                if x > r:
                    r = x
                x = beA if beA > beB else beB
                x += adC
            else:
                u = pa + e
                v = pb + d
                x = bdB if bdB > bdC else bdC
                r = aeA + x
                x = bdA if bdA > bdC else bdC
                x += aeB
                if x > r:
                    r = x
                x = bdA if bdA > bdB else bdB
                x += aeC
            if x > r:
                r = x
            # The middle lines: pm has them exactly for a face value. A C face takes
            # one value for both: their best sum, unless one of them never scores.
            x = pm[u]
            y = pm[v]
            if r + x + y > best:
                if not j and x and y:
                    u = mid[c[u >> 3]] + c[u & 7]
                    v = mid[c[v >> 3]] + c[v & 7]
                    x = 0
                    for jc in range(0, 144, 24):
                        y = out[u + jc] + out[v + jc]
                        if y > x:
                            x = y
                    y = 0
                r += x + y
                if r > best:
                    best = r
                    bkey = w & 0xFFF
                    bpair = p
    _BEST[0] = best
    _BEST[1] = bkey
    _BEST[2] = bpair
    return best


_PERM4 = b"\x00\x01\x02\x03\x00\x01\x03\x02\x00\x02\x01\x03\x00\x02\x03\x01\x00\x03\x01\x02\x00\x03\x02\x01" \
         b"\x01\x00\x02\x03\x01\x00\x03\x02\x01\x02\x00\x03\x01\x02\x03\x00\x01\x03\x00\x02\x01\x03\x02\x00" \
         b"\x02\x00\x01\x03\x02\x00\x03\x01\x02\x01\x00\x03\x02\x01\x03\x00\x02\x03\x00\x01\x02\x03\x01\x00" \
         b"\x03\x00\x01\x02\x03\x00\x02\x01\x03\x01\x00\x02\x03\x01\x02\x00\x03\x02\x00\x01\x03\x02\x01\x00"


def _rebuild(out, j):
    """The grid (9 codes, g[4] unused) of the best found by the last _solve (or of one
    whose _C and _BEST were kept and put back)."""
    c = _C
    bst = _BEST
    key = bst[1]
    p = bst[2]
    a = (key >> 9) & 7
    b = (key >> 6) & 7
    d = (key >> 3) & 7
    e = key & 7
    if p == 0:
        t, bo, l, r = c[a], c[b], c[d], c[e]
    elif p == 1:
        t, bo, l, r = c[a], c[d], c[b], c[e]
    else:
        t, bo, l, r = c[a], c[e], c[b], c[d]
    k = [c[i] for i in range(8) if i != a and i != b and i != d and i != e]
    g = [0] * 9
    g[1] = t
    g[7] = bo
    g[3] = l
    g[5] = r
    t *= 12
    bo *= 12
    l *= 12
    r *= 12
    # the middle lines are fixed by the pairing: find a corner order giving the rest
    m = 0
    for jj in range(j or 1, (j or 6) + 1):
        x = _mid(out, g[3], jj, g[5]) + _mid(out, g[1], jj, g[7])
        if x > m:
            m = x
    want = bst[0] - m
    perm = _PERM4
    for q in range(0, 96, 4):
        tl = k[perm[q]]
        tr = k[perm[q + 1]]
        br = k[perm[q + 2]]
        bl = k[perm[q + 3]]
        if (out[tl * 144 + t + tr] + out[tr * 144 + r + br] + out[br * 144 + bo + bl]
                + out[bl * 144 + l + tl]) == want:
            break
    g[0] = tl
    g[2] = tr
    g[8] = br
    g[6] = bl
    if _score_codes(out, g, j) != bst[0]:
        raise AssertionError("cubo solver: rebuilt grid misses %d" % bst[0])
    return g


def best_arrangement(dice, runs_any_order=False):
    """The optimal grid for 9 dice (8 red/blue + 1 joker): (score, grid).

    The grid is a list of 9 (value, colour) tuples with the joker at index 4; a C
    face stays value 0 (see best_c_value for the value to name).
    """
    coloured, joker = validate_dice(dice)
    return _arrange([_code(d) for d in coloured], joker, runs_any_order)


def _arrange(codes, joker, any_order):
    """best_arrangement of 8 coded dice and the joker die."""
    score = _solve(codes, joker[0], any_order)
    g = _rebuild(_tables(any_order)[0], joker[0])
    grid = [joker] * 9
    for i in OUTER:
        grid[i] = _DICE[g[i]]
    return score, grid


def solve_codes(codes, j, runs_any_order=False, floor=-1):
    """The best score of 8 coded dice around a joker of value j (0 = C); no grid.
    A best of no more than `floor` returns floor (found sooner)."""
    return _solve(codes, j, runs_any_order, floor)


def best_swap(grid, taken, runs_any_order=False):
    """The best use of a taken centre die: (score, cell index) or (score, None).

    None means keeping the grid unchanged scores at least as much as any swap.
    Only the 8 coloured cells can be swapped (never the joker).
    """
    grid = validate_grid(grid)
    t = _die(taken, "taken die")
    if t[1] not in ("R", "B"):
        raise ValueError("the taken centre die must be red or blue, not %r" % (t,))
    return _swap_codes(_tables(runs_any_order)[0], _codes_of_grid(grid), grid[CENTRE][0],
                       _code(t))


def _swap_codes(out, g, j, tc):
    """best_swap on codes (g: 9 codes, j: the joker's value, tc: the taken die's code)."""
    best = _score_codes(out, g, j)
    where = None
    for i in OUTER:
        old = g[i]
        if old == tc:
            continue
        g[i] = tc
        s = _score_codes(out, g, j)
        g[i] = old
        if s > best:
            best = s
            where = i
    return best, where
