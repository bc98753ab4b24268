"""The question before an unfinished game is quit: A quits, B goes back to the pause box.

It stands on the stack over the game (drawn over the game's paused frame) and leaves
it by hand, not with app.pop(): popping purges modules, and the game, still open,
would import fresh copies of its own. The game's paused frame is usually still in the
frame buffer when the box opens (nothing changed since it was drawn): then only the box
goes on top, which saves the game's whole redraw (up to 50 ms on the Pico); the pixels
are the same as drawing the game again. An abandoned game is not recorded (History and
the PC keep finished games only: a record must replay to the end), so the box says so.
"""

from hal import api
from app import ui, font
from app.screen import Screen, is_click, is_ok

LINES = ("The game ends here and is not", "kept in History.")
HINTS = (("A", "Quit"), ("B", "Back"))


def dialog(fb, title, lines, hints):
    """A question box over the screen (quit the game?) with its keys in the footer."""
    h = 46 + 14 * len(lines)
    y = (ui.H - h) // 2 - 10
    ui.round_rect(fb, 20, y, ui.W - 40, h, ui.PANEL)
    ui.round_rect(fb, 20, y, ui.W - 40, h, ui.BAD, False)
    ui.centered(fb, title, y + 10, ui.TEXT)
    y += 36
    for line in lines:
        ui.centered(fb, line, y, ui.DIM, font.SMALL)
        y += 14
    ui.footer(fb, hints)


class QuitConfirm(Screen):
    in_game = True   # the sync listener treats it as the game it stands over

    def __init__(self, app, game, state):
        Screen.__init__(self, app)
        self.game = game
        self.state = state
        # the frame buffer holds the game's frame as it draws it now: drawn since the
        # last change (not dirty) and no notice drawn over it
        self.kept = not app.dirty and not (app.notice and app.notice_until)

    def close(self):
        stack = self.app.stack
        if stack and stack[-1] is self:
            stack.pop()
        self.app.invalidate()

    def on_event(self, ev):
        if is_ok(ev):
            self.close()
            self.game.quit_now(self.state)
        elif is_click(ev, api.KEY_B):
            self.close()

    def draw(self, fb):
        if not self.kept:
            self.game.draw(fb)
        dialog(fb, "Quit this game?", LINES, HINTS)
        # the box redrawn over itself changes nothing; a notice drawn after it (App.draw)
        # must be drawn away with the game
        app = self.app
        self.kept = not (app.notice and app.notice_until)
