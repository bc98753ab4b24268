"""LINK C: a link cable on a PIO UART (the RP2040 has two UARTs, both taken by LINK A and
LINK B), for the host of four Kockas (docs/link.md, hardware/README.md). Same shape as
hal/link_cable.LinkCable: write(data) never blocks and drops a whole frame it has no room
for, read() returns the bytes since the last call (a memoryview, valid until the next
call) or None, free(), waiting(), close() and reopen(). Only a host opens it
(hal.pico.PicoHal.link_ports(host=True)): a guest's cable is LINK A or LINK B. Its
interrupt handlers are viper code, so the module is compiled for the RP2040's Cortex-M0+
(named _thumb, as tools/build_bundle.py's native modules are).

Two state machines of one PIO block (their programs: hal/link_pio_asm.py), 8 PIO cycles
a bit at the cables' rate (hal/link_cable.py: 460800 baud), 8N1:

- TX pulls a byte (the line idles high while its FIFO is empty), raises its irq flag, and
  sends start bit, 8 data bits (LSB first) and stop bit. The flag's hard interrupt tops
  the 4-word FIFO up from a preallocated ring (TX_QUEUE bytes), so a 420-byte frame
  leaves at the line's rate while the app does other things; write() copies the frame
  into the ring and starts the machine if it was idle. A frame longer than the ring's
  room keeps its tail here (a view of it, no copy), copied in as room comes (at the
  next free(), write() or read(): the ring empties at the line's rate, 4 times the
  pace's).
- RX waits for a start bit's falling edge, samples the 8 bits in their middles, and
  pushes the byte only when the stop bit is high (a framing error or a break waits for
  the line to idle and is dropped: the link's CRC deals with the rest). Each push raises
  its irq flag, and the hard interrupt moves the FIFO's bytes into a preallocated ring
  (RX_RING: a host's, as its cables' HOST_RX: its guests send requests and acks). The
  FIFO holds 4 bytes, 0.09 ms at 460800: an app frame (a display push blocks for ms)
  would overrun it, the interrupt does not. read() returns a view into the ring (no copy)
  and gives those bytes back to the ring at the next read().
- Paced as the cables are: free() counts what was written as leaving at PACE's byte rate
  (115200's) out of a cable's TX_BUFFER, so the channel never sends faster than a guest's
  cable can take between two of its polls, though each frame crosses at the line's rate.

The interrupt handlers allocate nothing (ints below 2**30, preallocated bytearrays), as a
hard interrupt requires. Memory: the two rings, 1 KB, sized as a host's cable buffers
are (hal/link_cable.py HOST_TX, HOST_RX): the channel hands over a data frame when
free() (the pace's room) says it fits, the queue takes what it has room for and the
frame's tail follows; the RX ring holds what arrives between two polls, and a read
returns a chunk at a time (the channel reads until None).
"""

from array import array

import time

import machine
import micropython
import sys
from micropython import const

# rp2's C half, the state machines. Its Python half (rp2.py) is the PIO assembler, needed
# only to build RX and TX: with them built, it leaves RAM (about 2 KB)
import _rp2
from hal.link_cable import drain
from hal.link_pio_asm import RX, TX
for _name in ("hal.link_pio_asm", "rp2"):
    sys.modules.pop(_name, None)
if hasattr(sys.modules["hal"], "link_pio_asm"):
    delattr(sys.modules["hal"], "link_pio_asm")

BAUD = const(460800)        # hal/link_cable.py's BAUD: every link port runs at one rate
PACE = const(115200)        # hal/link_cable.py's PACE
PACED_ROOM = const(1152)    # hal/link_cable.py's TX_BUFFER: the burst a guest's cable takes
TX_QUEUE = const(512)       # twice a host cable's HOST_TX, a power of two as RX_RING:
                            # masks wrap them (a longer frame's tail waits in the port)
RX_RING = const(512)        # twice a host cable's HOST_RX: its guests' requests between polls
READ_CHUNK = const(256)     # the most one read() returns (the channel reads again)
_CYCLES_PER_BIT = const(8)
_FIFO = const(4)


