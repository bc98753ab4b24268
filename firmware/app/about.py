"""The about screen: what this is, the app's version, the firmware it was installed as,
and the runtime it runs on."""

from app import ui, font, art
from app.screen import Screen, is_back, is_ok


class AboutScreen(Screen):
    title = "About"

    def on_event(self, ev):
        if is_back(ev) or is_ok(ev):
            self.app.pop()

    def draw(self, fb):
        from app.version import VERSION
        ui.clear(fb)
        ui.header(fb, self.title)
        art.die(fb, 20, 44, 36, 6, ui.RED, ui.WHITE)
        font.draw(fb, "Kocka", 70, 46, ui.ACCENT, font.BODY, 2)
        font.draw(fb, "version " + VERSION, 70, 78, ui.TEXT, font.SMALL)
        y = 98
        for line in ("A pocket console for", "dice and card games.",
                     "Play at the table or", "against the bots."):
            font.draw(fb, line, 20, y, ui.TEXT)
            y += 16
        # the small lines a clear gap under the text's last descenders (y + 15 is the
        # body font's line end), the last one above the footer
        font.draw(fb, "firmware " + getattr(self.app.hal, "firmware", "?"), 20, 172, ui.DIM,
                  font.SMALL)
        font.draw(fb, self.app.hal.version, 20, 186, ui.DIM, font.SMALL)
        free = self.app.hal.mem_free()
        if free is not None:
            font.draw(fb, "free RAM %d KB" % (free // 1024), 20, 200, ui.DIM, font.SMALL)
        ui.footer(fb, (("B", "Back"),))
