"""Kocka 10000 bots: agents with act(state, player, now), three levels, no randomness of
their own (a game is reproducible from its seed alone).

easy    banks as soon as it may; sets aside the most points of each roll; collects only
        when nothing else can be set aside.
medium  maximum expected points per turn: the tables of shared_rules/kocka10000/ev.py
        (tools/kocka10000_table.py: dynamic programming over turn total and dice left,
        before 2,500 and from 2,500 with collections). Sets aside what maximises the
        expected turn, banks at the table's thresholds (350 with 1-2 dice left, 400
        with 3, 1,000 with 4, 2,900 with 5 before 2,500).
hard    plays to win: its bank/roll decisions come from a two-player win-probability
        value iteration (shared_rules/kocka10000/win.py, tools/kocka10000_wintable.py,
        scores on a 500-point grid: a bank threshold per (score, opponent, dice left),
        interpolated in the opponent's score, plus the few "islands" below it where
        banking also wins, mostly banking early to reach 2,500 when far behind), against
        the best opponent score. Collections are chosen from the exact probability of
        completing six of a face (joker at five) weighed in win probability against the
        classic choice; classic set-asides are the medium's, except that one that lets
        it bank a win is always taken; in the last round of `finish_round` it keeps
        rolling until it leads. All arithmetic in small ints: the same decisions on
        CPython, WebAssembly and the Pico, and no float allocation.

Tables are imported when a bot is made, not with the rules.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x
from shared_rules.kocka10000.rules import (ROLL, TAKE, COLLECT, JOKER, BANK, PICKING,
                                     GOAL, COLLECT_FROM, _face_points)

LEVELS = ("easy", "medium", "hard")
_WS = const(63750)  # win probabilities scaled: 255 (table bytes) * 500 * 500 / 1000


def _face_options(double):
    """[f] -> [(j, points)] for the numbers j of dice of face f that score together."""
    out = [[]]
    for f in range(1, 7):
        opts = []
        for j in range(1, 7):
            q = _face_points(f, j, double)
            if q:
                opts.append((j, q))
        out.append(opts)
    return out


_FACE_OPTS = (_face_options(False), _face_options(True))


def classic_choices(roll, double=False):
    """The best classic set-aside for each number of dice used: [(points, k, mask)]."""
    n = len(roll)
    counts = [0, 0, 0, 0, 0, 0, 0]
    masks = [0, 0, 0, 0, 0, 0, 0]
    for i in range(n):
        d = roll[i]
        counts[d] += 1
        masks[d] |= 1 << i
    fo = _FACE_OPTS[1 if double else 0]
    cur = [(0, 0, 0)]
    for f in range(1, 7):
        c = counts[f]
        if not c or (c < 3 and f != 1 and f != 5):
            continue
        new = None
        fm = masks[f]
        for j, q in fo[f]:
            if j > c:
                break
            mj = fm
            if j < c:
                # the first j dice of face f
                mj = 0
                k = 0
                for i in range(n):
                    if fm >> i & 1:
                        mj |= 1 << i
                        k += 1
                        if k == j:
                            break
            if new is None:
                new = list(cur)
            for k0, p0, m0 in cur:
                new.append((k0 + j, p0 + q, m0 | mj))
        if new is not None:
            cur = new
    best = [None] * 7
    for k, p, mk in cur:
        if k and (best[k] is None or p > best[k][0]):
            best[k] = (p, k, mk)
    if n == 6 and counts[1] == counts[2] == counts[3] == counts[4] == counts[5] == 1:
        if best[6] is None or best[6][0] < 1500:
            best[6] = (1500, 6, 63)
    return [b for b in best if b is not None]


def face_masks(roll):
    """counts[f] and masks[f] of each face in the roll."""
    counts = [0, 0, 0, 0, 0, 0, 0]
    masks = [0, 0, 0, 0, 0, 0, 0]
    for i in range(len(roll)):
        d = roll[i]
        counts[d] += 1
        masks[d] |= 1 << i
    return counts, masks


def _go_on_collecting(state, p):
    """While collecting: keep every die of the face (best for completing), or the joker."""
    face = state.face
    m = 0
    roll = state.roll
    for i in range(len(roll)):
        if roll[i] == face:
            m |= 1 << i
    if not m:
        for i in range(len(roll)):
            if roll[i] == state.joker:
                return (p, COLLECT, 1 << i)
    return (p, COLLECT, m)


def _joker(state):
    return 2 if state.face == 1 else 1


class EasyBot:
    def __init__(self, seed=0):
        self.seed = seed

    def act(self, state, p, now=0):
        if state.is_terminal() or state.turn != p:
            return None
        if state.phase != PICKING:
            if state.face and state.count == 5 and not state.joker:
                return (p, JOKER, _joker(state))
            if state.can_bank():
                return (p, BANK)
            return (p, ROLL)
        if state.face:
            return _go_on_collecting(state, p)
        best = None
        for pts, k, mask in classic_choices(state.roll, state.double):
            if best is None or pts > best[0]:
                best = (pts, k, mask)
        if best is not None:
            return (p, TAKE, best[2])
        counts, masks = face_masks(state.roll)
        f = 6
        for g in range(6, 0, -1):
            if counts[g] > counts[f]:
                f = g
        return (p, COLLECT, masks[f])


def _u16(row, i):
    return (row[2 * i] << 8) | row[2 * i + 1]


def _lookup(row, u):
    """A shipped value curve at u; straight-line extrapolation past its end."""
    n = len(row) >> 1
    if u < n:
        return _u16(row, u)
    last = _u16(row, n - 1)
    return last + (u - n + 1) * (last - _u16(row, n - 2))


class MediumBot:
    """Maximum expected points per turn (tables from tools/kocka10000_table.py)."""

    def __init__(self, seed=0):
        from shared_rules.kocka10000 import ev as kocka10000_ev
        self.seed = seed
        self.ev = kocka10000_ev

    def value(self, regime, u, m):
        """Expected turn points after a set-aside leaving m dice at turn total 50u."""
        if m == 0:
            return _lookup(self.ev.EV[regime][5], u)
        row = self.ev.EV[regime][m - 1]
        if u < (len(row) >> 1):
            return _u16(row, u)
        return 50 * u

    def wants_bank(self, state, p):
        row = self.ev.EV[1 if state.totals[p] >= COLLECT_FROM else 0][state.left - 1]
        return state.turn_total // 50 >= (len(row) >> 1)

    def act(self, state, p, now=0):
        if state.is_terminal() or state.turn != p:
            return None
        if state.phase != PICKING:
            if state.face and state.count == 5 and not state.joker:
                return (p, JOKER, _joker(state))
            if state.can_bank() and self.wants_bank(state, p):
                return (p, BANK)
            return (p, ROLL)
        if state.face:
            return _go_on_collecting(state, p)
        return self.pick(state, p)

    def pick(self, state, p):
        regime = 1 if state.totals[p] >= COLLECT_FROM else 0
        u = state.turn_total // 50
        n = len(state.roll)
        best_v = -1
        best = None
        for pts, k, mask in classic_choices(state.roll, state.double):
            v = self.value(regime, u + pts // 50, n - k)
            if v > best_v:
                best_v = v
                best = (p, TAKE, mask)
        if state.can_start_collection():
            # in points << 14: PC14 is out of 16384 (small ints only, same on every port)
            ev = self.ev
            best_v <<= 14
            counts, masks = face_masks(state.roll)
            for f in range(1, 7):
                c = counts[f]
                if not c:
                    continue
                if f == 1:
                    done = (ev.SURVIVE6_14 * (state.turn_total + 10000)) >> 14
                else:
                    done = _lookup(ev.CONF, u + 20 * f)
                v = ev.PC14[c] * done
                if v > best_v:
                    best_v = v
                    best = (p, COLLECT, masks[f])
        return best


class HardBot(MediumBot):
    """Plays for the win (tables from tools/kocka10000_wintable.py)."""

    def __init__(self, seed=0):
        MediumBot.__init__(self, seed)
        from shared_rules.kocka10000 import win as kocka10000_win
        self.win = kocka10000_win

    # -- the win-probability table, in small ints: probabilities out of _WS = 63,750 --
    def w_mover(self, b, x):
        """P(the player to move with b beats a player who has x) * WS, interpolated."""
        if x >= GOAL:
            return 0
        N = self.win.N
        W = self.win.W
        if b >= (N - 1) * 500:
            b = (N - 1) * 500
        ib = b // 500
        rb = b - ib * 500
        ib1 = ib + 1 if ib + 1 < N else ib
        ix = x // 500
        rx = x - ix * 500
        lo = W[ib * N + ix] * (500 - rb) + W[ib1 * N + ix] * rb
        hi = 0
        if ix + 1 < N:
            hi = W[ib * N + ix + 1] * (500 - rb) + W[ib1 * N + ix + 1] * rb
        return (lo * (500 - rx) + hi * rx) // 1000

    def island(self, a, b, m):
        """(lo, hi) turn totals where banking also wins below the threshold, or None."""
        N = self.win.N
        ia = a // 500
        if ia >= N:
            ia = N - 1
        ib = (b + 250) // 500
        if ib >= N:
            ib = N - 1
        key = (ia * N + ib) * 5 + m - 1
        isl = self.win.ISLANDS
        lo = 0
        hi = len(isl) >> 2
        while lo < hi:
            mid = (lo + hi) >> 1
            k = (isl[4 * mid] << 8) | isl[4 * mid + 1]
            if k < key:
                lo = mid + 1
            elif k > key:
                hi = mid
            else:
                shift = a - ia * 500    # islands are about the score reached
                return (50 * isl[4 * mid + 2] - shift, 50 * isl[4 * mid + 3] - shift)
        return None

    def bank_from(self, a, b, m):
        """Bank from this turn total / 50 with m dice left, for scores a and b; the
        threshold interpolated in b, returned times 500 (an int)."""
        N = self.win.N
        ia = a // 500
        if ia >= N:
            ia = N - 1
        if b >= (N - 1) * 500:
            b = (N - 1) * 500
        ib = b // 500
        rb = b - ib * 500
        ib1 = ib + 1 if ib + 1 < N else ib
        t0 = self.win.THR[(ia * N + ib) * 5 + m - 1]
        t1 = self.win.THR[(ia * N + ib1) * 5 + m - 1]
        return t0 * (500 - rb) + t1 * rb

    @staticmethod
    def opponent(state, p):
        b = 0
        for q in range(state.num_players):
            if q != p and state.totals[q] > b:
                b = state.totals[q]
        return b

    def wants_bank(self, state, p):
        a = state.totals[p]
        t = state.turn_total
        b = self.opponent(state, p)
        if state.last_round >= 0:
            return a + t > b          # the last turn of finish_round: bank only in the lead
        if a + t >= GOAL:
            return True
        m = state.left
        if (t // 50) * 500 >= self.bank_from(a, b, m):
            return True
        isl = self.island(a, b, m)
        return isl is not None and isl[0] <= t < isl[1]

    def pick(self, state, p):
        a = state.totals[p]
        t = state.turn_total
        n = len(state.roll)
        regime = 1 if a >= COLLECT_FROM else 0
        u = t // 50
        need = GOAL if state.last_round < 0 else self.opponent(state, p) + 1
        minimum = 0 if regime else 350
        best_v = -1
        best = None
        winning = None
        for pts, k, mask in classic_choices(state.roll, state.double):
            if k < n and a + t + pts >= need and t + pts >= minimum:
                if winning is None or pts > winning[0]:
                    winning = (pts, (p, TAKE, mask))
            v = self.value(regime, u + pts // 50, n - k)
            if v > best_v:
                best_v = v
                best = (p, TAKE, mask)
        if winning is not None:
            return winning[1]
        if not state.can_start_collection():
            return best
        # collections: exact completion probabilities (PC14, out of 16384), weighed in
        # win probability (out of _WS = 63,750); every product stays below 2**30
        ev = self.ev
        b = self.opponent(state, p)
        ws = _WS
        lose = ws - self.w_mover(b, a)
        if best is None:
            best_w = -1
        else:
            best_w = (ws - self.w_mover(b, a + best_v)) << 14
        counts, masks = face_masks(state.roll)
        s6 = ev.SURVIVE6_14
        for f in range(1, 7):
            c = counts[f]
            if not c:
                continue
            if f == 1:
                done = ws
            else:
                done = ws - self.w_mover(b, a + t + 1000 * f)
            done = (s6 * done + (16384 - s6) * lose) >> 14
            pc = ev.PC14[c]
            v = pc * done + (16384 - pc) * lose
            if v > best_w:
                best_w = v
                best = (p, COLLECT, masks[f])
        return best


def make_bot(level, seed=0):
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed)
    raise ValueError("unknown level %r" % (level,))
