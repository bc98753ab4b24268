"""hal/link_cable.py with a fake UART and a fake clock: reads never wait and give exactly
what arrived, writes never block (a frame the TX buffer has no room for is dropped whole
and counted, room comes back at the line's byte rate), close gives the UART back; the
pins it opens; the virtual HAL's link seam."""
from board import pins
from hal import link_cable
from hal.link_cable import LinkCable
from hal.virtual import VirtualHal


class FakeUart:
    """machine.UART's calls the cable makes; `line` is what arrived, `out` what was written.
    read asked for more than waits would block on a real UART: here it fails."""

    def __init__(self):
        self.line = bytearray()
        self.out = bytearray()
        self.deinits = 0

    def any(self):
        return len(self.line)

    def read(self, n):
        assert n <= len(self.line), "read would wait for bytes that are not there"
        data = bytes(self.line[:n])
        del self.line[:n]
        return data

    def write(self, data):
        self.out += data
        return len(data)

    def deinit(self):
        self.deinits += 1


class Clock:
    def __init__(self):
        self.us = 1_000_000

    def ticks_us(self):
        return self.us

    @staticmethod
    def ticks_diff(a, b):
        return a - b

    @staticmethod
    def ticks_add(a, b):
        return a + b


def cable(tx_buffer=link_cable.TX_BUFFER, baud=link_cable.BAUD):
    uart = FakeUart()
    clock = Clock()
    c = LinkCable(uart, baud=baud, tx_buffer=tx_buffer, ticks_us=clock.ticks_us,
                  ticks_diff=clock.ticks_diff, ticks_add=clock.ticks_add)
    return c, uart, clock


def test_read_gives_what_arrived_once_and_none_when_nothing_did():
    c, uart, _ = cable()
    assert c.read() is None
    uart.line += b"@K1 LA 1 2 3 abcdef01\n"
    got = c.read()
    assert bytes(got) == b"@K1 LA 1 2 3 abcdef01\n"
    assert c.read() is None
    assert c.received == 22


def test_read_takes_at_most_a_chunk_and_the_rest_next_time():
    c, uart, _ = cable()
    sent = bytes(range(256)) * 6
    uart.line += sent
    first = bytes(c.read())
    assert len(first) == link_cable.READ_CHUNK
    got = first
    while True:
        more = c.read()
        if more is None:
            break
        assert len(more) <= link_cable.READ_CHUNK
        got += bytes(more)
    assert got == sent
    assert c.waiting() == 0


def test_the_cable_holds_no_buffer_of_its_own_between_reads():
    c, uart, _ = cable()
    uart.line += b"abc"
    a = c.read()
    uart.line += b"defg"
    b = c.read()
    assert (a, b) == (b"abc", b"defg")
    assert not [v for v in vars(c).values() if isinstance(v, (bytearray, memoryview))]


def test_a_write_that_would_not_fit_is_dropped_whole_and_room_comes_back_at_the_byte_rate():
    c, uart, clock = cable(tx_buffer=1000)
    c.write(b"x" * 600)
    c.write(b"y" * 600)                 # 1200 > 1000: dropped whole, not cut
    assert bytes(uart.out) == b"x" * 600 and c.dropped == 1
    # at PACE (115200 baud) 10 bits a byte: 87 us each (rounded up); 300 bytes in 26.1 ms
    clock.us += 300 * 87
    assert c.free() == 1000 - 300
    c.write(b"y" * 600)
    assert c.free() == 100 and c.sent == 1200
    clock.us += 10_000_000              # long idle: all gone, and no credit is banked
    assert c.free() == 1000
    clock.us += 10_000_000
    c.write(b"z" * 1000)
    assert c.free() == 0


