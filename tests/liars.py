"""Devices that lie: the real device sync code with one behaviour changed, for host tests.

    wire = liar_wire(dev, Spammer)          # dev: a tests.synchelp.Device
    wire = liar_wire(dev, Scripted, hello={"epoch": 2 ** 70})

Each class is a SyncDevice (so everything it does not override is the honest
device) on the simulated cable of tests/synclink.py.
"""
import json

from app.sync_device import SyncDevice
from shared_rules import syncproto as sp
from tests.synclink import Wire


def frame(kind, obj):
    return sp.encode_frame(kind, obj if isinstance(obj, str) else json.dumps(obj))


class Liar(SyncDevice):
    """Options: hello (fields merged into its HELLO), drop (frame types it never sends)."""

    hello_extra = {}
    drop = ()

    def _send(self, kind, payload):
        if kind in self.drop:
            return
        SyncDevice._send(self, kind, payload)

    def hello(self):
        h = SyncDevice.hello(self)
        h.update(self.hello_extra)
        return h


class Spammer(Liar):
    """Never ends a stream, and sends OK and ACKED frames every poll."""

    drop = (sp.END,)

    def poll(self, now, budget=2048):
        active = SyncDevice.poll(self, now, budget)
        if self.phase in ("sending", "done"):
            self.serial.write(frame(sp.OK, {"what": "TIME"}) + frame(sp.ACKED, {"seq": 0}))
        return active


class Repeater(Liar):
    """Answers every GET with its first records, over and over, never the rest."""

    def _get(self, msg):
        SyncDevice._get(self, msg)
        self.repeat = list(self.log.iter_from(0))[:2]

    def _pump(self, budget):
        for seq, data in self.repeat:
            self.serial.write(sp.encode_frame(sp.REC, sp.rec_payload(self.stream_id, seq, data)))


class Trickler(Liar):
    """An honest device that sends one record every `every_ms` of its clock."""

    every_ms = 2500

    def _pump(self, budget):
        if self.now - getattr(self, "last_sent", -10 ** 9) >= self.every_ms:
            self.last_sent = self.now
            SyncDevice._pump(self, 1)


class Unreadable(Liar):
    """Flash reads of game `bad` fail the first `times` times it is reached in a stream:
    the stream stops with ERR unreadable (nothing past bad - 1 is sent). `count` is a
    dict shared by every restart of the device: {"failures": n}."""

    bad = 3
    times = 2
    count = None

    def _pump(self, budget):
        spent = 0
        while self.stream is not None and spent < budget:
            if self.expect >= self.bad and self.count["failures"] < self.times \
                    and self.log.last >= self.bad:
                self.count["failures"] += 1
                self._send(sp.ERR, {"error": "unreadable", "seq": self.bad, "why": "EIO"})
                self.stream = None
                self.phase = "done"
                return
            before = self.sent
            SyncDevice._pump(self, 1)
            spent += 1 + 200 * (self.sent - before)


class Scripted(Liar):
    """Answers a GET with script(device, stream_id, since) -> [frame bytes] instead of its
    records; everything else is honest."""

    script = None

    def _get(self, msg):
        SyncDevice._get(self, msg)
        self.stream = None
        self.phase = "done"
        for fr in self.script(self, self.stream_id, msg.get("since")):
            self.serial.write(fr)


def liar_wire(dev, cls, faults=(), **attrs):
    """A cable to `dev`'s log served by a `cls` device with `attrs` set on it."""
    def make(serial):
        dev.log = dev.open_log()
        d = cls(serial, dev.log, fw="test", settings=dev.settings)
        for k, v in attrs.items():
            setattr(d, k, v)
        return d
    return Wire(make, faults)
