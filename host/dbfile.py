"""The database file itself: opening it safely, checking it, the sync lock, and errors
in one line that name the file and say what to do.

    con = open_db(path, ddl, write=True)    # DbError unless the file is usable
    with sync_lock(path): ...               # one `kocka sync` per database at a time
    explain(path, sqlite_error)             # the one-line message for any SQLite error
    deep_check(con, path)                   # `kocka check`: every page, every record

Before anything is written, and before any report reads it, an existing file is
checked (SQLite's quick_check, and that kocka's tables have kocka's columns): a
damaged database is refused as it is, never "repaired" or re-created over.
"""
import os
import sqlite3

BUSY_TIMEOUT = 10.0  # seconds a writer waits for another one before giving up

WHAT_TO_DO = ("kocka has left it as it is: restore it from a backup, or try "
              "`sqlite3 %s .recover`, or move it away and run `kocka sync` for a new one "
              "(the device still has every game it was not told to prune)")


class DbError(Exception):
    """A database kocka cannot use (not ours, newer, damaged, busy, read-only, not a file)."""


def explain(path, e):
    """One line for an SQLite error while using `path`."""
    text = str(e)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return ("%s is busy: another kocka is writing to it (a sync?); try again when it "
                "has finished" % path)
    if "readonly" in low or "read-only" in low:
        return ("%s is read-only: give yourself write permission on it and its folder, "
                "or choose another file with --db PATH" % path)
    if "full" in low:
        return ("the disk holding %s is full: free some space and try again (nothing "
                "stored so far is lost)" % path)
    if "unable to open" in low:
        return ("cannot open %s (%s): check the path and its permissions, or choose "
                "another file with --db PATH" % (path, text))
    return "%s is damaged (SQLite: %s); %s" % (path, text, WHAT_TO_DO % path)


