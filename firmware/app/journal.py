"""The save of the game in progress: what a game screen writes while it is played.

A game screen keeps one `Recorder`: start() when the game begins (a game screen's
held back until its first frame is on screen, then written by flush(): its opening
is not kept waiting for the flash), action() after every applied action (system
actions included), finish() when it is over, abandon() when the player quits. Each
call is one small write, so a power cut loses at most the action being written (and
a game opened but not yet on screen, before anyone could play in it). Reading the save back, storing the
finished game in the log and the resume offer live in app.savegame, which is
loaded only at the menu: this module is all a game holds in RAM for its save.

Files:

    save.json   the game's setup, written when the game starts:
    (+ .bak)    {"v", "game", "options", "seed", "players", "meta", "started"};
                plus "done", "scores", "ended", "duration" once it is over; a CRC
                and two copies (app.jsonfile), so a bit flip neither loses the game
                nor resumes a different one
    save.jnc    when the game is over, a copy of the journal; the finished setup names
                its length and checksum ("journal"), so a bit flip in either copy
                neither loses the finished game nor stores it altered
    save.clk    a real-time screen's running clock between actions (Cubo table mode's
                round clock: "<seed> <actions> <seconds>"), so a resume shows it where
                it was; removed with the save
    save.jnl    the journal: one line appended per action,
                "<t> <a0> <a1> ... <check>\n": t = ms since the game started, the
                action's ints, and a Fletcher-16 check of the text before it (4 hex
                digits). A torn line (no newline, or a bad check) ends the journal.

Plain text and a 16-bit check, not the game log's varints and CRC-32: during play
this module (and app.jsonfile) is all the save code in RAM, and a power cut can
only tear the last line.

A write that fails (a full or failing flash) never stops the game: the Recorder
tells the player once (`notify`) and keeps the game in RAM from then on (the
journal so far is read back into `ram`); when it ends, the finished game waits in
RAM (`storage.kocka_unsaved`) for app.savegame to store it in the log, which
prunes synced games to make room, or asks for a sync.
MicroPython subset.
"""

from micropython import const

from app import jsonfile

HEADER = "save.json"
JOURNAL = "save.jnl"
JOURNAL_COPY = "save.jnc"
CLOCK = "save.clk"
NOT_SAVED = "Storage full: this game is kept in memory only"
_DAMAGED_TEXT = const("Saved game damaged: it cannot be stored")


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


def _intact(buf):
    """Yields (start, cut, end) of each intact line of journal bytes, from the first up
    to the first damaged or unfinished one: the body is buf[start:cut], its check
    buf[cut + 1:end], and the line ends at the newline at `end`."""
    i = 0
    size = len(buf)
    while i < size:
        end = buf.find(b"\n", i)
        if end < 0:
            return
        cut = buf.rfind(b" ", i, end)
        try:
            if cut <= i or int(buf[cut + 1:end], 16) != check(buf[i:cut]):
                return
        except ValueError:
            return
        yield i, cut, end
        i = end + 1


def read(buf):
    """([(t, action), ...], good_bytes) of the intact prefix of journal bytes."""
    out = []
    good = 0
    for i, cut, end in _intact(buf):
        try:
            nums = [int(x) for x in bytes(buf[i:cut]).decode().split()]
        except (ValueError, UnicodeError):
            break
        if not nums:
            break
        out.append((nums[0], tuple(nums[1:])))
        good = end + 1
    return out, good


def count(buf):
    """(entries, good_bytes) of the intact prefix of journal bytes, as read() finds it
    but keeping nothing (a finished game's check, without a list in RAM)."""
    n = 0
    good = 0
    for _i, _cut, end in _intact(buf):
        n += 1
        good = end + 1
    return n, good


def wall_now(storage, now):
    """Unix seconds at app time `now`, or 0 when no host has told the time since boot
    (the clock a sync sets, kept on the storage object by app.gamelog)."""
    w = getattr(storage, "kocka_wall", None)
    if not w or not w[0]:
        return 0
    t = w[0] + (now - w[1]) // 1000
    return t if t > 0 else 0


def finished_waiting(storage):
    """True if a finished game waits for room in the game log (in the save, or in RAM
    after a failed write): a new game must not overwrite it."""
    if getattr(storage, "kocka_unsaved", None) is not None:
        return True
    try:
        info, how = jsonfile.read(storage, HEADER)
        return isinstance(info, dict) and info.get("done") is True
    except (OSError, AttributeError):
        return False


