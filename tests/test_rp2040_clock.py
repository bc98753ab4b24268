"""The emulated RP2040's time follows clk_sys (tools/rp2040/meter.mjs): a loop run at
48 MHz takes 125/48 times as long as at 125 MHz, machine.lightsleep(200) returns after
200 ms of emulated time, and the harness's meter sees the core waiting, at the crystal's
12 MHz, while it sleeps, and busy at 125 MHz while it spins."""
import os

import pytest

from tests import devicerun
from tools import device_image, rp2040emu

pytestmark = pytest.mark.emulator

SCRIPT = os.path.join(devicerun.MP_DIR, "clock_device.py")


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    devicerun.require()
    with open(SCRIPT, "rb") as f:
        main = f.read()
    d = rp2040emu.Device(device_image.build_image(extra={"main.py": main}, bundle=False),
                         out_dir=str(tmp_path_factory.mktemp("clock")))
    yield d
    d.close()


def lines(dev, tag):
    return [ln.split()[1:] for ln in dev.console_text().splitlines() if ln.startswith(tag + " ")]


def test_a_lower_clock_runs_the_same_loop_slower(dev):
    dev.run_until(lambda: len(lines(dev, "KC")) == 2, 20000, 200)
    (f1, us1), (f2, us2) = [(int(a), int(b)) for a, b in lines(dev, "KC")]
    assert (f1, f2) == (125_000_000, 48_000_000)
    assert 0.97 * 125 / 48 < us2 / us1 < 1.03 * 125 / 48, (us1, us2)


def test_lightsleep_takes_its_time_with_the_core_asleep_at_the_crystal(dev):
    dev.run_until(lambda: "KSLEEPING" in dev.console_text(), 20000, 50)
    ms, freq = (int(x) for x in lines(dev, "KL")[0])
    assert 195 <= ms <= 215 and freq == 125_000_000
    dev.meter()
    dev.run(2000)
    m = dev.meter()
    assert abs(m["ns"] - 2000e6) < 5e6
    assert m["wait_ns"] > 0.97 * m["ns"], m
    assert m["clocks"]["12"]["wait_ns"] > 0.95 * m["ns"], m


def test_a_busy_core_is_charged_at_its_clock(dev):
    dev.run_until(lambda: "KBUSY" in dev.console_text(), 20000, 50)
    dev.run(300)
    dev.meter()
    dev.run(1500)
    m = dev.meter()
    assert m["busy_ns"] > 0.97 * m["ns"], m
    assert m["clocks"]["125"]["busy_ns"] > 0.97 * m["ns"], m
    assert abs(m["cycles"] - 125e6 * m["busy_ns"] / 1e9) < 1e3
