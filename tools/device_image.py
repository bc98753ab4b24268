"""The emulated Pico's flash filesystem: a littlefs2 image laid out as `make flash` leaves it.

`build_image()` compiles the device bundle (tools/build_bundle.py, host-only files
left out) and puts its folders and main.py at the root of a littlefs2 image with
RPI_PICO's parameters (352 blocks of 4096 B, prog 256, read 32, lookahead 32: what
MicroPython's _boot.py mounts at flash offset 0xA0000), plus /data with any files
given. `extra` adds or replaces root files (e.g. an instrumented boot file);
`read_files()` lists an image's files for tests that look at what the device wrote.
"""
import os
import tempfile

import littlefs

BLOCK_SIZE = 4096
BLOCK_COUNT = 352
PROG_SIZE = 256
READ_SIZE = 32
LOOKAHEAD = 32
# MicroPython's VfsLfs2 caches min(block, 4 * max(read, prog)) bytes, and littlefs keeps a
# file of up to that size inline in its directory: a reader with a smaller cache (the
# python-littlefs default, the prog size) takes such a file for corrupt
CACHE_SIZE = 1024
DATA_DIR = "data"

_bundle_cache = {}


def _new_fs():
    return littlefs.LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT,
                             prog_size=PROG_SIZE, read_size=READ_SIZE,
                             lookahead_size=LOOKAHEAD)


def bundle_files(roots=()):
    """{path in the image: bytes} of the device bundle, built once per process (and per
    set of extra games folders, `roots`: a test's own game)."""
    key = ("files",) + tuple(roots)
    if key not in _bundle_cache:
        from tools import build_bundle
        out = tempfile.mkdtemp(prefix="kocka-bundle-")
        build_bundle.build(out, include_host_only=False, roots=roots)
        files = {}
        for dirpath, _dirs, names in os.walk(out):
            for name in names:
                path = os.path.join(dirpath, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, out).replace(os.sep, "/")] = f.read()
        _bundle_cache[key] = files
    return dict(_bundle_cache[key])


def build_image(data=None, extra=None, bundle=True, roots=()):
    """The littlefs image as bytes: the bundle (bundle=False: none, as a Kocka firmware
    image needs; roots: extra games folders in it), /data (data: {name: bytes}), extra
    root files."""
    files = bundle_files(roots) if bundle else {}
    files.update(extra or {})
    for name, content in (data or {}).items():
        files[DATA_DIR + "/" + name] = content
    fs = _new_fs()
    made = set()
    fs.mkdir("/" + DATA_DIR)
    made.add(DATA_DIR)
    for path in sorted(files):
        parts = path.split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            if d not in made:
                fs.mkdir("/" + d)
                made.add(d)
        with fs.open("/" + path, "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def blank_image():
    """Erased flash (every byte 0xFF): MicroPython's _boot.py formats it at first boot."""
    return b"\xff" * (BLOCK_SIZE * BLOCK_COUNT)


def read_files(image, folder=DATA_DIR):
    """{name: bytes} of the files in one folder of an image (the device's /data by default),
    a subfolder's as "sub/name"."""
    ctx = littlefs.UserContext(len(image))
    ctx.buffer[:] = image
    fs = littlefs.LittleFS(ctx, block_size=BLOCK_SIZE, block_count=BLOCK_COUNT,
                           prog_size=PROG_SIZE, read_size=READ_SIZE, lookahead_size=LOOKAHEAD,
                           cache_size=CACHE_SIZE)
    out = {}
    for name in fs.listdir("/" + folder):
        path = "/" + folder + "/" + name
        if fs.stat(path).type == littlefs.LFSStat.TYPE_DIR:
            for sub, data in read_files(image, folder + "/" + name).items():
                out[name + "/" + sub] = data
            continue
        with fs.open(path, "rb") as f:
            out[name] = f.read()
    return out
