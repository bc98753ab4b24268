"""Link frames: what one frame of the link holds, and reading frames out of a byte stream.

Owns the bytes on the wire, nothing above them. A link frame is a sync-protocol frame
(shared_rules.syncframe, the sync protocol's framing: one printable ASCII line, the '@K'
start marker, the version digit, %XX escaping, CRC-32) of one of two types:

    @K1 LD <src> <dst> <seq> <ack> <message> <crc>\\n    data: one message of the channel
    @K1 LA <src> <dst> <ack> <crc>\\n                    ack only (and heartbeat)

    src   the sender's epoch: a number 1..2**30-1 its channel drew when it started (or
          after it last lost its peer); a new src tells the receiver the peer restarted
    dst   the epoch the sender believes the receiver has (0: it does not know it yet);
          a data frame for another dst is for the receiver's previous life and dropped
    seq   the data frame's sequence number, 0..65535, one per message, wrapping
    ack   the next sequence number the sender expects from the receiver: everything
          before it arrived (cumulative)
    message  the channel's message text (escaped by syncframe; unescaped here)

Reader.feed(data, out) appends the intact link frames in `data` to `out` as tuples
(kind, src, dst, seq, ack, message) (seq is 0 and message "" for LA). Everything else is
counted, never raised: garbage between frames (`skipped`), damaged frames (`broken`:
bad CRC, a control byte, cut short), frames too long for the buffer (`too_long`: the
buffer is MAX_FRAME bytes, held only while a frame is being read, so a flood never grows
memory and a port holds none between frames), intact frames of
another protocol version (`bad_version`, the last digit in `version_seen`), intact frames
that are not link frames or whose numbers do not parse (`foreign`).
"""

# by its dotted name: a frozen string (`from package import module` makes that
# name a new interned string in RAM at run time)
import shared_rules.syncframe as syncframe

DATA = "LD"
ACK = "LA"
MAX_FRAME = 1024         # bytes between '@K' and the newline: the parser's buffer (the
                         # largest message, a WELCOME of six seats, fills about 600)
SEQ_MASK = 0xFFFF
EPOCH_MASK = 0x3FFFFFFF


def encode_data(src, dst, seq, ack, message):
    """The bytes of one data frame carrying `message` (str)."""
    return syncframe.encode_frame(DATA, "%d %d %d %d %s" % (src, dst, seq, ack, message))


def encode_ack(src, dst, ack):
    """The bytes of one ack-only frame (also the heartbeat)."""
    return syncframe.encode_frame(ACK, "%d %d %d" % (src, dst, ack))


def frame_len(message):
    """How many bytes a data frame with `message` fills in the reader's buffer (at most,
    with the largest numbers): the channel refuses messages that would not fit."""
    return len(syncframe.escape(message)) + 40


def _num(text):
    """A non-negative int from decimal digits, or -1."""
    if not text or len(text) > 10:
        return -1
    for c in text:
        if c < "0" or c > "9":
            return -1
    return int(text)


class Reader:
    """Link frames out of a byte stream; bounded memory, never raises."""

    def __init__(self, maxlen=MAX_FRAME):
        self.parser = syncframe.Parser(maxlen)
        self.too_long = 0
        self.bad_version = 0
        self.version_seen = None
        self.foreign = 0
        self.frames = 0
        self._got = []          # the parser's results of one feed (reused)

    @property
    def skipped(self):
        return self.parser.skipped

    @property
    def broken(self):
        return self.parser.errors - self.bad_version - self.too_long

    def feed(self, data, out):
        """Reads `data` (bytes, bytearray or memoryview); appends each intact link frame
        to `out`."""
        got = self._got
        p = self.parser
        p.feed_all(data, got)
        if p.state != 2:
            p.buf = None   # held only while a frame is being read: a port holds none between
        for fr in got:
            self._take(fr, out)
        del got[:]

    def _take(self, fr, out):
        kind = fr[0]
        if kind == syncframe.BROKEN:
            if fr[1] == "too long":
                self.too_long += 1
            return
        if kind == syncframe.BAD_VERSION:
            self.bad_version += 1
            self.version_seen = fr[1]
            return
        try:
            got = self._decode(kind, fr[1])
        except Exception:   # a payload that does not unescape or decode
            got = None
        if got is None:
            self.foreign += 1
            return
        self.frames += 1
        out.append(got)

    def _decode(self, kind, payload):
        if kind == DATA:
            parts = payload.split(" ", 4)
            if len(parts) != 5:
                return None
            message = syncframe.unescape(parts[4]).decode()
        elif kind == ACK:
            parts = payload.split(" ")
            if len(parts) != 3:
                return None
            parts.insert(2, "0")
            message = ""
        else:
            return None
        src = _num(parts[0])
        dst = _num(parts[1])
        seq = _num(parts[2])
        ack = _num(parts[3])
        if src <= 0 or dst < 0 or src > EPOCH_MASK or dst > EPOCH_MASK \
                or not 0 <= seq <= SEQ_MASK or not 0 <= ack <= SEQ_MASK:
            return None
        return (kind, src, dst, seq, ack, message)
