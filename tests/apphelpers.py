"""Test helpers: build the real app on the virtual HAL and drive it with buttons."""
from hal import api
from hal.virtual import VirtualHal
from app.app import App

FRAME = 33


class Harness:
    def __init__(self, data_dir, seed=1, skip_boot=True):
        self.hal = VirtualHal(str(data_dir), seed)
        self.app = App(self.hal)
        self.clock = 0
        if skip_boot:
            self.press(api.KEY_B)
            self.frames(2)

    def frames(self, n=1):
        for _ in range(n):
            self.clock += FRAME
            self.app.tick(self.clock)

    def press(self, button, hold_frames=0):
        self.hal.buttons.inject(api.event(api.PRESSED, button))
        self.frames(1 + hold_frames)
        self.hal.buttons.inject(api.event(api.RELEASED, button))
        self.frames(1)

    def top_name(self):
        return type(self.app.top()).__name__

    def open_menu_item(self, label):
        """Moves the menu cursor to `label` and opens it."""
        menu = self.app.top()
        labels = [it.label() for it in menu.items]
        while menu.items[menu.index].label() != label:
            self.press(api.DOWN)
        assert label in labels
        self.press(api.KEY_A)


def texts_drawn(monkeypatch):
    """The strings drawn from now on (font.draw is what every text goes through)."""
    from app import font
    seen = []
    real = font.draw

    def spy(fb, text, *a, **k):
        seen.append(text)
        return real(fb, text, *a, **k)
    monkeypatch.setattr(font, "draw", spy)
    return seen


def footers(monkeypatch):
    """The footers drawn from now on, each a tuple of (key, label) hints."""
    from app import ui
    got = []
    real = ui.footer

    def spy(fb, hints, off=()):
        got.append(tuple(hints))
        return real(fb, hints, off)
    monkeypatch.setattr(ui, "footer", spy)
    return got
