"""Varints: unsigned LEB128 (uv) and zigzag (sv), written to a bytearray and read back.

Shared by the game records (shared_rules.records) and the device's save journal
(app.journal), which must stay small in RAM during play: this module is the only
encoding code the journal loads. A Reader raises its class's `Error` (ValueError
here; records uses its RecordError) on truncated or malformed input.
MicroPython subset.
"""


def put_uv(out, n):
    """Appends unsigned n to bytearray out."""
    if n < 0:
        raise ValueError("negative where unsigned is required")
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def put_sv(out, n):
    """Appends signed n (zigzag) to bytearray out."""
    put_uv(out, (n << 1) if n >= 0 else ((-n) << 1) - 1)


class Reader:
    Error = ValueError

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        if self.pos >= len(self.data):
            raise self.Error("record truncated")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uv(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if not b & 0x80:
                return n
            shift += 7
            if shift > 70:
                raise self.Error("varint too long")

    def sv(self):
        n = self.uv()
        if n & 1:
            return -((n + 1) >> 1)
        return n >> 1

    def count(self, limit, what):
        """A uv that must not exceed limit (a length or a number of items)."""
        n = self.uv()
        if n > limit:
            raise self.Error("too many %s (%d)" % (what, n))
        return n
