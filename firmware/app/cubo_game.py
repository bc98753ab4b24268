"""Cubo on the device: the setup screen, and the way into a match or table mode.

Two modes: versus bots (you and 1-3 bots, dice rolled on screen) and table mode
(physical dice; the device rolls the centre, runs the countdown, and scores).
"""

from app import sound
from app.screen import ListScreen, Item, Choice, Store

def default_setup():
    return {"mode": "bots", "bots": 2, "level": "medium", "players": 3,
            "keep_swaps": True, "runs_any_order": False, "yellow": False}


def options_of(setup):
    return {"keep_swaps": setup["keep_swaps"], "runs_any_order": setup["runs_any_order"],
            "yellow": setup["yellow"]}


class CuboSetup(ListScreen):
    hints = (("A", "Start"), ("B", "Back"))

    def __init__(self, app):
        self.store = Store(default_setup())
        ListScreen.__init__(self, app, "Cubo", [])
        self.build()

    def build(self):
        st = self.store
        items = [Choice("Mode", "mode", ("bots", "table"), ("Vs bots", "Table"),
                        self.mode_changed, st)]
        if st.get("mode") == "bots":
            items.append(Choice("Bots", "bots", (1, 2, 3), ("1", "2", "3"), None, st))
            items.append(Choice("Bot level", "level", ("easy", "medium", "hard"),
                                ("Easy", "Medium", "Hard"), None, st))
        else:
            items.append(Choice("Players", "players", (2, 3, 4), ("2", "3", "4"), None, st))
        items.append(Choice("Keep swaps", "keep_swaps", (True, False), ("On", "Off"), None, st))
        items.append(Choice("Runs", "runs_any_order", (False, True), ("In order", "Any order"),
                            None, st))
        items.append(Choice("Yellow dice", "yellow", (False, True), ("Off", "On"), None, st))
        items.append(Item("Start game", self.start))
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
        options = options_of(setup)
        if setup["mode"] == "bots":
            levels = [setup["level"]] * setup["bots"]
            app.switch(lambda: _match(app, levels, options, seed))
        else:
            app.switch(lambda: _table(app, setup["players"], options, seed))


def _match(app, levels, options, seed, human=True, saved=None):
    from app.cubo_match import CuboMatch
    return CuboMatch(app, levels, options, seed, human, saved)


def _table(app, players, options, seed, saved=None):
    from app.cubo_table import CuboTable
    return CuboTable(app, players, options, seed, saved)


def open(app):
    app.push(CuboSetup(app))


def demo(app, seed):
    """Bots only: one bot of each level play a whole match on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _match(app, ["easy", "medium", "hard"], options, seed, False))


def resume(app, saved):
    """Goes on with a match or a table game saved before a power cut
    (app.savegame.pending's dict)."""
    if saved["game"] == "cubo_table":
        app.switch(lambda: _table(app, len(saved["players"]), saved["options"], saved["seed"],
                                  saved))
        return
    meta = saved.get("meta") or {}
    levels = meta.get("levels") or ["medium"] * (len(saved["players"]) - 1)
    human = meta.get("human", True)
    app.switch(lambda: _match(app, levels, saved["options"], saved["seed"], human, saved))
