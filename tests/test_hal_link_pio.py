"""LINK C's driver (firmware/hal/link_pio_thumb.py) under CPython with fake state machines
(tests/fakepio.py): its interrupt handlers and rings, byte by byte. write() never blocks:
what the TX FIFO has no room for waits in the queue and goes out as the TX program's irq
asks for more, in order; a frame the queue has no room for is dropped whole. The RX irq
moves the FIFO's bytes into the ring, read() returns them once, wrapping round the ring,
and a full ring counts what it loses. The real thing, PIO programs included, runs on the
emulated RP2040 in tests/test_device_link_pio.py."""
import importlib
import random
import sys
import types

import pytest

from tests import fakepio


class FakeTime:
    """time's ticks: `step` us pass at each reading (the fixture's: a second, so the pace
    never holds a write back unless a test stops the clock)."""

    def __init__(self, step=1_000_000):
        self.now = 0
        self.step = step

    def ticks_us(self):
        self.now += self.step
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, a, b):
        return a + b


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2
    made = []

    def __init__(self, gpio, mode=None, pull=None):
        self.gpio, self.mode, self.pull = gpio, mode, pull
        FakePin.made.append(self)


@pytest.fixture
def lp(monkeypatch):
    FakePin.made = []
    irq = {"off": 0}

    def disable_irq():
        irq["off"] += 1
        return 1

    def enable_irq(_state):
        irq["off"] -= 1

    machine = types.SimpleNamespace(Pin=FakePin, disable_irq=disable_irq, enable_irq=enable_irq)
    monkeypatch.setitem(sys.modules, "machine", machine)
    fake = fakepio.make_rp2()
    monkeypatch.setitem(sys.modules, "rp2", fake)
    monkeypatch.setitem(sys.modules, "_rp2", fake)
    monkeypatch.delitem(sys.modules, "hal.link_pio_thumb", raising=False)
    monkeypatch.delitem(sys.modules, "hal.link_pio_asm", raising=False)
    monkeypatch.setitem(sys.modules, "time", FakeTime())
    mod = importlib.import_module("hal.link_pio_thumb")
    monkeypatch.setitem(sys.modules, "time", importlib.import_module("time"))
    monkeypatch.setattr(mod, "ptr32", fakepio.ptr32, raising=False)
    monkeypatch.setattr(mod, "ptr8", fakepio.ptr8, raising=False)
    mod.irq_state = irq
    yield mod
    monkeypatch.delitem(sys.modules, "hal.link_pio_thumb", raising=False)


def open_c(lp):
    from board import pins
    port = lp.open_port(*pins.LINK_C)
    return port, fakepio.MACHINES[pins.LINK_C_SM], fakepio.MACHINES[pins.LINK_C_SM + 1]


def test_it_opens_two_machines_on_link_c_pins_at_8_cycles_a_bit(lp):
    from board import pins
    port, tx, rx = open_c(lp)
    assert tx.freq == rx.freq == 8 * 460800
    from hal import link_cable
    assert (lp.BAUD, lp.PACE, lp.PACED_ROOM) == (link_cable.BAUD, link_cable.PACE,
                                                link_cable.TX_BUFFER)
    assert tx.pins["set_base"].gpio == tx.pins["out_base"].gpio == pins.LINK_C_TX
    assert rx.pins["in_base"].gpio == rx.pins["jmp_pin"].gpio == pins.LINK_C_RX
    assert [(p.gpio, p.mode, p.pull) for p in FakePin.made if p.mode is not None] == [
        (pins.LINK_C_RX, FakePin.IN, FakePin.PULL_UP)]   # an empty jack idles high
    assert tx.on and rx.on and tx.hard and rx.hard       # hard interrupts: no allocation
    port.close()
    assert not tx.on and not rx.on and tx.handler is None
    assert port.read() is None and port.waiting() == 0
    port.write(b"x")                                     # ignored once closed
    assert port.sent == 0


def test_write_never_blocks_and_the_irq_sends_the_rest_in_order(lp):
    port, tx, _rx = open_c(lp)
    frame = bytes(range(200))
    port.write(frame)
    assert len(tx.tx) == fakepio.FIFO            # what fits went to the FIFO at once
    assert port.free() == lp.PACED_ROOM           # the pace's room (the clock runs on)
    assert lp.irq_state["off"] == 0               # interrupts back on
    line = b""
    while tx.tx:
        line += tx.line_takes(1)
    assert line == frame and port.sent == 200 and port.free() == lp.PACED_ROOM


