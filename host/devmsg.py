"""What a device may send, checked before the host uses it: types and ranges.

A device (or something pretending to be one) can send any JSON and any record
bytes. Everything the sync keeps or compares goes through here first:

    hello(msg)          the fields of a HELLO, or Malformed (the sync stops: a clear error)
    count(v)            a sequence number or count (0..MAX_SEQ), else None
    word(v, n)          a short printable-ASCII string, else None
    gap_why(v)          the reason of a GAP: pruned, damaged, unused (or unknown)
    record_problem(rec) why a decoded record cannot be stored as it is, or None
    check_record(raw, device, epoch, seq)
                        a record's bytes as they came for that log and number:
                        (ok, why, rec), what a sync and an import store

A record with a problem is stored raw and rejected with the reason, so a sync
moves past it and never asks for it again.
"""

MAX_SEQ = (1 << 31) - 1        # a device numbers its games from 1; far more than a log holds
MAX_EPOCH = (1 << 32) - 1      # the device picks a 30-bit epoch
MAX_SQL = (1 << 63) - 1        # SQLite's INTEGER
MAX_DEVICE = 32
MAX_FW = 40

GAP_WHYS = ("pruned", "damaged", "unused")
OLD_GAP_WHYS = {"unreadable": "damaged"}  # devices before "why" had three values


class Malformed(ValueError):
    """A message whose fields are not what the protocol says."""


def is_int(v):
    # bool is an int subclass: a JSON true is not a number
    return isinstance(v, int) and not isinstance(v, bool)


def count(v, hi=MAX_SEQ):
    """v if it is an int in 0..hi, else None."""
    return v if is_int(v) and 0 <= v <= hi else None


def word(v, n):
    """v if it is a string of 1..n printable ASCII characters (no space), else None."""
    if not isinstance(v, str) or not 0 < len(v) <= n:
        return None
    for ch in v:
        if not "!" <= ch <= "~":
            return None
    return v


def text(v, n=200):
    """Any device message as safe, bounded text (for warnings)."""
    from host.safetext import shown
    if not isinstance(v, str):
        v = repr(v)
    return shown(v[:n])


def hello(msg):
    """{"device", "epoch", "fw", "last", "acked"} from a device's HELLO; Malformed if it
    breaks the protocol. A missing "last" or "acked" is 0 (so a sync asks from the start),
    a missing "fw" is ""."""
    device = word(msg.get("device"), MAX_DEVICE)
    if device is None:
        raise Malformed("its id %s is not 1-%d printable characters"
                        % (text(msg.get("device"), 40), MAX_DEVICE))
    epoch = count(msg.get("epoch"), MAX_EPOCH)
    if epoch is None:
        raise Malformed("its log epoch %s is not a number 0..%d"
                        % (text(msg.get("epoch"), 40), MAX_EPOCH))
    last = count(msg.get("last", 0))
    if last is None:
        raise Malformed("its newest game number %s is not a number 0..%d"
                        % (text(msg.get("last"), 40), MAX_SEQ))
    acked = count(msg.get("acked", 0))
    if acked is None:
        raise Malformed("its acknowledged game number %s is not a number 0..%d"
                        % (text(msg.get("acked"), 40), MAX_SEQ))
    acked = min(acked, last)   # no more than it has
    fw = msg.get("fw", "")
    if fw is None:
        fw = ""
    if not isinstance(fw, str) or len(fw) > MAX_FW or not all(" " <= c <= "~" for c in fw):
        raise Malformed("its firmware version %s is not short plain text" % text(fw, 60))
    return {"device": device, "epoch": epoch, "fw": fw, "last": last, "acked": acked}


def gap_why(v):
    if v in GAP_WHYS:
        return v
    if isinstance(v, str) and v in OLD_GAP_WHYS:
        return OLD_GAP_WHYS[v]
    return "unknown"


def _sql_int(v):
    return is_int(v) and -MAX_SQL - 1 <= v <= MAX_SQL


def _plain_ok(v, depth=0):
    """Options and meta are stored as JSON: plain values whose ints fit SQLite's JSON
    functions (and a reader's 64-bit int), strings valid text."""
    if depth > 8:
        return False
    if v is None or isinstance(v, bool):
        return True
    if is_int(v):
        return _sql_int(v)
    if isinstance(v, str):
        return _text_ok(v)
    if isinstance(v, (list, tuple)):
        return all(_plain_ok(x, depth + 1) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _text_ok(k) and _plain_ok(x, depth + 1)
                   for k, x in v.items())
    return False


def _text_ok(s):
    try:
        s.encode("utf-8")
    except UnicodeError:  # an unpaired surrogate
        return False
    return True


def record_problem(rec):
    """Why a decoded record's fields cannot be stored in the database's columns, or None.
    (Whether they are plausible is for shared_rules.verify.)"""
    for key in ("started", "ended", "duration"):
        if not _sql_int(rec.get(key)) or rec.get(key) < 0:
            return "%s %s is not a number 0..2^63-1" % (key, text(rec.get(key), 40))
    if not isinstance(rec.get("game"), str) or not _text_ok(rec["game"]):
        return "the game's name is not text"
    if not isinstance(rec.get("players"), list) or \
            not all(isinstance(p, str) and _text_ok(p) for p in rec["players"]):
        return "a player's name is not text"
    scores = rec.get("scores")
    if not isinstance(scores, list) or not all(_sql_int(s) for s in scores):
        return "scores hold a number beyond +-2^63"
    if not is_int(rec.get("seed")):
        return "the seed is not a number"
    if not _plain_ok(rec.get("options")):
        return "the options hold a value that cannot be stored"
    if not _plain_ok(rec.get("meta")):
        return "the meta data hold a value that cannot be stored"
    return None


def number(n):
    """An integer a device sent, for a message: itself, unless SQLite could not hold it."""
    return n if abs(n) <= MAX_SQL else "(a huge number)"


def check_record(raw, device, epoch, seq):
    """A record's bytes as they came for (device, epoch, seq), as (ok, why, rec): ok False
    with the reason and rec None when it cannot be kept as a game (undecodable, another
    log's or number's, impossible values); otherwise ok None (the replay decides later)
    and the decoded record."""
    from shared_rules import records
    try:
        rec = records.decode(raw)
    except records.RecordError as e:
        return False, "undecodable record: %s" % (e,), None
    if (rec["device"], rec["epoch"], rec["seq"]) != (device, epoch, seq):
        return False, "the record says it is %s/%s #%s but came as #%d" % (
            text(rec["device"], 40), number(rec["epoch"]), number(rec["seq"]), seq), None
    problem = record_problem(rec)
    if problem:
        return False, "impossible values: %s" % problem, None
    return None, None, rec
