"""Finished-game records for tests and benches: real games played by bots.

`game_record(i)` plays game number i (a bots-only game, deterministic in i) of
the games that are installed (shared_rules.registry), falling back to the toy
Race game, and returns a record dict without device/epoch/seq. `lookup` finds
State classes for the verifier: the registry, plus "race".
"""
from shared_rules import driver, records, registry
from tests.shared import toygame

NAMES = ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"]


def lookup(name):
    if name == "race":
        return toygame.Race
    return registry.game_class(name)


class KockaBot:
    """A plain Kocka 10000 player: takes the most points, banks like a cautious human."""

    def act(self, s, p, now):
        from shared_rules.kocka10000 import rules as K
        acts = s.legal_actions(p, now)
        if not acts:
            return None
        if s.phase == K.ROLLING:
            if (p, K.BANK) in acts and (s.turn_total >= 1000 or
                                        (s.turn_total >= 350 and len(s.roll) <= 2)):
                return (p, K.BANK)
            return (p, K.ROLL) if (p, K.ROLL) in acts else acts[0]
        best = None
        bv = -1
        for a in acts:
            if a[1] == K.TAKE:
                v = s.selection_points(a[2])
                if v is not None and v > bv:
                    bv = v
                    best = a
        return best or acts[0]


def installed():
    out = []
    for name in sorted(registry.names()):
        try:
            registry.game_class(name)
            out.append(name)
        except ValueError:
            pass
    return out


def agents_for(name, n, seed):
    """The game's own bots (shared_rules.<name>_bots.make_bot, a middle level) when it
    has them, else random players."""
    try:
        mod = __import__("shared_rules.%s.bots" % name, None, None, ("make_bot",))
    except ImportError:
        mod = None
    if mod is not None and hasattr(mod, "make_bot"):
        for level in ("medium", "greedy"):
            try:
                return [mod.make_bot(level, seed * 7 + i) for i in range(n)]
            except ValueError:
                pass
    if name == "kocka10000":
        return [KockaBot() for _ in range(n)]
    return [driver.RandomAgent(seed * 10 + i) for i in range(n)]


def game_record(i, games=None, started=0):
    """Record dict (no device/epoch/seq) of bots-only game number i."""
    games = games if games is not None else (installed() or ["race"])
    name = games[i % len(games)]
    cls = lookup(name)
    n = max(cls.MIN_PLAYERS, min(cls.MAX_PLAYERS, 2 + (i // len(games)) % 3))
    seed = 1000003 * (i + 1)
    state = cls(n, seed)
    log = driver.play(state, agents_for(name, n, seed))
    return records.make("", 0, 0, name, state.options, seed, NAMES[:n], log,
                        state.scores(), started=started, ended=started + 600 if started else 0,
                        duration=600000)


def race_record(i, started=0):
    return game_record(i, ["race"], started)
