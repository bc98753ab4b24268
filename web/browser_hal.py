"""The HAL in a web page: the app under MicroPython's WebAssembly port, hardware in JavaScript.

The page (web/kocka.js) puts one object on `globalThis.kockaHal` before the app
starts; this module reaches it through the port's `js` module. Big byte buffers
never cross as objects: Python hands JavaScript the address of a buffer in the
WebAssembly memory (uctypes.addressof) and JavaScript reads or fills it in place.

    display   .buf as on the virtual HAL; set_palette() and show() tell the page,
              which turns the indices into the canvas's pixels
    buttons   the page keeps the raw pressed states (keyboard, mouse, touch,
              gamepad) as a bitmask, plus a latch of presses shorter than a frame;
              poll() feeds them through the device's debouncer (hal/debounce.py)
    leds      as the virtual HAL's; show() passes the 24 shown bytes to the page
    buzzer    tone()/off() start and stop the page's Web Audio square wave
    storage   one browser key per name (localStorage, or memory for a demo): a
              write or an append is one synchronous setItem of the whole new value,
              so it is durable and atomic before the call returns (see KvStorage)
Written in the MicroPython subset; it only runs under the WebAssembly port. It lives
beside the page, not in firmware/hal, so the device's bundle and image stay as they are;
`make web` puts it into the site next to the app's hal package.
"""

import uctypes

import js  # the WebAssembly port's bridge to JavaScript

from hal import api
from hal.debounce import Debouncer
from hal.virtual import NullSerial, VirtualBuzzer, VirtualDisplay, VirtualLeds

TMP = ".tmp"  # suffixes FileStorage reserves: refused here too, so names mean the same
NEW = ".new"


def _page():
    return js.kockaHal


class BrowserDisplay(VirtualDisplay):
    """The virtual HAL's frame, whose every change the page is told of by address."""

    def __init__(self, page):
        VirtualDisplay.__init__(self)
        self.page = page
        page.attachFrame(uctypes.addressof(self.buf), len(self.buf))

    def set_palette(self, rgb):
        VirtualDisplay.set_palette(self, rgb)
        self.page.setPalette(uctypes.addressof(self.palette), len(self.palette))

    def show(self):
        VirtualDisplay.show(self)
        self.page.show()

    def backlight(self, percent):
        VirtualDisplay.backlight(self, percent)
        self.page.backlight(percent)

    def sleep(self):
        VirtualDisplay.sleep(self)
        self.page.backlight(0)



class BrowserButtons:
    """Raw states from the page, debounced as on the device; demos inject events."""

    def __init__(self, page):
        self.page = page
        self.deb = Debouncer(api.NUM_BUTTONS)
        self.queue = []
        self.events = []

    def inject(self, ev):
        self.queue.append(ev)

    def poll(self, now_ms):
        ev = self.events
        del ev[:]
        ev.extend(self.deb.update(now_ms, self.page.takeButtons()))
        if self.queue:
            for e in self.queue:
                if api.kind_of(e) != api.RELEASED:
                    self.page.flash(api.button_of(e))
            ev.extend(self.queue)
            del self.queue[:]
        return ev

    def is_down(self, button):
        return self.deb.is_down(button)


class BrowserLeds(VirtualLeds):
    def __init__(self, page):
        VirtualLeds.__init__(self)
        self.page = page
        self.rgb = bytearray(3 * api.NUM_LEDS)

    def show(self):
        VirtualLeds.show(self)
        out = self.rgb
        for i in range(self.n):
            r, g, b = self.shown[i]
            out[3 * i] = r
            out[3 * i + 1] = g
            out[3 * i + 2] = b
        self.page.leds(uctypes.addressof(out), len(out))


class BrowserBuzzer(VirtualBuzzer):
    def __init__(self, page):
        VirtualBuzzer.__init__(self)
        self.page = page

    def tone(self, freq, volume):
        VirtualBuzzer.tone(self, freq, volume)
        self.page.tone(int(freq), int(volume))

    def off(self):
        VirtualBuzzer.off(self)
        self.page.tone(0, 0)


class KvStorage:
    """hal.storage over the page's key-value store (kockaHal.store: get, put, append,
    remove, names, size, free). Each name is one key holding the file's whole bytes,
    so write() replaces the value in one step: a reader sees the old bytes or the new,
    never a mix, and nothing like FileStorage's temp files is needed. append() adds to
    the value in one step too (stronger than the contract asks). localStorage writes
    are synchronous: when a call returns, the data is in the browser's storage, so a
    tab closed in the next instant keeps it."""

    def __init__(self, store):
        self.store = store

    @staticmethod
    def _check(name):
        if (not isinstance(name, str) or not name or name == "." or name == ".."
                or "/" in name or "\\" in name or name.endswith(TMP) or name.endswith(NEW)):
            raise ValueError("bad storage name: %r" % (name,))

    @staticmethod
    def _bytes(data):
        if isinstance(data, str):
            return data.encode()
        if isinstance(data, (bytes, bytearray)):
            return data
        return bytes(data)

    def read(self, name):
        self._check(name)
        got = self.store.get(name)
        if got is None:
            return None
        return bytes(got)

    def write(self, name, data):
        self._check(name)
        data = self._bytes(data)
        if not self.store.put(name, uctypes.addressof(data), len(data)):
            raise OSError(28, "browser storage full")  # ENOSPC: the quota is used up

    def append(self, name, data):
        self._check(name)
        data = self._bytes(data)
        if not self.store.append(name, uctypes.addressof(data), len(data)):
            raise OSError(28, "browser storage full")

    def remove(self, name):
        self._check(name)
        self.store.remove(name)

    def listdir(self):
        text = self.store.names()
        if not text:
            return []
        out = text.split("\n")
        out.sort()
        return out

    def size(self, name):
        self._check(name)
        return self.store.size(name)

    def free_bytes(self):
        return self.store.free()


class BrowserHal:
    firmware = "browser"
    sync_in_game = False

    def __init__(self, page=None):
        page = page or _page()
        self.page = page
        self.display = BrowserDisplay(page)
        self.buttons = BrowserButtons(page)
        self.leds = BrowserLeds(page)
        self.buzzer = BrowserBuzzer(page)
        self.storage = KvStorage(page.store)
        self.serial = NullSerial()
        self.clock = 0  # app time (ms): the page's frame clock, set before each tick
        import sys
        self.version = "browser: MicroPython %s, WebAssembly" % (
            ".".join(str(v) for v in sys.implementation.version[:3]),)

    def ticks_ms(self):
        return self.clock

    def ticks_diff(self, a, b):
        return a - b  # the page's clock does not wrap

    def sleep_ms(self, ms):
        pass  # the page paces the frames; a page must never block

    def random_seed(self):
        return self.page.randomSeed()

    def mem_free(self):
        return None  # the page's heap is not the device's: the figure would mislead

    def link_ports(self, host=False):
        return []  # a page has no link cable
