"""CPython stand-in for MicroPython's `framebuf` module, byte-identical to MicroPython 1.27.

The simulator (and every CPython test) imports this as `framebuf`. It owns the
pixel semantics of `FrameBuffer`: the seven pixel formats and their memory
layout, clipping, colour masking, and every drawing method. For the same calls
on the same buffer contents it leaves the same bytes as MicroPython's
extmod/modframebuf.c; tests/test_framebuf_identical.py proves that against the
real MicroPython (WebAssembly port).

Kept exactly as MicroPython does it, including the surprising parts:
  * Arguments are positional only; ints outside +-(2**31 - 1) raise
    OverflowError (-2**31 too), floats and None raise TypeError.
  * RGB565 pixels are stored little-endian; colours are truncated to the
    format's width (RGB565 16 bits, GS8 8, GS4 4, GS2 2), mono formats store
    "colour != 0".
  * `poly()` needs a buffer-protocol coordinate sequence (array('h'), bytes,
    ...): a list or tuple raises TypeError, as on the device.
  * `blit()` looks the palette up without a width check (a value past the
    palette's width reads on into its buffer; past the buffer's end, where the
    device reads stray memory, this raises IndexError) and compares `key` with
    the palette's output as an unsigned 32-bit value. A blit whose source
    shares the destination's buffer smears pixel by pixel like the C loop.
  * `scroll()` leaves the uncovered strip untouched and is a no-op as a whole
    when either step is as large as the buffer.
Not reproduced: `text()`. MicroPython's built-in 8x8 font is not ours to copy,
and the app draws text with its own bitmap font (firmware/app/font.py), so
`text()` raises NotImplementedError. MicroPython does its arithmetic in 32-bit
ints; values that overflow there (ellipse radii above ~1000, polygon spans
above ~8000) are undefined on the device and not emulated here.

Speed, CPU time on CPython 3.11 (a busy shared 2-core VM), 240x240 RGB565:
fill or full-screen fill_rect 0.06 ms, 100 rect outlines 1 ms, 100 blits of
a 10x14 MONO_HLSB glyph through a 2-colour palette with a transparent key
4-7 ms, full-screen scroll 2.2 ms, 240-pixel diagonal line 0.09 ms.
Rerun with `python simulator/mpcompat/framebuf.py`.
"""

import functools
import operator
import struct

MONO_VLSB = 0
MVLSB = MONO_VLSB
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_INT_MIN = -0x7FFFFFFF  # MicroPython rejects -2**31 too
_INT_MAX = 0x7FFFFFFF
_OMITTED = object()  # an optional argument left out (MicroPython rejects None)


def _int(value):
    """An argument as MicroPython's mp_obj_get_int sees it on a 32-bit port."""
    value = operator.index(value)
    if _INT_MIN <= value <= _INT_MAX:
        return value
    raise OverflowError("overflow converting long int to machine word")


def _byte_view(buffer, writable):
    """(byte-indexable view, owner) of a buffer-protocol object."""
    if type(buffer) is bytearray:
        return buffer, buffer
    try:
        view = memoryview(buffer)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and view.readonly:
        raise TypeError("object with buffer protocol required")
    owner = view.obj
    if type(buffer) is bytes:
        return buffer, owner
    return view.cast("B"), owner


class _Surface:
    """One pixel format over one buffer: geometry plus get/set/fill/row access.

    Coordinates reaching these methods are already clipped (or, for blit
    palettes, unchecked exactly as in MicroPython).
    """

    stride_align = 1  # stride rounds up to a multiple of this
    bits = 8  # bits per pixel, for the buffer size check

    def __init__(self, buffer, width, height, stride, writable):
        align = self.stride_align
        stride = (stride + align - 1) // align * align
        self.buf, self.owner = _byte_view(buffer, writable)
        if self.required_bytes(width, height, stride) > len(self.buf):
            raise ValueError()
        self.width = width
        self.height = height
        self.stride = stride

    def required_bytes(self, width, height, stride):
        align = self.stride_align
        row_bits = (width + align - 1) // align * align * self.bits
        return ((height - 1) * stride * self.bits + row_bits) // 8

    def fill(self, x, y, w, h, c):
        put = self.set
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                put(xx, yy, c)

    def read_row(self, x, y, n):
        get = self.get
        return [get(xx, y) for xx in range(x, x + n)]

    def write_row(self, x, y, values, key):
        put = self.set
        for c in values:
            if c != key:
                put(x, y, c)
            x += 1


