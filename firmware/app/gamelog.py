"""The log of finished games: append-only segment files over hal.storage.

Files (flat names in the storage root):

    log.json        {"device", "epoch", "ack", "issued", "unused"}: who this log belongs
    (+ log.json.bak) to, the highest sequence number a host has acknowledged, the highest
                    ever given to a record (written before the record, so no number is
                    ever used twice) and the numbers a power cut left without a record;
                    a CRC and two copies (app.jsonfile), so a bit flip changes nothing
    lg<first>.bin   a segment: records with sequence numbers from <first> (8 digits)
                    upwards, at most SEGMENT bytes unless a single record is bigger

A record in a segment is MAGIC (0xA5), its length (2 bytes, little-endian), the
CRC-32 of its bytes (4 bytes, little-endian), then the bytes of
shared_rules.records.encode (binary; the format carries its version).

Safety:
- A segment is only ever appended to. At open, the last segment is checked
  record by record; a torn tail (a power cut mid-append) is cut off by rewriting
  the segment with its complete records (an atomic write), and reported in
  `notice`. Nothing else is ever rewritten or reformatted.
- A damaged record is skipped when read (the reader resyncs on the next MAGIC
  whose CRC checks out, after reading the segment a second time to rule out a bad
  read), and the host is told which numbers are gone and why (`gap_why`).
- A read that fails (OSError) is tried again; if it keeps failing, ReadError is
  raised to the reader (the sync answers "unreadable" and the host asks again later):
  it never turns into a gap. Opening the log never raises: what cannot be read is
  reported in `notice`, and new records never reuse a number (`issued`).
- When free space runs low, whole segments whose records are all acknowledged are
  deleted oldest first. Unacknowledged records are never deleted: when nothing
  may be pruned, `add` raises StorageFull and `status` is FULL ("storage full: sync me").

RAM: the index is one list of small ints (each segment's first sequence number);
reading streams one segment (about 4 KB) at a time (`Cursor`, which walks by
sequence number, so segments pruned while a sync streams never make it skip one).
MicroPython subset.
"""

from micropython import const

from shared_rules import records
from shared_rules.crc32 import crc32_bytes
from app import jsonfile

META = "log.json"
PREFIX = "lg"
_SUFFIX = const(".bin")
_MAGIC = const(0xA5)
HEADER = 7                  # magic + length + crc
SEGMENT = 4096              # one LittleFS block on the Pico
_MAX_RECORD = const(65535)
_LOW_WATER = const(48 * 1024)       # prune acknowledged segments below this much free space
_RESERVE = const(16 * 1024)         # never fill the last bytes: settings and the save need room

_OK = const("ok")
_LOW = const("low")                 # unacknowledged games fill most of the space: sync soon
FULL = "full"               # nothing more can be stored until a sync

FULL_TEXT = "Storage full: sync me"
_LOW_TEXT = const("Storage almost full: sync soon")

# why numbers are missing (told to the host in GAP messages)
_PRUNED = const("pruned")           # stored, synced and deleted to make room
DAMAGED = "damaged"         # the bytes on flash fail their CRC: the game is gone
UNUSED = "unused"           # given out, but the record was never completely written
_MAX_UNUSED = const(16)             # unused ranges remembered (each one is a power cut)
_READ_TRIES = const(3)


class StorageFull(OSError):
    pass


class ReadError(OSError):
    """The flash would not read part of the log (after retries); `seq`: where."""

    def __init__(self, seq, why):
        OSError.__init__(self, 5, why)
        self.seq = seq


def seg_name(first):
    return "%s%08d%s" % (PREFIX, first, _SUFFIX)


def parse_seg_name(name):
    if len(name) != len(PREFIX) + 8 + len(_SUFFIX) or not name.startswith(PREFIX) \
            or not name.endswith(_SUFFIX):
        return -1
    digits = name[len(PREFIX):len(PREFIX) + 8]
    for c in digits:
        if c < "0" or c > "9":
            return -1
    return int(digits)


