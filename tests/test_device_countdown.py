"""The Cubo countdown as the board shows it, decoded from the emulated RP2040's pins: in
table mode, X starts the six-second countdown; the WS2812 stream on GP22 shows six LEDs
going out one a second, the buzzer PWM on GP14 beeps each second (1568 Hz), and at the end
plays the CUBO tune (784, 1047, 1319, 1568 Hz) while all eight LEDs flash."""
import pytest

from tests import devicerun
from tests.devicerun import go_to, tap

pytestmark = pytest.mark.emulator


BEEP_HZ = 1568
CUBO_TUNE = (784, 1047, 1319, 1568)
BUZZER = 14


def near(hz, want):
    return abs(hz - want) <= want * 0.01


@pytest.fixture(scope="module")
def countdown(tmp_path_factory):
    dev = devicerun.boot(tmp_path_factory, "countdown", probe=True)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("A",), "CuboSetup")
    tap(dev, "RIGHT")  # Mode: table
    go_to(dev, ("Y",), "CuboTable")   # Y starts from any row
    devicerun.tap_until_redrawn(dev, "A")  # roll the centre
    dev.run(1000)
    devicerun.tap_until_redrawn(dev, "A")  # the start signal
    dev.run(300)
    start = dev.press("X", hold_ms=400)   # held past a frame or two (~160 ms each here)
    dev.run(8500)
    yield dev, start
    dev.close()


def lit(ev):
    return sum(1 for c in ev["leds"][:6] if c != [0, 0, 0])


def test_six_leds_go_out_one_a_second(countdown):
    dev, start = countdown
    shows = [e for e in dev.leds if e["t"] >= start]
    counts = []
    times = []
    colour = None
    for e in shows:
        n = lit(e)
        if e["leds"][6:] == [[0, 0, 0], [0, 0, 0]] and 1 <= n <= 6 and (not counts or n != counts[-1]):
            counts.append(n)
            times.append(e["t"])
            colour = colour or e["leds"][0]   # the first count's (the chase may show before)
        if counts and counts[-1] == 1:
            break
    assert counts == [6, 5, 4, 3, 2, 1], counts
    gaps = [b - a for a, b in zip(times, times[1:])]
    assert all(900 <= g <= 1150 for g in gaps), gaps
    assert colour[0] > colour[1] > colour[2] > 0  # the countdown's orange, dimmed by brightness


def notes(dev, since):
    """(start ms, Hz) of each note on the buzzer: a tone is set in a few register writes, so
    writes within 2 ms are one change; a note starts after silence or a different pitch."""
    changes = []
    for e in dev.pwm:
        if e["gpio"] != BUZZER or e["t"] < since:
            continue
        if changes and e["t"] - changes[-1][0] < 2:
            changes[-1] = (changes[-1][0], e["hz"])
        else:
            changes.append((e["t"], e["hz"]))
    out = []
    prev = 0
    for t, hz in changes:
        if hz > 0 and (prev == 0 or not near(hz, prev)):
            out.append((t, hz))
        prev = hz
    return out


def test_a_beep_each_second_then_the_cubo_tune(countdown):
    dev, start = countdown
    starts = notes(dev, start)
    beeps = [t for t, hz in starts if near(hz, BEEP_HZ)]
    assert len(beeps) >= 6, starts
    gaps = [b - a for a, b in zip(beeps[:6], beeps[1:6])]
    assert all(900 <= g <= 1150 for g in gaps), (gaps, starts)
    after = [hz for t, hz in starts if t > beeps[5] + 100]
    tune = []
    for hz in after:
        if not tune or not near(hz, tune[-1]):
            tune.append(hz)
    assert len(tune) >= 4 and all(near(a, b) for a, b in zip(tune[:4], CUBO_TUNE)), after


def test_all_eight_leds_flash_on_cubo(countdown):
    dev, start = countdown
    shows = [e for e in dev.leds if e["t"] >= start + 5500]
    full = [e for e in shows if all(c != [0, 0, 0] for c in e["leds"])]
    dark = [e for e in shows if all(c == [0, 0, 0] for c in e["leds"])]
    assert len(full) >= 3 and len(dark) >= 2, [e["leds"][0] for e in shows]
    c = full[0]["leds"][0]
    assert c[0] >= c[1] > c[2]  # the flash's yellow
    devicerun.assert_no_crash(dev)