class _MonoVLSB(_Surface):
    """Each byte is a column of 8 pixels, the top one in bit 0."""

    bits = 1

    def required_bytes(self, width, height, stride):
        return ((height + 7) // 8 - 1) * stride + width

    def set(self, x, y, c):
        i = (y >> 3) * self.stride + x
        bit = 1 << (y & 7)
        self.buf[i] = (self.buf[i] | bit) if c else (self.buf[i] & ~bit)

    def get(self, x, y):
        return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1

    def fill(self, x, y, w, h, c):
        buf = self.buf
        end = y + h
        while y < end:
            band_end = min(end, (y | 7) + 1)
            mask = ((1 << (band_end - y)) - 1) << (y & 7)
            i = (y >> 3) * self.stride + x
            buf[i:i + w] = bytes(buf[i:i + w]).translate(_bit_table(mask, bool(c)))
            y = band_end


@functools.lru_cache(maxsize=None)
def _bit_table(mask, on):
    """A bytes.translate table that sets (or clears) the `mask` bits of every byte."""
    return bytes((b | mask) if on else (b & ~mask) for b in range(256))


class _Packed(_Surface):
    """Several pixels per byte along a row (mono horizontal, GS2, GS4).

    Fills write whole bytes with slice assignment and only the ragged ends
    pixel by pixel.
    """

    def whole_byte(self, c):
        raise NotImplementedError

    def fill(self, x, y, w, h, c):
        per = self.stride_align
        first = -(-x // per) * per
        last = (x + w) // per * per
        if first >= last:
            return _Surface.fill(self, x, y, w, h, c)
        put = self.set
        run = bytes((self.whole_byte(c),)) * ((last - first) // per)
        buf = self.buf
        for yy in range(y, y + h):
            for xx in range(x, first):
                put(xx, yy, c)
            i = (first + yy * self.stride) // per
            buf[i:i + len(run)] = run
            for xx in range(last, x + w):
                put(xx, yy, c)


class _MonoHLSB(_Packed):
    """Each byte is 8 pixels of a row, the leftmost in bit 7."""

    stride_align = 8
    bits = 1
    # byte -> its 8 pixels left to right, as a bytes of 0/1 (fast glyph reads)
    _unpacked = [bytes((b >> (7 - i)) & 1 for i in range(8)) for b in range(256)]
    _packed = dict(zip(_unpacked, range(256)))

    def bit(self, x):
        return 0x80 >> (x & 7)

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 3
        bit = self.bit(x)
        self.buf[i] = (self.buf[i] | bit) if c else (self.buf[i] & ~bit)

    def get(self, x, y):
        return 1 if self.buf[(x + y * self.stride) >> 3] & self.bit(x) else 0

    def whole_byte(self, c):
        return 0xFF if c else 0

    def fill(self, x, y, w, h, c):
        # a row's pixels as one int (leftmost in the top bit), masked in or out
        buf = self.buf
        for yy in range(y, y + h):
            start = x + yy * self.stride
            i0 = start >> 3
            i1 = ((start + w - 1) >> 3) + 1
            mask = ((1 << w) - 1) << ((i1 - i0) * 8 - (start & 7) - w)
            word = int.from_bytes(buf[i0:i1], "big")
            word = (word | mask) if c else (word & ~mask)
            buf[i0:i1] = word.to_bytes(i1 - i0, "big")

    def read_row(self, x, y, n):
        start = x + y * self.stride
        i = start >> 3
        pixels = b"".join(map(self._unpacked.__getitem__, self.buf[i:((start + n - 1) >> 3) + 1]))
        return list(pixels[start & 7:(start & 7) + n])

    def write_row(self, x, y, values, key):
        # Whole bytes at once (a glyph copied out of a font strip): unpack the bytes the
        # run touches, splice the new pixels in, pack them back.
        if key in values:
            return _Surface.write_row(self, x, y, values, key)
        n = len(values)
        start = x + y * self.stride
        i0 = start >> 3
        i1 = ((start + n - 1) >> 3) + 1
        bits = bytearray(b"".join(map(self._unpacked.__getitem__, self.buf[i0:i1])))
        off = start & 7
        bits[off:off + n] = bytes(1 if c else 0 for c in values)
        pack = self._packed
        self.buf[i0:i1] = bytes(pack[bytes(bits[k:k + 8])] for k in range(0, len(bits), 8))


class _MonoHMSB(_MonoHLSB):
    """Each byte is 8 pixels of a row, the leftmost in bit 0."""

    _unpacked = [bytes((b >> i) & 1 for i in range(8)) for b in range(256)]
    _packed = dict(zip(_unpacked, range(256)))

    def bit(self, x):
        return 1 << (x & 7)

    fill = _Packed.fill   # its bits run the other way within a byte


class _GS2(_Packed):
    """4 pixels per byte, the leftmost in bits 0-1."""

    stride_align = 4
    bits = 2

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 2
        shift = (x & 3) << 1
        self.buf[i] = (self.buf[i] & ~(3 << shift)) | ((c & 3) << shift)

    def get(self, x, y):
        return (self.buf[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3

    def whole_byte(self, c):
        return (c & 3) * 0x55


class _GS4(_Packed):
    """2 pixels per byte, the leftmost in the high nibble."""

    stride_align = 2
    bits = 4

    def set(self, x, y, c):
        i = (x + y * self.stride) >> 1
        if x & 1:
            self.buf[i] = (self.buf[i] & 0xF0) | (c & 0x0F)
        else:
            self.buf[i] = (self.buf[i] & 0x0F) | ((c & 0x0F) << 4)

    def get(self, x, y):
        b = self.buf[(x + y * self.stride) >> 1]
        return b & 0x0F if x & 1 else b >> 4

    def whole_byte(self, c):
        return (c & 0x0F) * 0x11


class _GS8(_Surface):
    def set(self, x, y, c):
        self.buf[x + y * self.stride] = c & 0xFF

    def get(self, x, y):
        return self.buf[x + y * self.stride]

    def fill(self, x, y, w, h, c):
        buf, stride = self.buf, self.stride
        start = x + y * stride
        if w < h:  # tall and narrow: a strided slice per column
            column = bytes((c & 0xFF,)) * h
            for i in range(start, start + w):
                buf[i:i + (h - 1) * stride + 1:stride] = column
            return
        run = bytes((c & 0xFF,)) * w
        for i in range(start, start + h * stride, stride):
            buf[i:i + w] = run

    def read_row(self, x, y, n):
        i = x + y * self.stride
        return list(self.buf[i:i + n])

    def write_row(self, x, y, values, key):
        i = x + y * self.stride
        n = len(values)
        if key in values:  # transparent pixels keep what is there
            old = self.buf[i:i + n]
            self.buf[i:i + n] = bytes(old[j] if values[j] == key else values[j] & 0xFF
                                      for j in range(n))
            return
        self.buf[i:i + n] = bytes(c & 0xFF for c in values)


class _RGB565(_Surface):
    """16-bit pixels, stored little-endian as MicroPython's uint16_t stores are."""

    bits = 16

    def set(self, x, y, c):
        i = (x + y * self.stride) << 1
        self.buf[i] = c & 0xFF
        self.buf[i + 1] = (c >> 8) & 0xFF

    def get(self, x, y):
        i = (x + y * self.stride) << 1
        return self.buf[i] | (self.buf[i + 1] << 8)

    def fill(self, x, y, w, h, c):
        pixel = bytes((c & 0xFF, (c >> 8) & 0xFF))
        buf, stride = self.buf, self.stride
        start = (x + y * stride) << 1
        if w == stride:  # whole rows: one contiguous run
            buf[start:start + 2 * w * h] = pixel * (w * h)
        elif w < h:  # tall and narrow (vline, rect sides): a strided slice per byte column
            step = 2 * stride
            lo, hi = bytes((c & 0xFF,)) * h, bytes(((c >> 8) & 0xFF,)) * h
            for i in range(start, start + 2 * w, 2):
                buf[i:i + (h - 1) * step + 1:step] = lo
                buf[i + 1:i + (h - 1) * step + 2:step] = hi
        else:
            run = pixel * w
            for i in range(start, start + 2 * h * stride, 2 * stride):
                buf[i:i + 2 * w] = run

    def read_row(self, x, y, n):
        return struct.unpack_from("<%dH" % n, self.buf, (x + y * self.stride) << 1)

    def write_row(self, x, y, values, key):
        buf = self.buf
        i = (x + y * self.stride) << 1
        if key not in values:
            buf[i:i + 2 * len(values)] = struct.pack("<%dH" % len(values), *values)
            return
        for c in values:
            if c != key:
                buf[i] = c & 0xFF
                buf[i + 1] = c >> 8
            i += 2


_SURFACES = {
    MONO_VLSB: _MonoVLSB,
    RGB565: _RGB565,
    GS4_HMSB: _GS4,
    MONO_HLSB: _MonoHLSB,
    MONO_HMSB: _MonoHMSB,
    GS2_HMSB: _GS2,
    GS8: _GS8,
}


def _surface(buffer, width, height, format, stride, writable):
    width = _int(width)
    height = _int(height)
    format = _int(format)
    stride = width if stride is _OMITTED else _int(stride)
    if (width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF
            or stride > 0xFFFF or stride < width):
        raise ValueError()
    kind = _SURFACES.get(format)
    if kind is None:
        raise ValueError("invalid format")
    return kind(buffer, width, height, stride, writable)


_FIXED = {}   # blit sources given as a tuple over bytes -> their surface


class _PaletteCache(dict):
    """Source pixel value -> palette colour, read from the palette on first use."""

    def __init__(self, palette):
        super().__init__()
        self.palette = palette

    def __missing__(self, value):
        colour = self[value] = self.palette.get(value, 0)
        return colour


def _truncdiv(a, b):
    """C integer division (rounds toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


class FrameBuffer:
    """framebuf.FrameBuffer(buffer, width, height, format[, stride])."""

    def __init__(self, buffer, width, height, format, stride=_OMITTED, /):
        self.__surface = _surface(buffer, width, height, format, stride, True)

    def __readable(self, obj):
        """A blit source or palette: a FrameBuffer or (buffer, w, h, format[, stride])."""
        if isinstance(obj, FrameBuffer):
            return obj.__surface
        if not isinstance(obj, (tuple, list)):
            raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
        if not 4 <= len(obj) <= 5:
            raise ValueError()
        stride = obj[4] if len(obj) == 5 else _OMITTED
        if type(obj) is tuple and type(obj[0]) is bytes:
            # immutable all through (a font's strip): its surface made once
            s = _FIXED.get(obj)
            if s is None:
                s = _surface(obj[0], obj[1], obj[2], obj[3], stride, False)
                if len(_FIXED) < 64:
                    _FIXED[obj] = s
            return s
        return _surface(obj[0], obj[1], obj[2], obj[3], stride, False)

    def __fill_rect(self, x, y, w, h, c):
        s = self.__surface
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0 or x >= s.width or y >= s.height:
            return
        x_end = min(s.width, x + w)
        y_end = min(s.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        s.fill(x, y, x_end - x, y_end - y, c)

    def __put(self, x, y, c):
        s = self.__surface
        if 0 <= x < s.width and 0 <= y < s.height:
            s.set(x, y, c)

    def fill(self, c, /):
        s = self.__surface
        s.fill(0, 0, s.width, s.height, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        self.__fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def pixel(self, x, y, c=_OMITTED, /):
        s = self.__surface
        x = _int(x)
        y = _int(y)
        if 0 <= x < s.width and 0 <= y < s.height:
            if c is _OMITTED:
                return s.get(x, y)
            s.set(x, y, _int(c))
        return None

    def hline(self, x, y, w, c, /):
        self.__fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self.__fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self.__fill_rect(x, y, w, h, c)
            return
        self.__fill_rect(x, y, w, 1, c)
        self.__fill_rect(x, y + h - 1, w, 1, c)
        self.__fill_rect(x, y, 1, h, c)
        self.__fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        self.__line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def __line(self, x1, y1, x2, y2, c):
        """Bresenham from (x1, y1) to (x2, y2), stepping the way MicroPython steps.

        The walk starts at the first point and plots the second one last, so
        the pixels depend on the direction a line is drawn in.
        """
        s = self.__surface
        width, height, put = s.width, s.height, s.set
        dx, sx = (x2 - x1, 1) if x2 > x1 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 > y1 else (y1 - y2, -1)
        steep = dy > dx
        if steep:  # walk along y: swap the roles of the axes
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        err = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < width and 0 <= py < height:
                put(px, py, c)
            while err >= 0:
                y1 += sy
                err -= 2 * dx
            x1 += sx
            err += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            put(x2, y2, c)

    def ellipse(self, x, y, xr, yr, c, f=False, m=0xF, /):
        cx, cy, a, b, c = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        quadrants = _int(m) & 0xF
        fill = bool(f)
        if a == 0 and b == 0:
            if quadrants:
                self.__put(cx, cy, c)
            return

        def plot(px, py):
            # quadrants: 1 upper right, 2 upper left, 4 lower left, 8 lower right
            if fill:
                if quadrants & 1:
                    self.__fill_rect(cx, cy - py, px + 1, 1, c)
                if quadrants & 2:
                    self.__fill_rect(cx - px, cy - py, px + 1, 1, c)
                if quadrants & 4:
                    self.__fill_rect(cx - px, cy + py, px + 1, 1, c)
                if quadrants & 8:
                    self.__fill_rect(cx, cy + py, px + 1, 1, c)
            else:
                if quadrants & 1:
                    self.__put(cx + px, cy - py, c)
                if quadrants & 2:
                    self.__put(cx - px, cy - py, c)
                if quadrants & 4:
                    self.__put(cx - px, cy + py, c)
                if quadrants & 8:
                    self.__put(cx + px, cy + py, c)

        # Midpoint ellipse in two passes (flat then steep part), integer error
        # terms as in MicroPython; the passes overlap, which matters only for
        # what gets drawn twice.
        two_a2, two_b2 = 2 * a * a, 2 * b * b
        px, py = a, 0
        x_change, y_change = b * b * (1 - 2 * a), a * a
        err, stop_x, stop_y = 0, two_b2 * a, 0
        while stop_x >= stop_y:
            plot(px, py)
            py += 1
            stop_y += two_a2
            err += y_change
            y_change += two_a2
            if 2 * err + x_change > 0:
                px -= 1
                stop_x -= two_b2
                err += x_change
                x_change += two_b2
        px, py = 0, b
        x_change, y_change = b * b, a * a * (1 - 2 * b)
        err, stop_x, stop_y = 0, 0, two_a2 * b
        while stop_x <= stop_y:
            plot(px, py)
            px += 1
            stop_x += two_b2
            err += x_change
            x_change += two_b2
            if 2 * err + y_change > 0:
                py -= 1
                stop_y -= two_a2
                err += y_change
                y_change += two_a2

    def poly(self, x, y, coords, c, f=False, /):
        x, y = _int(x), _int(y)
        try:
            view = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        n = len(view) // 2
        if n == 0:
            return
        c = _int(c)
        pts = [(_int(view[2 * i]), _int(view[2 * i + 1])) for i in range(n)]
        # MicroPython walks the edges backwards: P0->P(n-1), P(n-1)->P(n-2), ..., P1->P0.
        edges = [(pts[(j + 1) % n], pts[j]) for j in range(n - 1, -1, -1)]
        if not f:
            for (x1, y1), (x2, y2) in edges:
                self.__line(x + x1, y + y1, x + x2, y + y2, c)
            return
        # Scan-line fill. Each edge counts on the rows [top, bottom) so shared
        # vertices are not counted twice; the bottom rows that this misses are
        # patched with single pixels (or the flat edge) as MicroPython does.
        ys = [p[1] for p in pts]
        height = self.__surface.height
        for row in range(max(min(ys), -y), min(max(ys), height - y - 1) + 1):
            nodes = []
            for (x1, y1), (x2, y2) in edges:
                if y1 != y2 and (y1 <= row < y2 or y2 <= row < y1):
                    offset = _truncdiv(32 * (x2 - x1) * (row - y1), y2 - y1)
                    nodes.append(_truncdiv(32 * x1 + offset + 16, 32))
                elif row == max(y1, y2):
                    if y1 < y2:
                        self.__put(x + x2, y + y2, c)
                    elif y2 < y1:
                        self.__put(x + x1, y + y1, c)
                    else:
                        self.__line(x + x1, y + y1, x + x2, y + y2, c)
            nodes.sort()
            for i in range(0, len(nodes) - 1, 2):
                self.__fill_rect(x + nodes[i], y + row, nodes[i + 1] - nodes[i] + 1, 1, c)

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        dst = self.__surface
        src = self.__readable(fbuf)
        x, y = _int(x), _int(y)
        key = _int(key) & 0xFFFFFFFF  # compared with unsigned pixel values
        pal = None if palette is None else self.__readable(palette)
        if x >= dst.width or y >= dst.height or -x >= src.width or -y >= src.height:
            return
        x0, y0 = max(0, x), max(0, y)
        sx, sy = max(0, -x), max(0, -y)
        n = min(dst.width, x + src.width) - x0
        rows = min(dst.height, y + src.height) - y0
        if src.owner is dst.owner or (pal is not None and pal.owner is dst.owner):
            # Overlapping memory: reads see earlier writes, so go pixel by pixel.
            for r in range(rows):
                for i in range(n):
                    col = src.get(sx + i, sy + r)
                    if pal is not None:
                        col = pal.get(col, 0)
                    if col != key:
                        dst.set(x0 + i, y0 + r, col)
            return
        if type(src) is _MonoHLSB and self.__fast_mono_blit(src, sx, sy, x0, y0, n, rows, key, pal):
            return
        lut = None if pal is None else _PaletteCache(pal)
        for r in range(rows):
            values = src.read_row(sx, sy + r, n)
            if lut is not None:
                values = [lut[v] for v in values]
            dst.write_row(x0, y0 + r, values, key)

    def __fast_mono_blit(self, src, sx, sy, x0, y0, n, rows, key, pal):
        """The app's text path (a glyph out of a MONO_HLSB strip, then onto the screen
        through a 2-colour palette) a row at a time with int and str operations instead of
        per pixel. Returns False where it does not apply; the result is the same pixels."""
        dst = self.__surface
        kind = type(dst)
        if kind is _MonoHLSB and pal is None and key > 1:
            for r in range(rows):
                bits = _row_bits(src, sx, sy + r, n)
                start = x0 + (y0 + r) * dst.stride
                i0 = start >> 3
                i1 = ((start + n - 1) >> 3) + 1
                shift = (i1 - i0) * 8 - (start & 7) - n
                word = int.from_bytes(dst.buf[i0:i1], "big")
                mask = ((1 << n) - 1) << shift
                word = (word & ~mask) | (bits << shift)
                dst.buf[i0:i1] = word.to_bytes(i1 - i0, "big")
            return True
        if kind is _GS8 and pal is not None and pal.width >= 2:
            fills = [None if c == key else bytes((c & 0xFF,))
                     for c in (pal.get(0, 0), pal.get(1, 0))]
            buf = dst.buf
            stride = dst.stride
            base = x0 + y0 * stride
            for row in _glyph_runs(bytes(src.buf), src.stride, sx, sy, n, rows):
                for pos, end, on in row:
                    fill = fills[on]
                    if fill is not None:
                        buf[base + pos:base + end] = fill * (end - pos)
                base += stride
            return True
        return False

    def scroll(self, xstep, ystep, /):
        s = self.__surface
        xstep, ystep = _int(xstep), _int(ystep)
        if abs(xstep) >= s.width or abs(ystep) >= s.height:
            return
        # Pixel (x, y) takes the old (x - xstep, y - ystep); the strip with no
        # source keeps its old pixels. Rows are visited so that each source
        # row is read before anything overwrites it.
        x0 = max(0, xstep)
        n = s.width - abs(xstep)
        rows = range(s.height - 1, ystep - 1, -1) if ystep >= 0 else range(0, s.height + ystep)
        for row in rows:
            s.write_row(x0, row, s.read_row(x0 - xstep, row - ystep, n), -1)

    def text(self, s, x, y, c=1, /):
        raise NotImplementedError(
            "framebuf.text() is not provided under CPython: MicroPython's built-in font is "
            "not reproduced here. Draw text with the app's font module instead "
            "(firmware/app/font.py: font.draw(fb, text, x, y, colour)).")


@functools.lru_cache(maxsize=8192)
def _glyph_runs(data, stride, x, y, n, rows):
    """The runs of equal pixels in each of `rows` rows of n pixels of a MONO_HLSB buffer
    (its bytes and stride) from (x, y): per row ((start, end, pixel), ...). The app draws
    the same few glyphs again and again, so each is worked out once."""
    out = []
    for r in range(rows):
        start = x + (y + r) * stride
        i0 = start >> 3
        i1 = ((start + n - 1) >> 3) + 1
        word = int.from_bytes(data[i0:i1], "big")
        bits = (word >> ((i1 - i0) * 8 - (start & 7) - n)) & ((1 << n) - 1)
        text = bin(bits | (1 << n))[3:]   # n chars of 0/1
        runs = []
        pos = 0
        while pos < n:
            ch = text[pos]
            end = text.find("0" if ch == "1" else "1", pos)
            if end < 0:
                end = n
            runs.append((pos, end, 1 if ch == "1" else 0))
            pos = end
        out.append(tuple(runs))
    return tuple(out)


def _row_bits(src, x, y, n):
    """n pixels of a MONO_HLSB row from (x, y) as an int, leftmost pixel in the top bit."""
    start = x + y * src.stride
    i0 = start >> 3
    i1 = ((start + n - 1) >> 3) + 1
    word = int.from_bytes(src.buf[i0:i1], "big")
    return (word >> ((i1 - i0) * 8 - (start & 7) - n)) & ((1 << n) - 1)


def FrameBuffer1(buffer, width, height, stride=_OMITTED, /):
    """The legacy monochrome constructor: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is _OMITTED else stride)


def _benchmark():
    import time

    def ms(fn, repeat):
        """CPU milliseconds per call, best of 5 batches: other load only ever adds time."""
        best = float("inf")
        for _ in range(5):
            t = time.process_time()
            for _ in range(repeat):
                fn()
            best = min(best, (time.process_time() - t) / repeat)
        return best * 1000

    screen = FrameBuffer(bytearray(240 * 240 * 2), 240, 240, RGB565)
    glyph = FrameBuffer(bytearray(2 * 14), 10, 14, MONO_HLSB)
    glyph.ellipse(4, 7, 4, 6, 1)
    palette = FrameBuffer(bytearray(4), 2, 1, RGB565)
    palette.pixel(1, 0, 0xFFFF)

    def rects():
        for i in range(100):
            screen.rect(i, i, 100, 80, 0x1234)

    def glyphs():
        for i in range(100):
            screen.blit(glyph, (i * 11) % 230, (i * 7) % 226, 0, palette)

    print("fill            %.3f ms" % ms(lambda: screen.fill(0x1234), 200))
    print("fill_rect full  %.3f ms" % ms(lambda: screen.fill_rect(0, 0, 240, 240, 7), 200))
    print("fill_rect 200w  %.3f ms" % ms(lambda: screen.fill_rect(20, 20, 200, 200, 7), 200))
    print("100 rects       %.3f ms" % ms(rects, 20))
    print("100 glyph blits %.3f ms" % ms(glyphs, 20))
    print("scroll          %.3f ms" % ms(lambda: screen.scroll(3, -2), 20))
    print("line diagonal   %.3f ms" % ms(lambda: screen.line(0, 0, 239, 239, 5), 100))


if __name__ == "__main__":
    _benchmark()
