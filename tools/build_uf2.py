"""`make uf2` (python -m tools.build_uf2 [--board RPI_PICO|RPI_PICO2|all]): the Kocka
firmware image, one file to drop on a Pico: MicroPython v1.28.0 with the app frozen in.

    build/uf2/kocka-<version>-RPI_PICO.uf2     Pico (RP2040, UF2 family 0xe48bff56)
    build/uf2/kocka-<version>-RPI_PICO2.uf2    Pico 2 (RP2350 Arm, family 0xe48bff59)

The frozen manifest holds shared_rules/, app/, hal/ (without the host-only
virtual HAL), board/ and main.py, compiled as `make mpy` compiles them, plus
`kocka_image` (which image this is, for About). MicroPython runs a frozen main.py
before any main.py on the filesystem, and main.py puts the frozen modules first
on sys.path, so the image always runs its own code; the filesystem keeps only
data (/data: settings, the save, the game log), created on first boot and kept
when a newer image is flashed, and the same files a `make flash` install uses.

Where MicroPython comes from: MICROPY_DIR (a MicroPython v1.28.0 checkout with
ports/rp2's submodules: git clone -b v1.28.0 https://github.com/micropython/micropython
&& make -C ports/rp2 submodules), else the source tarball in the shared MicroPython folder
(tools/shared_micropython.py), unpacked once into build/micropython-src/.

The toolchain (arm-none-eabi-gcc with newlib and libstdc++, cmake, make; listed in
tools/system_deps.py) is installed with apt-get by the command when it is missing and
this runs as root on Debian; elsewhere, and always when a test builds, it says in one
line what to install. Pitfalls kept here: CMAKE_ARGS must come from the environment (on the
make command line it replaces the Makefile's own and BOARD is ignored), and
PICO_NO_PICOTOOL=1 stops the SDK fetching picotool from the internet; the UF2 is
written from firmware.bin with MicroPython's own tools/uf2conv.py. For the RP2350 the
SDK puts the image definition block into the binary, which this checks.
"""
import argparse
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tarfile

from tools import shared_micropython, system_deps

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "uf2")
SRC_CACHE = os.path.join(ROOT, "build", "micropython-src")
TARBALL = shared_micropython.TARBALL
MICROPYTHON_VERSION = "1.28.0"
FLASH_BASE = 0x10000000
FAMILY = {"RPI_PICO": 0xE48BFF56, "RPI_PICO2": 0xE48BFF59}
FS_OFFSET = {"RPI_PICO": 0xA0000, "RPI_PICO2": 0x100000}   # where littlefs starts
IMAGE_DEF_START = 0xFFFFDED3  # RP2350 boot ROM's block markers
IMAGE_DEF_END = 0xAB123579


class BuildError(Exception):
    pass


