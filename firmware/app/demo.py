"""Headless demos: scripted button presses that walk the app, for screenshots and tests.

`menu` cycles through every menu screen (settings changed and restored, a
name typed and cancelled, about); each game adds its own demo name, in which
bots play a whole game through the real screens. Demos only inject button
events or start bots-only games: everything else is the real app.
"""

from hal import api

P = api.PRESSED
R = api.RELEASED

# (button, frames to wait after pressing it); the whole list loops.
MENU_SCRIPT = (
    (api.DOWN, 4), (api.DOWN, 4), (api.UP, 4), (api.UP, 4),
    # into Settings (the entry before "About", at the end of the list)
    (api.UP, 4), (api.UP, 4), (api.KEY_A, 8),
    (api.DOWN, 4), (api.RIGHT, 4), (api.LEFT, 4),
    (api.DOWN, 4), (api.RIGHT, 4), (api.LEFT, 4),
    (api.DOWN, 4), (api.LEFT, 4), (api.RIGHT, 4),
    (api.DOWN, 4), (api.KEY_A, 8),            # player names
    (api.DOWN, 4), (api.KEY_A, 8),            # edit player 2
    (api.RIGHT, 3), (api.KEY_A, 3), (api.DOWN, 3), (api.KEY_A, 6),
    (api.KEY_B, 6),                           # cancel the edit
    (api.KEY_B, 6), (api.KEY_B, 8),           # back to the menu
    (api.DOWN, 4), (api.KEY_A, 20), (api.KEY_B, 8),  # About (after Settings) and back
    (api.DOWN, 4),                            # to the top: the loop works for any number of games
)


class ScriptDemo:
    """Presses and releases buttons from a looping script, one step at a time."""

    def __init__(self, app, script, start_frame=60):
        self.app = app
        self.script = script
        self.step = 0
        self.next_frame = start_frame

    def before_frame(self, frame):
        if frame < self.next_frame:
            return
        button, wait = self.script[self.step % len(self.script)]
        buttons = self.app.hal.buttons
        buttons.inject(api.event(P, button))
        buttons.inject(api.event(R, button))
        self.step += 1
        self.next_frame = frame + wait


class GameDemo:
    """A bots-only game: nothing to press once the game screen is up."""

    def __init__(self, app, name, seed):
        from app import games
        self.app = app
        app.home()
        games.load(name).demo(app, seed)

    def before_frame(self, frame):
        pass

    def over(self):
        """True once the game has ended (or its screen closed)."""
        top = self.app.top()
        if not getattr(top, "in_game", False):
            return True
        st = getattr(top, "st", None) or getattr(top, "state", None)
        return st is not None and st.is_terminal()


def names():
    from app import games
    out = ["menu"]
    for g in games.menu():
        out.append(g.id)
    return out


def start(app, name, seed):
    """Starts demo `name`; raises ValueError for an unknown name."""
    if name == "menu":
        return ScriptDemo(app, MENU_SCRIPT)
    if name in names():
        # skip the boot screen so the game starts at once
        app.top().on_event(api.event(P, api.KEY_B))
        app.tick(app.now)
        return GameDemo(app, name, seed)
    raise ValueError("unknown demo %r (known: %s)" % (name, ", ".join(names())))