def frame(data):
    """The bytes a record takes in a segment."""
    n = len(data)
    if n > _MAX_RECORD:
        raise ValueError("record too big")
    return bytes((_MAGIC, n & 0xFF, n >> 8)) + crc32_bytes(data) + data


def scan(buf, start=0):
    """Yields (offset, end, data) for each intact record in segment bytes `buf` from `start`,
    skipping damaged bytes (a resync looks for the next MAGIC whose CRC checks)."""
    n = len(buf)
    mv = memoryview(buf)
    i = start
    while i + HEADER <= n:
        if buf[i] != _MAGIC:
            i += 1
            continue
        ln = buf[i + 1] | (buf[i + 2] << 8)
        end = i + HEADER + ln
        if end > n:
            i += 1
            continue
        data = mv[i + HEADER:end]
        if crc32_bytes(data) != bytes(mv[i + 3:i + 7]):
            i += 1
            continue
        yield i, end, data
        i = end


# -- the wall clock (set by a host during sync; RAM only) ----------------------
# Kept on the shared GameLog (see `shared`), which lives on the storage object, so the
# app purging this module from sys.modules loses neither the log nor the clock.
def set_wall(unix, now_ms, log=None):
    w = _wall_of(log)
    w[0] = int(unix)
    w[1] = now_ms


def wall_now(now_ms, log=None):
    """Unix seconds now, or 0 when no host has told the time since boot."""
    w = _wall_of(log)
    if not w[0]:
        return 0
    t = w[0] + (now_ms - w[1]) // 1000
    return t if t > 0 else 0


_no_log_wall = [0, 0]


def _wall_of(log):
    if log is None:
        return _no_log_wall
    return log.wall


