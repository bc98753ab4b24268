"""Host databases with chosen contents for the `kocka` report, export and check tests, and
`kocka` commands killed at a chosen SQL statement."""
import os
import sqlite3

from host import cli, db
from shared_rules import records
from tests import recgen

NOW = 1790000000


def add_game(con, seq, players=None, scores=None, device="D1", epoch=7, started=0, ended=0,
             verified=True, reason=None, i=0, synced_at=NOW):
    """Stores a race record (game i of tests.recgen) with the given fields overridden,
    marked verified or not as asked (an old database may hold anything)."""
    rec = recgen.race_record(i)
    rec.update(device=device, epoch=epoch, seq=seq, started=started, ended=ended)
    if players is not None:
        rec["players"] = list(players)
    if scores is not None:
        rec["scores"] = list(scores)
    raw = records.encode(rec)
    db.store(con, device, epoch, seq, raw, records.decode(raw), verified, reason, synced_at)
    con.commit()
    return rec


def fresh(path):
    con = db.connect(str(path))
    return con


def add_real_game(con, seq, i, game, meta=None, ended=NOW, device="D1", epoch=7):
    """Stores bots-only game number i of `game` (tests.recgen: real rules), verified, with
    the meta a device writes (seat kinds) or none."""
    rec = recgen.game_record(i, [game])
    rec.update(device=device, epoch=epoch, seq=seq, started=ended - 600, ended=ended,
               meta=meta)
    raw = records.encode(rec)
    db.store(con, device, epoch, seq, raw, records.decode(raw), True, None, NOW)
    con.commit()
    return rec


def killed_at(after, argv):
    """Runs `kocka ARGV` in a forked child that dies like a killed process (os._exit: no
    cleanup, SQLite's journal left as it is) when its SQL statement number `after` is
    about to run (0: never). Returns how many statements it started."""
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        code = 0
        try:
            os.close(rfd)
            real = sqlite3.connect
            seen = [0]

            def trace(statement):
                seen[0] += 1
                os.write(wfd, b".")
                if seen[0] == after:
                    os._exit(9)

            def connect(*a, **k):
                con = real(*a, **k)
                con.set_trace_callback(trace)
                return con
            sqlite3.connect = connect
            import io
            import contextlib
            with contextlib.redirect_stderr(io.StringIO()), \
                    contextlib.redirect_stdout(io.StringIO()):
                code = cli.main(argv)
        except BaseException:
            code = 3
        finally:
            os._exit(code)
    os.close(wfd)
    started = b""
    while True:
        chunk = os.read(rfd, 4096)
        if not chunk:
            break
        started += chunk
    os.close(rfd)
    _, status = os.waitpid(pid, 0)
    code = os.WEXITSTATUS(status)
    assert code == (9 if after and after <= len(started) else 0), (after, code)
    return len(started)
