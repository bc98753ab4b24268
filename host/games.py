"""Which games the host knows: every shared_rules/<game>/descriptor.py (shared_rules.registry),
plus the games in the folders KOCKA_EXTRA_GAMES names.

KOCKA_EXTRA_GAMES is a list of folders (separated by os.pathsep, ":" on Linux), each laid
out like this checkout: <folder>/shared_rules/<game>/ with its descriptor.py and rules,
and <folder>/firmware/app/games/<game>/ with its screens. The host, the simulator and the
device builds (tools/build_bundle.py) then treat those games as their own; the tests'
game, tests/race, is one (docs/adding-a-game.md).
"""
import os
import sys

from shared_rules import registry

ROOTS_VAR = "KOCKA_EXTRA_GAMES"
_from_env = []   # the folders added because KOCKA_EXTRA_GAMES named them


def extra_roots():
    """The folders KOCKA_EXTRA_GAMES names (absolute paths)."""
    return [os.path.abspath(p) for p in os.environ.get(ROOTS_VAR, "").split(os.pathsep) if p]


def _paths(root):
    """(the folder that goes on shared_rules' path, the one on app.games', or None)."""
    rules = os.path.join(root, "shared_rules")
    if not os.path.isdir(rules):
        raise ValueError("%s: %s has no shared_rules folder" % (ROOTS_VAR, root))
    screens = os.path.join(root, "firmware", "app", "games")
    return rules, screens if os.path.isdir(screens) else None


def _games_package():
    """app.games where the app is importable (the simulator, tests, builds), else None."""
    if "app.games" in sys.modules:
        return sys.modules["app.games"]
    try:
        import app.games
    except ImportError:  # the host alone: no app on the path
        return None
    return app.games


def add_roots(roots):
    """Installs the games in the folders `roots`: importable as shared_rules.<game> and,
    where the app is importable, app.games.<game>; listed by the registry."""
    import shared_rules
    for root in [os.path.abspath(r) for r in roots]:
        rules, screens = _paths(root)
        if rules not in shared_rules.__path__:
            shared_rules.__path__.append(rules)
        pkg = _games_package()
        if screens and pkg is not None and screens not in pkg.__path__:
            pkg.__path__.append(screens)
    registry.forget()


def remove_roots(roots):
    """Undoes add_roots(roots): the games there are no longer listed or importable (their
    modules already imported are dropped too)."""
    import shared_rules
    for root in [os.path.abspath(r) for r in roots]:
        rules, screens = _paths(root)
        if rules in shared_rules.__path__:
            shared_rules.__path__.remove(rules)
        pkg = _games_package()
        if screens and pkg is not None and screens in pkg.__path__:
            pkg.__path__.remove(screens)
        for name, mod in list(sys.modules.items()):
            where = getattr(mod, "__file__", None) or ""
            if where.startswith(root + os.sep):
                del sys.modules[name]
    registry.forget()


def sync():
    """The extra games are exactly those KOCKA_EXTRA_GAMES names now."""
    want = extra_roots()
    if want != _from_env:
        remove_roots(_from_env)
        add_roots(want)
        _from_env[:] = want


def lookup(name):
    """The State class of game `name` (ValueError: unknown or not installed)."""
    sync()
    return registry.game_class(name)


def find(name):
    """The Game (shared_rules.registry.Game) called `name`, or None."""
    sync()
    return registry.find(name)


def names():
    """Every game this host can replay, in the device menu's order, variants last."""
    sync()
    return registry.names()


def title(name):
    if not name:
        return "?"
    g = find(name)
    return g.title if g is not None else name
