"""The save of the game in progress: what a game screen writes while it is played.

A game screen keeps one `Recorder`: start() when the game begins, action() after
every applied action (system actions included), finish() when it is over,
abandon() when the player quits. Each call is one small write, so a power cut
loses at most the action being written. Reading the save back, storing the
finished game in the log and the resume offer live in app.savegame, which is
loaded only at the menu: this module and shared_rules.varint are all a game
holds in RAM for its save.

Files:

    save.json   the game's setup, written atomically when the game starts:
                {"v", "game", "options", "seed", "players", "meta", "started"};
                plus "done", "scores", "ended", "duration" once it is over
    save.jnl    the journal: one entry appended per action, each
                0xA6, length (1 byte), payload, CRC-32 of the payload (4 bytes LE);
                payload = uv(ms since the game started), uv(len), sv per element

MicroPython subset.
"""

import json

from shared_rules.varint import put_uv, put_sv
from shared_rules.crc32 import crc32_bytes

HEADER = "save.json"
JOURNAL = "save.jnl"
MAGIC = 0xA6


def entry(t, action):
    """The journal bytes of one action taken t ms into the game."""
    out = bytearray()
    put_uv(out, t if t > 0 else 0)
    put_uv(out, len(action))
    for x in action:
        put_sv(out, x)
    if len(out) > 255:
        raise ValueError("action too long for the journal")
    return bytes((MAGIC, len(out))) + bytes(out) + crc32_bytes(out)


def wall_now(storage, now):
    """Unix seconds at app time `now`, or 0 when no host has told the time since boot
    (the clock a sync sets, kept on the storage object by app.gamelog)."""
    w = getattr(storage, "kocka_wall", None)
    if not w or not w[0]:
        return 0
    t = w[0] + (now - w[1]) // 1000
    return t if t > 0 else 0


def clear(storage):
    """Forgets the save (the setup first: a journal without it is never offered)."""
    for name in (HEADER, JOURNAL):
        try:
            storage.remove(name)
        except OSError:
            pass


class Recorder:
    """Keeps the save of the game in progress."""

    def __init__(self, storage):
        self.storage = storage
        self.info = None
        self.t0 = 0
        self.actions = []

    def start(self, game, options, seed, players, now, meta=None):
        """A new game: clears any old save and writes the new setup."""
        clear(self.storage)
        self.info = {"v": 1, "game": game, "options": dict(options or {}), "seed": seed,
                     "players": list(players), "meta": meta,
                     "started": wall_now(self.storage, now)}
        self.storage.write(HEADER, json.dumps(self.info).encode())
        self.t0 = now
        self.actions = []

    def resume(self, info, now, used=None):
        """Goes on with a saved game (info from app.savegame.pending, after its
        `rebuild`; used: how many of the saved actions the rebuild took)."""
        self.info = {}
        for k in ("v", "game", "options", "seed", "players", "meta", "started"):
            self.info[k] = info.get(k)
        acts = list(info["actions"])
        if used is not None and used < len(acts):
            acts = acts[:used]
        self.actions = acts
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
        a = tuple(action)
        self.actions.append(a)
        self.storage.append(JOURNAL, entry(now - self.t0, a))

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
        self.actions = []
