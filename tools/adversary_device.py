"""The device-side attack campaign of issue 12, as counts: how many games each kind of
attack loses or alters, on whatever code is checked out.

    python -m tools.adversary_device [--root CHECKOUT] [--quick]

--root runs the same attacks against another checkout's firmware/ and shared_rules/
(an older commit, to count "before"); the attacks use only calls every version has
(GameLog, savegame, journal, Settings, SyncDevice, the host's sync) and their own
fault injection, so the numbers compare. Prints one line per attack class and a JSON
summary. Seeded: two runs give the same counts.
"""
import argparse
import json
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Flash:
    """An in-memory flash (LittleFS-like block accounting) with flaky reads and flips."""

    def __init__(self, capacity=1408 * 1024, block=4096):
        self.files = {}
        self.capacity = capacity
        self.block = block
        self.read_fault = None

    def used(self, files=None):
        files = self.files if files is None else files
        return (2 + 2 * (len(files) // 32) +
                sum(max(1, -(-len(d) // self.block)) for d in files.values())) * self.block

    def _room(self, name, size):
        after = dict(self.files)
        after[name] = b"\0" * size
        if self.used(after) > self.capacity:
            raise OSError(28, "no space left on device")

    def read(self, name):
        if self.read_fault is not None and self.read_fault(name):
            raise OSError(5, "I/O error")
        d = self.files.get(name)
        return None if d is None else bytes(d)

    def write(self, name, data):
        self._room(name, len(data))
        self.files[name] = bytearray(data)

    def append(self, name, data):
        self._room(name, len(self.files.get(name, b"")) + len(data))
        self.files.setdefault(name, bytearray()).extend(data)

    def remove(self, name):
        if name not in self.files:
            raise OSError(2, "no such file")
        del self.files[name]

    def listdir(self):
        return sorted(self.files)

    def size(self, name):
        return len(self.files[name]) if name in self.files else -1

    def free_bytes(self):
        return max(0, self.capacity - self.used())

    def snapshot(self):
        return dict((k, bytes(v)) for k, v in self.files.items())

    def restore(self, snap):
        self.files = dict((k, bytearray(v)) for k, v in snap.items())
        for attr in ("kocka_gamelog", "kocka_unsaved"):
            if hasattr(self, attr):
                setattr(self, attr, None)


def race(seed):
    from tests.shared import toygame
    from shared_rules import driver
    g = toygame.Race(3, seed)
    acts = driver.play(g, [driver.RandomAgent(seed + i) for i in range(3)])
    return g, acts


def record(seed):
    from shared_rules import records
    g, acts = race(seed)
    return records.make("", 0, 0, "race", g.options, seed, ["ANNA", "BEN", "CLARA"], acts,
                        g.scores(), started=0, ended=0, duration=1000)


def new_log(st, rnd=None, **kw):
    from app.gamelog import GameLog
    st.kocka_gamelog = None
    r = rnd or random.Random(1)
    return GameLog(st, lambda: r.getrandbits(32), **kw)


def host_sync(st, con, log_kw, batch=100):
    """One `kocka sync` of the device on `st` (in-process cable); errors are swallowed."""
    from app.sync_device import SyncDevice
    from host.sync import sync, SyncError
    from tests.synclink import Wire
    from tests.synchelp import FakeSettings
    from tests import recgen

    def make(serial):
        return SyncDevice(serial, new_log(st, **log_kw), fw="x", settings=FakeSettings())
    wire = Wire(make)
    try:
        sync(wire, con, lookup=recgen.lookup, now=lambda: 1790000000, mono=wire.clock,
             rng=random.Random(3), batch=batch)
    except (SyncError, AssertionError, OSError):
        pass
    except Exception:
        pass
    return wire


def stored_seeds(con):
    from shared_rules import records
    return [records.decode(r[0])["seed"] for r in con.execute("SELECT raw FROM games")]


# -- the attacks ------------------------------------------------------------------------
def full_log(trials):
    """1. Syncing a log that is full (acks prune while the stream runs): games that never
    reach the database, even after another clean sync."""
    from host import db
    from app import gamelog
    lost = total = 0
    for t in range(trials):
        st = Flash(capacity=72 * 1024)
        kw = dict(low_water=16 * 1024, reserve=8 * 1024)
        log = new_log(st, **kw)
        made = []
        for i in range(3000):
            try:
                log.add(record(t * 10000 + i))
                made.append(t * 10000 + i)
            except gamelog.StorageFull:
                break
        con = db.connect(os.path.join(tempfile.mkdtemp(), "k.db"))
        host_sync(st, con, kw, batch=7)
        host_sync(st, con, kw)          # and once more: what never arrives is lost
        have = set(stored_seeds(con))
        lost += sum(1 for s in made if s not in have)
        total += len(made)
    return lost, total


def on_device(st, kw):
    from shared_rules import records
    try:
        log = new_log(st, **kw)
        return set(records.decode(d)["seed"] for _, d in log.iter_from(0))
    except Exception:
        return set()


def flaky_reads(trials, p=0.15):
    """2. Reads failing now and then during syncs: games that never reach the database,
    even after clean syncs; crashes opening the log."""
    from host import db
    lost = total = crashes = 0
    for t in range(trials):
        rnd = random.Random(t)
        st = Flash()
        kw = {}
        log = new_log(st)
        made = []
        for i in range(200):
            log.add(record(t * 1000 + i))
            made.append(t * 1000 + i)
        con = db.connect(os.path.join(tempfile.mkdtemp(), "k.db"))
        st.read_fault = lambda n: n.startswith("lg") and rnd.random() < p
        for _ in range(3):
            try:
                host_sync(st, con, kw)
            except Exception:
                crashes += 1
        st.read_fault = None
        host_sync(st, con, kw)
        host_sync(st, con, kw)
        have = set(stored_seeds(con))
        lost += sum(1 for s in made if s not in have)
        total += len(made)
        st.read_fault = lambda n: n.startswith("lg")
        try:
            new_log(st)
        except Exception:
            crashes += 1
        st.read_fault = None
    return lost, total, crashes


def meta_flips():
    """3a. Single-bit flips of the log's index: identity or ack changed."""
    st = Flash()
    log = new_log(st)
    for i in range(20):
        log.add(record(i))
    log.set_ack(12)
    want = (log.device, log.epoch, log.ack)
    good = st.snapshot()
    bad = reset = n = 0
    for bit in range(len(good["log.json"]) * 8):
        st.restore(good)
        st.files["log.json"][bit >> 3] ^= 1 << (bit & 7)
        try:
            again = new_log(st)
            got = (again.device, again.epoch, again.ack)
        except Exception:
            got = None
        n += 1
        if got is None or got[:2] != want[:2] or got[2] > want[2]:
            bad += 1       # a new identity (stored twice at the PC) or a raised ack
        elif got != want:
            reset += 1     # the ack lowered: safe, but the flip was not repaired
    return bad, reset, n


def save_flips(finished):
    """3b. Single-bit flips of save.json: a game in progress (or finished, waiting for
    room) that vanishes or comes back different."""
    from app import savegame
    from app.savegame import Recorder
    from shared_rules import driver
    from tests.shared import toygame
    st = Flash()
    log = new_log(st)
    rec = Recorder(st, log)
    g = toygame.Race(3, 5)
    agents = [driver.RandomAgent(5 + i) for i in range(3)]
    rec.start("race", g.options, 5, ["ANNA", "BEN", "CLARA"], now=1000)
    for k in range(10000 if finished else 12):
        if g.is_terminal():
            break
        p = g.current_player()
        a = agents[p].act(g, p, 1000 + k * 100)
        g.apply(a)
        rec.action(a, 1000 + k * 100)
    if finished:
        savegame.journal.Recorder.finish(rec, g.scores(), 99000)
    want = savegame.pending(st)
    keys = ("game", "seed", "players", "options", "actions", "done", "scores")
    good = st.snapshot()
    vanished = changed = n = 0
    for name in ("save.json", "save.jnl"):
        if name == "save.jnl" and not finished:
            continue
        for bit in range(len(good[name]) * 8):
            st.restore(good)
            st.files[name][bit >> 3] ^= 1 << (bit & 7)
            try:
                got = savegame.pending(st)
            except Exception:
                got = None
            n += 1
            if got is None:
                vanished += 1
            elif any(got.get(k) != want.get(k) for k in keys):
                changed += 1
    return vanished, changed, n


def full_flash(games):
    """4. Games played with the flash (nearly) full: exceptions out of the app."""
    from hal.virtual import VirtualHal
    from app.app import App
    from app.games.kocka10000.play import Kocka10000Play
    from hal import api
    escaped = 0
    for i in range(games):
        st = Flash()
        hal = VirtualHal(tempfile.mkdtemp(), 1)
        hal.storage = st
        app = App(hal)
        clock = [0]

        def tick():
            clock[0] += 33
            app.tick(clock[0])
        hal.buttons.inject(api.event(api.PRESSED, api.KEY_B))
        tick()
        tick()
        st.files["filler"] = bytearray(max(0, st.free_bytes() - (i % 4) * 4096 - 4096))
        try:
            app.launch(lambda: Kocka10000Play(app, ["human", "medium"], ["ANNA", "BOT"], {}, i))
            for k in range(400):
                b = [api.KEY_A, api.KEY_X, api.RIGHT, api.KEY_Y][k % 4]
                hal.buttons.inject(api.event(api.PRESSED, b))
                tick()
                hal.buttons.inject(api.event(api.RELEASED, b))
                tick()
        except OSError:
            escaped += 1
    return escaped, games


def torn_tails(trials):
    """5. A record cut at every offset by a power cut: the next game gets its number."""
    from app import gamelog
    from shared_rules import records
    reused = n = 0
    for t in range(trials):
        st = Flash()
        log = new_log(st)
        for i in range(6):
            log.add(record(t * 100 + i))
        snap = st.snapshot()
        nxt = record(t * 100 + 7)
        nxt.update({"device": log.device, "epoch": log.epoch, "seq": 7})
        fr = gamelog.frame(records.encode(nxt))
        name = gamelog.seg_name(log.segs[-1])
        for cut in range(0, len(fr), 7):
            st.restore(snap)
            st.files[name].extend(fr[:cut])
            meta = st.files.get("log.json")
            again = new_log(st)
            seq = again.add(record(t * 100 + 8))
            n += 1
            reused += seq <= 7 and cut > 0
            del meta
    return reused, n


def settings_attacks():
    """6. The Screen setting taken to 0 with the joystick; flipped settings files whose
    values change without the notice."""
    from app.settings import Settings
    from hal.virtual import VirtualHal
    from app.app import App
    hal = VirtualHal(tempfile.mkdtemp(), 1)
    app = App(hal)
    from app.settings_screen import SettingsScreen
    scr = SettingsScreen(app)
    app.push(scr)
    level = [it for it in scr.items if getattr(it, "key", None) == "screen"][0]
    for _ in range(12):
        level.change(app, -1)
    dark = app.settings.get("screen") < 10
    st = Flash()
    s = Settings(st)
    s.set("volume", 30)
    s.set("screen", 50)
    s.set_name(2, "ZOE")
    s.save()
    want = dict(s.values)
    good = st.snapshot()
    silent = n = 0
    for name in [k for k in good if k.startswith("settings")]:
        for bit in range(len(good[name]) * 8):
            st.restore(good)
            st.files[name][bit >> 3] ^= 1 << (bit & 7)
            got = Settings(st)
            n += 1
            silent += got.values != want and not got.notice
    return dark, silent, n


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=HERE, help="the checkout whose code is attacked")
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    for sub in ("", "firmware", "simulator/mpcompat"):
        sys.path.insert(0, os.path.join(root, sub))
    sys.path.insert(1, HERE)   # tests/ helpers from this checkout
    q = a.quick
    out = {}
    out["full_log_lost"] = full_log(1 if q else 3)
    print("1 full log synced: %d of %d games lost" % out["full_log_lost"])
    out["flaky_reads"] = flaky_reads(5 if q else 30)
    print("2 flaky reads (15%%): %d of %d games lost, %d crashes" % out["flaky_reads"])
    out["meta_flips"] = meta_flips()
    print("3a log.json bit flips: %d changed the id or epoch or raised the ack, %d lowered "
          "the ack, of %d" % out["meta_flips"])
    out["save_flips_in_progress"] = save_flips(False)
    print("3b save.json flips, game in progress: %d vanished, %d different, of %d"
          % out["save_flips_in_progress"])
    out["save_flips_finished"] = save_flips(True)
    print("3c save flips, finished game waiting: %d vanished, %d altered, of %d"
          % out["save_flips_finished"])
    out["full_flash"] = full_flash(8 if q else 24)
    print("4 full flash: %d of %d games raised out of the app" % out["full_flash"])
    out["torn_tails"] = torn_tails(2 if q else 6)
    print("5 torn tails: %d of %d cuts gave the cut number to the next game" % out["torn_tails"])
    out["settings"] = settings_attacks()
    print("6 settings: screen below 10: %s; %d of %d flips changed a value silently"
          % out["settings"])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
