"""The record verifier: what "verified" means for a game record.

    ok, reason = verify(record)                      # record: a dict from records.decode
    ok, reason = verify(record, lookup=fn)           # fn(name) -> State class, or ValueError
    ok, reason = verify(record, lookup, now=unix)    # also: no time after now (+2 days)

A verified record is one whose game could have happened exactly so on a Kocka:
- the rules: the game is known, the player count and options are accepted,
  every action is legal in turn, the game ends with the last action, and the
  recorded scores are the ones the replay gives;
- the names: every player's name is what the device can hold (1-8 printable
  ASCII characters, no space at either end: firmware/app/settings.py clean_name);
- the times: started and ended are 0 (the device's clock was unknown) or a time
  from 2020 on and not after `now` (+2 days of clock drift); started <= ended when
  both are known; the duration (ms of play) is 0..30 days.

Not verified, because no replay can know them: which people played (names are
as the device reported them), whether the device's clock was right, and the
free-form meta data. Reports say so.

Rejected when any of that fails, with the reason. A rules module that raises
anything unexpected rejects the record too (with the error in the reason): the
verifier itself never raises for a bad record. MicroPython subset.
"""

from shared_rules.game import IllegalAction


MAX_NAME = 8
MIN_UNIX = 1577836800          # 2020-01-01: the device takes no clock before it
FUTURE_SLACK = 2 * 86400       # a device clock may run ahead a little
MAX_DURATION_MS = 30 * 86400 * 1000


def _plain_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def name_problem(name):
    """Why `name` is not a name the device can hold, or None."""
    if not isinstance(name, str):
        return "is not text"
    if not 0 < len(name) <= MAX_NAME:
        return "has %d characters (the device allows 1-%d)" % (len(name), MAX_NAME)
    for ch in name:
        if not 32 <= ord(ch) <= 126:
            return "holds %r (the device allows printable ASCII only)" % (ch,)
    if name[0] == " " or name[-1] == " ":
        return "starts or ends with a space"
    return None


def times_problem(record, now=None):
    """Why the record's times are impossible, or None (0 means the clock was unknown)."""
    known = []
    for key in ("started", "ended"):
        t = record.get(key) or 0
        if not _plain_int(t) or t < 0:
            return "%s is not a time" % key
        if t:
            if t < MIN_UNIX:
                return "%s %d is before 2020" % (key, t)
            if now is not None and t > now + FUTURE_SLACK:
                return "%s %d is in the future (the sync ran at %d)" % (key, t, now)
        known.append(t)
    if known[0] and known[1] and known[0] > known[1]:
        return "the game ended (%d) before it started (%d)" % (known[1], known[0])
    d = record.get("duration") or 0
    if not _plain_int(d) or not 0 <= d <= MAX_DURATION_MS:
        return "duration %r ms is not 0..30 days" % (d,)
    return None


def default_lookup(name):
    from shared_rules.registry import game_class
    return game_class(name)


def replay(record, lookup=None):
    """The final State of the record's game (raises on a bad record: see verify)."""
    cls = (lookup or default_lookup)(record["game"])
    state = cls(len(record["players"]), record["seed"], record.get("options") or None)
    for a in record["actions"]:
        state.apply(tuple(a))
    return state


def verify(record, lookup=None, now=None):
    """(True, "") for a record that passes every check above, else (False, reason)."""
    if lookup is None:
        lookup = default_lookup
    try:
        name = record["game"]
        players = record["players"]
        actions = record["actions"]
        scores = list(record["scores"])
        seed = record["seed"]
        options = record.get("options") or None
    except (KeyError, TypeError):
        return False, "record lacks a field"
    if not isinstance(players, list):
        return False, "the players are not a list"
    for i in range(len(players)):
        why = name_problem(players[i])
        if why:
            return False, "player %d's name %s" % (i + 1, why)
    why = times_problem(record, now)
    if why:
        return False, why
    try:
        cls = lookup(name)
    except ValueError as e:
        return False, "unknown game: %s" % (e,)
    except Exception as e:
        return False, "game %r cannot be loaded: %r" % (name, e)
    try:
        state = cls(len(players), seed, options)
    except ValueError as e:
        return False, "bad setup: %s" % (e,)
    except Exception as e:
        return False, "bad setup: %r" % (e,)
    i = 0
    for a in actions:
        i += 1
        if state.is_terminal():
            return False, "action %d comes after the end of the game" % (i,)
        try:
            state.apply(tuple(a))
        except IllegalAction as e:
            return False, "action %d %r is illegal: %s" % (i, tuple(a), e)
        except Exception as e:
            return False, "action %d %r breaks the rules engine: %r" % (i, tuple(a), e)
    try:
        if not state.is_terminal():
            return False, "the game does not end after its %d actions" % (len(actions),)
        got = list(state.scores())
    except Exception as e:
        return False, "replay failed: %r" % (e,)
    if got != scores:
        return False, "scores %r do not follow: the replay gives %r" % (scores, got)
    return True, ""
