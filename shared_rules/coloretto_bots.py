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
  that a move stays under a second on a Pico (bench/bench_coloretto.py).

The bots work on a compact copy of the state in flat preallocated lists with cached
row values; the rollouts allocate nothing (a strong move allocates a few hundred bytes:
the legal actions and the answer).
"""
from shared_rules import coloretto as C
from shared_rules.driver import RandomAgent
from shared_rules.rng import Rng

TAKE_AT = 6
STEPS = 600
_NEG = -1000000
LEVELS = ("random", "greedy", "strong")


class _Key:
    def __getitem__(self, k):
        return k


# One full-slice object, reused: `x[:] = y` would allocate a slice object each time.
_ALL = _Key()[:]


def _pts(cnt, b, t, allowed, mono):
    """Score of the collection cnt[b:b+9] (jokers placed optimally, +2 cards counted)."""
    j = cnt[b + 7]
    if not mono:
        return C.best_points(cnt[b:b + 7], j, t, allowed, False) + 2 * cnt[b + 8]
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
        return 2 * (ta + tb + tc) - s + 2 * cnt[b + 8]
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
    return best - (s - ta - tb - tc) + 2 * cnt[b + 8]


def _row_val(cnt, b, rows, r3, n, t, allowed, mono):
    """Score of the collection at cnt[b:] with the n cards rows[r3:r3+n] added."""
    for i in range(r3, r3 + n):
        cnt[b + rows[i]] += 1
    v = _pts(cnt, b, t, allowed, mono)
    for i in range(r3, r3 + n):
        cnt[b + rows[i]] -= 1
    return v


class Compact:
    """A state as flat lists: cnt (9 counts per player), rows (3 slots per row), rlen,
    rtaken, done, and caches: bs[p] = p's score, vb[p*nrows + r] = p's score with row r
    added (_NEG = not known; the last slot of vb is scratch). Sized on first use."""

    def __init__(self):
        self.key = None

    def size(self, n, nr):
        if self.key != (n, nr):
            self.key = (n, nr)
            self.n = n
            self.nr = nr
            self.cnt = [0] * (9 * n)
            self.rows = [0] * (3 * nr)
            self.rlen = [0] * nr
            self.rtaken = [0] * nr
            self.done = [0] * n
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

    def fill(self, t, allowed, mono):
        """Computes every cache entry (bs, and vb for untaken rows)."""
        n = self.n
        nr = self.nr
        for p in range(n):
            self.bs[p] = _pts(self.cnt, p * 9, t, allowed, mono)
            for r in range(nr):
                if not self.rtaken[r]:
                    self.vb[p * nr + r] = _row_val(self.cnt, p * 9, self.rows, r * 3,
                                                   self.rlen[r], t, allowed, mono)


def decide_turn(p, s, cap, can_deck, t, allowed, mono, take_at):
    """The greedy choice at the start of p's turn (Compact s): a row to take, or -1 to
    draw."""
    cnt = s.cnt
    rlen = s.rlen
    rtaken = s.rtaken
    vb = s.vb
    nr = s.nr
    base = s.bs[p]
    if base == _NEG:
        base = _pts(cnt, p * 9, t, allowed, mono)
        s.bs[p] = base
    best_r = -1
    best_v = _NEG
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
                v = _row_val(cnt, p * 9, s.rows, r * 3, n, t, allowed, mono)
                vb[i + r] = v
            v -= base
            if v > best_v or (v == best_v and n > rlen[best_r]):
                best_v = v
                best_r = r
    if best_r < 0:
        return -1
    if not (can and can_deck) or best_v >= take_at:
        return best_r
    return -1


def decide_place(p, card, s, cap, t, allowed, mono):
    """The greedy row for a drawn card: where it adds most to p's value of the row.
    Leaves p's value of that row with the card in s.vb[-1]."""
    cnt = s.cnt
    rows = s.rows
    rlen = s.rlen
    rtaken = s.rtaken
    vb = s.vb
    nr = s.nr
    b = p * 9
    i = p * nr
    best_r = -1
    best_g = _NEG
    best_a = _NEG
    for r in range(nr):
        n = rlen[r]
        if rtaken[r] or n >= cap[r]:
            continue
        r3 = r * 3
        before = vb[i + r]
        if before == _NEG:
            before = _row_val(cnt, b, rows, r3, n, t, allowed, mono)
            vb[i + r] = before
        cnt[b + card] += 1
        after = _row_val(cnt, b, rows, r3, n, t, allowed, mono)
        cnt[b + card] -= 1
        if after - before > best_g:
            best_g = after - before
            best_r = r
            best_a = after
    vb[len(vb) - 1] = best_a
    return best_r


