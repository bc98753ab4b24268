"""The boot screen: the logo for a moment (any key skips), then the main menu.

The splash is also when the boot check runs (what a power cut left: a finished game is
stored, a game in progress is offered for resume): on the frame after the first, so the
logo is up while the flash is read, and the check's time is part of BOOT_MS rather than
added after it."""

from app import ui, font, sound
from app.screen import Screen

BOOT_MS = 500  # the splash; boot to the menu stays under 1.5 s (make bench)


class BootScreen(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.started = None
        self.offer = False  # the boot check's resume screen (None: none; False: not run yet)
        self.done = False
        # held here: the boot check purges the modules loaded since boot, and the next
        # frame would load art from flash again (15 ms more of drawing on the Pico)
        from app import art
        self.art = art

    def on_event(self, ev):
        self.finish()

    def update(self, now):
        if self.started is None:
            self.started = now
            self.app.sound.play(sound.START)
            self.app.lights.chase((255, 170, 30), now)
        elif self.offer is False:
            self.check()
            self.app.invalidate()
        elif now - self.started >= BOOT_MS:
            self.finish()
        else:
            self.app.invalidate()  # the progress bar moves

    def draw(self, fb):
        from app.version import VERSION
        ui.clear(fb)
        logo(fb, 48, self.art)
        ui.centered(fb, "dice & card games", 150, ui.DIM)
        elapsed = 0 if self.started is None else self.app.now - self.started
        ui.bar(fb, 60, 186, 120, 8, min(elapsed, BOOT_MS), BOOT_MS)
        ui.centered(fb, "v" + VERSION, 216, ui.DIM, font.SMALL)

    def check(self):
        """What a power cut left: a finished game is stored, a game in progress is
        offered (the offer waits in self.offer until the menu is up)."""
        from app import savegame
        self.offer = savegame.at_boot(self.app, resume_game)
        self.app.close_log()

    def finish(self):
        if self.done:
            return
        if self.offer is False:
            self.check()
        self.done = True
        self.app.lights.off()
        app = self.app
        app.replace(app.main_menu())
        if self.offer:
            app.push(self.offer)


def logo(fb, y, art):
    """Two tumbling dice and the name (art: the app.art module)."""
    art.die(fb, 64, y, 44, 5, ui.RED, ui.WHITE)
    art.die(fb, 132, y + 10, 44, 3, ui.BLUE, ui.WHITE)
    ui.centered(fb, "KOCKA", y + 64, ui.ACCENT, font.BODY, 3)


def resume_game(app, saved):
    """The resume offer's choice: the saved game's own module rebuilds its screen."""
    from app import games
    try:
        games.load(saved["game"]).resume(app, saved)
    except Exception as e:  # a save this firmware cannot play: keep it, say why
        app.show_notice("Cannot resume: %s" % (e,), 5000)
