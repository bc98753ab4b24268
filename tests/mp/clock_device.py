"""main.py for tests/test_rp2040_clock.py: the same loop timed at 125 and at 48 MHz, then
lightsleep in a loop, each step announced on the console."""
import machine
import time


def spin(n):
    t = time.ticks_us()
    for _ in range(n):
        pass
    return time.ticks_diff(time.ticks_us(), t)


spin(100)
print("KC", machine.freq(), spin(20000))
machine.freq(48_000_000)
print("KC", machine.freq(), spin(20000))
machine.freq(125_000_000)
t = time.ticks_ms()
machine.lightsleep(200)
print("KL", time.ticks_diff(time.ticks_ms(), t), machine.freq())
print("KSLEEPING")
for _ in range(30):
    machine.lightsleep(200)
print("KBUSY")
end = time.ticks_add(time.ticks_ms(), 3000)
while time.ticks_diff(end, time.ticks_ms()) > 0:
    pass
print("KDONE")