def test_a_frame_longer_than_the_queue_keeps_its_tail_one_without_room_is_dropped(lp):
    port, tx, _rx = open_c(lp)
    clock = lp.time
    clock.step = 0                                  # the clock stands still: no pace room back
    assert lp.TX_QUEUE < 700 < lp.PACED_ROOM
    welcome = bytes(i & 0xFF for i in range(700))   # more than the queue holds
    port.write(welcome)
    assert port.dropped == 0 and port.sent == 700 and port._tail is not None
    assert port.free() == lp.PACED_ROOM - 700       # the tail counts as written
    port.write(bytes(lp.PACED_ROOM - 700 + 1))      # one byte more than the pace's room
    assert port.dropped == 1 and port.sent == 700
    port.write(b"@" * 100)                          # fits: after the tail
    out = b""
    while tx.tx or port._tail is not None:
        out += tx.line_takes(64)                    # the line empties the queue...
        port.read()                                 # ...and the next poll tops it up
        assert port._tx[1] <= lp.TX_QUEUE
    assert out == welcome + b"@" * 100 and port.dropped == 1


def test_queued_bytes_wrap_round_the_queue_in_order(lp):
    port, tx, _rx = open_c(lp)
    rng = random.Random(3)
    sent = b""
    line = b""
    for _ in range(60):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        port.write(data)
        sent += data
        line += tx.line_takes(rng.randrange(0, 500))
    while tx.tx:
        line += tx.line_takes(100)
    assert len(sent) > 2 * lp.TX_QUEUE and port.dropped == 0
    assert line == sent


def test_the_rx_irq_fills_the_ring_and_read_gives_each_byte_once(lp):
    port, _tx, rx = open_c(lp)
    assert port.read() is None
    rng = random.Random(4)
    got = b""
    want = b""
    for _ in range(200):
        for _ in range(rng.randrange(0, 60)):     # bursts between the app's reads
            b = rng.randrange(256)
            assert rx.receive(b)
            want += bytes([b])
            if len(rx.rx) >= rng.randrange(1, 5):
                rx.handler(rx)                    # the irq, now and then late
        rx.handler(rx)
        assert port.waiting() == len(want) - len(got)
        d = port.read()
        if d is not None:
            assert isinstance(d, memoryview)
            got += bytes(d)
    assert len(want) > lp.RX_RING and got == want
    assert port.received == len(want) and port.overruns == 0


def test_a_full_ring_counts_what_it_loses_and_keeps_what_it_had(lp):
    port, _tx, rx = open_c(lp)
    n = lp.RX_RING + 10
    for i in range(n):
        rx.receive(i)
        rx.handler(rx)
    assert port.waiting() == lp.RX_RING - 1 and port.overruns == n - (lp.RX_RING - 1)
    got = b""
    while True:
        d = port.read()
        if d is None:
            break
        assert len(d) <= lp.READ_CHUNK
        got += bytes(d)
    assert got == bytes(i & 0xFF for i in range(lp.RX_RING - 1))


def test_a_closed_port_reopens_as_the_same_object_with_its_machines_and_rings_afresh(lp):
    """Link play closes a port with no peer while a game plays and opens it again in the
    lobby (app.link.session); the HAL hands out the same object (hal.pico.link_ports)."""
    port, tx, rx = open_c(lp)
    port.write(b"abc")
    rx.receive(7)
    rx.handler(rx)
    port.close()
    assert port.closed and not tx.on and not rx.on and tx.handler is None
    assert len(fakepio._PIO.removed) == 2               # both programs' space given back
    assert port.reopen() is True and not port.closed
    from board import pins
    tx2, rx2 = fakepio.MACHINES[pins.LINK_C_SM], fakepio.MACHINES[pins.LINK_C_SM + 1]
    assert tx2.on and rx2.on and tx2.hard and rx2.hard and rx2.handler is not None
    assert port.waiting() == 0 and port.read() is None    # the old ring's byte is gone
    assert port.free() == lp.PACED_ROOM
    port.write(b"xyz")
    line = b""
    while tx2.tx:
        line += tx2.line_takes(1)
    assert line == b"xyz" and port.sent == 6            # the counters go on
    rx2.receive(9)
    rx2.handler(rx2)
    assert bytes(port.read()) == b"\x09"
    assert port.reopen() is True                          # an open port: nothing to do
    assert fakepio.MACHINES[pins.LINK_C_SM] is tx2


def test_writes_keep_the_cables_pace_out_of_a_cables_buffer(lp):
    port, tx, _rx = open_c(lp)
    clock = lp.time
    clock.step = 0                                 # the clock stands still
    port.write(bytes(1000))
    assert port.free() == lp.PACED_ROOM - 1000     # the queue has more: the pace says no
    port.write(bytes(200))
    assert port.dropped == 1 and port.sent == 1000
    tx.line_takes(1000)                            # gone at the line's rate: still paced
    assert port.free() == lp.PACED_ROOM - 1000
    clock.now += 100 * port.us_per_byte            # 100 bytes' time at the pace
    assert port.free() == lp.PACED_ROOM - 900
    clock.now += 900 * port.us_per_byte
    assert port.free() == lp.PACED_ROOM
