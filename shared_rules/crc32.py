"""CRC-32 (the zlib / PNG / Ethernet one) that gives zlib.crc32's numbers everywhere.

Two ways, the first the runtime offers, each passing a known-answer check first:

1. `binascii.crc32` (CPython always; MicroPython where the port enables
   MICROPY_PY_BINASCII_CRC32: the official rp2 build of v1.28 does, and so does the
   project's firmware image, so this is the path on the Pico: about 0.2 ms per KB,
   measured on the emulated RP2040 by `make bench`);
2. pure Python, in two 16-bit halves, where binascii has no crc32 (the WebAssembly
   port): on the RP2040 every intermediate value stays a small int (no heap allocation
   per byte); 2 x 256 16-bit entries (1 KB), built on first use. About 80x slower than
   binascii on the emulated RP2040.
"""

try:
    from binascii import crc32 as _native
    if _native(b"123456789") & 0xFFFFFFFF != 0xCBF43926:
        _native = None
except (ImportError, AttributeError, TypeError):
    _native = None

_HI = None  # array('H') of the table's high halves, built lazily
_LO = None


def _entry(n):
    """Table entry n as (high, low) 16-bit halves."""
    h = 0
    l = n
    for _ in range(8):
        if l & 1:
            # (h:l) = ((h:l) >> 1) ^ 0xEDB88320
            l = ((l >> 1) | ((h & 1) << 15)) ^ 0x8320
            h = (h >> 1) ^ 0xEDB8
        else:
            l = (l >> 1) | ((h & 1) << 15)
            h = h >> 1
    return h, l


def _table():
    global _HI, _LO
    from array import array
    hi = array("H", bytes(512))
    lo = array("H", bytes(512))
    for n in range(256):
        hi[n], lo[n] = _entry(n)
    _LO = lo
    _HI = hi


def crc32_halves(data, hi=0, lo=0):
    """The CRC of `data` continuing from a CRC given as (hi, lo) 16-bit halves (0, 0 to start);
    returns the new (hi, lo). Pure Python, allocation-free per byte."""
    if _HI is None:
        _table()
    th = _HI
    tl = _LO
    h = hi ^ 0xFFFF
    l = lo ^ 0xFFFF
    for b in data:
        i = (l ^ b) & 0xFF
        l = (((l >> 8) | ((h & 0xFF) << 8)) ^ tl[i]) & 0xFFFF
        h = (h >> 8) ^ th[i]
    return h ^ 0xFFFF, l ^ 0xFFFF


def crc32_py(data, crc=0):
    """The pure-Python path, same result as zlib.crc32(data, crc) (tests compare them)."""
    h, l = crc32_halves(data, (crc >> 16) & 0xFFFF, crc & 0xFFFF)
    return (h << 16) | l


def _fast(data, crc):
    """The CRC by binascii, or None where there is none."""
    if _native is not None:
        return _native(data, crc) & 0xFFFFFFFF
    return None


def crc32(data, crc=0):
    """zlib.crc32(data, crc): an int in [0, 2**32)."""
    c = _fast(data, crc)
    return crc32_py(data, crc) if c is None else c


def crc32_hex(data):
    """The CRC as 8 lowercase hex digits (no big int on the pure-Python path)."""
    c = _fast(data, 0)
    if c is not None:
        return "%08x" % c
    h, l = crc32_halves(data)
    return "%04x%04x" % (h, l)


def crc32_bytes(data):
    """The CRC as 4 bytes, little-endian (how the game log stores it)."""
    c = _fast(data, 0)
    if c is not None:
        return bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, (c >> 24) & 0xFF))
    h, l = crc32_halves(data)
    return bytes((l & 0xFF, l >> 8, h & 0xFF, h >> 8))
