"""The page's Python side: builds the app on the browser HAL and runs it one frame a call.

web/kocka.js loads this module once and then calls, from JavaScript:
    start(demo, game, seed)  the app, the demo driver (?demo=NAME&seed=N) or the
                             game whose setup opens when the menu is first up (?game=)
    tick(now)                one app frame at app time `now` (ms); returns a status
                             string "TopScreen|over|ended" (over: 1 once a demo's game
                             ended; ended: 1 while a game screen shows an ended game)
    export_log()             the game log as the JSON text that `kocka import` reads
The app's own code is the device's: nothing here changes what a frame draws.
"""

import gc

from browser_hal import BrowserHal
from app.app import App

S = {"app": None, "hal": None, "driver": None, "game": None, "frame": 0}


def start(demo_name, game, seed):
    hal = BrowserHal()
    S["hal"] = hal
    app = App(hal)
    S["app"] = app
    if demo_name:
        from app import demo
        S["driver"] = demo.start(app, demo_name, int(seed))
    elif game:
        from app import games
        if games.find(game) is None:
            app.show_notice("No game %s" % (game,), 5000)
        else:
            S["game"] = game
    return type(app.top()).__name__


def tick(now):
    app = S["app"]
    hal = S["hal"]
    hal.clock = now
    driver = S["driver"]
    if driver is not None:
        driver.before_frame(S["frame"])
    app.tick(now)
    S["frame"] += 1
    top = type(app.top()).__name__
    if S["game"] and top == "MainMenu":
        from app import games
        games.load(S["game"]).open(app)
        S["game"] = None
        top = type(app.top()).__name__
    return "%s|%d|%d" % (top, 1 if driver is not None and driver.over() else 0, ended(app))


def ended(app):
    """1 while the top screen is a game whose play has ended (as app.demo's GameDemo.over)."""
    top = app.top()
    if not getattr(top, "in_game", False):
        return 0
    st = getattr(top, "st", None) or getattr(top, "state", None)
    return 1 if st is not None and st.is_terminal() else 0


def export_log():
    """The game log as the JSON text `kocka import` reads (web/logexport.py)."""
    import logexport
    text = logexport.document(S["hal"].storage, S["hal"].random_seed)
    gc.collect()
    return text
