"""The save of the game in progress: what a game screen writes while it is played.

A game screen keeps one `Recorder`: start() when the game begins, action() after
every applied action (system actions included), finish() when it is over,
abandon() when the player quits. Each call is one small write, so a power cut
loses at most the action being written. Reading the save back, storing the
finished game in the log and the resume offer live in app.savegame, which is
loaded only at the menu: this module is all a game holds in RAM for its save.

Files:

    save.json   the game's setup, written atomically when the game starts:
                {"v", "game", "options", "seed", "players", "meta", "started"};
                plus "done", "scores", "ended", "duration" once it is over
    save.jnl    the journal: one line appended per action,
                "<t> <a0> <a1> ... <check>\n": t = ms since the game started, the
                action's ints, and a Fletcher-16 check of the text before it (4 hex
                digits). A torn line (no newline, or a bad check) ends the journal.

Plain text and a 16-bit check, not the game log's varints and CRC-32: during play
this module is all the save code in RAM (no imports), and a power cut can only
tear the last line.
MicroPython subset.
"""

import json

HEADER = "save.json"
JOURNAL = "save.jnl"


def check(data):
    """Fletcher-16 of bytes `data` (journal lines are short: it catches any torn line)."""
    s1 = 0
    s2 = 0
    for b in data:
        s1 = (s1 + b) % 255
        s2 = (s2 + s1) % 255
    return (s2 << 8) | s1


def entry(t, action):
    """The journal line of one action taken t ms into the game."""
    body = " ".join([str(t if t > 0 else 0)] + [str(x) for x in action]).encode()
    return body + (" %04x\n" % check(body)).encode()


def read(buf):
    """([(t, action), ...], good_bytes) of the intact prefix of journal bytes."""
    out = []
    i = 0
    n = len(buf)
    while i < n:
        end = buf.find(b"\n", i)
        if end < 0:
            break
        line = bytes(buf[i:end])
        cut = line.rfind(b" ")
        try:
            if cut <= 0 or int(line[cut + 1:].decode(), 16) != check(line[:cut]):
                break
            nums = [int(x) for x in line[:cut].decode().split()]
        except (ValueError, UnicodeError):
            break
        if not nums:
            break
        out.append((nums[0], tuple(nums[1:])))
        i = end + 1
    return out, i


def wall_now(storage, now):
    """Unix seconds at app time `now`, or 0 when no host has told the time since boot
    (the clock a sync sets, kept on the storage object by app.gamelog)."""
    w = getattr(storage, "kocka_wall", None)
    if not w or not w[0]:
        return 0
    t = w[0] + (now - w[1]) // 1000
    return t if t > 0 else 0


def finished_waiting(storage):
    """True if the save holds a finished game the game log had no room for yet (a new
    game must not overwrite it)."""
    try:
        raw = storage.read(HEADER)
        return raw is not None and json.loads(raw).get("done") is True
    except (OSError, ValueError, AttributeError):
        return False


def clear(storage):
    """Forgets the save (the setup first: a journal without it is never offered)."""
    for name in (HEADER, JOURNAL):
        try:
            storage.remove(name)
        except OSError:
            pass


def rebuild(info, lookup=None):
    """(state, n): the game replayed from a save (info from app.savegame.pending), and
    how many saved actions were used (fewer than saved only if the journal went bad in
    a way the CRC missed). Here, not in app.savegame, so a resumed game does not load
    the savegame code."""
    if lookup is None:
        from shared_rules.registry import game_class
        lookup = game_class
    cls = lookup(info["game"])
    state = cls(len(info["players"]), info["seed"], info.get("options") or None)
    n = 0
    for a in info["actions"]:
        if state.is_terminal():
            break
        try:
            state.apply(tuple(a))
        except Exception:
            break
        n += 1
    return state, n


class Recorder:
    """Keeps the save of the game in progress."""

    def __init__(self, storage):
        self.storage = storage
        self.info = None
        self.t0 = 0

    def start(self, game, options, seed, players, now, meta=None):
        """A new game: clears any old save and writes the new setup."""
        clear(self.storage)
        self.info = {"v": 1, "game": game, "options": dict(options or {}), "seed": seed,
                     "players": list(players), "meta": meta,
                     "started": wall_now(self.storage, now)}
        self.storage.write(HEADER, json.dumps(self.info).encode())
        self.t0 = now

    def open_game(self, saved, cls, options, seed, players, now, meta=None):
        """A game screen's start: returns the State (of class `cls`) it plays.
        saved=None: a new game (a new save is started); else `saved` (from
        app.savegame.pending) is rebuilt and its save goes on."""
        if saved is not None:
            state, used = rebuild(saved, lambda name: cls)
            self.resume(saved, now, used)
            return state
        state = cls(len(players), seed, options)
        self.start(cls.NAME, options, seed, players, now, meta)
        return state

    def resume(self, info, now, used=None):
        """Goes on with a saved game (info from app.savegame.pending, after its
        `rebuild`; used: how many of the saved actions the rebuild took)."""
        self.info = {}
        for k in ("v", "game", "options", "seed", "players", "meta", "started"):
            self.info[k] = info.get(k)
        acts = list(info["actions"])
        if used is not None and used < len(acts):
            acts = acts[:used]
        self.t0 = now - (info.get("elapsed") or 0)
        if info.get("torn") or (used is not None and used < len(info["actions"])):
            # rewrite the journal without the damaged tail before appending to it
            buf = bytearray()
            t = info.get("elapsed") or 0
            for a in acts:
                buf.extend(entry(t, a))
            self.storage.write(JOURNAL, bytes(buf))

    def action(self, action, now):
        """Saves one applied action (call after every State.apply)."""
        if self.info is None:
            return
        # the actions are not kept in RAM: the journal file has them
        self.storage.append(JOURNAL, entry(now - self.t0, action))

    def applied(self, state, action, now):
        """After state.apply(action): saves it, and marks the game finished if it ended."""
        self.action(action, now)
        if state.is_terminal():
            self.finish(list(state.scores()), now)

    def finished(self, scores, now):
        """The fields a finished game adds to its setup."""
        done = dict(self.info)
        done["done"] = True
        done["scores"] = list(scores)
        done["ended"] = wall_now(self.storage, now)
        done["duration"] = max(0, now - self.t0)
        return done

    def finish(self, scores, now):
        """The game is over: marks the save finished (one small write). The menu stores
        it in the game log (app.savegame.settle), so a game never encodes its record."""
        if self.info is None:
            return 0
        self.storage.write(HEADER, json.dumps(self.finished(scores, now)).encode())
        self.info = None
        return 0

    def abandon(self):
        """The player quit: the save is dropped (an unfinished game is not recorded)."""
        clear(self.storage)
        self.info = None
