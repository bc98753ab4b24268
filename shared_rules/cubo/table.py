"""Cubo table mode: the bookkeeping of a game played with real dice, as a State.

The players roll their own dice on the table; the device rolls the four centre
dice, and after each round every player's result is entered, from the start
player clockwise. This state owns what the rules decide: the round (6), the start
player, the entry order, the centre dice (rolled from the state's Rng when a
round starts), which centre dice were taken and what came back, the scores and
the totals. The countdown and the start signal are the screen's: nothing in the
rules depends on them (a player the countdown caught is entered as a forfeit).

Actions (tuples of small ints; the first item is the player whose turn it is, the
current_player(); a trailing 0 is a placeholder, as every action has 3 items or more):

    (p, REROLL, 0)      roll the 4 centre dice again (colours kept): only the start
                        player, only before the round's first entry
    (p, FLIP, slot)     the centre die in slot 0-3 changes colour (red <-> blue) to
                        match the table's: same conditions as REROLL
    (p, GRID, f0..f8, blue, slot, cell, named)
                        p's grid as entered, before any swap: f0..f8 the faces of the
                        9 cells in row-major order (f4 the joker: 1-6, or 0 for a
                        yellow C); bit i of `blue` set when cell i is blue, else red
                        (bit 4 clear: the centre cell holds the joker); slot: the
                        centre die taken (0-3, one not taken yet), or NO_TAKE (4);
                        cell: the cell the taken die goes into (never the joker's),
                        or KEEP (9): the taken die goes back to the centre, as does
                        a swapped-out die; named: the value 1-6 named for a C face,
                        0 when the joker does not show C
    (p, POINTS, n)      p scored n points (0-54), entered without the grid: no
                        centre die is counted as taken
    (p, FORFEIT, 0)     p scores 0 this round (the countdown caught them)
    (p, UNDO, q)        a correction: the entry just before p's (player q's) is taken
                        back, with its centre die; q enters again
    (p, SHOW, 0)        the table's progress through a round, so a resume comes back
    (p, SIGNAL, 0)      where it was: the centre dice shown (stage 1), the start
    (p, STOP, 0)        signal given (2), play stopped for the entries (3: the
                        countdown ran, or "score now"). Each only from the stage before
                        it and before the round's first entry; entries never need
                        them (journals from before these actions replay as they were)

With keep_swaps off, an entered grid holds 4 red and 4 blue dice, and every round
starts from a 2 red + 2 blue centre. With keep_swaps on, the grid's colours are
free (the players' dice drift) and the next round's centre is what is left in it:
the dice nobody took, then the dice that came back, in entry order.

legal_actions lists REROLL, the 4 FLIPs, the next of SHOW/SIGNAL/STOP, UNDO, the 55
POINTS entries and FORFEIT as they apply, never GRID (6^9 x 2^8 grids, times the swaps): apply accepts it; the
screen builds it with grid_action and shows what it scores with grid_entry. Points
entries alone let the generic driver's RandomAgent play a game to its end.

UI helpers: round, start, stage, centre, totals, history (per-round scores), entering(),
last_entry(), taken_slots(), joker_colour(), grid_problem(grid), breakdown(entry),
round_number().
MicroPython subset.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

from shared_rules.game import State, IllegalAction, TERMINAL, check_shape
from shared_rules.rng import Rng
from shared_rules.cubo.descriptor import CUBO_TABLE
from shared_rules.cubo.score import (score_grid, score_named, line_scores, validate_grid,
                                     CENTRE, C_FACE, MAX_SCORE)

# Action kinds.
REROLL = 1
FLIP = 2
GRID = 3
POINTS = 4
FORFEIT = 5
UNDO = 6
SHOW = 7
SIGNAL = 8
STOP = 9

_ACTION_LEN = (0, 3, 3, 15, 3, 3, 3, 3, 3, 3)  # items per action, by kind
KIND_NAMES = {REROLL: "reroll", FLIP: "flip", GRID: "grid", POINTS: "points",
              FORFEIT: "forfeit", UNDO: "undo", SHOW: "show", SIGNAL: "signal",
              STOP: "stop"}
STAGE_OF = {SHOW: 1, SIGNAL: 2, STOP: 3}  # the stage each of these actions moves to

_NO_TAKE = const(4)     # GRID slot: no centre die taken
KEEP = 9        # GRID cell: no swap, the taken die goes back
ROUNDS = 6
_START_CENTRE = const("RRBB")

# An entry of the current round: (player, grid after the swap or None, named C value
# or None, points, centre slot taken or -1, colour of the die that came back or None).
E_PLAYER = 0
E_GRID = 1
_E_NAMED = const(2)
_E_POINTS = const(3)
_E_SLOT = const(4)
_E_BACK = const(5)


def _other(colour):
    return "B" if colour == "R" else "R"


def _die_list(d):
    return None if d is None else [d[0], d[1]]


def _die_tuple(d):
    return None if d is None else (int(d[0]), str(d[1]))


class CuboTableState(State):
    NAME = CUBO_TABLE.id  # its id, title and player counts: shared_rules/cubo/descriptor.py
    TITLE = CUBO_TABLE.title
    MIN_PLAYERS, MAX_PLAYERS = CUBO_TABLE.players
    DEFAULT_OPTIONS = {"keep_swaps": True, "runs_any_order": False, "yellow": False}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        for k in ("keep_swaps", "runs_any_order", "yellow"):
            if self.options[k] not in (True, False):
                raise ValueError("option %s must be true or false, not %r"
                                 % (k, self.options[k]))
        self.rng = Rng(seed)
        self.round = 0
        self.start = 0
        self.entries = []
        self.stage = 0      # the round's stage: see SHOW, SIGNAL, STOP
        self.history = [[] for _ in range(num_players)]
        self.totals = [0] * num_players
        self._roll_centre(_START_CENTRE)

    def _roll_centre(self, colours):
        self.centre = [(self.rng.die(), colours[k]) for k in range(4)]

    # -- the interface ---------------------------------------------------------
    def current_player(self):
        if self.round >= ROUNDS:
            return TERMINAL
        return (self.start + len(self.entries)) % self.num_players

    def is_terminal(self):
        return self.round >= ROUNDS

    def scores(self):
        return list(self.totals)

    def legal_actions(self, player=None, now=0):
        p = self.current_player()
        if player is None:
            player = p
        if p < 0 or player != p:
            return []
        acts = []
        if not self.entries:
            acts.append((p, REROLL, 0))
            for k in range(4):
                acts.append((p, FLIP, k))
            for kind in (SHOW, SIGNAL, STOP):
                if STAGE_OF[kind] == self.stage + 1:
                    acts.append((p, kind, 0))
        else:
            acts.append((p, UNDO, self.entries[-1][E_PLAYER]))
        for n in range(MAX_SCORE + 1):
            acts.append((p, POINTS, n))
        acts.append((p, FORFEIT, 0))
        return acts

    def apply(self, action):
        a = check_shape(action, _ACTION_LEN, KIND_NAMES)
        p = a[0]
        kind = a[1]
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if p != self.current_player():
            raise IllegalAction("it is player %d's turn, not player %d's"
                                % (self.current_player(), p))
        if kind == REROLL or kind == FLIP:
            if self.entries:
                raise IllegalAction("the centre dice change only before the round's "
                                    "first entry")
            if kind == REROLL:
                self._zero(a)
                self._roll_centre([d[1] for d in self.centre])
            else:
                k = a[2]
                if not 0 <= k < 4:
                    raise IllegalAction("no centre slot %d (0-3)" % k)
                v, c = self.centre[k]
                self.centre[k] = (v, _other(c))
        elif kind in STAGE_OF:
            self._zero(a)
            if self.entries:
                raise IllegalAction("the round's entries have begun")
            if STAGE_OF[kind] != self.stage + 1:
                raise IllegalAction("%s comes after stage %d, not %d"
                                    % (KIND_NAMES[kind], STAGE_OF[kind] - 1, self.stage))
            self.stage = STAGE_OF[kind]
        elif kind == UNDO:
            if not self.entries:
                raise IllegalAction("nothing to correct: no entry yet this round")
            q = self.entries[-1][E_PLAYER]
            if a[2] != q:
                raise IllegalAction("the last entry is player %d's, not player %d's"
                                    % (q, a[2]))
            self.entries.pop()
            self.totals[q] -= self.history[q].pop()
        elif kind == GRID:
            self._enter(self.grid_entry(a))
        elif kind == POINTS:
            n = a[2]
            if not 0 <= n <= MAX_SCORE:
                raise IllegalAction("points are 0-%d, not %d" % (MAX_SCORE, n))
            self._enter((p, None, None, n, -1, None))
        else:
            self._zero(a)
            self._enter((p, None, None, 0, -1, None))

    def _zero(self, a):
        if a[2] != 0:
            raise IllegalAction("a %s action ends with 0, not %d" % (KIND_NAMES[a[1]], a[2]))

    def grid_entry(self, action):
        """The entry (see E_*) the GRID action of the current player would make: its
        grid after the swap, named C and points. Raises IllegalAction; changes nothing."""
        a = check_shape(action, _ACTION_LEN, KIND_NAMES)
        if a[1] != GRID:
            raise IllegalAction("a %s action is not a grid entry" % KIND_NAMES[a[1]])
        p = a[0]
        blue = a[11]
        slot = a[12]
        cell = a[13]
        named = a[14]
        if not 0 <= blue < 512 or blue & (1 << CENTRE):
            raise IllegalAction("the colour mask %d is not 9 bits with the centre's "
                                "(the joker's) clear" % blue)
        grid = self.grid_of(a[2:11], blue)
        problem = self.grid_problem(grid)
        if problem:
            raise IllegalAction(problem)
        back = None
        if slot == _NO_TAKE:
            if cell != KEEP:
                raise IllegalAction("no centre die was taken: there is nothing to swap")
        else:
            if not 0 <= slot < 4:
                raise IllegalAction("no centre slot %d (0-3, or %d for none)" % (slot, _NO_TAKE))
            if slot in self.taken_slots():
                raise IllegalAction("centre die %d was already taken this round" % slot)
            taken = self.centre[slot]
            if cell == KEEP:
                back = taken[1]
            elif cell == CENTRE:
                raise IllegalAction("the joker can never be swapped")
            elif not 0 <= cell < 9:
                raise IllegalAction("no cell %d (0-8, or %d to keep)" % (cell, KEEP))
            else:
                back = grid[cell][1]
                grid[cell] = taken
        ro = self.options["runs_any_order"]
        if grid[CENTRE][0] == C_FACE:
            if not 1 <= named <= 6:
                raise IllegalAction("the C face must be named as a value 1-6, not %d" % named)
            pts = score_named(grid, named, ro)
        else:
            if named != 0:
                raise IllegalAction("only a C face is named (0 here, not %d)" % named)
            named = None
            pts = score_grid(grid, ro)
        return (p, grid, named, pts, -1 if slot == _NO_TAKE else slot, back)

    def _enter(self, entry):
        p = entry[E_PLAYER]
        self.entries.append(entry)
        self.history[p].append(entry[_E_POINTS])
        self.totals[p] += entry[_E_POINTS]
        if len(self.entries) == self.num_players:
            self._end_round()

    def _end_round(self):
        if self.options["keep_swaps"]:
            taken = self.taken_slots()
            colours = [self.centre[k][1] for k in range(4) if k not in taken]
            for e in self.entries:
                if e[_E_BACK] is not None:
                    colours.append(e[_E_BACK])
        else:
            colours = _START_CENTRE
        self.entries = []
        self.stage = 0
        self.round += 1
        self.start = (self.start + 1) % self.num_players
        if self.round < ROUNDS:
            self._roll_centre(colours)

    # -- what the screen asks ------------------------------------------------------
    def joker_colour(self):
        return "Y" if self.options["yellow"] else "W"

    def grid_of(self, faces, blue):
        """The grid (list of 9 dice) of 9 faces and a blue-cell mask (see GRID)."""
        grid = []
        for i in range(9):
            if i == CENTRE:
                grid.append((faces[i], self.joker_colour()))
            else:
                grid.append((faces[i], "B" if blue & (1 << i) else "R"))
        return grid

    def grid_problem(self, grid):
        """Why `grid` (9 dice, before any swap) cannot be entered, or None."""
        try:
            grid = validate_grid(grid)
        except ValueError as e:
            return str(e)
        if grid[CENTRE][1] != self.joker_colour():
            return "the joker is %s in this game" % (
                "yellow" if self.options["yellow"] else "white")
        if not self.options["keep_swaps"]:
            red = sum(1 for i in range(9) if i != CENTRE and grid[i][1] == "R")
            if red != 4:
                return "Needs 4 red and 4 blue dice (%d red, %d blue)" % (red, 8 - red)
        return None

    def grid_action(self, grid, slot=None, cell=None, named=None):
        """The GRID action of the current player for `grid` (before the swap), the centre
        slot taken (None: none), the cell swapped (None: kept) and the named C value."""
        faces = [d[0] for d in grid]
        blue = 0
        for i in range(9):
            if i != CENTRE and grid[i][1] == "B":
                blue |= 1 << i
        return tuple([self.current_player(), GRID] + faces + [
            blue, _NO_TAKE if slot is None else slot, KEEP if cell is None else cell,
            named or 0])

    def entering(self):
        """The position of the current player in this round's entry order (0 = start)."""
        return len(self.entries)

    def last_entry(self):
        """The latest entry of this round (see E_*), or None."""
        return self.entries[-1] if self.entries else None

    def taken_slots(self):
        """The centre slots taken so far this round."""
        return [e[_E_SLOT] for e in self.entries if e[_E_SLOT] >= 0]

    def breakdown(self, entry):
        """line_scores of an entry's grid (after the swap, with its named C)."""
        return line_scores(entry[E_GRID], self.options["runs_any_order"], entry[_E_NAMED])

    def round_number(self):
        """1-based round number (ROUNDS after the last)."""
        return min(self.round + 1, ROUNDS)

    def describe_action(self, action):
        a = tuple(action)
        kind = a[1] if len(a) > 1 else None
        who = "P%d" % (a[0] + 1)
        if kind == GRID:
            return "%s enters a grid" % who
        if kind == POINTS:
            return "%s scores %d" % (who, a[2])
        if kind == FLIP:
            return "%s flips centre die %d" % (who, a[2])
        if kind == UNDO:
            return "%s: P%d enters again" % (who, a[2] + 1)
        return "%s: %s" % (who, KIND_NAMES.get(kind, "?"))

    # -- plain-data snapshot -------------------------------------------------------
    def to_dict(self):
        return {
            "game": self.NAME, "num_players": self.num_players, "seed": self.seed,
            "options": dict(self.options), "rng": self.rng.state,
            "round": self.round, "start": self.start, "stage": self.stage,
            "centre": [_die_list(d) for d in self.centre],
            "entries": [[e[E_PLAYER],
                         None if e[E_GRID] is None else [_die_list(d) for d in e[E_GRID]],
                         e[_E_NAMED], e[_E_POINTS], e[_E_SLOT], e[_E_BACK]]
                        for e in self.entries],
            "scores": [list(h) for h in self.history], "totals": list(self.totals),
        }

    @classmethod
    def from_dict(cls, data):
        if data.get("game", cls.NAME) != cls.NAME:
            raise ValueError("not a %s snapshot" % cls.NAME)
        s = cls(data["num_players"], data["seed"], data["options"])
        s.rng.state = data["rng"]
        s.round = data["round"]
        s.start = data["start"]
        s.stage = data.get("stage", 0)
        s.centre = [_die_tuple(d) for d in data["centre"]]
        s.entries = [(e[0], None if e[1] is None else [_die_tuple(d) for d in e[1]],
                      e[2], e[3], e[4], e[5]) for e in data["entries"]]
        if len(data["scores"]) != s.num_players:
            raise ValueError("snapshot has %d players, not %d"
                             % (len(data["scores"]), s.num_players))
        s.history = [list(h) for h in data["scores"]]
        s.totals = list(data["totals"])
        return s
