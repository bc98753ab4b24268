"""The host's SQLite database of synced games.

One file, WAL mode, synchronous=FULL (a commit is on disk before the device is
told it may prune). `PRAGMA application_id` marks the file as ours and
`PRAGMA user_version` is the schema version, so a database that is not ours (or
is from a newer kocka) is refused with a clear error instead of being changed;
so is one that SQLite's quick_check or the table check finds damaged
(host/dbfile.py opens and checks the file).

Tables:
    games      one row per record: primary key (device, epoch, seq), so a record
               that arrives again is a no-op; the raw record bytes and their
               SHA-256 are kept; verified = 1 (replay agrees) or 0 (rejected, reason).
               A linked game (its meta's "link") is kept by every device that played
               it: it is stored once, under its host's log once the host's copy came
    results    one row per player per game (leaderboards)
    conflicts  a record whose key is stored already with different bytes: flagged
               here, never overwriting the stored one
    gaps       sequence numbers the device reported as gone (pruned or unreadable)
    devices    each device log seen, its firmware and last sync; `synced`: every number
               1..synced of the log came from the device itself in a sync (a record
               stored or found identical, or a gap it reported), so a sync may ask from
               there; `acked`: what the device confirmed it was acknowledged
    roster     the player names pushed to the device on sync
"""
import hashlib
import json
import os
import time

from host import dbfile

APPLICATION_ID = 0x4B6F636B  # "Kock"
SCHEMA = 2

DDL = """
CREATE TABLE IF NOT EXISTS games (
    device TEXT NOT NULL, epoch INTEGER NOT NULL, seq INTEGER NOT NULL,
    game TEXT, options TEXT, seed INTEGER, players TEXT, scores TEXT,
    n_actions INTEGER, started INTEGER, ended INTEGER, duration_ms INTEGER,
    raw BLOB NOT NULL, sha256 TEXT NOT NULL,
    verified INTEGER, reason TEXT,  -- 1 verified, 0 rejected, NULL not checked yet
    synced_at INTEGER NOT NULL,
    PRIMARY KEY (device, epoch, seq)
);
CREATE TABLE IF NOT EXISTS results (
    device TEXT NOT NULL, epoch INTEGER NOT NULL, seq INTEGER NOT NULL,
    idx INTEGER NOT NULL, name TEXT NOT NULL, score INTEGER NOT NULL, win INTEGER NOT NULL,
    PRIMARY KEY (device, epoch, seq, idx)
);
CREATE INDEX IF NOT EXISTS results_name ON results (name);
CREATE TABLE IF NOT EXISTS conflicts (
    id INTEGER PRIMARY KEY,
    device TEXT NOT NULL, epoch INTEGER NOT NULL, seq INTEGER NOT NULL,
    raw BLOB NOT NULL, sha256 TEXT NOT NULL, seen_at INTEGER NOT NULL,
    UNIQUE (device, epoch, seq, sha256)
);
CREATE TABLE IF NOT EXISTS gaps (
    device TEXT NOT NULL, epoch INTEGER NOT NULL, first INTEGER NOT NULL,
    last INTEGER NOT NULL, why TEXT, seen_at INTEGER NOT NULL,
    PRIMARY KEY (device, epoch, first)
);
CREATE TABLE IF NOT EXISTS devices (
    device TEXT NOT NULL, epoch INTEGER NOT NULL, fw TEXT,
    first_seen INTEGER NOT NULL, last_sync INTEGER, acked INTEGER NOT NULL DEFAULT 0,
    synced INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (device, epoch)
);
CREATE TABLE IF NOT EXISTS roster (
    pos INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE
);
"""


# {old schema: its step up}. 1 -> 2: devices.synced. A schema 1 database cannot tell a
# synced game from an imported one, so its logs count as synced up to the highest
# number held, as schema 1 asked from there; the device's own acknowledgement still
# bounds every request (host/sync.py), so an imported number never lets a game go.
MIGRATIONS = {
    1: ["ALTER TABLE devices ADD COLUMN synced INTEGER NOT NULL DEFAULT 0",
        "UPDATE devices SET synced = max("
        "coalesce((SELECT max(seq) FROM games g WHERE g.device = devices.device"
        " AND g.epoch = devices.epoch), 0), "
        "coalesce((SELECT max(last) FROM gaps p WHERE p.device = devices.device"
        " AND p.epoch = devices.epoch), 0))"],
}

DbError = dbfile.DbError


def default_path():
    env = os.environ.get("KOCKA_DB")
    if env:
        return env
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("kocka", appauthor=False), "kocka.sqlite3")


def connect(path, create=True, write=True):
    """Opens (and if needed creates) the database, checked (host/dbfile.py); read-only
    unless `write`. Raises DbError, whose message names the file and what to do."""
    return dbfile.open_db(path, DDL, APPLICATION_ID, SCHEMA, create=create, write=write,
                          migrations=MIGRATIONS)