class GameLog:
    def __init__(self, storage, random_fn=None, segment=SEGMENT, low_water=_LOW_WATER,
                 reserve=_RESERVE):
        self.storage = storage
        self.random_fn = random_fn
        self.segment = segment
        self.low_water = low_water
        self.reserve = reserve
        self.device = ""
        self.epoch = 0
        self.ack = 0
        self.issued = 0       # the highest seq ever given to a record
        self.unused = []      # [[first, last], ...] numbers given out without a record
        self.read_errors = 0  # reads that failed (History says some games are missing)
        self.blind_tail = False  # the last segment could not be read at open
        self.tail_cut = 0     # the spent number of a tail cut at open (see classify_cut)
        self.tail_rest = b""  # the first bytes of what was cut
        self.segs = []        # first seq of each segment, ascending
        self.last = 0         # highest stored seq (0: none yet)
        self.tail_size = 0    # bytes in the last segment
        self.status = _OK
        self.notice = None    # something to tell the user once (torn tail, rebuilt index)
        self.damaged = 0      # damaged bytes found in the last segment at open
        # the wall clock: [unix seconds, at app ms] (0: unknown); kept on the storage
        # object so it outlives this log (closed during games) and app.journal reads it
        self.wall = getattr(storage, "kocka_wall", None) or [0, 0]
        try:
            storage.kocka_wall = self.wall
        except AttributeError:
            pass
        self.open()

    # -- opening and recovery ------------------------------------------------
    def _random(self):
        if self.random_fn is not None:
            return self.random_fn()
        try:
            import os
            b = os.urandom(4)
            return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)
        except Exception:
            import time
            return int(time.time() * 1000) & 0x3FFFFFFF

    def _read(self, name, seq=0):
        """The bytes of a log file (None if missing); ReadError if the flash keeps failing."""
        for _ in range(_READ_TRIES):
            try:
                return self.storage.read(name)
            except OSError:
                self.read_errors += 1
        raise ReadError(seq, "cannot read " + name)

    def open(self):
        st = self.storage
        segs = []
        try:
            names = st.listdir()
        except OSError:
            names = []
            self.blind_tail = True
            self.notice = "Game log unreadable: games kept, sync later"
        for name in names:
            first = parse_seg_name(name)
            if first >= 0:
                segs.append(first)
        segs.sort()
        self.segs = segs
        meta, how = jsonfile.read(st, META)
        if meta is not None and not self._take_meta(meta):
            meta = None
            how = jsonfile.DAMAGED
        cut = self._check_tail()
        if meta is None:
            self._rebuild_meta(how, cut)
        else:
            if self.blind_tail:
                # the tail could not be read: number after everything ever given out
                top = max(self.last, self.issued or self.last + self.segment // HEADER)
            else:
                top = self.last
                if cut:
                    # the record after the last intact one is cut or damaged: its
                    # number is spent
                    top += 1
                    self.tail_cut = top
                top = max(top, self.ack)  # (all pruned: the acked ones were stored)
                if not cut and self.tail_cut == top + 1 and self.issued > top:
                    top += 1    # cut at an earlier open, not classified yet
                if self.issued > top:
                    # given out just before a power cut; the record was never written
                    self._note_unused(top + 1, self.issued, UNUSED)
                    top = self.issued
            self.last = max(top, self.ack)
            resave = how != jsonfile.OK or cut or self.issued != self.last
            self.issued = self.last
            if resave:
                self._save_meta_quiet()
        self._update_status()

    def classify_cut(self, rec):
        """Called with a finished game about to be stored again from the save (at boot):
        if the tail cut at open was this very game's record, torn by a power cut, its
        number is marked UNUSED (the host is not told a game was damaged); else it
        stays DAMAGED."""
        n = self.tail_cut
        if not n:
            return
        self.tail_cut = 0
        r = dict(rec)
        r["device"] = self.device
        r["epoch"] = self.epoch
        r["seq"] = n
        try:
            fr = frame(records.encode(r))
        except ValueError:
            return
        rest = self.tail_rest
        if rest and fr[:len(rest)] == rest:
            self._note_unused(n, n, UNUSED)
            self._save_meta_quiet()

    def _take_meta(self, meta):
        if not isinstance(meta, dict):
            return False
        device = meta.get("device")
        epoch = meta.get("epoch")
        ack = meta.get("ack")
        issued = meta.get("issued", 0)
        unused = meta.get("unused", [])
        for v in (epoch, ack, issued):
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                return False
        if not isinstance(device, str) or not device or not isinstance(unused, list):
            return False
        self.device = device
        self.epoch = epoch
        self.ack = ack
        self.issued = issued
        cut = meta.get("cut", 0)
        rest = meta.get("rest", "")
        if isinstance(cut, int) and cut > 0 and isinstance(rest, str):
            try:
                import binascii
                self.tail_rest = binascii.unhexlify(rest)
                self.tail_cut = cut
            except ValueError:
                pass
        self.unused = [r for r in unused if isinstance(r, list) and len(r) == 2
                       and isinstance(r[0], int) and isinstance(r[1], int)]
        return True

    def _note_unused(self, a, b, why):
        if a > b or why != UNUSED:
            return  # damaged numbers need no note: a missing number is damaged by default
        self.unused.append([a, b])
        if len(self.unused) > _MAX_UNUSED:
            self.unused.pop(0)

    def _check_tail(self):
        """Finds the last intact record; cuts a torn or damaged tail off the last segment.
        Returns None, or DAMAGED: the number after the last intact record is spent
        (an append cut short by a power cut, or a record whose bytes changed)."""
        st = self.storage
        self.last = 0
        self.tail_size = 0
        cut = None
        while self.segs:
            first = self.segs[-1]
            name = seg_name(first)
            try:
                buf = self._read(name, first)
            except ReadError:
                # Unknown tail: later records go to a new segment, numbered after
                # everything this log ever gave out (see open).
                self.blind_tail = True
                self.notice = "Game log: flash read error (games kept)"
                self.last = first
                self.tail_size = self.segment
                return cut
            if buf is None:
                self.segs.pop()
                continue
            good_end = 0
            last_seq = 0
            for off, end, data in scan(buf):
                try:
                    ep, seq = records.peek_seq(data)
                except ValueError:
                    continue
                good_end = end
                last_seq = seq
            if good_end < len(buf):
                self.damaged += len(buf) - good_end
                self.notice = "Game log: damaged end skipped (%d bytes)" % (len(buf) - good_end,)
                # Damaged until shown otherwise: a torn append and a bit flip can look
                # alike; see classify_cut.
                cut = DAMAGED
                self.tail_rest = bytes(buf[good_end:good_end + 64])
            if good_end == 0:
                # nothing complete in it (a cut while it was being started)
                try:
                    st.remove(name)
                except OSError:
                    pass
                self.segs.pop()
                if self.segs:
                    continue
                self.last = first - 1
                return cut
            if good_end < len(buf):
                try:
                    st.write(name, bytes(buf[:good_end]))
                except OSError:
                    self.tail_size = self.segment  # could not cut: start a new segment
            self.last = last_seq
            if not self.tail_size:
                self.tail_size = good_end
            return cut
        return cut

    def _rebuild_meta(self, how, cut):
        """log.json is missing, damaged in both copies, or unreadable: device and epoch
        from the newest record; a fresh log gets a new random identity. The ack becomes
        the highest number before the oldest kept segment (only acknowledged segments
        are ever deleted), so nothing is pruned that a host has not confirmed again."""
        device = None
        epoch = 0
        try:
            for data in self._iter_segment_data(reverse=True):
                try:
                    rec = records.decode(data)
                except ValueError:
                    continue
                device = rec["device"]
                epoch = rec["epoch"]
                break
        except ReadError:
            pass
        if device is None:
            from shared_rules.rng import mix_seed
            device = "%08x" % mix_seed(self._random())
            epoch = mix_seed(self._random() + 0x55AA) or 1
            if self.segs:
                self.notice = "Game log: index rebuilt"
        else:
            self.notice = "Game log: index rebuilt"
        self.device = device
        self.epoch = epoch
        self.ack = self.segs[0] - 1 if self.segs else self.last
        if cut or how != jsonfile.MISSING or self.blind_tail:
            # the highest number given out is unknown: skip one, never reuse one
            self.last += 1
            if cut:
                self.tail_cut = self.last
            else:
                self._note_unused(self.last, self.last, UNUSED)
        self.issued = self.last
        self._save_meta_quiet()

    def _meta(self):
        m = {"device": self.device, "epoch": self.epoch, "ack": self.ack,
             "issued": self.issued, "unused": self.unused}
        if self.tail_cut:
            import binascii
            m["cut"] = self.tail_cut
            m["rest"] = binascii.hexlify(self.tail_rest).decode()
        return m

    def _save_meta(self):
        jsonfile.write(self.storage, META, self._meta())

    def _save_meta_quiet(self):
        try:
            self._save_meta()
        except OSError:
            pass

    def _iter_segment_data(self, reverse=False):
        order = range(len(self.segs) - 1, -1, -1) if reverse else range(len(self.segs))
        for i in order:
            buf = self._read(seg_name(self.segs[i]), self.segs[i])
            if buf is None:
                continue
            items = [bytes(d) for _, _, d in scan(buf)]
            if reverse:
                items.reverse()
            for d in items:
                yield d

    # -- facts -------------------------------------------------------------------
    def first_seq(self):
        """The lowest seq still stored (last + 1 when the log is empty)."""
        return self.segs[0] if self.segs else self.last + 1

    def count(self):
        """How many records are stored (by seq range, less the numbers a power cut left
        unused; a damaged one still counts)."""
        if not self.segs:
            return 0
        return max(0, self._games_between(self.segs[0], self.last))

    def _games_between(self, first, last):
        """How many numbers first..last were given to a game (not left unused)."""
        n = last - first + 1
        for r in self.unused:
            a = r[0] if r[0] > first else first
            b = r[1] if r[1] < last else last
            if b >= a:
                n -= b - a + 1
        return n

    def unacked(self):
        return max(0, self._games_between(self.ack + 1, self.last))

    def status_text(self):
        if self.status == FULL:
            return FULL_TEXT
        if self.status == _LOW:
            return _LOW_TEXT
        return None

    def _free(self):
        try:
            free = self.storage.free_bytes()
        except (OSError, AttributeError):
            return 1 << 30
        return free if free >= 0 else 1 << 30  # -1: the filesystem cannot say

    def _update_status(self):
        free = self._free()
        if free < self.reserve + self.segment:
            self.status = FULL if not self._prunable() else _LOW
        elif free < self.low_water and not self._prunable():
            self.status = _LOW
        else:
            self.status = _OK

    def _prunable(self):
        return len(self.segs) > 0 and self._seg_last(0) <= self.ack

    def _seg_last(self, i):
        if i + 1 < len(self.segs):
            return self.segs[i + 1] - 1
        return self.last

    # -- writing -------------------------------------------------------------------
    def add(self, rec):
        """Stores a finished game: fills in device, epoch and seq; returns the seq.
        Raises StorageFull when it cannot be stored without dropping unsynced games."""
        seq = self.last + 1
        rec["device"] = self.device
        rec["epoch"] = self.epoch
        rec["seq"] = seq
        data = records.encode(rec)
        fr = frame(data)
        need = len(fr) + self.reserve
        free = self._free()
        if free < need + self.low_water:
            self.prune(need + self.low_water)
            free = self._free()
        if free < need:
            self.status = FULL
            raise StorageFull(FULL_TEXT)
        self.tail_cut = 0     # classify_cut had its chance (the boot stores first)
        if seq > self.issued:
            # the number is spent before the record is written: a cut never reuses it
            self.issued = seq
            try:
                self._save_meta()
            except OSError:
                self.status = FULL
                raise StorageFull(FULL_TEXT)
        if not self.segs or (self.tail_size > 0 and self.tail_size + len(fr) > self.segment):
            self.segs.append(seq)
            self.tail_size = 0
        name = seg_name(self.segs[-1])
        try:
            self.storage.append(name, fr)
        except OSError:
            # A failed append may have left part of the record: cut it off again.
            self._check_tail()
            self.last = max(self.last, seq)
            self._note_unused(seq, seq, UNUSED)
            self._save_meta_quiet()
            self.status = FULL
            raise StorageFull(FULL_TEXT)
        self.tail_size += len(fr)
        self.last = seq
        self._update_status()
        return seq

    def prune(self, want_free):
        """Deletes acknowledged segments, oldest first, until `want_free` bytes are free
        or nothing more may go; returns how many segments were deleted."""
        n = 0
        while self._prunable() and self._free() < want_free:
            first = self.segs[0]
            last_of_seg = self._seg_last(0)
            if len(self.segs) == 1:
                # the active segment, wholly acknowledged: later records start a new one
                self.tail_size = 0
            self.segs.pop(0)
            try:
                self.storage.remove(seg_name(first))
            except OSError:
                pass
            n += 1
            if last_of_seg >= self.last:
                break
        return n

    def set_ack(self, seq):
        """Records that a host has stored everything up to `seq`; returns the ack in force."""
        if seq > self.last:
            seq = self.last
        if seq > self.ack:
            self.ack = seq
            self._save_meta()
            if self.status != _OK:
                if self.status == FULL:
                    self.prune(self.reserve + self.low_water)
                self._update_status()
        return self.ack

    # -- reading -------------------------------------------------------------------
    def _items(self, first):
        """([(seq, data), ...] of the intact records in the segment starting at `first`,
        True if bytes were skipped as damaged). ReadError if the flash will not read."""
        buf = self._read(seg_name(first), first)
        if buf is None:
            return [], False
        out = []
        good = 0
        for off, end, d in scan(buf):
            try:
                _, seq = records.peek_seq(d)
            except ValueError:
                continue
            out.append((seq, bytes(d)))
            good += end - off
        return out, good < len(buf)

    def read_segment(self, i):
        """[(seq, data), ...] of segment index i (intact records only). A segment with
        damaged bytes is read a second time (a bad read is not damage); ReadError if
        the flash will not read it."""
        if i < 0 or i >= len(self.segs):
            return []
        first = self.segs[i]
        items, damaged = self._items(first)
        if damaged:
            again, _ = self._items(first)
            if len(again) > len(items):
                items = again
        return items

    def gap_why(self, a, b):
        """Why the numbers a..b have no intact record here (PRUNED, UNUSED or DAMAGED)."""
        for r in self.unused:
            if r[0] <= a and b <= r[1]:
                return UNUSED
        if b < self.first_seq() and b <= self.ack:
            return _PRUNED
        return DAMAGED

    def seg_index_for(self, seq):
        """The index of the segment that would hold `seq` (0 if before the first)."""
        segs = self.segs
        lo = 0
        hi = len(segs) - 1
        if hi < 0:
            return 0
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if segs[mid] <= seq:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def iter_from(self, since):
        """Yields (seq, data) of every intact record with seq > since, in order, one
        segment in memory at a time (ReadError where the flash will not read)."""
        cur = Cursor(self, since)
        while True:
            item = cur.next()
            if item is None:
                return
            if item[0] == "rec":
                yield item[1], item[2]

    def get(self, seq):
        """The bytes of record `seq`, or None (ReadError if its segment will not read)."""
        if not self.segs or seq < self.segs[0]:
            return None
        for s, d in self.read_segment(self.seg_index_for(seq)):
            if s == seq:
                return d
        return None

    def newest(self, before, n):
        """Summaries (seq, game, players, scores, ended) of up to n records with
        seq < before, newest first (reads only the segments it needs). A segment the
        flash will not read is left out and counted in `read_errors`."""
        out = []
        if not self.segs:
            return out
        i = self.seg_index_for(before - 1)
        while i >= 0 and len(out) < n:
            try:
                items = self.read_segment(i)
            except ReadError:
                items = []
            j = len(items) - 1
            while j >= 0 and len(out) < n:
                seq, data = items[j]
                if seq < before:
                    try:
                        out.append(records.summary(data))
                    except ValueError:
                        pass
                j -= 1
            items = None
            i -= 1
        return out


class Cursor:
    """Walks a log's records after `since` in order, by sequence number, one segment in
    RAM: segments pruned meanwhile (a host acknowledging while it receives) never make
    it skip one, and a number without an intact record comes out as a gap with its
    reason. `next()` returns ("rec", seq, data), ("gap", first, last, why) or None at
    the end; ReadError when the flash will not read (nothing is skipped: a new
    Cursor from the same place tries again)."""

    def __init__(self, log, since):
        self.log = log
        self.want = since + 1     # the next seq to hand out
        self.items = None
        self.pos = 0
        self.seg = -1             # first seq of the segment in `items`

    def next(self):
        log = self.log
        while True:
            items = self.items
            if items is not None and self.pos < len(items):
                seq, data = items[self.pos]
                if seq < self.want:
                    self.pos += 1
                    continue
                if seq > self.want:
                    a = self.want
                    self.want = seq
                    return ("gap", a, seq - 1, log.gap_why(a, seq - 1))
                self.pos += 1
                self.want = seq + 1
                return ("rec", seq, data)
            nxt = self._next_segment()
            if nxt < 0:
                self.items = None
                if self.want <= log.last:
                    a = self.want
                    self.want = log.last + 1
                    return ("gap", a, log.last, log.gap_why(a, log.last))
                return None
            i = log.segs.index(nxt)
            self.items = log.read_segment(i)   # may raise ReadError: state unchanged
            self.seg = nxt
            self.pos = 0

    def _next_segment(self):
        """The first seq of the next segment to read: after the current one, the last
        that starts at or before `want` (else the first after it); -1: none left."""
        pick = -1
        for first in self.log.segs:
            if first <= self.seg:
                continue
            if pick < 0 or first <= self.want:
                pick = first
            else:
                break
        return pick


def shared(storage, random_fn=None):
    """The one GameLog of `storage`, opened on first use and kept on the storage object
    itself: every part of the app (and a re-import of this module after the app purged
    it) gets the same log, so two writers never disagree about the next seq."""
    log = getattr(storage, "kocka_gamelog", None)
    if log is None:
        log = GameLog(storage, random_fn)
        storage.kocka_gamelog = log
    return log


def forget_shared(storage=None):
    """Drops the shared log (tests: a simulated reboot)."""
    if storage is not None and getattr(storage, "kocka_gamelog", None) is not None:
        storage.kocka_gamelog = None
