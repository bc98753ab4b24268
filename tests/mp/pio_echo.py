"""Two emulated Picos, device "a"'s LINK C (a PIO UART, hal/link_pio_thumb.py, on
board.pins.LINK_C) wired to device "b"'s UART0 (tests/test_device_link_pio.py). "a" writes
N bytes in frames, one a turn when free() has room for it (as the link's channel does),
and reads the echo while busy between reads (BUSY_MS of a spinning loop
each time, as a display push blocks the app), counting its loop's spins: how much of the
CPU the link's interrupts leave it. "b" echoes what its UART0 reads. Prints
"POK a <sent> <back> <same> <echo us> <overruns> <dropped> <reads> <idle spins>
<busiest window's spins>", or "POK b <echoed>"; "PFAIL" on an exception."""
import sys
import time

import machine

from board import pins

N = 1200
BUSY_MS = 25


def spin():
    """BUSY_MS of a spinning loop; returns how many turns it made."""
    t = time.ticks_us()
    n = 0
    while time.ticks_diff(time.ticks_us(), t) < BUSY_MS * 1000:
        n += 1
    return n


try:
    role = open("role").read().strip()
    if role == "a":
        from hal.link_pio_thumb import open_port
        port = open_port(*pins.LINK_C)
        print("PIO up")
        time.sleep_ms(20)
        idle = spin()
        msg = bytes((i * 7 + 3) & 0xFF for i in range(N))
        t0 = time.ticks_us()
        k = 0
        got = bytearray()
        reads = 0
        done = 0
        least = idle
        while time.ticks_diff(time.ticks_us(), t0) < 1500000:
            if k < N and port.free() >= 300:   # a frame per turn, as the channel's polls
                port.write(msg[k:k + 300])
                k += 300
            least = min(least, spin())
            while True:                 # until nothing waits, as the link's channel reads
                d = port.read()
                if d is None:
                    break
                got += d
                reads += 1
            if len(got) >= N:
                done = time.ticks_diff(time.ticks_us(), t0)
                break
        print("POK a %d %d %d %d %d %d %d %d %d" % (port.sent, len(got), got == msg, done,
                                                  port.overruns, port.dropped, reads, idle,
                                                  least))
        port.close()
    else:
        from hal.link_cable import BAUD
        u = machine.UART(0, baudrate=BAUD, tx=machine.Pin(0), rx=machine.Pin(1), timeout=0,
                         txbuf=2048, rxbuf=2048)
        n = 0
        while n < N:
            k = u.any()
            if k:
                d = u.read(k)
                u.write(d)
                n += len(d)
        print("POK b %d" % n)
except Exception as e:
    print("PFAIL")
    sys.print_exception(e)
