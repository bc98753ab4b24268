"""Two emulated Picos, UART0 to UART0 (tests/test_device_link.py): device "a" writes 200
bytes at 115200 baud and times their echo; device "b" echoes what it reads. Prints
"UOK a <write us> <echo us> <bytes back> <same>" or "UOK b <bytes echoed>"; "UFAIL" on
an exception."""
import sys
import time

import machine

try:
    role = open("role").read().strip()
    u = machine.UART(0, baudrate=115200, tx=machine.Pin(0), rx=machine.Pin(1), timeout=0,
                     txbuf=1024, rxbuf=1024)
    print("UART up", role)
    msg = bytes(range(32, 232))
    if role == "a":
        time.sleep_ms(50)           # b is listening
        t0 = time.ticks_us()
        u.write(msg)                # 200 bytes: more than the 32-byte FIFO, refilled by IRQ
        t1 = time.ticks_us()
        got = bytearray()
        while len(got) < len(msg) and time.ticks_diff(time.ticks_us(), t0) < 2000000:
            n = u.any()
            if n:
                got += u.read(n)
        print("UOK a %d %d %d %d" % (time.ticks_diff(t1, t0), time.ticks_diff(time.ticks_us(), t0),
                                     len(got), got == msg))
    else:
        n = 0
        while n < len(msg):
            k = u.any()
            if k:
                d = u.read(k)
                u.write(d)
                n += len(d)
        print("UOK b %d" % n)
except Exception as e:
    print("UFAIL")
    sys.print_exception(e)
