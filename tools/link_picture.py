"""The README's picture of link play: two linked devices' screens side by side.

`python -m tools.link_picture [OUT]` boots two emulated Picos with the Kocka firmware
image (tools/build_uf2.py), their LINK A jacks joined by the emulated cable, takes them
from the boot into link play's lobby (Host a game / Join a game) and into a linked game
of Cubo, where both players roll and take the hint's arrangement, so each device shows
its own player's grid; then writes both screens' last frames (as the display got them)
side by side with a gap, each labelled with its role, to OUT (docs/link.png). The keys
are the link tests' (tests/linkapp.py, tests/linkraces.py). Takes several
minutes of wall time: the emulator runs slower than a real Pico.

compose() is the picture's layout alone (tests/test_link_picture.py).
"""
import os
import sys
import tempfile

from tools import rgb565

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "link.png")
MARGIN = 12
GAP = 24
LABEL = 26                      # the band under the screens for the labels
BACKGROUND = (24, 24, 32)
INK = (200, 200, 210)
SCREEN = rgb565.WIDTH           # a frame is 240x240, RGB565 big-endian


def size():
    """(width, height) of the composed picture."""
    return (2 * MARGIN + 2 * SCREEN + GAP, 2 * MARGIN + SCREEN + LABEL)


def _swapped(rgb):
    # framebuf stores a pixel little-endian: a byte-swapped colour lands big-endian, as
    # the frames are
    v = rgb565.rgb565(*rgb)
    return ((v & 0xFF) << 8) | (v >> 8)


def compose(left, right, labels=None):
    """The two 240x240 frames (RGB565 big-endian bytes) side by side on a dark ground,
    `labels` (two strs, or None) centred under them in the app's own font: the picture
    as RGB565 big-endian bytes (width, height: size())."""
    for f in (left, right):
        if len(f) != 2 * SCREEN * SCREEN:
            raise ValueError("a frame is %d bytes, not a 240x240 RGB565 screen" % len(f))
    width, height = size()
    buf = bytearray(2 * width * height)
    import framebuf             # MicroPython's, or simulator/mpcompat's under CPython
    fb = framebuf.FrameBuffer(buf, width, height, framebuf.RGB565)
    fb.fill(_swapped(BACKGROUND))
    row = 2 * SCREEN
    for k, frame in enumerate((left, right)):
        x = MARGIN + k * (SCREEN + GAP)
        for y in range(SCREEN):
            at = 2 * ((MARGIN + y) * width + x)
            buf[at:at + row] = frame[y * row:(y + 1) * row]
    if labels:
        from app import font
        for k, text in enumerate(labels):
            font.draw_centered(fb, text, MARGIN + k * (SCREEN + GAP), MARGIN + SCREEN + 4,
                               SCREEN, LABEL - 8, _swapped(INK))
    return bytes(buf)


def write(left, right, path, labels=None):
    width, height = size()
    rgb565.write_png(compose(left, right, labels), path, width, height)


def shoot(firmware, out_dir):
    """Two linked Picos in a Cubo round: ([host frame, guest frame], [their players])."""
    from tests import linkraces as L
    from tests.linkapp import images
    from tools import rp2040emu
    with rp2040emu.LinkedDevices(images(L.NAMES), out_dir=out_dir, firmware=firmware) as pair:
        L.to_lobby(pair)
        L.start(pair, "Cubo", "CuboMatch")
        pair.run(3000)                                  # the count-in to "Cubo!"
        L.tap_all(pair, {L.HOST: "A", L.GUEST: "A"})    # both roll
        pair.run(1500)
        L.tap_all(pair, {L.HOST: ["PRESS", "A"], L.GUEST: ["PRESS", "A"]})  # the hint's grid
        pair.run(1500)
        L.no_crash(pair)
        return [d.last_frame().rgb565 for d in pair], list(L.NAMES)


def main(argv):
    from simulator import roots  # noqa: F401 (app's font and framebuf under CPython)
    from tools import build_uf2
    out = argv[0] if argv else OUT
    uf2 = build_uf2.build("RPI_PICO")
    with tempfile.TemporaryDirectory(prefix="kocka-link-picture-") as tmp:
        firmware = os.path.join(tmp, "kocka-RPI_PICO.bin")
        with open(firmware, "wb") as f:
            f.write(build_uf2.payload(uf2))
        (host, guest), names = shoot(firmware, tmp)
    write(host, guest, out, ["%s: the host" % names[0], "%s: a guest" % names[1]])
    print("wrote %s" % out)


if __name__ == "__main__":
    main(sys.argv[1:])
