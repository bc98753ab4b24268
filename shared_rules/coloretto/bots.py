"""Coloretto bots, three levels; agents with act(state, player, now), deterministic given
their seed. make_bot("random" | "greedy" | "strong", seed).

- random: a uniformly random legal action (driver.RandomAgent).
- greedy: values a row by the change in its own score (jokers placed optimally, +2 = 2).
  Takes the best row when that gains at least TAKE_AT points, or when it cannot draw;
  otherwise draws, and puts the drawn card on the row where it adds most to its own
  value of that row. Joker colours at the end: the optimal assignment.
- strong: determinized Monte Carlo search. Every legal action is tried on the same
  random orders of the unseen cards (common random numbers: all actions see the same
  deck, so the differences come from the action, not from luck) and played on with
  the greedy policy for every player to the end of the round (the end of the game in
  the last round); a line is worth own score minus the best opponent's. "Draw" is
  valued as the best placement of the card the sample draws (expectimax over the
  card). The unseen cards are known as a multiset (every other card is face up or out
  openly); their real order is never looked at. The last-round card's place is public
  (15 or 14 cards from the bottom), so its arrival is known. Budget: `steps` simulated
  greedy decisions per move (STEPS, for 3 rows; scaled down by 3/rows with 4-5 rows),
  spent in whole samples: every action gets the same number of rollouts. Chosen so
  that a move stays well under 600 ms on the emulated Pico (bench/bench_bots_device.py:
  0.46 s at most, thought in ~40 ms slices).

The bots work on a compact copy of the state in flat preallocated lists with cached
row values; the rollouts allocate nothing (a strong move allocates a few hundred bytes:
the legal actions, its coroutines and the answer), and call no function: their helpers
are coroutines (see _scorer for why).

The strong bot thinks in slices for the play screen: think(state, player) is a generator
doing SLICE simulated steps per next(); act() runs it in one go, with the same answer.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x
from shared_rules.coloretto import rules as C
from shared_rules.driver import RandomAgent
from shared_rules.rng import Rng

TAKE_AT = 6
STEPS = 600
SLICE = 60  # greedy steps per slice of think(): ~40 ms on the device
_NEG = const(-1000000)
LEVELS = ("random", "greedy", "strong")


class _Key:
    def __getitem__(self, k):
        return k


# One full-slice object, reused: `x[:] = y` would allocate a slice object each time.
_ALL = _Key()[:]


def _scorer(cnt, t, allowed, mono):
    """A coroutine: send(b) answers the score of the collection cnt[b:b+9] (jokers placed
    optimally, +2 cards counted). Prime it with next().

    The bots' helpers are coroutines rather than functions because of the device: there
    a call of a function with more than a few locals allocates its frame on the heap,
    and in the app's fragmented heap such an allocation sometimes costs close to a
    millisecond (a twenty-fold slow-down of the strong bot for a while, measured on the
    emulated Pico); a generator's frame is allocated once, and resuming it is free."""
    v = 0
    while True:
        b = yield v
        j = cnt[b + 7]
        if not mono:
            v = C.best_points(cnt[b:b + 7], j, t, allowed, False) + 2 * cnt[b + 8]
            continue
        a = bb = c = -1
        s = 0
        for k in allowed:
            v = cnt[b + k]
            s += t[v]
            if v > a:
                c = bb
                bb = a
                a = v
            elif v > bb:
                c = bb
                bb = v
            elif v > c:
                c = v
        ta = t[a]
        tb = t[bb]
        tc = t[c]
        if j == 0:
            v = 2 * (ta + tb + tc) - s + 2 * cnt[b + 8]
            continue
        best = 0
        ja = j
        while ja >= 0:
            jb = j - ja
            while jb >= 0:
                v = t[a + ja] + t[bb + jb] + t[c + j - ja - jb]
                if v > best:
                    best = v
                jb -= 1
            ja -= 1
        v = best - (s - ta - tb - tc) + 2 * cnt[b + 8]


def _primed(co):
    next(co)
    return co


