"""`make flash` (python -m tools.flash [--port PORT]): puts Kocka on a Pico over USB.

Steps, each one mpremote call (the venv's, as `python -m mpremote`):
1. Build the device bundle (tools/build_bundle.py, without host-only files) in
   build/bundle/: the same .mpy files `make mpy` measures.
2. Find the board: the port given (--port, or PORT=... to make), else the one
   USB serial port with MicroPython's Raspberry Pi VID:PID 2E8A:0005 (the
   official rp2 firmware on a Pico or Pico 2). None, or several: stop with
   what to check.
3. Ask it what it runs (mpremote exec printing sys.implementation); refuse
   anything but MicroPython 1.24 or newer, saying which UF2 to install.
4. Remove what an older install left in the code folders (app/, hal/, board/,
   shared_rules/) that the new bundle does not have: a stale .py next to a
   new .mpy would win the import. Other files, /data (settings, saved game,
   game log) included, are never touched.
5. Copy the bundle and main.py (mpremote fs cp -r; files already on the
   board with the same SHA-256 are skipped), then hard-reset the board so it
   boots into Kocka.

Exit codes: 0 done, 1 a step failed (mpremote's message is shown), 2 no
board (or several), 3 the board's firmware is not MicroPython >= 1.24.
"""
import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO_VID = 0x2E8A  # Raspberry Pi
MICROPYTHON_PID = 0x0005  # MicroPython's USB serial on RP2040 and RP2350
MIN_VERSION = (1, 24)
CODE_DIRS = ("app", "board", "hal", "shared_rules")
DOWNLOAD = "https://micropython.org/download/"
TIMEOUT_S = 30  # for the probe and the clean-up; the copy has no limit

OK = 0
FAILED = 1
NO_DEVICE = 2
BAD_FIRMWARE = 3

UF2_HELP = """\
Install the official MicroPython firmware (1.24 or newer) first:
  Pico (RP2040):    RPI_PICO   from {d}RPI_PICO/
  Pico 2 (RP2350):  RPI_PICO2  from {d}RPI_PICO2/
  (Pico W / Pico 2 W: RPI_PICO_W / RPI_PICO2_W.)
Hold BOOTSEL while plugging the Pico in, drop the .uf2 file on the drive that
appears (RPI-RP2 or RP2350); the Pico restarts by itself. Then `make flash` again.""".format(
    d=DOWNLOAD)

NO_DEVICE_HELP = """\
No Pico running MicroPython found (looked for USB serial VID:PID 2E8A:0005).
Check:
  - the USB cable carries data (charge-only cables are common) and is plugged in;
  - the Pico is not in BOOTSEL mode (a drive called RPI-RP2 or RP2350 is showing):
    then it has no firmware yet, see below;
  - on Linux, your user may open serial ports (group dialout or uucp);
  - or name the port yourself: make flash PORT=/dev/ttyACM0 (COM5 on Windows).
""" + UF2_HELP

# Runs on the board: prints one line the flasher parses.
PROBE = ("import sys;i=sys.implementation;v=i.version;"
         "print('KOCKA-PROBE', i.name, '%d.%d.%d' % (v[0], v[1], v[2]), getattr(i, '_machine', '?'))")

# Runs on the board: removes files under the code folders that are not in KEEP.
CLEANUP = """\
import os
KEEP = set({keep!r})
def _walk(d):
    try:
        names = [(e[0], e[1]) for e in os.ilistdir(d)]
    except OSError:
        return
    for name, kind in names:
        p = d + '/' + name
        if kind & 0x4000:
            _walk(p)
            if p[1:] not in KEEP:
                try:
                    os.rmdir(p)
                    print('removed', p)
                except OSError:
                    pass
        elif p[1:] not in KEEP:
            os.remove(p)
            print('removed', p)
for _d in {dirs!r}:
    _walk('/' + _d)
"""


class FlashError(Exception):
    def __init__(self, message, code=FAILED):
        Exception.__init__(self, message)
        self.code = code


