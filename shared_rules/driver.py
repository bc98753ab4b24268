"""Agents and the generic driver that plays any game of the common interface to its end.

An agent answers `act(state, player, now)` with one action or None ("not
yet": a bot that is still thinking, in real-time games). The driver keeps a
virtual clock, asks every actor in turn, applies system actions (timeouts)
when they fall due, and returns the action log: a seed plus this log replays
the game exactly.
"""

from shared_rules.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions: the baseline bot and a fuzzer."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def act(self, state, player, now):
        actions = state.legal_actions(player, now)
        if not actions:
            return None
        return self.rng.choice(actions)


class GameTooLong(Exception):
    """The driver's step budget ran out: a game that never ends is a bug."""


def step(state, agents, now, log=None):
    """One pass: each actor may act once, then any due system action.

    Returns the number of actions applied.
    """
    applied = 0
    for p in state.actors():
        if state.is_terminal():
            break
        action = agents[p].act(state, p, now)
        if action is not None:
            state.apply(action)
            applied += 1
            if log is not None:
                log.append(action)
    if not state.is_terminal():
        ev = state.system_action(now)
        if ev is not None:
            state.apply(ev)
            applied += 1
            if log is not None:
                log.append(ev)
    return applied


def play(state, agents, tick_ms=50, max_steps=200000, log=None):
    """Plays `state` to its end; returns the action log (a list)."""
    if log is None:
        log = []
    now = 0
    steps = 0
    while not state.is_terminal():
        if step(state, agents, now, log) == 0:
            now += tick_ms
        steps += 1
        if steps > max_steps:
            raise GameTooLong("%s not finished after %d steps" % (state.NAME, max_steps))
    return log


def replay(cls, num_players, seed, options, actions):
    """Rebuilds a game from its seed and action log; raises IllegalAction on a bad log."""
    state = cls(num_players, seed, options)
    for a in actions:
        state.apply(tuple(a))
    return state
