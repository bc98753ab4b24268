"""Shared set-up for sync tests and the bench: a device (storage + log), a wire, a host DB."""
import random

from app.gamelog import GameLog, StorageFull
from app.sync_device import SyncDevice
from host import db
from host.sync import HostSync
from tests import recgen
from tests.fakestorage import MemStorage
from tests.synclink import Wire

NOW = 1790000000

_POOL = {}


def pooled_record(i, games=("race",)):
    """A finished game record dict (cached: bots are slow-ish)."""
    key = (i % 40, tuple(games))
    if key not in _POOL:
        _POOL[key] = recgen.game_record(key[0], list(games))
    return dict(_POOL[key])


class FakeSettings:
    def __init__(self):
        self.names = ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"]
        self.saved = 0

    def set_name(self, i, name):
        self.names[i] = name

    def save(self):
        self.saved += 1
        return True


class Device:
    """A simulated device: storage survives resets, everything else is rebuilt."""

    def __init__(self, storage=None, seed=1, **log_kw):
        self.storage = storage or MemStorage()
        self.rng = random.Random(seed)
        self.log_kw = log_kw
        self.settings = FakeSettings()
        self.log = self.open_log()
        self.stored = {}   # seq -> raw bytes of every record this device ever stored

    def open_log(self):
        return GameLog(self.storage, lambda: self.rng.getrandbits(32), **self.log_kw)

    def play(self, n, games=("race",)):
        """Stores n finished games; returns how many fit."""
        done = 0
        for _ in range(n):
            rec = pooled_record(self.rng.randrange(1000), games)
            try:
                seq = self.log.add(rec)
            except StorageFull:
                break
            self.stored[seq] = self.log.get(seq)
            done += 1
        return done

    def make_sync_device(self, serial):
        # a (re)started device reopens its log from flash
        self.log = self.open_log()
        return SyncDevice(serial, self.log, fw="test", settings=self.settings)

    def wire(self, faults=()):
        return Wire(self.make_sync_device, faults)

    def keys(self):
        return dict(((self.log.device, self.log.epoch, s), db.sha(raw))
                    for s, raw in self.stored.items())


def host_sync(wire, con, **kw):
    kw.setdefault("lookup", recgen.lookup)
    kw.setdefault("now", lambda: NOW)
    kw.setdefault("mono", wire.clock)
    kw.setdefault("rng", random.Random(5))
    return HostSync(wire, con, **kw)