def sync_lock(path):
    return dbfile.sync_lock(path)


def sha(raw):
    return hashlib.sha256(raw).hexdigest()


def synced_to(con, device, epoch):
    """The number up to which this log came from the device itself in syncs (0: none)."""
    row = con.execute("SELECT synced FROM devices WHERE device=? AND epoch=?",
                      (device, epoch)).fetchone()
    return row[0] if row else 0


def note_synced(con, device, epoch, seq):
    """Every number up to `seq` of this log has now come from the device in a sync."""
    con.execute("UPDATE devices SET synced=max(synced, ?) WHERE device=? AND epoch=?",
                (seq, device, epoch))


def acked_recorded(con, device, epoch):
    """The acknowledgement the device last confirmed to this database (0: none)."""
    row = con.execute("SELECT acked FROM devices WHERE device=? AND epoch=?",
                      (device, epoch)).fetchone()
    return row[0] if row else 0


def note_log(con, device, epoch, fw, now=None):
    """A log seen in an imported file: noted if new, a synced device's row left as it is
    (a file proves nothing about the device: it never moves `synced` or `acked`)."""
    con.execute("INSERT OR IGNORE INTO devices (device, epoch, fw, first_seen) VALUES (?,?,?,?)",
                (device, epoch, fw, int(now if now is not None else time.time())))


def note_device(con, device, epoch, fw, now=None):
    now = int(now if now is not None else time.time())
    con.execute("INSERT OR IGNORE INTO devices (device, epoch, fw, first_seen) VALUES (?,?,?,?)",
                (device, epoch, fw, now))
    con.execute("UPDATE devices SET fw=?, last_sync=? WHERE device=? AND epoch=?",
                (fw, now, device, epoch))


def note_ack(con, device, epoch, seq):
    con.execute("UPDATE devices SET acked=max(acked, ?) WHERE device=? AND epoch=?",
                (seq, device, epoch))


def note_gap(con, device, epoch, first, last, why, now=None):
    con.execute("INSERT OR IGNORE INTO gaps VALUES (?,?,?,?,?,?)",
                (device, epoch, first, last, why, int(now or time.time())))


NEW = "new"
DUPLICATE = "duplicate"
CONFLICT = "conflict"


class Tally:
    """What a batch of store() calls did, a sync's or an import's: new games (and how
    many of them were rejected), numbers already stored, conflicts, and how many the
    replay verified. The summary line's counts are these."""

    def __init__(self):
        self.new = 0
        self.duplicates = 0
        self.conflicts = 0
        self.rejected = 0
        self.verified = 0
        self.gaps = []   # [(first, last, why)] the device (or the file) reported

    def lost_gaps(self):
        """[(first, last)] of games reported destroyed (not pruned, not unused)."""
        return [(a, b) for a, b, why in self.gaps if why not in ("pruned", "unused")]

    def count(self, outcome, ok):
        """Counts a new or duplicate outcome of store(); returns the outcome (a conflict
        is the caller's to count: a sync counts a number once however often it comes)."""
        if outcome == NEW:
            self.new += 1
            if ok is False:
                self.rejected += 1
        elif outcome == DUPLICATE:
            self.duplicates += 1
        return outcome

    def parts(self):
        """The summary's counts, as phrases."""
        parts = ["%d new game%s" % (self.new, "" if self.new == 1 else "s")]
        if self.duplicates:
            parts.append("%d already stored" % self.duplicates)
        if self.rejected:
            parts.append("%d rejected by replay" % self.rejected)
        if self.conflicts:
            parts.append("%d CONFLICTING (flagged, not overwritten)" % self.conflicts)
        lost = sum(b - a + 1 for a, b in self.lost_gaps())
        if lost:
            parts.append("%d LOST on the device (damaged)" % lost)
        return parts


