"""`kocka show`: a stored game read back move by move, by replaying its record with
shared_rules (the replay the verifier runs), each action in a player's words.

Each game's State says what an action does before it is applied (describe_action);
the per-game `before` functions word some actions better, and the `after` ones add what only the replay knows (the dice a roll
gave, the card a draw turned up, the bust or bank that followed). Seat numbers in
the rules' text ("P2", "Player 2") become the players' names.
"""
import re

_SEAT = re.compile(r"\b(?:P|Player )(\d)\b")


def _names(text, names):
    def sub(m):
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)
    return _SEAT.sub(sub, text)


def _faces(dice):
    return " ".join("C" if d[0] == 0 else str(d[0]) for d in dice if d is not None)


def _before_kocka10000(state, action):
    from shared_rules.kocka10000 import rules as K
    who = "P%d" % (action[0] + 1)
    if action[1] == K.ROLL:
        return "%s rolls %d dice" % (who, state.left if 0 < state.left < 6 else 6)
    if action[1] == K.BANK:
        return "%s banks %d" % (who, state.turn_total)
    return state.describe_action(action)


def _after_kocka10000(state, action, names):
    from shared_rules.kocka10000 import rules as K
    out = []
    if action[1] == K.ROLL and state.roll:
        out.append("%s" % " ".join(str(d) for d in state.roll))
    for ev in state.events:
        if ev[0] != K.EV_BANK:  # the action's own text says it
            out.append(state.event_text(ev))
    return out


def _before_cubo(state, action):
    from shared_rules.cubo import rules as C
    who = "P%d" % (action[0] + 1)
    if action[1] == C.ROLL:
        return "%s rolls" % who
    if action[1] == C.REROLL:
        return "%s rolls again" % who
    if action[1] == C.CALL:
        return "%s calls Cubo!" % who
    return state.describe_action(action)


def _after_coloretto(state, action, names):
    from shared_rules.coloretto import rules as C
    if action[1] == C.DRAW and state.drawn >= 0:
        return ["drew %s" % C.CARD_NAMES[state.drawn]]
    return []


def _after_cubo(state, action, names):
    from shared_rules.cubo import rules as C
    p = action[0]
    if action[1] in (C.ROLL, C.REROLL) and 0 <= p < len(state.grids) and state.grids[p]:
        return ["%s, joker %s" % (
            _faces(state.grids[p][:C.CENTRE] + state.grids[p][C.CENTRE + 1:]),
            _faces([state.grids[p][C.CENTRE]]))]
    return []


BEFORE = {"kocka10000": _before_kocka10000, "cubo": _before_cubo}
AFTER = {"kocka10000": _after_kocka10000, "coloretto": _after_coloretto,
         "cubo": _after_cubo}


def _clock(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)


def lines(record, lookup):
    """The game as lines of text: the setup, every action, the end. Raises what the
    replay raises for a record that does not replay (the caller says so)."""
    from shared_rules.game import IllegalAction
    names = list(record["players"])
    cls = lookup(record["game"])
    state = cls(len(names), record["seed"], record.get("options") or None)
    before = BEFORE.get(record["game"], lambda s, a: s.describe_action(a))
    after = AFTER.get(record["game"], lambda s, a, n: [])
    timed = record["game"] == "cubo"  # Cubo's actions carry their time (ms) last
    totals = _totals(state)
    yield "%s: %s" % (cls.TITLE, ", ".join(names))
    for i, a in enumerate(record["actions"], 1):
        a = tuple(a)
        try:
            text = _names(before(state, a), names)
        except Exception:
            text = repr(a)
        try:
            state.apply(a)
        except IllegalAction as e:
            yield "%4d. %s  <- ILLEGAL: %s (the replay stops here)" % (i, text, e)
            return
        extra = [_names(x, names) for x in after(state, a, names)]
        now = _totals(state)
        if now != totals and now is not None:
            extra.append("totals: " + ", ".join("%s %d" % (n, t) for n, t in zip(names, now)))
            totals = now
        stamp = "[%s] " % _clock(a[-1]) if timed and isinstance(a[-1], int) else ""
        yield "%4d. %s%s%s" % (i, stamp, text, "".join("; " + x for x in extra))
    if state.is_terminal():
        scores = list(state.scores())
        best = max(scores) if scores else None
        yield "end: " + ", ".join("%s%s %d" % ("*" if s == best else "", n, s)
                                  for n, s in zip(names, scores)) + "  (* won)"
    else:
        yield "the record ends before the game does"


def _totals(state):
    try:
        return list(state.scores())
    except Exception:
        return None
