"""The record of one finished game: one format for every game, on the device and the host.

A record is a dict with these fields:

    v         format version (VERSION)
    device    the device id (a short string, e.g. 8 hex digits)
    epoch     the device's log epoch: a random number chosen when its game log was
              created, so a device whose storage was wiped starts a new numbering
    seq       the record's sequence number in that log (1, 2, 3, ...)
    game      the game's registry name ("cubo", "kocka10000", ...)
    options   the rule options the game was played with (a dict of plain values)
    seed      the seed of the game's Rng: with the actions it replays the game
    players   the players' names, in seat order (list of str)
    actions   the action log: a list of tuples of ints, as State.apply took them
    scores    the final scores (list of ints, one per player)
    started   wall-clock start, Unix seconds, 0 when the device's clock was unknown
    ended     wall-clock end, Unix seconds, 0 when unknown
    duration  milliseconds of game time from the first to the last action
    meta      optional extra plain data for the app (bot levels, ...), a dict or None

Encoded form (`encode`/`decode`, version 1): a compact binary string, because
the device keeps thousands of these in 1.4 MB of flash.

    u8      version (1)
    uv      epoch, seq
    str     device, game, options (compact JSON, keys sorted)
    sv      seed
    uv n    then n x str: players
    uv      started, ended, duration
    uv n    then n x sv: scores
    str     meta (compact JSON, or empty for none)
    uv n    the number of actions, then
    uv m    then m bytes: the actions coded by shared_rules.actcodec (adaptive
            range coding: a typical action takes well under a byte)

uv = unsigned LEB128 varint, sv = zigzag varint, str = uv byte length + UTF-8.
Decoding checks everything and raises RecordError (a ValueError) on any
malformed, truncated or over-long input, never anything else.
MicroPython subset: no struct formats beyond bytes, no big allocations.
"""

import json

from shared_rules.varint import put_uv, put_sv, Reader

VERSION = 1
MAX_ACTIONS = 20000
MAX_ACTION_LEN = 32
MAX_PLAYERS = 16
MAX_STR = 2048
MAX_CODE = 1 << 20

FIELDS = ("v", "device", "epoch", "seq", "game", "options", "seed", "players",
          "actions", "scores", "started", "ended", "duration", "meta")


class RecordError(ValueError):
    """A record that cannot be encoded or decoded."""


def make(device, epoch, seq, game, options, seed, players, actions, scores,
         started=0, ended=0, duration=0, meta=None):
    """A record dict with every field, actions as tuples."""
    return {
        "v": VERSION, "device": device, "epoch": epoch, "seq": seq, "game": game,
        "options": dict(options) if options else {}, "seed": seed,
        "players": list(players), "actions": [tuple(a) for a in actions],
        "scores": list(scores), "started": started, "ended": ended,
        "duration": duration, "meta": meta,
    }


# -- varints (shared_rules.varint) ---------------------------------------------
def _uv(out, n):
    if n < 0:
        raise RecordError("negative where unsigned is required")
    put_uv(out, n)


def _sv(out, n):
    put_sv(out, n)


def _str(out, s):
    b = s.encode()
    if len(b) > MAX_STR:
        raise RecordError("string too long")
    _uv(out, len(b))
    out.extend(b)


def _int(x, what):
    # bool is an int subclass on CPython; a record holds plain ints only.
    if not isinstance(x, int) or isinstance(x, bool):
        raise RecordError("%s must be an int, not %r" % (what, x))
    return x


def dumps_json(obj):
    """Compact JSON with sorted keys (identical bytes on CPython and MicroPython)."""
    if obj is None:
        return ""
    if isinstance(obj, dict):
        keys = sorted(obj)
        parts = []
        for k in keys:
            if not isinstance(k, str):
                raise RecordError("dict keys must be strings")
            parts.append(_jstr(k) + ":" + dumps_json_value(obj[k]))
        return "{" + ",".join(parts) + "}"
    return dumps_json_value(obj)


def dumps_json_value(v):
    if isinstance(v, dict):
        return dumps_json(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join([dumps_json_value(x) for x in v]) + "]"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, str):
        return _jstr(v)
    if isinstance(v, int):
        return "%d" % v
    if isinstance(v, float):
        raise RecordError("floats are not allowed in records")
    raise RecordError("cannot store %r in a record" % (v,))


def _jstr(s):
    # ASCII-only JSON string, the same on both runtimes (MicroPython's json.dumps
    # writes non-ASCII raw, CPython's escapes it).
    out = '"'
    for ch in s:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            out += "\\" + ch
        elif 0x20 <= c < 0x7F:
            out += ch
        elif c < 0x10000:
            out += "\\u%04x" % c
        else:
            c -= 0x10000
            out += "\\u%04x\\u%04x" % (0xD800 | (c >> 10), 0xDC00 | (c & 0x3FF))
    return out + '"'


