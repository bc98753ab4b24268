"""Reading the save of the game in progress back, settling it, and the resume offer.

The save's files and the writer a game screen uses (`Recorder`) are in
app.journal. This module is loaded at the menu and at boot only:

- `pending(storage)` reads the setup and the journal up to the first damaged
  entry; `rebuild(info)` replays those actions from the seed.
- `flush`/`settle` store a finished game in the game log and clear the save; a
  save whose game already reached the log (the power went between storing and
  clearing) is cleared, not offered, so no game is ever counted twice.
- `at_boot` settles what a power cut left and returns the resume offer.

`Recorder` here is app.journal's plus finish(store=True), which stores the
record at once (tests and tools; game screens use the journal's).
MicroPython subset.
"""

from micropython import const

from shared_rules import records
from app import journal, jsonfile
from app.journal import HEADER, JOURNAL, clear

_entry = journal.entry

_SAVE_DAMAGED = const("Saved game damaged: it cannot be resumed")
_READ_LATER = const("Flash read error: the finished game is kept, try again")
_HELD_TEXT = const("Storage full: sync me (a game waits in memory)")


read_journal = journal.read


def pending(storage):
    """The saved game in progress, or None: a dict with the setup fields plus
    "actions" (list of tuples), "elapsed" (ms of game time at the last action),
    "torn" (True if a damaged journal tail was skipped), "repair" (the setup came
    from one good copy of two, or an older format: rewrite it) and "done" (finished,
    waiting for room in the log). A finished game held in RAM after a failed write
    (app.journal) comes first."""
    held = getattr(storage, "kocka_unsaved", None)
    if held is not None:
        info = dict(held)
        info["held"] = True
        info["elapsed"] = info.get("duration") or 0
        info["torn"] = False
        return info
    info, how = jsonfile.read(storage, HEADER)
    if not isinstance(info, dict) or not isinstance(info.get("game"), str) \
            or not isinstance(info.get("players"), list):
        return None
    buf = _journal(storage, info.get("journal"))
    if buf is None:
        return None     # finished, but neither journal copy is whole: see damaged()
    entries, good = read_journal(buf)
    info["actions"] = [a for _, a in entries]
    info["elapsed"] = entries[-1][0] if entries else 0
    info["torn"] = buf is not None and good < len(buf)
    info["repair"] = how != jsonfile.OK
    info.setdefault("options", {})
    info.setdefault("seed", 0)
    info.setdefault("meta", None)
    info.setdefault("started", 0)
    info.setdefault("done", False)
    return info


def _journal(storage, seal):
    """The journal's bytes (b"" if none). A finished game's setup names the length and
    checksum of its journal (`seal`): the journal or its copy that matches, or None."""
    names = (JOURNAL,) if seal is None else (JOURNAL, journal.JOURNAL_COPY)
    for name in names:
        try:
            buf = storage.read(name)
        except OSError:
            continue
        if seal is None:
            return buf or b""
        if buf is not None and isinstance(seal, list) and len(seal) == 2 and \
                len(buf) == seal[0] and jsonfile.checksum(buf) == seal[1]:
            return buf
    return b"" if seal is None else None


def damaged(storage):
    """True if a save exists that cannot be read back whole: no copy of its setup
    checks out, or a finished game's journal matches in neither copy (it cannot be
    resumed or stored; the boot says so rather than dropping it without a word)."""
    info, how = jsonfile.read(storage, HEADER)
    if how == jsonfile.DAMAGED or how == jsonfile.UNREADABLE:
        return True
    return isinstance(info, dict) and info.get("journal") is not None and \
        _journal(storage, info.get("journal")) is None


def already_logged(info, log):
    """True if the newest record in the log is this very game."""
    if log is None or log.last <= 0:
        return False
    data = log.get(log.last)
    if data is None:
        return False
    try:
        rec = records.decode(data)
    except ValueError:
        return False
    return (rec["game"] == info["game"] and rec["seed"] == info["seed"]
            and rec["players"] == list(info["players"])
            and len(rec["actions"]) == len(info["actions"])
            and rec["started"] == (info.get("started") or 0))


rebuild = journal.rebuild


class Recorder(journal.Recorder):
    """app.journal.Recorder whose finish() can store the record in the log at once."""

    def __init__(self, storage, log=None, notify=None):
        journal.Recorder.__init__(self, storage, notify)
        self.log = log
        # kept here, packed (the journal's writer does not keep them); the module is
        # loaded by a Recorder, not with the save's reading at boot
        from shared_rules.actlist import ActionList
        self.actions = ActionList()
        self.seq = 0          # the log seq of the finished game (0 until stored)
        self.error = None

    def _log(self):
        if self.log is None:
            from app import gamelog
            self.log = gamelog.shared(self.storage)
        return self.log

    def start(self, game, options, seed, players, now, meta=None, hold=False):
        self._log()  # opened first: it restores the wall clock the setup is stamped with
        journal.Recorder.start(self, game, options, seed, players, now, meta, hold)
        self.actions = type(self.actions)()
        self.seq = 0

    def resume(self, info, now, used=None):
        journal.Recorder.resume(self, info, now, used)
        n = len(info["actions"]) if used is None else used
        self.actions = type(self.actions)(info["actions"][:n])

    def action(self, action, now):
        journal.Recorder.action(self, action, now)
        self.actions.append(action)

    def finish(self, scores, now, store=True):
        """The game is over. store=True: stores it in the log and clears the save;
        returns its seq. store=False: as app.journal (marks the save finished; the
        menu stores it); returns 0. On StorageFull the game stays saved as finished
        (nothing is lost) and is stored by `flush(...)` after the next sync; the
        error is re-raised."""
        if not store:
            return journal.Recorder.finish(self, scores, now)
        done = self.finished(scores, now)
        log = self._log()
        rec = records.make("", 0, 0, done["game"], done["options"], done["seed"],
                           done["players"], self.actions, scores,
                           started=done.get("started") or 0, ended=done["ended"],
                           duration=done["duration"], meta=done.get("meta"))
        try:
            self.seq = log.add(rec)
        except OSError as e:
            self.error = str(e)
            self.info = None
            saved = False
            if self.ram is None:
                try:
                    saved = self.seal_journal(done)
                except OSError:
                    pass
            if not saved:
                done["actions"] = list(self.actions)
                self.storage.kocka_unsaved = done   # the flash took no more: held in RAM
            raise e
        clear(self.storage)
        self.info = None
        return self.seq


