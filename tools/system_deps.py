"""The system packages Kocka's commands need, listed once: found, installed, or named.

    python3 tools/system_deps.py [--check] [test|uf2|web|bench ...]

Each package is found by what it provides (a command, a header the compiler takes), so
the check works on any system. When something is missing and this runs as root with
apt-get (Debian, Ubuntu), it is installed; anywhere else one line says exactly what to
install, and the exit status is 1. `--check` never installs.

`make test`, `make uf2`, `make web` and `make bench` run this first, `.ci/run` too, and
`tools/build_uf2.py` asks it before a build. Tests never install anything: a test that
needs a missing package skips with this module's one line (and under CI that fails the
run: conftest.py). Standard library only: it runs before the virtual environment exists.
"""
import os
import shutil
import subprocess
import sys


def _command(*names):
    return lambda: any(shutil.which(n) for n in names)


def _compiles(compiler, language, header):
    """True when `compiler` finds `header` (a library's headers are its proof)."""
    def probe():
        path = shutil.which(compiler)
        if not path:
            return False
        source = "#include <%s>\nint main(void) { return 0; }\n" % header
        try:
            r = subprocess.run([path, "-x", language, "-fsyntax-only", "-"], input=source,
                               capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            return False
        return r.returncode == 0
    return probe


# Debian package -> (how to tell it is there, what it is for).
PACKAGES = {
    "gcc-arm-none-eabi": (_command("arm-none-eabi-gcc"), "the Arm GNU toolchain"),
    "libnewlib-arm-none-eabi": (_compiles("arm-none-eabi-gcc", "c", "stdio.h"),
                                "its C library"),
    "libstdc++-arm-none-eabi-newlib": (_compiles("arm-none-eabi-g++", "c++", "cstdlib"),
                                       "its C++ library (the pico-sdk's new/delete)"),
    "cmake": (_command("cmake"), "the pico-sdk's build"),
    "make": (_command("make"), "the builds"),
    "nodejs": (_command("node"), "MicroPython WebAssembly and the emulated RP2040"),
    "npm": (_command("npm"), "installs the two from package-lock.json"),
    "chromium": (_command("chromium", "chromium-browser"), "the browser page's tests"),
}

_IMAGE = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "libstdc++-arm-none-eabi-newlib",
          "cmake", "make")
_NODE = ("nodejs", "npm")
# what each command needs
NEEDS = {
    "uf2": _IMAGE,
    "web": _NODE,
    "test": _IMAGE + _NODE + ("chromium",),
    "bench": _IMAGE + _NODE + ("chromium",),
}

ELSEWHERE = ("on macOS: brew install --cask gcc-arm-embedded; brew install cmake node "
             "chromium")


def needed(targets):
    out = []
    for t in targets:
        for name in NEEDS[t]:
            if name not in out:
                out.append(name)
    return out


def missing(targets=("test",)):
    """The Debian packages `targets` need that this machine lacks, in NEEDS order."""
    return [name for name in needed(targets) if not PACKAGES[name][0]()]


def advice(names):
    """The one line that says what to install."""
    return ("missing system packages: %s. Install them: sudo apt-get install "
            "--no-install-recommends %s (%s)" % (", ".join(names), " ".join(names), ELSEWHERE))


def can_install():
    return bool(shutil.which("apt-get")) and hasattr(os, "geteuid") and os.geteuid() == 0


def install(names, out=sys.stdout):
    """apt-get install `names` (root on Debian); the packages still missing after it."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    cmd = ["apt-get", "install", "-y", "--no-install-recommends"] + list(names)
    out.write("installing system packages: %s\n" % " ".join(names))
    out.flush()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:   # a fresh machine's package lists may be empty or stale
        subprocess.run(["apt-get", "update"], env=env, capture_output=True)
        r = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        out.write(r.stderr[-2000:])
    return [name for name in names if not PACKAGES[name][0]()]


def ensure(targets, check_only=False, out=sys.stdout, err=sys.stderr):
    """0 when every package `targets` need is here (installing what it can), else 1."""
    absent = missing(targets)
    if absent and not check_only and can_install():
        absent = install(absent, out)
    if absent:
        err.write(advice(absent) + "\n")
        return 1
    return 0


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    check_only = "--check" in args
    targets = [a for a in args if a != "--check"] or ["test"]
    unknown = [t for t in targets if t not in NEEDS]
    if unknown:
        sys.stderr.write("usage: system_deps.py [--check] [%s ...]\n" % "|".join(NEEDS))
        return 2
    return ensure(targets, check_only)


if __name__ == "__main__":
    sys.exit(main())
