"""`kocka` against databases it cannot use: damaged, dropped tables, odd rows, not a file,
read-only, locked by another sync. Every command must end with exit status non-zero
and exactly one line, `kocka: error: ...`, that names the file; nothing is changed."""
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
import threading

import pytest

from host import cli, db, dbfile
from tests import hostdb
from tests.hostdb import add_game, NOW
from tests import RACE_GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

COMMANDS = [
    ["sync", "--port", "/nonexistent/ttyKOCKA"],
    ["scores"], ["scores", "--all"], ["history"], ["history", "--limit", "0"],
    ["export", "--format", "json"], ["export", "--format", "csv"],
    ["export", "--format", "json", "--out", "{tmp}/e.json"],
    ["plot", "--out", "{tmp}/plots"],
    ["players"], ["players", "add", "ZOE"], ["players", "remove", "ANNA"],
    ["players", "set", "MAX"], ["conflicts"], ["check"], ["check", "--reverify"],
]


def good_db(path, games=30):
    con = db.connect(str(path))
    for i in range(games):
        add_game(con, i + 1, players=["ANNA", "BEN"], ended=NOW + i, i=i)
    db.set_roster(con, ["ANNA", "BEN"])
    con.execute("INSERT INTO conflicts (device, epoch, seq, raw, sha256, seen_at) "
                "VALUES ('D1', 7, 1, x'00', ?, 1)", (db.sha(b"\x00"),))
    con.commit()
    con.execute("VACUUM")  # no free pages: every page is part of a table or index
    con.close()
    return str(path)


def _sql(path, *statements):
    c = sqlite3.connect(path)
    for s in statements:
        c.execute(s)
    c.commit()
    c.close()


def dropped(table):
    def make(path):
        _sql(path, "DROP TABLE %s" % table)
    return make


def null_names(path):
    # a table rebuilt by some other tool: the NOT NULL on names is gone
    _sql(path, "ALTER TABLE results RENAME TO old",
         "CREATE TABLE results (device TEXT, epoch INTEGER, seq INTEGER, idx INTEGER, "
         "name TEXT, score INTEGER, win INTEGER, PRIMARY KEY (device, epoch, seq, idx))",
         "INSERT INTO results SELECT * FROM old", "DROP TABLE old",
         "UPDATE results SET name=NULL WHERE seq=3")


def page_corrupted(seed):
    def make(path):
        size = os.path.getsize(path)
        page = 4096
        rnd = random.Random(seed)
        n = rnd.randrange(2, size // page + 1)  # any page but the header's
        with open(path, "r+b") as f:
            f.seek((n - 1) * page)
            f.write(bytes(rnd.randrange(256) for _ in range(page)))
    return make


def truncated(path):
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2)


DAMAGE = dict([("dropped-games", dropped("games")), ("dropped-results", dropped("results")),
               ("dropped-roster", dropped("roster")), ("null-names", null_names),
               ("truncated", truncated)] +
              [("page-%d" % s, page_corrupted(s)) for s in range(8)])


