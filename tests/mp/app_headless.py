"""Runs the real app headless with the virtual HAL: a demo, or a button fuzz.

Runs under MicroPython (the gate and `make bench`, from the .mpy bundle) and
under CPython (to compare frames). Prints one line `RESULT {json}` with the
peak heap (gc.mem_alloc after gc.collect, sampled every frame) overall and per
screen, the boot-to-menu time and the per-frame draw times, and writes the
last frame to OUT/<name>.bin.

Arguments: MODE NAME SEED FRAMES OUT_DIR [SAMPLE_EVERY]
    MODE demo: run demo NAME;  MODE fuzz: NAME is ignored, random button events.
"""
import gc
import json
import sys

try:
    import mpargs
    ARGV = mpargs.ARGV
except ImportError:
    ARGV = sys.argv

MICRO = sys.implementation.name == "micropython"
if MICRO:
    import time

    def now_us():
        return time.ticks_us()

    def heap():
        gc.collect()
        return gc.mem_alloc()
else:
    import time

    def now_us():
        return int(time.perf_counter() * 1000000)

    def heap():
        return 0

mode, name, seed, frames, out_dir = ARGV[1], ARGV[2], int(ARGV[3]), int(ARGV[4]), ARGV[5]
sample_every = int(ARGV[6]) if len(ARGV) > 6 else 1

base_heap = heap()
t0 = now_us()
from hal.virtual import VirtualHal
from hal import api
from app.app import App
from app import demo as demos
from shared_rules.rng import Rng

data_dir = (out_dir + "/data") if not MICRO else "/data"
try:
    import os
    os.mkdir(data_dir)
except OSError:
    pass
hal = VirtualHal(data_dir, seed)
app = App(hal)
clock = 0
# Boot to menu: skip the splash with a key, then run until the menu is drawn.
hal.buttons.inject(api.event(api.PRESSED, api.KEY_B))
app.tick(clock)
while type(app.top()).__name__ != "MainMenu":
    clock += 33
    app.tick(clock)
app.invalidate()
app.tick(clock)
boot_to_menu_us = now_us() - t0

peak = heap()
peaks = {}
draw_times = []
events = 0
if mode == "demo":
    driver = demos.start(app, name, seed)
    fuzz = None
else:
    driver = None
    fuzz = Rng(seed)
screens_seen = {}
for frame in range(frames):
    if driver is not None:
        driver.before_frame(frame)
    else:
        for _ in range(fuzz.below(4)):
            kind = (api.PRESSED, api.RELEASED, api.REPEAT)[fuzz.below(3)]
            hal.buttons.inject(api.event(kind, fuzz.below(api.NUM_BUTTONS)))
            events += 1
    clock += 33
    t = now_us()
    drawn = app.tick(clock)
    dt = now_us() - t
    if drawn:
        draw_times.append(dt)
    top = type(app.top()).__name__
    screens_seen[top] = screens_seen.get(top, 0) + 1
    if frame % sample_every == 0:
        h = heap()
        if h > peak:
            peak = h
        if h > peaks.get(top, 0):
            peaks[top] = h

draw_times.sort()
result = {
    "mode": mode, "name": name, "seed": seed, "frames": frames, "events": events,
    "runtime": sys.implementation.name,
    "base_heap": base_heap, "peak_heap": peak, "peak_by_screen": peaks,
    "boot_to_menu_us": boot_to_menu_us,
    "frames_drawn": len(draw_times),
    "draw_us_median": draw_times[len(draw_times) // 2] if draw_times else 0,
    "draw_us_p90": draw_times[len(draw_times) * 9 // 10] if draw_times else 0,
    "draw_us_max": draw_times[-1] if draw_times else 0,
    "screens": screens_seen,
    "top": type(app.top()).__name__,
}
f = open(out_dir + "/" + mode + "_" + name + ".bin", "wb")
f.write(hal.display.buf)
f.close()
print("RESULT " + json.dumps(result))
