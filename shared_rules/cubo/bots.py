"""Cubo bots: three levels that play on the game's virtual clock.

    bot = CuboBot("hard", seed)      # or make_bot(level, seed)
    action = bot.act(state, player, now)   # None while it is still thinking

A bot answers None until its next move is due, so a fast level calls Cubo first
and a slow one may be caught by the countdown (it hurries when it is last, and calls
with whatever it has just before the deadline; an easy bot sometimes misjudges it).
Everything random (think-time jitter, the easy bot's sloppiness) comes from the bot's
own Rng, so a game of bots is reproducible from the seeds (and bots use integers only,
so they decide alike on every port: the Pico's floats are single precision).

The levels differ in
- pace: reaction, look-at-the-roll, per-swap, take and scoring times (PARAMS);
- arrangement: easy stops after a few improving swaps from the rolled grid, medium
  climbs to a local optimum of pairwise swaps, hard is optimal (the exact solver)
  and also plans for the centre die it will take: it may arrange its dice so that
  swapping in a centre die at scoring makes a better grid than the plain optimum;
- reroll judgement: a roll worth s is rerolled while s is below what rerolling is
  worth (shared_rules.cubo.data: optimal-stopping values of fresh rolls, computed by
  tools/cubo_dist.py for each rule variant, joker and colour mix), given how many more
  rerolls the bot expects before somebody calls; that estimate shrinks as the round
  goes on, and no level rerolls once anyone has called (the rules forbid it).
All levels take the centre die that helps them most (best_swap) and swap at scoring
optimally; the C face is named at its best value.

Arranging is shown move by move: a bot swaps two cells at a time toward its target
grid, so a UI can animate it. Heavy work (hard's centre planning) is spread over
calls, a few solver runs per call, so no single act() stalls a device frame for long.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

from shared_rules.rng import Rng
from shared_rules.cubo import rules as C
from shared_rules.cubo.score import (
    _tables, _code, _codes_of_grid as _grid_codes, _score_codes, _swap_codes, _arrange,
    _rebuild, _C, _BEST, _MID, _DICE, solve_codes, best_c_value, OUTER, CENTRE, C_FACE)
from shared_rules.cubo import data as cubo_data

LEVELS = ("easy", "medium", "hard")

# Times in ms; jitter in percent of each time; safety: how long before the deadline a
# last player calls (a range: a negative value misses it); extra: the score margin a
# roll must be short of the reroll value before the bot rerolls (quarter points).
PARAMS = {
    "easy": {"react": 1000, "look": 3500, "swap": 3000, "call": 900, "take": 1200,
             "score": 1800, "jitter": 40, "safety": (-700, 900), "max_rerolls": 1,
             "extra": 12, "horizon": 9000, "moves": 3, "plan": False},
    "medium": {"react": 700, "look": 2200, "swap": 1700, "call": 500, "take": 800,
               "score": 1100, "jitter": 30, "safety": (150, 700), "max_rerolls": 3,
               "extra": 4, "horizon": 12000, "moves": -1, "plan": False},
    "hard": {"react": 400, "look": 1100, "swap": 700, "call": 300, "take": 400,
             "score": 700, "jitter": 20, "safety": (350, 600), "max_rerolls": 6,
             "extra": 0, "horizon": 14000, "moves": -1, "plan": True},
}

# The bots' pace (the setup's "Bot pace"): think times in percent. Only the thinking
# slows down; the countdown and a last bot's hurry before it stay as the rules have them.
PACES = {"normal": 100, "slow": 200, "relaxed": 350}

_PLAN_STEPS_PER_CALL = const(2)  # solver runs per act() while hard plans for the centre


def stop_value(options, colours, m):
    """W_m: the worth of rerolling with m more rerolls to come, in quarter points.

    Bots use integers only, so they decide alike on every port (the Pico's floats are
    single precision)."""
    n_red = 0
    for c in colours:
        if c == "R":
            n_red += 1
    mix = n_red if n_red <= 4 else 8 - n_red
    joker = options["yellow_c_replaces"] if options["yellow"] else 0
    if m >= cubo_data.LEVELS:
        m = cubo_data.LEVELS - 1
    i = (((1 if options["runs_any_order"] else 0) * 7 + joker) * 5 + mix) * cubo_data.LEVELS + m
    return cubo_data.STOP[i]


# The 28 pairs of coloured cells a < b, as a << 4 | b.
_PAIRS = bytes(OUTER[a] << 4 | OUTER[b] for a in range(8) for b in range(a + 1, 8))


def local_search(grid, any_order, moves=-1, rng=None):
    """Improves a grid by pairwise swaps of coloured cells.

    moves < 0: best-improvement until no swap helps (a local optimum); otherwise
    at most `moves` first-improvement swaps, trying pairs in an order shuffled by
    `rng`. Returns (score, grid).
    """
    out = _tables(any_order)[0]
    g = _grid_codes(grid)
    j = grid[CENTRE][0]
    cur = _score_codes(out, g, j)
    jc = (j - 1) * 24  # < 0 for a C face
    mid = _MID
    pairs = _PAIRS
    if moves >= 0 and rng is not None:
        pairs = rng.shuffle(bytearray(pairs))
    done = 0
    while moves < 0 or done < moves:
        best = cur
        bi = -1
        for ab in pairs:
            a = ab >> 4
            b = ab & 15
            x = g[a]
            y = g[b]
            if x == y:
                continue
            # the swapped grid's score, _score_codes inlined (on the Pico a call
            # costs as much as two lines; the line table is symmetric end to end)
            g[a] = y
            g[b] = x
            c0, c1, c2, c3, c4, c5, c6, c7, c8 = g
            g[a] = x
            g[b] = y
            c0 *= 144
            c8 *= 144
            x = (out[c0 + c1 * 12 + c2] + out[c0 + c3 * 12 + c6]
                 + out[c8 + c5 * 12 + c2] + out[c8 + c7 * 12 + c6])
            c3 = mid[c3] + c5
            c1 = mid[c1] + c7
            if jc >= 0:
                x += out[c3 + jc] + out[c1 + jc]
            else:
                m = 0
                for y in range(0, 144, 24):
                    y = out[c3 + y] + out[c1 + y]
                    if y > m:
                        m = y
                x += m
            if x > best:
                best = x
                bi = ab
                if moves >= 0:
                    break
        if bi < 0:
            break
        a = bi >> 4
        b = bi & 15
        g[a], g[b] = g[b], g[a]
        cur = best
        done += 1
    res = list(grid)
    for i in OUTER:
        res[i] = _DICE[g[i]]
    return cur, res


def next_swap(grid, target):
    """The SWAP (i, j), i < j, that moves `grid` toward `target`, or None when equal.

    Prefers a swap that puts two dice in place at once.
    """
    first = None
    for a in OUTER:
        if grid[a] == target[a]:
            continue
        for b in OUTER:
            if b != a and grid[b] == target[a] and grid[b] != target[b]:
                if grid[a] == target[b]:
                    return (a, b) if a < b else (b, a)
                if first is None:
                    first = (a, b) if a < b else (b, a)
    return first


class CuboBot:
    """A Cubo player of level 'easy', 'medium' or 'hard'."""

    def __init__(self, level="medium", seed=0, pace=100):
        if level not in PARAMS:
            raise ValueError("unknown bot level %r (easy, medium, hard)" % (level,))
        self.level = level
        self.par = PARAMS[level]
        self.pace = pace        # think times in percent (PACES)
        self.rng = Rng(seed)
        self._key = None
        self._due = 0
        self._target = None     # the grid the bot is arranging toward
        self._decided = False   # kept the current roll
        self._plan = None       # hard: pending (centre die, dropped die) candidates
        self._plan_best = None
        self._safety = 0
        self._calling = False
        self._plan_own = None
        self._plan_joker = None
        self._plan_base = (0, 0)

    # -- timing ------------------------------------------------------------------
    def _delay(self, name):
        base = self.par[name]
        jit = base * self.par["jitter"] // 100
        if jit > 0:
            base += self.rng.randint(-jit, jit)
        return base * self.pace // 100

    def _enter(self, key, now, delay_name):
        if key != self._key:
            self._key = key
            self._due = now + self._delay(delay_name)
            return True
        return False

    # -- the agent interface -------------------------------------------------------
    def act(self, state, player, now):
        if state.is_terminal():
            return None
        p = player
        if state.phase == C.SCORING:
            if state.scorer != p:
                return None
            self._enter(("score", state.round, state.step), now, "score")
            if now < self._due:
                return None
            return self._score_move(state, p, now)
        if state.phase != C.PLAY:
            return None
        st = state.status[p]
        if st == C.WAITING:
            self._enter(("roll", state.round), now, "react")
            if now < self._due:
                return None
            _tables(state.options["runs_any_order"])  # built now, not in a later decision
            return (p, C.ROLL, now)
        if st == C.CALLED:
            if state.next_taker() != p:
                return None
            self._enter(("take", state.round), now, "take")
            if now < self._due:
                return None
            return (p, C.TAKE, self._choose_centre(state, p), now)
        if st != C.ARRANGING:
            return None
        return self._arrange_move(state, p, now)

    # -- arranging -------------------------------------------------------------------
    def _arrange_move(self, state, p, now):
        if self._enter(("look", state.round, state.nrolls[p]), now, "look"):
            self._target = None
            self._decided = False
            self._calling = False
            self._plan = None
            lo, hi = self.par["safety"]
            self._safety = self.rng.randint(lo, hi)
        deadline = state.deadline
        last = deadline is not None  # a running countdown means we are the last one
        if last and now >= deadline:
            return None  # too late: the countdown has caught us
        if last and now >= deadline - self._safety:
            return (p, C.CALL, now)  # out of time: call with what we have
        if now < self._due:
            return None
        grid = state.grids[p]
        if not self._decided:
            anyo = state.options["runs_any_order"]
            value, target = self._arrangement(grid, anyo)
            if not state.calls and self._wants_reroll(state, p, value, now):
                return (p, C.REROLL, now)
            self._decided = True
            self._target = target
            if self.par["plan"] and not last:
                self._start_plan(state, p, target)
                return None  # plan on the next calls: keep each call short
        if self._plan is not None and self._step_plan(state, p):
            return None
        if self._calling:
            return (p, C.CALL, now)
        mv = next_swap(grid, self._target)
        if mv is None:
            self._calling = True
            self._due = now + self._delay("call") // (2 if last else 1)
            return None
        self._due = now + self._delay("swap") // (2 if last else 1)
        return (p, C.SWAP, mv[0], mv[1], now)

    def _arrangement(self, grid, anyo):
        if self.level == "hard":
            g = _grid_codes(grid)
            return _arrange([g[i] for i in OUTER], grid[CENTRE], anyo)
        moves = self.par["moves"]
        return local_search(grid, anyo, moves, self.rng if moves >= 0 else None)

    def _wants_reroll(self, state, p, value, now):
        used = state.nrolls[p] - 1
        left = self.par["max_rerolls"] - used
        if left <= 0:
            return False
        cycle = self.par["look"] + self.par["react"]
        elapsed = now - state.round_t0
        m = (self.par["horizon"] - elapsed) // cycle - 1
        if m > left - 1:
            m = left - 1
        if m < 0:
            m = 0
        w = stop_value(state.options, state.colours[p], m)
        return value * 4 + self.par["extra"] < w

    # -- hard: plan for the centre die ---------------------------------------------------
    def _start_plan(self, state, p, target):
        anyo = state.options["runs_any_order"]
        own = _grid_codes(target)
        own = [own[i] for i in OUTER]
        cands = []
        seen = 0
        for d in state.centre:
            if d is None:
                continue
            dc = _code(d)
            if seen & (1 << dc):
                continue
            seen |= 1 << dc
            dropped = 0
            for k in range(8):
                xc = own[k]
                if xc == dc or dropped & (1 << xc):
                    continue
                dropped |= 1 << xc
                cands.append((dc, k))
        base = self._centre_value(target, state.centre, anyo)
        self._plan = cands
        self._plan_base = base
        self._plan_best = (base[0], -1, -1, None, None)
        self._plan_own = own
        self._plan_joker = target[CENTRE]

    def _step_plan(self, state, p):
        """Runs a few planning solves; True while planning goes on."""
        anyo = state.options["runs_any_order"]
        own = self._plan_own
        j = self._plan_joker[0]
        cands = self._plan
        if cands:
            for _ in range(_PLAN_STEPS_PER_CALL):
                if not cands:
                    break
                dc, k = cands.pop()
                codes = list(own)
                codes[k] = dc
                s = solve_codes(codes, j, anyo, self._plan_best[0])
                if s > self._plan_best[0]:
                    # the solve kept (its sorted dice and best), to build its grid
                    self._plan_best = (s, dc, k, _C[:], _BEST[:])
            return True  # the last step (building the grid) gets a call of its own
        self._plan = None
        s, dc, k, kc, kb = self._plan_best
        if dc >= 0:
            # Arrange the dice so that swapping die dc in at scoring gives the plan's grid.
            _C[:] = kc
            _BEST[:] = kb
            c = _rebuild(_tables(anyo)[0], j)
            g = [self._plan_joker] * 9
            for i in OUTER:
                g[i] = _DICE[c[i]]
            for i in OUTER:
                if c[i] == dc:
                    g[i] = _DICE[own[k]]
                    break
            # Somebody may take the planned die first: count the best and the
            # second-best centre die alike, for the plan and for the plain optimum.
            v = self._centre_value(g, state.centre, anyo)
            if v[0] + v[1] > self._plan_base[0] + self._plan_base[1]:
                self._target = g
        return False

    def _centre_value(self, grid, centre, anyo):
        """(best, second best) score of `grid` after swapping in one of the centre dice."""
        out = _tables(anyo)[0]
        g = _grid_codes(grid)
        j = grid[CENTRE][0]
        v1 = v2 = -1
        for d in centre:
            if d is not None:
                s = _swap_codes(out, g, j, _code(d))[0]
                if s > v1:
                    v2 = v1
                    v1 = s
                elif s > v2:
                    v2 = s
        if v2 < 0:
            v2 = v1
        return v1, v2

    # -- centre die, scoring -------------------------------------------------------------
    def _choose_centre(self, state, p):
        grid = state.grids[p]
        out = _tables(state.options["runs_any_order"])[0]
        g = _grid_codes(grid)
        j = grid[CENTRE][0]
        best = -1
        slot = -1
        for k in range(4):
            d = state.centre[k]
            if d is None:
                continue
            s = _swap_codes(out, g, j, _code(d))[0]
            if s > best:
                best = s
                slot = k
        return slot

    def _score_move(self, state, p, now):
        grid = state.grids[p]
        anyo = state.options["runs_any_order"]
        if state.step == C.STEP_NAME:
            return (p, C.NAME, best_c_value(grid, anyo), now)
        cell = _swap_codes(_tables(anyo)[0], _grid_codes(grid), grid[CENTRE][0],
                           _code(state.taken_die[p]))[1]
        if cell is None:
            return (p, C.KEEP, now)
        return (p, C.EXCHANGE, cell, now)


def make_bot(level, seed=0, pace=100):
    return CuboBot(level, seed, pace)


def bots_for(levels, seed=0):
    """One bot per level name, seeded from forks of Rng(seed)."""
    r = Rng(seed)
    return [CuboBot(lv, r.fork().state) for lv in levels]