def writable(path):
    """True if kocka may write `path` (and the journal files beside it)."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return False
    return os.access(folder, os.W_OK)


def check_path(path, create):
    """DbError if `path` cannot be a database file; creates it (and a missing folder, saying
    so on stderr) if asked. Returns True if a database file (not empty) is there."""
    import sys
    if os.path.isdir(path):
        raise DbError("%s is a folder, not a database file: give a file's path, e.g. --db %s"
                      % (path, os.path.join(path, "kocka.sqlite3")))
    if os.path.exists(path) and not os.path.isfile(path):
        raise DbError("%s is not a regular file (a device or a pipe?): choose a database "
                      "file with --db PATH" % path)
    exists = os.path.isfile(path) and os.path.getsize(path) > 0
    if exists or not create:
        return exists
    folder = os.path.dirname(os.path.abspath(path))
    parent = folder
    while parent and not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if parent and not os.path.isdir(parent):
        raise DbError("cannot create %s: %s is a file, not a folder; choose another place "
                      "with --db PATH" % (path, parent))
    if not os.path.isdir(folder):
        try:
            os.makedirs(folder)
        except OSError as e:
            raise DbError("cannot create the folder %s for %s: %s; choose another place "
                          "with --db PATH" % (folder, path, e.strerror or e))
        from host.safetext import shown
        print("kocka: created the folder %s" % shown(folder), file=sys.stderr)
    if not os.path.exists(path):
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        except OSError as e:
            raise DbError("cannot create %s: %s (the folder %s does not take new files); "
                          "choose another place with --db PATH"
                          % (path, e.strerror or e, folder))
    return False


def open_db(path, ddl, application_id, schema, create=True, write=True, migrations=None):
    """A connection to a checked kocka database at `path` (created from `ddl` if absent
    and `create`); read-only unless `write`. An older schema is brought up to date with
    `migrations` ({old version: [SQL statements]}, each step one transaction) when the
    file is writable. Raises DbError with the message for the user."""
    exists = check_path(path, create)
    if not exists and not create:
        raise DbError("no database at %s yet: run `kocka sync` first" % path)
    can_write = writable(path)
    if (write or not exists) and not can_write:
        raise DbError("%s is read-only: give yourself write permission on it and its "
                      "folder, or choose another file with --db PATH" % path)
    con = None
    try:
        if can_write:
            con = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
        else:
            con = _open_read_only(path)
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id != application_id:
            if app_id == 0 and can_write and (tables == 0 or half_made(con, ddl)):
                make_new(con, ddl, application_id, schema)
            else:
                raise DbError("%s is not a kocka database (application_id %#x); choose "
                              "another file with --db PATH" % (path, app_id))
        elif version > schema:
            raise DbError("%s was written by a newer kocka (schema %d, this one knows %d): "
                          "update kocka" % (path, version, schema))
        else:
            quick_check(con, path)
            if version < schema:
                if not can_write:
                    raise DbError("%s was written by an older kocka (schema %d): give "
                                  "yourself write permission on it once, so this kocka can "
                                  "bring it up to date" % (path, version))
                migrate(con, path, version, schema, migrations or {})
            check_tables(con, path, ddl)
        if can_write:
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("PRAGMA synchronous=FULL")
        else:
            con.execute("PRAGMA query_only=1")
        con.execute("PRAGMA foreign_keys=ON")
    except DbError:
        if con is not None:
            con.close()
        raise
    except sqlite3.Error as e:
        if con is not None:
            con.close()
        if "not a database" in str(e) or "malformed" in str(e):
            raise DbError("%s is not a kocka database, or it is damaged (SQLite: %s); %s"
                          % (path, e, WHAT_TO_DO % path))
        raise DbError(explain(path, e))
    con.row_factory = sqlite3.Row
    return con


def make_new(con, ddl, application_id, schema):
    """Makes the database in one transaction: the tables, then the application id and
    schema version that mark it as kocka's. A kill at any point leaves either nothing
    (SQLite rolls the transaction back on the next open: the file is new again) or the
    whole database, never tables without the mark (refused as not kocka's ever after)."""
    con.commit()
    con.isolation_level = None  # this function's BEGIN and COMMIT are the transaction
    try:
        con.execute("BEGIN IMMEDIATE")
        try:
            # another kocka may have made it meanwhile: made, it is left as it is
            if con.execute("PRAGMA application_id").fetchone()[0] != application_id:
                for statement in statements(ddl):
                    con.execute(statement)
                con.execute("PRAGMA application_id=%d" % application_id)
                con.execute("PRAGMA user_version=%d" % schema)
            con.execute("COMMIT")
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise
    finally:
        con.isolation_level = ""


def migrate(con, path, version, schema, migrations):
    """Brings the schema from `version` up to `schema`, a step a transaction: a kill leaves
    the file at the last finished step, which the next open carries on from."""
    con.commit()
    con.isolation_level = None
    try:
        while version < schema:
            steps = migrations.get(version)
            if steps is None:
                raise DbError("%s has schema %d, which this kocka cannot bring up to date; "
                              "%s" % (path, version, WHAT_TO_DO % path))
            con.execute("BEGIN IMMEDIATE")
            try:
                if con.execute("PRAGMA user_version").fetchone()[0] == version:
                    for statement in steps:
                        con.execute(statement)
                    con.execute("PRAGMA user_version=%d" % (version + 1))
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise
            version = con.execute("PRAGMA user_version").fetchone()[0]
    finally:
        con.isolation_level = ""


def statements(ddl):
    """The DDL's statements one by one (executescript would commit before it runs)."""
    out = []
    part = ""
    for line in ddl.splitlines(True):
        part += line
        if sqlite3.complete_statement(part):
            out.append(part.strip())
            part = ""
    if part.strip():
        out.append(part.strip())
    return out


def half_made(con, ddl):
    """True for a file an older kocka was killed while making (its tables were created
    one by one, the application id set last): nothing in it but some of kocka's own
    tables and indexes, as kocka makes them, all empty. It is finished as a new one."""
    want = expected_tables(ddl)
    indexes = _expected_indexes(ddl)
    for kind, name, table in con.execute("SELECT type, name, tbl_name FROM sqlite_master"):
        if kind == "table":
            if name not in want or _columns(con, name) != want[name]:
                return False
            if con.execute('SELECT 1 FROM "%s" LIMIT 1' % name).fetchone() is not None:
                return False
        elif kind == "index":
            if name not in indexes and not name.startswith("sqlite_autoindex_"):
                return False
        else:
            return False
    return con.execute("PRAGMA user_version").fetchone()[0] == 0


_INDEXES = {}


def _expected_indexes(ddl):
    if ddl not in _INDEXES:
        ref = sqlite3.connect(":memory:")
        ref.executescript(ddl)
        _INDEXES[ddl] = set(r[0] for r in ref.execute(
            "SELECT name FROM sqlite_master WHERE type='index'"))
        ref.close()
    return _INDEXES[ddl]


def _open_read_only(path):
    con = sqlite3.connect("file:%s?mode=ro" % _uri_path(path), uri=True, timeout=BUSY_TIMEOUT)
    try:
        con.execute("PRAGMA application_id").fetchone()
        return con
    except sqlite3.OperationalError:
        # a WAL database in a folder we cannot write has no -shm to share: nobody can
        # be writing it either, so read the file as it is
        con.close()
        return sqlite3.connect("file:%s?immutable=1" % _uri_path(path), uri=True)


def _uri_path(path):
    from urllib.parse import quote
    return quote(os.path.abspath(path))


def quick_check(con, path, pragma="quick_check"):
    rows = [r[0] for r in con.execute("PRAGMA %s(5)" % pragma)]
    if rows != ["ok"]:
        raise DbError("%s is damaged (SQLite's %s: %s); %s"
                      % (path, pragma, "; ".join(" ".join(str(r).split()) for r in rows)[:200],
                         WHAT_TO_DO % path))


_EXPECTED = {}


def _columns(con, table):
    return [tuple(r[1:6:1]) for r in con.execute("PRAGMA table_info(%s)" % table)]


def expected_tables(ddl):
    """{table: [(name, type, notnull, default, pk)]} as `ddl` makes them."""
    if ddl not in _EXPECTED:
        ref = sqlite3.connect(":memory:")
        ref.executescript(ddl)
        names = [r[0] for r in ref.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        _EXPECTED[ddl] = dict((t, _columns(ref, t)) for t in names)
        ref.close()
    return _EXPECTED[ddl]


def check_tables(con, path, ddl):
    """DbError unless every kocka table is there with kocka's columns and constraints."""
    have = set(r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'"))
    for table, cols in sorted(expected_tables(ddl).items()):
        if table not in have:
            raise DbError("%s is damaged: its table %r is missing; %s"
                          % (path, table, WHAT_TO_DO % path))
        if _columns(con, table) != cols:
            raise DbError("%s is damaged: its table %r is not as kocka made it (columns or "
                          "constraints changed); %s" % (path, table, WHAT_TO_DO % path))


def deep_check(con, path):
    """`kocka check`: SQLite's full integrity_check, the tables, and every stored record's
    bytes against its SHA-256. Returns counts; raises DbError naming what is wrong."""
    quick_check(con, path, "integrity_check")
    bad = []
    for table in ("games", "conflicts"):
        for r in con.execute("SELECT device, seq, raw, sha256 FROM %s" % table):
            raw = r[2]
            if not isinstance(raw, bytes) or sha(raw) != r[3]:
                bad.append("%s #%s" % (r[0], r[1]))
    if bad:
        raise DbError("%s is damaged: the stored bytes of %d game%s (%s%s) do not match their "
                      "SHA-256; %s" % (path, len(bad), "" if len(bad) == 1 else "s",
                                      ", ".join(bad[:5]), " ..." if len(bad) > 5 else "",
                                      WHAT_TO_DO % path))
    counts = {}
    for what, sql in (("games", "SELECT count(*) FROM games"),
                      ("verified", "SELECT count(*) FROM games WHERE verified=1"),
                      ("rejected", "SELECT count(*) FROM games WHERE verified=0"),
                      ("unchecked", "SELECT count(*) FROM games WHERE verified IS NULL"),
                      ("conflicts", "SELECT count(*) FROM conflicts"),
                      ("gaps", "SELECT count(*) FROM gaps"),
                      ("devices", "SELECT count(DISTINCT device) FROM devices")):
        counts[what] = con.execute(sql).fetchone()[0]
    return counts


class sync_lock:
    """Held for a whole `kocka sync`: a second sync into the same database stops at once
    with a clear message instead of waiting on SQLite's lock. The lock is the OS's
    (released when the process ends, however it ends) on `<db>.lock`, left in place."""

    def __init__(self, path):
        self.path = path
        self.f = None

    def __enter__(self):
        try:
            self.f = open(self.path + ".lock", "a+")
        except OSError as e:
            raise DbError("cannot create the lock file %s.lock beside %s: %s"
                          % (self.path, self.path, e.strerror or e))
        try:
            _lock(self.f)
        except OSError:
            self.f.close()
            self.f = None
            raise DbError("another kocka sync is using %s: wait for it to finish, then run "
                          "kocka sync again" % self.path)
        return self

    def __exit__(self, *exc):
        if self.f is not None:
            try:
                _unlock(self.f)
            finally:
                self.f.close()
                self.f = None
        return False


def _lock(f):
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        return
    fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(f):
    try:
        import fcntl
    except ImportError:
        import msvcrt
        f.seek(0)
        msvcrt.locking(f.fileno(), msvcrt.LK_UNLCK, 1)
        return
    fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def sha(raw):
    import hashlib
    return hashlib.sha256(raw).hexdigest()
