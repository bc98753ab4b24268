"""The device of the soak tests: the app's own save and log code over an in-memory flash,
games played by bots through the Recorder as a game screen does, power cuts, bit flips
and a full flash, with the oracle of which games it finished.

Shared by tests/test_soak_no_game_lost.py (CPython, with the real host) and
tests/mp/soak_device.py (the same device under MicroPython). MicroPython subset.
"""
from app import gamelog, journal, jsonfile, savegame
from app.gamelog import GameLog
from shared_rules import driver, records
from tests.fakestorage import MemStorage, PowerCut
from tests.shared import toygame

NAMES = ["ANNA", "BEN", "CLARA"]


class Board:
    """One device: the flash (MemStorage) survives a power cut; RAM does not."""

    def __init__(self, rnd, capacity, lookup):
        self.rnd = rnd            # randrange, random, choice, getrandbits
        self.lookup = lookup
        self.st = MemStorage(capacity=capacity)
        self.finished = {}     # seed -> actions of every game the device finished
        self.maybe = None      # (seed, actions): its last action was being saved at a cut
        self.game = None       # (state, recorder, agents, seed, actions) in progress
        self.next_seed = 1000
        self.ram_lost = 0
        self.notices = []
        self.boot()

    # -- power ------------------------------------------------------------------------
    def boot(self):
        st = self.st
        held = getattr(st, "kocka_unsaved", None)
        st.power_on()
        st.kocka_unsaved = None
        st.kocka_gamelog = None
        self.game = None
        self.log = GameLog(st, lambda: self.rnd.getrandbits(32), low_water=12 * 1024,
                           reserve=8 * 1024)
        try:
            res = savegame.flush(st, self.log, self.lookup)
        except PowerCut:
            return self.boot()
        if held is not None and not self.on_flash(held["seed"]):
            # held in RAM only (the player was told): the power took it
            self.ram_lost += 1
            self.finished.pop(held["seed"], None)
        if self.maybe is not None:
            seed, acts = self.maybe
            self.maybe = None
            if not (isinstance(res, dict) and res["seed"] == seed and
                    len(res["actions"]) < len(acts)):
                self.finished[seed] = acts
        if isinstance(res, dict):
            state, used = savegame.rebuild(res, self.lookup)
            rec = journal.Recorder(st, self.notices.append)
            try:
                rec.resume(res, 0, used)
            except PowerCut:
                return self.boot()
            agents = [driver.RandomAgent(res["seed"] + i) for i in range(len(NAMES))]
            self.game = (state, rec, agents, res["seed"], list(res["actions"][:used]))

    def on_flash(self, seed):
        """True if a finished game `seed` is in the log or waits, finished, in the save."""
        info = savegame.pending(self.st)
        if info is not None and info.get("done") and info["seed"] == seed:
            return True
        try:
            return any(records.decode(d)["seed"] == seed for _, d in self.log.iter_from(0))
        except gamelog.ReadError:
            return True

    def cut_soon(self):
        self.st.tear_next(self.rnd.randrange(0, 60), appends_only=self.rnd.random() < 0.5)

    # -- play -----------------------------------------------------------------------------
    def room(self):
        if not journal.finished_waiting(self.st):
            return True
        return savegame.flush(self.st, self.log, self.lookup) in (None, "logged")

    def play(self, moves):
        """Plays up to `moves` actions (starting a game if none is in progress)."""
        try:
            if self.game is None:
                if not self.room():
                    return
                seed = self.next_seed
                self.next_seed += 1
                rec = journal.Recorder(self.st, self.notices.append)
                state = rec.open_game(None, toygame.Race, {}, seed, NAMES, 0)
                agents = [driver.RandomAgent(seed + i) for i in range(len(NAMES))]
                self.game = (state, rec, agents, seed, [])
            state, rec, agents, seed, acts = self.game
            for _ in range(moves):
                p = state.current_player()
                a = agents[p].act(state, p, len(acts) * 100)
                state.apply(a)
                acts.append(a)
                if state.is_terminal():
                    self.maybe = (seed, list(acts))
                rec.applied(state, a, len(acts) * 100)
                if state.is_terminal():
                    self.maybe = None
                    self.finished[seed] = list(acts)
                    self.game = None
                    savegame.flush(self.st, self.log, self.lookup)   # the menu's settle
                    return
        except PowerCut:
            self.boot()

    # -- damage -----------------------------------------------------------------------------
    def flip(self, destroyed, stored_seqs):
        """Flips one bit of a random stored file; then the device reboots (the damage is
        found at the next open). A copy is flipped only while its twin is intact, and a
        record's seq is noted as destroyed unless the host has it already."""
        st = self.st
        names = [n for n in st.files if n != "filler.bin" and st.files[n]]
        if not names:
            return
        name = self.rnd.choice(sorted(names))
        twin = name[:-len(jsonfile.BACKUP)] if name.endswith(jsonfile.BACKUP) else \
            name + jsonfile.BACKUP
        if twin in st.files and jsonfile.unseal(bytes(st.files[twin])) is None:
            return
        if name == journal.JOURNAL_COPY and journal.JOURNAL in st.files:
            if savegame._journal(st, (jsonfile.read(st, journal.HEADER)[0] or {})
                                 .get("journal")) is None:
                return
        if name == journal.JOURNAL and journal.JOURNAL_COPY in st.files:
            info = jsonfile.read(st, journal.HEADER)[0] or {}
            seal = info.get("journal")
            copy = bytes(st.files[journal.JOURNAL_COPY])
            if seal is None or len(copy) != seal[0]:
                return
        if name == journal.JOURNAL and self.game is not None:
            pass  # an in-progress journal loses its tail from the flip on: allowed
        bit = self.rnd.randrange(len(st.files[name]) * 8)
        if gamelog.parse_seg_name(name) >= 0:
            buf = bytes(st.files[name])
            for off, end, data in gamelog.scan(buf):
                if off * 8 <= bit < end * 8:
                    seq = records.peek_seq(data)[1]
                    if seq not in stored_seqs:
                        destroyed[seq] = records.decode(data)["seed"]
        st.flip(name, bit)
        if name == journal.JOURNAL and self.game is not None:
            self.game = None   # resumed from the good prefix at the boot below
        self.boot()

    def fill_flash(self, on):
        st = self.st
        st.files.pop("filler.bin", None)
        if on:
            free = st.capacity - st.used_blocks() * st.block
            st.files["filler.bin"] = bytearray(max(0, free - self.rnd.choice([0, 4096, 12288])))