def clear(storage):
    """Forgets the save (the setup first: a journal without it is never offered)."""
    jsonfile.remove(storage, HEADER)
    for name in (JOURNAL, JOURNAL_COPY, CLOCK):
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

    def __init__(self, storage, notify=None):
        self.storage = storage
        self.notify = notify      # notify(text): tells the player (once) a write failed
        self.info = None
        self.t0 = 0
        self.ram = None           # [(t, action), ...] once the flash took no more writes
        self.n = 0                # actions in this game (the journal must have them all)
        self.held = None          # start(hold=True): the actions until flush() writes the save
        self.later = None         # defer(): the actions until write_later() appends them

    def _failed(self):
        """A write failed: from now on this game is kept in RAM."""
        if self.ram is None:
            try:
                buf = self.storage.read(JOURNAL)
            except OSError:
                buf = None
            self.ram = read(buf or b"")[0]
            if self.notify is not None:
                self.notify(NOT_SAVED)

    def start(self, game, options, seed, players, now, meta=None, hold=False):
        """A new game: clears any old save and writes the new setup. hold: not yet;
        flush() writes it (a game screen's save is written once its first frame is on
        screen), and the actions recorded meanwhile wait in RAM until then."""
        self.info = {"v": 1, "game": game, "options": dict(options or {}), "seed": seed,
                     "players": list(players), "meta": meta,
                     "started": wall_now(self.storage, now)}
        self.t0 = now
        self.ram = None
        self.n = 0
        self.held = []
        self.later = None
        if not hold:
            self.flush()

    def flush(self):
        """Writes a save start() held back: the old save cleared, the setup, and the
        actions recorded since, in one write. Nothing to do otherwise."""
        held = self.held
        if held is None:
            return
        self.held = None
        st = self.storage
        clear(st)
        try:
            jsonfile.write(st, HEADER, self.info)
            if held:
                buf = bytearray()
                for t, a in held:
                    buf.extend(entry(t, a))
                st.write(JOURNAL, bytes(buf))
        except OSError:
            clear(st)   # no setup on flash: no half a save offered at boot
            self.ram = held   # the journal file has none of them: they stay here
            if self.notify is not None:
                self.notify(NOT_SAVED)

    def open_game(self, saved, cls, options, seed, players, now, meta=None, hold=False):
        """A game screen's start: returns the State (of class `cls`) it plays.
        saved=None: a new game (a new save is started; hold: written by flush(), see
        start); else `saved` (from app.savegame.pending) is rebuilt and its save goes on."""
        if saved is not None:
            state, used = rebuild(saved, lambda name: cls)
            self.resume(saved, now, used)
            return state
        state = cls(len(players), seed, options)
        self.start(cls.NAME, options, seed, players, now, meta, hold)
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
        self.ram = None
        self.held = None
        self.later = None
        self.n = len(acts)
        if info.get("torn") or info.get("repair") or \
                (used is not None and used < len(info["actions"])):
            # rewrite the save without the damaged parts before appending to it
            buf = bytearray()
            t = info.get("elapsed") or 0
            for a in acts:
                buf.extend(entry(t, a))
            try:
                jsonfile.write(self.storage, HEADER, self.info)
                self.storage.write(JOURNAL, bytes(buf))
            except OSError:
                self.ram = [(t, tuple(a)) for a in acts]
                if self.notify is not None:
                    self.notify(NOT_SAVED)

    def action(self, action, now):
        """Saves one applied action (call after every State.apply)."""
        if self.info is None:
            return
        t = now - self.t0
        self.n += 1
        if self.held is not None:
            self.held.append((t if t > 0 else 0, tuple(action)))
            return
        if self.later is not None:
            self.later.append((t if t > 0 else 0, tuple(action)))
            return
        if self.ram is None:
            # the actions are not kept in RAM: the journal file has them
            try:
                self.storage.append(JOURNAL, entry(t, action))
                return
            except OSError:
                self._failed()
        self.ram.append((t if t > 0 else 0, tuple(action)))

    def defer(self):
        """From now on actions wait in RAM until write_later() appends them in one write
        (app.after_frame: linked play shows another device's action without waiting for
        the flash; a power cut meanwhile loses that frame's actions). False when already
        deferring or no game is saved."""
        if self.later is not None or self.info is None:
            return False
        self.later = []
        return True

    def write_later(self):
        """Appends the actions defer() held back, and saves each one at once again."""
        later = self.later
        self.later = None
        if not later or self.info is None:
            return
        if self.ram is None:
            try:
                self.storage.append(JOURNAL, b"".join([entry(t, a) for t, a in later]))
                return
            except OSError:
                self._failed()
        self.ram.extend(later)

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
        it in the game log (app.savegame.settle), so a game never encodes its record.
        If the flash takes no more writes, the finished game waits in RAM instead."""
        if self.info is None:
            return 0
        self.flush()
        self.write_later()
        done = self.finished(scores, now)
        self.info = None
        if self.ram is None:
            try:
                if self.seal_journal(done):
                    return 0
            except OSError:
                self._failed()
            if self.ram is None or len(self.ram) != self.n:
                # the journal lost a line to flash damage: not stored as finished (an
                # altered record would be); the save stays, resumable where it is good
                self.ram = None
                if self.notify is not None:
                    self.notify(_DAMAGED_TEXT)
                return 0
        done["actions"] = [a for _, a in self.ram]
        self.storage.kocka_unsaved = done
        return 0

    def seal_journal(self, done):
        """Copies the journal and writes the finished setup naming its length and CRC;
        False if the journal does not read back whole (OSError if a write fails)."""
        st = self.storage
        buf = st.read(JOURNAL) or b""
        if count(buf) != (self.n, len(buf)):
            return False
        st.write(JOURNAL_COPY, buf)
        done["journal"] = [len(buf), jsonfile.checksum(buf)]
        jsonfile.write(st, HEADER, done)
        return True

    def abandon(self):
        """The player quit: the save is dropped (an unfinished game is not recorded)."""
        clear(self.storage)
        self.info = None
        self.ram = None
        self.held = None
        self.later = None
