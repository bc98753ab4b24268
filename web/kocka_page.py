"""The page's Python side: builds the app on the browser HAL and runs it one frame a call.

web/kocka.js loads this module once and then calls, from JavaScript:
    start(demo, game, seed)  the app, the demo driver (?demo=NAME&seed=N) or the
                             game whose setup opens when the menu is first up (?game=)
    tick(now)                one app frame at app time `now` (ms); returns a status
                             string "TopScreen|over" (over: 1 once a demo's game ended)
    export_log()             the game log as the JSON text that `kocka import` reads
The app's own code is the device's: nothing here changes what a frame draws.
"""

import gc

from hal.browser import BrowserHal
from app.app import App

EXPORT_FORMAT = "kocka-log"
EXPORT_VERSION = 1

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
    over = 1 if driver is not None and driver.over() else 0
    return "%s|%d" % (top, over)


def export_log():
    """Every intact record of the game log, base64, with the log's device and epoch."""
    import binascii
    import json
    from app import gamelog
    storage = S["hal"].storage
    was_open = getattr(storage, "kocka_gamelog", None) is not None
    log = gamelog.shared(storage, S["hal"].random_seed)
    recs = []
    gaps = []
    cur = gamelog.Cursor(log, 0)
    while True:
        item = cur.next()
        if item is None:
            break
        if item[0] == "rec":
            recs.append({"seq": item[1],
                         "data": binascii.b2a_base64(item[2]).decode().strip()})
        else:
            gaps.append([item[1], item[2], item[3]])
    out = json.dumps({"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
                      "device": log.device, "epoch": log.epoch,
                      "records": recs, "gaps": gaps})
    if not was_open:
        storage.kocka_gamelog = None  # as the app left it: the log's code is purged later
    recs = None
    gc.collect()
    return out
