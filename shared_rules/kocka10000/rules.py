"""Kocka 10000: six dice, first to bank 10,000 (rules: shared/rules/kocka10000.md).

Actions (tuples of small ints, the first item is the acting player):

    (p, ROLL)          roll the dice still in play (all six on hot dice / a confirmation)
    (p, TAKE, mask)    set aside dice of the current roll under classic scoring;
                       mask = bit i set for roll[i] (roll has 1-6 dice, mask 1..63)
    (p, COLLECT, mask) collecting six of a kind: start a collection (a roll of six dice,
                       player at 2,500 or more, all masked dice one face: the face is
                       chosen for good) or go on with it (masked dice show the face, or
                       the joker on the last die)
    (p, JOKER, value)  with five collected and the last die still to roll: name a joker
    (p, BANK)          write the turn total to the player's score and end the turn

Phases: ROLLING (the player rolls, or banks, or names a joker) and PICKING (dice are on
the table and the player must set some aside). A roll from which nothing can be set
aside busts at once (the turn total is lost, the next player goes): there is no action
for it, the events say so.

Reading of the rules file where it leaves room (see the report in the issue):
- a collection may be started on any roll of six dice that is not a confirmation roll:
  the first roll of the turn, or the roll after hot dice;
- a completed collection's points join the turn total at once (lost if the turn busts);
- six 1s collected: when the confirmation roll scores, the player wins at once (their
  score becomes banked + turn total); this holds with `finish_round` too.

UI-facing API: `roll`, `aside` (dice set aside from the current six), `turn_total`,
`totals`, `turn`, `phase`, `may_collect(p)`, `can_bank()`, `must_roll()`, `bank_minimum(p)`,
`collection()` -> (face, count, joker), `selection_points(mask, collect)` and
`selection_problem(mask, collect)` (live value of a proposed selection and why it is
invalid), `events` (what the last action caused) and `last_event()`, `event_text(ev)`,
`describe_action(a)`, and `view()`: all of it as one plain dict.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x
from shared_rules.game import State, IllegalAction, TERMINAL
from shared_rules.kocka10000.descriptor import KOCKA10000

ROLL = 1
TAKE = 2
COLLECT = 3
JOKER = 4
BANK = 5

ROLLING = 0
PICKING = 1
_OVER = const(2)

GOAL = 10000
COLLECT_FROM = 2500
_MIN_BANK = const(350)

# Events: (kind, player, value)
EV_BUST = 1        # value: the turn total lost
EV_HOT = 2         # all six set aside: must roll six again; value: turn total
EV_COLLECTED = 3   # six of a face collected; value: the face (confirmation roll due)
EV_CONFIRMED = 4   # the confirmation roll scored; value: the face confirmed
EV_BANK = 5        # value: points banked
EV_ANNOUNCE = 6    # reached 2,500: "sorozhatsz" (may collect from now on); value: total
EV_WIN = 7         # value: the winner's score
_EV_JOKER = const(8)       # value: the joker named
EV_LAST_ROUND = 9  # finish_round: someone reached 10,000, the round is being completed
EV_END = 10        # finish_round: the round is over; value: the best score

EVENT_NAMES = {EV_BUST: "bust", EV_HOT: "hot dice", EV_COLLECTED: "collected",
               EV_CONFIRMED: "confirmed", EV_BANK: "bank", EV_ANNOUNCE: "may collect",
               EV_WIN: "win", _EV_JOKER: "joker", EV_LAST_ROUND: "last round",
               EV_END: "game over"}

KIND_NAMES = {ROLL: "roll", TAKE: "take", COLLECT: "collect", JOKER: "joker", BANK: "bank"}


# -- classic scoring ------------------------------------------------------------------

def _face_points(f, c, double):
    """Points of c dice of face f set aside together; None when some of them don't score."""
    if c == 0:
        return 0
    if f == 1:
        single = 100
        triple = 1000
    elif f == 5:
        single = 50
        triple = 500
    else:
        single = 0
        triple = f * 100
    if c < 3:
        return single * c if single else None
    if c == 3:
        return triple
    if double:
        return triple << (c - 3)
    if c == 6:
        return triple * 2
    if single:
        return triple + single * (c - 3)
    return None