def test_the_estimate_never_drains_faster_than_the_line():
    # at any baud the estimated room is never more than what a real line has freed
    for baud in (9600, 57600, 115200, 230400, 921600):
        c, uart, clock = cable(tx_buffer=4096, baud=baud)
        c.write(b"a" * 4096)
        for step_us in (1, 13, 87, 1000, 4321):
            clock.us += step_us
            elapsed = clock.us - 1_000_000
            left_on_a_real_line = max(0, 4096 - elapsed * baud // 10 // 1_000_000)
            assert c.room - c.queued <= 4096 - left_on_a_real_line


def test_close_gives_the_uart_back_and_then_nothing_is_read_or_written():
    c, uart, _ = cable()
    c.close()
    c.close()
    assert uart.deinits == 1
    uart.line += b"late"
    assert c.read() is None and c.waiting() == 0
    c.write(b"never")
    assert uart.out == b""


def test_a_closed_cable_gives_its_buffers_back_and_reopens_afresh():
    uarts = []

    def opener(txbuf=link_cable.TX_BUFFER, rxbuf=link_cable.RX_BUFFER):
        uarts.append(FakeUart())
        uarts[-1].bufs = (txbuf, rxbuf)
        return uarts[-1]
    clock = Clock()
    c = LinkCable(opener(), ticks_us=clock.ticks_us, ticks_diff=clock.ticks_diff,
                  ticks_add=clock.ticks_add, opener=opener)
    c.write(b"x" * 500)
    c.close()
    assert c.closed and c.uart is None and uarts[0].deinits == 1
    assert c.reopen() and not c.closed and len(uarts) == 2
    assert c.free() == link_cable.TX_BUFFER        # nothing queued on the new UART
    uarts[1].line += b"hello"
    assert bytes(c.read()) == b"hello"
    c.write(b"y")
    assert uarts[1].out == b"y"
    assert c.reopen()                               # open already: nothing happens
    assert len(uarts) == 2
    plain, _uart, _clock = cable()                  # no opener: it stays closed
    plain.close()
    assert not plain.reopen() and plain.closed
    c.for_role("guest")                             # a guest's small TX buffer
    assert len(uarts) == 3 and uarts[2].bufs == (link_cable.GUEST_TX, link_cable.RX_BUFFER)
    assert c.free() == link_cable.GUEST_TX and uarts[1].deinits == 1
    c.for_role("guest")                             # already so: nothing happens
    assert len(uarts) == 3
    c.for_role("host")                              # a host's small buffers
    assert uarts[3].bufs == (link_cable.HOST_TX, link_cable.HOST_RX)
    assert c.free() == link_cable.TX_BUFFER         # the channel's room is a whole frame's
    c.close()
    c.reopen()                                      # the same buffers again
    assert uarts[4].bufs == (link_cable.HOST_TX, link_cable.HOST_RX)
    assert c.free() == link_cable.TX_BUFFER


def host_cable():
    uarts = []

    def opener(txbuf=link_cable.TX_BUFFER, rxbuf=link_cable.RX_BUFFER):
        uarts.append(FakeUart())
        return uarts[-1]
    clock = Clock()
    c = LinkCable(opener(), ticks_us=clock.ticks_us, ticks_diff=clock.ticks_diff,
                  ticks_add=clock.ticks_add, opener=opener)
    c.for_role("host")
    return c, uarts[-1], clock


def test_a_host_hands_a_frame_longer_than_its_uart_buffer_over_as_room_comes():
    assert link_cable.HOST_TX < 600 < link_cable.TX_BUFFER
    c, uart, clock = host_cable()
    welcome = bytes(range(200)) * 3 + b"\n"        # 601 bytes: more than the UART holds
    c.write(welcome)
    assert bytes(uart.out) == welcome[:link_cable.HOST_TX]   # what its buffer takes now
    assert c.sent == 601 and c.dropped == 0
    assert c.free() == link_cable.TX_BUFFER - 601 # the channel counts the tail as queued
    c.write(b"a" * 551)                             # fills the channel's room: after the tail
    c.write(b"b")                                   # no room left: dropped whole
    assert c.dropped == 1 and c.free() == 0
    most = 0
    while len(uart.out) < 601 + 551:
        clock.us += 1000                            # 11 bytes of the pace a ms
        c.read()                                    # the next poll hands more over
        most = max(most, c.queued)
        assert c.queued <= link_cable.HOST_TX      # never more than the UART's buffer
        assert clock.us < 1_000_000 + 200_000
    assert bytes(uart.out) == welcome + b"a" * 551  # in order, nothing lost or doubled
    assert most == link_cable.HOST_TX
    clock.us += 1_000_000
    assert c.free() == link_cable.TX_BUFFER and c.tail is None


def test_closing_drops_a_frames_tail():
    c, uart, clock = host_cable()
    c.write(b"x" * 1000)
    assert c.tail is not None
    c.close()
    assert c.tail is None and c.read() is None
    c.reopen()
    assert c.free() == link_cable.TX_BUFFER        # nothing of the old frame is queued
    c.write(b"y")
    assert bytes(c.uart.out) == b"y"                # the new UART gets no stale tail


def test_open_port_asks_for_the_pins_the_board_gives_the_link(monkeypatch):
    made = {}

    class Pin:
        IN = 0
        PULL_UP = 1

        def __init__(self, n, mode=None, pull=None):
            self.n = n
            if pull is not None:
                made.setdefault("pulled", []).append((n, mode, pull))

    class UART(FakeUart):
        def __init__(self, uart_id, **kw):
            FakeUart.__init__(self)
            made.setdefault("uarts", []).append((uart_id, kw["baudrate"], kw["tx"].n,
                                                 kw["rx"].n, kw["txbuf"], kw["rxbuf"],
                                                 kw["timeout"]))

    import sys
    import types
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(Pin=Pin, UART=UART))
    monkeypatch.setattr(link_cable, "time", Clock())
    ports = link_cable.open_ports(pins.LINK_PORTS)
    assert len(ports) == 2
    assert made["uarts"] == [
        (0, 460800, 0, 1, link_cable.TX_BUFFER, link_cable.RX_BUFFER, 0),
        (1, 460800, 4, 5, link_cable.TX_BUFFER, link_cable.RX_BUFFER, 0)]
    assert made["pulled"] == [(1, Pin.IN, Pin.PULL_UP), (5, Pin.IN, Pin.PULL_UP)]
    assert (pins.LINK_A_TX, pins.LINK_A_RX, pins.LINK_B_TX, pins.LINK_B_RX) == (0, 1, 4, 5)


def test_the_virtual_hal_has_no_link_until_one_is_plugged_in(tmp_path):
    hal = VirtualHal(str(tmp_path))
    assert hal.link_ports() == []
    c, _uart, _clock = cable()
    hal.plug_link(c)
    assert hal.link_ports() == [c]


def test_the_chosen_rate_moves_a_window_of_frames_in_under_half_a_second():
    # docs/link.md: 8 frames of about 420 bytes in flight, handed over as the TX buffer
    # has room; the buffer takes the largest frame whole, and the RX buffer what comes
    # in an app frame's time at this rate
    from shared_rules.link import frames
    window = 8 * 420
    assert window * 10 / link_cable.PACE < 0.5
    longest = len(frames.encode_data(2**30 - 1, 2**30 - 1, 65535, 65535, "x" * 0))
    assert frames.MAX_FRAME + longest <= link_cable.TX_BUFFER
    assert link_cable.RX_BUFFER * 10 / link_cable.PACE > 0.08
    # the line itself is faster: a request (70 bytes) and its answer (90) cross in
    # under 5 ms, a tenth of the 50 ms a press may take to show on every device
    assert (70 + 90) * 10 / link_cable.BAUD < 0.005