def run(capsys, path, argv, tmp):
    argv = [a.replace("{tmp}", str(tmp)) for a in argv]
    try:
        code = cli.main(["--db", path] + argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error_line(code, err, path, what):
    lines = err.splitlines()
    assert code not in (0, None), "%s: exit 0 (%r)" % (what, err)
    assert len(lines) == 1 and lines[0].startswith("kocka: error: "), "%s: %r" % (what, err)
    assert path in lines[0], "%s: the file is not named: %r" % (what, err)


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_every_command_refuses_a_damaged_database_in_one_line(tmp_path, capsys, kind):
    path = good_db(tmp_path / "k.sqlite3")
    DAMAGE[kind](path)
    before = open(path, "rb").read()
    for argv in COMMANDS:
        code, out, err = run(capsys, path, argv, tmp_path)
        assert_one_error_line(code, err, path, "%s %s" % (kind, " ".join(argv)))
        assert "Traceback" not in out + err
    assert open(path, "rb").read() == before, "the damaged file was changed"
    assert not os.path.exists(os.path.join(str(tmp_path), "plots"))
    assert not os.path.exists(os.path.join(str(tmp_path), "e.json"))


def _not_a_database(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x")
    return {
        "dev-null": "/dev/null",
        "parent-is-a-file": str(f / "k.sqlite3"),
        "a-folder": str(tmp_path),
    }


@pytest.mark.parametrize("kind", ["dev-null", "parent-is-a-file", "a-folder"])
def test_a_path_that_cannot_be_a_database(tmp_path, capsys, kind):
    path = _not_a_database(tmp_path)[kind]
    for argv in COMMANDS:
        code, out, err = run(capsys, path, argv, tmp_path)
        assert_one_error_line(code, err, path, "%s %s" % (kind, " ".join(argv)))


def test_the_tool_runs_as_a_process_without_traceback(tmp_path):
    path = good_db(tmp_path / "k.sqlite3")
    page_corrupted(3)(path)
    env = dict(os.environ, PYTHONPATH=ROOT)
    p = subprocess.run([sys.executable, "-m", "host", "--db", path, "history"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and path in p.stderr
    assert p.stderr.startswith("kocka: error: ")


@pytest.fixture
def readonly(tmp_path):
    path = good_db(tmp_path / "ro" / "k.sqlite3")
    os.chmod(path, stat.S_IRUSR)
    os.chmod(os.path.dirname(path), stat.S_IRUSR | stat.S_IXUSR)
    yield path
    os.chmod(os.path.dirname(path), stat.S_IRWXU)
    os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root may write a read-only file")
def test_a_read_only_database_can_be_read_but_not_written(readonly, tmp_path, capsys):
    for argv in (["sync", "--port", "/nonexistent/tty"], ["players", "add", "ZOE"]):
        code, out, err = run(capsys, readonly, argv, tmp_path)
        assert_one_error_line(code, err, readonly, " ".join(argv))
        assert "read-only" in err
    for argv in (["scores"], ["history"], ["export", "--format", "csv"], ["players"],
                 ["check"]):
        code, out, err = run(capsys, readonly, argv, tmp_path)
        assert code == 0, (argv, err)


def test_a_read_only_file_as_root_or_not(tmp_path, capsys, monkeypatch):
    """Whoever runs the tests: a database the OS refuses to write is reported in one line."""
    path = good_db(tmp_path / "k.sqlite3")
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw:
                        False if mode & os.W_OK and os.path.abspath(p).startswith(str(tmp_path))
                        else real(p, mode, **kw))
    code, out, err = run(capsys, path, ["players", "add", "ZOE"], tmp_path)
    assert_one_error_line(code, err, path, "players add")
    assert "read-only" in err
    code, out, err = run(capsys, path, ["history"], tmp_path)
    assert code == 0, err


def test_a_read_only_wal_database_without_its_shm_is_read_as_it_is(tmp_path, capsys,
                                                                    monkeypatch):
    path = good_db(tmp_path / "k.sqlite3")
    real_access, real_connect = os.access, sqlite3.connect
    monkeypatch.setattr(os, "access", lambda p, mode, **kw:
                        False if mode & os.W_OK else real_access(p, mode, **kw))

    class CannotShare:
        def execute(self, *a):
            raise sqlite3.OperationalError("unable to open database file")

        def close(self):
            pass
    monkeypatch.setattr(sqlite3, "connect", lambda target, *a, **kw: CannotShare()
                        if "mode=ro" in str(target) else real_connect(target, *a, **kw))
    code, out, err = run(capsys, path, ["history"], tmp_path)
    assert code == 0 and "ANNA" in out, err


def test_a_second_sync_is_told_another_one_is_running(tmp_path, capsys):
    path = good_db(tmp_path / "k.sqlite3")
    with db.sync_lock(path):
        code, out, err = run(capsys, path, ["sync", "--port", "/nonexistent/tty"], tmp_path)
        assert_one_error_line(code, err, path, "sync")
        assert "another kocka sync is using" in err
        code, out, err = run(capsys, path, ["history"], tmp_path)  # reading is fine
        assert code == 0, err
    code, out, err = run(capsys, path, ["sync", "--port", "/nonexistent/tty"], tmp_path)
    assert "no serial port" in err  # the lock is gone with its holder


def test_the_sync_lock_holds_across_processes(tmp_path, capsys):
    path = good_db(tmp_path / "k.sqlite3")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from host import db\n"
         "with db.sync_lock(sys.argv[1]):\n    print('held', flush=True); time.sleep(30)",
         path], cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT), stdout=subprocess.PIPE,
        text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, out, err = run(capsys, path, ["sync", "--port", "/nonexistent/tty"], tmp_path)
        assert_one_error_line(code, err, path, "sync")
        assert "another kocka sync is using" in err
    finally:
        holder.kill()
        holder.wait()


def test_a_writer_held_up_by_a_long_transaction_gets_one_line(tmp_path, capsys, monkeypatch):
    path = good_db(tmp_path / "k.sqlite3")
    monkeypatch.setattr(dbfile, "BUSY_TIMEOUT", 0.2)
    hold = sqlite3.connect(path)
    hold.execute("BEGIN IMMEDIATE")
    hold.execute("INSERT INTO roster VALUES (99, 'HELD')")
    try:
        code, out, err = run(capsys, path, ["players", "add", "ZOE"], tmp_path)
    finally:
        hold.rollback()
        hold.close()
    assert_one_error_line(code, err, path, "players add")
    assert "busy" in err


def test_check_reports_a_good_database_and_a_changed_record(tmp_path, capsys):
    path = good_db(tmp_path / "k.sqlite3")
    code, out, err = run(capsys, path, ["check"], tmp_path)
    assert code == 0 and "ok" in out and "30 games" in out, err
    _sql(path, "UPDATE games SET raw = x'0102' WHERE seq = 7")
    code, out, err = run(capsys, path, ["check"], tmp_path)
    assert_one_error_line(code, err, path, "check")
    assert "#7" in err


def test_check_reverify_applies_todays_checks_to_old_verified_games(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    path = str(tmp_path / "k.sqlite3")
    con = db.connect(path)
    add_game(con, 1, players=["ANNA", "BEN"], ended=NOW)
    # verified by an older kocka that did not look at names
    add_game(con, 2, players=["A" * 2048, "BEN"], ended=NOW)
    con.close()
    code, out, err = run(capsys, path, ["check", "--reverify"], tmp_path)
    assert code == 0 and "2 games" in err and "1 verified, 1 rejected" in err, err
    con = db.connect(path, write=False)
    rows = con.execute("SELECT seq, verified, reason FROM games ORDER BY seq").fetchall()
    assert rows[0][1] == 1 and rows[1][1] == 0 and "2048 characters" in rows[1][2]


ODD = [None, "x", "", b"\x00\xff", 2 ** 63 - 1, -2 ** 63, 1.5, -1, 0, "[1,2]", '["A",null]',
       '{"a":1}', "\x1b[2J", 10 ** 18, "null", "[]", "[[1]]", "[1e400]", 253402300800]


def test_odd_values_in_any_cell_never_crash_a_command(tmp_path, capsys, monkeypatch):
    """SQLite lets any column hold any type: rows edited by another tool must not break a
    report (each command ends with its output or one error line)."""
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    base = good_db(tmp_path / "base.sqlite3")
    c = sqlite3.connect(base)
    cols = dict((t, [r[1] for r in c.execute("PRAGMA table_info(%s)" % t)])
                for t in ("games", "results", "roster", "conflicts", "gaps", "devices"))
    c.close()
    rnd = random.Random(11)
    reads = [a for a in COMMANDS if a[0] not in ("sync", "plot", "players", "check")]
    path = str(tmp_path / "k.sqlite3")
    # every column of the games and results once as bytes, then random cells and values
    edits = [[(t, col, b"\x00\xff")] for t in ("games", "results") for col in cols[t]]
    for i in range(40):
        edits.append([(rnd.choice(sorted(cols)), None, rnd.choice(ODD))
                      for _ in range(rnd.randrange(1, 4))])
    for edit in edits:
        shutil.copy(base, path)
        c = sqlite3.connect(path)
        for t, col, value in edit:
            try:
                c.execute("UPDATE %s SET %s=? WHERE rowid IN (SELECT rowid FROM %s ORDER BY "
                          "rowid LIMIT 3 OFFSET %d)" % (t, col or rnd.choice(cols[t]), t,
                                                        rnd.randrange(5)), (value,))
            except sqlite3.Error:
                pass  # a constraint said no
        c.commit()
        c.close()
        for argv in reads + [rnd.choice([a for a in COMMANDS if a[0] != "sync"])]:
            code, out, err = run(capsys, path, argv, tmp_path)
            assert "unexpected" not in err, (argv, err)
            assert code in (0, 1), (argv, code, err)
            if code:
                assert_one_error_line(code, err, path, " ".join(argv))


# -- a kill while the database is first made -------------------------------------------
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_kill_at_any_point_of_the_first_creation_locks_nobody_out(tmp_path, capsys):
    """The tables were made one by one and the application id set last: a kill in
    between left a file refused ever after as "not a kocka database (application_id
    0x0)". Killed before each statement of the first command, in turn, the next
    command works and `kocka check` finds a whole kocka database."""
    total = hostdb.killed_at(0, ["--db", str(tmp_path / "whole.sqlite3"), "players", "add", "ANNA"])
    assert total > 10
    for after in range(1, total + 1):
        path = str(tmp_path / ("k%d.sqlite3" % after))
        hostdb.killed_at(after, ["--db", path, "players", "add", "ANNA"])
        capsys.readouterr()
        assert cli.main(["--db", path, "players", "add", "BEN"]) == 0, \
            (after, capsys.readouterr().err)
        assert cli.main(["--db", path, "check"]) == 0, (after, capsys.readouterr().err)
        out = capsys.readouterr().out
        assert "BEN" in out and "ok: 0 games" in out, out
        con = db.connect(path, create=False, write=False)
        assert con.execute("PRAGMA application_id").fetchone()[0] == db.APPLICATION_ID
        assert con.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA
        con.close()


@pytest.mark.parametrize("made", range(0, 8))
def test_a_file_an_older_kocka_left_half_made_is_finished(tmp_path, capsys, made):
    """What the old creation left at a kill: the first `made` tables and indexes, no
    application id. Nothing of anybody's is in it, so it is made whole, not refused."""
    path = str(tmp_path / "old.sqlite3")
    c = sqlite3.connect(path)
    for statement in dbfile.statements(db.DDL)[:made]:
        c.execute(statement)
    c.commit()
    c.close()
    assert cli.main(["--db", path, "players", "add", "BEN"]) == 0, capsys.readouterr().err
    assert cli.main(["--db", path, "check"]) == 0, capsys.readouterr().err
    assert cli.main(["--db", path, "history"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("other", [
    "CREATE TABLE mine (x)",                                  # somebody else's table
    "INSERT INTO roster VALUES (0, 'ANNA')",                  # data in it
    "CREATE INDEX mine ON roster (name)",                     # somebody else's index
    "PRAGMA user_version=3",                                  # some other program's file
    "CREATE VIEW v AS SELECT 1",
])
def test_a_half_made_file_with_anything_else_in_it_is_refused(tmp_path, capsys, other):
    path = str(tmp_path / "old.sqlite3")
    c = sqlite3.connect(path)
    for statement in dbfile.statements(db.DDL)[:-1]:  # every table but the roster's ...
        c.execute(statement)
    c.execute(dbfile.statements(db.DDL)[-1])          # ... and the roster's
    c.execute(other)
    c.commit()
    c.close()
    before = open(path, "rb").read()
    assert cli.main(["--db", path, "players", "add", "BEN"]) == 1
    assert "not a kocka database (application_id 0x0)" in capsys.readouterr().err
    assert open(path, "rb").read() == before


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_sigkill_at_random_times_during_the_first_creation(tmp_path, capsys):
    """The same with a real SIGKILL at a random moment (mid-write, mid-fsync ...) of the
    first `players add`, over many seeds: the next command always works."""
    import signal
    import time

    def child(path):
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(wfd)
                os.read(rfd, 1)  # wait for the go
                import io
                import contextlib
                with contextlib.redirect_stderr(io.StringIO()), \
                        contextlib.redirect_stdout(io.StringIO()):
                    cli.main(["--db", path, "players", "add", "ANNA"])
            finally:
                os._exit(0)
        os.close(rfd)
        return pid, wfd

    # how long the first command takes here
    pid, go = child(str(tmp_path / "timed.sqlite3"))
    t0 = time.perf_counter()
    os.write(go, b"g")
    os.waitpid(pid, 0)
    took = time.perf_counter() - t0
    os.close(go)
    rng = random.Random(26)
    killed = 0
    for seed in range(30):
        path = str(tmp_path / ("r%d.sqlite3" % seed))
        pid, go = child(path)
        os.write(go, b"g")
        time.sleep(rng.uniform(0, took))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(go)
        killed += os.WIFSIGNALED(status)
        capsys.readouterr()
        assert cli.main(["--db", path, "players", "add", "BEN"]) == 0, \
            (seed, capsys.readouterr().err)
        assert cli.main(["--db", path, "check"]) == 0, (seed, capsys.readouterr().err)
    assert killed >= 5  # (a loaded machine may finish some before the kill)
