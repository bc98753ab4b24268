"""`kocka import FILE`: a game log downloaded from the web page, read into the database as a
sync would read the same log (stored under the same keys, verified by the same replay),
idempotent, and with clear errors for files that are not such a log or are damaged."""
import base64
import json
import os
import sys

import pytest

from host import cli, db, importlog
from tests import synchelp
from tests.synchelp import Device, host_sync

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web"))
import logexport  # noqa: E402  (web/: the page's export, run here under CPython)

GAMES = ("cubo", "kocka10000")


@pytest.fixture(scope="module")
def device():
    d = Device(seed=3)
    assert d.play(5, GAMES) == 5
    return d


@pytest.fixture
def logfile(device, tmp_path):
    path = tmp_path / "kocka-log.json"
    path.write_text(logexport.document(device.storage))
    return path


def kocka(*argv):
    return cli.main([str(a) for a in argv])


def rows(path):
    con = db.connect(str(path))
    try:
        return con.execute("SELECT device, epoch, seq, sha256, verified, reason, game, players, "
                           "scores FROM games ORDER BY seq").fetchall()
    finally:
        con.close()


def test_import_stores_and_verifies_every_game(device, logfile, tmp_path, capsys):
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", logfile, "--db", dbp) == 0
    out = capsys.readouterr().out
    assert "5 new games" in out
    got = rows(dbp)
    assert [(r[0], r[1], r[2], r[3]) for r in got] == sorted(
        (k[0], k[1], k[2], sha) for k, sha in device.keys().items())
    assert all(r[4] == 1 and r[5] is None for r in got), got


def test_import_matches_a_sync_of_the_same_log(device, logfile, tmp_path):
    synced = tmp_path / "sync.sqlite3"
    con = db.connect(str(synced))
    res = host_sync(device.wire(), con, lookup=synchelp.recgen.lookup, set_clock=False).run()
    assert res.new == 5
    con.close()
    imported = tmp_path / "import.sqlite3"
    assert kocka("import", logfile, "--db", imported) == 0
    assert rows(imported) == rows(synced)


def test_importing_twice_adds_nothing(logfile, tmp_path, capsys):
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", logfile, "--db", dbp) == 0
    first = rows(dbp)
    capsys.readouterr()
    assert kocka("import", logfile, "--db", dbp) == 0
    assert "0 new games, 5 already stored" in capsys.readouterr().out
    assert rows(dbp) == first


def test_a_game_sync_brought_first_is_not_stored_twice(device, logfile, tmp_path, capsys):
    dbp = tmp_path / "k.sqlite3"
    con = db.connect(str(dbp))
    host_sync(device.wire(), con, lookup=synchelp.recgen.lookup, set_clock=False).run()
    con.close()
    assert kocka("import", logfile, "--db", dbp) == 0
    assert "0 new games, 5 already stored" in capsys.readouterr().out
    assert len(rows(dbp)) == 5


def _doc(logfile):
    return json.loads(logfile.read_text())


def _write(path, doc):
    path.write_text(json.dumps(doc))
    return path


def test_a_tampered_score_is_stored_but_rejected_by_replay(device, logfile, tmp_path):
    from shared_rules import records
    doc = _doc(logfile)
    rec = records.decode(base64.b64decode(doc["records"][0]["data"]))
    rec["scores"] = [s + 1 for s in rec["scores"]]
    doc["records"][0]["data"] = base64.b64encode(records.encode(rec)).decode()
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", _write(logfile, doc), "--db", dbp) == 0
    got = rows(dbp)
    assert [r[4] for r in got] == [0, 1, 1, 1, 1]
    assert "score" in got[0][5]


def test_a_record_filed_under_another_number_is_rejected(logfile, tmp_path):
    doc = _doc(logfile)
    doc["records"][0]["seq"] = 99
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", _write(logfile, doc), "--db", dbp) == 0
    bad = [r for r in rows(dbp) if r[2] == 99]
    assert bad and bad[0][4] == 0 and "came as #99" in bad[0][5]


def test_conflicting_contents_are_flagged_not_overwritten(device, logfile, tmp_path, capsys):
    from shared_rules import records
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", logfile, "--db", dbp) == 0
    before = rows(dbp)
    doc = _doc(logfile)
    rec = records.decode(base64.b64decode(doc["records"][1]["data"]))
    rec["duration"] += 1
    doc["records"][1]["data"] = base64.b64encode(records.encode(rec)).decode()
    capsys.readouterr()
    assert kocka("import", _write(tmp_path / "other.json", doc), "--db", dbp) == cli.EXIT_ATTENTION
    assert "CONFLICT" in capsys.readouterr().err
    assert rows(dbp) == before
    con = db.connect(str(dbp))
    assert len(db.conflicts(con)) == 1
    con.close()


