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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECORDS = 2000
PULL_AT = 1000
POOL = 48


def _pool():
    from tests import recgen
    games = recgen.installed() or ["race"]
    return games, [recgen.game_record(i, games) for i in range(POOL)]


def record_sizes(games, pool):
    from shared_rules import records
    by_game = {}
    for r in pool:
        r = dict(r, device="0a1b2c3d", epoch=123456789, seq=1500)
        by_game.setdefault(r["game"], []).append((len(records.encode(r)), len(r["actions"])))
    out = {}
    for g, rows in sorted(by_game.items()):
        out[g] = {"bytes_median": statistics.median(s for s, _ in rows),
                  "bytes_max": max(s for s, _ in rows),
                  "actions_median": statistics.median(a for _, a in rows)}
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
    from host.sync import HostSync, SyncError
    con = db.connect(dbpath)
    link = serialport.open_link(port)
    if after is not None:
        link = PullingLink(link, after)
    marks = {}
    t0 = time.perf_counter()

    def progress(done, total):
        if "first" not in marks:
            marks["first"] = time.perf_counter() - t0
    try:
        res = HostSync(link, con, lookup=lookup, progress=progress, set_clock=False).run()
        ok = True
    except (SyncError, serialport.LinkLost):
        res = None
        ok = False
        con.commit()
    dt = time.perf_counter() - t0
    (link.link if after is not None else link).close()
    n = con.execute("SELECT count(*) FROM games").fetchone()[0]
    con.close()
    return ok, dt, marks.get("first"), res, n


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

    # verification alone (replay), to separate it from the transfer
    t = time.perf_counter()
    for r in pool:
        verify.verify(records.decode(records.encode(dict(r, device="x", epoch=1, seq=1))),
                      recgen.lookup)
    out["verify_ms_per_record"] = round((time.perf_counter() - t) * 1000 / len(pool), 2)

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
        out["resume_records"] = res2.new
    finally:
        server.stop()
    return out


def table(r):
    rows = [("games measured", ", ".join(r["games"]))]
    for g, v in r["record_bytes"].items():
        rows.append(("record bytes %s (median/max, actions)" % g,
                     "%s / %s (%s actions)" % (v["bytes_median"], v["bytes_max"], v["actions_median"])))
    rows += [
        ("record bytes, mean of the mix", r["record_bytes_mean"]),
        ("firmware bundle on flash (bytes)", r["firmware_bundle_bytes"]),
        ("games that fit in the rest of 1.4 MB", r["capacity_games"]),
        ("replay verification ms/record (CPython)", r["verify_ms_per_record"]),
        ("sync 2,000 records over a pty (s)", r["sync_2000_s"]),
        ("sync throughput (records/s, incl. verify+commit)", r["sync_records_per_s"]),
        ("first record after HELLO (ms)", r["sync_first_record_ms"]),
        ("cable pulled after (records stored)", r["pull_after_records"]),
        ("after the pull: first new record (ms)", r["resume_first_record_ms"]),
        ("after the pull: the remaining records (s)", r["resume_rest_s"]),
    ]
    return rows


if __name__ == "__main__":
    import json
    sys.path[:0] = [os.path.join(ROOT, "simulator", "mpcompat"), os.path.join(ROOT, "firmware"), ROOT]
    res = run()
    for k, v in table(res):
        print("%-50s %s" % (k, v))
