"""The device side of the no-game-lost soak under real MicroPython (run by
tests/test_soak_no_game_lost.py): the same Board as the CPython soak (tests/soakboard.py:
the app's save and log code, power cuts, bit flips, a full flash, flaky reads), synced
by a small in-script host that stores what it receives durably before it acknowledges.

Prints `RESULT {json}`: the counts, and the invariant's violations (none expected):
every finished game is at the host once and unaltered, or still on the device, or was
destroyed by an injected flip and the host was told (a "damaged" gap).
"""
import json
import sys

from app import gamelog, savegame
from app.sync_device import SyncDevice
from shared_rules import records, syncproto as sp
from shared_rules.registry import game_class
from shared_rules.rng import Rng
from tests import soakboard
from tests.shared import toygame

try:
    from mpargs import ARGV   # set by tests/mp/mprun.mjs
except ImportError:
    ARGV = sys.argv
SEED = int(ARGV[1]) if len(ARGV) > 1 else 1
ROUNDS = int(ARGV[2]) if len(ARGV) > 2 else 30


class Rand:
    """random.Random's calls the Board makes, over the project's own Rng."""

    def __init__(self, seed):
        self.r = Rng(seed)

    def randrange(self, a, b=None):
        if b is None:
            a, b = 0, a
        return a + self.r.below(b - a)

    def random(self):
        return self.r.below(1 << 16) / 65536

    def choice(self, seq):
        return seq[self.r.below(len(seq))]

    def getrandbits(self, n):
        return ((self.r.bits16() << 16) | self.r.bits16()) & ((1 << n) - 1)


def lookup(name):
    return toygame.Race if name == "race" else game_class(name)


class Pipe:
    """hal.serial for the device: what the host wrote, and what the device sends."""

    def __init__(self):
        self.inbox = bytearray()
        self.out = bytearray()

    def read_byte(self):
        if self.inbox:
            b = self.inbox[0]
            self.inbox = self.inbox[1:]
            return b
        return -1

    def write(self, data):
        self.out.extend(data)

    def begin_session(self):
        pass

    def end_session(self):
        pass


class Host:
    """Stores each record (seq -> bytes) before it acknowledges; gaps with their reason."""

    def __init__(self):
        self.stored = {}
        self.gaps = []
        self.errors = 0

    def sync(self, board):
        board.st.kocka_gamelog = None
        log = gamelog.GameLog(board.st, lambda: board.rnd.getrandbits(32),
                              low_water=12 * 1024, reserve=8 * 1024)
        board.log = log
        pipe = Pipe()
        dev = SyncDevice(pipe, log, fw="soak")
        parser = sp.Parser(sp.HOST_MAX_FRAME)
        frames = []

        def talk(kind, obj, polls=200):
            pipe.inbox.extend(sp.encode_json_frame(kind, obj))
            for i in range(polls):
                dev.poll(i * 10, 1 << 16)
                for b in pipe.out:
                    fr = parser.feed(b)
                    if fr is not None:
                        frames.append(fr)
                pipe.out = bytearray()
                if not pipe.inbox and dev.stream is None:
                    break

        talk(sp.HELLO, {"v": 1})
        hello = sp.payload_json(frames[-1][1])
        epoch = hello["epoch"]
        since = max([0] + list(self.stored) + [g[1] for g in self.gaps])
        del frames[:]
        talk(sp.GET, {"since": since, "id": 1, "epoch": epoch}, 2000)
        want = since + 1
        for kind, payload in frames:
            if kind == sp.REC:
                sid, seq, raw = sp.parse_rec_payload(sp.unescape(payload).decode())
                if seq == want:
                    self.stored[seq] = raw
                    want = seq + 1
            elif kind == sp.GAP:
                m = sp.payload_json(payload)
                if m["from"] == want:
                    self.gaps.append((m["from"], m["to"], m["why"]))
                    want = m["to"] + 1
            elif kind == sp.ERR:
                self.errors += 1
                break            # unreadable: ask again at the next sync
        if want - 1 > 0:
            del frames[:]
            talk(sp.ACK, {"epoch": epoch, "seq": want - 1})
        talk(sp.BYE, {})


def check(board, host, destroyed, final):
    bad = []
    seen = {}
    for seq in host.stored:
        rec = records.decode(host.stored[seq])
        s = rec["seed"]
        if s in seen:
            bad.append("stored twice: %d" % s)
        seen[s] = rec
        if s not in board.finished:
            bad.append("never finished: %d" % s)
        elif [tuple(a) for a in rec["actions"]] != [tuple(a) for a in board.finished[s]]:
            bad.append("altered: %d" % s)
    on_device = {}
    try:
        for seq, data in board.log.iter_from(0):
            on_device[records.decode(data)["seed"]] = seq
    except gamelog.ReadError:
        return bad
    info = savegame.pending(board.st)
    if info is not None and info.get("done"):
        on_device[info["seed"]] = 0
    told = {}
    for a, b, why in host.gaps:
        if why == gamelog.DAMAGED:
            for n in range(a, b + 1):
                told[n] = 1
    missing = [s for s in board.finished if s not in seen and s not in on_device]
    if len(missing) > len(destroyed):
        bad.append("lost: %r" % (missing,))
    if final:
        for seq in destroyed:
            s = destroyed[seq]
            if s not in seen and s not in on_device and seq not in told:
                bad.append("destroyed, host not told: #%d" % seq)
        for s in on_device:
            if s not in seen:
                bad.append("left on the device: %d" % s)
    return bad


rnd = Rand(SEED)
board = soakboard.Board(rnd, rnd.choice([56, 80]) * 1024, lookup)
host = Host()
destroyed = {}
counts = {}
bad = []
for r in range(ROUNDS):
    what = rnd.choice(["play", "play", "burst", "cut", "flip", "flaky", "full", "sync", "sync"])
    counts[what] = counts.get(what, 0) + 1
    if what == "play":
        board.play(rnd.randrange(1, 30))
    elif what == "burst":
        for _ in range(rnd.randrange(5, 30)):
            board.play(1000)
    elif what == "cut":
        board.cut_soon()
        board.play(rnd.randrange(1, 30))
        board.st.tear = None
    elif what == "flip":
        board.flip(destroyed, host.stored)
    elif what == "flaky":
        board.st.read_fault = lambda n: rnd.random() < 0.05
        host.sync(board)
        board.st.read_fault = None
    elif what == "full":
        board.fill_flash(True)
        board.play(rnd.randrange(20, 80))
        board.fill_flash(False)
    else:
        host.sync(board)
    if board.st.dead:
        board.boot()
    bad += check(board, host, destroyed, False)
board.st.read_fault = None
board.fill_flash(False)
for _ in range(3):
    board.play(100000)
    host.sync(board)
bad += check(board, host, destroyed, True)
print("RESULT " + json.dumps({"implementation": sys.implementation.name, "counts": counts,
                              "finished": len(board.finished), "stored": len(host.stored),
                              "destroyed": len(destroyed), "ram_lost": board.ram_lost,
                              "bad": bad}))
