"""Idle power on the emulated RP2040 (app/power.py, hal.doze) under the firmware image,
read from the decoded pins: with the settings at 15 s to dim and 1 min to
sleep, the backlight's PWM dims 15 s after the last key and the panel goes to sleep (DISPOFF,
SLPIN, backlight off, the LED strip's supply off) 1 min after it, the core asleep at the
crystal's clock; a key wakes it within 300 ms showing what was on screen, and that press
changes nothing in the game; a power cut while asleep resumes the game as it was; table
mode's running clock is never dimmed."""
import pytest

from tests import devicerun
from tests.devicerun import go_to, tap
from tools import rp2040emu

pytestmark = [pytest.mark.emulator, pytest.mark.toolchain]

DIM_S = 15
SLEEP_MIN = 1
DIM_DUTY = 0.10   # app.power.dim_level(80): 10 %
SCREEN_DUTY = 0.80
FRAME = 32


def settings_files():
    from app import jsonfile
    sealed = jsonfile.seal({"sound": True, "volume": 60, "led": 40, "screen": 80,
                            "dim": DIM_S, "sleep": SLEEP_MIN,
                            "names": ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"]})
    return {"settings.json": sealed, "settings.json.bak": sealed}


@pytest.fixture(scope="module")
def firmware(tmp_path_factory):
    """The Kocka image's flash bytes: the image is what users install (a `make flash`
    install runs the same app/power.py and hal.doze as files)."""
    return devicerun.image_firmware(tmp_path_factory)


def backlight(dev, since=0.0):
    return [(e["t"], round(e["duty"], 3)) for e in dev.pwm
            if e["gpio"] == rp2040emu.BACKLIGHT and e["t"] >= since]


def panel(dev, what, since=0.0):
    return [e["t"] for e in dev.panel if e["what"] == what and e["t"] >= since]


def game_states(dev, screen):
    return [s for s in rp2040emu.ProbeLog(dev.console_text()).states if s[1] == screen]


@pytest.fixture(scope="module")
def idle(firmware, tmp_path_factory):
    """A Kocka 10000 game left alone at the player's turn until it sleeps; woken by A; left
    alone until it sleeps again; the power cut then, and the game resumed."""
    dev = devicerun.boot(tmp_path_factory, "power", data=settings_files(), probe=True,
                         firmware=firmware)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("DOWN", "A"), "Kocka10000Setup")
    go_to(dev, ("A",), "Kocka10000Play")
    for b in ("A", "A"):
        tap(dev, b)
    last_key = dev.pins[-1]["t"]   # the last release
    dev.run_until(lambda: panel(dev, "slpin", last_key), 70_000, step_ms=1000)
    asleep_at = panel(dev, "slpin", last_key)[0]
    dev.run(500)
    dev.meter()
    dev.run(3000)
    meter = dev.meter()
    before = game_states(dev, "Kocka10000Play")
    frames_before = len(dev.frames)
    wake = dev.press("A", hold_ms=150, then_ms=1500)
    woken = {"dispon": panel(dev, "dispon", wake), "light": backlight(dev, wake),
             "frames": dev.frames[frames_before:], "states": game_states(dev, "Kocka10000Play"),
             "last_frame": dev.frames[frames_before - 1]}
    dev.run_until(lambda: panel(dev, "slpin", wake), 70_000, step_ms=1000)
    again = panel(dev, "slpin", wake)[0]
    dev.run(1000)
    states_at_cut = game_states(dev, "Kocka10000Play")
    console_at_cut = len(dev.console)
    dev.cut()
    devicerun.wait_top(dev, "BootScreen", limit_ms=4000)
    go_to(dev, ("B",), "ResumeScreen")
    go_to(dev, ("A",), "Kocka10000Play")
    dev.run(500)
    yield {"dev": dev, "last_key": last_key, "asleep_at": asleep_at, "meter": meter,
           "before": before, "wake": wake, "woken": woken, "again": again,
           "states_at_cut": states_at_cut, "console_at_cut": console_at_cut}
    dev.close()


def test_the_backlight_dims_at_its_setting(idle):
    dev, last = idle["dev"], idle["last_key"]
    dims = [t for t, duty in backlight(dev, last) if duty == DIM_DUTY]
    assert dims, backlight(dev, last)
    assert last + DIM_S * 1000 <= dims[0] <= last + DIM_S * 1000 + 3 * FRAME, (last, dims)


def test_the_device_sleeps_at_its_setting_screen_and_leds_off(idle):
    dev, last, at = idle["dev"], idle["last_key"], idle["asleep_at"]
    assert last + SLEEP_MIN * 60_000 <= at <= last + SLEEP_MIN * 60_000 + 3 * FRAME
    assert panel(dev, "dispoff", last) and panel(dev, "dispoff", last)[0] <= at
    off = [t for t, duty in backlight(dev, at - 50) if duty == 0]
    assert off and off[0] <= at
    power = [e for e in dev.outs if e["gpio"] == rp2040emu.LED_POWER and e["t"] <= at]
    assert power and power[-1]["level"] == 0   # the strip's supply is off
    again = idle["again"]
    assert idle["wake"] + SLEEP_MIN * 60_000 <= again   # the waking press counts as a key


def test_asleep_the_core_waits_at_the_crystals_clock(idle):
    m = idle["meter"]
    assert m["busy_ns"] < 0.02 * m["ns"], m
    assert m["clocks"]["12"]["wait_ns"] > 0.95 * m["ns"], m


def test_a_key_wakes_it_within_300_ms_showing_where_the_player_was(idle):
    wake, woken = idle["wake"], idle["woken"]
    assert woken["dispon"] and woken["dispon"][0] - wake <= 300, woken["dispon"]
    lit = [t for t, duty in woken["light"] if duty == SCREEN_DUTY]
    assert lit and lit[0] - wake <= 300, woken["light"]
    # the panel kept its frame through the sleep; whatever is pushed after is the same
    for f in woken["frames"]:
        assert f.rgb565 == woken["last_frame"].rgb565, f


def test_the_waking_press_does_nothing_in_the_game(idle):
    before, after = idle["before"], idle["woken"]["states"]
    assert before and after[-1][2] == before[-1][2], (before[-1], after[-1])


def test_a_power_cut_while_asleep_resumes_the_game(idle):
    dev = idle["dev"]
    at_cut = idle["states_at_cut"]
    after = rp2040emu.ProbeLog(dev.console_text()[idle["console_at_cut"]:])
    assert "ResumeScreen" in [f[3] for f in after.frames]
    resumed = [s for s in after.states if s[1] == "Kocka10000Play"]
    assert resumed and resumed[0][2] == at_cut[-1][2] != 0
    devicerun.assert_no_crash(dev)


@pytest.fixture(scope="module")
def table_clock(firmware, tmp_path_factory):
    """Table mode's clock running 20 s with no key (the dim setting is 15 s)."""
    dev = devicerun.boot(tmp_path_factory, "power-table", data=settings_files(), probe=True,
                         firmware=firmware)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("A",), "CuboSetup")
    tap(dev, "RIGHT")  # Mode: table
    go_to(dev, ("Y",), "CuboTable")
    devicerun.tap_until_redrawn(dev, "A")  # roll the centre
    dev.run(1000)
    devicerun.tap_until_redrawn(dev, "A")  # the start signal: the clock runs
    start = dev.pins[-1]["t"]
    dev.until(start + (DIM_S + 5) * 1000)
    yield dev, start
    dev.close()