class GreedyBot:
    def __init__(self, seed=0, take_at=TAKE_AT):
        self.seed = seed
        self.take_at = take_at
        self.sim = Compact()

    def act(self, state, player, now=0):
        if state.is_terminal() or state.current_player() != player:
            return None
        if state.phase == C.PHASE_ASSIGN:
            return (player, C.ASSIGN) + state.best_assignment(player)
        s = self.sim
        s.load(state)
        if state.phase == C.PHASE_PLACE:
            r = decide_place(player, state.drawn, s, state.cap, state.table, state.colours,
                             state.mono)
            return (player, C.PLACE, r)
        r = decide_turn(player, s, state.cap, len(state.deck) > 0, state.table,
                        state.colours, state.mono, self.take_at)
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
        self.pool = []
        self.totals = []
        self.rollouts = 0  # counted, for the bench
        self.steps = 0

    def act(self, state, player, now=0):
        if state.is_terminal() or state.current_player() != player:
            return None
        if state.phase == C.PHASE_ASSIGN:
            return (player, C.ASSIGN) + state.best_assignment(player)
        legal = state.legal_actions(player)
        k = len(legal)
        if k == 1:
            return legal[0]
        t = state.table
        self.base.load(state)
        self.base.fill(t, state.colours, state.mono)
        self.work.size(self.base.n, self.base.nr)
        # The unseen cards, as a multiset.
        pool = self.pool
        del pool[:]
        u = state.unseen_counts()
        for c in range(9):
            for _ in range(u[c]):
                pool.append(c)
        m = len(pool)
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
        last0 = state.last_round
        to_last0 = state.cards_before_last()
        last1 = last0
        to_last1 = to_last0
        if not last0:
            if to_last0 == 0:
                last1 = True
            else:
                to_last1 = to_last0 - 1
        # A step costs about one greedy decision, which grows with the rows: with 4 or 5
        # rows the budget shrinks in proportion, so every move takes about as long.
        budget = self.budget * 3 // max(3, len(state.cap))
        self.steps = 0
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
                act = legal[a]
                if a == draw_arm:
                    best = _NEG
                    for r in opened:
                        v = self._rollout(state, player, C.PLACE, r, pool[0], 1, last1, to_last1)
                        if v > best:
                            best = v
                    totals[a] += best
                else:
                    totals[a] += self._rollout(state, player, act[1], act[2], state.drawn, 0,
                                               last0, to_last0)
        self.rollouts += samples * cost
        best = 0
        for a in range(1, k):
            if totals[a] > totals[best]:
                best = a
        return legal[best]

    def _rollout(self, state, me, kind, r, drawn, di, last, to_last):
        """Plays on from the root with `kind` (PLACE or TAKE) on row r, the greedy policy
        for everyone and the sampled deck order pool[di:]; returns the line's worth."""
        base = self.base
        s = self.work
        cnt = s.cnt
        cnt[_ALL] = base.cnt
        rows = s.rows
        rows[_ALL] = base.rows
        rlen = s.rlen
        rlen[_ALL] = base.rlen
        rtaken = s.rtaken
        rtaken[_ALL] = base.rtaken
        done = s.done
        done[_ALL] = base.done
        bs = s.bs
        bs[_ALL] = base.bs
        vb = s.vb
        vb[_ALL] = base.vb
        cap = state.cap
        t = state.table
        allowed = state.colours
        mono = state.mono
        take_at = self.take_at
        pool = self.pool
        m = len(pool)
        n = s.n
        nr = s.nr
        scratch = len(vb) - 1
        online = state.online
        start = state.start
        rounds = self.rounds
        left = 0
        for q in range(n):
            if not done[q]:
                left += 1
        turn = me
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
                vb[turn * nr + r] = after
                q = turn
                for _ in range(n):
                    q += 1
                    if q == n:
                        q = 0
                    if not done[q]:
                        break
                turn = q
            else:
                b = turn * 9
                r3 = r * 3
                for i in range(r3, r3 + rlen[r]):
                    cnt[b + rows[i]] += 1
                rlen[r] = 0
                rtaken[r] = 1
                done[turn] = 1
                bs[turn] = _NEG
                left -= 1
                if left == 0:
                    rounds -= 1
                    if last or rounds <= 0:
                        break
                    start = (start + 1) % n if online else turn
                    turn = start
                    left = n
                    for i in range(nr):
                        rlen[i] = 0
                        rtaken[i] = 0
                    for i in range(n):
                        done[i] = 0
                    for i in range(len(vb)):
                        vb[i] = _NEG
                else:
                    q = turn
                    for _ in range(n):
                        q += 1
                        if q == n:
                            q = 0
                        if not done[q]:
                            break
                    turn = q
            r = decide_turn(turn, s, cap, di < m, t, allowed, mono, take_at)
            if r >= 0:
                kind = C.TAKE
            else:
                if not last and to_last == 0:
                    last = True
                drawn = pool[di]
                di += 1
                if not last:
                    to_last -= 1
                r = decide_place(turn, drawn, s, cap, t, allowed, mono)
                after = vb[scratch]
                kind = C.PLACE
        self.steps += steps
        mine = _pts(cnt, me * 9, t, allowed, mono)
        best = _NEG
        for q in range(n):
            if q != me:
                v = _pts(cnt, q * 9, t, allowed, mono)
                if v > best:
                    best = v
        return mine - best


def make_bot(level, seed=0):
    if level == "random":
        return RandomAgent(seed)
    if level == "greedy":
        return GreedyBot(seed)
    if level == "strong":
        return StrongBot(seed)
    raise ValueError("unknown bot level %r" % (level,))
