"""hal/kernels.py's Thumb loops on the real firmware (MicroPython v1.28.0 on the emulated
RP2040): each against its reference on seeded random cases (palette conversion of windows
of every shape, tile hashes and single-pixel changes, whole lines of text in both fonts,
clipped at every edge, drawn the same as framebuf's path draws them)."""
import os

from tests import devicerun
from tools import device_image, rp2040emu

HERE = os.path.dirname(os.path.abspath(__file__))


def test_the_thumb_loops_match_their_references_on_the_pico(tmp_path):
    devicerun.require()
    with open(os.path.join(HERE, "mp", "kernels_device.py"), "rb") as f:
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
    assert ok and int(ok[0].split()[1]) >= 80, text[-2000:]
