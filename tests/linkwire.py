"""An in-memory wire for the link tests: two directions of a UART-like line between two
devices, seeded and deterministic, with a shared clock.

Bytes leave in the order they were written, each after the wire's byte time (the baud
rate) and a latency; nothing is ever reordered. Faults, each with its own probability
per write (one write is one frame): the write is lost, cut short, has bytes flipped, is
sent twice, or has garbage put before it. cut() loses everything written (and in flight)
until mend().
"""
import random
from collections import deque


class Clock:
    def __init__(self, now=0):
        self.now = now


class Wire:
    """One direction."""

    def __init__(self, clock, seed=0, latency_ms=2, baud=115200, loss=0.0, trunc=0.0,
                 flip=0.0, dup=0.0, garbage=0.0):
        self.clock = clock
        self.rng = random.Random(seed)
        self.latency_ms = latency_ms
        self.byte_us = 10_000_000 // baud      # 10 bits a byte
        self.loss = loss
        self.trunc = trunc
        self.flip = flip
        self.dup = dup
        self.garbage = garbage
        self.q = deque()
        self.busy_us = 0
        self.cut = False
        self.written = 0

    def send(self, data):
        data = bytes(data)
        self.written += len(data)
        if self.cut:
            return
        r = self.rng
        if self.loss and r.random() < self.loss:
            return
        if self.trunc and r.random() < self.trunc and len(data) > 1:
            data = data[:r.randrange(1, len(data))]
        if self.flip and r.random() < self.flip:
            b = bytearray(data)
            for _ in range(r.randrange(1, 3)):
                i = r.randrange(len(b))
                b[i] ^= 1 << r.randrange(8)
            data = bytes(b)
        if self.garbage and r.random() < self.garbage:
            data = bytes(r.randrange(256) for _ in range(r.randrange(1, 40))) + data
        if self.dup and r.random() < self.dup:
            data = data + data
        self._queue(data)

    def _queue(self, data):
        start = max(self.clock.now * 1000, self.busy_us)
        self.busy_us = start + len(data) * self.byte_us
        self.q.append((self.busy_us // 1000 + self.latency_ms, data))

    def inject(self, data):
        """Bytes put on the line by someone else (a liar, a flood)."""
        self._queue(bytes(data))

    def recv(self):
        now = self.clock.now
        out = []
        while self.q and self.q[0][0] <= now:
            out.append(self.q.popleft()[1])
        return b"".join(out) if out else None

    def set_cut(self, cut):
        self.cut = cut
        if cut:
            self.q.clear()


class End:
    """One device's end of a line: the transport a Channel takes."""

    def __init__(self, tx, rx):
        self.tx = tx
        self.rx = rx

    def write(self, data):
        self.tx.send(data)

    def read(self):
        return self.rx.recv()


class Line:
    """Two devices' ends: a (one device) and b (the other)."""

    def __init__(self, clock, seed=0, **faults):
        self.ab = Wire(clock, seed * 2 + 1, **faults)
        self.ba = Wire(clock, seed * 2 + 2, **faults)
        self.a = End(self.ab, self.ba)
        self.b = End(self.ba, self.ab)

    def cut(self, cut=True):
        self.ab.set_cut(cut)
        self.ba.set_cut(cut)
