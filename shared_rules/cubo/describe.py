"""Cubo's moves in a player's words for `kocka show` (host only: see
shared_rules.registry): rolls with the faces they gave, and the Cubo call."""
from shared_rules.cubo import rules as C


def _faces(dice):
    return " ".join("C" if d[0] == 0 else str(d[0]) for d in dice if d is not None)


def before(state, action):
    who = "P%d" % (action[0] + 1)
    if action[1] == C.ROLL:
        return "%s rolls" % who
    if action[1] == C.REROLL:
        return "%s rolls again" % who
    if action[1] == C.CALL:
        return "%s calls Cubo!" % who
    return state.describe_action(action)


def after(state, action, names):
    p = action[0]
    if action[1] in (C.ROLL, C.REROLL) and 0 <= p < len(state.grids) and state.grids[p]:
        return ["%s, joker %s" % (
            _faces(state.grids[p][:C.CENTRE] + state.grids[p][C.CENTRE + 1:]),
            _faces([state.grids[p][C.CENTRE]]))]
    return []
