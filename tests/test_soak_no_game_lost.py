"""A seeded soak of everything that can lose a game, mixed: full logs, flaky reads, power
cuts mid-write, bit flips in every stored file, a full flash, cable pulls and line damage,
device resets mid-sync, hosts killed before a commit, a device sending lies, and the PC's
side: a database whose first creation was killed, forged and replayed imports carrying the
device's id, and a device flash restored from an older backup.

The device here is the app's own save and log code (app.journal, app.savegame,
app.gamelog, app.sync_device) over an in-memory flash; games are played by bots through
the Recorder as a game screen does, and stored at the "menu" as the app does. The
invariant, checked after every sync and at the end:

- every finished game is in the database exactly once and unaltered, or still on the
  device (log, save, or held in RAM after a warning), or was destroyed on the flash by
  an injected bit flip and the host was told (a "damaged" gap);
- nothing leaves the device before the host has stored it (acked records are stored);
- a game kept as a conflicting copy (its number held with other content: a forged
  import, or a restored device's new game) counts as stored; a forged game is not the
  device's and is never counted as one;
- nothing raises out of either side but the host's SyncError.

Two exceptions, by design and counted: a finished game the device could keep only in RAM
(the flash was full; the player was told) is lost if the power goes before there is room;
and restoring an old flash backup takes away the games finished after it that no PC had.
"""
import base64
import copy
import json
import os
import random

import pytest

from app import gamelog, savegame
from app.gamelog import GameLog
from app.sync_device import SyncDevice
from host import db, importlog
from host.sync import SyncError, sync as run_sync
from shared_rules import records, syncproto as sp
from tests import hostdb, recgen, soakboard
from tests.synchelp import FakeSettings, NOW
from tests.synclink import Wire

ROUNDS = int(os.environ.get("KOCKA_SOAK_ROUNDS", "45"))


class HostKilled(Exception):
    pass


class Board(soakboard.Board):
    def __init__(self, rnd, capacity):
        soakboard.Board.__init__(self, rnd, capacity, recgen.lookup)

    # -- sync -------------------------------------------------------------------------------
    def sync_device(self, serial):
        # a device reset mid-sync reopens its log from flash
        self.st.kocka_gamelog = None
        self.log = GameLog(self.st, lambda: self.rnd.getrandbits(32), low_water=12 * 1024,
                           reserve=8 * 1024)
        return SyncDevice(serial, self.log, fw="soak", settings=FakeSettings())




class LyingWire(Wire):
    """A cable on which the device also sends frames that are lies: stale stream ids,
    huge numbers, wrong types, repeated HELLOs and OKs."""

    def __init__(self, make_device, faults, rnd, lies):
        Wire.__init__(self, make_device, faults)
        self.rnd = rnd
        self.lies = lies

    def pump(self):
        Wire.pump(self)
        if self.lies and self.rnd.random() < 0.02:
            self.lies -= 1
            big = self.rnd.choice([2 ** 63, 2 ** 70, -1, "x", None, 1.5])
            kind, obj = self.rnd.choice([
                (sp.GAP, {"id": -7, "from": 1, "to": big}),
                (sp.END, {"id": -7, "last": big}),
                (sp.ACKED, {"seq": big}),
                (sp.OK, {"what": "TIME"}),
                (sp.HELLO, {"device": "liar", "epoch": big}),
                (sp.REC, None),
            ])
            if kind == sp.REC:
                fr = sp.encode_frame(sp.REC, "999999 1 AAAA")
            else:
                fr = sp.encode_json_frame(kind, obj)
            self.d2h.extend(fr)


