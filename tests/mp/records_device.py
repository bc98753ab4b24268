"""The device's game log, save and sync code under real MicroPython (run by test_records_mp.py).

Plays toy games into a FileStorage log, tears the last record, reopens, serves
a scripted sync session through an in-memory serial port, opens the history
screen, and prints `RESULT {json}` with what happened and the peak heap.
"""
import gc
import json
import sys

sys.path.insert(0, "/proj/tests_shared")
MICRO = sys.implementation.name == "micropython"


def heap():
    gc.collect()
    return gc.mem_alloc() if MICRO else 0


import os
try:
    import time
    ticks = time.ticks_ms
    diff = time.ticks_diff
except AttributeError:
    import time
    ticks = lambda: int(time.time() * 1000)
    diff = lambda a, b: a - b

from hal.storage import FileStorage
from app.gamelog import GameLog, frame
from app import gamelog, savegame
from app.sync_device import SyncDevice
from shared_rules import records, driver, syncproto as sp, verify
import toygame

base = heap()
root = "/data" if MICRO else (sys.argv[1] if len(sys.argv) > 1 else "/tmp/kocka-mp")
st = FileStorage(root)
n = [0]


def rnd():
    n[0] += 1
    return 12345 * n[0]


log = GameLog(st, rnd)
out = {"device": log.device, "epoch": log.epoch}
t0 = ticks()
for i in range(30):
    g = toygame.Race(3, seed=i + 1)
    acts = driver.play(g, [driver.RandomAgent(i * 3 + k) for k in range(3)])
    rec = records.make("", 0, 0, "race", g.options, i + 1, ["ANNA", "BEN", "CLARA"], acts,
                       g.scores(), started=0, ended=0, duration=1000)
    log.add(rec)
out["add_ms_per_game"] = diff(ticks(), t0) // 30
out["last"] = log.last

# a torn last record: append half a frame by hand, reopen
g = toygame.Race(2, seed=99)
acts = driver.play(g, [driver.RandomAgent(1), driver.RandomAgent(2)])
rec = records.make(log.device, log.epoch, 31, "race", g.options, 99, ["A", "B"], acts, g.scores())
fr = frame(records.encode(rec))
st.append(gamelog.seg_name(log.segs[-1]), fr[:len(fr) // 2])
log = GameLog(st, rnd)
out["after_tear_last"] = log.last
out["tear_notice"] = log.notice

# a save in progress, resumed
rc = savegame.Recorder(st, log)
g = toygame.Race(2, seed=7)
rc.start("race", g.options, 7, ["A", "B"], 0)
for t in range(0, 600, 100):
    a = g.legal_actions(g.current_player(), t)[0]
    g.apply(a)
    rc.action(a, t)
info = savegame.pending(st)
state, used = savegame.rebuild(info, lambda name: toygame.Race)
out["resume_ok"] = state.to_dict() == g.to_dict() and used == 6
# the journal's text lines: negative numbers, and a torn last line
rc.action((1, -5, 70000), 700)
st.append(savegame.JOURNAL, b"800 0 1 2 1")  # cut before its check and newline
info = savegame.pending(st)
out["journal_tail"] = [list(info["actions"][-1]), len(info["actions"]), info["torn"]]
savegame.clear(st)


class MemSerial:
    def __init__(self):
        self.inbox = bytearray()
        self.pos = 0
        self.out = bytearray()

    def read_byte(self):
        if self.pos < len(self.inbox):
            self.pos += 1
            return self.inbox[self.pos - 1]
        return -1

    def write(self, data):
        self.out.extend(data)

    def begin_session(self):
        pass

    def end_session(self):
        pass


ser = MemSerial()
dev = SyncDevice(ser, log, fw="mp")
peak = 0
now = 0


def warm():
    # a first session loads what the sync path imports lazily (json, binascii)
    global now
    ser.inbox.extend(sp.encode_frame(sp.HELLO, "{}") + sp.encode_frame(sp.GET, '{"since":28}'))
    for _ in range(20):
        now += 33
        dev.poll(now)
    ser.inbox.extend(sp.encode_frame(sp.BYE, "{}"))
    dev.poll(now)
    ser.out = bytearray()


warm()
sync_base = heap()
peak = sync_base
now = 0


def talk(kind, obj, polls=60):
    global now, peak
    ser.inbox.extend(b"MicroPython banner >>> ")
    ser.inbox.extend(sp.encode_frame(kind, json.dumps(obj)))
    for _ in range(polls):
        now += 33
        dev.poll(now)
        h = heap() - len(ser.out)
        if h > peak:
            peak = h


talk(sp.HELLO, {"v": 1})
talk(sp.GET, {"since": 10, "id": 5, "epoch": log.epoch})
talk(sp.ACK, {"seq": 30, "epoch": log.epoch}, 10)
talk(sp.TIME, {"unix": 1790000000}, 5)
talk(sp.BYE, {}, 5)

p = sp.Parser(sp.HOST_MAX_FRAME)
kinds = []
seqs = []
verified = 0
for b in ser.out:
    f = p.feed(b)
    if f is None:
        continue
    kinds.append(f[0] if f[0] != sp.ERR else f[1])
    if f[0] == sp.REC:
        sid, seq, raw = sp.parse_rec_payload(sp.unescape(f[1]).decode())
        seqs.append(seq)
        r = records.decode(raw)
        if verify.verify(r, lambda name: toygame.Race)[0]:
            verified += 1
out["sync_heap_extra"] = peak - sync_base
out["kinds"] = kinds
out["seqs"] = seqs
out["verified"] = verified
out["ack"] = log.ack
out["wall"] = gamelog.wall_now(now, log)
out["frame_errors"] = p.errors

# the history screen over this log (needs the display stack)
try:
    from hal.virtual import VirtualHal
    from app.app import App
    hal = VirtualHal(root, 1)
    app = App(hal)
    from app.history_screen import HistoryScreen
    gamelog.forget_shared()
    hs = HistoryScreen(app, gamelog.shared(hal.storage))
    app.push(hs)
    app.tick(0)
    out["history_items"] = [it.label() for it in hs.items][:3]
    out["history_count"] = len(hs.items)
except ImportError as e:
    out["history_error"] = str(e)

print("RESULT " + json.dumps(out))
