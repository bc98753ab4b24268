"""Garbage collection in a frame's spare time, so that the collector (10-25 ms on the Pico
with a game loaded) seldom lands inside a frame's work: a bot's decision, a press's answer.

MicroPython collects when an allocation finds no free block, at whatever moment the heap
runs full. Here the main loop (App.run) hands over each frame that left time to spare:
about once a second such a frame reads the free heap, and once less than half of what
the last collection left free remains, a later one collects. Reading the free heap walks
the whole heap (9 ms on the Pico), hence the spacing, and a collection gets a frame of
its own. The device's bot bench runs its bots the same way. Where the collector gives
no figures (CPython), nothing is ever due.
"""
import gc

MIN_SPARE_MS = 15  # what a frame must have left for the reading or the collection
CHECK_EVERY = 30   # frames with that much to spare between readings: about a second
_free = getattr(gc, "mem_free", None)
_frames = 0
_mark = -1   # collect once the free heap is below this; -1: read it to set the mark
_due = False


def collect_if_due(spare_ms):
    """One frame's spare time (spare_ms left): reads the free heap or collects if it is
    their turn and the time is there. True if it collected."""
    global _frames, _mark, _due
    if _free is None or spare_ms < MIN_SPARE_MS:
        return False
    if _due:
        _due = False
        gc.collect()
        _mark = -1
        _frames = 0
        return True
    _frames += 1
    if _frames < CHECK_EVERY:
        return False
    _frames = 0
    free = _free()
    if _mark < 0:
        _mark = free // 2
    elif free < _mark:
        _due = True
    return False
