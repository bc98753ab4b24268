"""`kocka show`: a stored game read back move by move, by replaying its record with
shared_rules (the replay the verifier runs), each action in a player's words.

Each game's State says what an action does before it is applied (describe_action).
A game whose descriptor names a `describe` module words some actions better there
(its before()), and adds what only the replay knows (its after(): the dice a roll
gave, the card a draw turned up, the bust or bank that followed). Seat numbers in
the rules' text ("P2", "Player 2") become the players' names.
"""
import importlib
import re

_SEAT = re.compile(r"\b(?:P|Player )(\d)\b")


def _names(text, names):
    def sub(m):
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)
    return _SEAT.sub(sub, text)


def _find(name):
    from host.games import find
    return find(name)


def _clock(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)


def _plain_before(state, action):
    return state.describe_action(action)


def _nothing_after(state, action, names):
    return []


def lines(record, lookup, find=None):
    """The game as lines of text: the setup, every action, the end. Raises what the
    replay raises for a record that does not replay (the caller says so). find(name):
    the game's descriptor (host.games.find by default)."""
    from shared_rules.game import IllegalAction
    names = list(record["players"])
    cls = lookup(record["game"])
    state = cls(len(names), record["seed"], record.get("options") or None)
    game = (find or _find)(record["game"])
    before, after = _plain_before, _nothing_after
    if game is not None and game.describe:
        words = importlib.import_module(game.describe)
        before, after = words.before, words.after
    timed = game is not None and game.timed  # its actions carry their time (ms) last
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
