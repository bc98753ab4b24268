"""The record verifier: replay a record's actions with the rules and check its scores follow.

    ok, reason = verify(record)                 # record: a dict from records.decode
    ok, reason = verify(record, lookup=fn)      # fn(name) -> State class, or raises ValueError

Rejected when: the game is unknown, the player count or options are not
accepted, an action is illegal (or malformed), the replay does not reach the
end of the game, or the replayed scores differ from the recorded ones. A
rules module that raises anything unexpected rejects the record too (with the
error in the reason): the verifier itself never raises for a bad record.
"""

from shared_rules.game import IllegalAction


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


def verify(record, lookup=None):
    """(True, "") for a record whose scores follow from its actions, else (False, reason)."""
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
