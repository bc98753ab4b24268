"""Two emulated Picos, device "a"'s LINK C (a PIO UART, hal/link_pio.py, on
board.pins.LINK_C) wired to device "b"'s UART0 (tests/test_device_link_pio.py). "a" writes
N bytes in frames and reads the echo while busy between reads (BUSY_MS of a spinning loop
each time, as a display push blocks the app); "b" echoes what its UART0 reads. Prints
"POK a <sent> <back> <same> <echo us> <overruns> <dropped> <reads>" or "POK b <echoed>";
"PFAIL" on an exception."""
import sys
import time

import machine

from board import pins

N = 1200
BUSY_MS = 25

try:
    role = open("role").read().strip()
    if role == "a":
        from hal.link_pio import open_port
        port = open_port(*pins.LINK_C)
        print("PIO up")
        time.sleep_ms(20)
        t = time.ticks_us()
        spins = 0
        while time.ticks_diff(time.ticks_us(), t) < BUSY_MS * 1000:
            spins += 1
        print("idle spins", spins)
        msg = bytes((i * 7 + 3) & 0xFF for i in range(N))
        t0 = time.ticks_us()
        for k in range(0, N, 300):
            port.write(msg[k:k + 300])
        got = bytearray()
        reads = 0
        done = 0
        while time.ticks_diff(time.ticks_us(), t0) < 300000:
            t = time.ticks_us()
            spins = 0
            while time.ticks_diff(time.ticks_us(), t) < BUSY_MS * 1000:
                spins += 1
            print("L", time.ticks_diff(time.ticks_us(), t0), port.waiting(), port.free(), spins)
            d = port.read()
            if d is not None:
                got += d
                reads += 1
                print("R", time.ticks_diff(time.ticks_us(), t0), len(d))
            if len(got) >= N and 0:
                done = time.ticks_diff(time.ticks_us(), t0)
                break
        print("POK a %d %d %d %d %d %d %d" % (port.sent, len(got), got == msg, done,
                                            port.overruns, port.dropped, reads))
        port.close()
    else:
        u = machine.UART(0, baudrate=115200, tx=machine.Pin(0), rx=machine.Pin(1), timeout=0,
                         txbuf=2048, rxbuf=2048)
        n = 0
        while True:
            k = u.any()
            if k:
                d = u.read(k)
                u.write(d)
                n += len(d)
                print("POK b %d" % n)
except Exception as e:
    print("PFAIL")
    sys.print_exception(e)
