"""An instrumented /main.py for the emulated board: the app's own loop, reporting on the console.

Runs what firmware/main.py runs (PicoHal, App) with App.run's loop written out, so
that after every pushed frame it can print one line:
    KF <frame> <app ms> <live heap bytes after gc.collect> <top screen>
and, every STATE_EVERY frames and whenever the top screen changes, a fingerprint of
the game on screen (crc32 of its state's to_dict() as JSON):
    KS <frame> <top screen> <crc>
At start it prints `KB <free heap> <allocated>` (before the HAL is built) and on any
exception `KX` and the traceback. Nothing is printed while a sync session owns the
port. The collection per frame costs emulated time, so timings are taken from runs
of the normal main.py.
"""
import gc
import sys

gc.collect()
print("KB %d %d" % (gc.mem_free(), gc.mem_alloc()))

import json  # noqa: E402
import binascii  # noqa: E402

STATE_EVERY = 16


def fingerprint(top):
    st = getattr(top, "st", None) or getattr(top, "state", None)
    if st is None or not hasattr(st, "to_dict"):
        return 0
    return binascii.crc32(json.dumps(st.to_dict()).encode())


def main():
    from hal.pico import PicoHal
    from app.app import App, FRAME_MS
    hal = PicoHal()
    app = App(hal)
    serial = hal.serial
    start = hal.ticks_ms()
    last = start
    now = 0
    top_name = None
    while True:
        t = hal.ticks_ms()
        now += hal.ticks_diff(t, last)
        last = t
        if app.tick(now) and not serial.in_session:
            gc.collect()
            name = type(app.top()).__name__
            print("KF %d %d %d %s" % (app.frames, now, gc.mem_alloc(), name))
            if name != top_name or app.frames % STATE_EVERY == 0:
                top_name = name
                print("KS %d %s %d" % (app.frames, name, fingerprint(app.top())))
        spare = FRAME_MS - hal.ticks_diff(hal.ticks_ms(), t)
        if spare > 0:
            hal.sleep_ms(spare)


try:
    main()
except Exception as e:
    print("KX")
    sys.print_exception(e)
