"""Coloretto's moves in a player's words for `kocka show` (host only: see
shared_rules.registry): a draw names the card it turned up."""
from shared_rules.coloretto import rules as C


def before(state, action):
    return state.describe_action(action)


def after(state, action, names):
    if action[1] == C.DRAW and state.drawn >= 0:
        return ["drew %s" % C.CARD_NAMES[state.drawn]]
    return []