class Compact:
    """A state as flat arrays (bytearrays for the small counts): cnt (9 counts per
    player), rows (3 slots per row), rlen, rtaken, done, and caches: bs[p] = p's score, vb[p*nrows + r] = p's score with row r
    added (_NEG = not known; the last slot of vb is scratch). Sized on first use."""

    def __init__(self):
        self.key = None

    def size(self, n, nr):
        if self.key != (n, nr):
            self.key = (n, nr)
            self.n = n
            self.nr = nr
            self.cnt = bytearray(9 * n)
            self.rows = bytearray(3 * nr)
            self.rlen = bytearray(nr)
            self.rtaken = bytearray(nr)
            self.done = bytearray(n)
            self.bs = [_NEG] * n
            self.vb = [_NEG] * (n * nr + 1)

    def load(self, state):
        n = state.num_players
        nr = len(state.cap)
        self.size(n, nr)
        cnt = self.cnt
        for p in range(n):
            c = state.coll[p]
            for i in range(9):
                cnt[p * 9 + i] = c[i]
            self.done[p] = 1 if state.took[p] >= 0 else 0
            self.bs[p] = _NEG
        for r in range(nr):
            row = state.rows[r]
            self.rlen[r] = len(row)
            for i in range(len(row)):
                self.rows[r * 3 + i] = row[i]
            self.rtaken[r] = 1 if state.taker[r] >= 0 else 0
        vb = self.vb
        for i in range(len(vb)):
            vb[i] = _NEG

    def fill(self, score):
        """Computes every cache entry (bs, and vb for untaken rows); score: a _scorer of
        self.cnt."""
        cnt = self.cnt
        rows = self.rows
        for p in range(self.n):
            b = p * 9
            self.bs[p] = score.send(b)
            for r in range(self.nr):
                if not self.rtaken[r]:
                    r3 = r * 3
                    for i in range(r3, r3 + self.rlen[r]):
                        cnt[b + rows[i]] += 1
                    self.vb[p * self.nr + r] = score.send(b)
                    for i in range(r3, r3 + self.rlen[r]):
                        cnt[b + rows[i]] -= 1


def _greedy(s, cap, score, take_at):
    """A coroutine (see _scorer): the greedy policy in the Compact s (score: a _scorer of
    s.cnt). send(p * 4) at the start of p's turn (+ 2 when the deck can be drawn from)
    answers the row to take, or -1 to draw; send((p * 16 + card) * 4 + 1) for p's drawn
    card answers the row where it adds most to p's value of the row, and leaves that
    value in s.vb[-1]."""
    cnt = s.cnt
    rows = s.rows
    rlen = s.rlen
    rtaken = s.rtaken
    vb = s.vb
    nr = s.nr
    last = len(vb) - 1
    best_r = -1
    while True:
        x = yield best_r
        best_r = -1
        best_v = _NEG
        if x & 1:
            card = (x >> 2) & 15
            b = (x >> 6) * 9
            i = (x >> 6) * nr
            best_a = _NEG
            for r in range(nr):
                n = rlen[r]
                if rtaken[r] or n >= cap[r]:
                    continue
                r3 = r * 3
                for k in range(r3, r3 + n):
                    cnt[b + rows[k]] += 1
                before = vb[i + r]
                if before == _NEG:
                    before = score.send(b)
                    vb[i + r] = before
                cnt[b + card] += 1
                after = score.send(b)
                cnt[b + card] -= 1
                for k in range(r3, r3 + n):
                    cnt[b + rows[k]] -= 1
                if after - before > best_v:
                    best_v = after - before
                    best_r = r
                    best_a = after
            vb[last] = best_a
            continue
        p = x >> 2
        b = p * 9
        base = s.bs[p]
        if base == _NEG:
            base = score.send(b)
            s.bs[p] = base
        can = False
        i = p * nr
        for r in range(nr):
            if rtaken[r]:
                continue
            n = rlen[r]
            if n < cap[r]:
                can = True
            if n:
                v = vb[i + r]
                if v == _NEG:
                    r3 = r * 3
                    for k in range(r3, r3 + n):
                        cnt[b + rows[k]] += 1
                    v = score.send(b)
                    for k in range(r3, r3 + n):
                        cnt[b + rows[k]] -= 1
                    vb[i + r] = v
                v -= base
                if v > best_v or (v == best_v and n > rlen[best_r]):
                    best_v = v
                    best_r = r
        if best_r >= 0 and can and x & 2 and best_v < take_at:
            best_r = -1


