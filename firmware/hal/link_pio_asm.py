"""LINK C's PIO programs (hal/link_pio_thumb.py runs them): a UART's transmitter and receiver,
8 PIO cycles a bit, 8N1, LSB first. PIO assembly: its "calls" are instructions, so the
type check leaves this file alone (tests/test_device_typecheck.py)."""
from rp2 import PIO, asm_pio


@asm_pio(set_init=PIO.OUT_HIGH, out_init=PIO.OUT_HIGH, out_shiftdir=PIO.SHIFT_RIGHT)
def TX():
    # the stop bit is 8 cycles with the next byte's pull, irq and set
    pull()
    irq(rel(0))
    set(x, 7)
    set(pins, 0)[7]             # start bit
    label("bit")
    out(pins, 1)[6]
    jmp(x_dec, "bit")
    set(pins, 1)[4]             # stop bit


@asm_pio(in_shiftdir=PIO.SHIFT_RIGHT)
def RX():
    label("start")
    wait(0, pin, 0)
    set(x, 7)[10]               # to the middle of bit 0: 1.5 bits after the edge
    label("bit")
    in_(pins, 1)
    jmp(x_dec, "bit")[6]
    jmp(pin, "stop")
    wait(1, pin, 0)             # no stop bit: wait for the line to idle, drop the byte
    jmp("start")
    label("stop")
    push(noblock)
    irq(rel(0))
