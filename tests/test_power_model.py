"""The power model (bench/power_model.py) and the bench's reading of timelines
(bench/bench_power.py), without a board: each part's current follows what the emulated
board showed, the strip's switch removes the dark LEDs' draw, and the evening and the
days asleep follow from the states' currents."""
import pytest

from bench import bench_power, power_model as M


def reading(**kw):
    r = {"ms": 1000.0, "clocks": {"125": {"busy_ms": 100.0, "wait_ms": 900.0}},
         "backlight_duty": 0.8, "led_channels": 0.0, "strip_on": 0.0, "panel_asleep": 0.0}
    r.update(kw)
    return r


def test_time_weighted_mean_of_a_changing_value():
    assert bench_power.weighted([(0, 1.0), (500, 0.0)], 0, 1000) == 0.5
    assert bench_power.weighted([(200, 0.5)], 100, 300, initial=1.0) == 0.75
    assert bench_power.weighted([], 0, 10, initial=0.3) == pytest.approx(0.3)


def test_the_pico_draws_its_published_figures():
    busy = M.pico_usb_ma({125.0: 1000.0}, {}, 1000.0)
    wait = M.pico_usb_ma({}, {125.0: 1000.0}, 1000.0)
    sleep = M.pico_usb_ma({}, {12.0: 1000.0}, 1000.0)
    slow = M.pico_usb_ma({48.0: 1000.0}, {}, 1000.0)
    assert (busy, wait, sleep) == (M.PICO_BUSY_125_MA, M.PICO_WAIT_125_MA, M.LIGHTSLEEP_MA)
    assert M.PICO_FLOOR_MA < slow < busy


def test_a_busier_core_a_brighter_backlight_and_lit_leds_cost_more():
    _, base = M.state_current(reading())
    _, busier = M.state_current(reading(clocks={"125": {"busy_ms": 600.0, "wait_ms": 400.0}}))
    _, brighter = M.state_current(reading(backlight_duty=1.0))
    _, lit = M.state_current(reading(led_channels=3.0, strip_on=1.0))
    assert base < busier and base < brighter and base < lit
    assert lit - base > 3 * M.WS2812_CHANNEL_MA * 0.99


def test_the_switch_saves_the_dark_strips_draw():
    parts, with_switch = M.state_current(reading(strip_on=0.0))
    _, without = M.state_current(reading(strip_on=0.0), switch=False)
    assert parts["leds"] == 0.0
    assert without - with_switch == pytest.approx(M.NUM_LEDS * M.WS2812_DARK_MA, abs=0.01)


def test_asleep_the_board_draws_little_and_days_follow():
    parts, ma = M.state_current(reading(clocks={"12": {"busy_ms": 5.0, "wait_ms": 995.0}},
                                        backlight_duty=0.0, panel_asleep=1.0))
    assert parts["backlight"] == 0.0 and ma < 3.0
    assert M.days_asleep(ma) == round(M.CAPACITY_MAH / ma / 24, 1)
    _, dormant = M.state_current(reading(clocks={"dormant": {"busy_ms": 0.0, "wait_ms": 1000.0}},
                                         backlight_duty=0.0, panel_asleep=1.0))
    assert dormant < ma
    assert M.pico_usb_ma({}, {None: 1000.0}, 1000.0) == M.DORMANT_MA


def test_the_evening_is_the_mix_of_the_states():
    currents = {name: 10.0 * (i + 1) for i, (name, _) in enumerate(M.EVENING)}
    ma, hours = M.evening(currents)
    assert sum(share for _, share in M.EVENING) == pytest.approx(1.0)
    assert ma == pytest.approx(sum(s * currents[n] for n, s in M.EVENING), abs=0.01)
    assert hours == round(M.CAPACITY_MAH / ma, 1)
