"""Two emulated Picos, UART0 to UART0 and UART1 to UART1 (tests/test_device_link.py), each
UART on the link pins (board.pins.LINK_PORTS): device "a" writes 200 bytes at 115200
baud on each UART at once and times their echo; device "b" echoes what it reads. Prints
"UOK a <uart> <write us> <echo us> <bytes back> <same>" per UART, or "UOK b <bytes
echoed>"; "UFAIL" on an exception."""
import sys
import time

import machine

from board import pins

try:
    role = open("role").read().strip()
    uarts = [machine.UART(u, baudrate=115200, tx=machine.Pin(tx), rx=machine.Pin(rx),
                          timeout=0, txbuf=1024, rxbuf=1024) for u, tx, rx in pins.LINK_PORTS]
    print("UART up", role)
    msg = bytes(range(32, 232))
    if role == "a":
        time.sleep_ms(50)           # b is listening
        t0 = time.ticks_us()
        for u in uarts:
            u.write(msg)            # 200 bytes: more than the 32-byte FIFO, refilled by IRQ
        t1 = time.ticks_us()
        got = [bytearray(), bytearray()]
        done = [0, 0]
        while not all(done) and time.ticks_diff(time.ticks_us(), t0) < 2000000:
            for i in range(2):
                n = uarts[i].any()
                if n:
                    got[i] += uarts[i].read(n)
                    if len(got[i]) >= len(msg) and not done[i]:
                        done[i] = time.ticks_diff(time.ticks_us(), t0)
        for i in range(2):
            print("UOK a %d %d %d %d %d" % (i, time.ticks_diff(t1, t0), done[i], len(got[i]),
                                            got[i] == msg))
    else:
        n = 0
        while n < 2 * len(msg):
            for u in uarts:
                k = u.any()
                if k:
                    d = u.read(k)
                    u.write(d)
                    n += len(d)
        print("UOK b %d" % n)
except Exception as e:
    print("UFAIL")
    sys.print_exception(e)
