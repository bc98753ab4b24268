"""The main menu: every game that exists, then link play, history, sync, settings and
about."""

from app import games, sound, font
from app.screen import ListScreen, Item


# Each entry's screen loads its code in the frame after the press (app.soon): the press
# is answered at once, whatever the loading costs.

def _open_game(name):
    def go(app):
        app.sound.play(sound.OK)
        app.soon(lambda: games.load(name).open(app))
    return go


def _link(app):
    def go():
        from app.link.lobby_screen import open
        open(app)
    app.soon(go)


def _history(app):
    def go():
        from app.history_screen import HistoryScreen
        app.push(HistoryScreen(app))
    app.soon(go)


def _sync(app):
    app.soon(lambda: app.sync.start().open_screen())


def _settings(app):
    def go():
        from app.settings_screen import SettingsScreen
        app.push(SettingsScreen(app))
    app.soon(go)


def _about(app):
    def go():
        from app.about import AboutScreen
        app.push(AboutScreen(app))
    app.soon(go)


class MainMenu(ListScreen):
    hints = (("A", "Open"), (font.UP + font.DOWN, "Move"))

    def __init__(self, app):
        items = [Item(g.title, _open_game(g.id)) for g in games.menu()]
        items.append(Item("Link play", _link))
        items.append(Item("History", _history))
        items.append(Item("Sync with PC", _sync))
        items.append(Item("Settings", _settings))
        items.append(Item("About", _about))
        ListScreen.__init__(self, app, "Kocka", items)
        self.notice_shown = False
        # A game replaces the whole stack, so the menu is rebuilt after it: come back
        # with the cursor where it was.
        self.index = min(app.menu_index, len(items) - 1)

    def enter(self):
        ListScreen.enter(self)
        if not self.notice_shown and self.app.notice:
            self.notice_shown = True
            self.app.show_notice(self.app.notice, 4000)

    def on_event(self, ev):
        ListScreen.on_event(self, ev)
        self.app.menu_index = self.index

    def back(self):
        pass  # the main menu is the bottom of the stack
