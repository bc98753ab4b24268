"""The device window: a loop at the device's frame rate that feeds input to the app and draws the device.

Keyboard (simulator/keymap.py) and mouse (press on button-down, release on
button-up, on the drawn controls) set raw button states; the HAL's buttons
debounce them as the device does. Each frame: the demo's before_frame (if
watching one), app.tick(now) with the real clock, then the painter draws the
body, the LEDs as the HAL shows them, the controls (lit while held) and the
screen. F12 saves the whole window to ./screenshots/; Escape or closing the
window quits. With serial="pty" the device's USB serial port is a pseudo-terminal
(simulator/serve.py's PtySerial): its path is printed as `SERIAL <path>`, shown
on the body and in the title, so `kocka sync --port <path>` syncs with the app.
"""
import os
import sys
import time

import pygame

from simulator import keymap, layout
from simulator.painter import Painter

FPS = 31  # about 1000 / app.FRAME_MS (32 ms): the device's rate
TITLE = "Kocka simulator"


class Window:
    def __init__(self, app, hal, surface, driver=None, screenshot_dir="screenshots", clock=None):
        self.app = app
        self.hal = hal
        self.surface = surface
        self.driver = driver
        self.screenshot_dir = screenshot_dir
        self.clock = clock or hal.ticks_ms  # app time in ms
        self.painter = Painter()
        self.frame = 0
        self.running = True
        self.mouse_button = None
        self.last_screenshot = None

    # -- input ----------------------------------------------------------------
    def handle(self, ev):
        buttons = self.hal.buttons
        if ev.type == pygame.QUIT:
            self.running = False
        elif ev.type == pygame.KEYDOWN:
            if ev.key == keymap.QUIT_KEY:
                self.running = False
            elif ev.key == keymap.SCREENSHOT_KEY:
                self.screenshot()
            elif ev.key in keymap.KEY_TO_BUTTON:
                buttons.key(keymap.KEY_TO_BUTTON[ev.key], True)
        elif ev.type == pygame.KEYUP:
            if ev.key in keymap.KEY_TO_BUTTON:
                buttons.key(keymap.KEY_TO_BUTTON[ev.key], False)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            b = layout.button_at(ev.pos)
            if b is not None:
                self.mouse_button = b
                buttons.mouse(b, True)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self.mouse_button is not None:
                buttons.mouse(self.mouse_button, False)
                self.mouse_button = None
        elif ev.type == pygame.WINDOWFOCUSLOST:
            buttons.release_all()  # keys released in another window never arrive here
            self.mouse_button = None

    # -- one frame ------------------------------------------------------------
    def step(self, now=None):
        """Handles pending input, runs one app frame at `now` (default: the clock), draws."""
        for ev in pygame.event.get():
            self.handle(ev)
        if not self.running:
            return False
        if now is None:
            now = self.clock()
        if self.driver is not None:
            self.driver.before_frame(self.frame)
        self.app.tick(now)
        flush = getattr(self.hal.serial, "flush", None)
        if flush is not None:
            flush()  # what the pty could not take while the app wrote
        self.draw(now)
        self.frame += 1
        return True

    def draw(self, now):
        b = self.hal.buttons
        self.painter.paint(self.surface, self.hal.display, self.hal.leds.shown,
                           b.lit(now), b.keys_held())
        pygame.display.flip()

    def run(self, frames=None):
        """The device's frame rate (FPS), until quit (or `frames` frames)."""
        ticker = pygame.time.Clock()
        while self.running and (frames is None or self.frame < frames):
            if not self.step():
                break
            ticker.tick(FPS)

    # -- screenshots ------------------------------------------------------------
    def screenshot(self, path=None):
        """Saves the whole window as PNG (default: screenshots/kocka-<timestamp>.png)."""
        if path is None:
            os.makedirs(self.screenshot_dir, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            ms = int(time.time() * 1000) % 1000
            path = os.path.join(self.screenshot_dir, "kocka-%s-%03d.png" % (stamp, ms))
        else:
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.surface, path)
        print("screenshot saved: %s" % (path,), flush=True)
        self.last_screenshot = path
        return path


