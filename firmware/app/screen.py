"""Screens and the reusable list screen that menus and settings are made of (the games'
base screen is app.gamescreen: this stack knows no concrete screen).

A screen gets button events, an update tick, and draws itself when the app
says the frame is dirty. Screens are pushed on and popped off the app's stack.
"""

from hal import api
from app import ui, font


class Screen:
    title = ""

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called when the screen becomes the top of the stack (again)."""
        self.app.invalidate()

    def on_event(self, ev):
        pass

    def update(self, now):
        pass

    def keep_awake(self, now):
        """What must stay awake (app.power): MAY_SLEEP (0) here, nothing runs unwatched."""
        return 0

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, self.title)


def is_press(ev, button):
    """True for a press or an auto-repeat of `button` (navigation keys)."""
    k = api.kind_of(ev)
    return api.button_of(ev) == button and (k == api.PRESSED or k == api.REPEAT)


def is_click(ev, button):
    return ev == api.event(api.PRESSED, button)


def is_ok(ev):
    return is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)


def is_back(ev):
    return is_click(ev, api.KEY_B)


class ListScreen(Screen):
    """A vertical list of items; each item is an object with label(), value() and
    activate()/change(step) (see the Item classes). Scrolls when longer than the screen."""

    hints = (("A", "Select"), ("B", "Back"))

    def __init__(self, app, title, items):
        Screen.__init__(self, app)
        self.title = title
        self.items = items
        self.index = 0
        self.top = 0

    def visible_rows(self):
        return (ui.H - ui.HEADER_H - ui.FOOTER_H - 8) // ui.ROW_H

    def on_event(self, ev):
        n = len(self.items)
        if is_press(ev, api.UP):
            self.index = (self.index - 1) % n
        elif is_press(ev, api.DOWN):
            self.index = (self.index + 1) % n
        elif is_press(ev, api.LEFT):
            self.items[self.index].change(self.app, -1)
        elif is_press(ev, api.RIGHT):
            self.items[self.index].change(self.app, 1)
        elif is_ok(ev):
            self.items[self.index].activate(self.app)
        elif is_back(ev):
            self.back()
            return
        else:
            return
        rows = self.visible_rows()
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + rows:
            self.top = self.index - rows + 1
        self.app.invalidate()

    def back(self):
        self.app.pop()

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, self.title)
        y = ui.HEADER_H + 4
        rows = self.visible_rows()
        end = min(len(self.items), self.top + rows)
        for i in range(self.top, end):
            item = self.items[i]
            sel = i == self.index
            if sel:
                ui.round_rect(fb, 4, y, ui.W - 8, ui.ROW_H - 2, ui.PANEL_HI)
                fb.fill_rect(4, y + 4, 3, ui.ROW_H - 10, ui.ACCENT)
            font.draw(fb, item.label(), 14, y + 5, ui.TEXT if item.enabled() else ui.DIM)
            item.draw_value(fb, self.app, ui.W - 12, y + 5, sel)
            y += ui.ROW_H
        ui.scroll_marks(fb, self.top > 0, end < len(self.items))
        ui.footer(fb, self.current_hints())

    def current_hints(self):
        """The footer's keys for the row under the cursor."""
        return self.hints


class Item:
    """A list entry: a label, an optional value shown on the right, and what A does."""

    def __init__(self, text, action=None, value_text=None):
        self.text = text
        self.action = action
        self.value_text = value_text

    def label(self):
        return self.text

    def enabled(self):
        return True

    def activate(self, app):
        if self.action:
            self.action(app)

    def change(self, app, step):
        pass

    def draw_value(self, fb, app, right, y, selected):
        v = self.value_text(app) if self.value_text else None
        if v:
            font.draw(fb, v, right - font.width(v), y, ui.ACCENT if selected else ui.DIM)
        elif self.action:
            font.draw(fb, font.TRI_RIGHT, right - font.width(font.TRI_RIGHT), y, ui.DIM)


class Store:
    """Values a screen's Choice items edit when they are not settings (a game's setup)."""

    def __init__(self, values):
        self.values = values

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        self.values[key] = value


class Choice(Item):
    """A value from a fixed list, changed with left/right (A cycles). It edits the app's
    settings, or `store` when given."""

    def __init__(self, text, key, values, labels, on_change=None, store=None):
        Item.__init__(self, text)
        self.key = key
        self.values = values
        self.labels = labels
        self.on_change = on_change
        self.store = store

    def _store(self, app):
        return self.store if self.store is not None else app.settings

    def _pos(self, app):
        v = self._store(app).get(self.key)
        return self.values.index(v) if v in self.values else 0

    def change(self, app, step):
        i = (self._pos(app) + step) % len(self.values)
        self._store(app).set(self.key, self.values[i])
        if self.on_change:
            self.on_change(app)
        app.sound.click()

    def activate(self, app):
        self.change(app, 1)

    def draw_value(self, fb, app, right, y, selected):
        v = self.labels[self._pos(app)]
        color = ui.ACCENT if selected else ui.DIM
        if selected:   # both ways change it: an arrow either side
            right -= font.width(font.TRI_RIGHT) + 4
            font.draw(fb, font.TRI_RIGHT, right + 4, y, ui.DIM)
        x = right - font.width(v)
        if selected:
            font.draw(fb, font.TRI_LEFT, x - 14, y, ui.DIM)
        font.draw(fb, v, x, y, color)


class Level(Item):
    """A 0..maximum setting shown as a gauge, changed with left/right in steps."""

    def __init__(self, text, key, maximum, step, on_change=None):
        Item.__init__(self, text)
        self.key = key
        self.maximum = maximum
        self.step = step
        self.on_change = on_change

    def change(self, app, step):
        v = app.settings.get(self.key) + step * self.step
        app.settings.set(self.key, max(0, min(self.maximum, v)))
        if self.on_change:
            self.on_change(app)
        app.sound.click()

    def draw_value(self, fb, app, right, y, selected):
        # on a selected row (PANEL_HI) the track is drawn darker, or it would vanish
        ui.bar(fb, right - 84, y + 1, 84, 12, app.settings.get(self.key), self.maximum,
               ui.ACCENT if selected else ui.DIM, ui.BG if selected else ui.PANEL_HI)
