"""The device HAL's pure logic under real MicroPython: tests/mp/hal_checks.py runs the
debouncer, FileStorage (over the WebAssembly port's filesystem, power cuts included), the ST7789
driver's indexed frame (palette indices in, the palette's RGB565 out through framebuf's own blit)
and the allocation checks of the frame paths on MicroPython's own os, time, framebuf and gc."""
import os

import pytest

from tests.mpgate import ROOT, run_mp

HAL_MOUNTS = ("firmware/hal:hal", "firmware/board:board")


@pytest.mark.micropython
def test_hal_logic_passes_under_micropython():
    proc = run_mp(os.path.join(ROOT, "tests", "mp", "hal_checks.py"), mounts=HAL_MOUNTS,
                  timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    assert "hal micropython: 9 passed, 0 failed" in proc.stdout, out[-4000:]
