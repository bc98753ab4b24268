"""The link cable on the Pico: one UART as a link transport (shared_rules.link.channel's
shape: write(data) never blocks and may drop, read() gives the bytes since the last call
or None), for link play between Kockas (docs/link.md, hardware/README.md).

Baud rate: 460800, 8N1, on a short cable between two jacks (hardware/README.md). The
rate is for latency: a guest's press is a request of about 70 bytes and the host's
answer about 90 (the ack riding on it), 1.5 and 2 ms on the wire at this rate against
6 and 8 ms at 115200, and a press must reach every device's screen within 50 ms
(issue 28; bench link_app). The pace is not: write() hands the UART at most PACE's
worth of bytes a second (115200 baud's, 11.5 KB/s), so what arrives between two app
frames is what it was at 115200 (1 KB in 89 ms: RX_BUFFER) and a catching-up guest's
window of eight 420-byte frames still leaves in 0.3 s; only a burst of what the TX
buffer holds comes faster. Faster still (921600) would save another 2 ms a press and
halve the time the RX buffer holds at the line's rate. A PC listening in on a
USB-serial lead sets it to this rate (115200 is such adapters' default).

Neither direction blocks. MicroPython's UART.write blocks once its transmit buffer is
full (it waits for room byte by byte), so write() keeps its own count of the bytes
still in that buffer, drained at PACE's byte rate, and drops a whole frame that
would not fit; free() says how much surely fits, and the channel hands over a data
frame only when it does (shared_rules.link.channel), so nothing is dropped in normal
use and the window flows at that pace. read() asks how many bytes wait (any())
and reads at most READ_CHUNK of them, so it never waits for more either; the bytes it
returns are the frame reader's to keep (it parses them at once, so no buffer of the
cable's own is held between reads). The channel reads until nothing waits.

Memory per open port (the heap budget of link play, docs/link.md): the UART's buffers
(TX_BUFFER + RX_BUFFER, allocated by machine.UART on the heap): about 2.2 KB. The TX
buffer holds the largest frame (the channel's frames.MAX_FRAME and its header), not a
window: the channel tops it up at every poll, and 1 KB is 90 ms of the pace, longer
than an app frame. The RX buffer holds what arrives between two polls at the pace
(89 ms; a longer frame on the receiver may overrun it, and the channel's
resend covers that). close() gives the UART's buffers back (it waits for what is queued
to leave: at most TX_BUFFER bytes, 0.1 s) and reopen() opens the same UART again.

Each role's cable is smaller (for_role(), when link play has chosen Host or Join): a
guest sends only small frames (JOIN, REQ, acks), so its TX buffer is GUEST_TX (0.9 KB
less); a host receives only those, at the pace of its guests' presses, so its RX buffer
is HOST_RX (0.75 KB less). A guest keeps the RX buffer a catch-up's stream needs. A
host's TX buffer is HOST_TX (0.9 KB less), smaller than its longer frames (a WELCOME,
a catch-up's ACTS): the channel still sees TX_BUFFER's room (free()), and write() hands
the UART what its buffer has room for and keeps the frame's tail (a view of the frame,
no copy), handed over as room comes (at the next free(), write() or read(): the next
poll).
"""

import time

from micropython import const

BAUD = const(460800)
PACE = const(115200)        # the rate write() drains its count at: bytes go no faster
TX_BUFFER = const(1152)     # the largest frame (MAX_FRAME 1024 and its header) whole
RX_BUFFER = const(1024)     # what arrives between two polls (89 ms at PACE)
READ_CHUNK = const(256)     # the most one read() returns (the channel reads again)
GUEST_TX = const(256)       # a guest's largest frame (a JOIN, a request) whole
HOST_TX = const(256)        # a host's answer (an ACTS of one action) whole; a longer
                            # frame's tail (a catch-up's ACTS, a WELCOME) waits in the cable
HOST_RX = const(256)        # a host's guest sends a request or two between polls (JOIN,
                            # the longest, about 130 bytes)
_CHAR_BITS = const(10)      # start, 8 data, stop


def drain(port, now, ticks_diff, ticks_add):
    """Brings a port's pace count up to `now`: port.queued bytes written and not yet gone,
    leaving one each port.us_per_byte since port.mark (LINK C's driver counts so too)."""
    if port.queued:
        n = ticks_diff(now, port.mark) // port.us_per_byte
        if n >= port.queued:
            port.queued = 0
            port.mark = now
        elif n > 0:
            port.queued -= n
            port.mark = ticks_add(port.mark, n * port.us_per_byte)
    else:
        port.mark = now