# The open port's state, for the interrupt handlers (viper: a Python handler costs about
# 50 us a byte on the RP2040, and two a byte time at full duplex starved the app; the
# board has one LINK C, so one port at a time). Words: _tx_st [read index, bytes queued,
# FSTAT address, TXF address, TXFULL bit]; _rx_st [write index, read index, overruns,
# FSTAT address, RXF address, RXEMPTY bit].
_txq = bytearray(0)
_tx_st = array("I")
_ring = bytearray(0)
_rx_st = array("I")
_PIO_BASE = (0x50200000, 0x50300000)
_port = None            # the open port (open_port), None once it is closed


@micropython.viper
def _on_tx(sm):
    # hard interrupt: a byte left the FIFO; top it up from the queue
    st = ptr32(_tx_st)
    q = ptr8(_txq)
    fstat = ptr32(st[2])
    txf = ptr32(st[3])
    full = st[4]
    r = st[0]
    n = st[1]
    while n > 0 and not (fstat[0] & full):
        txf[0] = q[r]
        r = (r + 1) & (TX_QUEUE - 1)
        n -= 1
    st[0] = r
    st[1] = n


@micropython.viper
def _on_rx(sm):
    # hard interrupt: move the RX FIFO's bytes (bits 31..24 of each word) to the ring
    st = ptr32(_rx_st)
    ring = ptr8(_ring)
    fstat = ptr32(st[3])
    rxf = ptr32(st[4])
    empty = st[5]
    w = st[0]
    r = st[1]
    while not (fstat[0] & empty):
        b = (rxf[0] >> 24) & 0xFF
        nw = (w + 1) & (RX_RING - 1)
        if nw == r:
            st[2] = st[2] + 1
        else:
            ring[w] = b
            w = nw
    st[0] = w


