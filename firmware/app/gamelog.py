"""The log of finished games: append-only segment files over hal.storage.

Files (flat names in the storage root):

    log.json        {"device", "epoch", "ack"}: who this log belongs to and the highest
                    sequence number a host has acknowledged (written atomically)
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
- A damaged record in an older segment is skipped when read (the reader resyncs
  on the next MAGIC whose CRC checks out), and the gap is reported to the host.
- When free space runs low, whole segments whose records are all acknowledged are
  deleted oldest first. Unacknowledged records are never deleted: when nothing
  may be pruned, `add` raises StorageFull and `status` is FULL ("storage full: sync me").

RAM: the index is one list of small ints (each segment's first sequence number);
reading streams one segment (about 4 KB) at a time.
MicroPython subset.
"""

import json

from shared_rules import records
from shared_rules.crc32 import crc32_bytes

META = "log.json"
PREFIX = "lg"
SUFFIX = ".bin"
MAGIC = 0xA5
HEADER = 7                  # magic + length + crc
SEGMENT = 4096              # one LittleFS block on the Pico
MAX_RECORD = 65535
LOW_WATER = 48 * 1024       # prune acknowledged segments below this much free space
RESERVE = 16 * 1024         # never fill the last bytes: settings and the save need room

OK = "ok"
LOW = "low"                 # unacknowledged games fill most of the space: sync soon
FULL = "full"               # nothing more can be stored until a sync

FULL_TEXT = "Storage full: sync me"
LOW_TEXT = "Storage almost full: sync soon"


class StorageFull(OSError):
    pass


def seg_name(first):
    return "%s%08d%s" % (PREFIX, first, SUFFIX)


def parse_seg_name(name):
    if len(name) != len(PREFIX) + 8 + len(SUFFIX) or not name.startswith(PREFIX) \
            or not name.endswith(SUFFIX):
        return -1
    digits = name[len(PREFIX):len(PREFIX) + 8]
    for c in digits:
        if c < "0" or c > "9":
            return -1
    return int(digits)


def frame(data):
    """The bytes a record takes in a segment."""
    n = len(data)
    if n > MAX_RECORD:
        raise ValueError("record too big")
    return bytes((MAGIC, n & 0xFF, n >> 8)) + crc32_bytes(data) + data


def scan(buf, start=0):
    """Yields (offset, end, data) for each intact record in segment bytes `buf` from `start`,
    skipping damaged bytes (a resync looks for the next MAGIC whose CRC checks)."""
    n = len(buf)
    mv = memoryview(buf)
    i = start
    while i + HEADER <= n:
        if buf[i] != MAGIC:
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
    def __init__(self, storage, random_fn=None, segment=SEGMENT, low_water=LOW_WATER,
                 reserve=RESERVE):
        self.storage = storage
        self.random_fn = random_fn
        self.segment = segment
        self.low_water = low_water
        self.reserve = reserve
        self.device = ""
        self.epoch = 0
        self.ack = 0
        self.segs = []        # first seq of each segment, ascending
        self.last = 0         # highest stored seq (0: none yet)
        self.tail_size = 0    # bytes in the last segment
        self.status = OK
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

    def open(self):
        st = self.storage
        segs = []
        for name in st.listdir():
            first = parse_seg_name(name)
            if first >= 0:
                segs.append(first)
        segs.sort()
        self.segs = segs
        meta = None
        try:
            raw = st.read(META)
            if raw is not None:
                meta = json.loads(raw)
                if not isinstance(meta, dict) or not isinstance(meta.get("epoch"), int) \
                        or not isinstance(meta.get("device"), str) \
                        or not isinstance(meta.get("ack"), int):
                    meta = None
        except (ValueError, OSError):
            meta = None
        self._check_tail()
        if meta is None:
            self._rebuild_meta()
        else:
            self.device = meta["device"]
            self.epoch = meta["epoch"]
            self.ack = meta["ack"]
        if self.ack > self.last:
            # Everything up to ack was stored once; its segments may be pruned.
            self.last = self.ack
        self._update_status()

    def _check_tail(self):
        """Finds the last intact record; cuts a torn tail off the last segment."""
        st = self.storage
        self.last = 0
        self.tail_size = 0
        while self.segs:
            first = self.segs[-1]
            name = seg_name(first)
            buf = st.read(name)
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
            if good_end == 0:
                # nothing complete in it (a cut while it was being started)
                st.remove(name)
                self.segs.pop()
                continue
            if good_end < len(buf):
                st.write(name, bytes(buf[:good_end]))
            self.last = last_seq
            self.tail_size = good_end
            return

    def _rebuild_meta(self):
        """log.json is missing or damaged: take device and epoch from the newest record;
        a fresh log gets a new random identity. The ack restarts at 0 (nothing is
        pruned that a host has not confirmed again)."""
        device = None
        epoch = 0
        for data in self._iter_segment_data(reverse=True):
            try:
                rec = records.decode(data)
            except ValueError:
                continue
            device = rec["device"]
            epoch = rec["epoch"]
            break
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
        self.ack = 0
        self._save_meta()

    def _save_meta(self):
        self.storage.write(META, json.dumps(
            {"device": self.device, "epoch": self.epoch, "ack": self.ack}).encode())

    def _iter_segment_data(self, reverse=False):
        order = range(len(self.segs) - 1, -1, -1) if reverse else range(len(self.segs))
        for i in order:
            buf = self.storage.read(seg_name(self.segs[i]))
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
        """How many records are stored (by seq range; a damaged one still counts)."""
        if not self.segs:
            return 0
        return max(0, self.last - self.segs[0] + 1)

    def unacked(self):
        return max(0, self.last - self.ack)

    def status_text(self):
        if self.status == FULL:
            return FULL_TEXT
        if self.status == LOW:
            return LOW_TEXT
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
            self.status = FULL if not self._prunable() else LOW
        elif free < self.low_water and not self._prunable():
            self.status = LOW
        else:
            self.status = OK

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
        if not self.segs or (self.tail_size > 0 and self.tail_size + len(fr) > self.segment):
            self.segs.append(seq)
            self.tail_size = 0
        name = seg_name(self.segs[-1])
        try:
            self.storage.append(name, fr)
        except OSError:
            # A failed append may have left part of the record: cut it off again.
            self._check_tail()
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
            if self.status != OK:
                if self.status == FULL:
                    self.prune(self.reserve + self.low_water)
                self._update_status()
        return self.ack

    # -- reading -------------------------------------------------------------------
    def read_segment(self, i):
        """[(seq, data), ...] of segment index i (intact records only)."""
        if i < 0 or i >= len(self.segs):
            return []
        buf = self.storage.read(seg_name(self.segs[i]))
        if buf is None:
            return []
        out = []
        for _, _, d in scan(buf):
            try:
                _, seq = records.peek_seq(d)
            except ValueError:
                continue
            out.append((seq, bytes(d)))
        return out

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
        segment in memory at a time."""
        if not self.segs:
            return
        i = self.seg_index_for(since + 1)
        while i < len(self.segs):
            for seq, data in self.read_segment(i):
                if seq > since:
                    yield seq, data
            i += 1

    def get(self, seq):
        """The bytes of record `seq`, or None."""
        for s, d in self.read_segment(self.seg_index_for(seq)):
            if s == seq:
                return d
        return None

    def newest(self, before, n):
        """Summaries (seq, game, players, scores, ended) of up to n records with
        seq < before, newest first (reads only the segments it needs)."""
        out = []
        if not self.segs:
            return out
        i = self.seg_index_for(before - 1)
        while i >= 0 and len(out) < n:
            items = self.read_segment(i)
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