def app_version():
    import re
    with open(os.path.join(ROOT, "firmware", "app", "version.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    return m.group(1)


def image_name(board):
    return "kocka-%s-%s" % (app_version(), board)


def uf2_path(board):
    return os.path.join(OUT, image_name(board) + ".uf2")


# -- sources ---------------------------------------------------------------------------
def micropython_dir():
    """A MicroPython tree to build in: MICROPY_DIR, or the shared tarball unpacked."""
    env = os.environ.get("MICROPY_DIR")
    if env:
        if not os.path.isdir(os.path.join(env, "ports", "rp2")):
            raise BuildError("MICROPY_DIR=%s is not a MicroPython checkout (no ports/rp2)" % env)
        return env
    tarball = os.path.join(shared_micropython.folder(), TARBALL)
    if not os.path.exists(tarball):
        raise BuildError(
            "no MicroPython source: %s is missing. Set MICROPY_DIR to a MicroPython "
            "v%s checkout with its rp2 submodules (git clone -b v%s "
            "https://github.com/micropython/micropython, then make -C ports/rp2 submodules)"
            % (tarball, MICROPYTHON_VERSION, MICROPYTHON_VERSION))
    digest = _sha256(tarball)
    stamp = os.path.join(SRC_CACHE, ".unpacked")
    tree = os.path.join(SRC_CACHE, "micropython")
    if os.path.exists(stamp) and open(stamp).read() == digest and os.path.isdir(tree):
        return tree
    print("unpacking %s" % tarball)
    shutil.rmtree(SRC_CACHE, ignore_errors=True)
    os.makedirs(SRC_CACHE)
    with tarfile.open(tarball) as tf:
        tf.extractall(SRC_CACHE, filter="tar")
    with open(stamp, "w") as f:
        f.write(digest)
    return tree


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# -- the toolchain -----------------------------------------------------------------------
def missing_tools():
    """The Debian packages the build needs that this machine lacks (tools/system_deps.py)."""
    return system_deps.missing(("uf2",))


def ensure_toolchain(install=False):
    """Raises BuildError, with the one line saying what to install, when the toolchain is
    incomplete. install=True (the `make uf2` command) first installs it where it can:
    root with apt-get; tests never install."""
    need = missing_tools()
    if need and install and system_deps.can_install():
        need = system_deps.install(need)
    if need:
        raise BuildError(system_deps.advice(need))


# -- the manifest ------------------------------------------------------------------------
def write_manifest(board, folder):
    """The frozen manifest: the board's own, then Kocka's code and its image marker."""
    os.makedirs(folder, exist_ok=True)
    marker = os.path.join(folder, "kocka_image.py")
    with open(marker, "w") as f:
        f.write('"""Which Kocka firmware image this is (frozen in by tools/build_uf2.py)."""\n'
                'NAME = %r\nBOARD = %r\nAPP = %r\nMICROPYTHON = %r\n'
                % (image_name(board), board, app_version(), MICROPYTHON_VERSION))
    lines = ['include("$(PORT_DIR)/boards/manifest.py")']
    for rel, base in frozen_modules(folder):
        lines.append("module(%r, base_path=%r, opt=3)" % (rel, base))
    path = os.path.join(folder, "manifest.py")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def frozen_modules(folder):
    """[(module path, base folder)] frozen in: the bundle's files (tools/build_bundle.py:
    the host-only ones left out), compiled as `make mpy` compiles them (opt 3), its
    catalog of the games (written into `folder`), main.py and the image marker."""
    from tools import build_bundle
    out = []
    for src, rel in build_bundle.sources(include_host_only=False):
        out.append((rel, src[:len(src) - len(rel)].rstrip("/") or "/"))
    catalog_dir = os.path.join(folder, "catalog")
    os.makedirs(os.path.join(catalog_dir, "shared_rules"), exist_ok=True)
    with open(os.path.join(catalog_dir, build_bundle.CATALOG), "w") as f:
        f.write(build_bundle.catalog_source())
    out.append((build_bundle.CATALOG, catalog_dir))
    out.append(("main.py", os.path.join(ROOT, "firmware")))
    out.append(("kocka_image.py", folder))
    return out


# -- the build ---------------------------------------------------------------------------
def run(cmd, cwd, env=None, log=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if log:
        with open(log, "a") as f:
            f.write("$ %s\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))
    if r.returncode != 0:
        raise BuildError("%s failed (in %s):\n%s" % (" ".join(cmd), cwd,
                                                     (r.stdout + r.stderr)[-3000:]))
    return r


def build(board, jobs=2, install=False):
    """Builds (or rebuilds: make skips what is up to date) one board's UF2; its path.
    install: put a missing toolchain in place first (see ensure_toolchain)."""
    if board not in FAMILY:
        raise BuildError("unknown board %s (RPI_PICO or RPI_PICO2)" % board)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, ".lock"), "w") as lock:
        try:
            import fcntl
            fcntl.flock(lock, fcntl.LOCK_EX)   # one build at a time in the shared tree
        except ImportError:
            pass
        return _build(board, jobs, install)


def _build(board, jobs, install):
    ensure_toolchain(install)
    mp = micropython_dir()
    work = os.path.join(OUT, "work-" + board)
    log = os.path.join(OUT, "build-%s.log" % board)
    manifest = write_manifest(board, work)
    out = uf2_path(board)
    stamp = os.path.join(work, "inputs.sha256")
    digest = inputs_digest(board, manifest)
    if digest is not None and os.path.exists(out) and os.path.exists(stamp) and \
            open(stamp).read() == digest:
        return out   # nothing frozen in has changed since the last build (make's own
                     # up-to-date check walks the SDK's tree: 10-25 s)
    if os.path.exists(stamp):
        os.remove(stamp)
    open(log, "w").close()
    run(["make", "-C", "mpy-cross", "-j%d" % jobs], mp, log=log)
    env = dict(os.environ, CMAKE_ARGS="-DPICO_NO_PICOTOOL=1")
    build_dir = os.path.join(work, "build")
    run(["make", "-C", "ports/rp2", "BOARD=" + board, "FROZEN_MANIFEST=" + manifest,
         "BUILD=" + build_dir, "-j%d" % jobs], mp, env=env, log=log)
    binary = os.path.join(build_dir, "firmware.bin")
    check_binary(board, binary)
    out = uf2_path(board)
    run([sys.executable, os.path.join(mp, "tools", "uf2conv.py"), "-b", hex(FLASH_BASE),
         "-f", hex(FAMILY[board]), "-c", "-o", out, binary], mp, log=log)
    check_uf2(board, out, binary)
    if digest is not None:
        with open(stamp, "w") as f:
            f.write(digest)
    return out


def inputs_digest(board, manifest):
    """A digest of what an image is built from: the board, the manifest and every file it
    freezes in, this builder, the MicroPython source tarball and the compiler's version.
    None with MICROPY_DIR (a tree that may be edited: make alone knows what changed)."""
    if os.environ.get("MICROPY_DIR"):
        return None
    h = hashlib.sha256()
    h.update(board.encode())
    h.update(open(os.path.join(SRC_CACHE, ".unpacked"), "rb").read())
    try:
        gcc = subprocess.run(["arm-none-eabi-gcc", "--version"], capture_output=True,
                             text=True).stdout
    except OSError:
        gcc = ""
    h.update(gcc.encode())
    paths = [manifest, os.path.abspath(__file__)]
    paths += [os.path.join(base, rel) for rel, base in
              frozen_modules(os.path.dirname(manifest))]
    for path in paths:
        h.update(path.encode())
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def check_binary(board, path):
    data = open(path, "rb").read()
    room = FS_OFFSET[board]
    if len(data) > room:
        raise BuildError("%s is %d bytes: more than the %d before the filesystem"
                         % (path, len(data), room))
    if board == "RPI_PICO2":
        # the RP2350 boot ROM looks for an image definition in the first 4 KB
        head = data[:4096]
        if struct.pack("<I", IMAGE_DEF_START) not in head or \
                struct.pack("<I", IMAGE_DEF_END) not in head:
            raise BuildError("%s has no RP2350 image definition block" % path)


def uf2_blocks(path):
    """[(address, payload bytes, family)] of a UF2 file, checking every block's magic."""
    data = open(path, "rb").read()
    if len(data) % 512:
        raise BuildError("%s is not a whole number of UF2 blocks" % path)
    out = []
    n = len(data) // 512
    for i in range(n):
        b = data[512 * i:512 * (i + 1)]
        m0, m1, flags, addr, size, no, total, family = struct.unpack("<8I", b[:32])
        if m0 != 0x0A324655 or m1 != 0x9E5D5157 or struct.unpack("<I", b[508:])[0] != 0x0AB16F30:
            raise BuildError("%s: block %d has a bad magic" % (path, i))
        if no != i or total != n or not flags & 0x2000:
            raise BuildError("%s: block %d is out of order or has no family" % (path, i))
        out.append((addr, b[32:32 + size], family))
    return out


def payload(path):
    """The flash bytes a UF2 file writes from FLASH_BASE (its blocks are contiguous)."""
    return b"".join(p for _, p, _ in uf2_blocks(path))


def check_uf2(board, path, binary):
    blocks = uf2_blocks(path)
    want = open(binary, "rb").read()
    got = bytearray()
    for i, (addr, payload, family) in enumerate(blocks):
        if family != FAMILY[board]:
            raise BuildError("%s: block %d has family %#x, not %#x" % (path, i, family,
                                                                    FAMILY[board]))
        if addr != FLASH_BASE + len(got):
            raise BuildError("%s: block %d is at %#x, not contiguous" % (path, i, addr))
        got.extend(payload)
    if bytes(got[:len(want)]) != want:
        raise BuildError("%s does not hold %s" % (path, binary))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the Kocka firmware image (UF2).")
    ap.add_argument("--board", default="all", choices=("all",) + tuple(FAMILY))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args(argv)
    boards = tuple(FAMILY) if a.board == "all" else (a.board,)
    try:
        for board in boards:
            out = build(board, a.jobs, install=True)
            print("%s (%d KB)" % (os.path.relpath(out, ROOT), os.path.getsize(out) // 1024))
    except BuildError as e:
        print("make uf2: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
