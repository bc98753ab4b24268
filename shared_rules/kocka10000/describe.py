"""Kocka 10000's moves in a player's words for `kocka show` (host only: see
shared_rules.registry): rolls with their dice, banks with their points."""
from shared_rules.kocka10000 import rules as K


def before(state, action):
    who = "P%d" % (action[0] + 1)
    if action[1] == K.ROLL:
        return "%s rolls %d dice" % (who, state.left if 0 < state.left < 6 else 6)
    if action[1] == K.BANK:
        return "%s banks %d" % (who, state.turn_total)
    return state.describe_action(action)


def after(state, action, names):
    out = []
    if action[1] == K.ROLL and state.roll:
        out.append("%s" % " ".join(str(d) for d in state.roll))
    for ev in state.events:
        if ev[0] != K.EV_BANK:  # the action's own text says it
            out.append(state.event_text(ev))
    return out
