"""Which games exist, read from their descriptors, and each one's State class on demand.

Rules modules are imported only when asked for, so the device holds in RAM only the
game being played. The device's menu, the record verifier and the host use the same
lookup.
"""

_GAMES = None


def games():
    """Every installed game's Game (shared_rules.descriptor), variants included, in menu
    order (listed games first, by their place), then by id. Read once: from
    shared_rules.catalog where a build wrote one (the device bundle and the firmware
    image, where frozen folders cannot be listed), else from the descriptor.py of every
    folder in shared_rules (running from source: the simulator, the host, the tests;
    host.games adds the folders KOCKA_EXTRA_GAMES names)."""
    global _GAMES
    if _GAMES is None:
        try:
            from shared_rules.catalog import DESCRIPTORS
        except ImportError:
            DESCRIPTORS = descriptor_modules()
        found = []
        for path in DESCRIPTORS:
            found.extend(__import__(path, None, None, ("GAMES",)).GAMES)
        found.sort(key=lambda g: (g.menu or 1000, g.id))
        _GAMES = tuple(found)
    return _GAMES


def forget():
    """Reads the games again at the next games() (after a folder is added)."""
    global _GAMES
    _GAMES = None


def descriptor_modules():
    """The module names of the descriptors in shared_rules' folders, sorted."""
    import os
    import shared_rules
    roots = shared_rules.__path__
    if isinstance(roots, str):  # MicroPython: one folder
        roots = [roots]
    out = []
    for root in roots:
        for name in os.listdir(root):
            for ext in (".py", ".mpy"):
                try:
                    os.stat(root + "/" + name + "/descriptor" + ext)
                except OSError:
                    continue
                out.append("shared_rules.%s.descriptor" % name)
                break
    out.sort()
    return out


def find(name):
    """The Game called `name`, or None."""
    for g in games():
        if g.id == name:
            return g
    return None


def menu():
    """The games the device's main menu lists, in its order."""
    return [g for g in games() if g.menu and g.app]


def names():
    """The ids of every installed game, variants included, in menu order."""
    return [g.id for g in games()]


def game_class(name):
    """The State class of game `name`; ValueError for an unknown or missing game."""
    g = find(name)
    if g is None:
        raise ValueError("unknown game %r" % (name,))
    try:
        mod = __import__(g.rules, None, None, ("*",))
    except ImportError:
        raise ValueError("game %r is not installed" % (name,))
    return state_class(mod, g.rules, name)


def state_class(mod, path, name):
    """The State subclass in module `mod` (imported from `path`) whose NAME is `name`."""
    from shared_rules.game import State
    for attr in dir(mod):
        obj = getattr(mod, attr)
        if isinstance(obj, type) and obj is not State and issubclass(obj, State) \
                and getattr(obj, "NAME", None) == name:
            return obj
    raise ValueError("module %s has no State for %r" % (path, name))
