"""hal/kernels.py's Thumb loops stood in for under CPython: the same work done by the
module's reference functions on the buffers behind fake addresses, so the driver's and
the font's fast paths (partial pushes, line drawing) run in tests exactly as on the Pico.

`install(monkeypatch)` puts a fake `uctypes` (addressof hands out addresses and
remembers each buffer) into sys.modules and the stand-ins into hal.kernels.
"""
import sys
import types

from hal import kernels, kernels_ref


class Memory:
    """Addresses for buffers: each buffer gets its own 1 MB-aligned base."""

    def __init__(self):
        self.by_base = {}
        self.by_id = {}

    def addressof(self, buf):
        key = id(buf)
        if key not in self.by_id:
            base = 0x20000000 + (len(self.by_id) + 1) * 0x100000
            self.by_id[key] = base
            self.by_base[base] = buf
        return self.by_id[key]

    def at(self, addr):
        base = addr & ~0xFFFFF
        return self.by_base[base], addr - base


def install(monkeypatch):
    mem = Memory()
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = mem.addressof
    monkeypatch.setitem(sys.modules, "uctypes", uctypes)

    def convert(src, dst, pal, job):
        s, so = mem.at(src)
        d, do = mem.at(dst)
        p, _ = mem.at(pal)
        j, _ = mem.at(job)
        out = bytearray(2 * j[0] * j[1])
        kernels_ref.convert_ref(s, so, out, p, j[0], j[1], j[2])
        d[do:do + len(out)] = out

    def tile_diff(frame, hashes, masks, k):
        f, _ = mem.at(frame)
        h, _ = mem.at(hashes)
        m, _ = mem.at(masks)
        kernels_ref.tile_diff_ref(f, h, m)

    def text(job, s, n):
        if isinstance(s, (bytes, bytearray)):
            s = bytes(s).decode()  # the loop reads UTF-8 from a str's or a bytes' data alike
        j = mem.at(job)[0] if isinstance(job, int) else job  # an address or the array
        frame, row = mem.at(j[0]) if j[1] > -(1 << 19) else (bytearray(57600), 0)
        data, _ = mem.at(j[5])
        widths, _ = mem.at(j[6])
        offs, _ = mem.at(j[7])
        codes, _ = mem.at(j[8])
        extra = "".join(chr(c) for c in codes[:j[9]])
        j[1] = kernels_ref.text_ref(frame, row, j[1], s[:n], j[2], j[3], j[4], data, widths, offs,
                                extra, j[10])

    for name, fn in (("convert", convert), ("tile_diff", tile_diff), ("text", text)):
        monkeypatch.setattr(kernels, name, fn)
    monkeypatch.setattr(kernels, "loaded", True)
    return mem