class LinkPio:
    """A PIO UART on GPIOs tx and rx: state machines sm_id (TX) and sm_id + 1 (RX)."""

    FRESH = True    # closed, link play drops it (open_port gives a fresh one)

    def __init__(self, sm_id, tx, rx, baud=BAUD):
        self._sm_id = sm_id
        self._pins = (tx, rx)
        self._freq = baud * _CYCLES_PER_BIT
        self.sent = 0
        self.received = 0
        self.dropped = 0                    # writes dropped whole: no room in the queue
        # the pace: bytes written and not yet gone at PACE's rate (rounded up: never faster)
        self.us_per_byte = (10 * 1_000_000 + PACE - 1) // PACE
        self.queued = 0
        self.mark = time.ticks_us()
        self.closed = True
        self.reopen()

    def reopen(self):
        """Opens the port (again, after close()): rings, read buffer and state machines
        afresh. True: it is open."""
        global _txq, _tx_st, _ring, _rx_st
        if not self.closed:
            return True
        Pin = machine.Pin
        sm_id = self._sm_id
        tx, rx = self._pins
        Pin(rx, Pin.IN, Pin.PULL_UP)        # an unplugged jack idles high, as a line does
        base = _PIO_BASE[sm_id >> 2]
        i = sm_id & 3
        _txq = bytearray(TX_QUEUE)
        _tx_st = array("I", (0, 0, base + 0x004, base + 0x010 + 4 * i, 1 << (16 + i)))
        _ring = bytearray(RX_RING)
        _rx_st = array("I", (0, 0, 0, base + 0x004, base + 0x020 + 4 * (i + 1),
                             1 << (8 + i + 1)))
        self._txq = _txq
        self._tx = _tx_st
        self._rx = _rx_st
        self._ringv = memoryview(_ring)
        self._lent = 0                      # bytes the last read() returned, still the caller's
        self._tail = None                   # a frame's bytes the queue had no room for yet
        self._tx_sm = _rp2.StateMachine(sm_id, TX, freq=self._freq, set_base=Pin(tx),
                                       out_base=Pin(tx))
        self._rx_sm = _rp2.StateMachine(sm_id + 1, RX, freq=self._freq, in_base=Pin(rx),
                                       jmp_pin=Pin(rx))
        self._tx_sm.irq(_on_tx, 1, True)
        self._rx_sm.irq(_on_rx, 1, True)
        self._rx_sm.active(1)
        self._tx_sm.active(1)
        self.queued = 0
        self.mark = time.ticks_us()
        self.closed = False
        return True

    @property
    def overruns(self):
        """Bytes lost: the ring was full."""
        return self._rx[2]

    def _drain(self):
        drain(self, time.ticks_us(), time.ticks_diff, time.ticks_add)

    def free(self):
        """Bytes surely taken now, within the pace (a tail waiting here is paced too)."""
        self._drain()
        if self._tail is not None:
            self._feed()
        return PACED_ROOM - self.queued

    def _feed(self):
        # the tail into the queue, as much as it has room for
        tail = self._tail
        if tail is None:
            return
        st = self._tx
        state = machine.disable_irq()
        k = TX_QUEUE - st[1]
        n = len(tail)
        if k > n:
            k = n
        if k > 0:
            w = (st[0] + st[1]) & (TX_QUEUE - 1)
            j = min(k, TX_QUEUE - w)
            self._txq[w:w + j] = tail[:j]
            if j < k:
                self._txq[0:k - j] = tail[j:k]
            st[1] += k
            _on_tx(None)                # an idle machine gets its first bytes here
        machine.enable_irq(state)
        self._tail = None if k >= n else tail[k:]

    def write(self, data):
        """Queues `data` whole for the line (its tail kept while the queue has no room for
        it), or drops it (counted) when it would not fit."""
        if self.closed:
            return
        n = len(data)
        if n > self.free():
            self.dropped += 1
            return
        tail = self._tail
        self._tail = memoryview(data) if tail is None else memoryview(bytes(tail) + data)
        self._feed()
        self.sent += n
        self.queued += n

    def read(self):
        """The bytes that arrived since the last call (a memoryview, valid until the next
        call), or None."""
        if self.closed:
            return None
        if self._tail is not None:
            self._feed()
        st = self._rx
        # the bytes the last call lent go back to the ring (the handler writes up to them)
        r = st[1] = (st[1] + self._lent) & (RX_RING - 1)
        self._lent = 0
        w = st[0]                       # the handler only ever writes past w
        n = (w - r) & (RX_RING - 1)
        if not n:
            return None
        if n > READ_CHUNK:
            n = READ_CHUNK
        if n > RX_RING - r:
            n = RX_RING - r             # up to the ring's end: the rest at the next call
        self._lent = n
        self.received += n
        return self._ringv[r:r + n]

    def waiting(self):
        """How many bytes wait to be read."""
        if self.closed:
            return 0
        return ((self._rx[0] - self._rx[1]) & (RX_RING - 1)) - self._lent

    def close(self):
        """Stops both machines and gives their program space and the buffers back (link
        play closes a port with no peer: app.link.session); reopen() opens it again."""
        if self.closed:
            return
        self.closed = True
        for sm in (self._tx_sm, self._rx_sm):
            sm.active(0)
            sm.irq(None)
        pio = _rp2.PIO(self._sm_id >> 2)
        pio.remove_program(TX)
        pio.remove_program(RX)
        global _txq, _tx_st, _ring, _rx_st, _port
        if _port is self:
            _port = None
        _txq = _ring = bytearray(0)
        _tx_st = _rx_st = array("I")
        self._txq = bytearray(0)
        self._ringv = memoryview(self._txq)
        self._tail = None
        self._lent = 0


def open_port(sm_id, tx, rx, baud=BAUD):
    """LINK C (board.pins.LINK_C): the LinkPio open on those GPIOs, or a new one. Nothing
    else keeps it: link play drops one it closed (FRESH), and this module with it."""
    global _port
    if _port is None or _port.closed:
        _port = LinkPio(sm_id, tx, rx, baud)
    return _port