class LinkCable:
    """One UART as a link transport. uart: a machine.UART opened with timeout=0 (or a
    fake); ticks_us, ticks_diff, ticks_add: time's functions (the tests pass fakes);
    opener: makes the UART again for reopen() (None: a closed cable stays closed)."""

    def __init__(self, uart, baud=BAUD, tx_buffer=TX_BUFFER, ticks_us=None, ticks_diff=None,
                 ticks_add=None, opener=None):
        if ticks_us is None:
            ticks_us = time.ticks_us
            ticks_diff = time.ticks_diff
            ticks_add = time.ticks_add
        self.uart = uart
        self.opener = opener
        self.baud = baud
        pace = baud if baud < PACE else PACE
        self.room = tx_buffer   # what the channel may have in flight (free())
        self.txbuf = tx_buffer  # the UART's TX buffer (HOST_TX's is less than room)
        self.tail = None        # a frame's bytes the UART had no room for yet
        self.rx_buffer = RX_BUFFER
        self._ticks_us = ticks_us
        self._ticks_diff = ticks_diff
        self._ticks_add = ticks_add
        # rounded up: the estimate drains no faster than the line (nor than PACE), so it
        # never overfills
        self.us_per_byte = (_CHAR_BITS * 1_000_000 + pace - 1) // pace
        self.queued = 0         # bytes handed to the UART and (at most) still in its buffer
        self.mark = ticks_us()  # when `queued` was last brought up to date
        self.sent = 0           # bytes handed to the UART
        self.received = 0
        self.dropped = 0        # writes dropped whole: the TX buffer had no room
        self.closed = False

    def _drain(self):
        drain(self, self._ticks_us(), self._ticks_diff, self._ticks_add)
        tail = self.tail
        if tail is not None:
            k = self.txbuf - self.queued
            if k > 0:
                if k >= len(tail):
                    self.tail = None
                else:
                    self.tail = tail[k:]
                    tail = tail[:k]
                self.uart.write(tail)
                self.queued += len(tail)

    def free(self):
        """Bytes the TX buffer (with a frame's tail kept here) surely has room for now."""
        self._drain()
        tail = self.tail
        return self.room - self.queued - (len(tail) if tail is not None else 0)

    def write(self, data):
        """Hands `data` to the line whole (its tail kept while the UART's buffer has no
        room for it), or drops it (counted) when it would not fit."""
        if self.closed:
            return
        n = len(data)
        if n > self.free():
            self.dropped += 1
            return
        if self.tail is None and n <= self.txbuf - self.queued:
            self.uart.write(data)
            self.queued += n
        else:
            self.tail = memoryview(data) if self.tail is None else \
                memoryview(bytes(self.tail) + data)
            self._drain()
        self.sent += n

    def read(self):
        """The bytes that arrived since the last call (at most READ_CHUNK), or None."""
        if self.closed:
            return None
        if self.tail is not None:
            self._drain()
        n = self.uart.any()
        if n <= 0:
            return None
        if n > READ_CHUNK:
            n = READ_CHUNK
        data = self.uart.read(n)
        if not data:
            return None
        self.received += len(data)
        return data

    def waiting(self):
        """How many bytes wait to be read (a wait loop may end early for them)."""
        return 0 if self.closed else self.uart.any()

    def close(self):
        """Gives the UART and its buffers back (link play keeps a port with no peer
        closed while a game plays: app.link.session)."""
        if not self.closed:
            self.closed = True
            self.uart.deinit()
            self.uart = None
            self.tail = None

    def reopen(self, tx_buffer=None, rx_buffer=None, room=None):
        """Opens a closed cable again (its UART, buffers and counters afresh; its buffers'
        sizes as before, or those given, with `room` the channel's: tx_buffer unless
        given); False when it cannot be (no opener)."""
        if not self.closed:
            return True
        if self.opener is None:
            return False
        if tx_buffer is not None:
            self.room = room or tx_buffer
            self.txbuf = tx_buffer
            self.rx_buffer = rx_buffer
        self.uart = self.opener(self.txbuf, self.rx_buffer)
        self.queued = 0
        self.mark = self._ticks_us()
        self.closed = False
        return True

    def for_role(self, role):
        """Link play hosts ("host") or joins ("guest") on this cable: its UART opened again
        with that role's buffers (nothing is lost: the link has sent nothing yet)."""
        tx, rx, room = (GUEST_TX, RX_BUFFER, GUEST_TX) if role == "guest" else (
            HOST_TX, HOST_RX, TX_BUFFER)
        if self.opener is not None and (self.txbuf, self.rx_buffer) != (tx, rx):
            self.close()
            self.reopen(tx, rx, room)


def open_port(uart_id, tx, rx, baud=BAUD):
    """A LinkCable on machine.UART(uart_id) with its TX and RX on those GPIOs."""
    def opener(txbuf=TX_BUFFER, rxbuf=RX_BUFFER):
        import machine
        Pin = machine.Pin
        # an unplugged jack's RX idles high, as a line does (the pad's default pull-down
        # would read as a break)
        Pin(rx, Pin.IN, Pin.PULL_UP)
        return machine.UART(uart_id, baudrate=baud, bits=8, parity=None, stop=1,
                            tx=Pin(tx), rx=Pin(rx), txbuf=txbuf, rxbuf=rxbuf,
                            timeout=0)
    return LinkCable(opener(), baud, opener=opener)


def open_ports(ports):
    """A LinkCable per (uart id, tx, rx) of board.pins.LINK_PORTS."""
    return [open_port(u, tx, rx) for u, tx, rx in ports]