def check(board, con, destroyed, final=False, forged=()):
    stored = {}
    for raw, in con.execute("SELECT raw FROM games UNION ALL SELECT raw FROM conflicts"):
        if db.sha(raw) in forged:
            continue
        rec = records.decode(raw)
        assert rec["seed"] not in stored, "a game stored twice: seed %d" % rec["seed"]
        stored[rec["seed"]] = rec
    for seed, rec in stored.items():
        assert seed in board.finished, "a game the device never finished: %d" % seed
        assert [tuple(a) for a in rec["actions"]] == [tuple(a) for a in board.finished[seed]], \
            "game %d altered" % seed
    log = board.log
    on_device = set()
    try:
        for seq, data in log.iter_from(0):
            on_device.add(records.decode(data)["seed"])
    except gamelog.ReadError:
        return  # cannot look right now (a flaky read); the next check will
    info = savegame.pending(board.st)
    if info is not None and info.get("done"):
        on_device.add(info["seed"])
    gaps = con.execute("SELECT first, last, why FROM gaps").fetchall()
    missing = []
    for seed in board.finished:
        if seed in stored or seed in on_device:
            continue
        missing.append(seed)
    # a missing game must be a destroyed record the host was told about
    told = set()
    for a, b, why in gaps:
        if why == gamelog.DAMAGED:
            told.update(range(a, b + 1))
    assert len(missing) <= len(destroyed), "games lost: %r (destroyed %r)" % (
        missing, sorted(destroyed))
    if final:
        for seq, seed in destroyed.items():
            assert seed in stored or seed in on_device or seq in told, (
                "game %d (#%d) destroyed and the host was not told" % (seed, seq), gaps)
        assert not on_device - set(stored), "a finished game left on the device"


JUNK = [recgen.game_record(i) for i in range(5)]


def forge(board, con, rnd, forged, replays):
    """Imports a file that carries the device's id and epoch: a gap or a junk game at a
    number it has not reached or not synced yet, its own log as exported, or a file
    imported before, again."""
    log = board.log
    doc = {"format": "kocka-log", "version": 1, "device": log.device, "epoch": log.epoch,
           "records": [], "gaps": []}
    how = rnd.choice(["gap", "junk", "export", "replay"])
    ahead = log.last + rnd.randrange(0, 400)
    if how == "gap":
        first = rnd.choice([log.ack + 1, ahead])
        doc["gaps"] = [[first, max(first, ahead), rnd.choice(["pruned", "damaged", "x"])]]
    elif how == "junk":
        rec = dict(rnd.choice(JUNK), device=log.device, epoch=log.epoch,
                   seq=rnd.choice([max(1, log.ack + 1), max(1, log.last), ahead + 1]))
        raw = records.encode(rec)
        forged.add(db.sha(raw))
        doc["records"] = [{"seq": rec["seq"], "data": base64.b64encode(raw).decode()}]
    elif how == "export":
        try:
            doc["records"] = [{"seq": q, "data": base64.b64encode(d).decode()}
                              for q, d in log.iter_from(0)]
        except gamelog.ReadError:
            return
    elif replays:
        doc = rnd.choice(replays)
    replays.append(doc)
    device, epoch, recs, gaps = importlog.parse(json.dumps(doc).encode())
    importlog.store_all(con, device, epoch, recs, gaps, recgen.lookup, now=NOW)


def restore(board, backup, con, destroyed):
    """The device's flash as `backup` held it: the games finished since that no PC has
    are gone with it (the user's restore took them); returns how many."""
    have = set()
    for raw, in con.execute("SELECT raw FROM games UNION ALL SELECT raw FROM conflicts"):
        try:
            have.add(records.decode(raw)["seed"])
        except records.RecordError:
            pass
    board.st.files = copy.deepcopy(backup["files"])
    board.st.kocka_unsaved = None
    board.maybe = None
    taken = [seed for seed in board.finished if seed not in backup["finished"]
             and seed not in have]
    for seed in taken:
        del board.finished[seed]
    for seq in [q for q, seed in destroyed.items() if seed not in board.finished]:
        del destroyed[seq]
    board.boot()
    return len(taken)


