"""The drawing that goes straight to a Thumb loop, on the real firmware (MicroPython
v1.28.0 on the emulated RP2040), leaves the pixels of its framebuf path: app/art.py's
die() through app/art_thumb.py's loop (every face and letter face, size from 6 px,
colour and place up to the frame's edges) and Coloretto's collection rows, their texts
through font_fast's (tests/mp/drawing_device.py)."""
import os

from tests import devicerun
from tools import device_image, rp2040emu

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_loops_draw_what_framebuf_draws_on_the_pico(tmp_path):
    devicerun.require()
    with open(os.path.join(HERE, "mp", "drawing_device.py"), "rb") as f:
        main = f.read()
    dev = rp2040emu.Device(device_image.build_image(extra={"main.py": main}),
                           out_dir=str(tmp_path))
    try:
        dev.run_until(lambda: "KOK" in dev.console_text() or "KFAIL" in dev.console_text(),
                      20000, 250)
        text = dev.console_text()
    finally:
        dev.close()
    assert "KFAIL" not in text, text[-2000:]
    ok = [line for line in text.splitlines() if line.startswith("KOK")]
    assert ok and int(ok[0].split()[1]) >= 170, text[-2000:]
