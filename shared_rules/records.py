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

Encoded form (`encode`/`decode`): a compact binary string, because the device
keeps thousands of these in 1.4 MB of flash. Version 2 (what `encode` writes):

    u8      version (2)
    uv      epoch, seq
    str     device
    word    game
    plain   options (a dict)
    sv      seed
    uv n    then n x str: players
    uv      started, ended, duration
    uv n    then n x sv: scores
    plain   meta (a dict, or None)
    uv n    the number of actions, then
    uv m    then m bytes: the actions coded by shared_rules.actcodec version 2
            (adaptive range coding: most actions take a few bits)

uv = unsigned LEB128 varint, sv = zigzag varint, str = uv byte length + UTF-8.
word = uv k: WORDS[k - 1] for k > 0, else a str follows (the names a record
repeats, game names, option keys and values, cost one byte; WORDS only ever
grows at its end). plain = a plain value after a u8 tag: 0 None, 1 False,
2 True, 3 sv int, 4 word, 5 list (uv n, n x plain), 6 dict (uv n, then n x
(word key, plain) in sorted key order).

Version 1 (still decoded: a host database may hold such records) had str game,
options and meta as compact JSON str (sorted keys; meta empty for None), and
actcodec version 1.

Decoding checks everything and raises RecordError (a ValueError) on any
malformed, truncated or over-long input, never anything else.
MicroPython subset: no struct formats beyond bytes, no big allocations.
"""

import json

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

from shared_rules.varint import put_uv, put_sv, Reader

VERSION = 2
_VERSIONS = const((1, 2))
_MAX_ACTIONS = const(20000)
_MAX_ACTION_LEN = const(32)
MAX_PLAYERS = 16
_MAX_STR = const(2048)
_MAX_CODE = const(1 << 20)
_MAX_DEPTH = const(6)

# The format's word table: a record stores an index into it, so it only ever grows at its
# end, and a word's index means the same on every device and PC. It is not a list of the
# games: a game's id, option names and values that are not here are stored as text
# (a few bytes more each), so a new game needs no line here (docs/adding-a-game.md).
WORDS = ("cubo", "kocka10000", "coloretto", "cubingos",
         "keep_swaps", "runs_any_order", "yellow", "yellow_c_replaces",
         "extra_dice_double", "finish_round", "preset", "original", "online",
         "scoring_table", "brown", "grey", "free_dice", "humans", "limit_ms",
         "levels", "human", "kinds", "easy", "medium", "hard", "random", "greedy", "strong",
         "cubo_table", "table")

# Tags of plain values (`plain` above).
_NONE = const(0)
_FALSE = const(1)
_TRUE = const(2)
_INT = const(3)
_WORD = const(4)
_LIST = const(5)
_DICT = const(6)

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
    if len(b) > _MAX_STR:
        raise RecordError("string too long")
    _uv(out, len(b))
    out.extend(b)


def _int(x, what):
    # bool is an int subclass on CPython; a record holds plain ints only.
    if not isinstance(x, int) or isinstance(x, bool):
        raise RecordError("%s must be an int, not %r" % (what, x))
    return x


def _word(out, s):
    for i in range(len(WORDS)):
        if WORDS[i] == s:
            _uv(out, i + 1)
            return
    _uv(out, 0)
    _str(out, s)


def _plain(out, v, depth=0):
    if depth > _MAX_DEPTH:
        raise RecordError("plain data nested too deep")
    if v is None:
        out.append(_NONE)
    elif v is False:
        out.append(_FALSE)
    elif v is True:
        out.append(_TRUE)
    elif isinstance(v, int):
        out.append(_INT)
        _sv(out, v)
    elif isinstance(v, str):
        out.append(_WORD)
        _word(out, v)
    elif isinstance(v, (list, tuple)):
        out.append(_LIST)
        _uv(out, len(v))
        for x in v:
            _plain(out, x, depth + 1)
    elif isinstance(v, dict):
        out.append(_DICT)
        _uv(out, len(v))
        for k in sorted(v):
            if not isinstance(k, str):
                raise RecordError("dict keys must be strings")
            _word(out, k)
            _plain(out, v[k], depth + 1)
    elif isinstance(v, float):
        raise RecordError("floats are not allowed in records")
    else:
        raise RecordError("cannot store %r in a record" % (v,))


def encode(rec):
    """The record's bytes, format VERSION (raises RecordError for a record that breaks it)."""
    out = bytearray()
    out.append(VERSION)
    try:
        _uv(out, _int(rec["epoch"], "epoch"))
        _uv(out, _int(rec["seq"], "seq"))
        _str(out, rec["device"])
        _word(out, rec["game"])
        options = rec.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError("options must be a dict")
        _plain(out, options)
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
        meta = rec.get("meta")
        if meta is not None and not isinstance(meta, dict):
            raise RecordError("meta must be a dict or None")
        _plain(out, meta)
        actions = rec["actions"]
        if len(actions) > _MAX_ACTIONS:
            raise RecordError("too many actions")
        for a in actions:
            if len(a) > _MAX_ACTION_LEN:
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
        n = self.count(_MAX_STR, "string bytes")
        end = self.pos + n
        if end > len(self.data):
            raise RecordError("record truncated")
        b = self.data[self.pos:end]
        self.pos = end
        try:
            return bytes(b).decode()
        except UnicodeError:
            raise RecordError("bad text in record")

    def word(self):
        k = self.count(len(WORDS), "word index")
        return WORDS[k - 1] if k else self.str()

    def plain(self, depth=0):
        if depth > _MAX_DEPTH:
            raise RecordError("plain data nested too deep")
        tag = self.byte()
        if tag == _NONE:
            return None
        if tag == _FALSE:
            return False
        if tag == _TRUE:
            return True
        if tag == _INT:
            return self.sv()
        if tag == _WORD:
            return self.word()
        if tag == _LIST:
            return [self.plain(depth + 1) for _ in range(self.count(_MAX_STR, "list items"))]
        if tag == _DICT:
            d = {}
            for _ in range(self.count(_MAX_STR, "dict items")):
                k = self.word()
                d[k] = self.plain(depth + 1)
            return d
        raise RecordError("bad data tag %d" % (tag,))

    def head(self):
        """Reads the version and the fields up to the seed: (version, dict of them)."""
        v = self.byte()
        if v not in _VERSIONS:
            raise RecordError("record format version %d is not supported" % (v,))
        rec = {"v": v, "epoch": self.uv(), "seq": self.uv(), "device": self.str()}
        if v == 1:
            rec["game"] = self.str()
            rec["options"] = _json(self.str(), "options", dict) or {}
        else:
            rec["game"] = self.word()
            rec["options"] = self.plain()
            if not isinstance(rec["options"], dict):
                raise RecordError("bad options")
        rec["seed"] = self.sv()
        n = self.count(MAX_PLAYERS, "players")
        rec["players"] = [self.str() for _ in range(n)]
        rec["started"] = self.uv()
        rec["ended"] = self.uv()
        rec["duration"] = self.uv()
        n = self.count(MAX_PLAYERS, "scores")
        rec["scores"] = [self.sv() for _ in range(n)]
        return v, rec


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
    v, rec = r.head()
    if v == 1:
        rec["meta"] = _json(r.str(), "meta", dict)
    else:
        rec["meta"] = r.plain()
        if rec["meta"] is not None and not isinstance(rec["meta"], dict):
            raise RecordError("bad meta")
    n = r.count(_MAX_ACTIONS, "actions")
    size = r.count(_MAX_CODE, "action code bytes")
    if r.pos + size > len(data):
        raise RecordError("record truncated")
    from shared_rules import actcodec
    try:
        actions = actcodec.decode(data[r.pos:r.pos + size], n, _MAX_ACTION_LEN, v)
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
        v = r.byte()
        if v not in _VERSIONS:
            raise RecordError("record format version %d is not supported" % (v,))
        return r.uv(), r.uv()
    except RecordError:
        raise
    except Exception as e:
        raise RecordError("bad record: %r" % (e,))


def summary(data):
    """A light view of an encoded record for lists: (seq, game, players, scores, ended),
    without building the action list (RecordError if bad)."""
    try:
        _, rec = _Reader(data).head()
        return rec["seq"], rec["game"], rec["players"], rec["scores"], rec["ended"]
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
