"""`kocka import FILE`: a game log downloaded from the web page, into the database.

The page (web/kocka_page.py export_log) writes the app's game log as JSON:

    {"format": "kocka-log", "version": 1, "device": ID, "epoch": N,
     "records": [{"seq": N, "data": BASE64}, ...], "gaps": [[first, last, why], ...]}

where each record's data are the bytes the device would send in a sync
(shared_rules.records). The import treats them exactly as a sync does: each record is
checked against the log it claims to be in (device, epoch, seq) and for values the
database can hold, stored under (device, epoch, seq), so a record already there is a
no-op (importing a file twice adds nothing) and one with other bytes is a conflict,
kept beside the stored one; then every record not yet checked is replayed with the
rules (host.sync.replay_pending, shared_rules.verify). A file that is not such a log,
or is damaged, is refused as a whole before anything is stored, with what is wrong.
"""
import base64
import binascii
import json
import time

from host import db, devmsg

FORMAT = "kocka-log"
VERSION = 1
MAX_FILE = 64 * 1024 * 1024     # far more than a browser's storage holds
FW = "browser"                  # the firmware column of a log that came as a file


class BadLogFile(ValueError):
    """The file is not a Kocka game log, or is damaged; the message says which."""


class Outcome(db.Tally):
    """What an import did (db.Tally's counts, the gaps the file reported) and how many
    records the file had."""

    def __init__(self, device, epoch):
        db.Tally.__init__(self)
        self.device = device
        self.epoch = epoch
        self.records = 0

    def summary(self):
        return "log %s: %s" % (self.device, ", ".join(self.parts()))


def parse(data, name="the file"):
    """(device, epoch, [(seq, raw bytes)], [(first, last, why)]) from the file's bytes."""
    if len(data) > MAX_FILE:
        raise BadLogFile("%s is %d bytes: too big for a Kocka game log" % (name, len(data)))
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadLogFile("%s is not a Kocka game log (not text: a downloaded log is JSON)"
                         % name)
    except ValueError as e:
        raise BadLogFile("%s is not a Kocka game log (not valid JSON: %s; it may be cut "
                         "short: download it again)" % (name, e))
    except RecursionError:
        raise BadLogFile("%s is not a Kocka game log (its JSON is nested far deeper than a "
                         "log's)" % name)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BadLogFile("%s is not a Kocka game log (no \"format\": \"%s\")" % (name, FORMAT))
    if doc.get("version") != VERSION:
        raise BadLogFile("%s is a Kocka game log of version %s; this kocka reads version %d: "
                         "update kocka" % (name, devmsg.text(doc.get("version"), 20), VERSION))
    device = devmsg.word(doc.get("device"), devmsg.MAX_DEVICE)
    if device is None:
        raise BadLogFile("%s: the log's device id %s is not 1-%d printable characters"
                         % (name, devmsg.text(doc.get("device"), 40), devmsg.MAX_DEVICE))
    epoch = devmsg.count(doc.get("epoch"), devmsg.MAX_EPOCH)
    if epoch is None:
        raise BadLogFile("%s: the log's epoch %s is not a number 0..%d"
                         % (name, devmsg.text(doc.get("epoch"), 40), devmsg.MAX_EPOCH))
    items = doc.get("records")
    if not isinstance(items, list):
        raise BadLogFile("%s: \"records\" is not a list" % name)
    recs = []
    seen = {}
    for i, item in enumerate(items):
        where = "%s: record %d of %d" % (name, i + 1, len(items))
        if not isinstance(item, dict):
            raise BadLogFile("%s is not an object" % where)
        seq = devmsg.count(item.get("seq"))
        if not seq:
            raise BadLogFile("%s: its number %s is not 1..%d"
                             % (where, devmsg.text(item.get("seq"), 40), devmsg.MAX_SEQ))
        text = item.get("data")
        if not isinstance(text, str):
            raise BadLogFile("%s (#%d) has no data" % (where, seq))
        try:
            raw = base64.b64decode(text.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError):
            raise BadLogFile("%s (#%d): its data are not base64 (the file is damaged)"
                             % (where, seq))
        if seq in seen and seen[seq] != raw:
            raise BadLogFile("%s: game #%d appears twice with different contents "
                             "(the file is damaged)" % (where, seq))
        if seq not in seen:
            seen[seq] = raw
            recs.append((seq, raw))
    gaps = []
    items = doc.get("gaps")
    if items is None:
        items = []
    if not isinstance(items, list):
        raise BadLogFile("%s: \"gaps\" is not a list (the file is damaged)" % name)
    for g in items:
        if (not isinstance(g, list) or len(g) != 3 or devmsg.count(g[0]) is None
                or devmsg.count(g[1]) is None or g[1] < g[0]):
            raise BadLogFile("%s: a gap %s is not [first, last, why]"
                             % (name, devmsg.text(g, 60)))
        gaps.append((g[0], g[1], devmsg.gap_why(g[2])))
    return device, epoch, recs, gaps


def read(path):
    """parse() of the file at `path`. Only a regular file is read: a FIFO, a device or a
    folder is refused at once (reading a FIFO would wait for a writer forever)."""
    import os
    import stat
    from host.safetext import shown
    # O_NONBLOCK: opening a FIFO does not wait for its writer; the check comes first
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadLogFile("%s is not a regular file (a folder, a pipe or a device?): give "
                             "the game log the web page downloaded" % shown(path))
        if getattr(os, "O_NONBLOCK", 0) and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        f = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with f:
        data = f.read(MAX_FILE + 1)
    return parse(data, path)


def store_all(con, device, epoch, recs, gaps, lookup, now=None):
    """Stores and verifies what parse() read; commits. Returns an Outcome."""
    from host.sync import replay_pending
    now = int(now if now is not None else time.time())
    out = Outcome(device, epoch)
    db.note_log(con, device, epoch, FW, now)
    for seq, raw in recs:
        out.records += 1
        ok, why, rec = devmsg.check_record(raw, device, epoch, seq)
        outcome = db.store(con, device, epoch, seq, raw, rec, ok, why, now)
        if out.count(outcome, ok) == db.CONFLICT:
            out.conflicts += 1
    for first, last, why in gaps:
        db.note_gap(con, device, epoch, first, last, why, now)
        out.gaps.append((first, last, why))
    con.commit()
    good, bad = replay_pending(con, lookup, now)
    out.verified = good
    out.rejected += bad
    return out
