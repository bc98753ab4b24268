"""app/art_thumb.py's die loop on the real firmware (MicroPython v1.28.0 on the emulated
RP2040): app/art.py's die() through it leaves the same pixels as its framebuf path, for
every face and letter face, size from 6 px, colour and place up to the frame's edges (tests/mp/dice_device.py)."""
import os

from tests import devicerun
from tools import device_image, rp2040emu

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_dice_loop_draws_what_framebuf_draws_on_the_pico(tmp_path):
    devicerun.require()
    with open(os.path.join(HERE, "mp", "dice_device.py"), "rb") as f:
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
    assert ok and int(ok[0].split()[1]) >= 150, text[-2000:]
