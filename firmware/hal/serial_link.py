"""The USB serial link (USB CDC, the same port as the REPL), never blocking the game loop.

read_byte() asks the poller with a zero timeout whether stdin has a byte and
reads exactly one into a preallocated buffer, returning -1 when nothing waits;
write() sends bytes to stdout's binary buffer (sys.stdout itself if there is
none). Where the poller has MicroPython's ipoll(), that is used, because it
reuses its result tuple instead of building a list on every call.

begin_session() turns off the REPL's Ctrl-C handling (micropython.kbd_intr(-1)),
because the sync protocol's binary frames may contain 0x03, which would
otherwise raise KeyboardInterrupt in the app; end_session() turns it back on
(kbd_intr(3)), so mpremote can interrupt the app again.

stdin, stdout, the poller and kbd_intr can be injected (tests drive it with
fakes); the defaults are sys.stdin, sys.stdout, select.poll() and
micropython.kbd_intr.
"""

from micropython import const

import select
import sys

import micropython

_CTRL_C = const(3)


class SerialLink:
    def __init__(self, stdin=None, stdout=None, poller=None, kbd_intr=None):
        if stdin is None:
            stdin = sys.stdin
        if stdout is None:
            stdout = sys.stdout
        if poller is None:
            poller = select.poll()
            poller.register(stdin, select.POLLIN)
        self._in = getattr(stdin, "buffer", stdin)
        self._out = getattr(stdout, "buffer", stdout)
        self._poller = poller
        self._ipoll = getattr(poller, "ipoll", None)
        self._readinto = getattr(self._in, "readinto", None)
        self._kbd_intr = kbd_intr if kbd_intr is not None else micropython.kbd_intr
        self._one = bytearray(1)
        self.in_session = False

    def _ready(self):
        if self._ipoll is not None:
            for entry in self._ipoll(0):
                if entry[1] & select.POLLIN:
                    return True
            return False
        for entry in self._poller.poll(0):
            if entry[1] & select.POLLIN:
                return True
        return False

    def waiting(self):
        """True when a byte waits on the line (nothing is read): hal.doze wakes for it."""
        return self._ready()

    def read_byte(self):
        if not self._ready():
            return -1
        if self._readinto is not None:
            if not self._readinto(self._one):
                return -1
            return self._one[0]
        data = self._in.read(1)
        if not data:
            return -1
        return data[0] if isinstance(data, (bytes, bytearray)) else ord(data)

    def write(self, data):
        self._out.write(data)

    def begin_session(self):
        self._kbd_intr(-1)
        self.in_session = True

    def end_session(self):
        self._kbd_intr(_CTRL_C)
        self.in_session = False
