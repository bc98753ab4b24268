"""An in-process cable between the host's sync and the device's sync code, with faults.

The host's reads drive the device: each read pumps the device's poll() on a
virtual clock until bytes come back or the (virtual) timeout passes, so a
whole sync runs in one thread, deterministically and fast.

Faults are scheduled at byte offsets of the device-to-host stream (or the
host-to-device stream, for `corrupt_h2d`):
    pull       the cable is pulled: both ends stop hearing each other, the host's
               next read or write raises LinkLost
    corrupt    one byte is changed
    dup        the last `n` bytes are sent again
    drop       `n` bytes are lost
    reset      the device restarts: its RAM state is gone, it reopens its log
"""
from host.serialport import LinkLost


class DeviceSerial:
    """hal.serial of the simulated device: reads what the host wrote."""

    def __init__(self, wire):
        self.wire = wire
        self.sessions = 0

    def read_byte(self):
        w = self.wire
        if w.h2d_pos < len(w.h2d):
            b = w.h2d[w.h2d_pos]
            w.h2d_pos += 1
            return b
        return -1

    def write(self, data):
        self.wire.device_wrote(data)

    def begin_session(self):
        self.sessions += 1

    def end_session(self):
        pass


class Wire:
    def __init__(self, make_device, faults=(), step_ms=10):
        """make_device(serial) -> an object with poll(now_ms) (a SyncDevice)."""
        self.make_device = make_device
        self.serial = DeviceSerial(self)
        self.device = make_device(self.serial)
        self.h2d = bytearray()
        self.h2d_pos = 0
        self.d2h = bytearray()
        self.d2h_pos = 0
        self.sent = 0            # device->host bytes so far (fault offsets count these)
        self.h2d_total = 0
        self.faults = sorted(faults, key=lambda f: f[1])
        self.pulled = False
        self.clock_ms = 0
        self.step_ms = step_ms
        self.resets = 0
        self.limit_ms = 600 * 1000

    # -- the device side -----------------------------------------------------------
    def device_wrote(self, data):
        if self.pulled:
            return
        for b in bytes(data):
            self._emit(b)

    def _emit(self, b):
        while self.faults and self.faults[0][1] <= self.sent and self.faults[0][0] != "corrupt_h2d":
            kind, off, arg = self.faults.pop(0)
            if kind == "pull":
                self.pulled = True
                return
            if kind == "dup":
                self.d2h.extend(self.d2h[max(0, len(self.d2h) - arg):])
            elif kind == "drop":
                self._drop = arg
            elif kind == "reset":
                self._reset_pending = True
            elif kind == "corrupt":
                b = (b + 1 + arg % 255) & 0xFF
        if getattr(self, "_drop", 0):
            self._drop -= 1
            self.sent += 1
            return
        self.d2h.append(b)
        self.sent += 1

    def pump(self):
        """One device frame."""
        self.clock_ms += self.step_ms
        if self.clock_ms > self.limit_ms:
            raise AssertionError("the sync ran %d s of device time: a livelock" % (self.clock_ms // 1000))
        if getattr(self, "_reset_pending", False):
            self._reset_pending = False
            self.reset_device()
        self.device.poll(self.clock_ms)

    def reset_device(self):
        """A power cycle of the device: whatever it had not sent is gone."""
        self.resets += 1
        self.h2d_pos = len(self.h2d)
        self.device = self.make_device(self.serial)

    # -- the host side (a Link) ------------------------------------------------------
    def clock(self):
        return self.clock_ms / 1000.0

    def write(self, data):
        if self.pulled:
            raise LinkLost("cable pulled")
        for b in bytes(data):
            for f in list(self.faults):
                if f[0] == "corrupt_h2d" and f[1] == self.h2d_total:
                    b = (b + 1 + f[2] % 255) & 0xFF
                    self.faults.remove(f)
            self.h2d.append(b)
            self.h2d_total += 1

    def read(self, timeout):
        if self.pulled:
            raise LinkLost("cable pulled")
        end = self.clock_ms + max(1, int(timeout * 1000))  # time always moves on
        while True:
            if self.d2h_pos < len(self.d2h):
                out = bytes(self.d2h[self.d2h_pos:])
                self.d2h_pos = len(self.d2h)
                return out
            if self.pulled:
                raise LinkLost("cable pulled")
            if self.clock_ms >= end:
                return b""
            self.pump()

    def reset_input(self):
        self.d2h_pos = len(self.d2h)

    def reconnect(self):
        """Plugs the cable back in (the device kept running)."""
        self.pulled = False
        self.faults = []
        self.d2h_pos = len(self.d2h)
