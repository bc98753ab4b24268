"""The USB serial link (firmware/hal/serial_link.py) driven by fake streams and pollers."""
import select

import pytest

from hal.serial_link import SerialLink


class FakeIn:
    """A binary stdin: reading when nothing waits would block, so it fails the test instead."""

    def __init__(self, data=b""):
        self.data = bytearray(data)
        self.reads = 0

    def feed(self, data):
        self.data += data

    def readinto(self, buf):
        assert self.data, "read with nothing waiting: that would block the game loop"
        self.reads += 1
        n = min(len(buf), len(self.data))
        buf[:n] = self.data[:n]
        del self.data[:n]
        return n


class ReadOnlyIn(FakeIn):
    readinto = None  # only read(n), as some streams have

    def read(self, n):
        assert self.data
        out = bytes(self.data[:n])
        del self.data[:n]
        return out


class TextIn(ReadOnlyIn):
    def read(self, n):
        return ReadOnlyIn.read(self, n).decode("latin-1")


class WithBuffer:
    def __init__(self, buffer):
        self.buffer = buffer


class IPoller:
    """MicroPython's poll object: ipoll(timeout) yields (obj, eventmask) for ready objects."""

    def __init__(self, stream, events=select.POLLIN):
        self.stream = stream
        self.events = events
        self.timeouts = []

    def ipoll(self, timeout):
        self.timeouts.append(timeout)
        if self.stream.data or self.events != select.POLLIN:
            yield (self.stream, self.events)


class ListPoller(IPoller):
    """CPython's poll object: only poll(timeout) -> list."""
    ipoll = None

    def poll(self, timeout):
        self.timeouts.append(timeout)
        return [(0, self.events)] if self.stream.data or self.events != select.POLLIN else []


class Out:
    def __init__(self):
        self.chunks = []

    def write(self, data):
        self.chunks.append(bytes(data))
        return len(data)


@pytest.mark.parametrize("poller_cls", [IPoller, ListPoller])
def test_read_byte_never_blocks_and_returns_every_byte_value(poller_cls):
    stdin = FakeIn()
    poller = poller_cls(stdin)
    link = SerialLink(stdin=WithBuffer(stdin), stdout=WithBuffer(Out()), poller=poller,
                      kbd_intr=lambda c: None)
    assert [link.read_byte() for _ in range(5)] == [-1] * 5
    assert stdin.reads == 0
    stdin.feed(bytes([0x03, 0x00, 0xFF, 0x7E, 0x0A]))
    got = [link.read_byte() for _ in range(7)]
    assert got == [3, 0, 255, 126, 10, -1, -1]
    assert stdin.reads == 5  # one byte per call
    assert set(poller.timeouts) == {0}  # every poll is non-blocking


def test_only_pollin_means_readable():
    stdin = FakeIn()
    link = SerialLink(stdin=stdin, stdout=Out(), poller=IPoller(stdin, events=select.POLLHUP),
                      kbd_intr=lambda c: None)
    assert link.read_byte() == -1 and stdin.reads == 0


@pytest.mark.parametrize("cls", [ReadOnlyIn, TextIn])
def test_streams_without_readinto(cls):
    stdin = cls(b"\x01\xc8")
    link = SerialLink(stdin=stdin, stdout=Out(), poller=IPoller(stdin), kbd_intr=lambda c: None)
    assert [link.read_byte() for _ in range(3)] == [1, 200, -1]


def test_write_prefers_the_binary_buffer():
    raw, text = Out(), Out()
    stdout = WithBuffer(raw)
    stdout.write = text.write
    link = SerialLink(stdin=FakeIn(), stdout=stdout, poller=ListPoller(FakeIn()),
                      kbd_intr=lambda c: None)
    link.write(b"\x00\x03frame")
    link.write(bytearray(b"\xff"))
    assert raw.chunks == [b"\x00\x03frame", b"\xff"] and text.chunks == []
    plain = Out()
    SerialLink(stdin=FakeIn(), stdout=plain, poller=ListPoller(FakeIn()),
               kbd_intr=lambda c: None).write(b"ok")
    assert plain.chunks == [b"ok"]


def test_a_session_turns_ctrl_c_off_and_back_on():
    calls = []
    link = SerialLink(stdin=FakeIn(), stdout=Out(), poller=ListPoller(FakeIn()),
                      kbd_intr=calls.append)
    assert calls == [] and not link.in_session
    link.begin_session()
    assert calls == [-1] and link.in_session
    link.end_session()
    assert calls == [-1, 3] and not link.in_session


def test_default_kbd_intr_is_micropythons(monkeypatch):
    import micropython
    calls = []
    monkeypatch.setattr(micropython, "kbd_intr", calls.append)
    link = SerialLink(stdin=FakeIn(), stdout=Out(), poller=ListPoller(FakeIn()))
    link.begin_session()
    link.end_session()
    assert calls == [-1, 3]


def test_default_poller_registers_stdin_for_input(monkeypatch):
    registered = []

    class Poll:
        def register(self, obj, mask):
            registered.append((obj, mask))

        def poll(self, timeout):
            return []
    monkeypatch.setattr(select, "poll", Poll)
    stdin = WithBuffer(FakeIn())
    link = SerialLink(stdin=stdin, stdout=Out(), kbd_intr=lambda c: None)
    assert registered == [(stdin, select.POLLIN)]
    assert link.read_byte() == -1
