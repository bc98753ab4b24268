"""Garbage collection in a frame's spare time, so that the collector (10-25 ms on the Pico
with a game loaded) seldom lands inside a frame's work: a bot's decision, a press's answer.

MicroPython collects when an allocation finds no free block, at whatever moment the heap
runs full. Here the main loop (App.run) hands over each frame that left time to spare:
about once a second such a frame reads the free heap, and once less than half of what
the last collection left free remains, a later one with more to spare collects.
Reading the free heap walks the whole heap (9 ms on the Pico), hence the spacing, and a
collection gets a frame of its own. The device's bot bench runs its bots the same way.
Where the collector gives no figures (CPython), nothing is ever due.
"""
import gc

from micropython import const

# (underscored consts: on MicroPython they cost no interned name, and every name this
# module adds is interned for good)
# what a frame must have left for each: more than either costs, so that neither makes
# the frame late (and an animating frame, 15-20 ms to spare, is left alone)
_READ_SPARE_MS = const(20)
_COLLECT_SPARE_MS = const(25)
_CHECK_EVERY = const(30)   # frames with that much to spare between readings: about a second
_free = getattr(gc, "mem_free", None)
# frames since the last reading; the free heap to collect below (-1: read it to set the
# mark); 1 if a collection is due
_state = [0, -1, 0]


def collect_if_due(ms):
    """One frame's spare time (ms left): reads the free heap or collects if it is their
    turn and the time is there. True if it collected."""
    st = _state
    if _free is None or ms < _READ_SPARE_MS:
        return False
    if st[2]:
        if ms < _COLLECT_SPARE_MS:
            return False
        gc.collect()
        st[0] = st[2] = 0
        st[1] = -1
        return True
    st[0] += 1
    if st[0] < _CHECK_EVERY:
        return False
    st[0] = 0
    ms = _free()
    if st[1] < 0:
        st[1] = ms // 2
    elif ms < st[1]:
        st[2] = 1
    return False
