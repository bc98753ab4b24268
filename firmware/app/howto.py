"""How to play: a game's rules and keys, a few pages with pictures, opened from the
game's setup screen (X, or its "How to play" row) or from its pause box (the joystick
press).

A game's help lives next to its code in two modules: the pages (app.games.cubo.help,
app.games.kocka10000.help, app.games.coloretto.help, app.games.cubingos.help: NAME and PAGES, each page a title,
its picture's height and its text) and their pictures (the same name + "_art":
picture(fb, page, y)). show() imports the pictures (and this module) only when help is
opened, and closing forgets the modules that came with them (App.forget), so while help
is closed it costs a game nothing. The texts are the bulk: the page module is imported
for one page, its title and text kept, and forgotten again at once, so one page's text
is in RAM at a time (with the app as files; frozen, the texts stay in flash). The
screen below is left exactly as it was: not popped, only redrawn.
"""

import sys

from hal import api
from app import ui, font
from app.screen import Screen, is_press, is_click

TITLE_Y = 36
PIC_Y = 54          # a picture's top; the text goes below it
TEXT_X = 6
TEXT_W = ui.W - 2 * TEXT_X
LINE_H = 11
BOTTOM = ui.H - ui.FOOTER_H - 2   # no text below this
HINTS = ((font.LEFT + font.RIGHT, "Page"), ("B", "Back"))


def text_top(pic_h):
    return PIC_Y + pic_h + 6 if pic_h else PIC_Y


def show(app, name):
    """Opens the How to play whose pages are module `name` (e.g. "app.games.cubo.help") over
    the top screen (screens call app.gamescreen.open_help, which answers the press first).
    The picture module imports at its top all it draws with, so what came with it is
    known at once (and only that short list is kept while help is open)."""
    before = set(sys.modules)
    before.discard(__name__)   # loaded by the caller a moment ago: it goes too
    art = __import__(name + "_art", None, None, ("picture",))
    added = [n for n in sys.modules if n not in before]
    before = None
    app.push(HowTo(app, name, art, added))


class HowTo(Screen):
    def __init__(self, app, name, art, added):
        Screen.__init__(self, app)
        self.name = name
        self.art = art
        self.added = added
        self.page = 0
        self.turn(0)
        # over a game, the sync listener must leave it alone as it does the game
        self.in_game = getattr(app.top(), "in_game", False)

    def turn(self, step):
        """Goes `step` pages on (round the end), reading that page from the page module."""
        pages = __import__(self.name, None, None, ("PAGES",))
        n = len(pages.PAGES)
        self.page = (self.page + step) % n
        self.count = n
        self.game = pages.NAME
        self.title, self.pic_h, self.text = pages.PAGES[self.page]
        pages = None
        self.app.forget((self.name,), True)

    def on_event(self, ev):
        if is_press(ev, api.RIGHT) or is_press(ev, api.DOWN):
            self.turn(1)
        elif is_press(ev, api.LEFT) or is_press(ev, api.UP):
            self.turn(-1)
        elif is_click(ev, api.KEY_B):
            self.close()
            return
        else:
            return
        self.app.sound.click()
        self.app.invalidate()

    def close(self):
        app = self.app
        if app.stack and app.stack[-1] is self:
            app.stack.pop()
        app.forget(self.added, True)
        app.invalidate()

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, "How to play " + self.game, "%d/%d" % (self.page + 1, self.count))
        font.draw(fb, self.title, TEXT_X, TITLE_Y, ui.ACCENT)
        if self.pic_h:
            self.art.picture(fb, self.page, PIC_Y)
        font.draw_wrapped(fb, self.text, TEXT_X, text_top(self.pic_h), TEXT_W, ui.TEXT,
                          font.SMALL, 1, LINE_H)
        ui.footer(fb, HINTS)
