"""A stand-in for MicroPython's rp2 module (PIO state machines) and for the viper pointers
hal/link_pio_thumb.py's interrupt handlers use, so the driver runs under CPython: each state
machine has 4-word FIFOs, and the handlers' register pointers (FSTAT, TXF, RXF by
address) reach them. The tests play the machines' side: take bytes from the TX FIFO as
the line would, push bytes into the RX FIFO as the RX program would, and call the irq
handler when the program would raise its flag."""
import types

PIO_BASE = (0x50200000, 0x50300000)
FIFO = 4


class FakeSM:
    def __init__(self, sm_id, prog, freq=0, **pins):
        self.id = sm_id
        self.prog = prog
        self.freq = freq
        self.pins = pins
        self.tx = []
        self.rx = []
        self.handler = None
        self.on = False
        MACHINES[sm_id] = self

    def irq(self, handler=None, trigger=1, hard=False):
        self.handler = handler
        self.hard = hard

    def active(self, v=None):
        if v is not None:
            self.on = bool(v)
        return self.on

    # the program's side
    def line_takes(self, n=1):
        """The TX program pulls n bytes, raising its irq after each pull."""
        out = []
        for _ in range(n):
            if not self.tx:
                break
            out.append(self.tx.pop(0) & 0xFF)
            if self.handler:
                self.handler(self)
        return bytes(out)

    def receive(self, byte):
        """The RX program pushes a byte (no block: dropped when the FIFO is full)."""
        if len(self.rx) < FIFO:
            self.rx.append((byte & 0xFF) << 24)
            return True
        return False


MACHINES = {}


class _Reg:
    """A register by address: FSTAT, TXFn, RXFn of one PIO block."""

    def __init__(self, addr):
        self.block = 0 if addr < PIO_BASE[1] else 1
        self.off = addr - PIO_BASE[self.block]

    def _sm(self, i):
        return MACHINES[self.block * 4 + i]

    def __getitem__(self, k):
        if self.off == 0x004:           # FSTAT: RXEMPTY bits 8..11, TXFULL bits 16..19
            v = 0
            for i in range(4):
                sm = MACHINES.get(self.block * 4 + i)
                if sm is None or not sm.rx:
                    v |= 1 << (8 + i)
                if sm is not None and len(sm.tx) >= FIFO:
                    v |= 1 << (16 + i)
            return v
        if 0x020 <= self.off < 0x030:   # RXFn
            return self._sm((self.off - 0x020) // 4).rx.pop(0)
        raise AssertionError("read of register %x" % self.off)

    def __setitem__(self, k, v):
        if 0x010 <= self.off < 0x020:   # TXFn
            sm = self._sm((self.off - 0x010) // 4)
            assert len(sm.tx) < FIFO, "TX FIFO overfilled"
            sm.tx.append(v)
            return
        raise AssertionError("write of register %x" % self.off)


def ptr32(x):
    return _Reg(x) if isinstance(x, int) else x


def ptr8(x):
    return x


class _PIO:
    OUT_HIGH = OUT_LOW = IN_HIGH = IN_LOW = 0
    SHIFT_LEFT, SHIFT_RIGHT = 0, 1
    JOIN_NONE = JOIN_TX = JOIN_RX = 0
    removed = []

    def __init__(self, i):
        self.i = i

    def remove_program(self, prog):
        _PIO.removed.append(prog)


def asm_pio(**_kw):
    return lambda f: f


def make_rp2():
    MACHINES.clear()
    _PIO.removed = []
    return types.SimpleNamespace(PIO=_PIO, StateMachine=FakeSM, asm_pio=asm_pio)
