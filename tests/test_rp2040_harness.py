"""The emulated-RP2040 harness's own parts, without booting: where the firmware is looked
for and what a checkout without it is told, the flash image laid out as `make flash`
lays out the board, and the boot ROM's function table the flash trap patches."""
import os
import subprocess

import pytest

from tests import devicerun
from tools import build_bundle, device_image, flash, rgb565, rp2040emu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_without_the_firmware_the_tests_say_where_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setenv("KOCKA_MICROPYTHON_DIR", str(tmp_path))
    why = rp2040emu.missing()
    assert why and str(tmp_path) in why
    assert "micropython.org" in why and "github.com/raspberrypi/pico-bootrom" in why
    assert "RPI_PICO-v1.28.0.bin" in why and "rp2040-bootrom-B1.bin" in why


def test_the_firmware_is_looked_for_beside_the_checkout(monkeypatch):
    monkeypatch.delenv("KOCKA_MICROPYTHON_DIR", raising=False)
    assert rp2040emu.firmware_dir() == os.path.join(os.path.dirname(ROOT), "shared",
                                                    "micropython")


def test_the_image_holds_the_bundle_as_make_flash_copies_it():
    image = device_image.build_image(data={"settings.json": b"{}"})
    assert len(image) == device_image.BLOCK_COUNT * device_image.BLOCK_SIZE
    bundle = device_image.bundle_files()
    tops = {p.split("/")[0] for p in bundle}
    assert tops == set(flash.CODE_DIRS) | {"main.py"}
    assert not any(p.endswith(".py") and p != "main.py" for p in bundle)  # .mpy only
    assert not any(p.startswith("hal/virtual") for p in bundle)  # host-only left out
    for folder in flash.CODE_DIRS:
        files = device_image.read_files(image, folder)
        assert files, folder
    assert device_image.read_files(image) == {"settings.json": b"{}"}
    with open(os.path.join(ROOT, "firmware", "main.py"), "rb") as f:
        assert bundle["main.py"] == f.read()
    assert build_bundle.HOST_ONLY == ("hal/virtual.py",)


@pytest.mark.emulator
def test_the_boot_rom_functions_the_trap_patches_are_found():
    devicerun.require()
    rom = os.path.join(rp2040emu.firmware_dir(), rp2040emu.BOOTROM)
    script = ("import('./tools/rp2040/bootrom.mjs').then(m => { const fs = require('fs');"
              "const f = m.romFunctions(new Uint8Array(fs.readFileSync(process.argv[1])));"
              "console.log([...f.keys()].map(k => String.fromCharCode(k & 255, k >> 8)).join(' ')) })")
    out = subprocess.run(["node", "-e", script, rom], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    names = out.stdout.split()
    for name in ("RE", "RP", "IF", "EX", "FC", "CX"):
        assert name in names, out.stdout + out.stderr


def test_png_of_an_rgb565_frame():
    red = bytes((0xF8, 0x00)) * (4 * 3)
    png = rgb565.png_bytes(red, 4, 3)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"IHDR" in png and png.endswith(
        b"IEND\xaeB`\x82")
    assert rgb565.to_rgb888(red[:2]) == bytes((255, 0, 0))
    assert rgb565.from_indexed(bytes([1]), bytes([0, 0, 0, 255, 0, 0]) + bytes(762)) == red[:2]
