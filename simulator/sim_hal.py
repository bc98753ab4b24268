"""The window's HAL: the virtual HAL with a real clock, sound, window buttons and a serial hook.

Everything the app sees is the documented contract (hal/api.py). Display and
LEDs are the virtual ones (the window draws `display.buf` and `leds.shown`);
the buttons go through the device's debouncer (simulator/buttons.py); the
buzzer plays square waves (simulator/tones.py); the serial port comes from
simulator/serial_port.py (a pty with --pty, else NullSerial).
"""
import os
import platform
import time

from hal.virtual import VirtualHal
from simulator.buttons import WindowButtons
from simulator.serial_port import open_serial
from simulator.tones import ToneBuzzer


class WindowHal(VirtualHal):
    def __init__(self, data_dir, seed=None, sound=True, serial=None):
        VirtualHal.__init__(self, data_dir, 0 if seed is None else seed)
        self.entropy = seed is None  # no seed given: fresh seeds, as the device's os.urandom
        self.buttons = WindowButtons()
        self.buzzer = ToneBuzzer(enabled=sound)
        self.serial = open_serial(serial)
        self.t0 = time.monotonic()
        import pygame
        self.version = "simulator: CPython %s, pygame %s" % (platform.python_version(), pygame.version.ver)

    def ticks_ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)

    def random_seed(self):
        if self.entropy:
            return int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF
        return VirtualHal.random_seed(self)

    def close(self):
        self.buzzer.close()
        close = getattr(self.serial, "close", None)
        if close is not None:
            close()
