"""Framebuffer bytes -> pygame Surface (and PNG), with no per-pixel Python loop.

The app keeps the framebuffer as the ST7789 wants it: RGB565, big-endian
(ui.rgb() byte-swaps colours once so MicroPython's little-endian framebuf ends
up panel-ready). Here one array('H') byteswap (on little-endian hosts) turns
the bytes into native RGB565 words, which are copied straight into a 16-bit
Surface with the 565 masks.
"""
import sys
from array import array

import pygame

MASKS = (0xF800, 0x07E0, 0x001F, 0)
_SWAP = sys.byteorder == "little"


def native_rgb565(buf):
    """The panel's big-endian RGB565 bytes as native-endian bytes (one C-level swap)."""
    words = array("H")
    words.frombytes(bytes(buf))
    if _SWAP:
        words.byteswap()
    return words.tobytes()


class FrameConverter:
    """Reuses one 16-bit Surface for every frame of a width x height display."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.surface = pygame.Surface((width, height), 0, 16, MASKS)

    def convert(self, buf):
        """Copies `buf` into the Surface and returns it (the same object each time)."""
        data = native_rgb565(buf)
        surf = self.surface
        pitch = surf.get_pitch()
        row = self.width * 2
        view = surf.get_buffer()
        if pitch == row:
            view.write(data, 0)
        else:  # padded rows (not seen for 240 px, kept for other widths)
            for y in range(self.height):
                view.write(data[y * row:(y + 1) * row], y * pitch)
        del view  # releases the Surface lock
        return surf


def save_png(buf, width, height, path):
    """Writes the display bytes `buf` as a width x height PNG at `path`."""
    pygame.image.save(FrameConverter(width, height).convert(buf), path)
