"""Which rules the host replays records with: the shared_rules registry, plus extra games
named in KOCKA_EXTRA_GAMES ("name=module.path,..."; tests and demos use the toy game)."""
import importlib
import os

from shared_rules import registry


def lookup(name):
    try:
        return registry.game_class(name)
    except ValueError:
        extra = _extra().get(name)
        if extra is None:
            raise
        return registry.state_class(importlib.import_module(extra), extra, name)


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


def names():
    """Every game this host can replay: the registry's, then KOCKA_EXTRA_GAMES'."""
    return sorted(registry.MODULES) + sorted(n for n in _extra() if n not in registry.MODULES)


def title(name):
    if not name:
        return "?"
    try:
        return lookup(name).TITLE
    except Exception:
        return name
