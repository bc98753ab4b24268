"""What a game is to the rest of Kocka: one Game per game, in its folder's descriptor.py.

Each game folder shared_rules/<id>/ holds a descriptor.py with GAMES, a tuple of Game:
the game itself and any variant logged under a name of its own (Cubo's table mode).
Everything that needs to know which games exist reads these through
shared_rules.registry: the registry's State lookup, the device's main menu, the host
(titles, `kocka show`, plots), the image and bundle builds (Thumb code), the tests and
the benches. docs/adding-a-game.md walks through one.
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
