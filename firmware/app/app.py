"""The app: owns the screen stack and runs one frame at a time.

`App(hal).run()` is the device's main loop; the simulator and headless runs
call `tick(now)` themselves with their own clock. A frame polls the buttons,
hands each event to the top screen, ticks the screen, the sound and the LEDs,
and redraws and pushes the display only when something changed.
"""

import gc
import sys

from micropython import const

from app import idle_gc, ui
from app.settings import Settings
from app.sound import Sound
from app.lights import Lights
from app.power import Power

FRAME_MS = 32  # 31.25 frames a second (a grid: see rest()); the loop sleeps the rest
# what every game loads and the setup screen has loaded already (its save, the games'
# base screen; and the game's descriptor): kept when a game starts, not read from flash
# again (70 ms as files)
_GAME_KIT = const(("app.journal", "app.jsonfile", "app.gamescreen"))


class App:
    def __init__(self, hal):
        self.hal = hal
        self.fb = hal.display.fb
        hal.display.set_palette(ui.palette())
        self.settings = Settings(hal.storage)
        self.sound = Sound(hal.buzzer, self.settings)
        self.lights = Lights(hal.leds, self.settings)
        self.power = Power(self)  # dims and sleeps when idle (app/power.py)
        self.stack = []
        self.dirty = True
        self.now = 0
        self.frames = 0
        self.notice = self.settings.notice
        self.notice_until = 0
        self.menu_index = 0  # the main menu's cursor, kept while a game runs
        self.pending = None  # soon(): the slow work of the last press, done next frame
        self.pending_text = ""
        self.held = []  # presses that came after it in the same frame
        self.collect = False  # forget(later=True): collect at the next frame's start
        self.link = None  # link play's session (app.link.session), while one is open
        self.later = []  # after_frame(): work for when the frame being built is on screen
        self.apply_settings()
        # What is loaded now (the screen kit included) stays; modules screens import
        # later, the menu's among them, are dropped again when those screens close (see
        # purge), so during a game only the game's code is in RAM.
        from app import screen  # noqa: F401 (kept loaded on purpose)
        # The games' registry (shared_rules.registry with the build's catalog) stays too:
        # the menu, the boot's resume and history need it, and reading it from flash each
        # time the menu came back cost 45 ms as files (before the menu could answer).
        from app import games
        games.menu()
        from app.synclisten import SyncListener
        self.sync = SyncListener(self)
        self.core_modules = set(sys.modules)
        from app.boot import BootScreen
        self.push(BootScreen(self))

    # -- the screen stack ------------------------------------------------
    def top(self):
        return self.stack[-1]

    def push(self, screen):
        self.stack.append(screen)
        screen.enter()
        self.dirty = True

    def pop(self):
        """Closes the top screen; closing a game that stood alone returns to the menu."""
        closed = self.stack.pop()
        game = getattr(closed, "in_game", False)
        # first: the game's code leaves before the log's code comes in (collected at once:
        # leaving a game is work done after the press's answer already, see soon); what
        # another screen leaves is collected in the next frame, after this one is shown
        self.purge(not game)
        if game:
            self.after_game()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.push(self.main_menu())
        self.dirty = True

    def replace(self, screen):
        """Swaps the top screen for `screen` (already built, so nothing is purged: its
        modules were imported while the old screen's were still loaded)."""
        self.stack.pop()
        self.push(screen)

    def switch(self, factory, keep=None):
        """Starts a game from its setup screen: everything (setup and menu) is closed and
        purged first, so during play only the game's code is in RAM; the game's pop()
        brings the menu back. The game's code loads in the next frame (see soon). keep:
        a prefix of module names that stay loaded (link play's State was built from
        them: purged, the game would load a second copy)."""
        self.soon(lambda: self.play(factory, keep))

    def soon(self, work, text="Loading\u2026"):
        """Answers a press now and does its slow work at the start of the next frame:
        this frame shows `text` in a box over the frame on screen. For work that loads
        a screen's code (from flash as files it can take half a second) or writes the
        game log, so that no press goes unanswered for longer than a frame."""
        self.pending = work
        self.pending_text = text
        self.dirty = True

    def after_frame(self, work):
        """Runs work() once the frame being built is on screen: at the start of the next
        frame, before its presses. For a game's opening writes to flash (its save, the
        setup remembered: 100-250 ms as files), so its first frame does not wait for them
        and no move comes before them (a move made meanwhile waits with its save)."""
        self.later.append(work)

    def launch(self, factory):
        """Starts a game straight from the menu (the headless demos): as switch()."""
        self.play(factory)

    def play(self, factory, keep=None):
        if not self.room_for_a_game():
            return
        del self.stack[:]
        self.sync.drop()
        # what the setup screen (or room_for_a_game) loaded and the game uses stays
        self.close_log([n for n in sys.modules if n in _GAME_KIT or n.endswith(".descriptor")
                        or keep and n.startswith(keep)])
        try:
            screen = factory()
        except Exception:
            self.push(self.main_menu())  # never an empty stack: the caller says what failed
            raise
        self.push(screen)
        # loading the game's code left the heap full of garbage: collected once the first
        # frame is on screen (12 ms on the Pico), before the next frame's work
        self.collect = True

    def home(self):
        """Back to the main menu, dropping everything above it."""
        games = [s for s in self.stack if getattr(s, "in_game", False)]
        del self.stack[1:]
        self.purge()
        if games:
            self.after_game()
        if type(self.stack[0]).__name__ != "MainMenu":
            self.stack[0] = self.main_menu()
        self.stack[0].enter()
        self.dirty = True

    def main_menu(self):
        from app.menu import MainMenu
        return MainMenu(self)

    def room_for_a_game(self):
        """False (and the user is told to sync) while a finished game still waits for
        room in the full game log: a new game's save would overwrite it."""
        from app import journal
        if not journal.finished_waiting(self.hal.storage):
            return True
        from app import savegame
        return savegame.settle(self) in (None, "logged")

    def after_game(self):
        """A game screen closed: a game that just finished is stored in the game log
        (the game itself only marked its save finished); the log's code leaves again."""
        from app import savegame
        savegame.settle(self)
        self.close_log()

    def close_log(self, keep=()):
        """Closes the game log (opened by the boot check, settle, the history or a sync)
        and forgets the modules that used it: the menu and the games have no RAM to
        spare for them; whoever needs the log next opens it again. keep: as purge."""
        self.hal.storage.kocka_gamelog = None
        self.purge(keep=keep)

    def purge(self, later=False, keep=()):
        """Forgets modules imported since boot, but those named in `keep`. A module still
        used by a screen on the stack stays alive through that screen's objects; the rest
        is freed. Called when screens close (pop, home, switch), never while a new
        screen's modules are only reachable through sys.modules."""
        core = self.core_modules
        self.forget([name for name in sys.modules if name not in core and name not in keep],
                    later)

    def forget(self, names, later=False):
        """Forgets the modules `names` (purge's work; app.howto forgets just its own) and
        collects the garbage: at once, or (later) at the start of the next frame, so that
        the frame answering a press does not wait the 10-14 ms a collection takes."""
        for name in names:
            if name in sys.modules:
                del sys.modules[name]
                dot = name.rfind(".")
                if dot > 0:
                    parent = sys.modules.get(name[:dot])
                    if parent is not None and hasattr(parent, name[dot + 1:]):
                        delattr(parent, name[dot + 1:])
        if later:
            self.collect = True
        else:
            gc.collect()

    def invalidate(self):
        self.dirty = True

    # -- notices and settings --------------------------------------------
    def show_notice(self, text, ms=3000):
        self.notice = text
        self.notice_until = self.now + ms
        self.dirty = True

    def apply_settings(self):
        self.hal.display.backlight(self.settings.get("screen"))
        self.lights.apply_brightness()

    # -- the loop ----------------------------------------------------------
    def tick(self, now):
        """One frame at app time `now` (ms). Returns True if a frame was pushed."""
        self.advance(now)
        if not self.dirty:
            return False
        self.draw()
        self.hal.display.show()
        self.frames += 1
        return True

    def advance(self, now):
        """The frame's logic: input, the top screen's update (bots think here), sound, LEDs."""
        self.now = now
        # The sound's clock first: a tune a screen starts below is timed from this frame.
        # Updated after the screen, a note was timed from the previous frame, and on the
        # Pico, whose frames can take longer than a 90 ms beep, it ended at once.
        self.sound.update(now)
        later = self.later
        if later:
            self.later = []
            for work in later:
                work()
        if self.collect:
            self.collect = False
            gc.collect()
        work = self.pending
        if work is not None:
            self.pending = None
            work()
            self.dirty = True
            held = self.held
            while held and self.pending is None:
                self.stack[-1].on_event(held.pop(0))
        for ev in self.power.filter(self.hal.buttons.poll(now), now):
            if self.pending is None:
                self.stack[-1].on_event(ev)
            else:
                self.held.append(ev)
        self.sync.poll(now)
        if self.link is not None:
            self.link.poll(now)   # before the screen: a linked game sees what arrived
        power = self.power
        if power.asleep():
            if getattr(self.hal.serial, "in_session", False):
                power.wake()   # a PC syncs: the sync screen shows it
            else:
                self.dirty = False   # nothing is drawn for a screen that is off
                return
        self.stack[-1].update(now)
        self.lights.update(now)
        if self.notice and self.notice_until and now >= self.notice_until:
            self.notice = None
            self.dirty = True
        power.update(now)
        if power.asleep():
            self.dirty = False

    def draw(self):
        """Draws the top screen (and any notice) into the framebuffer."""
        self.dirty = False
        if self.pending is not None:
            # soon()'s answer: its box over the frame already on screen, not a redraw
            # (the frame costs a millisecond, and only the box's pixels are pushed)
            ui.toast(self.fb, self.pending_text)
            return
        self.stack[-1].draw(self.fb)
        if self.notice and self.notice_until:
            ui.toast(self.fb, self.notice)

    def run(self, wait=None):
        """The device main loop: a frame every FRAME_MS at most, the rest of it spent as
        rest() says, waiting in wait(ms) (default hal.sleep_ms; main.py passes
        hal.wait_for_input, which returns at a button's first change, so a press starts
        its frame at once)."""
        hal = self.hal
        if wait is None:
            wait = hal.sleep_ms
        last = hal.ticks_ms()
        now = 0
        due = 0
        while True:
            t = hal.ticks_ms()
            now += hal.ticks_diff(t, last)
            last = t
            self.tick(now)
            due = self.rest(t, wait, now, due)

    def rest(self, start, wait, now=0, due=0):
        """The rest of the frame begun at hal.ticks_ms() `start`, app time `now`: a garbage
        collection if one is due (app.idle_gc), then wait(ms) until the next frame is due;
        nothing while a press's slow work or after_frame's is pending (it starts at once).
        Returns when the next frame is due, in app time, for the next call's `due` (this
        frame's).

        Frames keep to a grid: the multiples of FRAME_MS in app time, the steps of the
        animations (their faces change at now // ui.ANIM_MS). A frame that ran long is
        followed at the next multiple; a frame a press woke before it was due leaves the
        grid as it was. (With the grid moved to each press, a roll's next face came in
        the frame a press woke early, and the frame after it, on the old grid, had
        nothing new: 55 ms between two pushes.) A top screen with wake_in(now) (ms to a
        moment it must show on time, or None) gets a frame then too, off the grid."""
        if self.pending is not None or self.later:
            return now
        hal = self.hal
        if self.power.asleep() and hasattr(hal, "doze"):
            hal.doze()   # returns once a key is down: the next frame wakes the app
            return now
        if now >= due:  # a frame on the grid, or late: not one a press woke early
            due = now - now % FRAME_MS + FRAME_MS
        end = due
        wake_in = getattr(self.stack[-1], "wake_in", None)
        if wake_in is not None:
            # a moment the screen must show on time (a countdown's second): a frame then,
            # off the grid (the grid stays, as for a press)
            w = wake_in(now)
            if w is not None and now + w < end:
                end = now + w
        ms = end - now - hal.ticks_diff(hal.ticks_ms(), start)
        # not while a linked guest waits for the host's answer to its press: it is due
        # within milliseconds, and the frame showing it would wait for the collection
        if (self.link is None or not self.link.awaiting()) and idle_gc.collect_if_due(ms):
            ms = end - now - hal.ticks_diff(hal.ticks_ms(), start)
        if ms > 0:
            if self.link is not None:   # linked: a message that came in ends the wait
                from app.link.wake import rest
                rest(hal, wait, ms, self.link.ports, self.link.unread)
            else:
                wait(ms)
        return due
