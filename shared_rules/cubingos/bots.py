"""Cubingos bots: three levels racing on the game's virtual clock.

    bot = CubingosBot("hard", seed)        # or make_bot(level, seed); bots_for(levels, seed)
    action = bot.act(state, player, now)   # None while it is still "looking"

When its leg starts, a bot looks at the card once: it lists every legal placement that
forms the card (CubingosState.match_masks) and decides, from its own Rng, how long it
will take and whether it will slip. Then it answers None until that time has passed
on the game's clock (measured from the start of the leg), and places:
- right: a placement chosen at random among all the matching ones;
- wrong (with the level's error chance): a legal placement that does not form the card;
- or, when no placement can form the card, it gives up (PASS) after `give_up` ms.

Think time = think + per_cell * (legal cells) + rare / (cells where the card can be
formed), then +- jitter percent: a bigger structure takes longer to scan, and a card
with few ways to form it takes longer to find. Integers only, so a bot decides alike on
every port. In the free_dice variant a bot that must take a die takes a random free one
after `take` ms. A bot never acts once it can no longer win (state.can_act).
"""

from shared_rules.rng import Rng
from shared_rules.cubingos import rules as C

LEVELS = ("easy", "medium", "hard")

# Times in ms; jitter and error in percent.
PARAMS = {
    "easy": {"think": 9000, "per_cell": 250, "rare": 8000, "jitter": 35, "error": 20,
             "give_up": 30000, "take": 1500},
    "medium": {"think": 5500, "per_cell": 150, "rare": 5000, "jitter": 30, "error": 8,
               "give_up": 20000, "take": 1000},
    "hard": {"think": 2500, "per_cell": 80, "rare": 2500, "jitter": 20, "error": 2,
             "give_up": 12000, "take": 600},
}


class CubingosBot:
    """A Cubingos player of level 'easy', 'medium' or 'hard'."""

    def __init__(self, level="medium", seed=0):
        if level not in PARAMS:
            raise ValueError("unknown bot level %r (easy, medium, hard)" % (level,))
        self.level = level
        self.par = PARAMS[level]
        self.rng = Rng(seed)
        self._key = None
        self._due = 0
        self._action = None

    def _jitter(self, base):
        j = base * self.par["jitter"] // 100
        if j > 0:
            base += self.rng.randint(-j, j)
        return base

    def act(self, state, player, now):
        p = player
        if state.phase == C.TAKING:
            if state.starter != p:
                return None
            key = (1, state.rounds)
            if key != self._key:
                self._key = key
                free = state.free_dice()
                self._due = state.phase_t0 + self._jitter(self.par["take"])
                if free:
                    x, y, z = self.rng.choice(free)
                    self._action = (C.TAKE, x, y, z)
                else:
                    self._action = (C.DECLINE,)
            if now < self._due:
                return None
            return (p,) + self._action + (now,)
        if not state.can_act(p, now):
            return None
        key = (0, state.rounds, state.leg)
        if key != self._key:
            self._key = key
            self._plan(state, p)
        if now < self._due:
            return None
        return (p,) + self._action + (now,)

    def will_look(self, state, p, now):
        """True when act() would look at the card now: the costly call (the matcher), so
        a screen can let one bot look per frame (the look's timing is from the start of
        the leg, so looking a frame later changes nothing)."""
        return (state.phase != C.TAKING and state.can_act(p, now)
                and self._key != (0, state.rounds, state.leg))

    def _plan(self, state, p):
        """Looks at the card once per leg: the action and when it is due."""
        par = self.par
        rng = self.rng
        masks = state.match_masks()
        cells = state.legal_cells()
        wrong = rng.below(100) < par["error"]
        if masks and not wrong:
            think = par["think"] + par["per_cell"] * len(cells) + par["rare"] // len(masks)
            total = 0
            for _, m in masks:
                total += _bits(m)
            k = rng.below(total)
            for (x, y, z), m in masks:
                n = _bits(m)
                if k < n:
                    o = _nth_bit(m, k)
                    self._action = (C.PLACE, x, y, z, o)
                    break
                k -= n
        elif wrong:
            think = par["think"] + par["per_cell"] * len(cells)
            self._action = self._wrong(masks, cells)
        else:
            think = par["give_up"]
            self._action = (C.PASS,)
        self._due = state.leg_t0 + self._jitter(think)

    def _wrong(self, masks, cells):
        """A random legal placement that does not form the card."""
        good = {}
        for xyz, m in masks:
            good[xyz] = m
        while True:
            x, y, z = self.rng.choice(cells)
            m = good.get((x, y, z), 0)
            if m == 0xFFFFFF:
                continue
            while True:
                o = self.rng.below(24)
                if not (m >> o) & 1:
                    return (C.PLACE, x, y, z, o)


def _bits(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def _nth_bit(m, k):
    o = 0
    while True:
        if (m >> o) & 1:
            if k == 0:
                return o
            k -= 1
        o += 1


def make_bot(level, seed=0):
    return CubingosBot(level, seed)


def bots_for(levels, seed=0):
    """One bot per level name, seeded from forks of Rng(seed)."""
    r = Rng(seed)
    return [CubingosBot(lv, r.fork().state) for lv in levels]