def _counts(dice):
    c = [0, 0, 0, 0, 0, 0, 0]
    for d in dice:
        c[d] += 1
    return c


def classic_points(dice, whole_roll=False, double=False):
    """Points of a selection of set-aside dice (classic scoring); None if a die doesn't score.

    whole_roll: the selection is all six dice of a roll of six (a straight may count).
    double: the option extra_dice_double (four of a kind 2x the triple, five 4x, six 8x).
    """
    if not dice:
        return None
    c = _counts(dice)
    if whole_roll and len(dice) == 6 and c[1] == c[2] == c[3] == c[4] == c[5] == c[6] == 1:
        return 1500
    total = 0
    for f in range(1, 7):
        p = _face_points(f, c[f], double)
        if p is None:
            return None
        total += p
    return total


def best_counts(c, double=False):
    """The most classic points from face counts c (index 1..6) of one roll."""
    n = c[1] + c[2] + c[3] + c[4] + c[5] + c[6]
    if n == 6 and c[1] == c[2] == c[3] == c[4] == c[5] == c[6] == 1:
        return 1500
    total = 0
    for f in range(1, 7):
        k = c[f]
        if f == 1 or f == 5:
            if k:
                total += _face_points(f, k, double)
        elif k >= 3:
            if double or k == 6:
                total += _face_points(f, k, double)
            else:
                total += f * 100
    return total


def best_classic(roll, double=False):
    """The most classic points one roll can give (0: the roll busts under classic scoring)."""
    return best_counts(_counts(roll), double)


def selection_error(dice, whole_roll=False, double=False):
    """Why a classic selection does not score (a short human sentence), or None if it does."""
    if not dice:
        return "set aside at least one scoring die"
    c = _counts(dice)
    if whole_roll and len(dice) == 6 and c[1] == c[2] == c[3] == c[4] == c[5] == c[6] == 1:
        return None
    for f in range(1, 7):
        k = c[f]
        if _face_points(f, k, double) is None:
            if k == 1:
                return "a single %d doesn't score" % f
            if k == 2:
                return "a pair of %ds doesn't score" % f
            return "only three %ds can be set aside" % f
    return None


def _dice_of(roll, mask):
    out = []
    for i in range(len(roll)):
        if mask >> i & 1:
            out.append(roll[i])
    return out


