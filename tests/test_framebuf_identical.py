"""simulator/mpcompat/framebuf.py leaves the same bytes as MicroPython's framebuf.

The scene (tests/mp/fb_scene.py: every method and edge case on every format)
and the seeded fuzz (tests/mp/fb_fuzz.py: thousands of random calls) run under
real MicroPython (WebAssembly port) and under CPython with our module; every
dumped buffer and the logs of pixel reads and error types must match exactly.
A mismatch names the first differing pixel.
"""
import os
import subprocess
import sys

import pytest

import framebuf
from tests.mp.fb_scene import buffer_for, padded_stride
from tests.mpgate import ROOT, run_mp

MP_DIR = os.path.join(ROOT, "tests", "mp")
SCENE = os.path.join(MP_DIR, "fb_scene.py")
FUZZ = os.path.join(MP_DIR, "fb_fuzz.py")
FUZZ_MOUNTS = ("shared_rules", "tests/mp/fb_scene.py:fb_scene.py")
FUZZ_RUNS = (("20240611", "1000"), ("7", "600"))  # (seed, calls per buffer)
TIMEOUT = 120  # seconds per runtime; each normally needs 1-2


FORMAT_NAMES = {framebuf.MONO_VLSB: "MONO_VLSB", framebuf.RGB565: "RGB565",
                framebuf.GS4_HMSB: "GS4_HMSB", framebuf.MONO_HLSB: "MONO_HLSB",
                framebuf.MONO_HMSB: "MONO_HMSB", framebuf.GS2_HMSB: "GS2_HMSB",
                framebuf.GS8: "GS8"}


