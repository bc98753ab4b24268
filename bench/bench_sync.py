"""Records and sync: record sizes and flash capacity, sync throughput over a pty for 2,000
records, and how fast a sync picks up again after the cable is pulled.

The device side is the simulator's sync server (`python -m simulator.serve`: the device's
own firmware/app code over a pty); the host side is host/sync.py with a real pyserial port,
verification by replay and SQLite commits included.
"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

PLATFORMS = ("host", "wasm")  # what it measures on (bench.common.platform_meta)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = 2000
PULL_AT = 1000
POOL = 48


def _pool():
    from tests import recgen
    games = recgen.installed() or ["race"]
    return games, [recgen.game_record(i, games) for i in range(POOL)]


def _p90(xs):
    xs = sorted(xs)
    return xs[int(0.9 * (len(xs) - 1) + 0.5)]


def record_sizes(games, pool):
    """Bytes per record by game: the bots' games as played, and with device-like times
    (tests/devicetime.py: millisecond stamps, a wall clock)."""
    from shared_rules import records
    from tests.devicetime import device_like

    def size(r):
        return len(records.encode(dict(r, device="0a1b2c3d", epoch=123456789, seq=1500)))
    by_game = {}
    for i, r in enumerate(pool):
        by_game.setdefault(r["game"], []).append(
            (size(r), size(device_like(r, i)), len(r["actions"])))
    out = {}
    for g, rows in sorted(by_game.items()):
        out[g] = {"bytes_median": statistics.median(s for s, _, _ in rows),
                  "bytes_p90": _p90(s for s, _, _ in rows),
                  "bytes_max": max(s for s, _, _ in rows),
                  "device_like_bytes_median": statistics.median(d for _, d, _ in rows),
                  "device_like_bytes_p90": _p90(d for _, d, _ in rows),
                  "actions_median": statistics.median(a for _, _, a in rows)}
    return out


def bundle_bytes():
    try:
        from tools.build_bundle import build
    except ImportError:
        return None
    tmp = tempfile.mkdtemp(prefix="kocka-bundle-")
    build(tmp)
    total = 0
    for dirpath, _, files in os.walk(tmp):
        for f in files:
            total += (os.path.getsize(os.path.join(dirpath, f)) + 4095) // 4096 * 4096
    return total


def capacity(pool, fs_bytes):
    """Games that fit before 'storage full' on a LittleFS-like model of `fs_bytes`."""
    from app.gamelog import GameLog, StorageFull
    from tests.fakestorage import MemStorage
    st = MemStorage(capacity=fs_bytes)
    st.files["settings.json"] = bytearray(200)
    log = GameLog(st, lambda: 7)
    n = 0
    try:
        while True:
            log.add(dict(pool[n % len(pool)]))
            n += 1
    except StorageFull:
        pass
    return n


def make_device_dir(path, pool, n):
    from hal.storage import FileStorage
    from app.gamelog import GameLog
    rnd = random.Random(3)
    log = GameLog(FileStorage(path), lambda: rnd.getrandbits(32))
    for i in range(n):
        log.add(dict(pool[i % len(pool)]))
    return log


class Server:
    def __init__(self, data):
        env = dict(os.environ, PYTHONPATH=ROOT)
        self.proc = subprocess.Popen([sys.executable, "-m", "simulator.serve", "--data", data],
                                     cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert line.startswith("SERIAL "), line
        self.port = line.split()[1]

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)


class PullingLink:
    """A serial link that 'loses the cable' after `after` bytes have been read."""

    def __init__(self, link, after):
        self.link = link
        self.after = after
        self.got = 0

    def write(self, data):
        self.link.write(data)

    def read(self, timeout):
        from host.serialport import LinkLost
        data = self.link.read(timeout)
        self.got += len(data)
        if self.got > self.after:
            raise LinkLost("bench: cable pulled")
        return data

    def reset_input(self):
        self.link.reset_input()


def timed_sync(port, dbpath, lookup, after=None, first=None):
    from host import db, serialport
    from host.sync import SyncError, sync
    con = db.connect(dbpath)
    link = serialport.open_link(port)
    if after is not None:
        link = PullingLink(link, after)
    marks = {}
    t0 = time.perf_counter()

    def progress(done, total, what="received"):
        if "first" not in marks:
            marks["first"] = time.perf_counter() - t0
        if what == "checked" and "transfer" not in marks:
            marks["transfer"] = time.perf_counter() - t0
    try:   # as `kocka sync` runs it: a sync that stops keeps what it took
        res = sync(link, con, lookup=lookup, progress=progress, set_clock=False)
        ok = True
    except SyncError:
        res = None
        ok = False
    dt = time.perf_counter() - t0
    (link.link if after is not None else link).close()
    n = con.execute("SELECT count(*) FROM games").fetchone()[0]
    con.close()
    timed_sync.transfer = marks.get("transfer", dt)
    return ok, dt, marks.get("first"), res, n


MP_RESUME = r'''
import gc, time, json
import resume_data as D
from hal.storage import FileStorage
from app import savegame
from app.gamelog import GameLog
from shared_rules.registry import game_class
from shared_rules import records
st = FileStorage("/data")
out = {}
for name, seed, n, actions, scores in D.GAMES:
    rec = savegame.Recorder(st, GameLog(st, lambda: 5))
    cls = game_class(name)
    rec.start(name, cls.DEFAULT_OPTIONS, seed, ["P%d" % i for i in range(n)], 0)
    t = time.ticks_ms()
    for a in actions:
        rec.action(tuple(a), 0)
    save_ms = time.ticks_diff(time.ticks_ms(), t)
    t = time.ticks_ms()
    info = savegame.pending(st)
    state, used = savegame.rebuild(info)
    resume_ms = time.ticks_diff(time.ticks_ms(), t)
    assert used == len(actions) and state.is_terminal() and list(state.scores()) == scores
    t = time.ticks_ms()
    seq = rec.finish(scores, 1000)
    finish_ms = time.ticks_diff(time.ticks_ms(), t)
    out[name] = {"actions": len(actions), "save_ms_per_action": save_ms / len(actions),
                 "resume_ms": resume_ms, "finish_ms": finish_ms}
print("RESULT " + json.dumps(out))
'''


MP_CRC = r'''
import time, json
from shared_rules import crc32
data = bytes(range(256)) * 4
best = None
for _ in range(7):  # the best of 7 rounds of 30: the least disturbed by the machine
    t = time.ticks_us()
    for _ in range(30):
        crc32.crc32_py(data)
    dt = time.ticks_diff(time.ticks_us(), t) / 30
    best = dt if best is None or dt < best else best
py_us = best
print("RESULT " + json.dumps({"crc32_py_us_per_kb": py_us}))
'''


def micropython_crc():
    """The pure-Python CRC-32 (the path where binascii has no crc32) under MicroPython
    (WebAssembly): microseconds per KB. On the Pico binascii.crc32 replaces it."""
    import json
    from tests.mpgate import node_available, run_mp
    if not node_available():
        return None
    tmp = tempfile.mkdtemp(prefix="kocka-bench-crc-")
    script = os.path.join(tmp, "crc.py")
    with open(script, "w") as f:
        f.write(MP_CRC)
    proc = run_mp(script, mounts=("shared_rules",))
    if proc.returncode != 0:
        return {"error": proc.stderr[-500:]}
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    out = json.loads(line[7:])
    out["crc32_py_us_per_kb"] = round(out["crc32_py_us_per_kb"])
    return out


def micropython_resume(pool):
    """Saving after every action, resuming (read + replay) and storing at the end, under
    MicroPython (WebAssembly); the Pico is roughly 8-13x slower."""
    import json
    from tests.mpgate import node_available, run_mp
    if not node_available():
        return None
    tmp = tempfile.mkdtemp(prefix="kocka-bench-mp-")
    games = []
    seen = set()
    for r in pool:
        if r["game"] in seen or r["game"] == "race":
            continue
        seen.add(r["game"])
        games.append((r["game"], r["seed"], len(r["players"]), [list(a) for a in r["actions"]],
                      r["scores"]))
    os.makedirs(os.path.join(tmp, "data"))
    with open(os.path.join(tmp, "data", "resume_data.py"), "w") as f:
        f.write("GAMES = " + json.dumps(games) + "\n")
    script = os.path.join(tmp, "resume.py")
    with open(script, "w") as f:
        f.write(MP_RESUME)
    proc = run_mp(script, extra_mounts=(os.path.join(tmp, "data", "resume_data.py") + ":resume_data.py",))
    if proc.returncode != 0:
        return {"error": proc.stderr[-500:]}
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    return json.loads(line[7:])


def run():
    from host import db
    from tests import recgen
    from shared_rules import records, verify
    games, pool = _pool()
    out = {"games": games}
    out["record_bytes"] = record_sizes(games, pool)
    allb = [len(records.encode(dict(r, device="0a1b2c3d", epoch=123456789, seq=1500)))
            for r in pool]
    out["record_bytes_mean"] = round(sum(allb) / len(allb))
    fs = 1408 * 1024
    bundle = bundle_bytes()
    out["firmware_bundle_bytes"] = bundle
    free = fs - (bundle or 420 * 1024)
    out["capacity_games"] = capacity(pool, free)
    out["capacity_fs_bytes_for_games"] = free
    from tests.devicetime import device_like
    cubo = [r for r in pool if r["game"] == "cubo"]
    if cubo:
        # the largest records: Cubo alone, as played and with device-like times
        out["capacity_games_cubo"] = capacity(cubo, free)
        out["capacity_games_cubo_device_like"] = capacity(
            [device_like(r, i) for i, r in enumerate(cubo)], free)

    # verification alone (replay), to separate it from the transfer
    t = time.perf_counter()
    for r in pool:
        verify.verify(records.decode(records.encode(dict(r, device="x", epoch=1, seq=1))),
                      recgen.lookup)
    out["verify_ms_per_record"] = round((time.perf_counter() - t) * 1000 / len(pool), 2)

    out["micropython_save_resume"] = micropython_resume(pool)
    out["micropython_crc32"] = micropython_crc()

    tmp = tempfile.mkdtemp(prefix="kocka-bench-sync-")
    data = os.path.join(tmp, "device")
    t = time.perf_counter()
    make_device_dir(data, pool, RECORDS)
    out["device_fill_s"] = round(time.perf_counter() - t, 1)
    server = Server(data)
    try:
        ok, dt, first, res, n = timed_sync(server.port, os.path.join(tmp, "a.sqlite3"),
                                           recgen.lookup)
        assert ok and n == RECORDS, (ok, n)
        out["sync_2000_s"] = round(dt, 2)
        out["sync_records_per_s"] = round(RECORDS / dt)
        out["transfer_2000_s"] = round(timed_sync.transfer, 2)
        out["transfer_records_per_s"] = round(RECORDS / timed_sync.transfer)
        out["verify_after_s"] = round(dt - timed_sync.transfer, 2)
        out["sync_first_record_ms"] = round(first * 1000, 1)

        # a pull half way, then a fresh sync picks up where the database stands
        dbb = os.path.join(tmp, "b.sqlite3")
        per_record = 4 * out["record_bytes_mean"] / 3 + 40
        ok, dt1, _, _, n1 = timed_sync(server.port, dbb, recgen.lookup,
                                       after=int(PULL_AT * per_record))
        assert not ok
        time.sleep(0.2)
        ok, dt2, first2, res2, n2 = timed_sync(server.port, dbb, recgen.lookup)
        assert ok and n2 == RECORDS and res2.duplicates == 0, (ok, n2)
        out["pull_after_records"] = n1
        out["resume_first_record_ms"] = round(first2 * 1000, 1)
        out["resume_rest_s"] = round(dt2, 2)
        out["resume_rest_transfer_s"] = round(timed_sync.transfer, 2)
        out["resume_records"] = res2.new
    finally:
        server.stop()
    return out


def table(r):
    rows = [("games measured", ", ".join(r["games"]))]
    for g, v in r["record_bytes"].items():
        rows.append(("record bytes %s (median/p90/max, actions)" % g,
                     "%s / %s / %s (%s actions)" % (v["bytes_median"], v["bytes_p90"],
                                                    v["bytes_max"], v["actions_median"])))
        rows.append(("  with device-like times (median/p90)",
                     "%s / %s" % (v["device_like_bytes_median"], v["device_like_bytes_p90"])))
    rows += [
        ("record bytes, mean of the mix", r["record_bytes_mean"]),
        ("firmware bundle on flash (bytes)", r["firmware_bundle_bytes"]),
        ("games that fit in the rest of 1.4 MB", r["capacity_games"]),
        ("  Cubo alone (as played / device-like times)",
         "%s / %s" % (r.get("capacity_games_cubo"), r.get("capacity_games_cubo_device_like"))),
        ("replay verification ms/record (CPython)", r["verify_ms_per_record"]),
        ("transfer of 2,000 records over a pty, committed (s)", r["transfer_2000_s"]),
        ("transfer throughput (records/s)", r["transfer_records_per_s"]),
        ("then replay-verify all 2,000 (s)", r["verify_after_s"]),
        ("whole sync 2,000 records (s)", r["sync_2000_s"]),
        ("first record after HELLO (ms)", r["sync_first_record_ms"]),
        ("cable pulled after (records stored)", r["pull_after_records"]),
        ("after the pull: first new record (ms)", r["resume_first_record_ms"]),
        ("after the pull: the remaining records, transfer (s)", r["resume_rest_transfer_s"]),
        ("after the pull: the remaining records, with verify (s)", r["resume_rest_s"]),
    ]
    crc = r.get("micropython_crc32") or {}
    if "crc32_py_us_per_kb" in crc:
        rows.append(("MicroPython wasm pure-Python CRC-32 (us/KB; the Pico's is in device.json)",
                     crc["crc32_py_us_per_kb"]))
    for g, v in sorted((r.get("micropython_save_resume") or {}).items()):
        if isinstance(v, dict):
            rows.append(("MicroPython wasm %s: save/action ms, resume ms, finish ms" % g,
                         "%.2f / %d / %d (%d actions)" % (v["save_ms_per_action"], v["resume_ms"],
                                                          v["finish_ms"], v["actions"])))
    return rows


if __name__ == "__main__":
    import json
    sys.path[:0] = [os.path.join(ROOT, "simulator", "mpcompat"), os.path.join(ROOT, "firmware"), ROOT]
    res = run()
    for k, v in table(res):
        print("%-50s %s" % (k, v))