def store(con, device, epoch, seq, raw, rec, verified, reason, now=None):
    """Stores one record (no commit). Returns NEW, DUPLICATE or CONFLICT.
    `rec` is the decoded record or None when it would not decode; verified is True,
    False (rejected: `reason`) or None (to be replayed later: `verify_pending`)."""
    now = int(now if now is not None else time.time())
    digest = sha(raw)
    known = compare(con, device, epoch, seq, raw, now)
    if known is not None:
        return known
    if rec is None:
        con.execute("INSERT INTO games (device, epoch, seq, raw, sha256, verified, reason, "
                    "synced_at) VALUES (?,?,?,?,?,0,?,?)",
                    (device, epoch, seq, raw, digest, reason, now))
        return NEW
    copy = linked_copy(con, device, rec)
    if copy is not None:
        # a linked game: every device that played it keeps it; it is stored once, under
        # its host's log when the host's own copy has come
        if copy[0] == linked_host(rec) or device != linked_host(rec):
            return DUPLICATE
        drop(con, *copy)     # a guest's copy gives way to the host's
    con.execute(
        "INSERT INTO games (device, epoch, seq, game, options, seed, players, scores, n_actions,"
        " started, ended, duration_ms, raw, sha256, verified, reason, synced_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (device, epoch, seq, rec["game"], json.dumps(rec["options"], sort_keys=True),
         str(rec["seed"]) if abs(rec["seed"]) >= 1 << 63 else rec["seed"],
         json.dumps(rec["players"]), json.dumps(rec["scores"]), len(rec["actions"]),
         rec["started"] or None, rec["ended"] or None, rec["duration"],
         raw, digest, None if verified is None else (1 if verified else 0),
         reason or None, now))
    scores = rec["scores"]
    best = max(scores) if scores else None
    for i, name in enumerate(rec["players"]):
        score = scores[i] if i < len(scores) else 0
        con.execute("INSERT INTO results VALUES (?,?,?,?,?,?,?)",
                    (device, epoch, seq, i, name, score, 1 if score == best else 0))
    return NEW


def linked_host(rec):
    """The device id of the host of a linked game's record (its meta's "link"), or None
    for a game played on one device."""
    meta = rec.get("meta")
    link = meta.get("link") if isinstance(meta, dict) else None
    host = link.get("host") if isinstance(link, dict) else None
    return host if isinstance(host, str) and host else None


def linked_copy(con, device, rec):
    """(device, epoch, seq) of a stored copy, from another device, of the same linked
    game as `rec` (the same host, game, seed, players, options, actions and scores), or
    None."""
    host = linked_host(rec)
    if host is None:
        return None
    from shared_rules import records
    seed = str(rec["seed"]) if abs(rec["seed"]) >= 1 << 63 else rec["seed"]
    rows = con.execute("SELECT device, epoch, seq, raw FROM games WHERE game=? AND seed=? "
                       "AND n_actions=? AND device<>?",
                       (rec["game"], seed, len(rec["actions"]), device)).fetchall()
    for dev, epoch, seq, raw in rows:
        try:
            other = records.decode(bytes(raw))
        except records.RecordError:
            continue
        if linked_host(other) == host and all(
                other[k] == rec[k] for k in ("players", "options", "actions", "scores")):
            return dev, epoch, seq
    return None


def drop(con, device, epoch, seq):
    """Removes a stored game and its results (a linked game's copy the host's replaces)."""
    for table in ("games", "results"):
        con.execute("DELETE FROM %s WHERE device=? AND epoch=? AND seq=?" % table,
                    (device, epoch, seq))


def compare(con, device, epoch, seq, raw, now=None):
    """A record for a number that may be stored: DUPLICATE (the same bytes), CONFLICT
    (other bytes: kept in conflicts, the stored game stays), None (nothing stored)."""
    row = con.execute("SELECT sha256 FROM games WHERE device=? AND epoch=? AND seq=?",
                      (device, epoch, seq)).fetchone()
    if row is None:
        return None
    digest = sha(raw)
    if row[0] == digest:
        return DUPLICATE
    con.execute("INSERT OR IGNORE INTO conflicts (device, epoch, seq, raw, sha256, seen_at) "
                "VALUES (?,?,?,?,?,?)", (device, epoch, seq, raw, digest,
                                         int(now if now is not None else time.time())))
    return CONFLICT


def conflicts(con, device=None):
    """Rows (device, epoch, seq, seen_at, raw, stored_raw) of every conflicting copy."""
    sql = ("SELECT c.device AS device, c.epoch AS epoch, c.seq AS seq, c.seen_at AS seen_at,"
           " c.raw AS raw, g.raw AS stored_raw FROM conflicts c LEFT JOIN games g"
           " USING (device, epoch, seq)")
    args = []
    if device:
        sql += " WHERE c.device=?"
        args.append(device)
    return con.execute(sql + " ORDER BY c.device, c.epoch, c.seq, c.seen_at", args).fetchall()


def conflicted(con):
    """{(device, epoch, seq)} of stored games another copy conflicts with."""
    return set((r[0], r[1], r[2]) for r in
               con.execute("SELECT DISTINCT device, epoch, seq FROM conflicts"))


def pending(con):
    """Rows stored but not replayed yet: [(device, epoch, seq, raw)]."""
    return con.execute("SELECT device, epoch, seq, raw FROM games WHERE verified IS NULL "
                       "ORDER BY device, epoch, seq").fetchall()


def unverify_all(con):
    """Marks every verified game as not checked yet (to replay it with today's rules)."""
    n = con.execute("UPDATE games SET verified=NULL, reason=NULL "
                    "WHERE verified=1 AND game IS NOT NULL").rowcount
    return n