class Kocka10000(State):
    NAME = KOCKA10000.id  # its id, title and player counts: shared_rules/kocka10000/descriptor.py
    TITLE = KOCKA10000.title
    MIN_PLAYERS, MAX_PLAYERS = KOCKA10000.players
    DEFAULT_OPTIONS = {"extra_dice_double": False, "finish_round": False}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        from shared_rules.rng import Rng
        self.rng = Rng(seed)
        self.double = bool(self.options["extra_dice_double"])
        self.totals = [0] * num_players
        self.turn = 0
        self.round = 1          # every player has had round-1 turns before this round
        self.phase = ROLLING
        self.roll = []          # dice on the table (the last roll)
        self.aside = []         # dice set aside from the current six
        self.turn_total = 0
        self.left = 6           # dice to roll next
        self.hot = False        # must roll all six (hot dice or confirmation)
        self.confirm = 0        # face of a completed collection whose confirmation roll is due
        self.face = 0           # collecting this face (0: not collecting)
        self.count = 0          # how many of it are collected
        self.joker = 0          # joker named (0: none)
        self.winner = -1        # set by an immediate win
        self.last_round = -1    # finish_round: who reached the goal first
        self.events = []        # what the last action caused: (kind, player, value)

    # -- queries -------------------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.phase == _OVER else self.turn

    def is_terminal(self):
        return self.phase == _OVER

    def scores(self):
        return list(self.totals)

    def winners(self):
        if self.winner >= 0:
            return [self.winner]
        return State.winners(self)

    def may_collect(self, p):
        """Has player p reached 2,500 (announced: collecting allowed from the next turn)?"""
        return self.totals[p] >= COLLECT_FROM

    def bank_minimum(self, p):
        return 0 if self.totals[p] >= COLLECT_FROM else _MIN_BANK

    def collection(self):
        """(face, count, joker) of the collection under way; (0, 0, 0) when none."""
        return (self.face, self.count, self.joker)

    def can_bank(self):
        return self._bank_problem() is None

    def can_start_collection(self):
        """May the dice on the table start a collection?"""
        return (self.phase == PICKING and not self.face and not self.confirm
                and len(self.roll) == 6 and self.totals[self.turn] >= COLLECT_FROM)

    def _bank_problem(self):
        if self.phase == _OVER:
            return "the game is over"
        if self.phase == PICKING:
            return "set aside scoring dice first"
        if self.face:
            return "a partial collection can't be banked"
        if self.hot:
            if self.confirm:
                return "roll all six to confirm the collection"
            return "hot dice: roll all six again"
        if self.turn_total <= 0:
            return "roll first"
        if self.turn_total < self.bank_minimum(self.turn):
            return "you need %d to bank" % _MIN_BANK
        return None

    def selection_problem(self, mask, collect=False):
        """Why setting aside roll[mask] (as a collection if `collect`) is illegal, or None."""
        if self.phase != PICKING:
            return "roll the dice first"
        n = len(self.roll)
        if mask <= 0 or mask >= (1 << n):
            return "choose dice from the roll"
        dice = _dice_of(self.roll, mask)
        if collect:
            if self.face:
                if self.count == 5 and self.joker:
                    if dice[0] != self.face and dice[0] != self.joker:
                        return "collecting %ds, joker %d" % (self.face, self.joker)
                    return None
                for d in dice:
                    if d != self.face:
                        return "you are collecting %ds" % self.face
                return None
            if self.totals[self.turn] < COLLECT_FROM:
                return "you may collect from 2,500"
            if self.confirm:
                return "the confirmation roll scores classic only"
            if n != 6:
                return "a collection starts on a roll of six dice"
            for d in dice:
                if d != dice[0]:
                    return "collect dice of one face"
            return None
        if self.face:
            return "you are collecting %ds" % self.face
        return selection_error(dice, n == 6 and mask == 63, self.double)

    def selection_points(self, mask, collect=False):
        """Live points of a proposed selection (0 for a collection not yet complete), or None."""
        if self.selection_problem(mask, collect) is not None:
            return None
        dice = _dice_of(self.roll, mask)
        if collect:
            face = self.face or dice[0]
            if self.count + len(dice) == 6:
                return 10000 if face == 1 else face * 1000
            return 0
        return classic_points(dice, len(self.roll) == 6 and mask == 63, self.double)

    def last_event(self):
        return self.events[-1] if self.events else None

    def must_roll(self):
        """Hot dice or a confirmation roll: all six must be rolled, no bank."""
        return self.phase == ROLLING and self.hot

    def view(self):
        """Everything a game screen shows, as plain data (built on request, not per frame)."""
        p = self.turn
        return {"turn": p, "phase": self.phase, "roll": list(self.roll),
                "aside": list(self.aside), "turn_total": self.turn_total,
                "dice_left": self.left, "totals": list(self.totals),
                "may_collect": [t >= COLLECT_FROM for t in self.totals],
                "can_bank": self.can_bank(), "must_roll": self.must_roll(),
                "bank_minimum": self.bank_minimum(p), "collection": self.collection(),
                "can_start_collection": self.can_start_collection(),
                "confirming": self.confirm, "last_round": self.last_round >= 0,
                "events": list(self.events), "winners": self.winners() if self.phase == _OVER else []}

    def event_text(self, ev):
        kind, p, v = ev
        who = "P%d" % (p + 1)
        if kind == EV_BUST:
            return "%s: bust, %d lost" % (who, v)
        if kind == EV_HOT:
            return "%s: hot dice! roll all six" % who
        if kind == EV_COLLECTED:
            return "%s: six %ds! confirm them" % (who, v)
        if kind == EV_CONFIRMED:
            return "%s: %ds confirmed" % (who, v)
        if kind == EV_BANK:
            return "%s banks %d" % (who, v)
        if kind == EV_ANNOUNCE:
            return "%s: %d, you may collect" % (who, v)
        if kind == EV_WIN:
            return "%s wins with %d" % (who, v)
        if kind == _EV_JOKER:
            return "%s: joker %d" % (who, v)
        if kind == EV_LAST_ROUND:
            return "%s reached %d: last round" % (who, v)
        if kind == EV_END:
            return "game over"
        return "?"

    def describe_action(self, action):
        p = action[0]
        kind = action[1]
        who = "P%d" % (p + 1)
        if kind in (TAKE, COLLECT) and len(action) > 2:
            dice = _dice_of(self.roll, action[2]) if self.phase == PICKING else []
            verb = "takes" if kind == TAKE else "collects"
            return "%s %s %s" % (who, verb, " ".join([str(d) for d in dice]))
        if kind == JOKER and len(action) > 2:
            return "%s names joker %d" % (who, action[2])
        return "%s %s" % (who, KIND_NAMES.get(kind, "?"))

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self, player=None, now=0):
        if self.phase == _OVER:
            return []
        p = self.turn
        if player is not None and player != p:
            return []
        out = []
        if self.phase == ROLLING:
            out.append((p, ROLL))
            if self._joker_problem() is None:
                for v in range(1, 7):
                    if v != self.face:
                        out.append((p, JOKER, v))
            if self._bank_problem() is None:
                out.append((p, BANK))
            return out
        n = len(self.roll)
        can_start = self.can_start_collection()
        for mask in range(1, 1 << n):
            if self.face:
                if self.selection_problem(mask, True) is None:
                    out.append((p, COLLECT, mask))
                continue
            if selection_error(_dice_of(self.roll, mask), n == 6 and mask == 63,
                               self.double) is None:
                out.append((p, TAKE, mask))
            if can_start and self.selection_problem(mask, True) is None:
                out.append((p, COLLECT, mask))
        return out

    def _joker_problem(self):
        if self.phase != ROLLING or not self.face:
            return "name a joker while collecting"
        if self.count != 5:
            return "the joker comes with five collected"
        if self.joker:
            return "the joker is named already"
        return None

    # -- applying actions ----------------------------------------------------------------
    def apply(self, action):
        if self.phase == _OVER:
            raise IllegalAction("the game is over")
        if not isinstance(action, (tuple, list)) or len(action) < 2:
            raise IllegalAction("not an action")
        for x in action:
            if type(x) is not int:
                raise IllegalAction("not an action")
        p = action[0]
        kind = action[1]
        if p != self.turn:
            raise IllegalAction("not your turn")
        if kind == ROLL:
            if len(action) != 2:
                raise IllegalAction("not an action")
            if self.phase != ROLLING:
                raise IllegalAction("set aside scoring dice first")
            self.events = []
            self._roll()
        elif kind == TAKE or kind == COLLECT:
            if len(action) != 3:
                raise IllegalAction("not an action")
            mask = action[2]
            if kind == TAKE and self.phase == PICKING and not self.face and 0 < mask < 64:
                # the common case, checked once: the points are the check
                roll = self.roll
                if mask < (1 << len(roll)):
                    dice = _dice_of(roll, mask)
                    whole = len(roll) == 6 and mask == 63
                    pts = classic_points(dice, whole, self.double)
                    if pts is None:
                        raise IllegalAction(selection_error(dice, whole, self.double))
                    self.events = []
                    self._take(dice, pts)
                    return
            why = self.selection_problem(mask, kind == COLLECT)
            if why is not None:
                raise IllegalAction(why)
            self.events = []
            if kind == TAKE:
                dice = _dice_of(self.roll, mask)
                self._take(dice, classic_points(dice, len(self.roll) == 6 and mask == 63,
                                                self.double))
            else:
                self._collect(mask)
        elif kind == BANK:
            if len(action) != 2:
                raise IllegalAction("not an action")
            why = self._bank_problem()
            if why is not None:
                raise IllegalAction(why)
            self.events = []
            self._bank()
        elif kind == JOKER:
            if len(action) != 3:
                raise IllegalAction("not an action")
            why = self._joker_problem()
            if why is not None:
                raise IllegalAction(why)
            v = action[2]
            if not (1 <= v <= 6) or v == self.face:
                raise IllegalAction("the joker is another face, 1-6")
            self.events = [(_EV_JOKER, p, v)]
            self.joker = v
        else:
            raise IllegalAction("unknown action")

    def _roll(self):
        p = self.turn
        n = self.left
        if self.hot:
            self.aside = []
        rng = self.rng
        roll = [rng.die() for _ in range(n)]
        self.roll = roll
        self.phase = PICKING
        if self.face:
            ok = False
            for d in roll:
                if d == self.face or (d == self.joker and self.count == 5):
                    ok = True
                    break
        elif 1 in roll or 5 in roll or best_classic(roll, self.double) > 0:
            ok = True
            if self.confirm:
                self.events.append((EV_CONFIRMED, p, self.confirm))
                if self.confirm == 1:
                    # six 1s collected and confirmed: an immediate win
                    self.totals[p] += self.turn_total
                    self.winner = p
                    self.phase = _OVER
                    self.events.append((EV_WIN, p, self.totals[p]))
                    return
        else:
            ok = n == 6 and not self.confirm and self.totals[p] >= COLLECT_FROM
        if not ok:
            self.events.append((EV_BUST, p, self.turn_total))
            self._next_turn()

    def _take(self, dice, pts):
        p = self.turn
        self.turn_total += pts
        self.aside = self.aside + dice
        self._set_aside(len(dice))
        if self.hot:
            self.events.append((EV_HOT, p, self.turn_total))

    def _set_aside(self, k):
        self.left -= k
        self.hot = False
        self.confirm = 0
        self.phase = ROLLING
        if self.left == 0:
            self.left = 6
            self.hot = True

    def _collect(self, mask):
        p = self.turn
        dice = _dice_of(self.roll, mask)
        if not self.face:
            self.face = dice[0]
            self.count = 0
            self.joker = 0
        self.count += len(dice)
        self.aside = self.aside + dice
        self._set_aside(len(dice))
        if self.count == 6:
            face = self.face
            self.turn_total += 10000 if face == 1 else face * 1000
            self.face = 0
            self.count = 0
            self.joker = 0
            self.confirm = face
            self.events.append((EV_COLLECTED, p, face))

    def _bank(self):
        p = self.turn
        before = self.totals[p]
        self.totals[p] = before + self.turn_total
        total = self.totals[p]
        self.events.append((EV_BANK, p, self.turn_total))
        if before < COLLECT_FROM <= total:
            self.events.append((EV_ANNOUNCE, p, total))
        if total >= GOAL:
            if not self.options["finish_round"]:
                self.winner = p
                self.phase = _OVER
                self.events.append((EV_WIN, p, total))
                return
            if self.last_round < 0:
                self.last_round = p
                self.events.append((EV_LAST_ROUND, p, total))
        self._next_turn()

    def _next_turn(self):
        self.turn_total = 0
        self.left = 6
        self.hot = False
        self.confirm = 0
        self.face = 0
        self.count = 0
        self.joker = 0
        self.aside = []
        self.phase = ROLLING
        self.turn += 1
        if self.turn == self.num_players:
            self.turn = 0
            self.round += 1
            if self.last_round >= 0:
                self.phase = _OVER
                best = max(self.totals)
                self.events.append((EV_END, -1, best))

    # -- snapshots ---------------------------------------------------------------------
    def to_dict(self):
        return {"n": self.num_players, "seed": self.seed, "options": dict(self.options),
                "rng": self.rng.state, "totals": list(self.totals), "turn": self.turn,
                "round": self.round, "phase": self.phase, "roll": list(self.roll),
                "aside": list(self.aside), "tt": self.turn_total, "left": self.left,
                "hot": self.hot, "confirm": self.confirm, "face": self.face,
                "count": self.count, "joker": self.joker,
                "winner": self.winner, "last_round": self.last_round,
                "events": [list(e) for e in self.events]}

    @classmethod
    def from_dict(cls, d):
        s = cls(d["n"], d["seed"], d["options"])
        s.rng.state = d["rng"]
        s.totals = list(d["totals"])
        s.turn = d["turn"]
        s.round = d["round"]
        s.phase = d["phase"]
        s.roll = list(d["roll"])
        s.aside = list(d["aside"])
        s.turn_total = d["tt"]
        s.left = d["left"]
        s.hot = bool(d["hot"])
        s.confirm = d["confirm"]
        s.face = d["face"]
        s.count = d["count"]
        s.joker = d["joker"]
        s.winner = d["winner"]
        s.last_round = d["last_round"]
        s.events = [tuple(e) for e in d["events"]]
        return s


GAME = Kocka10000
