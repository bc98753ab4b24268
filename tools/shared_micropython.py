"""Where the shared MicroPython files are found: the folder named by KOCKA_MICROPYTHON_DIR,
else `../shared/micropython` beside the checkout.

That folder holds the official MicroPython v1.28.0 firmware for RPI_PICO
(`RPI_PICO-v1.28.0.bin`, the UF2's payload from 0x10000000), the RP2040 B1 boot ROM
(`rp2040-bootrom-B1.bin`) for the emulated board, and the v1.28.0 source tarball with the
rp2 submodules for `make uf2`. Where to get each elsewhere: WHERE.
"""
import os

ENV = "KOCKA_MICROPYTHON_DIR"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = "RPI_PICO-v1.28.0.bin"
BOOTROM = "rp2040-bootrom-B1.bin"
TARBALL = "micropython-1.28.0-rp2-src.tar.xz"
WHERE = ("MicroPython v1.28.0 for RPI_PICO (the .uf2 from micropython.org/download/RPI_PICO/; "
         "its payload from 0x10000000 is the .bin, or build it from the v1.28.0 source) and the "
         "RP2040 B1 boot ROM (rp2040-bootrom-B1.bin, built from github.com/raspberrypi/pico-bootrom)")


def folder():
    """The folder to look in (it may not exist: the callers say what is missing)."""
    return os.environ.get(ENV) or os.path.join(os.path.dirname(ROOT), "shared", "micropython")
