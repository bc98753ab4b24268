"""Sync framing: printable ASCII frames with a CRC32, shared by the sync protocol
(shared_rules.syncproto: its messages, whose frame format its docstring gives) and the
link play's frames (shared_rules.link.frames).

Owns the bytes of a frame: escaping a payload, encoding a frame, and the parser that
takes frames out of a byte stream. A module of its own so that link play, which uses
only this, keeps no more of the sync protocol's code in RAM through a game than it needs.
"""

from shared_rules.crc32 import crc32_hex

PROTOCOL = 1
MARKER = b"@K"
DEVICE_MAX_FRAME = 600       # host->device frames are small (roster, clock, requests)

# Pseudo-types the parser returns for frames it could not take.
BROKEN = "!BROKEN"           # a frame started but was damaged: ask again
BAD_VERSION = "!VERSION"     # an intact frame of another protocol version

_HEX = "0123456789ABCDEF"


def escape(data):
    """Printable, '@'-free text for `data` (str or bytes)."""
    if isinstance(data, str):
        data = data.encode()
    # min, max and find run in C: a frame's text is checked without a Python loop
    if not data or (min(data) >= 0x20 and max(data) <= 0x7E and data.find(b"%") < 0
                    and data.find(b"@") < 0):
        return data.decode()
    out = []
    for b in data:
        if b < 0x20 or b > 0x7E or b == 0x25 or b == 0x40:
            out.append("%" + _HEX[b >> 4] + _HEX[b & 15])
        else:
            out.append(chr(b))
    return "".join(out)


def _hexval(c):
    if 48 <= c <= 57:
        return c - 48
    if 65 <= c <= 70:
        return c - 55
    if 97 <= c <= 102:
        return c - 87
    return -1


def unescape(text):
    """The bytes behind escaped payload text; ValueError on a bad escape."""
    raw = text.encode() if isinstance(text, str) else bytes(text)
    if b"%" not in raw:
        return raw
    out = bytearray()
    i = 0
    n = len(raw)
    while i < n:
        b = raw[i]
        if b == 0x25:
            if i + 2 >= n:
                raise ValueError("truncated escape")
            hi = _hexval(raw[i + 1])
            lo = _hexval(raw[i + 2])
            if hi < 0 or lo < 0:
                raise ValueError("bad escape")
            out.append((hi << 4) | lo)
            i += 3
        else:
            out.append(b)
            i += 1
    return bytes(out)


def encode_frame(kind, payload=""):
    """The bytes of one frame of type `kind` with `payload` (str or bytes)."""
    body = "%d %s %s " % (PROTOCOL, kind, escape(payload))
    return b"@K" + body.encode() + crc32_hex(body.encode()).encode() + b"\n"


class Parser:
    """Incremental frame parser fed one byte (an int) at a time; never raises.

    `feed(b)` returns None, or (type, payload_text) for an intact frame, or
    (BROKEN, reason) for a damaged one, or (BAD_VERSION, digit) for an intact frame
    of another protocol version; `feed_all(data, out)` feeds many bytes at once.
    Memory is one buffer of `maxlen` bytes, allocated at a frame's start if there is
    none (so a line nobody talks on holds none; the link's reader drops it between
    frames); the work per byte is constant except at a newline (CRC of the frame).
    """

    def __init__(self, maxlen=DEVICE_MAX_FRAME):
        self.buf = None
        self.maxlen = maxlen
        self.n = 0
        self.state = 0        # 0: outside a frame, 1: after '@', 2: inside a frame
        self.frames = 0       # intact frames
        self.errors = 0       # broken frames
        self.skipped = 0      # bytes outside frames (garbage, banners)

    def reset(self):
        self.state = 0
        self.n = 0

    def _broken(self, why, state=0):
        self.errors += 1
        self.state = state
        self.n = 0
        return (BROKEN, why)

    def feed(self, b):
        try:
            return self._feed(b)
        except Exception:  # cannot happen by design; never let it escape
            self.state = 0
            self.n = 0
            self.errors += 1
            return (BROKEN, "internal")

    def feed_all(self, data, out):
        """Feeds every byte of `data` (bytes, bytearray or memoryview), appending what
        feed() would return for each, None left out, to `out`: the same results and
        counters, but a frame's printable run is checked and copied at C speed (min, max,
        find, a slice copy) instead of a byte at a time in Python."""
        if not isinstance(data, (bytes, bytearray)):
            data = bytes(data)
        view = memoryview(data)
        i = 0
        end = len(data)
        while i < end:
            st = self.state
            if st == 0:
                # outside a frame: everything up to the next '@' is skipped
                j = data.find(b"@", i)
                if j < 0:
                    self.skipped += end - i
                    return
                self.skipped += j - i
                i = j
            elif st == 2:
                # inside a frame: a run of printable bytes without '@' up to the newline
                j = data.find(b"\n", i)
                stop = end if j < 0 else j
                if stop > i and data.find(b"@", i, stop) < 0:
                    run = view[i:stop]
                    n = self.n
                    if min(run) >= 0x20 and max(run) <= 0x7E and n + stop - i <= self.maxlen:
                        self.buf[n:n + stop - i] = run
                        self.n = n + stop - i
                        i = stop
                        continue
            got = self.feed(data[i])
            if got is not None:
                out.append(got)
            i += 1

    def _feed(self, b):
        st = self.state
        if st == 2:
            if 0x20 <= b <= 0x7E and b != 0x40:
                if self.n >= self.maxlen:
                    return self._broken("too long")
                self.buf[self.n] = b
                self.n += 1
                return None
            if b == 0x0A:
                self.state = 0
                return self._finish()
            if b == 0x0D:
                return None
            if b == 0x40:
                return self._broken("cut short", 1)
            return self._broken("control byte")
        if st == 1:
            if b == 0x4B:  # 'K'
                if self.buf is None:
                    self.buf = bytearray(self.maxlen)
                self.state = 2
                self.n = 0
                return None
            self.skipped += 2 if b != 0x40 else 1
            self.state = 1 if b == 0x40 else 0
            return None
        if b == 0x40:
            self.state = 1
        else:
            self.skipped += 1
        return None

    def _finish(self):
        n = self.n
        self.n = 0
        buf = self.buf
        # "1 T P " + 8 hex: at least 13 bytes; the byte before the crc is a space.
        if n < 13 or buf[1] != 0x20 or buf[n - 9] != 0x20:
            return self._broken("malformed")
        body = memoryview(buf)[0:n - 8]
        try:
            want = bytes(buf[n - 8:n]).decode()
        except Exception:
            return self._broken("malformed")
        if crc32_hex(body) != want:
            return self._broken("crc")
        # the type ends at the next space
        end = 2
        while end < n - 9 and buf[end] != 0x20:
            end += 1
        if end == 2 or end >= n - 8:
            return self._broken("malformed")
        if buf[0] != 0x30 + PROTOCOL:
            self.errors += 1
            return (BAD_VERSION, chr(buf[0]))
        try:
            kind = bytes(buf[2:end]).decode()
            payload = bytes(buf[end + 1:n - 9]).decode()
        except Exception:
            return self._broken("malformed")
        self.frames += 1
        return (kind, payload)
