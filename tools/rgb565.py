"""Frames as RGB565 (big-endian, as the ST7789 takes them) and as PNG.

`from_indexed(buf, palette)` converts an app frame (one palette index a pixel, the
768-byte palette of hal/st7789.py's set_palette) the way the device's driver does
(hal.st7789.color565), so simulator frames and frames decoded from the emulated
SPI bus compare byte for byte. `write_png` needs nothing but zlib.
"""
import struct
import zlib

WIDTH = 240
HEIGHT = 240


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def from_indexed(buf, palette):
    table = []
    for i in range(256):
        v = rgb565(palette[3 * i], palette[3 * i + 1], palette[3 * i + 2])
        table.append(bytes((v >> 8, v & 0xFF)))
    return b"".join(table[i] for i in buf)


def to_rgb888(data):
    out = bytearray(len(data) // 2 * 3)
    j = 0
    for i in range(0, len(data), 2):
        v = (data[i] << 8) | data[i + 1]
        r, g, b = (v >> 11) & 31, (v >> 5) & 63, v & 31
        out[j] = (r << 3) | (r >> 2)
        out[j + 1] = (g << 2) | (g >> 4)
        out[j + 2] = (b << 3) | (b >> 2)
        j += 3
    return bytes(out)


def png_bytes(data, width=WIDTH, height=HEIGHT):
    rgb = to_rgb888(data)
    stride = width * 3
    raw = b"".join(b"\x00" + rgb[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def write_png(data, path, width=WIDTH, height=HEIGHT):
    with open(path, "wb") as f:
        f.write(png_bytes(data, width, height))