def flush(storage, log, lookup=None):
    """Settles a save left at boot (or after a sync made room). Returns one of:
    None (no save), "logged" (it was stored, or had been already: save cleared),
    "full" (finished but still no room), "later" (the log would not read: kept), or
    the info dict of a game to offer for resume."""
    info = pending(storage)
    if info is None:
        return None
    try:
        if already_logged(info, log):
            _cleared(storage)
            return "logged"
    except OSError:
        return "later"   # the log's tail would not read: storing now might store twice
    scores = info.get("scores") if info.get("done") else None
    if scores is None:
        # a game whose last action ended it, cut before finish(): store it now
        try:
            state, n = rebuild(info, lookup)
        except Exception:
            return info
        if not state.is_terminal() or n < len(info["actions"]):
            return info
        scores = list(state.scores())
        info["duration"] = info.get("elapsed") or 0
        info["ended"] = 0
    rec = records.make("", 0, 0, info["game"], info.get("options"), info["seed"],
                       info["players"], info["actions"], scores,
                       started=info.get("started") or 0, ended=info.get("ended") or 0,
                       duration=info.get("duration") or 0, meta=info.get("meta"))
    log.classify_cut(rec)
    try:
        log.add(rec)
    except OSError:
        return "full"
    _cleared(storage)
    return "logged"


def _cleared(storage):
    storage.kocka_unsaved = None
    clear(storage)


def resume_screen(app, info, on_resume, on_done=None):
    """The boot-time offer for a saved game: a list screen "Resume <game>" / "Discard".
    on_resume(app, info) opens the game (with `rebuild` and `Recorder.resume`).
    Discard clears the save; B keeps it for the next boot. Both then call
    on_done(app) if given (e.g. replace this screen by the main menu), else pop."""
    from app.screen import ListScreen, Item

    def title_of(name):
        from app import games
        return games.title(name) or name

    def done(app):
        if on_done:
            on_done(app)
        else:
            app.pop()

    def go(app):
        on_resume(app, info)

    def drop(app):
        clear(app.hal.storage)
        done(app)

    n = len(info["actions"])
    title = title_of(info["game"])

    class ResumeScreen(ListScreen):
        def back(self):
            done(self.app)

        def draw(self, fb):
            # why this screen comes first (before the menu, or the game a page link
            # asked for): which game is saved, and what each way out does
            from app import ui, font
            ListScreen.draw(self, fb)
            ui.centered(fb, "You have a saved %s game." % title, 104, ui.TEXT, font.SMALL)
            ui.centered(fb, "Resume it, or discard it to start anew.", 118, ui.TEXT,
                        font.SMALL)
            ui.centered(fb, "B keeps it for later.", 140, ui.DIM, font.SMALL)

    return ResumeScreen(app, "Game in progress", [
        Item("Resume " + title, go, lambda a: "%d moves" % n),
        Item("Discard", drop),
    ])


def at_boot(app, on_resume, on_done=None, lookup=None):
    """Call once when the boot screen finishes (before the main menu is used).

    Opens the game log (a torn tail is cut and reported), settles a save left by a
    power cut (a finished game is stored, one already stored is cleared) and shows
    what the user should know as a notice. Returns the resume screen to push for a
    game in progress, or None."""
    from app import gamelog
    storage = app.hal.storage
    log = gamelog.shared(storage, app.hal.random_seed)
    notes = []
    if log.notice:
        notes.append(log.notice)
        log.notice = None
    try:
        res = flush(storage, log, lookup)
    except Exception:
        res = None
    text = log.status_text()
    if res == "full" or text:
        notes.append(text or gamelog.FULL_TEXT)
    if res == "later":
        notes.append(_READ_LATER)
    if res is None and damaged(storage):
        notes.append(_SAVE_DAMAGED)
    if notes:
        app.show_notice("; ".join(notes), 5000)
    if isinstance(res, dict):
        return resume_screen(app, res, on_resume, on_done)
    return None


def settle(app, lookup=None):
    """Stores a finished game that `Recorder.finish(..., store=False)` left in the save
    (call when back at the menu). Shows "Storage full: sync me" if it does not fit."""
    from app import gamelog
    info = pending(app.hal.storage)
    if info is None or not info.get("done"):
        return None
    res = flush(app.hal.storage, gamelog.shared(app.hal.storage, app.hal.random_seed), lookup)
    if res == "full":
        app.show_notice(_HELD_TEXT if info.get("held") else gamelog.FULL_TEXT, 5000)
    elif res == "later":
        app.show_notice(_READ_LATER, 5000)
    return res