@pytest.mark.parametrize("damage, message", [
    (lambda text: text[: len(text) // 2], "not valid JSON"),
    (lambda text: "\x89PNG\r\n\x1a\n\xff\xfe", "not a Kocka game log"),
    (lambda text: json.dumps({"hello": 1}), "not a Kocka game log"),
    (lambda text: json.dumps([1, 2, 3]), "not a Kocka game log"),
    (lambda text: text.replace('"version": 1', '"version": 7'), "version 7"),
    (lambda text: text.replace('"device": "', '"device": " '), "device id"),
    (lambda text: text.replace('"epoch": ', '"epoch": -'), "epoch"),
    (lambda text: text.replace('"data": "', '"data": "!!', 1), "not base64"),
    (lambda text: text.replace('"seq": 1,', '"seq": 0,', 1), "number"),
    (lambda text: text.replace('"records": [', '"records": [7, ', 1), "not an object"),
])
def test_a_bad_file_is_refused_whole_with_a_clear_error(logfile, tmp_path, capsys, damage, message):
    bad = tmp_path / "bad.json"
    with open(bad, "w", encoding="latin-1") as f:
        f.write(damage(logfile.read_text()))
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", bad, "--db", dbp) == 1
    err = capsys.readouterr().err
    assert err.startswith("kocka: error: ") and message in err, err
    assert "Traceback" not in err
    assert not dbp.exists() or rows(dbp) == []


def test_the_same_number_twice_with_other_bytes_is_refused(logfile, tmp_path, capsys):
    doc = _doc(logfile)
    doc["records"][1]["seq"] = doc["records"][0]["seq"]
    assert kocka("import", _write(logfile, doc), "--db", tmp_path / "k.sqlite3") == 1
    assert "appears twice" in capsys.readouterr().err


def test_a_missing_file_says_so(tmp_path, capsys):
    assert kocka("import", tmp_path / "nope.json", "--db", tmp_path / "k.sqlite3") == 1
    err = capsys.readouterr().err
    assert "cannot read" in err and "nope.json" in err


def test_an_empty_log_imports_nothing(tmp_path, capsys):
    d = Device(seed=9)
    path = tmp_path / "empty.json"
    path.write_text(logexport.document(d.storage))
    assert kocka("import", path, "--db", tmp_path / "k.sqlite3") == 0
    assert "0 new games" in capsys.readouterr().out


def test_parse_reads_gaps(logfile):
    doc = _doc(logfile)
    doc["gaps"] = [[6, 8, "damaged"]]
    device, epoch, recs, gaps = importlog.parse(json.dumps(doc).encode())
    assert gaps == [(6, 8, "damaged")] and len(recs) == 5


@pytest.mark.parametrize("gaps", [5, "pruned", {"1": 2}, True])
def test_gaps_that_are_not_a_list_are_refused(logfile, tmp_path, capsys, gaps):
    """"gaps": 5 was a TypeError ("unexpected ... please report it")."""
    doc = _doc(logfile)
    doc["gaps"] = gaps
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", _write(logfile, doc), "--db", dbp) == 1
    err = capsys.readouterr().err
    assert err.startswith("kocka: error: ") and '"gaps" is not a list' in err, err
    assert "unexpected" not in err and err.count("\n") == 1
    assert not dbp.exists() or rows(dbp) == []


def test_json_nested_very_deeply_is_refused(tmp_path, capsys):
    """A RecursionError in the JSON reader was "unexpected ... please report it"."""
    bad = tmp_path / "deep.json"
    bad.write_text('{"format": "kocka-log", "version": 1, "records": '
                   + "[" * 200000 + "]" * 200000 + "}")
    dbp = tmp_path / "k.sqlite3"
    assert kocka("import", bad, "--db", dbp) == 1
    err = capsys.readouterr().err
    assert "not a Kocka game log" in err and "nested" in err, err
    assert "unexpected" not in err and err.count("\n") == 1
    assert not dbp.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path):
    """Importing a FIFO waited for a writer forever."""
    import subprocess
    fifo = tmp_path / "log.json"
    os.mkfifo(str(fifo))
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("KOCKA_DB", None)
    p = subprocess.run([sys.executable, "-m", "host", "--db", str(tmp_path / "k.sqlite3"),
                        "import", str(fifo)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 1, p.stderr
    assert "is not a regular file" in p.stderr and p.stderr.count("\n") == 1, p.stderr
    assert not (tmp_path / "k.sqlite3").exists()


def test_a_folder_is_refused(tmp_path, capsys):
    assert kocka("import", tmp_path, "--db", tmp_path / "k.sqlite3") == 1
    err = capsys.readouterr().err
    assert "is not a regular file" in err and err.count("\n") == 1, err
