"""Which rules the host replays records with: the shared_rules registry, plus extra games
named in KOCKA_EXTRA_GAMES ("name=module.path,..."; tests and demos use the toy game)."""
import importlib
import os

from shared_rules import registry
from shared_rules.game import State


def lookup(name):
    try:
        return registry.game_class(name)
    except ValueError:
        extra = _extra().get(name)
        if extra is None:
            raise
        mod = importlib.import_module(extra)
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, State) and obj is not State \
                    and getattr(obj, "NAME", None) == name:
                return obj
        raise ValueError("module %s has no game %r" % (extra, name))


def _extra():
    out = {}
    for part in os.environ.get("KOCKA_EXTRA_GAMES", "").split(","):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def extra_names():
    """The ids of the games KOCKA_EXTRA_GAMES adds."""
    return list(_extra())


def title(name):
    if not name:
        return "?"
    try:
        return lookup(name).TITLE
    except Exception:
        return name