def db_whose_creation_was_killed(path, rnd):
    """A database a `kocka` command was killed while first making (at a random SQL
    statement), then opened as the next command opens it."""
    if hasattr(os, "fork"):
        hostdb.killed_at(rnd.randrange(1, 30), ["--db", path, "players", "add", "ANNA"])
    return db.connect(path)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_soak_every_finished_game_reaches_the_database_once_or_stays(tmp_path, seed):
    rnd = random.Random(seed)
    path = str(tmp_path / "k.sqlite3")
    con = db_whose_creation_was_killed(path, rnd)
    forged = set()    # sha256 of the junk games forged files carried
    replays = []      # files imported before, to import again
    backup = None     # a copy of the device's flash, to restore
    board = Board(rnd, capacity=rnd.choice([56, 80, 120]) * 1024)
    destroyed = {}    # seq -> seed of each record a flip hit before the host had it
    counts = {}

    def stored_seqs():
        return set(r[0] for r in con.execute("SELECT seq FROM games"))

    def sync(faults=(), kill_at=None, lies=0):
        wire = LyingWire(board.sync_device, faults, rnd, lies)
        kills = [0]

        def kill(s):
            if kill_at is not None and s.pending:
                if kills[0] >= kill_at:
                    raise HostKilled()
                kills[0] += 1
        try:
            run_sync(wire, con, lookup=recgen.lookup, now=lambda: NOW, mono=wire.clock,
                     rng=random.Random(rnd.randrange(1 << 30)), batch=rnd.choice([5, 50]),
                     before_commit=kill)
        except SyncError:
            counts["sync_error"] = counts.get("sync_error", 0) + 1
        except HostKilled:
            counts["host_killed"] = counts.get("host_killed", 0) + 1
            return "killed"
        # what the device acked must be stored
        acked = board.log.ack
        have = stored_seqs()
        for s in range(board.log.first_seq(), acked + 1):
            try:
                present = board.log.get(s) is not None
            except gamelog.ReadError:
                continue   # a flaky read: this check is made again after the next sync
            if present:
                assert s in have, "#%d acked but not stored" % s

    for r in range(ROUNDS):
        what = rnd.choice(["play", "play", "play", "burst", "cut", "flip", "flaky", "full",
                           "sync", "sync_faults", "kill", "lies", "forge", "forge",
                           "backup", "restore"])
        counts[what] = counts.get(what, 0) + 1
        if what == "play":
            board.play(rnd.randrange(1, 30))
        elif what == "burst":       # fill the log: many games without a sync
            for _ in range(rnd.randrange(10, 60)):
                board.play(1000)
        elif what == "cut":
            board.cut_soon()
            board.play(rnd.randrange(1, 30))
            board.st.tear = None
            if board.st.dead:
                board.boot()
        elif what == "flip":
            board.flip(destroyed, stored_seqs())
        elif what == "flaky":
            board.st.read_fault = lambda n, p=rnd.choice([0.02, 0.1]): rnd.random() < p
            board.play(rnd.randrange(1, 30))
            sync()
            board.st.read_fault = None
        elif what == "full":
            board.fill_flash(True)
            board.play(rnd.randrange(20, 80))
            board.fill_flash(False)
        elif what == "sync":
            sync()
        elif what == "sync_faults":
            kinds = ["pull", "corrupt", "dup", "drop", "reset", "corrupt_h2d"]
            sync([(rnd.choice(kinds), rnd.randrange(6000), rnd.randrange(1, 300))
                  for _ in range(2)])
        elif what == "kill":
            if sync(kill_at=rnd.randrange(3)) == "killed":
                con.close()   # the process is gone: what was not committed is lost
                con = db.connect(path)
        elif what == "lies":
            sync(lies=5)
        elif what == "forge":
            forge(board, con, rnd, forged, replays)
        elif what == "backup" and savegame.pending(board.st) is None:
            # between games: a save restored with it would replay a game already finished
            # as another game with the same seed, which this check cannot tell apart
            backup = {"files": copy.deepcopy(board.st.files), "finished": set(board.finished)}
        elif what == "restore" and backup is not None:
            counts["restored_away"] = counts.get("restored_away", 0) + restore(
                board, backup, con, destroyed)
            board.play(rnd.randrange(1, 30))
        if board.st.dead:
            board.boot()
        check(board, con, destroyed, forged=forged)
    # the end: every fault off, the games finish and reach the PC
    board.st.read_fault = None
    board.fill_flash(False)
    for _ in range(3):
        board.play(100000)
        sync()
    check(board, con, destroyed, final=True, forged=forged)
    print("soak", seed, counts, "finished", len(board.finished), "destroyed", len(destroyed),
          "ram_lost", board.ram_lost)
    con.close()


@pytest.mark.micropython
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_soak_device_side_under_micropython(seed):
    """The device half of the invariant on the real MicroPython (WebAssembly port)."""
    import json
    from tests.mpgate import ROOT, run_mp
    script = os.path.join(ROOT, "tests", "mp", "soak_device.py")
    proc = run_mp(script, args=(seed, 40), extra_mounts=("tests:tests",), timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")][0]
    r = json.loads(line[7:])
    assert r["implementation"] == "micropython"
    assert r["bad"] == [] and r["finished"] > 0
    assert r["stored"] + r["destroyed"] >= r["finished"]
