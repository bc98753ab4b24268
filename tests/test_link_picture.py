"""tools/link_picture.py's layout: two known 240x240 frames composed side by side on the
ground, in place pixel for pixel, the labels inked under them, and a PNG of that size.
(The tool's emulator run is not tested here: it takes minutes and only drives the link
tests' own helpers.)"""
import random
import struct
import zlib

import pytest

from tools import link_picture as P
from tools import rgb565

W = rgb565.WIDTH


def frame(seed):
    rng = random.Random(seed)
    return bytes(rng.randrange(256) for _ in range(2 * W * W))


def pixel(buf, width, x, y):
    i = 2 * (y * width + x)
    return buf[i:i + 2]


def test_two_frames_side_by_side_with_a_gap_and_the_ground_around():
    left, right = frame(1), frame(2)
    width, height = P.size()
    assert (width, height) == (2 * P.MARGIN + 2 * W + P.GAP, 2 * P.MARGIN + W + P.LABEL)
    out = P.compose(left, right)
    assert len(out) == 2 * width * height
    ground = struct.pack(">H", rgb565.rgb565(*P.BACKGROUND))
    for x, y in ((0, 0), (P.MARGIN + W + P.GAP // 2, P.MARGIN + W // 2), (width - 1, height - 1),
                 (P.MARGIN + W // 2, P.MARGIN + W + P.LABEL // 2)):
        assert pixel(out, width, x, y) == ground
    rng = random.Random(3)
    for _ in range(200):
        x, y = rng.randrange(W), rng.randrange(W)
        assert pixel(out, width, P.MARGIN + x, P.MARGIN + y) == pixel(left, W, x, y)
        assert pixel(out, width, P.MARGIN + W + P.GAP + x, P.MARGIN + y) == pixel(right, W, x, y)


def test_labels_are_inked_under_each_screen_only():
    left = right = bytes(2 * W * W)
    width, height = P.size()
    plain = P.compose(left, right)
    out = P.compose(left, right, ["HANA: the host", "GUS: a guest"])
    ink = struct.pack(">H", rgb565.rgb565(*P.INK))
    band = P.MARGIN + W
    for k in range(2):
        x0 = P.MARGIN + k * (W + P.GAP)
        inked = [(x, y) for y in range(band, height) for x in range(x0, x0 + W)
                 if pixel(out, width, x, y) == ink]
        assert len(inked) > 50, k
    changed = [i for i in range(0, len(out), 2) if out[i:i + 2] != plain[i:i + 2]]
    assert min(changed) // 2 // width >= band         # nothing drawn on the screens


def test_a_png_of_the_picture_and_a_wrong_frame_refused(tmp_path):
    path = tmp_path / "link.png"
    P.write(frame(4), frame(5), str(path))
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == P.size()
    idat = data.index(b"IDAT")
    n = struct.unpack(">I", data[idat - 4:idat])[0]
    width, height = P.size()
    assert len(zlib.decompress(data[idat + 4:idat + 4 + n])) == height * (1 + 3 * width)
    with pytest.raises(ValueError):
        P.compose(bytes(10), frame(6))