def set_verified(con, device, epoch, seq, ok, reason):
    con.execute("UPDATE games SET verified=?, reason=? WHERE device=? AND epoch=? AND seq=?",
                (1 if ok else 0, reason or None, device, epoch, seq))


def keys(con):
    """{(device, epoch, seq): sha256} of every stored game (tests and checks)."""
    return dict(((r[0], r[1], r[2]), r[3]) for r in
                con.execute("SELECT device, epoch, seq, sha256 FROM games"))


# -- the roster ---------------------------------------------------------------------
MAX_NAME = 8
DEVICE_SLOTS = 6


def clean_name(name):
    """The device's rules for names: printable ASCII, upper case, at most 8 characters
    (a longer name is refused, never cut: two cut names could become one)."""
    bad = [ch for ch in name if not " " <= ch <= "~"]
    if bad:
        raise ValueError("%r: names on the device are plain ASCII letters, digits and "
                         "punctuation (not %r)" % (name, "".join(bad)))
    out = name.upper().strip()
    if len(out) > MAX_NAME:
        raise ValueError("%r has %d characters: a name on the device has at most %d (e.g. "
                         "%r); nothing was changed" % (name, len(out), MAX_NAME,
                                                      out[:MAX_NAME].strip()))
    if not out:
        raise ValueError("%r is not a usable name (printable ASCII, up to %d characters)"
                         % (name, MAX_NAME))
    return out


def roster(con):
    return [r[0] for r in con.execute("SELECT name FROM roster ORDER BY pos")]


def set_roster(con, names):
    clean = []
    for n in names:
        c = clean_name(n)
        if c not in clean:
            clean.append(c)
    with con:
        con.execute("DELETE FROM roster")
        for i, n in enumerate(clean):
            con.execute("INSERT INTO roster VALUES (?,?)", (i, n))
    return clean


# -- queries for the reports ------------------------------------------------------------
def clock_known(row):
    """True when the row's end time is a real date from the device's clock."""
    from host import dates
    return dates.known(row["ended"])


def played_at(row):
    """Unix seconds the game ended: the device's clock, else when it was synced."""
    return row["ended"] if clock_known(row) else row["synced_at"]


def _json_list(text):
    try:
        v = json.loads(text) if text else []
    except (ValueError, TypeError):
        return []
    return v if isinstance(v, list) else []


def players_of(row):
    """The row's player names (a name that is not text shows as "?")."""
    return [p if isinstance(p, str) else "?" for p in _json_list(row["players"])]


def scores_of(row):
    """The row's scores (a score that is not an int counts as 0)."""
    return [s if isinstance(s, int) and not isinstance(s, bool) else 0
            for s in _json_list(row["scores"])]


def games(con, game=None, device=None, include_rejected=True, limit=None, newest_first=True):
    sql = "SELECT * FROM games WHERE 1=1"
    args = []
    if game:
        sql += " AND game=?"
        args.append(game)
    if device:
        sql += " AND device=?"
        args.append(device)
    if not include_rejected:
        sql += " AND verified=1"
    order = "DESC" if newest_first else "ASC"
    sql += " ORDER BY coalesce(ended, synced_at) %s, device, epoch, seq %s" % (order, order)
    if limit:
        sql += " LIMIT %d" % int(limit)
    return con.execute(sql, args).fetchall()


def leaderboard(con, game=None, include_rejected=False):
    """Rows (game, name, games, wins, average, best), best players first per game."""
    sql = ("SELECT g.game AS game, r.name AS name, count(*) AS games, sum(r.win) AS wins,"
           " avg(r.score) AS average, max(r.score) AS best"
           " FROM results r JOIN games g USING (device, epoch, seq)"
           " WHERE g.game IS NOT NULL")
    args = []
    if not include_rejected:
        sql += " AND g.verified=1"
    if game:
        sql += " AND g.game=?"
        args.append(game)
    sql += " GROUP BY g.game, r.name ORDER BY g.game, wins DESC, average DESC, r.name"
    return con.execute(sql, args).fetchall()


def count_games(con, game=None, device=None):
    sql = "SELECT count(*) FROM games WHERE 1=1"
    args = []
    if game:
        sql += " AND game=?"
        args.append(game)
    if device:
        sql += " AND device=?"
        args.append(device)
    return con.execute(sql, args).fetchone()[0]


def game_by_seq(con, seq, device=None):
    """The stored games numbered seq (one per device log that has it)."""
    sql = "SELECT * FROM games WHERE seq=?"
    args = [seq]
    if device:
        sql += " AND device=?"
        args.append(device)
    return con.execute(sql + " ORDER BY device, epoch", args).fetchall()
