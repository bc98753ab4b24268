"""Cubo (Queen Games 2014): the game as a State of the common interface.

Rules: shared/rules/cubo.md (the binding contract). Scoring and the solver live in
shared_rules.cubo.score and are re-exported here:

    score_grid(grid, runs_any_order=False) -> int
    best_arrangement(dice, runs_any_order=False) -> (score, grid)
    best_swap(grid, taken, runs_any_order=False) -> (score, index_or_None)
    line_scores(grid, runs_any_order=False, c_value=None) -> 6 x (kind, value, doubled, points)
    best_c_value(grid, runs_any_order=False), score_named(grid, c_value, runs_any_order=False)

A round is played simultaneously; every action carries its time (ms since the game
started, supplied by the app or the driver) as its LAST element, and time never goes
backwards. Actions (tuples of small ints, the first item is the acting player):

    (p, ROLL, t)              the first roll of the round: all 9 dice
    (p, REROLL, t)            roll all 9 again (only until the first Cubo call)
    (p, SWAP, i, j, t)        arranging: swap the dice of coloured cells i < j
    (p, ARRANGE, packed, t)   arranging: set the whole grid at once. packed holds,
                              3 bits per outer cell k (OUTER[k], k = 0..7, low bits
                              first), the outer slot 0..7 of the current grid whose
                              die goes there: a permutation (pack_arrangement builds it)
    (p, CALL, t)              call "Cubo!": the grid is covered, no more changes
    (p, TAKE, slot, t)        take centre die `slot` (0..3); callers take in calling order
    (SYSTEM, EXPIRE, t)       the countdown ran out: the last player forfeits the round
    (p, EXCHANGE, cell, t)    scoring: the taken die replaces the die of `cell` (never
                              the joker); the swapped-out die goes to the centre
    (p, KEEP, t)              scoring: no swap; the taken die goes back to the centre
    (p, NAME, value, t)       scoring: name the value (1-6) of a yellow C face

After a roll the 9 dice lie in the grid at once (the joker in the centre, the other 8 in
roll order), so arranging is only ever swapping; a player may call at any time after
rolling. legal_actions lists ROLL, REROLL, the 28 cell swaps, CALL, TAKE, EXCHANGE,
KEEP and NAME as they apply; ARRANGE is accepted by apply but never listed (8! of them).

Phases: PLAY (simultaneous: rolling, arranging, calling, taking), SCORING (one player
at a time from the start player clockwise: EXCHANGE or KEEP, then NAME if the joker shows
C), OVER. Round flow and our readings of the rules:
- the centre dice are rolled when the round starts (the start player's roll);
- rerolls stop at the first call (a reroll applied after it is illegal);
- the countdown (COUNTDOWN_MS = 6 s) starts at the call that leaves exactly one player
  who has not called (with 2 players, the first call). The last player must call before
  the deadline (t < deadline), or the system EXPIRE action makes them forfeit: 0 points
  this round and no centre die. Taking a die has no deadline (it follows the call);
- a player whose last act was a call must take next; a later caller waits for the
  earlier ones to take;
- the start player passes clockwise (to the next index) each round; 6 rounds.

Options (DEFAULT_OPTIONS):
    keep_swaps         True: players keep the dice they hold after scoring (colours
                       drift), the centre is the 4 dice returned to it. False: every
                       round starts from 4 red + 4 blue + joker and a 2R+2B centre.
    runs_any_order     False: a run reads up or down along the line; True: any order.
    yellow             False: white jokers; True: the yellow-dice expansion.
    yellow_c_replaces  1: the pip the yellow die's C face replaces (so with 1 the yellow
                       faces are C,2,3,4,5,6). Only the roll depends on it: C scores as
                       any value 1-6 the player names.

UI helpers: phase, round (0-based; round_number() is 1-based), start, centre (4 slots,
a die or None), calls (players in calling order), deadline / countdown_left(now),
grid(p), status(p) (WAITING, ARRANGING, CALLED, FINISHED, FORFEIT), taken(p),
rolls(p), round_scores(p), breakdown(p) (line_scores of p's grid with the named C),
scorer, scoring_step(), hint(p) (best arrangement of p's dice and the ARRANGE action
that reaches it), describe_action(action), pack_arrangement(old, new).
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

from shared_rules.game import (State, IllegalAction, SIMULTANEOUS, TERMINAL, SYSTEM,
                                check_shape)
from shared_rules.rng import Rng
from shared_rules.cubo.descriptor import CUBO
from shared_rules.cubo.score import (
    score_grid, best_arrangement, best_swap, line_scores, best_c_value, score_named,
    validate_grid, validate_dice, LINES, OUTER, CENTRE, C_FACE, MAX_SCORE,
    KIND_RUN, KIND_SET, COLOURS, die)

# Action kinds.
ROLL = 1
REROLL = 2
SWAP = 3
ARRANGE = 4
CALL = 5
TAKE = 6
EXPIRE = 7
EXCHANGE = 8
KEEP = 9
NAME = 10

_ACTION_LEN = (0, 3, 3, 5, 4, 3, 4, 3, 4, 3, 4)  # items per action, by kind

KIND_NAMES = {ROLL: "roll", REROLL: "reroll", SWAP: "swap", ARRANGE: "arrange",
              CALL: "cubo", TAKE: "take", EXPIRE: "time up", EXCHANGE: "exchange",
              KEEP: "keep", NAME: "name C"}

# Phases.
PLAY = 0
SCORING = 1
OVER = 2
_PHASE_NAMES = const(("play", "scoring", "over"))

# A player's state within a round.
WAITING = 0     # has not rolled yet
ARRANGING = 1   # rolled: may reroll (until the first call), swap, call
CALLED = 2      # called Cubo: takes a centre die next
FINISHED = 3    # called and took a centre die
FORFEIT = 4     # the countdown caught them: 0 points this round
_STATUS_NAMES = const(("waiting", "arranging", "called", "finished", "forfeit"))

# Scoring sub-steps of the current scorer.
STEP_SWAP = 0
STEP_NAME = 1

ROUNDS = 6
COUNTDOWN_MS = 6000
_START_COLOURS = const("RRRRBBBB")
_START_CENTRE = const("RRBB")


def pack_arrangement(old, new):
    """The ARRANGE argument turning grid `old` into grid `new` (same dice, joker fixed).

    Raises ValueError when `new` is not a rearrangement of `old`'s coloured dice.
    """
    used = 0
    packed = 0
    for k in range(8):
        want = new[OUTER[k]]
        found = -1
        for s in range(8):
            if not used & (1 << s):
                d = old[OUTER[s]]
                if d[0] == want[0] and d[1] == want[1]:
                    found = s
                    break
        if found < 0:
            raise ValueError("the new grid is not a rearrangement of the old one")
        used |= 1 << found
        packed |= found << (3 * k)
    if tuple(new[CENTRE]) != tuple(old[CENTRE]):
        raise ValueError("the joker stays in the centre")
    return packed


def unpack_arrangement(packed):
    """The 8 source slots of an ARRANGE argument, or None if it is not a permutation."""
    if not isinstance(packed, int) or packed < 0 or packed >= (1 << 24):
        return None
    src = []
    seen = 0
    for k in range(8):
        s = (packed >> (3 * k)) & 7
        if seen & (1 << s):
            return None
        seen |= 1 << s
        src.append(s)
    return src


def _die_list(d):
    return None if d is None else [d[0], d[1]]


def _die_tuple(d):
    return None if d is None else die(int(d[0]), str(d[1]))


class CuboState(State):
    NAME = CUBO.id  # its id, title and player counts: shared_rules/cubo/descriptor.py
    TITLE = CUBO.title
    MIN_PLAYERS, MAX_PLAYERS = CUBO.players
    DEFAULT_OPTIONS = {"keep_swaps": True, "runs_any_order": False,
                       "yellow_c_replaces": 1, "yellow": False}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        o = self.options
        for k in ("keep_swaps", "runs_any_order", "yellow"):
            if o[k] not in (True, False):
                raise ValueError("option %s must be true or false, not %r" % (k, o[k]))
        y = o["yellow_c_replaces"]
        if not isinstance(y, int) or isinstance(y, bool) or not 1 <= y <= 6:
            raise ValueError("option yellow_c_replaces must be 1-6, not %r" % (y,))
        self.rng = Rng(seed)
        self.round = 0
        self.start = 0
        self.phase = PLAY
        self.t = 0                  # time of the last action
        self.round_t0 = 0           # when the current round started
        self.deadline = None        # countdown end (ms) while it runs
        self.calls = []             # players in calling order this round
        self.centre = [None] * 4
        self.centre_colours = _START_CENTRE
        self.scorer = -1
        self.step = STEP_SWAP
        n = num_players
        self.colours = [_START_COLOURS] * n   # each player's 8 coloured dice
        self.grids = [None] * n
        self.status = [WAITING] * n
        self.nrolls = [0] * n
        self.call_t = [None] * n
        self.taken_die = [None] * n
        self.named = [None] * n              # C value named at scoring
        self.exchanged = [None] * n          # cell swapped at scoring (None: kept)
        self.history = [[] for _ in range(n)]  # per-round scores
        self.totals = [0] * n
        self._start_round()

    # -- round mechanics -------------------------------------------------------
    def _roll_joker(self):
        f = self.rng.die()
        if self.options["yellow"]:
            return die(C_FACE if f == self.options["yellow_c_replaces"] else f, "Y")
        return die(f, "W")

    def _start_round(self):
        cc = self.centre_colours
        self.centre = [die(self.rng.die(), cc[k]) for k in range(4)]
        n = self.num_players
        self.grids = [None] * n
        self.status = [WAITING] * n
        self.nrolls = [0] * n
        self.call_t = [None] * n
        self.taken_die = [None] * n
        self.named = [None] * n
        self.exchanged = [None] * n
        self.calls = []
        self.deadline = None
        self.phase = PLAY
        self.scorer = -1
        self.step = STEP_SWAP
        self.round_t0 = self.t

    def _roll_player(self, p):
        cols = self.colours[p]
        g = [None] * 9
        for k in range(8):
            g[OUTER[k]] = die(self.rng.die(), cols[k])
        g[CENTRE] = self._roll_joker()
        self.grids[p] = g
        self.nrolls[p] += 1

    def _uncalled(self):
        return [p for p in range(self.num_players) if self.status[p] <= ARRANGING]

    def _next_taker(self):
        for p in self.calls:
            if self.status[p] == CALLED:
                return p
        return -1

    def _maybe_end_play(self):
        for st in self.status:
            if st != FINISHED and st != FORFEIT:
                return
        self.phase = SCORING
        self.deadline = None
        self.scorer = self.start
        self.step = STEP_SWAP
        self._settle()

    def _settle(self):
        """Stops at the next scorer with a decision to make, scoring the others (the
        forfeits) on the way; ends the round after the last one."""
        while True:
            p = self.scorer
            if self.status[p] == FINISHED:
                if self.taken_die[p] is not None:
                    self.step = STEP_SWAP
                    return
                if self._needs_name(p):
                    self.step = STEP_NAME
                    return
            if not self._next_scorer():
                return

    def _next_scorer(self):
        """Scores the current scorer and moves on; False when the round ended."""
        p = self.scorer
        self._finish_player(p)
        self.scorer = (p + 1) % self.num_players
        self.step = STEP_SWAP
        if self.scorer == self.start:
            self._end_round()
            return False
        return True

    def _needs_name(self, p):
        g = self.grids[p]
        return g is not None and g[CENTRE][0] == C_FACE and self.named[p] is None

    def _finish_player(self, p):
        if self.status[p] == FINISHED:
            g = self.grids[p]
            j = self.named[p]
            if g[CENTRE][0] == C_FACE and j is not None:
                pts = score_named(g, j, self.options["runs_any_order"])
            else:
                pts = score_grid(g, self.options["runs_any_order"])
        else:
            pts = 0
        self.history[p].append(pts)
        self.totals[p] += pts

    def _end_round(self):
        n = self.num_players
        if self.options["keep_swaps"]:
            for p in range(n):
                g = self.grids[p]
                if g is not None:
                    self.colours[p] = "".join(g[i][1] for i in OUTER)
            cc = ""
            for d in self.centre:
                if d is not None:
                    cc += d[1]
            self.centre_colours = cc
        self.round += 1
        self.start = (self.start + 1) % n
        if self.round >= ROUNDS:
            self.phase = OVER
            self.scorer = -1
            self.deadline = None
            return
        self._start_round()

    def _centre_put(self, d):
        for k in range(4):
            if self.centre[k] is None:
                self.centre[k] = d
                return
        raise AssertionError("cubo: the centre is full")

    # -- the interface ---------------------------------------------------------
    def current_player(self):
        if self.phase == OVER:
            return TERMINAL
        if self.phase == SCORING:
            return self.scorer
        return SIMULTANEOUS

    def actors(self):
        if self.phase == OVER:
            return ()
        if self.phase == SCORING:
            return (self.scorer,)
        out = [p for p in range(self.num_players) if self.status[p] <= ARRANGING]
        q = self._next_taker()
        if q >= 0:
            out.append(q)
            out.sort()
        return tuple(out)

    def is_terminal(self):
        return self.phase == OVER

    def scores(self):
        return list(self.totals)

    def legal_actions(self, player=None, now=0):
        if player is None:
            player = self.current_player()
        p = player
        if self.phase == OVER or not isinstance(p, int) or not 0 <= p < self.num_players:
            return []
        if now < self.t:
            return []
        if self.phase == SCORING:
            if p != self.scorer:
                return []
            if self.step == STEP_SWAP:
                acts = [(p, EXCHANGE, i, now) for i in OUTER]
                acts.append((p, KEEP, now))
                return acts
            return [(p, NAME, v, now) for v in range(1, 7)]
        st = self.status[p]
        if st <= ARRANGING and self.deadline is not None and now >= self.deadline:
            return []  # the countdown has run out: the system action is due
        if st == WAITING:
            return [(p, ROLL, now)]
        if st == ARRANGING:
            acts = []
            if not self.calls:
                acts.append((p, REROLL, now))
            for a in range(8):
                for b in range(a + 1, 8):
                    acts.append((p, SWAP, OUTER[a], OUTER[b], now))
            acts.append((p, CALL, now))
            return acts
        if st == CALLED and self._next_taker() == p:
            return [(p, TAKE, k, now) for k in range(4) if self.centre[k] is not None]
        return []

    def system_action(self, now):
        if self.phase == PLAY and self.deadline is not None and now >= self.deadline \
                and now >= self.t and self._uncalled():
            return (SYSTEM, EXPIRE, now)
        return None

    def next_event_time(self):
        if self.phase == PLAY and self.deadline is not None and self._uncalled():
            return self.deadline
        return None

    def apply(self, action):
        a = self._check(action)
        p = a[0]
        kind = a[1]
        t = a[-1]
        self.t = t
        if kind == ROLL or kind == REROLL:
            self._roll_player(p)
            self.status[p] = ARRANGING
        elif kind == SWAP:
            g = self.grids[p]
            i = a[2]
            j = a[3]
            g[i], g[j] = g[j], g[i]
        elif kind == ARRANGE:
            g = self.grids[p]
            src = unpack_arrangement(a[2])
            old = [g[i] for i in OUTER]
            for k in range(8):
                g[OUTER[k]] = old[src[k]]
        elif kind == CALL:
            self.status[p] = CALLED
            self.call_t[p] = t
            self.calls.append(p)
            if self.deadline is None and len(self._uncalled()) == 1:
                self.deadline = t + COUNTDOWN_MS
            elif not self._uncalled():
                self.deadline = None
        elif kind == TAKE:
            k = a[2]
            self.taken_die[p] = self.centre[k]
            self.centre[k] = None
            self.status[p] = FINISHED
            self._maybe_end_play()
        elif kind == EXPIRE:
            for q in self._uncalled():
                self.status[q] = FORFEIT
            self.deadline = None
            self._maybe_end_play()
        elif kind == EXCHANGE:
            g = self.grids[p]
            cell = a[2]
            out = g[cell]
            g[cell] = self.taken_die[p]
            self.taken_die[p] = None
            self.exchanged[p] = cell
            self._centre_put(out)
            self._after_swap_step(p)
        elif kind == KEEP:
            self._centre_put(self.taken_die[p])
            self.taken_die[p] = None
            self._after_swap_step(p)
        elif kind == NAME:
            self.named[p] = a[2]
            if self._next_scorer():
                self._settle()

    def _after_swap_step(self, p):
        if self._needs_name(p):
            self.step = STEP_NAME
        elif self._next_scorer():
            self._settle()

    def _check(self, action):
        """Validates an action against the current state; returns it as a tuple."""
        a = check_shape(action, _ACTION_LEN, KIND_NAMES)
        p = a[0]
        kind = a[1]
        t = a[-1]
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if t < self.t:
            raise IllegalAction("time goes backwards: %d is before %d" % (t, self.t))
        if kind == EXPIRE:
            if p != SYSTEM:
                raise IllegalAction("only the system ends the countdown")
            if self.phase != PLAY or self.deadline is None or not self._uncalled():
                raise IllegalAction("no countdown is running")
            if t < self.deadline:
                raise IllegalAction("the countdown ends at %d, not %d" % (self.deadline, t))
            return a
        if not 0 <= p < self.num_players:
            raise IllegalAction("no player %r" % (p,))
        if kind in (EXCHANGE, KEEP, NAME):
            if self.phase != SCORING:
                raise IllegalAction("%s is only possible at scoring" % KIND_NAMES[kind])
            if p != self.scorer:
                raise IllegalAction("player %d is scoring now, not player %d" % (
                    self.scorer, p))
            if kind == NAME:
                if self.step != STEP_NAME:
                    raise IllegalAction("nothing to name now: exchange or keep first")
                if not 1 <= a[2] <= 6:
                    raise IllegalAction("the C face is named as 1-6, not %d" % a[2])
                return a
            if self.step != STEP_SWAP:
                raise IllegalAction("name the C face first")
            if kind == EXCHANGE:
                cell = a[2]
                if cell == CENTRE:
                    raise IllegalAction("the joker can never be swapped")
                if not 0 <= cell < 9:
                    raise IllegalAction("no cell %d" % cell)
            return a
        if self.phase != PLAY:
            raise IllegalAction("%s is not possible at scoring" % KIND_NAMES[kind])
        st = self.status[p]
        if st <= ARRANGING and self.deadline is not None and t >= self.deadline:
            raise IllegalAction("the countdown ran out at %d" % self.deadline)
        if kind == ROLL:
            if st != WAITING:
                raise IllegalAction("player %d has already rolled; reroll instead" % p)
            return a
        if kind == TAKE:
            if st != CALLED:
                raise IllegalAction("player %d takes a centre die only right after "
                                    "calling Cubo" % p)
            q = self._next_taker()
            if q != p:
                raise IllegalAction("player %d called first and takes first" % q)
            k = a[2]
            if not 0 <= k < 4 or self.centre[k] is None:
                raise IllegalAction("no centre die in slot %d" % k)
            return a
        if st == WAITING:
            raise IllegalAction("player %d must roll first" % p)
        if st != ARRANGING:
            raise IllegalAction("player %d has called Cubo: the grid is covered" % p)
        if kind == REROLL:
            if self.calls:
                raise IllegalAction("no rerolls after the first Cubo call")
            return a
        if kind == SWAP:
            i = a[2]
            j = a[3]
            if i == CENTRE or j == CENTRE:
                raise IllegalAction("the joker stays in the centre")
            if not (0 <= i < 9 and 0 <= j < 9) or i >= j:
                raise IllegalAction("swap two different cells i < j, not %d and %d" % (i, j))
            return a
        if kind == ARRANGE:
            if unpack_arrangement(a[2]) is None:
                raise IllegalAction("%r is not a packed permutation of the 8 outer "
                                    "cells" % (a[2],))
            return a
        # CALL
        return a

    # -- plain-data snapshot -------------------------------------------------------
    def to_dict(self):
        n = self.num_players
        return {
            "game": self.NAME, "num_players": n, "seed": self.seed,
            "options": dict(self.options), "rng": self.rng.state,
            "round": self.round, "start": self.start, "phase": self.phase,
            "t": self.t, "round_t0": self.round_t0, "deadline": self.deadline,
            "calls": list(self.calls),
            "centre": [_die_list(d) for d in self.centre],
            "centre_colours": self.centre_colours,
            "scorer": self.scorer, "step": self.step,
            "players": [{
                "colours": self.colours[p],
                "grid": None if self.grids[p] is None else [_die_list(d) for d in self.grids[p]],
                "status": self.status[p], "rolls": self.nrolls[p],
                "call_t": self.call_t[p], "taken": _die_list(self.taken_die[p]),
                "named": self.named[p], "exchanged": self.exchanged[p],
                "scores": list(self.history[p]), "total": self.totals[p],
            } for p in range(n)],
        }

    @classmethod
    def from_dict(cls, data):
        if data.get("game", cls.NAME) != cls.NAME:
            raise ValueError("not a %s snapshot" % cls.NAME)
        s = cls(data["num_players"], data["seed"], data["options"])
        s.rng.state = data["rng"]
        s.round = data["round"]
        s.start = data["start"]
        s.phase = data["phase"]
        s.t = data["t"]
        s.round_t0 = data["round_t0"]
        s.deadline = data["deadline"]
        s.calls = list(data["calls"])
        s.centre = [_die_tuple(d) for d in data["centre"]]
        s.centre_colours = data["centre_colours"]
        s.scorer = data["scorer"]
        s.step = data["step"]
        pl = data["players"]
        if len(pl) != s.num_players:
            raise ValueError("snapshot has %d players, not %d" % (len(pl), s.num_players))
        for p in range(s.num_players):
            d = pl[p]
            s.colours[p] = d["colours"]
            g = d["grid"]
            s.grids[p] = None if g is None else [_die_tuple(x) for x in g]
            s.status[p] = d["status"]
            s.nrolls[p] = d["rolls"]
            s.call_t[p] = d["call_t"]
            s.taken_die[p] = _die_tuple(d["taken"])
            s.named[p] = d["named"]
            s.exchanged[p] = d["exchanged"]
            s.history[p] = list(d["scores"])
            s.totals[p] = d["total"]
        return s

    # -- what a UI needs -------------------------------------------------------------
    def round_number(self):
        """1-based round number (ROUNDS after the last)."""
        return min(self.round + 1, ROUNDS)

    def grid(self, p):
        """Player p's grid (9 dice, joker at 4), or None before their first roll."""
        g = self.grids[p]
        return None if g is None else list(g)

    def next_taker(self):
        """The caller who takes a centre die next, or -1."""
        return self._next_taker()

    def taken(self, p):
        """The centre die p holds (between taking and scoring), or None."""
        return self.taken_die[p]

    def rolls(self, p):
        """How many times p rolled this round."""
        return self.nrolls[p]

    def round_scores(self, p):
        return list(self.history[p])

    def scoring_step(self):
        """STEP_SWAP or STEP_NAME for the current scorer (SCORING phase only)."""
        return self.step

    def countdown_left(self, now):
        """Milliseconds left on the countdown (0 when it ran out), or None."""
        if self.deadline is None or self.phase != PLAY:
            return None
        return max(0, self.deadline - now)

    def called(self, p):
        return self.status[p] >= CALLED and self.status[p] != FORFEIT

    def breakdown(self, p):
        """line_scores of p's grid (with the C value p named), or None before a roll."""
        g = self.grids[p]
        if g is None:
            return None
        return line_scores(g, self.options["runs_any_order"], self.named[p])

    def grid_score(self, p):
        """What p's grid scores now (C at its named or best value)."""
        g = self.grids[p]
        if g is None:
            return 0
        if g[CENTRE][0] == C_FACE and self.named[p] is not None:
            return score_named(g, self.named[p], self.options["runs_any_order"])
        return score_grid(g, self.options["runs_any_order"])

    def hint(self, p, now=None):
        """(score, best grid, ARRANGE action or None) for p's current dice, or None."""
        g = self.grids[p]
        if g is None:
            return None
        score, best = best_arrangement(g, self.options["runs_any_order"])
        act = None
        if self.status[p] == ARRANGING:
            act = (p, ARRANGE, pack_arrangement(g, best), self.t if now is None else now)
        return score, best, act

    def describe_action(self, action):
        a = tuple(action)
        kind = a[1] if len(a) > 1 else None
        name = KIND_NAMES.get(kind, "?")
        who = "system" if a[0] == SYSTEM else "P%d" % (a[0] + 1)
        if kind == SWAP:
            return "%s swaps cells %d and %d" % (who, a[2], a[3])
        if kind == TAKE:
            return "%s takes centre die %d" % (who, a[2])
        if kind == EXCHANGE:
            return "%s exchanges cell %d" % (who, a[2])
        if kind == NAME:
            return "%s names C as %d" % (who, a[2])
        return "%s: %s" % (who, name)
