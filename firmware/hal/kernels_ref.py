"""What each of hal/kernels.py's loops computes, in plain Python on buffers (indices, not
addresses): the definitions the Thumb code is tested against (tests/test_kernels.py under
CPython, tests/test_device_kernels.py on the real firmware) and that tests' stand-ins run
(tests/fakekernels.py). Written for clarity, not speed; never imported by the app.
"""
from hal.kernels import FNV_PRIME, FNV_START, STRIPS, TILE_ROWS, TILE_W, TILES_X


def convert_ref(src, start, dst, pal, width, rows, stride):
    """convert() on buffers: src from index `start`, pal as 512 bytes (little-endian)."""
    o = 0
    for r in range(rows):
        s = start + r * stride
        for i in range(width):
            k = 2 * src[s + i]
            dst[o] = pal[k]
            dst[o + 1] = pal[k + 1]
            o += 2


def tile_hash_ref(frame, tx, strip):
    """The hash of tile tx of strip `strip`: its 8 rows of 4 little-endian words."""
    h = FNV_START
    for r in range(TILE_ROWS):
        at = (strip * TILE_ROWS + r) * 240 + tx * TILE_W
        for k in range(4):
            i = at + 4 * k
            w = frame[i] | (frame[i + 1] << 8) | (frame[i + 2] << 16) | (frame[i + 3] << 24)
            h = ((h ^ w) * FNV_PRIME) & 0xFFFFFFFF
    return h


def tile_diff_ref(frame, hashes, masks):
    """tile_diff() on a frame (bytes), hashes (a list or array of 450 ints, updated) and
    masks (30 ints, written)."""
    for s in range(STRIPS):
        m = 0
        for t in range(TILES_X):
            h = tile_hash_ref(frame, t, s)
            k = s * TILES_X + t
            if hashes[k] != h:
                hashes[k] = h
                m |= 1 << t
        masks[s] = m


def text_ref(frame, row, x, s, rows, stride, colour, data, widths, offs, extra, replacement):
    """text() on buffers: `row` the frame index of the glyphs' top row, extra a str (the
    font's symbols beyond ASCII). Returns the x after the text."""
    for ch in s:
        o = ord(ch)
        if 32 <= o < 127:
            i = o - 32
        else:
            k = extra.find(ch)
            i = 95 + k if k >= 0 else replacement
        w = widths[i]
        if i:
            for r in range(rows):
                for c in range(w):
                    px = x + c
                    b = offs[i] + c
                    if 0 <= px < 240 and data[r * stride + (b >> 3)] & (0x80 >> (b & 7)):
                        frame[row + r * 240 + px] = colour & 0xFF
        x += w
    return x
