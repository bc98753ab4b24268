"""The garbage is collected in a frame's spare time (app.idle_gc): the free heap read in
one frame of every CHECK_EVERY with the time to spare, a collection in a later such
frame once less than half of what the last one left free remains; never in a frame
without the time, never before a press's pending work, and never where the collector
gives no figures (CPython)."""
from hal import api
from app import idle_gc
from tests.apphelpers import Harness


class FakeHeap:
    """MicroPython's gc figures for a heap of `size` bytes, `live` of them reachable."""

    def __init__(self, size=200_000, live=100_000):
        self.size = size
        self.live = live
        self.used = live
        self.collections = 0
        self.readings = 0

    def mem_free(self):
        self.readings += 1
        return self.size - self.used

    def collect(self):
        self.collections += 1
        self.used = self.live


def use(monkeypatch, heap):
    monkeypatch.setattr(idle_gc, "gc", heap)
    monkeypatch.setattr(idle_gc, "_free", heap.mem_free)
    monkeypatch.setattr(idle_gc, "_state", [0, -1, 0])


def frames(n, spare=30):
    return [idle_gc.collect_if_due(spare) for _ in range(n)]


def test_reads_the_heap_once_per_check_and_collects_below_half(monkeypatch):
    heap = FakeHeap()
    use(monkeypatch, heap)
    assert not any(frames(idle_gc._CHECK_EVERY))  # the first reading sets the mark
    assert heap.readings == 1 and heap.collections == 0
    heap.used += 50_000                           # exactly half of the 100,000 free is left
    assert not any(frames(idle_gc._CHECK_EVERY))
    assert heap.readings == 2 and heap.collections == 0
    heap.used += 1
    assert not any(frames(idle_gc._CHECK_EVERY))  # read: below the mark, so due
    assert heap.readings == 3
    assert frames(1) == [True]                    # the collection: a frame of its own
    assert heap.collections == 1 and heap.used == heap.live
    assert not any(frames(3 * idle_gc._CHECK_EVERY))
    assert heap.collections == 1 and heap.readings == 6


def test_nothing_in_a_frame_without_the_time(monkeypatch):
    heap = FakeHeap()
    use(monkeypatch, heap)
    frames(5 * idle_gc._CHECK_EVERY, spare=idle_gc._READ_SPARE_MS - 1)  # an animating frame
    frames(5, spare=-5)
    assert heap.readings == 0 and heap.collections == 0
    frames(idle_gc._CHECK_EVERY, spare=idle_gc._READ_SPARE_MS)
    assert heap.readings == 1


def test_a_due_collection_waits_for_a_frame_with_the_time_for_it(monkeypatch):
    heap = FakeHeap()
    use(monkeypatch, heap)
    monkeypatch.setattr(idle_gc, "_state", [0, -1, 1])
    assert not any(frames(10, spare=idle_gc._COLLECT_SPARE_MS - 1))
    assert heap.collections == 0 and heap.readings == 0
    assert frames(1, spare=idle_gc._COLLECT_SPARE_MS) == [True]
    assert heap.collections == 1


def test_never_where_the_collector_gives_no_figures(monkeypatch):
    monkeypatch.setattr(idle_gc, "_free", None)
    monkeypatch.setattr(idle_gc, "_state", [0, -1, 1])
    assert not any(frames(3 * idle_gc._CHECK_EVERY))


def test_the_loop_collects_in_spare_time_but_not_before_pending_work(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    heap = FakeHeap()
    use(monkeypatch, heap)
    monkeypatch.setattr(idle_gc, "_state", [0, -1, 1])
    pending_at_collection = []
    collect = heap.collect
    heap.collect = lambda: pending_at_collection.append(h.app.pending is not None) or collect()
    waits = []

    def wait(ms):
        waits.append(heap.collections)
        if len(waits) > 3:
            raise KeyboardInterrupt

    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_A))  # pending work next frame
    try:
        h.app.run(wait)
    except KeyboardInterrupt:
        pass
    # the press's frame neither waited nor collected; the next one did the work, then
    # collected in its spare time, and waited what was left
    assert h.top_name() == "CuboSetup"
    assert pending_at_collection == [False] and waits[0] == 1
