"""Which games exist, read from their descriptors, and each one's State class on demand.

Each game folder shared_rules/<id>/ holds a descriptor.py with GAMES, a tuple of Game
(below): the game itself and any variant logged under a name of its own (Cubo's table
mode). Everything that needs to know which games exist asks this module: the State
lookup of the record verifier and the host, the device's main menu, the host's titles,
`kocka show` and plots, the bundle and image builds (Thumb code), the tests and the
benches. docs/adding-a-game.md walks through one.

Rules modules are imported only when asked for, so the device holds in RAM only the
game being played.
"""


class Game:
    """One game's facts. Plain data: cheap to hold on the device.

    id          the name records, saves and the host use ("kocka10000")
    title       the name players see ("Kocka 10000")
    players     (fewest, most) players the rules take
    rules       the module holding its State subclass (NAME == id)
    app         the device module that opens it: open(app), demo(app, seed),
                resume(app, saved); None for a game without screens of its own
    menu        its place in the main menu (1 first); 0: not listed (a variant
                opened through another game's screens)
    timed       True when its actions carry their time (ms) last (real-time games)
    describe    a host-only module with before(state, action) and
                after(state, action, names): better words for `kocka show`; None
                for the State's own describe_action
    thumb       device files (bundle paths) with inline Thumb code, compiled for the
                Cortex-M0+
    goal        the score it is played to (a line on `kocka plot`'s chart), or None
    screens     the class names of its setup and play screens (tests and benches
                watch for them)
    start       the keys that start a game from its setup screen as it opens
    """

    def __init__(self, id, title, players, rules, app=None, menu=0, timed=False,
                 describe=None, thumb=(), goal=None, screens=(), start=("A",)):
        self.id = id
        self.title = title
        self.players = players
        self.rules = rules
        self.app = app
        self.menu = menu
        self.timed = timed
        self.describe = describe
        self.thumb = thumb
        self.goal = goal
        self.screens = screens
        self.start = start

    def __repr__(self):
        return "Game(%r)" % (self.id,)



_GAMES = None


def games():
    """Every installed game's Game (shared_rules.registry.Game), variants included, in menu
    order (listed games first, by their place), then by id. Read once: from
    shared_rules.catalog where a build wrote one (the device bundle and the firmware
    image, where frozen folders cannot be listed, and one module reads faster at boot
    than one per game), else from the descriptor.py of every
    folder in shared_rules (running from source: the simulator, the host, the tests;
    host.games adds the folders KOCKA_EXTRA_GAMES names)."""
    global _GAMES
    if _GAMES is None:
        try:
            from shared_rules.catalog import GAMES
            found = [Game(*args) for args in GAMES]
        except ImportError:
            found = []
            for path in descriptor_modules():
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
