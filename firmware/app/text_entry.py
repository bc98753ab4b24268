"""An on-screen keyboard for short texts (player names): joystick over a letter grid.

A types the letter under the cursor, X deletes, Y or the OK key accepts, B cancels. The
count of letters shows beside the text (red at the limit, where a letter more is refused
with a notice); a text in `taken` (another player's name) is refused.
"""

from hal import api
from app import ui, font, sound
from app.screen import Screen, is_press, is_click, is_back

KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789- "  # 38 keys + Del + OK = 5 rows of 8
COLS = 8
DEL = len(KEYS)
OK = len(KEYS) + 1
CELLS = len(KEYS) + 2
CELL_W = 28
CELL_H = 26


class TextEntry(Screen):
    """taken: texts that may not be chosen (the other players' names), any case."""

    def __init__(self, app, title, text, max_len, on_done, taken=()):
        Screen.__init__(self, app)
        self.title = title
        self.text = text
        self.max_len = max_len
        self.on_done = on_done
        self.taken = [t.strip().upper() for t in taken]
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
        else:
            self.app.sound.play(sound.ERROR)
            self.app.show_notice("%d letters at most" % self.max_len, 1500)

    def accept(self):
        t = self.text.strip()
        if not t:
            self.app.show_notice("A name needs a letter", 1500)
        elif t.upper() in self.taken:
            self.app.sound.play(sound.ERROR)
            self.app.show_notice("%s is taken: pick another name" % t, 2000)
        else:
            self.on_done(self.text)
            self.app.pop()

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, self.title)
        ui.round_rect(fb, 20, 38, 200, 30, ui.PANEL)
        x = font.draw(fb, self.text, 30, 45, ui.TEXT, font.BODY)
        full = len(self.text) >= self.max_len
        if not full:
            fb.fill_rect(x + 1, 45, 2, 16, ui.ACCENT)
        # how much room is left: the count turns red at the limit
        font.draw_right(fb, "%d/%d" % (len(self.text), self.max_len), 212, 48,
                        ui.BAD if full else ui.DIM, font.SMALL)
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
