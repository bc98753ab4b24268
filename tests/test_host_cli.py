"""`kocka` end to end: the real CLI against the simulator serving its pty, and the errors."""
import csv
import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from host import db
from tests import RACE_GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty")


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = ROOT
    e["KOCKA_EXTRA_GAMES"] = RACE_GAMES
    e.pop("KOCKA_DB", None)
    return e


class Sim:
    """`python -m simulator --headless --pty` in the background."""

    def __init__(self, data, games=0, seed=1):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "simulator", "--headless", "--pty", "--data", str(data),
             "--demo-games", str(games), "--seed", str(seed)],
            cwd=ROOT, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        assert line.startswith("SERIAL "), line + self.proc.stderr.read()
        self.port = line.split()[1]

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def kocka(*args, dbpath=None, check=True, timeout=120):
    cmd = [sys.executable, "-m", "host"]
    if dbpath:
        cmd += ["--db", str(dbpath)]
    proc = subprocess.run(cmd + [str(a) for a in args], cwd=ROOT, env=env(),
                          capture_output=True, text=True, timeout=timeout)
    if check:
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cli")
    sim = Sim(tmp / "device", games=12, seed=4)
    try:
        dbpath = tmp / "kocka.sqlite3"
        kocka("players", "set", "Zoe", "max", dbpath=dbpath)
        out = kocka("sync", "--port", sim.port, dbpath=dbpath)
        assert "12 new games" in out.stdout
        again = kocka("sync", "--port", sim.port, dbpath=dbpath)
        assert "0 new games" in again.stdout
        yield tmp, dbpath, sim
    finally:
        sim.stop()


def test_sync_stores_and_verifies(synced):
    tmp, dbpath, sim = synced
    con = db.connect(str(dbpath), create=False)
    rows = con.execute("SELECT verified, count(*) FROM games GROUP BY verified").fetchall()
    assert [tuple(r) for r in rows] == [(1, 12)]
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT acked FROM devices").fetchone()[0] == 12
    # the roster went to the device's settings
    from app import jsonfile
    from hal.storage import FileStorage
    settings = jsonfile.read(FileStorage(str(tmp / "device")), "settings.json")[0]
    assert settings["names"][:2] == ["ZOE", "MAX"]


def test_scores_history_export(synced):
    tmp, dbpath, sim = synced
    out = kocka("scores", dbpath=dbpath).stdout
    assert "player" in out and "wins" in out and "average" in out and "best" in out
    hist = kocka("history", "--limit", "5", dbpath=dbpath).stdout
    assert len([l for l in hist.splitlines() if " #" in l and "ok" in l]) == 5
    data = json.loads(kocka("export", "--format", "json", dbpath=dbpath).stdout)
    assert isinstance(data, list) and len(data) == 12
    for g in data:
        for k in ("device", "seq", "game", "players", "scores", "verified", "played_at"):
            assert k in g
        assert g["verified"] is True and len(g["players"]) == len(g["scores"])
    assert sorted(g["seq"] for g in data) == list(range(1, 13))
    text = kocka("export", "--format", "csv", dbpath=dbpath).stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 12 and rows[0]["device"] == data[0]["device"]
    out = tmp / "e.json"
    kocka("export", "--format", "json", "--out", out, dbpath=dbpath)
    assert json.loads(out.read_text()) == data


def test_plot_writes_pngs(synced):
    tmp, dbpath, sim = synced
    out = kocka("plot", "--out", tmp / "plots", dbpath=dbpath).stdout
    pngs = sorted(os.listdir(tmp / "plots"))
    assert "wins.png" in pngs and any(p.startswith("scores_") for p in pngs)
    for p in pngs:
        assert open(tmp / "plots" / p, "rb").read(8) == b"\x89PNG\r\n\x1a\n"


def test_players_roster(tmp_path):
    d = tmp_path / "r.sqlite3"
    assert "1. ANNA" in kocka("players", "add", "anna", "bob", dbpath=d).stdout
    out = kocka("players", "remove", "BOB", dbpath=d).stdout
    assert "BOB" not in out
    bad = kocka("players", "add", "Zo\u00eb", dbpath=d, check=False)
    assert bad.returncode == 2 and "ASCII" in bad.stderr  # bad usage, as argparse's
    assert kocka("players", "remove", "nobody", dbpath=d, check=False).returncode == 1


def test_missing_port(tmp_path):
    p = kocka("sync", "--port", tmp_path / "ttyNOPE", dbpath=tmp_path / "d", check=False)
    assert p.returncode == 1 and "no serial port" in p.stderr


def test_auto_finds_no_pico(tmp_path):
    from host import serialport
    if serialport.find_ports():
        pytest.skip("a Pico is plugged in")
    p = kocka("sync", dbpath=tmp_path / "d", check=False)
    assert p.returncode == 1 and "2E8A:0005" in p.stderr


