"""A HAL with no hardware behind it: the headless runtime.

Used by `python -m simulator --headless`, by the MicroPython gate (the app
under real MicroPython with no board) and by tests; the pygame simulator
extends it with a window. Buttons take injected events; LEDs and tones are
recorded so tests can check them; link transports are plugged in
(`plug_link`). Written in the MicroPython subset.
"""

import framebuf

from hal import api
from hal.storage import FileStorage


class VirtualDisplay:
    """An indexed-colour frame in memory; pixel_rgb() reads it as the panel shows it."""

    def __init__(self):
        self.width = api.WIDTH
        self.height = api.HEIGHT
        self.buf = bytearray(api.FRAME_BYTES)
        self.fb = framebuf.FrameBuffer(self.buf, api.WIDTH, api.HEIGHT, framebuf.GS8)
        self.palette = bytes(3 * api.PALETTE_SIZE)
        self.frames = 0
        self.level = 100
        self.asleep = False

    def set_palette(self, rgb):
        if len(rgb) != 3 * api.PALETTE_SIZE:
            raise ValueError("a palette is 256 r, g, b triples")
        self.palette = bytes(rgb)

    def pixel_rgb(self, x, y):
        """The (r, g, b) shown at (x, y)."""
        i = 3 * self.buf[y * self.width + x]
        p = self.palette
        return (p[i], p[i + 1], p[i + 2])

    def show(self):
        self.frames += 1

    def backlight(self, percent):
        self.level = percent

    def sleep(self):
        self.asleep = True

    def wake(self):
        self.asleep = False


class VirtualButtons:
    """Buttons driven by `inject(ev)` (demos, fuzzers); `down` is what is_down reports."""

    def __init__(self):
        self.queue = []
        self.events = []
        self.down = [False] * api.NUM_BUTTONS

    def inject(self, ev):
        self.queue.append(ev)

    def poll(self, now_ms):
        ev = self.events
        del ev[:]
        if self.queue:
            ev.extend(self.queue)
            del self.queue[:]
        return ev

    def is_down(self, button):
        return self.down[button]


class VirtualLeds:
    def __init__(self):
        self.n = api.NUM_LEDS
        self.pixels = [(0, 0, 0)] * api.NUM_LEDS
        self.shown = [(0, 0, 0)] * api.NUM_LEDS
        self.brightness = 255

    def set(self, i, r, g, b):
        self.pixels[i] = (r, g, b)

    def fill(self, r, g, b):
        for i in range(self.n):
            self.pixels[i] = (r, g, b)

    def show(self):
        k = self.brightness
        for i in range(self.n):
            r, g, b = self.pixels[i]
            self.shown[i] = (r * k // 255, g * k // 255, b * k // 255)


class VirtualBuzzer:
    def __init__(self):
        self.freq = 0
        self.volume = 0
        self.tones = 0  # how many tones were started (tests check sound happened)

    def tone(self, freq, volume):
        self.freq = freq
        self.volume = volume
        self.tones += 1

    def off(self):
        self.freq = 0
        self.volume = 0


class NullSerial:
    def read_byte(self):
        return -1

    def write(self, data):
        pass

    def begin_session(self):
        pass

    def end_session(self):
        pass


class VirtualHal:
    """All parts virtual; `clock` is advanced by whoever drives the app."""

    version = "virtual"
    firmware = "simulator"
    sync_in_game = False   # as the app-as-files install (tests set it to act as the image)

    def __init__(self, data_dir, seed=1):
        self.display = VirtualDisplay()
        self.buttons = VirtualButtons()
        self.leds = VirtualLeds()
        self.buzzer = VirtualBuzzer()
        self.storage = FileStorage(data_dir)
        self.serial = NullSerial()
        self.clock = 0
        self._seed = seed
        self.links = []

    def link_ports(self, host=False):
        """The link transports plugged in (plug_link), in order; empty when none is (a
        simulator has no host-only port: `host` changes nothing)."""
        return self.links

    def plug_link(self, transport):
        """Wires a link transport (write, read; a TCP connection, a test's wire) to this
        device: it is then one of link_ports()."""
        self.links.append(transport)

    def ticks_ms(self):
        return self.clock

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.clock += ms

    def random_seed(self):
        self._seed += 1
        return self._seed

    def mem_free(self):
        return None
