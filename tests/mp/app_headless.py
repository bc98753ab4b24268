"""Runs the real app headless with the virtual HAL: a demo, or a button fuzz.

Runs under MicroPython (the gate and `make bench`, from the .mpy bundle, with
mprun.mjs --steps: one frame per step, because this WebAssembly port frees
garbage only between runPython calls) and under CPython (to compare frames).
Prints one line `RESULT {json}` with the peak heap (gc.mem_alloc after
gc.collect, sampled every frame) overall and per screen, less `base_heap`: what
this harness itself holds before the app is imported (its own code, json, the
argument module, app.demo), which the device does not have; the boot-to-menu time
and the per-frame draw times (drawing into the framebuffer only: not the
screen's update, where bots think, nor the push to the panel), and writes the last frame to OUT/<mode>_<name>.bin.

Arguments: MODE NAME SEED FRAMES OUT_DIR [SAMPLE_EVERY]
    MODE demo: run demo NAME;  MODE fuzz: NAME is ignored, random button events;
    MODE howto: game NAME's How to play, every page, from its setup screen and from its
    pause box in a game started there (the help over a game is sampled as
    "HowTo@game", apart from the help over the setup); NAME:pause from the pause box
    only, NAME:bare the same presses without help.
"""
import gc
import json
import sys
import time

try:
    import mpargs
    ARGV = mpargs.ARGV
except ImportError:
    ARGV = sys.argv

MICRO = sys.implementation.name == "micropython"
if MICRO:
    def now_us():
        return time.ticks_us()

    def heap():
        gc.collect()
        return gc.mem_alloc()

    def qstr_pool(label):
        """Prints the interned-string pool's size (tests/apprun.py reads it): MicroPython
        never frees interned strings, so every module ever loaded leaves its names."""
        import micropython
        print("QSTR " + label)
        micropython.qstr_info()
else:
    def now_us():
        return int(time.perf_counter() * 1000000)

    def heap():
        return 0

    def qstr_pool(label):
        pass

mode, name, seed, frames, out_dir = ARGV[1], ARGV[2], int(ARGV[3]), int(ARGV[4]), ARGV[5]
sample_every = int(ARGV[6]) if len(ARGV) > 6 else 1

from app import demo as demos  # harness only: never imported on the device

# Draw times go into a fixed histogram of whole milliseconds (this port's timer has 1 ms
# resolution), allocated before the baseline so the harness's own bookkeeping never
# grows the heap it measures.
HIST_MS = 256
draw_hist = [0] * HIST_MS
draw_stats = [0, 0, 0]  # frames drawn, total us, max us

class HelpVisit:
    """MODE howto's presses: the setup's help, a game started, paused, its help.
    Defined before base_heap is taken: the harness's code is not the app's heap."""

    def __init__(self, app, name):
        self.app = app
        # NAME:bare makes the same presses without opening help (the baseline);
        # NAME:pause opens it from the pause box only
        self.help = not name.endswith(":bare")
        self.setup_help = self.help and not name.endswith(":pause")
        self.name = name.split(":")[0]
        self.at = 5
        self.steps = self.script()

    def press(self, button):
        hal.buttons.inject(api.event(api.PRESSED, button))
        hal.buttons.inject(api.event(api.RELEASED, button))

    def pages(self):
        for _ in range(self.app.top().count):
            self.press(api.RIGHT)
            yield 4

    def script(self):
        from app import games
        games.load(self.name).open(self.app)
        yield 10
        if self.setup_help:
            self.press(api.KEY_X)
            yield 6
            for w in self.pages():
                yield w
            self.press(api.KEY_B)
            yield 10
        self.press(api.KEY_Y)          # the game starts
        yield 40
        self.press(api.KEY_A)          # a first move (Cubo: the roll)
        yield 60
        self.press(api.KEY_B)          # pause
        yield 6
        if self.help:
            self.press(api.PRESS)      # the box's How to play
            yield 6
            for w in self.pages():
                yield w
            self.press(api.KEY_B)
            yield 6
        self.press(api.KEY_B)          # resume
        while True:
            yield 1000

    def before_frame(self, frame):
        if frame >= self.at:
            self.at = frame + next(self.steps)