def run_command(cmd, cwd=None, capture=True, timeout=None):
    """Runs cmd; returns (returncode, stdout, stderr) (output None when not captured)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=capture, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, "", "timed out after %d s" % timeout
    return proc.returncode, proc.stdout, proc.stderr


def list_ports():
    from serial.tools import list_ports as lp
    return lp.comports()


def find_pico_ports(ports):
    """The devices among `ports` (list_ports entries) that are MicroPython on a Pico."""
    found = []
    for p in ports:
        if getattr(p, "vid", None) == PICO_VID and getattr(p, "pid", None) == MICROPYTHON_PID:
            found.append(p.device)
    return sorted(found)


def mpremote(port, *args):
    return [sys.executable, "-m", "mpremote", "connect", port] + list(args)


def parse_probe(text):
    """(name, (major, minor, patch), machine) from the probe's output, or None."""
    for line in (text or "").splitlines():
        parts = line.strip().split(" ", 3)
        if len(parts) >= 3 and parts[0] == "KOCKA-PROBE":
            try:
                version = tuple(int(x) for x in parts[2].split("."))
            except ValueError:
                return None
            return parts[1], version, parts[3] if len(parts) > 3 else "?"
    return None


def bundle_files(report):
    """Bundle-relative paths of every file and folder the bundle puts in the code folders."""
    keep = set()
    for path, _size in report:
        parts = path.split("/")
        for i in range(1, len(parts) + 1):
            keep.add("/".join(parts[:i]))
    return keep


class Flasher:
    def __init__(self, out=None, run=run_command, ports=list_ports, build=None, repl_check=None):
        self.repl_check = repl_check
        self.out = out or sys.stdout
        self.run = run
        self.ports = ports
        self.build = build or build_bundle

    def say(self, text):
        self.out.write(text + "\n")
        self.out.flush()

    def pick_port(self, port):
        if port:
            if port.startswith("/") and not os.path.exists(port):
                found = [p.device for p in self.ports()]
                raise FlashError("There is no port %s (no such device).\nPorts here: %s.\n"
                                 "Without PORT=, make flash finds a Pico by its USB id."
                                 % (port, ", ".join(found) or "none"), NO_DEVICE)
            return port
        found = find_pico_ports(self.ports())
        if not found:
            raise FlashError(NO_DEVICE_HELP, NO_DEVICE)
        if len(found) > 1:
            raise FlashError("Several Picos running MicroPython: %s.\nChoose one: make flash PORT=%s"
                             % (", ".join(found), found[0]), NO_DEVICE)
        return found[0]

    def probe(self, port):
        code, out, err = self.run(mpremote(port, "exec", PROBE), timeout=TIMEOUT_S)
        if code != 0:
            raise FlashError(
                "The board on %s did not answer (%s).\n"
                "Check that no other program holds the port (Thonny, a serial monitor, "
                "`kocka sync`), that the device is not in the middle of a sync, or unplug "
                "it and plug it in again.\nIf it runs no MicroPython yet:\n%s"
                % (port, (err or out or "mpremote exit %d" % code).strip(), UF2_HELP), FAILED)
        found = parse_probe(out)
        if found is None:
            raise FlashError("The board on %s answered, but not like MicroPython:\n%s\n%s"
                             % (port, (out or "").strip(), UF2_HELP), BAD_FIRMWARE)
        name, version, machine = found
        if name != "micropython":
            raise FlashError("The board on %s runs %s, not MicroPython.\n%s"
                             % (port, name, UF2_HELP), BAD_FIRMWARE)
        if version[:2] < MIN_VERSION:
            raise FlashError("The board on %s runs MicroPython %s: too old, Kocka needs %d.%d or "
                             "newer.\n%s" % (port, ".".join(str(v) for v in version),
                                             MIN_VERSION[0], MIN_VERSION[1], UF2_HELP),
                             BAD_FIRMWARE)
        return version, machine

    def step(self, port, what, *args, capture=True, cwd=None):
        code, out, err = self.run(mpremote(port, *args), cwd=cwd, capture=capture,
                                  timeout=TIMEOUT_S if capture else None)
        if code != 0:
            raise FlashError("%s failed on %s:\n%s" % (what, port, ((err or "") + (out or "")).strip()
                                                       or "mpremote exit %d" % code))
        return out

    def flash(self, port=None):
        port = self.pick_port(port)
        if self.repl_check is not None:
            self.repl_check(port)
        bundle, report = self.build()
        total = sum(size for _path, size in report)
        self.say("Bundle: %d files, %.1f KB in %s" % (len(report), total / 1024,
                                                      os.path.relpath(bundle, ROOT)))
        self.say("Board on %s ..." % port)
        version, machine = self.probe(port)
        self.say("  MicroPython %s on %s" % (".".join(str(v) for v in version), machine))
        keep = bundle_files(report)
        removed = self.step(port, "Removing stale files", "exec",
                            CLEANUP.format(keep=sorted(keep), dirs=CODE_DIRS))
        for line in (removed or "").splitlines():
            if line.startswith("removed"):
                self.say("  " + line)
        tops = sorted({path.split("/")[0] for path, _size in report})
        self.say("Copying (unchanged files are skipped) ...")
        self.step(port, "Copying", "fs", "cp", "-r", *(tops + [":"]), capture=False, cwd=bundle)
        self.step(port, "Reset", "reset")
        self.say("Done: the Pico restarts into Kocka (the title screen, then the main menu).\n"
                 "Settings > Self-test checks every button, the LEDs, the buzzer and the screen.")


