"""Cubingos (Piatnik 2015): our die, the creatures, and the game as a State.

Rules: shared/rules/cubingos.md (the binding contract). Geometry (directions, the 24
orientations, cells, where faces meet) is in shared_rules.cubingos.geom; this module
holds the die design, the 16 cards and the game.

THE DIE. Each face carries four halves, one along each edge, drawn pointing across
that edge: a head (upper body, fur colour; upper-case letter) or a mouth (lower body
with legs, expression; lower-case letter). Unfolded, seen from outside, with the die
in orientation 0 (as the start die stands: "top" up, "front" facing -y):

                +-----------+
                |     B     |
                |Y   top   o|
                |     a     |
    +-----------+-----------+-----------+-----------+
    |     R     |     o     |     R     |     h     |
    |G   left  a|Y  front  s|h  right  B|o   back  R|
    |     s     |     G     |     a     |     G     |
    +-----------+-----------+-----------+-----------+
                |     s     |
                |Y  bottom h|
                |     B     |
                +-----------+

    heads (fur colour):     R red     Y yellow   G green   B blue
    mouths (expression):    h happy   s sad      a angry   o surprised

Each letter sits at the edge it points across (the top row of "front" is its edge
with "top", and so on). docs/cubingos_die.svg draws the same net in colour. DIE below
is the data (24 half codes, faces +x -x +y -y +z -z, on each face the edges toward the
other directions in increasing order, cubingos_geom.PERP); tests check the net, the
SVG and the rules file's constraints against it.

Design (tools/cubingos_design.py searched for it): 3 heads of each colour and 3 mouths
of each expression; every face has two heads of different colours on two adjacent
edges and two different mouths on the other two; each of the 16 creatures can be
formed in the first round against the start die alone, in 6 to 9 of the 96 (side,
orientation) placements.

Half codes: 0-3 a head of colour c, 4-7 a mouth of expression m (code 4 + m). A head
and a mouth meeting form creature (c, m) = card id 4*c + m: CARDS[id] == (c, m).

THE GAME. 13 dice (the start die at the origin in orientation 0, 12 white), 16 cards.
Each player holds one die; the rest are the supply. A round: a card is turned up and
every player holding a die races to place it so that the card's creature is formed
with the new die as one half. Positions are cells (x, y, z), z = 0 on the table.

The race on one device (hot seat). The round is split into legs: one leg per human
holding a die, in turn order from the round's starter (the player whose turn it is);
bots holding a die race in the first leg, alongside its human (a round without a human
has one leg of bots only). A leg starts with GO (the human's "ready, show the card"; a
bots-only leg is started by the system at once); everybody's time is measured from the
start of their own leg. The fastest correct placement over all legs wins the card;
ties go to the earlier player in turn order. A racer who can no longer win (slower than
the best so far, or past the optional time limit) is stopped by the system. The
structure does not change during a round: every leg races on the same structure, and
only the winner's die is added when the round ends.

Actions (tuples of small ints, the time in ms as the LAST item, never going back):

    (p, GO, t)                  p (the human of the waiting leg) starts the leg
    (SYSTEM, GO, t)             the system starts a bots-only leg
    (p, PLACE, x, y, z, o, t)   p places a die at cell (x, y, z) in orientation o (0-23).
                                An empty cell touching a die, standing on the table or a
                                die (z = 0 only in the first round), else IllegalAction
                                (not a wrong call). Forms the card's creature with the
                                new die: correct (the best so far); else wrong: the die
                                goes back, p sits out the rest of the round
    (p, PASS, t)                p gives up this round (sits out, nothing else happens)
    (SYSTEM, STOP, t)           nobody still racing in this leg can win any more: they
                                are stopped (status SLOW) and the leg ends
    (p, TAKE, x, y, z, t)       free_dice: the starter, holding no die while the supply
                                is empty, takes the free die at (x, y, z) (nothing on top,
                                not the start die) before the card is turned up
    (p, DECLINE, t)             ... or takes none

Round end: the winner's die joins the structure, the winner takes the card and a new
die from the supply (if any is left). With no correct placement the card goes under
the pile. The start passes to the next player each round (index + 1).

Our readings of the rules:
- "the first round" (z = 0 only) lasts until the first card is won;
- a player holding no die sits rounds out; the game ends (default) when all dice are
  placed (nobody holds a die) or no card is left; with free_dice, when no card is left;
- free_dice: only the round's starter takes, as the sheet says ("the player whose turn
  it is"), and only when holding no die; the start die is never taken;
- a game can stall on cards nobody can or will form: the game also ends when the pile
  has gone round twice with no card won and no die taken (2 x pile size failed rounds
  in a row; our addition, so every game ends);
- PASS and the time limit (option limit_ms, 0 = none) are our additions for the device.

Options (DEFAULT_OPTIONS):
    free_dice   False: end when all dice are placed or no card is left.
                True: the sheet's second ending (see above).
    humans      bit p set when player p is a human at this device (hot seat); the rest
                are bots. 0 (default): all bots, one leg per round.
    limit_ms    0: no time limit; else a racer still racing this many ms after the
                start of their leg is stopped.

For a UI (all positions as (x, y, z) tuples; a creature as (card, (x, y, z), F, G,
(x2, y2, z2), F2, G2): die 1's half on its world face F along the edge toward G meets
die 2's on F2 toward G2):
    Module: CARDS, card_name(id), COLOURS, COLOUR_RGB, EXPRESSIONS, HALF_LETTERS, DIE,
    half_name(h), creature(h1, h2), halves(o, f) (the four halves on world face f of a
    die in orientation o, along the edges toward cubingos_geom.PERP[f]). Geometry in
    cubingos_geom: turn(o, axis, k) for the ghost die's three turn keys, matrix(o),
    orient_of(up, front), DIR_VEC, PERP, N_ORIENT.
    The round: phase, card (current card id or -1; show it only after GO), pile (top
    last), starter, legs, leg, leg_owner() (the human whose leg it is, -1 for bots),
    leg_started(), leg_t0, elapsed_ms(now), time_left(p, now), can_act(p, now),
    status[p] (OUT, WAITING, RACING, CORRECT, WRONG, PASSED, SLOW), elapsed[p] and
    placed[p] (this round), best_result() -> (elapsed, player, (x, y, z), o) so far,
    last_round -> (card, winner or -1, elapsed, (x, y, z), o) of the round just ended.
    The structure: dice() -> (x, y, z, o, is_start) in placement order, die_at(x, y, z),
    visible_faces() -> (x, y, z, f, halves), creatures(), creatures_of(x, y, z).
    The ghost die: legal_cells(), placement_error(x, y, z) (None or why not),
    preview(x, y, z, o) (the creatures it would form, or None where it may not go:
    call it before applying a PLACE to show what was formed and whether the card
    was), matches(card) (every legal matching (x, y, z, o): hints), match_masks(card)
    ((x, y, z), 24-bit orientation mask; the compact form), free_dice().
    Players: holding[p], supply, won[p] (card ids), scores(), describe_action(a).
    legal_actions() lists every placement (hundreds of tuples: for fuzzers and
    RandomAgent); a screen should use legal_cells() and preview() instead.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

from shared_rules.game import (State, IllegalAction, SIMULTANEOUS, TERMINAL, SYSTEM,
                                check_shape)
from shared_rules.rng import Rng
from shared_rules.cubingos import geom as G
from shared_rules.cubingos.descriptor import CUBINGOS

COLOURS = ("red", "yellow", "green", "blue")
COLOUR_RGB = ((220, 50, 47), (240, 200, 30), (60, 170, 60), (40, 110, 220))
EXPRESSIONS = ("happy", "sad", "angry", "surprised")
HALF_LETTERS = "RYGBhsao"   # by half code: heads upper case, mouths lower case

# The 16 creatures = the 16 cards: card id 4*colour + expression.
CARDS = [(c, m) for c in range(4) for m in range(4)]

# The die: 24 half codes in slot order (faces +x, -x, +y, -y, +z, -z; edges per face
# toward PERP[f]). See the net in the module docstring.
DIE = bytes((3, 4, 0, 6, 2, 6, 0, 5, 7, 0, 4, 2, 5, 1, 7, 2, 7, 1, 3, 6, 4, 1, 3, 5))

# G.build_tables(DIE) as literals (not computed at import: a Cubingos opening is faster;
# tests/shared/test_cubingos_geom.py holds them to it). WH[o*36 + F*6 + G]: the half a
# die in orientation o shows at world slot (F, G); MASK[(F*6 + G)*8 + h]: bit o set when
# orientation o shows half h there.
WH = (b"\xff\xff\x03\x04\x00\x06\xff\xff\x02\x06\x00\x05\x07\x00\xff\xff\x04\x02"
      b"\x05\x01\xff\xff\x07\x02\x07\x01\x03\x06\xff\xff\x04\x01\x03\x05\xff\xff"
      b"\xff\xff\x06\x00\x03\x04\xff\xff\x05\x00\x02\x06\x04\x01\xff\xff\x03\x05"
      b"\x07\x01\xff\xff\x03\x06\x07\x00\x02\x04\xff\xff\x05\x01\x02\x07\xff\xff"
      b"\xff\xff\x03\x06\x01\x07\xff\xff\x03\x05\x01\x04\x04\x02\xff\xff\x00\x07"
      b"\x07\x02\xff\xff\x01\x05\x00\x05\x02\x06\xff\xff\x00\x06\x03\x04\xff\xff"
      b"\xff\xff\x05\x01\x07\x02\xff\xff\x07\x00\x04\x02\x04\x03\xff\xff\x00\x06"
      b"\x06\x02\xff\xff\x00\x05\x06\x03\x07\x01\xff\xff\x05\x03\x04\x01\xff\xff"
      b"\xff\xff\x04\x03\x06\x00\xff\xff\x06\x02\x05\x00\x05\x01\xff\xff\x02\x07"
      b"\x07\x00\xff\xff\x02\x04\x04\x01\x05\x03\xff\xff\x07\x01\x06\x03\xff\xff"
      b"\xff\xff\x02\x04\x00\x07\xff\xff\x02\x07\x01\x05\x03\x05\xff\xff\x01\x04"
      b"\x03\x06\xff\xff\x01\x07\x02\x06\x05\x00\xff\xff\x03\x04\x06\x00\xff\xff"
      b"\xff\xff\x07\x01\x03\x06\xff\xff\x04\x01\x03\x05\x00\x06\xff\xff\x03\x04"
      b"\x00\x05\xff\xff\x02\x06\x04\x02\x07\x00\xff\xff\x07\x02\x05\x01\xff\xff"
      b"\xff\xff\x02\x06\x05\x00\xff\xff\x03\x04\x06\x00\x00\x07\xff\xff\x02\x04"
      b"\x01\x05\xff\xff\x02\x07\x01\x04\x03\x05\xff\xff\x01\x07\x03\x06\xff\xff"
      b"\xff\xff\x07\x02\x01\x05\xff\xff\x04\x02\x00\x07\x06\x03\xff\xff\x01\x07"
      b"\x05\x03\xff\xff\x01\x04\x06\x02\x00\x05\xff\xff\x04\x03\x00\x06\xff\xff"
      b"\xff\xff\x02\x07\x05\x01\xff\xff\x02\x04\x07\x00\x05\x03\xff\xff\x04\x01"
      b"\x06\x03\xff\xff\x07\x01\x04\x03\x06\x00\xff\xff\x06\x02\x05\x00\xff\xff"
      b"\xff\xff\x06\x02\x00\x05\xff\xff\x04\x03\x00\x06\x01\x05\xff\xff\x07\x02"
      b"\x00\x07\xff\xff\x04\x02\x01\x07\x06\x03\xff\xff\x01\x04\x05\x03\xff\xff"
      b"\xff\xff\x00\x06\x04\x03\xff\xff\x00\x05\x06\x02\x07\x01\xff\xff\x06\x03"
      b"\x04\x01\xff\xff\x05\x03\x05\x01\x07\x02\xff\xff\x07\x00\x04\x02\xff\xff"
      b"\xff\xff\x05\x03\x01\x04\xff\xff\x06\x03\x01\x07\x02\x07\xff\xff\x01\x05"
      b"\x02\x04\xff\xff\x00\x07\x05\x00\x06\x02\xff\xff\x06\x00\x04\x03\xff\xff"
      b"\xff\xff\x07\x00\x02\x04\xff\xff\x05\x01\x02\x07\x03\x04\xff\xff\x06\x00"
      b"\x02\x06\xff\xff\x05\x00\x03\x05\x04\x01\xff\xff\x03\x06\x07\x01\xff\xff"
      b"\xff\xff\x05\x00\x06\x02\xff\xff\x06\x00\x04\x03\x01\x04\xff\xff\x05\x03"
      b"\x01\x07\xff\xff\x06\x03\x01\x05\x02\x07\xff\xff\x00\x07\x02\x04\xff\xff"
      b"\xff\xff\x06\x03\x07\x01\xff\xff\x05\x03\x04\x01\x07\x02\xff\xff\x05\x01"
      b"\x04\x02\xff\xff\x07\x00\x00\x06\x04\x03\xff\xff\x00\x05\x06\x02\xff\xff"
      b"\xff\xff\x00\x05\x02\x06\xff\xff\x00\x06\x03\x04\x01\x07\xff\xff\x03\x06"
      b"\x01\x04\xff\xff\x03\x05\x00\x07\x04\x02\xff\xff\x01\x05\x07\x02\xff\xff"
      b"\xff\xff\x03\x05\x04\x01\xff\xff\x03\x06\x07\x01\x02\x04\xff\xff\x07\x00"
      b"\x02\x07\xff\xff\x05\x01\x06\x00\x03\x04\xff\xff\x05\x00\x02\x06\xff\xff"
      b"\xff\xff\x01\x05\x02\x07\xff\xff\x00\x07\x02\x04\x06\x02\xff\xff\x05\x00"
      b"\x04\x03\xff\xff\x06\x00\x05\x03\x01\x04\xff\xff\x06\x03\x01\x07\xff\xff"
      b"\xff\xff\x00\x07\x04\x02\xff\xff\x01\x05\x07\x02\x02\x06\xff\xff\x00\x05"
      b"\x03\x04\xff\xff\x00\x06\x03\x06\x01\x07\xff\xff\x03\x05\x01\x04\xff\xff"
      b"\xff\xff\x04\x01\x05\x03\xff\xff\x07\x01\x06\x03\x06\x00\xff\xff\x04\x03"
      b"\x05\x00\xff\xff\x06\x02\x02\x07\x05\x01\xff\xff\x02\x04\x07\x00\xff\xff"
      b"\xff\xff\x04\x02\x07\x00\xff\xff\x07\x02\x05\x01\x03\x06\xff\xff\x07\x01"
      b"\x03\x05\xff\xff\x04\x01\x03\x04\x00\x06\xff\xff\x02\x06\x00\x05\xff\xff"
      b"\xff\xff\x01\x07\x06\x03\xff\xff\x01\x04\x05\x03\x00\x05\xff\xff\x06\x02"
      b"\x00\x06\xff\xff\x04\x03\x07\x02\x01\x05\xff\xff\x04\x02\x00\x07\xff\xff"
      b"\xff\xff\x01\x04\x03\x05\xff\xff\x01\x07\x03\x06\x05\x00\xff\xff\x02\x06"
      b"\x06\x00\xff\xff\x03\x04\x02\x04\x00\x07\xff\xff\x02\x07\x01\x05\xff\xff")
MASK = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 591872, 12845056, 672, 131077,
        3145744, 20488, 33794, 8512, 24578, 1048648, 2098432, 36880, 8388641, 458752,
        2180, 4719104, 1057, 4356, 335872, 8388674, 657408, 1049216, 4210704, 2129928,
        2097296, 164352, 540680, 5244928, 12290, 8389888, 65601, 262180, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 329728, 13107200, 545, 131204, 1344, 40962,
        20496, 3145736, 16394, 1056832, 2097424, 37888, 4194944, 526340, 196609,
        8650784, 1281, 4132, 270338, 8454208, 49160, 6291472, 1050752, 655872, 656,
        2260992, 526344, 5259264, 327684, 97, 8389634, 12544, 4194496, 82944, 659456,
        2105376, 14, 8389136, 1310976, 34817, 9437185, 2066, 294916, 776, 155648,
        4195360, 2621504, 69760, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 524300,
        4384, 8388752, 65602, 1049089, 311296, 4204544, 2229248, 401408, 2130432,
        4195329, 1067008, 224, 528386, 8454152, 276, 4195392, 82048, 143360, 2621472,
        296960, 1048833, 8389128, 22, 9437200, 2051, 32780, 262912, 593920, 2097344,
        4202528, 148480, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 528392, 292,
        208, 8454146, 6292480, 141312, 1327104, 33281, 303104, 2228736, 1049601,
        4212736, 8388880, 65548, 524354, 4256, 98308, 17536, 9437216, 2629632, 592,
        268288, 131336, 4194307, 135170, 2065, 4194624, 262664, 10485888, 24580, 557088,
        1115136, 10486016, 4980736, 16390, 131201, 106496, 1048624, 5632, 2120, 608,
        1056776, 71680, 33808, 393218, 4194688, 2097157, 8929280, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 49156, 66688, 11534336, 532512, 4194561, 131082,
        266752, 2128, 137216, 19, 4194880, 262408, 1049632, 622592, 2105348, 8405120,
        6291712, 9175040, 147458, 133, 6152, 1600, 32816, 1122304, 1049120, 8264,
        100352, 5136, 540676, 10485761, 131456, 4456450, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0]

START_CELL = G.ORIGIN
N_DICE = 13

# Action kinds.
GO = 1
PLACE = 2
PASS = 3
STOP = 4
TAKE = 5
DECLINE = 6
_ACTION_LEN = const((0, 3, 7, 3, 3, 6, 3))
KIND_NAMES = ("?", "go", "place", "pass", "stop", "take", "decline")

# Phases.
RACE = 0
TAKING = 1
OVER = 2
_PHASE_NAMES = const(("race", "taking", "over"))

# A player's status in the current round.
OUT = 0       # holds no die: not in this round
WAITING = 1   # in a later leg (or the first, not started yet)
RACING = 2
CORRECT = 3
WRONG = 4
PASSED = 5
SLOW = 6      # stopped: can no longer win, or the time limit ran out
_STATUS_NAMES = const(("out", "waiting", "racing", "correct", "wrong", "passed", "slow"))


def card_name(k):
    return "%s %s" % (COLOURS[k >> 2], EXPRESSIONS[k & 3])


def half_name(h):
    if h < 4:
        return "%s head" % COLOURS[h]
    return "%s mouth" % EXPRESSIONS[h - 4]


def creature(h1, h2):
    """The card id two meeting halves form, or -1 (head-head, mouth-mouth)."""
    if (h1 ^ h2) & 4:
        return (h1 if h1 < h2 else h2) * 4 + (h1 if h1 > h2 else h2) - 4
    return -1


def halves(o, f):
    """The four halves on world face f of a die in orientation o (edges toward PERP[f])."""
    b = o * 36 + f * 6
    return tuple(WH[b + g] for g in G.PERP[f])


def _check_options(o, n):
    if o["free_dice"] is not True and o["free_dice"] is not False:
        raise ValueError("option free_dice must be true or false, not %r" % (o["free_dice"],))
    h = o["humans"]
    if not isinstance(h, int) or isinstance(h, bool) or not 0 <= h < (1 << n):
        raise ValueError("option humans is a bit mask of players 0-%d, not %r" % (n - 1, h))
    m = o["limit_ms"]
    if not isinstance(m, int) or isinstance(m, bool) or m < 0:
        raise ValueError("option limit_ms must be an int >= 0, not %r" % (m,))


class CubingosState(State):
    NAME = CUBINGOS.id  # its id, title and player counts: shared_rules/cubingos/descriptor.py
    TITLE = CUBINGOS.title
    MIN_PLAYERS, MAX_PLAYERS = CUBINGOS.players
    DEFAULT_OPTIONS = {"free_dice": False, "humans": 0, "limit_ms": 0}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        _check_options(self.options, num_players)
        n = num_players
        self.rng = Rng(seed)
        self.pile = list(range(16))
        self.rng.shuffle(self.pile)          # the top card is the last one
        self.card = -1
        self.occ = {START_CELL: 0}           # cell -> orientation
        self.order = [START_CELL]            # cells in placement order
        self.supply = N_DICE - 1 - n
        self.holding = [True] * n
        self.won = [[] for _ in range(n)]
        self.starter = 0
        self.rounds = 0                      # rounds finished
        self.fails = 0                       # failed rounds in a row (no win, no take)
        self.phase = RACE
        self.t = 0
        self.phase_t0 = 0                    # when the current wait (a leg, a take) began
        self.legs = []
        self.leg = 0
        self.leg_t0 = -1
        self.status = [OUT] * n
        self.elapsed = [-1] * n
        self.placed = [None] * n
        self.best = None                     # [elapsed, pos, player, cell, o]
        self.last_round = None
        self._start_round()

    # -- round mechanics -----------------------------------------------------------
    def _human(self, p):
        return (self.options["humans"] >> p) & 1

    def _pos(self, p):
        return (p - self.starter) % self.num_players

    def _first_round(self):
        for w in self.won:
            if w:
                return False
        return True

    def _over_now(self):
        if not self.pile or self.fails >= 2 * len(self.pile):
            return True
        if True in self.holding:
            return False
        if not self.options["free_dice"]:
            return True
        return not G.free_cells(self.occ, START_CELL)

    def _start_round(self):
        """Starts rounds until one waits for a player (or the game is over)."""
        while True:
            self.phase_t0 = self.t
            self.card = -1
            if self._over_now():
                self.phase = OVER
                return
            s = self.starter
            if self.options["free_dice"] and self.supply == 0 and not self.holding[s] \
                    and G.free_cells(self.occ, START_CELL):
                self.phase = TAKING
                return
            if self._reveal():
                return
            self.starter = (self.starter + 1) % self.num_players

    def _reveal(self):
        """Turns up a card; False (and the round is over) when nobody can race."""
        n = self.num_players
        self.card = self.pile.pop()
        self.best = None
        self.leg = 0
        self.leg_t0 = -1
        self.elapsed = [-1] * n
        self.placed = [None] * n
        legs = []
        for k in range(n):
            p = (self.starter + k) % n
            self.status[p] = WAITING if self.holding[p] else OUT
            if self.holding[p] and self._human(p):
                legs.append(p)
        self.legs = legs or [-1]
        self.phase = RACE
        if WAITING not in self.status:
            self._finish_round()
            return False
        return True

    def _go(self):
        """Starts the current leg at self.t."""
        self.leg_t0 = self.t
        owner = self.legs[self.leg]
        for p in range(self.num_players):
            if self.status[p] == WAITING and (p == owner or (
                    self.leg == 0 and not self._human(p))):
                self.status[p] = RACING

    def _end_leg_if_done(self):
        if RACING in self.status:
            return
        self.leg += 1
        if self.leg < len(self.legs):
            self.leg_t0 = -1
            self.phase_t0 = self.t
            return
        self._finish_round()
        self.starter = (self.starter + 1) % self.num_players
        self._start_round()

    def _finish_round(self):
        card = self.card
        b = self.best
        if b is not None:
            e, pos, w, c, o = b
            self.occ[c] = o
            self.order.append(c)
            self.won[w].append(card)
            self.holding[w] = False
            if self.supply > 0:
                self.supply -= 1
                self.holding[w] = True
            self.fails = 0
            self.last_round = (card, w, e, G.xyz(c), o)
        else:
            self.pile.insert(0, card)
            self.fails += 1
            self.last_round = (card, -1, -1, None, -1)
        self.rounds += 1
        self.card = -1

    def _can_win(self, p, t):
        e = t - self.leg_t0
        lim = self.options["limit_ms"]
        if lim and e >= lim:
            return False
        b = self.best
        if b is not None and (e > b[0] or (e == b[0] and self._pos(p) > b[1])):
            return False
        return True

    def _stop_due(self, t):
        if self.phase != RACE or self.leg_t0 < 0 or t < self.t:
            return False
        racing = False
        for p in range(self.num_players):
            if self.status[p] == RACING:
                racing = True
                if self._can_win(p, t):
                    return False
        return racing

    # -- the interface ----------------------------------------------------------------
    def current_player(self):
        if self.phase == OVER:
            return TERMINAL
        if self.phase == TAKING:
            return self.starter
        if self.leg_t0 < 0:
            return self.legs[self.leg] if self.legs[self.leg] >= 0 else SIMULTANEOUS
        return SIMULTANEOUS

    def actors(self):
        if self.phase == OVER:
            return ()
        if self.phase == TAKING:
            return (self.starter,)
        if self.leg_t0 < 0:
            o = self.legs[self.leg]
            return (o,) if o >= 0 else ()
        n = self.num_players
        out = []
        for k in range(n):
            p = (self.starter + k) % n
            if self.status[p] == RACING:
                out.append(p)
        return tuple(out)

    def is_terminal(self):
        return self.phase == OVER

    def scores(self):
        return [len(w) for w in self.won]

    def can_act(self, p, now):
        """True when p may place or pass now (racing, and still able to win)."""
        return (self.phase == RACE and self.leg_t0 >= 0 and now >= self.t
                and 0 <= p < self.num_players and self.status[p] == RACING
                and self._can_win(p, now))

    def legal_actions(self, player=None, now=0):
        if player is None:
            player = self.current_player()
        p = player
        if self.phase == OVER or not isinstance(p, int) or not 0 <= p < self.num_players \
                or now < self.t:
            return []
        if self.phase == TAKING:
            if p != self.starter:
                return []
            acts = []
            for c in G.free_cells(self.occ, START_CELL):
                x, y, z = G.xyz(c)
                acts.append((p, TAKE, x, y, z, now))
            acts.append((p, DECLINE, now))
            return acts
        if self.leg_t0 < 0:
            return [(p, GO, now)] if self.legs[self.leg] == p else []
        if not self.can_act(p, now):
            return []
        acts = []
        for c in G.legal_cells(self.occ, self._first_round()):
            x, y, z = G.xyz(c)
            for o in range(G.N_ORIENT):
                acts.append((p, PLACE, x, y, z, o, now))
        acts.append((p, PASS, now))
        return acts

    def system_action(self, now):
        if self.phase != RACE or now < self.t:
            return None
        if self.leg_t0 < 0:
            if self.legs[self.leg] < 0:
                return (SYSTEM, GO, now)
            return None
        if self._stop_due(now):
            return (SYSTEM, STOP, now)
        return None

    def next_event_time(self):
        if self.phase != RACE:
            return None
        if self.leg_t0 < 0:
            return self.t if self.legs[self.leg] < 0 else None
        due = None
        lim = self.options["limit_ms"]
        if lim:
            due = self.leg_t0 + lim
        b = self.best
        if b is not None:
            t = self.leg_t0 + b[0]
            for p in range(self.num_players):
                if self.status[p] == RACING and self._pos(p) < b[1]:
                    t += 1
                    break
            if due is None or t < due:
                due = t
        if due is not None and due < self.t:
            due = self.t
        return due

    def apply(self, action):
        a = self._check(action)
        p = a[0]
        kind = a[1]
        self.t = a[-1]
        if kind == GO:
            self._go()
        elif kind == PLACE:
            c = G.cell(a[2], a[3], a[4])
            o = a[5]
            e = self.t - self.leg_t0
            self.elapsed[p] = e
            self.placed[p] = (a[2], a[3], a[4], o)
            if self._forms(c, o, self.card):
                self.status[p] = CORRECT
                self.best = [e, self._pos(p), p, c, o]
            else:
                self.status[p] = WRONG
            self._end_leg_if_done()
        elif kind == PASS:
            self.status[p] = PASSED
            self._end_leg_if_done()
        elif kind == STOP:
            for q in range(self.num_players):
                if self.status[q] == RACING:
                    self.status[q] = SLOW
            self._end_leg_if_done()
        elif kind == TAKE:
            c = G.cell(a[2], a[3], a[4])
            del self.occ[c]
            self.order.remove(c)
            self.holding[p] = True
            self.fails = 0
            if not self._reveal():
                self.starter = (self.starter + 1) % self.num_players
                self._start_round()
        elif kind == DECLINE:
            if not self._reveal():
                self.starter = (self.starter + 1) % self.num_players
                self._start_round()

    def _forms(self, c, o, card):
        out = G.match_masks(self.occ, (c,), WH, MASK, card >> 2, 4 + (card & 3), [])
        return bool(out) and (out[0][1] >> o) & 1 == 1

    def placement_error(self, x, y, z):
        """Why a die may not go to (x, y, z) now, or None when it may."""
        if not G.in_bounds(x, y, z):
            if z < 0:
                return "(%d, %d, %d) is under the table" % (x, y, z)
            return "(%d, %d, %d) is outside the play area" % (x, y, z)
        c = G.cell(x, y, z)
        if c in self.occ:
            return "(%d, %d, %d) already holds a die" % (x, y, z)
        if not G.touches(self.occ, c):
            return "(%d, %d, %d) touches no die: a die goes face to face with one" % (x, y, z)
        if z > 0 and self._first_round():
            return "first round: place the die on the table, beside the start die"
        if not G.supported(self.occ, c):
            return "(%d, %d, %d) would float: there is no die under it" % (x, y, z)
        return None

    def _check(self, action):
        a = check_shape(action, _ACTION_LEN, KIND_NAMES)
        p = a[0]
        kind = a[1]
        t = a[-1]
        if self.phase == OVER:
            raise IllegalAction("the game is over")
        if t < self.t:
            raise IllegalAction("time goes backwards: %d is before %d" % (t, self.t))
        if p == SYSTEM:
            if kind == GO:
                if self.phase != RACE or self.leg_t0 >= 0 or self.legs[self.leg] >= 0:
                    raise IllegalAction("the system starts only a bots-only leg")
                return a
            if kind == STOP:
                if not self._stop_due(t):
                    raise IllegalAction("somebody can still win at %d: no stop" % (t,))
                return a
            raise IllegalAction("the system only starts legs and stops racers")
        if not 0 <= p < self.num_players:
            raise IllegalAction("no player %r" % (p,))
        if kind == STOP:
            raise IllegalAction("only the system stops racers")
        if kind == TAKE or kind == DECLINE:
            if self.phase != TAKING:
                raise IllegalAction("dice are taken from the structure only at the "
                                    "start of a round, with the supply empty (free_dice)")
            if p != self.starter:
                raise IllegalAction("player %d takes a die now, not player %d" % (
                    self.starter, p))
            if kind == TAKE:
                x, y, z = a[2], a[3], a[4]
                if not G.in_bounds(x, y, z):
                    raise IllegalAction("no die at (%d, %d, %d)" % (x, y, z))
                c = G.cell(x, y, z)
                if c == START_CELL:
                    raise IllegalAction("the start die stays in place")
                if c not in self.occ:
                    raise IllegalAction("no die at (%d, %d, %d)" % (x, y, z))
                if (c + G.UP) in self.occ:
                    raise IllegalAction("the die at (%d, %d, %d) is not free: a die "
                                        "stands on it" % (x, y, z))
            return a
        if self.phase == TAKING:
            raise IllegalAction("player %d is taking a die first" % self.starter)
        if kind == GO:
            if self.leg_t0 >= 0:
                raise IllegalAction("the leg has started already")
            if self.legs[self.leg] != p:
                raise IllegalAction("it is not player %d's turn to start" % p)
            return a
        # PLACE, PASS
        if self.leg_t0 < 0:
            raise IllegalAction("the leg has not started: GO first")
        st = self.status[p]
        if st != RACING:
            if st == WAITING:
                raise IllegalAction("player %d races in a later leg" % p)
            raise IllegalAction("player %d is not racing in this round (%s)" % (
                p, _STATUS_NAMES[st]))
        if not self._can_win(p, t):
            raise IllegalAction("too late: player %d can no longer win this round" % p)
        if kind == PLACE:
            err = self.placement_error(a[2], a[3], a[4])
            if err is not None:
                raise IllegalAction(err)
            if not 0 <= a[5] < G.N_ORIENT:
                raise IllegalAction("orientation %d is not 0-23" % a[5])
        return a

    # -- plain-data snapshot -------------------------------------------------------------
    def to_dict(self):
        n = self.num_players
        return {
            "game": self.NAME, "num_players": n, "seed": self.seed,
            "options": dict(self.options), "rng": self.rng.state,
            "pile": list(self.pile), "card": self.card,
            "dice": [list(G.xyz(c)) + [self.occ[c]] for c in self.order],
            "supply": self.supply, "holding": list(self.holding),
            "won": [list(w) for w in self.won], "starter": self.starter,
            "rounds": self.rounds, "fails": self.fails, "phase": self.phase,
            "t": self.t, "phase_t0": self.phase_t0, "legs": list(self.legs),
            "leg": self.leg, "leg_t0": self.leg_t0, "status": list(self.status),
            "elapsed": list(self.elapsed),
            "placed": [None if x is None else list(x) for x in self.placed],
            "best": None if self.best is None else list(self.best),
            "last_round": None if self.last_round is None else [
                self.last_round[0], self.last_round[1], self.last_round[2],
                None if self.last_round[3] is None else list(self.last_round[3]),
                self.last_round[4]],
        }

    @classmethod
    def from_dict(cls, data):
        if data.get("game", cls.NAME) != cls.NAME:
            raise ValueError("not a %s snapshot" % cls.NAME)
        s = cls(data["num_players"], data["seed"], data["options"])
        n = s.num_players
        s.rng.state = data["rng"]
        s.pile = list(data["pile"])
        s.card = data["card"]
        s.occ = {}
        s.order = []
        for d in data["dice"]:
            c = G.cell(d[0], d[1], d[2])
            s.occ[c] = d[3]
            s.order.append(c)
        s.supply = data["supply"]
        s.holding = [bool(h) for h in data["holding"]]
        s.won = [list(w) for w in data["won"]]
        if len(s.holding) != n or len(s.won) != n:
            raise ValueError("snapshot has the wrong number of players")
        s.starter = data["starter"]
        s.rounds = data["rounds"]
        s.fails = data["fails"]
        s.phase = data["phase"]
        s.t = data["t"]
        s.phase_t0 = data["phase_t0"]
        s.legs = list(data["legs"])
        s.leg = data["leg"]
        s.leg_t0 = data["leg_t0"]
        s.status = list(data["status"])
        s.elapsed = list(data["elapsed"])
        s.placed = [None if x is None else tuple(x) for x in data["placed"]]
        s.best = None if data["best"] is None else list(data["best"])
        lr = data["last_round"]
        s.last_round = None if lr is None else (
            lr[0], lr[1], lr[2], None if lr[3] is None else tuple(lr[3]), lr[4])
        return s

    # -- what a UI (and the bots) need ------------------------------------------------------
    def leg_owner(self):
        """The human whose leg is current (waiting for GO or racing), -1 for bots only."""
        if self.phase != RACE:
            return -1
        return self.legs[self.leg]

    def leg_started(self):
        return self.phase == RACE and self.leg_t0 >= 0

    def elapsed_ms(self, now):
        """Time since the current leg started (0 before GO)."""
        return now - self.leg_t0 if self.leg_started() else 0

    def time_left(self, p, now):
        """ms p has left to win this round (the best time so far or the limit), or None
        when nothing bounds it."""
        if not self.leg_started():
            return None
        e = now - self.leg_t0
        left = None
        lim = self.options["limit_ms"]
        if lim:
            left = lim - e
        b = self.best
        if b is not None:
            x = b[0] - e + (1 if self._pos(p) < b[1] else 0)
            if left is None or x < left:
                left = x
        if left is not None and left < 0:
            left = 0
        return left

    def best_result(self):
        """(elapsed, player, (x, y, z), o) of the best correct placement this round."""
        b = self.best
        if b is None:
            return None
        return (b[0], b[2], G.xyz(b[3]), b[4])

    def dice(self):
        """(x, y, z, o, is_start) of every die in the structure, in placement order."""
        out = []
        for c in self.order:
            x, y, z = G.xyz(c)
            out.append((x, y, z, self.occ[c], c == START_CELL))
        return out

    def die_at(self, x, y, z):
        """The orientation of the die at (x, y, z), or None."""
        if not G.in_bounds(x, y, z):
            return None
        return self.occ.get(G.cell(x, y, z))

    def visible_faces(self):
        """(x, y, z, f, halves) for every visible die face: world direction f, the four
        halves along the edges toward PERP[f]."""
        out = []
        occ = self.occ
        for c in self.order:
            o = occ[c]
            x, y, z = G.xyz(c)
            for f in range(6):
                n = c + G.DIR_OFF[f]
                if n >= 0 and n not in occ:
                    out.append((x, y, z, f, halves(o, f)))
        return out

    def _creature_list(self, occ, c, o, skip=None):
        out = []
        for s, pc, ps in G.meetings(occ, c):
            if skip is not None and pc in skip:
                continue
            k = creature(WH[o * 36 + s], WH[occ[pc] * 36 + ps])
            if k >= 0:
                out.append((k, G.xyz(c), s // 6, s % 6, G.xyz(pc), ps // 6, ps % 6))
        return out

    def creatures(self):
        """Every creature formed in the structure, once each:
        (card, (x, y, z), F, G, (x2, y2, z2), F2, G2): die 1's halve on its face F along
        the edge toward G meets die 2's on face F2 toward G2."""
        out = []
        done = set()
        for c in self.order:
            out += self._creature_list(self.occ, c, self.occ[c], done)
            done.add(c)
        return out

    def creatures_of(self, x, y, z):
        """The creatures the die at (x, y, z) forms with its neighbours."""
        c = G.cell(x, y, z)
        if c not in self.occ:
            return []
        return self._creature_list(self.occ, c, self.occ[c])

    def preview(self, x, y, z, o):
        """The creatures a die at (x, y, z) in orientation o would form (same tuples as
        creatures()), or None when the cell is not legal now."""
        if self.placement_error(x, y, z) is not None or not 0 <= o < G.N_ORIENT:
            return None
        return self._creature_list(self.occ, G.cell(x, y, z), o)

    def legal_cells(self):
        return [G.xyz(c) for c in G.legal_cells(self.occ, self._first_round())]

    def match_masks(self, card=None):
        """[((x, y, z), mask)] for every legal cell where some orientation forms `card`
        (default: the current card): bit o of mask set when orientation o does."""
        if card is None:
            card = self.card
        if card < 0:
            return []
        out = G.match_masks(self.occ, G.legal_cells(self.occ, self._first_round()),
                            WH, MASK, card >> 2, 4 + (card & 3), [])
        return [(G.xyz(c), m) for c, m in out]

    def matches(self, card=None):
        """Every legal placement (x, y, z, o) forming `card` (default: the current one)."""
        out = []
        for (x, y, z), m in self.match_masks(card):
            for o in range(G.N_ORIENT):
                if (m >> o) & 1:
                    out.append((x, y, z, o))
        return out

    def free_dice(self):
        """(x, y, z) of the dice that may be taken (free_dice): nothing on top, not the
        start die."""
        return [G.xyz(c) for c in G.free_cells(self.occ, START_CELL)]

    def describe_action(self, action):
        a = tuple(action)
        kind = a[1] if len(a) > 1 and 0 < a[1] < len(KIND_NAMES) else 0
        who = "system" if a[0] == SYSTEM else "P%d" % (a[0] + 1)
        if kind == PLACE:
            return "%s places at (%d, %d, %d) turned %d" % (who, a[2], a[3], a[4], a[5])
        if kind == TAKE:
            return "%s takes the die at (%d, %d, %d)" % (who, a[2], a[3], a[4])
        return "%s: %s" % (who, KIND_NAMES[kind])