def encode(rec):
    """The record's bytes (raises RecordError for a record that breaks the format)."""
    out = bytearray()
    out.append(VERSION)
    try:
        _uv(out, _int(rec["epoch"], "epoch"))
        _uv(out, _int(rec["seq"], "seq"))
        _str(out, rec["device"])
        _str(out, rec["game"])
        _str(out, dumps_json(rec.get("options") or {}))
        _sv(out, _int(rec["seed"], "seed"))
        players = rec["players"]
        if len(players) > MAX_PLAYERS:
            raise RecordError("too many players")
        _uv(out, len(players))
        for p in players:
            if not isinstance(p, str):
                raise RecordError("a player name must be a str")
            _str(out, p)
        _uv(out, _int(rec.get("started") or 0, "started"))
        _uv(out, _int(rec.get("ended") or 0, "ended"))
        _uv(out, _int(rec.get("duration") or 0, "duration"))
        scores = rec["scores"]
        if len(scores) > MAX_PLAYERS:
            raise RecordError("too many scores")
        _uv(out, len(scores))
        for s in scores:
            _sv(out, _int(s, "score"))
        _str(out, dumps_json(rec.get("meta")))
        actions = rec["actions"]
        if len(actions) > MAX_ACTIONS:
            raise RecordError("too many actions")
        for a in actions:
            if len(a) > MAX_ACTION_LEN:
                raise RecordError("action too long")
            for x in a:
                _int(x, "an action element")
        _uv(out, len(actions))
        from shared_rules import actcodec  # only when a game ends: not held at boot
        code = actcodec.encode(actions)
        _uv(out, len(code))
        out.extend(code)
    except KeyError as e:
        raise RecordError("record lacks field %s" % (e,))
    except TypeError as e:
        raise RecordError("bad record: %s" % (e,))
    return bytes(out)


class _Reader(Reader):
    Error = RecordError

    def str(self):
        n = self.count(MAX_STR, "string bytes")
        end = self.pos + n
        if end > len(self.data):
            raise RecordError("record truncated")
        b = self.data[self.pos:end]
        self.pos = end
        try:
            return bytes(b).decode()
        except UnicodeError:
            raise RecordError("bad text in record")


def _json(text, what, kind):
    if text == "":
        return None
    try:
        v = json.loads(text)
    except (ValueError, TypeError):
        raise RecordError("bad %s" % (what,))
    if not isinstance(v, kind):
        raise RecordError("bad %s" % (what,))
    return v


def decode(data):
    """The record dict from its bytes; RecordError for anything malformed."""
    try:
        return _decode(data)
    except RecordError:
        raise
    except Exception as e:  # belt and braces: callers rely on RecordError only
        raise RecordError("bad record: %r" % (e,))


def _decode(data):
    r = _Reader(data)
    v = r.byte()
    if v != VERSION:
        raise RecordError("record format version %d is not supported" % (v,))
    rec = {"v": v}
    rec["epoch"] = r.uv()
    rec["seq"] = r.uv()
    rec["device"] = r.str()
    rec["game"] = r.str()
    rec["options"] = _json(r.str(), "options", dict) or {}
    rec["seed"] = r.sv()
    n = r.count(MAX_PLAYERS, "players")
    rec["players"] = [r.str() for _ in range(n)]
    rec["started"] = r.uv()
    rec["ended"] = r.uv()
    rec["duration"] = r.uv()
    n = r.count(MAX_PLAYERS, "scores")
    rec["scores"] = [r.sv() for _ in range(n)]
    rec["meta"] = _json(r.str(), "meta", dict)
    n = r.count(MAX_ACTIONS, "actions")
    size = r.count(MAX_CODE, "action code bytes")
    if r.pos + size > len(data):
        raise RecordError("record truncated")
    from shared_rules import actcodec
    try:
        actions = actcodec.decode(data[r.pos:r.pos + size], n, MAX_ACTION_LEN)
    except ValueError as e:
        raise RecordError("bad action code: %s" % (e,))
    r.pos += size
    rec["actions"] = actions
    if r.pos != len(data):
        raise RecordError("trailing bytes after the record")
    return rec


def peek_seq(data):
    """(epoch, seq) of an encoded record without decoding the rest (RecordError if bad)."""
    try:
        r = _Reader(data)
        if r.byte() != VERSION:
            raise RecordError("record format version not supported")
        return r.uv(), r.uv()
    except RecordError:
        raise
    except Exception as e:
        raise RecordError("bad record: %r" % (e,))


def summary(data):
    """A light view of an encoded record for lists: (seq, game, players, scores, ended),
    without building the action list (RecordError if bad)."""
    try:
        r = _Reader(data)
        if r.byte() != VERSION:
            raise RecordError("record format version not supported")
        r.uv()
        seq = r.uv()
        r.str()
        game = r.str()
        r.str()
        r.sv()
        n = r.count(MAX_PLAYERS, "players")
        players = [r.str() for _ in range(n)]
        r.uv()
        ended = r.uv()
        r.uv()
        n = r.count(MAX_PLAYERS, "scores")
        scores = [r.sv() for _ in range(n)]
        return seq, game, players, scores, ended
    except RecordError:
        raise
    except Exception as e:
        raise RecordError("bad record: %r" % (e,))


def winners(scores):
    """Indices of the players sharing the best score."""
    if not scores:
        return []
    best = max(scores)
    return [i for i in range(len(scores)) if scores[i] == best]
