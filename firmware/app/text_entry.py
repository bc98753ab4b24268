"""An on-screen keyboard for short texts (player names): joystick over a letter grid.

A types the letter under the cursor, X deletes, Y or the OK key accepts, B cancels.
"""

from hal import api
from app import ui, font
from app.screen import Screen, is_press, is_click, is_back

KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789- "  # 38 keys + Del + OK = 5 rows of 8
COLS = 8
DEL = len(KEYS)
OK = len(KEYS) + 1
CELLS = len(KEYS) + 2
CELL_W = 28
CELL_H = 26


class TextEntry(Screen):
    def __init__(self, app, title, text, max_len, on_done):
        Screen.__init__(self, app)
        self.title = title
        self.text = text
        self.max_len = max_len
        self.on_done = on_done
        self.cursor = 0

    def on_event(self, ev):
        c = self.cursor
        if is_press(ev, api.LEFT):
            c = (c - 1) % CELLS
        elif is_press(ev, api.RIGHT):
            c = (c + 1) % CELLS
        elif is_press(ev, api.UP):
            c = (c - COLS) % CELLS
        elif is_press(ev, api.DOWN):
            c = (c + COLS) % CELLS
        elif is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
            self.press_key(c)
        elif is_click(ev, api.KEY_X):
            self.text = self.text[:-1]
        elif is_click(ev, api.KEY_Y):
            self.accept()
            return
        elif is_back(ev):
            self.app.pop()
            return
        else:
            return
        self.cursor = c
        self.app.invalidate()

    def press_key(self, c):
        if c == DEL:
            self.text = self.text[:-1]
        elif c == OK:
            self.accept()
        elif len(self.text) < self.max_len:
            self.text += KEYS[c]
            self.app.sound.click()

    def accept(self):
        if self.text.strip():
            self.on_done(self.text)
            self.app.pop()
        else:
            self.app.show_notice("A name needs a letter", 1500)

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, self.title)
        ui.round_rect(fb, 20, 38, 200, 30, ui.PANEL)
        x = font.draw(fb, self.text, 30, 45, ui.TEXT, font.BODY)
        fb.fill_rect(x + 1, 45, 2, 16, ui.ACCENT)
        for i in range(CELLS):
            col = i % COLS
            row = i // COLS
            x = 8 + col * CELL_W
            y = 78 + row * CELL_H
            w = CELL_W - 3
            sel = i == self.cursor
            ui.round_rect(fb, x, y, w, CELL_H - 3, ui.ACCENT if sel else ui.PANEL)
            label = KEYS[i] if i < len(KEYS) else ("Del" if i == DEL else "OK")
            if label == " ":
                label = "_"
            fg = ui.BG if sel else ui.TEXT
            f = font.BODY if len(label) == 1 else font.SMALL
            font.draw(fb, label, x + (w - font.width(label, f)) // 2,
                      y + (CELL_H - 3 - font.height(f)) // 2, fg, f)
        ui.footer(fb, (("A", "Type"), ("X", "Del"), ("Y", "Done"), ("B", "Cancel")))
