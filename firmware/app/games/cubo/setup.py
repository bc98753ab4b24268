"""Cubo's setup screen (app.seats.SetupScreen) and the way into a match or table mode:
open, demo and resume of a game of either mode.

Two modes: versus bots (you and 1-3 bots, dice rolled on screen) and table mode
(physical dice; the device rolls the centre, runs the countdown, and scores). LINK
is Cubo in link play: each player on their own device.
"""

from app import sound, last_setup
from app.screen import ListScreen, Item, Choice, Store
from app.seats import SetupScreen, opener, remember
from shared_rules.cubo.descriptor import CUBO

PACES = ("normal", "slow", "relaxed")  # shared_rules.cubo.bots.PACES
CHOICES = {"mode": ("bots", "table"), "bots": (1, 2, 3), "level": ("easy", "medium", "hard"),
           "players": (2, 3, 4), "pace": PACES, "yellow_c_replaces": (1, 2, 3, 4, 5, 6)}


def default_setup():
    return {"mode": "bots", "bots": 2, "level": "medium", "players": 3, "pace": "normal",
            "keep_swaps": True, "runs_any_order": False, "yellow": False,
            "yellow_c_replaces": 1}


def options_of(setup, table=False):
    """The rule options of a setup (table mode has no yellow_c_replaces: the players'
    own dice are rolled, and a C is entered as C)."""
    out = {"keep_swaps": setup["keep_swaps"], "runs_any_order": setup["runs_any_order"],
           "yellow": setup["yellow"]}
    if not table:
        out["yellow_c_replaces"] = setup["yellow_c_replaces"]
    return out


class CuboSetup(SetupScreen):
    """The keys of every setup (app.seats.SetupScreen); A on "Start game" starts too, and
    the last row opens How to play. Opens with the last setup."""
    HELP = "app.games.cubo.help"

    def __init__(self, app):
        self.store = Store(last_setup.load(app.hal.storage, CUBO.id, default_setup(), CHOICES))
        ListScreen.__init__(self, app, CUBO.title, [])
        self.build()

    def build(self):
        st = self.store
        items = [Choice("Mode", "mode", ("bots", "table"), ("Vs bots", "Table"),
                        self.mode_changed, st)]
        if st.get("mode") == "bots":
            items.append(Choice("Bots", "bots", (1, 2, 3), ("1", "2", "3"), None, st))
            items.append(Choice("Bot level", "level", ("easy", "medium", "hard"),
                                ("Easy", "Medium", "Hard"), None, st))
            items.append(Choice("Bot pace", "pace", PACES, ("Normal", "Slow", "Relaxed"),
                                None, st))
        else:
            items.append(Choice("Players", "players", (2, 3, 4), ("2", "3", "4"), None, st))
        items.append(Choice("Keep swaps", "keep_swaps", (True, False), ("On", "Off"), None, st))
        items.append(Choice("Runs", "runs_any_order", (False, True), ("In order", "Any order"),
                            None, st))
        items.append(Choice("Yellow dice", "yellow", (False, True), ("Off", "On"),
                            self.mode_changed, st))
        if st.get("yellow") and st.get("mode") == "bots":
            items.append(Choice("C replaces", "yellow_c_replaces", (1, 2, 3, 4, 5, 6),
                                ("1", "2", "3", "4", "5", "6"), None, st))
        items.append(Item("Start game", self.start))
        items.append(Item("How to play", self.how_to_play))
        self.items = items
        if self.index >= len(items):
            self.index = len(items) - 1

    def mode_changed(self, app):
        self.build()

    def start(self, app):
        # The game replaces this screen (B leaves the game to the main menu), so the
        # setup code is not held in RAM during play.
        setup = dict(self.store.values)
        app.sound.play(sound.OK)
        seed = app.hal.random_seed()
        if setup["mode"] == "bots":
            options = options_of(setup)
            levels = [setup["level"]] * setup["bots"]
            pace = setup["pace"]

            def begin():
                screen = _match(app, levels, options, seed, pace=pace)
                remember(app, CUBO.id, setup)
                return screen
        else:
            options = options_of(setup, True)

            def begin():
                screen = _table(app, setup["players"], options, seed)
                remember(app, CUBO.id, setup)
                return screen
        app.switch(begin)


def _match(app, levels, options, seed, human=True, saved=None, pace="normal"):
    from app.games.cubo.play import CuboMatch
    return CuboMatch(app, levels, options, seed, human, saved, pace)


def _table(app, players, options, seed, saved=None):
    from app.games.cubo.table import CuboTable
    return CuboTable(app, players, options, seed, saved)


open = opener(CuboSetup)


def demo(app, seed):
    """Bots only: one bot of each level play a whole match on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _match(app, ["easy", "medium", "hard"], options, seed, False))


class CuboLink:
    """Cubo as link play (app.link) sees it: the lobby's rows and the play screen of a
    linked match, every human on their own device, bots on the host."""
    GAME = CUBO.id
    TITLE = CUBO.title
    KINDS = ("human", "easy", "medium", "hard")
    KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
    PLAYER_COUNTS = (2, 3, 4)
    OPTIONS = (("Keep swaps", "keep_swaps", (True, False), ("On", "Off")),
               ("Runs", "runs_any_order", (False, True), ("In order", "Any order")),
               ("Yellow dice", "yellow", (False, True), ("Off", "On")))
    DEFAULT = {"keep_swaps": True, "runs_any_order": False, "yellow": False}

    @staticmethod
    def play_screen(app, kinds, names, options, seed, saved=None):
        from app.games.cubo.play import CuboMatch
        return CuboMatch(app, None, options, seed, saved=saved, seats=(kinds, names))


LINK = CuboLink


def resume(app, saved):
    """Goes on with a match or a table game saved before a power cut
    (app.savegame.pending's dict); a linked match is hosted again, or rejoined."""
    if (saved.get("meta") or {}).get("link"):
        from app.link.lobby_screen import resume as linked
        linked(app, saved, CuboLink.play_screen)
        return
    if saved["game"] == "cubo_table":
        app.switch(lambda: _table(app, len(saved["players"]), saved["options"], saved["seed"],
                                  saved))
        return
    meta = saved.get("meta") or {}
    levels = meta.get("levels") or ["medium"] * (len(saved["players"]) - 1)
    human = meta.get("human", True)
    pace = meta.get("pace") or "normal"
    app.switch(lambda: _match(app, levels, saved["options"], saved["seed"], human, saved, pace))
