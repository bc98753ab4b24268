"""A hypothesis state machine: games, syncs, cable pulls at random byte offsets, damaged and
repeated frames, device resets mid-sync, a host killed between receiving and committing.

Invariant: the database never holds a record the device did not make, never holds one
twice, and holds every record the device was allowed to prune; after a clean sync it
holds exactly the device's records."""
import os
import random
import tempfile

from hypothesis import settings, strategies as st, HealthCheck
from hypothesis.stateful import RuleBasedStateMachine, rule, invariant, initialize

from host import db
from host.sync import SyncError, sync as run_sync
from tests import recgen
from tests.fakestorage import MemStorage
from tests.synchelp import Device, NOW


class HostKilled(Exception):
    pass


FAULTS = st.sampled_from(["pull", "corrupt", "dup", "drop", "reset", "corrupt_h2d"])


class SyncMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 1000), small=st.booleans())
    def setup(self, seed, small):
        self.tmp = tempfile.mkdtemp(prefix="kocka-sm-")
        self.path = os.path.join(self.tmp, "k.sqlite3")
        self.con = db.connect(self.path)
        storage = MemStorage(capacity=(40 if small else 400) * 1024)
        self.dev = Device(storage, seed=seed, low_water=12 * 1024, reserve=8 * 1024)
        self.rnd = random.Random(seed)

    def teardown(self):
        try:
            self.con.close()
        except Exception:
            pass

    def _kw(self, wire, **kw):
        kw.setdefault("lookup", recgen.lookup)
        kw.setdefault("now", lambda: NOW)
        kw.setdefault("mono", wire.clock)
        kw.setdefault("rng", random.Random(self.rnd.randrange(1 << 30)))
        kw.setdefault("batch", 7)
        return kw

    @rule(n=st.integers(1, 12))
    def play(self, n):
        self.dev.play(n)

    @rule()
    def reboot_device(self):
        self.dev.log = self.dev.open_log()

    @rule(kind=FAULTS, offset=st.integers(0, 6000), arg=st.integers(1, 300),
          kind2=FAULTS, offset2=st.integers(0, 6000))
    def sync_with_faults(self, kind, offset, arg, kind2, offset2):
        wire = self.dev.wire([(kind, offset, arg), (kind2, offset2, arg // 2 + 1)])
        try:
            run_sync(wire, self.con, **self._kw(wire))
        except SyncError:
            pass

    @rule(at_commit=st.integers(0, 3))
    def host_killed(self, at_commit):
        wire = self.dev.wire()
        count = [0]

        def kill(sync):
            if sync.pending:
                if count[0] >= at_commit:
                    raise HostKilled()
                count[0] += 1
        try:
            run_sync(wire, self.con, **self._kw(wire, before_commit=kill))
        except HostKilled:
            self.con.close()  # the process is gone: what was not committed is lost
            self.con = db.connect(self.path)

    @rule()
    def clean_sync(self):
        wire = self.dev.wire()
        run_sync(wire, self.con, **self._kw(wire))
        assert db.keys(self.con) == self.dev.keys()
        assert self.dev.log.ack == self.dev.log.last

    @invariant()
    def database_is_a_subset_with_everything_pruned(self):
        if not hasattr(self, "con"):
            return
        stored = db.keys(self.con)
        made = self.dev.keys()
        for k, h in stored.items():
            assert made.get(k) == h, "a record the device never made, or changed: %r" % (k,)
        log = self.dev.log
        for s in range(1, log.ack + 1):
            assert (log.device, log.epoch, s) in stored, "acked #%d is not in the database" % s
        present = set(seq for seq, _ in log.iter_from(0))
        for s in self.dev.stored:
            if s not in present:
                assert (log.device, log.epoch, s) in stored, "#%d pruned unsynced" % s
        n = self.con.execute("SELECT count(*) FROM games").fetchone()[0]
        assert n == len(stored)


SyncMachine.TestCase.settings = settings(
    max_examples=int(os.environ.get("KOCKA_SM_EXAMPLES", "60")), stateful_step_count=14,
    deadline=None, suppress_health_check=list(HealthCheck))
TestSyncFaults = SyncMachine.TestCase