REPL_WAIT_S = 2.0


def repl_prompt(port, wait=REPL_WAIT_S):
    """FlashError unless `port` answers Ctrl-C with MicroPython's prompt, within `wait`
    seconds (a REPL answers at once; mpremote would wait TIMEOUT_S to say less)."""
    import serial
    try:
        link = serial.Serial(port, 115200, timeout=0.1, exclusive=True)
    except (serial.SerialException, OSError) as e:
        text = str(e)
        if "busy" in text.lower() or "lock" in text.lower():
            raise FlashError("The port %s is in use by another program (Thonny, a serial "
                             "monitor, `kocka sync`?): close it and try again." % port, FAILED)
        raise FlashError("Cannot open the port %s: %s" % (port, text), FAILED)
    try:
        link.write(b"\r\x03\x03")
        link.flush()
        got = b""
        end = time.monotonic() + wait
        while time.monotonic() < end and b">>>" not in got and b"raw REPL" not in got:
            got += link.read(256)
    finally:
        link.close()
    if b">>>" in got or b"raw REPL" in got:
        return
    what = ("it answered %r" % got[:40]) if got else "it stayed silent"
    pty = "/pts/" in port or "/ttys" in port
    raise FlashError(
        "The port %s is not a MicroPython REPL: %s after Ctrl-C for %.0f s.\n%s"
        "make flash needs a Pico running MicroPython; the Kocka image is installed by "
        "dropping its UF2 file instead (README: Installing on a Pico)."
        % (port, what, wait,
           "It is a pseudo-terminal: the simulator's sync port? That one speaks only the "
           "sync protocol.\n" if pty else
           "A device in the middle of a `kocka sync` does not answer: let the sync end, or "
           "unplug it and plug it in again.\n"), FAILED)


def build_bundle():
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from tools import build_bundle as bb
    report = bb.build(bb.BUNDLE, include_host_only=False)
    return bb.BUNDLE, report


def main(argv=None, **parts):
    ap = argparse.ArgumentParser(prog="make flash", description=__doc__.split("\n")[0])
    ap.add_argument("--port", default=None,
                    help="serial port of the Pico (default: found by USB VID:PID 2E8A:0005)")
    args = ap.parse_args(argv)
    if "run" not in parts:  # the real thing, not a test's fake mpremote
        parts.setdefault("repl_check", repl_prompt)
    flasher = Flasher(**parts)
    try:
        flasher.flash(args.port)
    except FlashError as e:
        flasher.say("make flash: " + str(e))
        return e.code
    except RuntimeError as e:  # mpy-cross refused a file
        flasher.say("make flash: building the bundle failed: %s" % e)
        return FAILED
    return OK


if __name__ == "__main__":
    sys.exit(main())