class GreedyBot:
    def __init__(self, seed=0, take_at=TAKE_AT):
        self.seed = seed
        self.take_at = take_at

    def act(self, state, player, now=0):
        if state.is_terminal() or state.current_player() != player:
            return None
        if state.phase == C.PHASE_ASSIGN:
            return (player, C.ASSIGN) + state.best_assignment(player)
        s = Compact()  # not kept: a greedy decision is quick, and RAM is scarce
        s.load(state)
        g = _primed(_greedy(s, state.cap, _primed(_scorer(s.cnt, state.table, state.colours,
                                                          state.mono)), self.take_at))
        if state.phase == C.PHASE_PLACE:
            return (player, C.PLACE, g.send((player * 16 + state.drawn) * 4 + 1))
        r = g.send(player * 4 + (2 if state.deck else 0))
        if r < 0:
            return (player, C.DRAW)
        return (player, C.TAKE, r)


class StrongBot:
    def __init__(self, seed=0, steps=STEPS, take_at=TAKE_AT, rounds=1):
        self.rng = Rng(seed)
        self.budget = steps
        self.take_at = take_at
        self.rounds = rounds
        self.base = Compact()
        self.work = Compact()
        self.pool = bytearray(0)
        self.totals = []
        self.rollouts = 0  # counted, for the bench
        self.steps = 0

    def act(self, state, player, now=0):
        """The whole decision in one call."""
        if state.is_terminal() or state.current_player() != player:
            return None
        for a in self.think(state, player, 0):
            if a is not None:
                return a

    def think(self, state, player, slice_steps=SLICE):
        """The decision as a generator, for a screen that thinks between frames: each
        next() simulates about slice_steps greedy steps (at least one whole rollout; 0:
        all at once) and yields None, until it yields the action. The work is counted,
        not timed, so the answer is act()'s whatever the slices: the state must not
        change in between. Only on `player`'s turn."""
        if state.phase == C.PHASE_ASSIGN:
            yield (player, C.ASSIGN) + state.best_assignment(player)
            return
        legal = state.legal_actions(player)
        k = len(legal)
        if k == 1:
            yield legal[0]
            return
        t = state.table
        allowed = state.colours
        mono = state.mono
        self.base.load(state)
        self.base.fill(_primed(_scorer(self.base.cnt, t, allowed, mono)))
        self.work.size(self.base.n, self.base.nr)
        # The unseen cards, as a multiset.
        u = state.unseen_counts()
        m = sum(u)
        pool = self.pool
        if len(pool) != m:
            pool = self.pool = bytearray(m)
        i = 0
        for c in range(9):
            for _ in range(u[c]):
                pool[i] = c
                i += 1
        score = _primed(_scorer(self.work.cnt, t, allowed, mono))
        roll = _primed(self._roller(state, player, score,
                                    _primed(_greedy(self.work, state.cap, score, self.take_at))))
        # Only the cards that can come up before the horizon need an order.
        depth = (self.rounds - 1) * sum(state.cap)
        for r in range(len(state.cap)):
            if state.taker[r] < 0:
                depth += state.cap[r] - len(state.rows[r])
        if depth > m:
            depth = m
        totals = self.totals
        del totals[:]
        for _ in range(k):
            totals.append(0)
        # "Draw" costs one rollout per open row (the card's best place).
        draw_arm = -1
        opened = ()
        cost = k
        if legal[0][1] == C.DRAW:
            draw_arm = 0
            opened = state.open_rows()
            cost = k - 1 + len(opened)
        rng = self.rng
        last0 = 1 if state.last_round else 0
        to_last0 = state.cards_before_last()
        last1 = last0
        to_last1 = to_last0
        if not last0:
            if to_last0 == 0:
                last1 = 1
            else:
                to_last1 = to_last0 - 1
        # What _roller is sent for each arm (see there); the draw arm's adds the card
        # and the row per rollout.
        codes = []
        hi = ((to_last0 + 1) * 2 + last0) * 32 + (state.drawn & 15)
        for act in legal:
            codes.append((hi * 8 + act[2]) * 2 + (1 if act[1] == C.TAKE else 0)
                         if act[1] != C.DRAW else 0)
        hi = ((to_last1 + 1) * 2 + last1) * 2 + 1
        legal = None  # not kept while thinking (RAM): asked again for the answer
        # A step costs about one greedy decision, which grows with the rows: with 4 or 5
        # rows the budget shrinks in proportion, so every move takes about as long.
        budget = self.budget * 3 // max(3, len(state.cap))
        self.steps = 0
        mark = slice_steps if slice_steps > 0 else budget * 1000
        samples = 0
        while samples == 0 or self.steps < budget:
            samples += 1
            # A fresh order for the cards that can come up before the horizon.
            for i in range(depth):
                j = i + rng.below(m - i)
                x = pool[i]
                pool[i] = pool[j]
                pool[j] = x
            for a in range(k):
                if a == draw_arm:
                    best = _NEG
                    for r in opened:
                        v = roll.send(((hi * 16 + pool[0]) * 8 + r) * 2)
                        if v > best:
                            best = v
                        if self.steps >= mark:
                            mark = self.steps + slice_steps
                            yield None
                    totals[a] += best
                else:
                    totals[a] += roll.send(codes[a])
                    if self.steps >= mark:
                        mark = self.steps + slice_steps
                        yield None
        self.rollouts += samples * cost
        best = 0
        for a in range(1, k):
            if totals[a] > totals[best]:
                best = a
        yield state.legal_actions(player)[best]

    def _roller(self, state, me, score, greedy):
        """A coroutine (see _scorer) playing on from the root: send(code) plays `kind`
        (PLACE or TAKE) on row r (the drawn card `drawn`), then the greedy policy for
        everyone with the sampled deck order pool[di:], and answers the line's worth;
        last: the last round, to_last: cards before the last-round card. One int, as a
        tuple would be allocated: code = (((((to_last + 1) * 2 + last) * 2 + di) * 16
        + drawn) * 8 + r) * 2 + (1 if kind is TAKE else 0)."""
        base = self.base
        s = self.work
        cnt = s.cnt
        rows = s.rows
        rlen = s.rlen
        rtaken = s.rtaken
        done = s.done
        bs = s.bs
        vb = s.vb
        pool = self.pool
        n = s.n
        nr = s.nr
        scratch = len(vb) - 1
        online = state.online
        value = 0
        while True:
            x = yield value
            kind = C.TAKE if x & 1 else C.PLACE
            x >>= 1
            r = x & 7
            x >>= 3
            drawn = x & 15
            x >>= 4
            di = x & 1
            x >>= 1
            last = x & 1
            to_last = (x >> 1) - 1
            cnt[_ALL] = base.cnt
            rows[_ALL] = base.rows
            rlen[_ALL] = base.rlen
            rtaken[_ALL] = base.rtaken
            done[_ALL] = base.done
            bs[_ALL] = base.bs
            vb[_ALL] = base.vb
            m = len(pool)
            start = state.start
            rounds = self.rounds
            left = 0
            for q in range(n):
                if not done[q]:
                    left += 1
            p = me
            after = _NEG
            steps = 0
            while True:
                steps += 1
                if kind == C.PLACE:
                    rows[r * 3 + rlen[r]] = drawn
                    rlen[r] += 1
                    q = r
                    while q < scratch:
                        vb[q] = _NEG
                        q += nr
                    vb[p * nr + r] = after
                    q = p
                    for _ in range(n):
                        q += 1
                        if q == n:
                            q = 0
                        if not done[q]:
                            break
                    p = q
                else:
                    b = p * 9
                    r3 = r * 3
                    for i in range(r3, r3 + rlen[r]):
                        cnt[b + rows[i]] += 1
                    rlen[r] = 0
                    rtaken[r] = 1
                    done[p] = 1
                    bs[p] = _NEG
                    left -= 1
                    if left == 0:
                        rounds -= 1
                        if last or rounds <= 0:
                            break
                        start = (start + 1) % n if online else p
                        p = start
                        left = n
                        for i in range(nr):
                            rlen[i] = 0
                            rtaken[i] = 0
                        for i in range(n):
                            done[i] = 0
                        for i in range(len(vb)):
                            vb[i] = _NEG
                    else:
                        q = p
                        for _ in range(n):
                            q += 1
                            if q == n:
                                q = 0
                            if not done[q]:
                                break
                        p = q
                r = greedy.send(p * 4 + (2 if di < m else 0))
                if r >= 0:
                    kind = C.TAKE
                else:
                    if not last and to_last == 0:
                        last = 1
                    drawn = pool[di]
                    di += 1
                    if not last:
                        to_last -= 1
                    r = greedy.send((p * 16 + drawn) * 4 + 1)
                    after = vb[scratch]
                    kind = C.PLACE
            self.steps += steps
            value = score.send(me * 9)
            best = _NEG
            for q in range(n):
                if q != me:
                    v = score.send(q * 9)
                    if v > best:
                        best = v
            value -= best


def make_bot(level, seed=0):
    if level == "random":
        return RandomAgent(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "strong":
        return StrongBot(seed)
    raise ValueError("unknown bot level %r" % (level,))