def start_cpython(script, out_dir, args=()):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "simulator", "mpcompat"), ROOT]))
    return subprocess.Popen([sys.executable, script, str(out_dir)] + list(args), cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run_both(tmp_path, script, args=(), mounts=()):
    """Runs `script` under MicroPython and CPython (side by side); returns their output dirs."""
    mp_dir = tmp_path / "micropython"
    cp_dir = tmp_path / "cpython"
    mp_dir.mkdir()
    cp_dir.mkdir()
    cpython = start_cpython(script, cp_dir, args)
    try:
        proc = run_mp(script, args=args, mounts=mounts, out_dir=mp_dir, timeout=TIMEOUT)
        _, cp_err = cpython.communicate(timeout=TIMEOUT)
    finally:
        if cpython.poll() is None:  # timed out or failed: leave nothing running
            cpython.kill()
            cpython.communicate()
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert cpython.returncode == 0, cp_err[-4000:]
    return mp_dir, cp_dir


def locate(fmt, stride, index, diff):
    """(x, y) of the first pixel stored in byte `index` whose bits are in `diff`."""
    if fmt == framebuf.RGB565:
        p = index // 2
    elif fmt == framebuf.GS8:
        p = index
    elif fmt == framebuf.MONO_VLSB:
        bit = (diff & -diff).bit_length() - 1
        return index % stride, index // stride * 8 + bit
    else:
        bits = {framebuf.GS4_HMSB: 4, framebuf.GS2_HMSB: 2}.get(fmt, 1)
        per_byte = 8 // bits
        for slot in range(per_byte):
            # The bits of the slot-th pixel from the left, per format.
            if fmt in (framebuf.GS4_HMSB, framebuf.MONO_HLSB):
                shift = 8 - bits * (slot + 1)
            else:
                shift = bits * slot
            if diff >> shift & ((1 << bits) - 1):
                break
        p = index * per_byte + slot
    return p % stride, p // stride


def first_difference(name, mp_bytes, cp_bytes, fmt, width, height, stride):
    """A readable account of where two dumps of one buffer first differ, or None."""
    if mp_bytes == cp_bytes:
        return None
    if len(mp_bytes) != len(cp_bytes):
        return "%s: sizes differ (micropython %d, cpython %d bytes)" % (
            name, len(mp_bytes), len(cp_bytes))
    diffs = [i for i in range(len(mp_bytes)) if mp_bytes[i] != cp_bytes[i]]
    i = diffs[0]
    x, y = locate(fmt, stride, i, mp_bytes[i] ^ cp_bytes[i])
    where = "pixel (x=%d, y=%d)" % (x, y)
    if x >= width or y >= height:
        where += ", outside the %dx%d image (padding or spare bytes)" % (width, height)
    return ("%s [%s %dx%d stride %d]: %d bytes differ; first at byte %d = %s: "
            "micropython 0x%02x, cpython 0x%02x" % (
                name, FORMAT_NAMES[fmt], width, height, stride, len(diffs), i, where,
                mp_bytes[i], cp_bytes[i]))


def compare_dumps(mp_dir, cp_dir):
    """Asserts both runtimes wrote the same files with the same bytes; returns the manifest."""
    assert sorted(os.listdir(mp_dir)) == sorted(os.listdir(cp_dir)), "different file sets"
    manifest = [line.split() for line in (mp_dir / "manifest.txt").read_text().splitlines() if line]
    assert (cp_dir / "manifest.txt").read_text() == (mp_dir / "manifest.txt").read_text()
    problems = []
    for name, fmt, width, height, stride in manifest:
        problem = first_difference(name, (mp_dir / name).read_bytes(), (cp_dir / name).read_bytes(),
                                   int(fmt), int(width), int(height), int(stride))
        if problem:
            problems.append(problem)
    assert not problems, "%d of %d buffers differ:\n%s" % (
        len(problems), len(manifest), "\n".join(problems[:15]))
    mp_log = (mp_dir / "log.txt").read_text().splitlines()
    cp_log = (cp_dir / "log.txt").read_text().splitlines()
    for n, (a, b) in enumerate(zip(mp_log, cp_log)):
        assert a == b, "log line %d differs:\nmicropython: %s\ncpython:     %s" % (n + 1, a, b)
    assert len(mp_log) == len(cp_log)
    return manifest


@pytest.mark.micropython
def test_scene_is_byte_identical(tmp_path):
    mp_dir, cp_dir = run_both(tmp_path, SCENE, mounts=())
    manifest = compare_dumps(mp_dir, cp_dir)
    # The scene really covered every format and section (guards against a silent skip).
    assert {int(row[1]) for row in manifest} == set(FORMAT_NAMES)
    names = " ".join(row[0] for row in manifest)
    for section in ("fill", "fill_rect", "hvline", "rect", "lines_mesh", "ellipse15f", "poly3f",
                    "blitpal", "blit_tuple", "blit_self", "scroll14", "pixels", "glyphs"):
        assert "_" + section in names, section
    assert len(manifest) > 1000


@pytest.mark.micropython
@pytest.mark.parametrize("seed,calls", FUZZ_RUNS)
def test_fuzz_is_byte_identical(tmp_path, seed, calls):
    mp_dir, cp_dir = run_both(tmp_path, FUZZ, args=(seed, calls), mounts=FUZZ_MOUNTS)
    manifest = compare_dumps(mp_dir, cp_dir)
    assert len(manifest) == 14 * (int(calls) // 50)


@pytest.mark.parametrize("fmt", sorted(FORMAT_NAMES))
def test_first_difference_names_the_pixel(fmt):
    """The mismatch report decodes each format's layout back to the right pixel."""
    width, height, stride = 13, 11, 17
    for x, y in ((0, 0), (12, 0), (5, 7), (12, 10), (3, 9)):
        before = buffer_for(fmt, width, height, stride, 0)
        after = bytearray(before)
        framebuf.FrameBuffer(after, width, height, fmt, stride).pixel(x, y, 1)
        report = first_difference("b", bytes(before), bytes(after), fmt, width, height,
                                  padded_stride(fmt, width, stride))
        assert "pixel (x=%d, y=%d)" % (x, y) in report, report


def test_text_points_to_the_app_font():
    fb = framebuf.FrameBuffer(bytearray(8 * 8 * 2), 8, 8, framebuf.RGB565)
    with pytest.raises(NotImplementedError, match="font"):
        fb.text("A", 0, 0, 1)


def test_constants_match_micropython():
    # Values printed by MicroPython 1.27 (also checked under it by the scene's log).
    assert (framebuf.MONO_VLSB, framebuf.MVLSB, framebuf.RGB565, framebuf.GS4_HMSB,
            framebuf.MONO_HLSB, framebuf.MONO_HMSB, framebuf.GS2_HMSB, framebuf.GS8) == (
        0, 0, 1, 2, 3, 4, 5, 6)
