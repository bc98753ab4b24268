"""hal/kernels.py's Thumb loops on the real firmware (MicroPython v1.28.0 on the emulated
RP2040): each against its reference on seeded random cases (palette conversion of windows
of every shape, tile hashes and single-pixel changes, whole lines of text in both fonts,
clipped at every edge, drawn the same as framebuf's path draws them)."""
import pytest

from tests import devicerun

pytestmark = pytest.mark.emulator


def test_the_thumb_loops_match_their_references_on_the_pico(tmp_path):
    text, ok = devicerun.run_script("kernels_device.py", tmp_path, "KOK", "KFAIL")
    assert ok and int(ok[1]) >= 80, text[-2000:]
