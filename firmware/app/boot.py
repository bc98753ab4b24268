"""The boot screen: the logo for a moment (any key skips), then the main menu."""

from app import ui, font, sound
from app.screen import Screen

BOOT_MS = 1400


class BootScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.started = None
        self.done = False

    def on_event(self, ev):
        self.finish()

    def update(self, now):
        if self.started is None:
            self.started = now
            self.app.sound.play(sound.START)
            self.app.lights.chase((255, 170, 30), now)
        elif now - self.started >= BOOT_MS:
            self.finish()
        else:
            self.app.invalidate()  # the progress bar moves

    def draw(self, fb):
        from app.app import VERSION
        ui.clear(fb)
        from app import art
        art.logo(fb, 48)
        ui.centered(fb, "dice & card games", 150, ui.DIM)
        elapsed = 0 if self.started is None else self.app.now - self.started
        ui.bar(fb, 60, 186, 120, 8, min(elapsed, BOOT_MS), BOOT_MS)
        ui.centered(fb, "v" + VERSION, 216, ui.DIM, font.SMALL)

    def finish(self):
        if self.done:
            return
        self.done = True
        self.app.lights.off()
        app = self.app
        app.replace(app.main_menu())
        # what a power cut left: a finished game is stored, a game in progress is offered
        from app import savegame
        offer = savegame.at_boot(app, resume_game)
        app.close_log()
        if offer is not None:
            app.push(offer)


def resume_game(app, saved):
    """The resume offer's choice: the saved game's own module rebuilds its screen."""
    from app import games
    try:
        games.load(saved["game"]).resume(app, saved)
    except Exception as e:  # a save this firmware cannot play: keep it, say why
        app.show_notice("Cannot resume: %s" % (e,), 5000)