def test_busy_port(tmp_path):
    import serial
    sim = Sim(tmp_path / "dev")
    try:
        hold = serial.Serial(sim.port, exclusive=True)
        try:
            p = kocka("sync", "--port", sim.port, dbpath=tmp_path / "d", check=False)
            assert p.returncode == 1 and "busy" in p.stderr
        finally:
            hold.close()
    finally:
        sim.stop()


def test_device_that_does_not_answer(tmp_path):
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        p = kocka("sync", "--port", os.ttyname(slave), dbpath=tmp_path / "d", check=False)
        assert p.returncode == 1 and "does not answer" in p.stderr
    finally:
        os.close(master)
        os.close(slave)


def test_database_that_is_not_ours(tmp_path):
    import sqlite3
    other = tmp_path / "other.sqlite3"
    c = sqlite3.connect(str(other))
    c.execute("CREATE TABLE t (x)")
    c.commit()
    c.close()
    p = kocka("scores", dbpath=other, check=False)
    assert p.returncode == 1 and "not a kocka database" in p.stderr
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"hello, not sqlite at all" * 100)
    p = kocka("history", dbpath=junk, check=False)
    assert p.returncode == 1 and "not a kocka database" in p.stderr
    assert junk.read_bytes().startswith(b"hello")  # left alone


def test_host_process_killed_mid_sync_then_resync(tmp_path):
    sim = Sim(tmp_path / "dev", games=150, seed=9)
    dbpath = tmp_path / "k.sqlite3"
    try:
        proc = subprocess.Popen([sys.executable, "-m", "host", "--db", str(dbpath), "sync",
                                 "--port", sim.port], cwd=ROOT, env=env(),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        while True:  # the first progress line: records are arriving
            line = proc.stderr.readline()
            assert line, "sync ended without progress"
            if line.startswith("received"):
                break
        proc.kill()  # SIGKILL mid-transfer: no cleanup at all
        proc.wait()
        con = db.connect(str(dbpath), create=False)
        partial = con.execute("SELECT count(*) FROM games").fetchone()[0]
        con.close()
        assert partial < 150
        time.sleep(0.5)
        kocka("sync", "--port", sim.port, dbpath=dbpath)
        con = db.connect(str(dbpath), create=False)
        seqs = [r[0] for r in con.execute("SELECT seq FROM games ORDER BY seq")]
        assert seqs == list(range(1, 151))
    finally:
        sim.stop()


@pytest.mark.parametrize("what", ["null", "folder", "file", "fifo"])
def test_a_port_that_is_not_a_serial_port_says_so(tmp_path, capsys, what):
    """--port /dev/null printed pyserial's "(25, 'Inappropriate ioctl for device')"."""
    from host import cli
    port = {"null": os.devnull, "folder": str(tmp_path), "file": str(tmp_path / "f"),
            "fifo": str(tmp_path / "p")}[what]
    if what == "file":
        open(port, "w").close()
    if what == "fifo":
        os.mkfifo(port)
    code = cli.main(["--db", str(tmp_path / "k.sqlite3"), "sync", "--port", port])
    out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1, err
    assert "%s is not a serial port" % port in err and "leave out --port" in err, err
    assert "ioctl" not in err and "(25" not in err


@pytest.mark.parametrize("argv", [
    ["show", "abc"], ["show", "99999999999999999999"], ["show", "0"], ["show", "D1#x"],
    ["show", "9" * 5000],
    ["history", "--limit", "-1"], ["history", "--limit", "99999999999999999999999"],
    ["history", "--limit", "x"],
    ["sync", "--timeout", "nan"], ["sync", "--timeout", "-1"],
    ["players", "add", "Zo\u00eb"], ["players", "add", "NINECHARS"], ["players", "list", "A"],
    ["players", "set"], ["scores", "--game", "no such game"],
])
def test_bad_usage_exits_2_and_changes_nothing(tmp_path, capsys, argv):
    """`kocka show abc` exited 1 (an error) where bad usage exits 2, as argparse does; a
    huge --limit read as a damaged database; a huge game number was an OverflowError."""
    from host import cli
    path = tmp_path / "k.sqlite3"
    try:
        code = cli.main(["--db", str(path)] + argv)
    except SystemExit as e:  # argparse's own errors
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2, err
    assert "error: " in err and "Traceback" not in err and "unexpected" not in err
    assert "damaged" not in err and len(err) < 400, err
    assert not path.exists()  # nothing was created or changed


def test_bad_usage_exit_2_also_on_a_database_with_games(tmp_path, capsys, monkeypatch):
    from host import cli
    from tests.hostdb import add_game
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    path = tmp_path / "k.sqlite3"
    con = db.connect(str(path))
    add_game(con, 1)
    con.close()
    before = path.read_bytes()
    for argv in (["show", "99999999999999999999"], ["show", "abc"], ["show", "-3"]):
        assert cli.main(["--db", str(path)] + argv) == 2
        assert "is not a game number" in capsys.readouterr().err
    assert cli.main(["--db", str(path), "show", "5"]) == 1  # a number with no game: an error
    assert "no game #5" in capsys.readouterr().err
    assert path.read_bytes() == before
