"""An instrumented /main.py for the emulated board: the app's own loop, reporting on the console.

Runs what firmware/main.py runs (PicoHal, App) with App.run's loop and App.tick
written out, so that after every pushed frame it can print one line:
    KF <frame> <app ms> <live heap bytes after gc.collect> <top screen>
       <us in advance (input, screen update: bots think here)> <us drawing> <us pushing>
       <the panel's transactions so far (the driver sends nothing for a frame that
        changed no pixel, so this is not the frame number)>
and, whenever the top screen or its game's state changed, a fingerprint of the game
on screen (crc32 of its state's to_dict() as JSON, 0 for screens without a game):
    KS <frame> <top screen> <crc>
(before a KS line whose screen is new, the firmware's own `qstr pool: ...` line from
micropython.qstr_info(): the interned strings' RAM)
At start it prints `KB <free heap> <allocated>` (before the HAL is built) and on any
exception `KX` and the traceback. With tools/rp2040/probe_dump.py on the filesystem (as
kocka_probe_dump.py, rp2040emu.probe_main(dump=...)), the heap's block map is printed once. With a file `probe_lean` on the filesystem the frames
are not collected (a collection after every frame takes 15-20 ms with a game loaded,
and a message arriving meanwhile waits for it): the heap field is then gc.mem_alloc() as
it stands, and the frames' times are the plain app's (bench link_app's latencies). Nothing is printed while a sync session owns the
port. In a Kocka firmware image, whose frozen main.py runs before any main.py on the
filesystem, it is kocka_probe.py, and a two-line boot.py calls install(). The collection per frame costs emulated time, so timings are taken from runs
of the normal main.py.
"""
import gc
import micropython
import sys
import time

gc.collect()
BOOT_HEAP = (gc.mem_free(), gc.mem_alloc())

import json  # noqa: E402
import binascii  # noqa: E402

def fingerprint(top):
    st = getattr(top, "st", None) or getattr(top, "state", None)
    if st is None or not hasattr(st, "to_dict"):
        return 0
    return binascii.crc32(json.dumps(st.to_dict()).encode())


def prefer_frozen():
    # as firmware/main.py does: in a Kocka firmware image its frozen app comes first
    try:
        __import__("kocka_image")
    except ImportError:
        return
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")


def main():
    print("KB %d %d" % BOOT_HEAP)
    prefer_frozen()
    from hal.pico import PicoHal
    from app.app import App
    hal = PicoHal()
    app = App(hal)
    fast_text(app, hal)
    loop(app, hal)


def install():
    """As the boot.py of a Kocka firmware image (imported as kocka_probe): App.run becomes
    the probe's loop, and the frozen main.py runs it. (A boot.py that never returned
    would keep USB off: the firmware starts USB after boot.py.)"""
    prefer_frozen()
    from app.app import App

    def run(app, wait=None):
        print("KB %d %d" % BOOT_HEAP)
        loop(app, app.hal)
    App.run = run


def fast_text(app, hal):
    # as firmware/main.py does
    if getattr(hal.display, "_fast", False):
        from app import font, font_fast
        font_fast.use(font, app.fb, hal.display.buf)


def lean():
    import os
    try:
        os.stat("probe_lean")
        return True
    except OSError:
        return False


def loop(app, hal):
    serial = hal.serial
    collect = not lean()
    try:
        # on the filesystem only when a block map is asked for: the probe's own code is
        # on the heap, in every figure it measures
        import kocka_probe_dump
        dump = kocka_probe_dump.Dump()
    except ImportError:
        dump = None
    wait = getattr(hal, "wait_for_input", hal.sleep_ms)
    start = hal.ticks_ms()
    last = start
    now = 0
    shown = None
    due = 0
    while True:
        t = hal.ticks_ms()
        now += hal.ticks_diff(t, last)
        last = t
        t0 = time.ticks_us()
        app.advance(now)
        if not app.dirty:
            pushed = False
        else:
            t1 = time.ticks_us()
            app.draw()
            t2 = time.ticks_us()
            hal.display.show()
            t3 = time.ticks_us()
            app.frames += 1
            pushed = True
        if pushed and not serial.in_session:
            if collect:
                gc.collect()
            name = type(app.top()).__name__
            print("KF %d %d %d %s %d %d %d %d" % (app.frames, now, gc.mem_alloc(), name,
                                                  time.ticks_diff(t1, t0),
                                                  time.ticks_diff(t2, t1),
                                                  time.ticks_diff(t3, t2), hal.display.pushes))
            if dump is not None and dump.frame(name):
                dump = None
            state = (name, fingerprint(app.top()))
            if state != shown:
                if shown is None or name != shown[0]:
                    # the interned strings' pool at every change of screen: a line of its
                    # own from the firmware, "qstr pool: ... n_total_bytes=N"
                    micropython.qstr_info()
                shown = state
                print("KS %d %s %d" % (app.frames, name, state[1]))
        due = app.rest(t, wait, now, due)  # as App.run


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print("KX")
        sys.print_exception(e)
