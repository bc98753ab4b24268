"""Which games exist, by name, and how to load each one's State class on demand.

Modules are imported only when asked for, so the device holds in RAM only the
game being played. The record verifier and the host use the same lookup.
"""

# name -> module path; the module holds one State subclass whose NAME is the name.
MODULES = {
    "cubo": "shared_rules.cubo.rules",
    "cubo_table": "shared_rules.cubo.table",
    "kocka10000": "shared_rules.kocka10000.rules",
    "coloretto": "shared_rules.coloretto.rules",
    "cubingos": "shared_rules.cubingos.rules",
}


def game_class(name):
    """The State class of game `name`; ValueError for an unknown or missing game."""
    path = MODULES.get(name)
    if path is None:
        raise ValueError("unknown game %r" % (name,))
    try:
        mod = __import__(path, None, None, ("*",))
    except ImportError:
        raise ValueError("game %r is not installed" % (name,))
    return state_class(mod, path, name)


def state_class(mod, path, name):
    """The State subclass in module `mod` (imported from `path`) whose NAME is `name`."""
    from shared_rules.game import State
    for attr in dir(mod):
        obj = getattr(mod, attr)
        if isinstance(obj, type) and obj is not State and issubclass(obj, State) \
                and getattr(obj, "NAME", None) == name:
            return obj
    raise ValueError("module %s has no State for %r" % (path, name))
