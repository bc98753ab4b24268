"""The one interface every game implements, modelled on OpenSpiel's State.

A game is a State object driven by a handful of calls:

    current_player()          whose turn it is, or SIMULTANEOUS / TERMINAL
    actors()                  the players who may act right now
    legal_actions(p, now)     the actions player p may take at time `now`
    apply(action)             performs one action (raises IllegalAction, state unchanged)
    system_action(now)        a rules-driven event due at `now` (a countdown expiring), or None
    is_terminal(), scores()   the end and the result
    to_dict(), from_dict()    a plain-data snapshot for saves and records

An action is a tuple of small ints: (player, kind, args...). Games with
real-time parts put the timestamp (ms since the game started, supplied by the
app or the driver) inside their actions; the rules never read a clock. Chance
(dice, shuffles) comes from a seeded Rng kept inside the state, so a seed and
the action list replay a game exactly.
"""

SIMULTANEOUS = -2
TERMINAL = -4
SYSTEM = -3  # the acting "player" of system actions (timeouts)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is left unchanged."""


class State:
    """Base class: subclasses set NAME, MIN_PLAYERS, MAX_PLAYERS, DEFAULT_OPTIONS."""

    NAME = "game"
    TITLE = "Game"
    MIN_PLAYERS = 1
    MAX_PLAYERS = 1
    DEFAULT_OPTIONS = {}

    def __init__(self, num_players, seed=0, options=None):
        if not self.MIN_PLAYERS <= num_players <= self.MAX_PLAYERS:
            raise ValueError("%s takes %d-%d players, not %d" % (
                self.TITLE, self.MIN_PLAYERS, self.MAX_PLAYERS, num_players))
        self.num_players = num_players
        self.seed = seed
        self.options = merge_options(self.DEFAULT_OPTIONS, options)

    # -- the interface ---------------------------------------------------
    def current_player(self):
        raise NotImplementedError

    def actors(self):
        p = self.current_player()
        if p >= 0:
            return (p,)
        return ()

    def legal_actions(self, player=None, now=0):
        raise NotImplementedError

    def apply(self, action):
        raise NotImplementedError

    def system_action(self, now):
        return None

    def next_event_time(self):
        """When the next system action falls due (ms), or None."""
        return None

    def is_terminal(self):
        raise NotImplementedError

    def scores(self):
        raise NotImplementedError

    def to_dict(self):
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data):
        raise NotImplementedError

    # -- derived helpers -------------------------------------------------
    def clone(self):
        return self.from_dict(self.to_dict())

    def winners(self):
        """Indices of the players sharing the best score (ties share the win)."""
        s = self.scores()
        best = max(s)
        return [i for i in range(len(s)) if s[i] == best]

    def describe_action(self, action):
        return repr(action)


def check_shape(action, lengths, names):
    """`action` as a tuple of plain ints whose kind (item 1) has its own length:
    lengths[kind] items (0 marks an unused kind), names[kind] for the message.
    Raises IllegalAction otherwise; the game checks the rest against its state."""
    try:
        a = tuple(action)
    except TypeError:
        raise IllegalAction("an action is a tuple of ints, not %r" % (action,))
    if len(a) < 3:
        raise IllegalAction("action %r is too short" % (a,))
    for x in a:
        if not isinstance(x, int) or isinstance(x, bool):
            raise IllegalAction("action %r holds a non-integer" % (a,))
    kind = a[1]
    if not 0 < kind < len(lengths) or not lengths[kind]:
        raise IllegalAction("unknown action kind %r" % (kind,))
    if len(a) != lengths[kind]:
        raise IllegalAction("a %s action takes %d items, not %d" % (
            names[kind], lengths[kind], len(a)))
    return a


def merge_options(defaults, given):
    """Defaults overlaid with `given`; an unknown option name is an error."""
    out = dict(defaults)
    if given:
        for k in given:
            if k not in defaults:
                raise ValueError("unknown option %r" % (k,))
            out[k] = given[k]
    return out
