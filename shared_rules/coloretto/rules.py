"""Coloretto (Michael Schacht): the rules of ../shared/rules/coloretto.md as a State.

Cards are small ints: colours 0-6 (COLOURS), JOKER 7, PLUS2 8, LAST 9 (the
last-round card). A collection is a list of 9 counts: 7 colours, jokers, +2 cards.

Actions, (player, kind, args...):

    (p, DRAW)           draw the top card (a drawn last-round card is set aside and the
                        next one drawn, in the same action); the card is then `drawn`
    (p, PLACE, r)       put the drawn card on row r (0-based); the turn passes on
    (p, TAKE, r)        take row r: its cards join p's collection, p sits out the round
    (p, ASSIGN, c...)   end of game: p names a colour for each of p's jokers, in
                        non-decreasing order, e.g. (2, ASSIGN, 0, 4) for two jokers

A turn is DRAW then PLACE (two actions by the same player), or one TAKE. After the
round in which the last-round card came up, every player holding jokers (seat
order) assigns them with one ASSIGN action; the final scoring screen offers
best_assignment(p) and previews any other choice with score_with(p, colours).
Players without jokers have nothing to do; the game is terminal once all have
assigned. scores() are live at any time (unassigned jokers count optimally).

For the UI: rows[r] (cards), cap[r] (capacity), taker[r] (player who took row r
this round, or -1), took[p] (row p took this round, or -1), drawn (card or -1),
deck_size(), last_round (the last-round card has appeared; last_round_by: who
drew it), colours (the colours in play), removed, discard (cards of discarded
2-player rows), coll[p], score(p), scores(), best_assignment(p),
score_with(p, colours), breakdown(p, colours=None), open_rows(), can_draw(),
unseen_counts(), cards_before_last(), round_no, start (the round's start player),
phase, describe_action(a). Players sit clockwise in increasing index.

Readings of the rules file: the plus colours are the three scoring most (with the grey
table that need not be the biggest); a joker may become any colour in play (with the
grey table its best place can be a minus colour: 3 -> 4 cards costs 7, not 8); drawing
needs a card in the deck (it can run out only in the 5-player online game, whose
last round can need 15 cards with 14 left); in the online preset the start of each
round passes from the previous round's start player to the next seat; colours are
removed (3 players: one, 2 players: two) in both presets.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x
from shared_rules.game import State, IllegalAction, TERMINAL
from shared_rules.rng import Rng
from shared_rules.coloretto.descriptor import COLORETTO

COLOURS = ("yellow", "orange", "red", "pink", "green", "blue", "brown")
# One letter each for the screen (blue B, brown N); colour-blind-friendly (Okabe-Ito) RGB.
LETTERS = "YORPGBN"
COLOUR_RGB = ((240, 228, 66), (230, 159, 0), (213, 94, 0), (204, 121, 167),
              (0, 158, 115), (0, 114, 178), (140, 90, 50))
NCOL = 7
JOKER = 7
PLUS2 = 8
LAST = 9
CARD_NAMES = COLOURS + ("joker", "+2", "last round")
_CARDS_PER_COLOUR = const(9)
_NUM_JOKERS = const(3)
_NUM_PLUS2 = const(10)
_TOTAL_CARDS = const(77)

DRAW = 1
PLACE = 2
TAKE = 3
ASSIGN = 4

PHASE_TURN = 0    # the current player draws or takes
PHASE_PLACE = 1   # the current player places the drawn card
PHASE_ASSIGN = 2  # end of game: the current player assigns jokers
PHASE_OVER = 3

TABLES = {"brown": (0, 1, 3, 6, 10, 15, 21), "grey": (0, 1, 4, 8, 7, 6, 5)}
OPTION_CHOICES = {"preset": ("original", "online"), "scoring_table": ("brown", "grey")}
# Cards under the last-round card.
LAST_POS = {"original": 15, "online": 14}


def ext_table(name, top=12):
    """The scoring table as a tuple indexed by any count 0..top."""
    if name not in TABLES:
        raise ValueError("unknown scoring table %r" % (name,))
    base = TABLES[name]
    return tuple(base[i] if i < 6 else base[6] for i in range(top + 1))


def is_monotone(t):
    for i in range(len(t) - 1):
        if t[i] > t[i + 1]:
            return False
    return True


def colour_points(cnt, t, allowed):
    """Points of the colour counts cnt[k], k in allowed: the three best colours plus,
    all others minus (with fewer than three colours, all plus)."""
    s = 0
    a = b = c = 0
    for k in allowed:
        v = t[cnt[k]]
        s += v
        if v > a:
            c = b
            b = a
            a = v
        elif v > b:
            c = b
            b = v
        elif v > c:
            c = v
    return 2 * (a + b + c) - s


def best_points(cnt, j, t, allowed, mono, out=None):
    """Colour points with j jokers placed to maximise them. If `out` (a list) is given,
    the chosen colours are appended to it, sorted. `t` must cover max(cnt) + j."""
    if j == 0:
        return colour_points(cnt, t, allowed)
    if mono:
        # With a non-decreasing table the plus colours can be taken to be the three
        # largest, and every joker goes to one of them (exchange argument).
        a = b = c = -1
        ia = ib = ic = -1
        s = 0
        for k in allowed:
            v = cnt[k]
            s += t[v]
            if v > a:
                c = b
                ic = ib
                b = a
                ib = ia
                a = v
                ia = k
            elif v > b:
                c = b
                ic = ib
                b = v
                ib = k
            elif v > c:
                c = v
                ic = k
        rest = s - t[a] - t[b] - t[c]
        best = -1
        bja = bjb = 0
        ja = j
        while ja >= 0:
            jb = j - ja
            while jb >= 0:
                v = t[a + ja] + t[b + jb] + t[c + j - ja - jb]
                if v > best:
                    best = v
                    bja = ja
                    bjb = jb
                jb -= 1
            ja -= 1
        if out is not None:
            for _ in range(bja):
                out.append(ia)
            for _ in range(bjb):
                out.append(ib)
            for _ in range(j - bja - bjb):
                out.append(ic)
            out.sort()
        return best - rest
    # Any table: try every multiset of colours.
    w = list(cnt)
    best = [None, None]
    _search(w, j, t, allowed, 0, [], best)
    if out is not None:
        out.extend(best[1])
    return best[0]


def _search(w, left, t, allowed, start, chosen, best):
    if left == 0:
        v = colour_points(w, t, allowed)
        if best[0] is None or v > best[0]:
            best[0] = v
            best[1] = tuple(chosen)
        return
    for i in range(start, len(allowed)):
        k = allowed[i]
        w[k] += 1
        chosen.append(k)
        _search(w, left - 1, t, allowed, i, chosen, best)
        chosen.pop()
        w[k] -= 1


_ALL = (0, 1, 2, 3, 4, 5, 6)


def score_player(counts, jokers=0, plus2=0, table="brown"):
    """A player's final score: `counts` lists the 7 colour-card counts; the jokers are
    placed to maximise the score; each +2 card is worth 2."""
    if len(counts) != NCOL:
        raise ValueError("counts must list 7 colours")
    if jokers < 0 or plus2 < 0:
        raise ValueError("negative card count")
    cnt = [0] * NCOL
    for k in range(NCOL):
        v = counts[k]
        if v < 0:
            raise ValueError("negative card count")
        cnt[k] = v if v < 6 else 6
    t = ext_table(table, 6 + jokers)
    return best_points(cnt, jokers, t, _ALL, is_monotone(t)) + 2 * plus2


class Coloretto(State):
    NAME = COLORETTO.id  # its id, title and player counts: shared_rules/coloretto/descriptor.py
    TITLE = COLORETTO.title
    MIN_PLAYERS, MAX_PLAYERS = COLORETTO.players
    DEFAULT_OPTIONS = {"preset": "original", "scoring_table": "brown"}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        o = self.options
        for k in OPTION_CHOICES:
            if o[k] not in OPTION_CHOICES[k]:
                raise ValueError("option %s must be one of %s, not %r" % (
                    k, "/".join(OPTION_CHOICES[k]), o[k]))
        n = num_players
        self.online = o["preset"] == "online"
        self.table = ext_table(o["scoring_table"])
        self.mono = is_monotone(self.table)
        if n == 2 and not self.online:
            self.cap = [1, 2, 3]
        else:
            self.cap = [3] * n
        nrows = len(self.cap)
        self.rng = Rng(seed)
        rng = self.rng
        # Colours out of the game: one with 3 players, two with 2.
        cols = list(range(NCOL))
        self.removed = []
        for _ in range(max(0, 4 - n)):
            self.removed.append(cols.pop(rng.below(len(cols))))
        self.removed.sort()
        self.colours = tuple(cols)
        self.coll = [[0] * 9 for _ in range(n)]
        left = [_CARDS_PER_COLOUR] * NCOL
        for k in self.removed:
            left[k] = 0
        if not self.online:
            # Starting cards, all of different colours: one each (two each with 2 players).
            per = 2 if n == 2 else 1
            pool = list(cols)
            for _ in range(per):
                for p in range(n):
                    k = pool.pop(rng.below(len(pool)))
                    self.coll[p][k] += 1
                    left[k] -= 1
        deck = []
        for k in range(NCOL):
            deck.extend([k] * left[k])
        deck.extend([JOKER] * _NUM_JOKERS)
        deck.extend([PLUS2] * _NUM_PLUS2)
        rng.shuffle(deck)
        # deck[0] is the bottom card, deck[-1] the top one.
        deck.insert(LAST_POS[o["preset"]], LAST)
        self.deck = deck
        self.rows = [[] for _ in range(nrows)]
        self.taker = [-1] * nrows
        self.took = [-1] * n
        self.discard = []
        self.drawn = -1
        self.start = rng.below(n)
        self.turn = self.start
        self.round_no = 1
        self.last_round = False
        self.last_round_by = -1
        self.assigned = [None] * n
        self.phase = PHASE_TURN

    # -- queries -----------------------------------------------------------
    def current_player(self):
        return TERMINAL if self.phase == PHASE_OVER else self.turn

    def is_terminal(self):
        return self.phase == PHASE_OVER

    def deck_size(self):
        """Cards in the draw pile (the last-round card included while it is there)."""
        return len(self.deck)

    def cards_before_last(self):
        """Cards above the last-round card (public: its place is fixed), or -1."""
        if self.last_round:
            return -1
        return len(self.deck) - LAST_POS[self.options["preset"]] - 1

    def unseen_counts(self):
        """How many of each card (0-8) are in the draw pile: public, since every other
        card is face up or out of the game openly."""
        out = [0] * 9
        for c in self.deck:
            if c != LAST:
                out[c] += 1
        return out

    def row_open(self, r):
        return self.taker[r] < 0 and len(self.rows[r]) < self.cap[r]

    def open_rows(self):
        """Rows that can take a card."""
        return [r for r in range(len(self.cap)) if self.row_open(r)]

    def can_draw(self):
        if not self.deck:
            return False
        for r in range(len(self.cap)):
            if self.row_open(r):
                return True
        return False

    def active(self, p):
        """True if p has not taken a row this round."""
        return self.took[p] < 0

    def score(self, p):
        """p's live score: assigned jokers as assigned, the others placed optimally."""
        if self.assigned[p] is not None:
            return self.score_with(p, self.assigned[p])
        c = self.coll[p]
        return best_points(c, c[JOKER], self.table, self.colours, self.mono) + 2 * c[PLUS2]

    def scores(self):
        return [self.score(p) for p in range(self.num_players)]

    def best_assignment(self, p):
        """The optimal colours for p's jokers (a sorted tuple; empty without jokers)."""
        c = self.coll[p]
        out = []
        best_points(c, c[JOKER], self.table, self.colours, self.mono, out)
        return tuple(out)

    def _check_assignment(self, p, colours):
        j = self.coll[p][JOKER]
        if len(colours) != j:
            raise IllegalAction("player %d holds %d joker%s: name %d colour%s, not %d" % (
                p + 1, j, "" if j == 1 else "s", j, "" if j == 1 else "s", len(colours)))
        prev = -1
        for k in colours:
            if k not in self.colours:
                raise IllegalAction("a joker can only be a colour in play (%s)" % (
                    ", ".join(COLOURS[x] for x in self.colours),))
            if k < prev:
                raise IllegalAction("list the joker colours in ascending order")
            prev = k

    def score_with(self, p, colours):
        """p's score if p's jokers are the given colours (one per joker)."""
        self._check_assignment(p, colours)
        w = list(self.coll[p])
        for k in colours:
            w[k] += 1
        return colour_points(w, self.table, self.colours) + 2 * w[PLUS2]

    def breakdown(self, p, colours=None):
        """For the scoring screen: (rows, plus2_points, total); rows lists
        (colour, cards, jokers, points) for each colour held, best first; points are
        negative for minus colours. Jokers count as `colours`, by default as assigned,
        else optimally."""
        if colours is None:
            colours = self.assigned[p]
            if colours is None:
                colours = self.best_assignment(p)
        self._check_assignment(p, colours)
        c = self.coll[p]
        t = self.table
        items = []
        for k in self.colours:
            j = 0
            for x in colours:
                if x == k:
                    j += 1
            if c[k] + j:
                items.append((t[c[k] + j], c[k] + j, k, j))
        items.sort(reverse=True)
        rows = []
        for i in range(len(items)):
            pts, n, k, j = items[i]
            rows.append((k, n - j, j, pts if i < 3 else -pts))
        total = 2 * c[PLUS2]
        for r in rows:
            total += r[3]
        return rows, 2 * c[PLUS2], total

    # -- actions -------------------------------------------------------------
    def legal_actions(self, player=None, now=0):
        if player is None:
            player = self.turn
        if self.phase == PHASE_OVER or player != self.turn:
            return []
        p = player
        if self.phase == PHASE_ASSIGN:
            out = []
            _multisets(self.colours, self.coll[p][JOKER], 0, [], p, out)
            return out
        out = []
        nrows = len(self.cap)
        if self.phase == PHASE_PLACE:
            for r in range(nrows):
                if self.row_open(r):
                    out.append((p, PLACE, r))
            return out
        if self.can_draw():
            out.append((p, DRAW))
        for r in range(nrows):
            if self.taker[r] < 0 and self.rows[r]:
                out.append((p, TAKE, r))
        return out

    def _check(self, action):
        """Raises IllegalAction with a message for a player if `action` is not allowed."""
        if not isinstance(action, tuple) or len(action) < 2:
            raise IllegalAction("an action is a tuple (player, kind, ...)")
        p = action[0]
        kind = action[1]
        n = self.num_players
        if self.phase == PHASE_OVER:
            raise IllegalAction("the game is over")
        if not isinstance(p, int) or not 0 <= p < n:
            raise IllegalAction("there is no player %r" % (p,))
        if kind not in (DRAW, PLACE, TAKE, ASSIGN):
            raise IllegalAction("unknown kind of action %r" % (kind,))
        if self.phase == PHASE_ASSIGN:
            if kind != ASSIGN:
                raise IllegalAction("the game is over: only joker colours are left to choose")
            if p != self.turn:
                raise IllegalAction("player %d chooses joker colours now, not player %d" % (
                    self.turn + 1, p + 1))
            self._check_assignment(p, action[2:])
            return
        if kind == ASSIGN:
            raise IllegalAction("jokers are assigned at the end of the game")
        if p != self.turn:
            if self.took[p] >= 0:
                raise IllegalAction("player %d took row %d and waits for the next round" % (
                    p + 1, self.took[p] + 1))
            raise IllegalAction("it is player %d's turn, not player %d's" % (self.turn + 1, p + 1))
        if kind == DRAW:
            if len(action) != 2:
                raise IllegalAction("draw takes no argument")
            if self.phase == PHASE_PLACE:
                raise IllegalAction("place the drawn card first")
            if not self.deck:
                raise IllegalAction("the deck is empty: take a row")
            if not self.open_rows():
                raise IllegalAction("no row has room for a card: take a row")
            return
        if len(action) != 3:
            raise IllegalAction("name one row")
        if kind == TAKE and self.phase == PHASE_PLACE:
            raise IllegalAction("place the drawn card first")
        r = action[2]
        nrows = len(self.cap)
        if not isinstance(r, int) or not 0 <= r < nrows:
            raise IllegalAction("there is no row %r (rows 1-%d)" % (
                r + 1 if isinstance(r, int) else r, nrows))
        if self.taker[r] >= 0:
            raise IllegalAction("row %d was taken by player %d this round" % (
                r + 1, self.taker[r] + 1))
        if kind == PLACE:
            if self.phase != PHASE_PLACE:
                raise IllegalAction("draw a card before placing one")
            if len(self.rows[r]) >= self.cap[r]:
                raise IllegalAction("row %d is full (%d card%s)" % (
                    r + 1, self.cap[r], "" if self.cap[r] == 1 else "s"))
            return
        if not self.rows[r]:
            raise IllegalAction("row %d is empty: only a row with cards can be taken" % (r + 1,))

    def apply(self, action):
        self._check(action)
        p = action[0]
        kind = action[1]
        if kind == DRAW:
            card = self.deck.pop()
            if card == LAST:
                self.last_round = True
                self.last_round_by = p
                card = self.deck.pop()
            self.drawn = card
            self.phase = PHASE_PLACE
        elif kind == PLACE:
            self.rows[action[2]].append(self.drawn)
            self.drawn = -1
            self.phase = PHASE_TURN
            self.turn = self._next_active(p)
        elif kind == TAKE:
            r = action[2]
            c = self.coll[p]
            for card in self.rows[r]:
                c[card] += 1
            self.rows[r] = []
            self.taker[r] = p
            self.took[p] = r
            nxt = self._next_active(p)
            if nxt < 0:
                self._end_round(p)
            else:
                self.turn = nxt
        else:
            self.assigned[p] = tuple(action[2:])
            self._next_assigner(p + 1)

    def _next_active(self, p):
        n = self.num_players
        for i in range(1, n + 1):
            q = (p + i) % n
            if self.took[q] < 0:
                return q
        return -1

    def _end_round(self, last_taker):
        for r in range(len(self.cap)):
            if self.rows[r]:
                self.discard.extend(self.rows[r])  # the 2-player third row
                self.rows[r] = []
        if self.last_round:
            self._next_assigner(0)
            return
        n = self.num_players
        if self.online:
            self.start = (self.start + 1) % n
        else:
            self.start = last_taker
        self.turn = self.start
        self.round_no += 1
        for r in range(len(self.cap)):
            self.taker[r] = -1
        for q in range(n):
            self.took[q] = -1

    def _next_assigner(self, p):
        while p < self.num_players:
            if self.coll[p][JOKER] and self.assigned[p] is None:
                self.phase = PHASE_ASSIGN
                self.turn = p
                return
            p += 1
        self.phase = PHASE_OVER

    def describe_action(self, action):
        p = action[0]
        kind = action[1]
        who = "Player %d" % (p + 1,)
        if kind == DRAW:
            return who + " draws a card"
        if kind == PLACE:
            card = CARD_NAMES[self.drawn] if self.drawn >= 0 else "the card"
            return "%s puts %s on row %d" % (who, card, action[2] + 1)
        if kind == TAKE:
            r = action[2]
            cards = self.rows[r] if 0 <= r < len(self.rows) else ()
            return "%s takes row %d (%s)" % (who, r + 1, ", ".join(CARD_NAMES[c] for c in cards))
        if kind == ASSIGN:
            return "%s counts jokers as %s" % (who, ", ".join(COLOURS[k] for k in action[2:]))
        return repr(action)

    # -- snapshots -------------------------------------------------------------
    def to_dict(self):
        return {"n": self.num_players, "seed": self.seed, "options": dict(self.options),
                "rng": self.rng.state, "deck": list(self.deck),
                "rows": [list(r) for r in self.rows], "taker": list(self.taker),
                "took": list(self.took), "coll": [list(c) for c in self.coll],
                "removed": list(self.removed), "discard": list(self.discard),
                "drawn": self.drawn, "start": self.start, "turn": self.turn,
                "round": self.round_no, "last": self.last_round, "last_by": self.last_round_by,
                "assigned": [None if a is None else list(a) for a in self.assigned],
                "phase": self.phase}

    @classmethod
    def from_dict(cls, d):
        s = cls(d["n"], d["seed"], d["options"])
        s.rng.state = d["rng"]
        s.deck = list(d["deck"])
        s.rows = [list(r) for r in d["rows"]]
        s.taker = list(d["taker"])
        s.took = list(d["took"])
        s.coll = [list(c) for c in d["coll"]]
        s.removed = list(d["removed"])
        s.colours = tuple(k for k in range(NCOL) if k not in s.removed)
        s.discard = list(d["discard"])
        s.drawn = d["drawn"]
        s.start = d["start"]
        s.turn = d["turn"]
        s.round_no = d["round"]
        s.last_round = d["last"]
        s.last_round_by = d["last_by"]
        s.assigned = [None if a is None else tuple(a) for a in d["assigned"]]
        s.phase = d["phase"]
        return s


def _multisets(colours, j, start, chosen, p, out):
    if j == 0:
        out.append((p, ASSIGN) + tuple(chosen))
        return
    for i in range(start, len(colours)):
        chosen.append(colours[i])
        _multisets(colours, j - 1, i, chosen, p, out)
        chosen.pop()

