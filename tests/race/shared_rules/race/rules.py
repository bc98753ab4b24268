"""Race, the tests' game: 2-4 players race to a goal (20 points by default) by rolling a
die, with a real-time twist (a player who has not acted for 3 s passes automatically).

On your turn roll (ROLL) as often as you like, each roll adding its face to the pot; a 1
empties the pot and passes the die. Hold (HOLD) to bank the pot and pass. Actions are
(player, kind, t): t the game time in ms, never going back.
"""
from shared_rules.game import State, IllegalAction, SYSTEM, TERMINAL
from shared_rules.rng import Rng
from .descriptor import RACE  # relative: the toy tests read this folder where it lies

ROLL = 1
HOLD = 2
TIMEOUT = 3


class Race(State):
    NAME = RACE.id
    TITLE = RACE.title
    MIN_PLAYERS, MAX_PLAYERS = RACE.players
    DEFAULT_OPTIONS = {"goal": 20}

    def __init__(self, num_players, seed=0, options=None):
        State.__init__(self, num_players, seed, options)
        self.rng = Rng(seed)
        self.totals = [0] * num_players
        self.turn = 0
        self.pot = 0
        self.last_t = 0

    def current_player(self):
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self, player=None, now=0):
        if self.is_terminal() or player != self.turn:
            return []
        return [(player, ROLL, now), (player, HOLD, now)]

    def system_action(self, now):
        if not self.is_terminal() and now - self.last_t >= 3000:
            return (SYSTEM, TIMEOUT, now)
        return None

    def apply(self, action):
        player, kind, t = action
        if self.is_terminal():
            raise IllegalAction("the game is over")
        if t < self.last_t:
            raise IllegalAction("time went backwards")
        if kind == TIMEOUT:
            if player != SYSTEM or t - self.last_t < 3000:
                raise IllegalAction("no timeout due")
            self._pass(t)
            return
        if player != self.turn:
            raise IllegalAction("not your turn")
        if kind == ROLL:
            d = self.rng.die()
            self.last_t = t
            if d == 1:
                self._pass(t)
            else:
                self.pot += d
        elif kind == HOLD:
            self.totals[player] += self.pot
            self._pass(t)
        else:
            raise IllegalAction("unknown action")

    def _pass(self, t):
        self.pot = 0
        self.last_t = t
        self.turn = (self.turn + 1) % self.num_players

    def is_terminal(self):
        return max(self.totals) >= self.options["goal"]

    def scores(self):
        return list(self.totals)

    def to_dict(self):
        return {"n": self.num_players, "seed": self.seed, "options": self.options,
                "rng": self.rng.state, "totals": self.totals, "turn": self.turn,
                "pot": self.pot, "last_t": self.last_t}

    @classmethod
    def from_dict(cls, d):
        s = cls(d["n"], d["seed"], d["options"])
        s.rng.state = d["rng"]
        s.totals = list(d["totals"])
        s.turn = d["turn"]
        s.pot = d["pot"]
        s.last_t = d["last_t"]
        return s
