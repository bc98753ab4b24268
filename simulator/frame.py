"""Display bytes -> pygame Surface (and PNG), with no per-pixel Python loop.

Two framebuffer layouts are understood, told apart by the buffer's length:

* indexed (width*height bytes): one palette index per pixel (framebuf GS8),
  with the display's 256-entry r, g, b palette. The bytes go straight into an
  8-bit Surface whose palette is the display's, so SDL does the lookup in C.
* RGB565 big-endian (width*height*2 bytes), as the ST7789 reads it: one
  array('H') byteswap (on little-endian hosts) gives native RGB565 words, which
  go straight into a 16-bit Surface with the 565 masks.

Either way the colours are shown as the panel shows them: palette entries are
cut to RGB565 (the panel's 65K colours) and widened back to 8 bits exactly as
SDL widens 565 pixels, so indexed and RGB565 frames of the same picture match.
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


def widen(v, bits):
    """An n-bit channel value widened to 8 bits (rounding down) exactly as SDL widens 565 pixels."""
    top = (1 << bits) - 1
    return (v & top) * 255 // top


def panel_colour(r, g, b):
    """(r, g, b) as the panel shows it: cut to RGB565, widened back to 8 bits."""
    return (widen(r >> 3, 5), widen(g >> 2, 6), widen(b >> 3, 5))


def panel_palette(rgb):
    """768 bytes of r, g, b -> 256 (r, g, b) tuples as the panel shows them."""
    return [panel_colour(rgb[i], rgb[i + 1], rgb[i + 2]) for i in range(0, 768, 3)]


def _write(surf, data, row, height):
    pitch = surf.get_pitch()
    view = surf.get_buffer()
    if pitch == row:
        view.write(data, 0)
    else:  # padded rows (not seen for 240 px, kept for other widths)
        for y in range(height):
            view.write(data[y * row:(y + 1) * row], y * pitch)
    del view  # releases the Surface lock


class FrameConverter:
    """Reuses one Surface per layout for every frame of a width x height display."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.rgb565 = pygame.Surface((width, height), 0, 16, MASKS)
        self.indexed = pygame.Surface((width, height), 0, 8)
        self.palette_src = None

    def convert(self, buf, palette=None):
        """Copies the frame `buf` into a Surface and returns it (the same object each time
        for a layout). `palette`: 768 bytes of r, g, b, for an indexed frame."""
        n = self.width * self.height
        if len(buf) == n:
            if palette is None:
                raise ValueError("an indexed frame needs the display's palette")
            if palette != self.palette_src:
                self.palette_src = bytes(palette)
                self.indexed.set_palette(panel_palette(self.palette_src))
            _write(self.indexed, bytes(buf), self.width, self.height)
            return self.indexed
        if len(buf) == 2 * n:
            _write(self.rgb565, native_rgb565(buf), 2 * self.width, self.height)
            return self.rgb565
        raise ValueError("a %dx%d frame is %d (indexed) or %d (RGB565) bytes, not %d"
                         % (self.width, self.height, n, 2 * n, len(buf)))


def display_surface(display, converter=None):
    """The HAL display's current frame as a Surface."""
    conv = converter or FrameConverter(display.width, display.height)
    return conv.convert(display.buf, getattr(display, "palette", None))


def save_png(display, path):
    """Writes the HAL display's current frame as a width x height PNG at `path`."""
    pygame.image.save(display_surface(display), path)