def test_table_modes_running_clock_is_never_dimmed(table_clock):
    dev, start = table_clock
    assert backlight(dev, start) == [], backlight(dev, start)   # no change at all
    assert not panel(dev, "slpin", start)
    assert backlight(dev)[-1][1] == SCREEN_DUTY


@pytest.fixture(scope="module")
def battery(firmware, tmp_path_factory):
    """No USB host, as on a battery: the menu left alone until it sleeps (in DORMANT), then
    A. (No console without USB: what it shows is read from the pins.)"""
    dev = devicerun.boot(tmp_path_factory, "power-battery", data=settings_files(),
                         firmware=firmware, usb=False)
    dev.run_until(lambda: panel(dev, "slpin"), 90_000, step_ms=1000)
    asleep_at = panel(dev, "slpin")[0]
    dev.run(500)
    dev.meter()
    dev.run(3000)
    meter = dev.meter()
    frames_before = len(dev.frames)
    wake = dev.press("A", hold_ms=150, then_ms=1500)
    yield {"dev": dev, "asleep_at": asleep_at, "meter": meter, "wake": wake,
           "frames_before": frames_before}
    dev.close()


def test_on_a_battery_it_sleeps_in_dormant_and_a_key_wakes_it(battery):
    dev, at, m, wake = battery["dev"], battery["asleep_at"], battery["meter"], battery["wake"]
    assert SLEEP_MIN * 60_000 <= at <= SLEEP_MIN * 60_000 + 2000   # from the first frame
    assert m["clocks"]["dormant"]["wait_ns"] > 0.95 * m["ns"], m
    assert m["busy_ns"] < 0.01 * m["ns"], m
    power = [e for e in dev.outs if e["gpio"] == rp2040emu.LED_POWER and e["t"] <= at]
    assert power and power[-1]["level"] == 0
    on = panel(dev, "dispon", wake)
    lit = [t for t, duty in backlight(dev, wake) if duty == SCREEN_DUTY]
    assert on and on[0] - wake <= 300 and lit and lit[0] - wake <= 300, (on, lit)
    last = dev.frames[battery["frames_before"] - 1]
    for f in dev.frames[battery["frames_before"]:]:
        assert f.rgb565 == last.rgb565, f   # the menu as it was: A opened nothing