def _icon():
    """A little red die for the window's icon."""
    s = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(s, (222, 52, 52), (2, 2, 28, 28), border_radius=6)
    for x, y in ((9, 9), (16, 16), (23, 23), (23, 9), (9, 23)):
        pygame.draw.circle(s, (250, 250, 250), (x, y), 3)
    return s


class NoDisplay(Exception):
    """No window can be shown here (no display, or SDL cannot open one)."""


OFF_SCREEN = ("offscreen", "dummy")  # SDL's drivers that draw where nobody sees it


def display_problem(env=None, platform=None):
    """Why no window can be shown, from the environment alone, or None. A video driver
    named in SDL_VIDEODRIVER is taken as asked for (dummy, offscreen: no window on
    purpose); on Linux and the BSDs a window needs DISPLAY (X11) or WAYLAND_DISPLAY."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER"):
        return None
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) \
            and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set: " \
               "over SSH?)"
    return None


def open_display():
    """The window's surface; NoDisplay when there is no display to show it on (SDL would
    otherwise fall back to its off-screen driver and run unseen)."""
    why = display_problem()
    if why:
        raise NoDisplay(why)
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in OFF_SCREEN and not os.environ.get("SDL_VIDEODRIVER"):
            raise NoDisplay("SDL found no display to open the window on (it would draw "
                            "off screen, with its %r driver)" % driver)
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(_icon())
        return pygame.display.set_mode((layout.WIDTH, layout.HEIGHT))
    except pygame.error as e:
        pygame.quit()
        raise NoDisplay("SDL cannot open a window (%s)" % (" ".join(str(e).split()) or "?"))
    except NoDisplay:
        pygame.quit()
        raise


def show_serial(win, path):
    """Prints `SERIAL <path>` (the line tools wait for) and shows the path in the window."""
    print("SERIAL %s" % (path,), flush=True)
    win.painter.set_serial(path)
    pygame.display.set_caption("%s - USB serial %s" % (TITLE, path))


def link_where(link):
    return getattr(link, "where", "")


def main(data_dir, demo_name=None, seed=None, frames=None, screenshot=None, sound=True,
         serial=None, demo_games=0, link=None):
    """The window command; returns the exit status. serial="pty": the USB serial port is a
    pty; demo_games: first store that many finished bots-only games (needs the pty);
    link: link play's transports (simulator/link_tcp.py's, from --link)."""
    from app.app import App
    from simulator import demos
    from simulator.sim_hal import WindowHal

    surface = open_display()
    hal = WindowHal(data_dir, seed, sound=sound, serial=serial)
    if link is not None:
        hal.links = link.ports()
        print("LINK %s %s" % (hal.links[0].role or "serial", link_where(link)), flush=True)
    try:
        if demo_games:
            from simulator import serve
            serve.store_demo_games(hal, demo_games, 1 if seed is None else seed)
        app = App(hal)
        driver = demos.start(app, demo_name, hal.random_seed() if seed is None else seed)
        win = Window(app, hal, surface, driver)
        print("Kocka simulator: storage in %s; F12 saves a screenshot, Esc quits" % (data_dir,),
              flush=True)
        if getattr(hal.serial, "path", None):
            show_serial(win, hal.serial.path)
        if sound and not hal.buzzer.audible:
            print("no audio device (%s): running silently" % (getattr(hal.buzzer, "error", "?"),),
                  flush=True)
        try:
            win.run(frames)
        except KeyboardInterrupt:  # Ctrl-C in the terminal: quit as Esc does
            pass
        if screenshot:
            win.screenshot(screenshot)
    finally:
        hal.close()
        if link is not None:
            link.close()
        pygame.quit()
    return 0
