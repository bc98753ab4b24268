"""The button debouncer (firmware/hal/debounce.py): bounces, repeats, wraparound, properties."""
from hypothesis import given, settings, strategies as st

from hal import api
from hal.debounce import (DEBOUNCE_MS, REPEAT_DELAY_MS, REPEAT_MASK, REPEAT_MS, Debouncer)

PERIOD = 1 << 30  # MicroPython's ticks_ms period


def mp_ticks_diff(a, b):
    """time.ticks_diff as MicroPython defines it, for a 2**30 ms period."""
    half = PERIOD // 2
    return ((a - b + half) & (PERIOD - 1)) - half


def ev(kind, button):
    return api.event(kind, button)


def run(deb, timeline):
    """timeline: [(now, raw_mask)] -> [(now, event)]."""
    out = []
    for now, raw in timeline:
        for e in deb.update(now, raw):
            out.append((now, e))
    return out


def test_defaults_are_the_documented_ones():
    assert (DEBOUNCE_MS, REPEAT_DELAY_MS, REPEAT_MS) == (20, 400, 120)
    assert not REPEAT_MASK & (1 << api.PRESS)
    for b in (api.UP, api.DOWN, api.LEFT, api.RIGHT, api.KEY_A, api.KEY_B, api.KEY_X, api.KEY_Y):
        assert REPEAT_MASK & (1 << b)


def test_press_and_release_are_immediate():
    deb = Debouncer()
    bit = 1 << api.KEY_A
    assert list(deb.update(0, 0)) == []
    assert list(deb.update(10, bit)) == [ev(api.PRESSED, api.KEY_A)]
    assert deb.is_down(api.KEY_A)
    assert list(deb.update(100, 0)) == [ev(api.RELEASED, api.KEY_A)]
    assert not deb.is_down(api.KEY_A)


def test_contact_bounce_is_filtered():
    deb = Debouncer()
    bit = 1 << api.UP
    # press: the contact chatters for 6 ms, then settles down
    tl = [(t, bit if t % 2 == 0 else 0) for t in range(0, 7)] + [(t, bit) for t in range(7, 60)]
    # release: chatters for 6 ms, then settles up
    tl += [(t, 0 if t % 2 == 0 else bit) for t in range(60, 67)] + [(t, 0) for t in range(67, 120)]
    got = run(deb, tl)
    assert [e for _, e in got] == [ev(api.PRESSED, api.UP), ev(api.RELEASED, api.UP)]
    assert got[0][0] == 0 and got[1][0] == 60


def test_a_tap_shorter_than_the_window_is_still_a_press_and_release():
    deb = Debouncer()
    bit = 1 << api.KEY_B
    got = run(deb, [(0, bit), (5, 0), (10, 0), (19, 0), (20, 0), (30, 0)])
    assert got == [(0, ev(api.PRESSED, api.KEY_B)), (20, ev(api.RELEASED, api.KEY_B))]


def test_repeat_timing_while_held():
    deb = Debouncer()
    bit = 1 << api.DOWN
    got = run(deb, [(t, bit) for t in range(0, 1000, 10)] + [(1000, 0)])
    times = [t for t, e in got if api.kind_of(e) == api.REPEAT]
    assert times == [400, 520, 640, 760, 880]
    assert got[0] == (0, ev(api.PRESSED, api.DOWN))
    assert got[-1] == (1000, ev(api.RELEASED, api.DOWN))


def test_a_stalled_frame_gives_one_repeat_not_a_burst():
    deb = Debouncer()
    bit = 1 << api.RIGHT
    got = run(deb, [(0, bit), (2000, bit), (2010, bit), (2120, bit)])
    assert [api.kind_of(e) for _, e in got] == [api.PRESSED, api.REPEAT, api.REPEAT]
    assert [t for t, _ in got] == [0, 2000, 2120]


def test_press_does_not_repeat_by_default_but_can():
    bit = 1 << api.PRESS
    held = [(t, bit) for t in range(0, 2000, 10)]
    assert [api.kind_of(e) for _, e in run(Debouncer(), held)] == [api.PRESSED]
    everything = Debouncer(repeat_mask=0x1FF)
    assert api.REPEAT in [api.kind_of(e) for _, e in run(everything, held)]


def test_several_buttons_at_once():
    deb = Debouncer()
    a, up, y = 1 << api.KEY_A, 1 << api.UP, 1 << api.KEY_Y
    first = list(deb.update(0, a | up))
    assert sorted(first) == sorted([ev(api.PRESSED, api.KEY_A), ev(api.PRESSED, api.UP)])
    assert list(deb.update(50, a | up | y)) == [ev(api.PRESSED, api.KEY_Y)]
    assert list(deb.update(100, y)) == [ev(api.RELEASED, api.UP), ev(api.RELEASED, api.KEY_A)]
    assert [deb.is_down(b) for b in (api.KEY_A, api.UP, api.KEY_Y)] == [False, False, True]


def test_ticks_wraparound():
    deb = Debouncer(ticks_diff=mp_ticks_diff)
    bit = 1 << api.LEFT
    start = PERIOD - 300
    tl = [((start + dt) % PERIOD, bit) for dt in range(0, 700, 10)]
    tl.append(((start + 700) % PERIOD, 0))
    tl.append(((start + 705) % PERIOD, bit))  # bounce right after the release: ignored
    tl.append(((start + 710) % PERIOD, 0))
    got = run(deb, tl)
    kinds = [api.kind_of(e) for _, e in got]
    assert kinds == [api.PRESSED, api.REPEAT, api.REPEAT, api.REPEAT, api.RELEASED]
    rel = lambda t: (t - start) % PERIOD  # noqa: E731
    assert [rel(t) for t, _ in got] == [0, 400, 520, 640, 700]


def test_the_event_list_is_reused():
    deb = Debouncer()
    first = deb.update(0, 1)
    assert deb.update(10, 1) is first
    assert deb.update(30, 0) is first


RAW = st.lists(st.tuples(st.integers(0, 60), st.integers(0, 0x1FF)), min_size=1, max_size=120)


@settings(max_examples=300, deadline=None)
@given(RAW, st.integers(0, PERIOD - 1))
def test_property_events_alternate_and_repeat_only_while_held(steps, start):
    deb = Debouncer(ticks_diff=mp_ticks_diff)
    down = [False] * api.NUM_BUTTONS
    now = start
    for dt, raw in steps:
        now = (now + dt) % PERIOD
        seen = set()
        for e in deb.update(now, raw):
            kind, b = api.kind_of(e), api.button_of(e)
            assert b not in seen, "at most one event per button per update"
            seen.add(b)
            if kind == api.PRESSED:
                assert not down[b]
                down[b] = True
            elif kind == api.RELEASED:
                assert down[b]
                down[b] = False
            else:
                assert kind == api.REPEAT and down[b] and REPEAT_MASK & (1 << b)
        for b in range(api.NUM_BUTTONS):
            assert deb.is_down(b) == down[b]


@settings(max_examples=200, deadline=None)
@given(RAW)
def test_property_state_follows_a_raw_input_held_past_the_window(steps):
    deb = Debouncer()
    now = 0
    for dt, raw in steps:
        now += dt
        deb.update(now, raw)
    final = steps[-1][1]
    deb.update(now + DEBOUNCE_MS, final)
    deb.update(now + 2 * DEBOUNCE_MS, final)
    assert deb.stable == final
