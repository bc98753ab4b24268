"""The drawing that goes straight to a Thumb loop, on the real firmware (MicroPython
v1.28.0 on the emulated RP2040), leaves the pixels of its framebuf path: app/art.py's
die() through app/art_thumb.py's loop (every face and letter face, size from 6 px,
colour and place up to the frame's edges) and Coloretto's collection rows, their texts
through font_fast's (tests/mp/drawing_device.py)."""
import pytest

from tests import devicerun

pytestmark = pytest.mark.emulator


def test_the_loops_draw_what_framebuf_draws_on_the_pico(tmp_path):
    text, ok = devicerun.run_script("drawing_device.py", tmp_path, "KOK", "KFAIL")
    assert ok and int(ok[1]) >= 170, text[-2000:]