base_heap = heap()
t_start = now_us()
from hal.virtual import VirtualHal
from hal import api
from app.app import App
from shared_rules.rng import Rng

data_dir = (out_dir + "/data") if not MICRO else "/data"
try:
    import os
    os.mkdir(data_dir)
except OSError:
    pass
hal = VirtualHal(data_dir, seed)
app = App(hal)
S = {"clock": 0, "frame": -1, "boot_us": 0, "peak": 0, "events": 0, "driver": None,
     "fuzz": None, "last_top": "BootScreen"}
peaks = {}
screens_seen = {}
# Boot to menu: a key skips the splash; steps run until the menu is drawn.
hal.buttons.inject(api.event(api.PRESSED, api.KEY_B))


def sample(top):
    h = heap() - base_heap
    if h > S["peak"]:
        S["peak"] = h
    if h > peaks.get(top, 0):
        peaks[top] = h


def boot_step():
    S["clock"] += 33
    app.tick(S["clock"])
    if type(app.top()).__name__ == "MainMenu":
        S["boot_us"] = now_us() - t_start
        qstr_pool("menu")
        if mode == "demo":
            S["driver"] = demos.start(app, name, seed)
        elif mode == "howto":
            S["driver"] = HelpVisit(app, name)
        else:
            S["fuzz"] = Rng(seed)
        S["frame"] = 0


def frame_step():
    frame = S["frame"]
    if frame % sample_every == 0:
        sample(S["last_top"])  # the heap the previous frame left, collected in a fresh call
    if S["driver"] is not None:
        S["driver"].before_frame(frame)
    else:
        fuzz = S["fuzz"]
        for _ in range(fuzz.below(4)):
            kind = (api.PRESSED, api.RELEASED, api.REPEAT)[fuzz.below(3)]
            hal.buttons.inject(api.event(kind, fuzz.below(api.NUM_BUTTONS)))
            S["events"] += 1
    S["clock"] += 33
    app.advance(S["clock"])
    if app.dirty:  # what app.tick does, with the drawing timed on its own
        t = now_us()
        app.draw()
        dt = now_us() - t
        draw_hist[min(HIST_MS - 1, dt // 1000)] += 1
        draw_stats[0] += 1
        draw_stats[1] += dt
        if dt > draw_stats[2]:
            draw_stats[2] = dt
        hal.display.show()
        app.frames += 1
    top = type(app.top()).__name__
    if top == "HowTo" and getattr(app.top(), "in_game", False):
        top = "HowTo@game"
    S["last_top"] = top
    screens_seen[top] = screens_seen.get(top, 0) + 1
    S["frame"] = frame + 1


def percentile_us(q):
    """The draw time (us, to the histogram's 1 ms) below which a share q of frames fall."""
    n = draw_stats[0]
    if not n:
        return 0
    want = (n - 1) * q // 100 + 1
    seen = 0
    for ms in range(HIST_MS):
        seen += draw_hist[ms]
        if seen >= want:
            return ms * 1000
    return (HIST_MS - 1) * 1000


def finish():
    sample(S["last_top"])
    qstr_pool("end")
    result = {
        "mode": mode, "name": name, "seed": seed, "frames": frames, "events": S["events"],
        "runtime": sys.implementation.name,
        "base_heap": base_heap, "peak_heap": S["peak"], "peak_by_screen": peaks,
        "boot_to_menu_us": S["boot_us"],
        "frames_drawn": draw_stats[0],
        "draw_us_total": draw_stats[1],
        "draw_us_median": percentile_us(50),
        "draw_us_p90": percentile_us(90),
        "draw_us_max": draw_stats[2],
        "screens": screens_seen,
        "top": S["last_top"],
    }
    f = open(out_dir + "/" + mode + "_" + name + ".bin", "wb")
    f.write(hal.display.buf)
    f.close()
    print("RESULT " + json.dumps(result))


def step():
    """One frame; False when the run is over."""
    if S["frame"] < 0:
        boot_step()
        return True
    if S["frame"] < frames:
        frame_step()
        return True
    finish()
    return False


if not MICRO:
    while step():
        pass
