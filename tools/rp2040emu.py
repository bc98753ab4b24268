"""Runs the real firmware on an emulated RP2040 (tools/rp2040/run.mjs, rp2040js) from Python.

`Device(image)` boots MicroPython v1.28.0 for RPI_PICO from the shared firmware
folder with `image` (tools/device_image.py) as its flash filesystem and collects
what the board shows: `frames` (each with its emulated start/end time and the
RGB565 pixels, `Frame.png()` / `save_pngs()` for pictures), `leds`, `pwm` (backlight GP13, buzzer
GP14), `console` (everything the device wrote on USB CDC), `flash_writes`.
Buttons go in as GPIO levels (`press`, `hold`), at exact emulated times; `cut()`
cuts the power and boots again from the same flash (`power_off()`, `power_on()`: off for
a while); `flash_image()` reads the
filesystem back; `open_pty()` bridges the CDC port to a pseudo-terminal, so
`kocka sync --port <path>` talks to the device while `run()` keeps it going.
`meter()` says where the emulated time went since the last call: the core busy or
waiting, at each clk_sys it ran at (instructions are charged at the clock the firmware
set, so machine.freq and machine.lightsleep change the times); `outs` has the LED strip's
power switch levels.

`LinkedDevices(images)` runs two or more devices in one emulator process, their UARTs
joined by link cables (cut, rejoined, fed garbage and floods), in lockstep.

`Device(image, cable=True)` plugs an open cable into the device's LINK A (UART0): its far
end is `device.cable`, a `CableEnd` in Python, a link transport (write/read) on the
emulator's clock, so a simulator can link with the emulated Pico (in lockstep:
CableEnd's docstring), or through a pseudo-terminal (`CableEnd.open_pty()`).

Where the firmware comes from: tools/shared_micropython.py (KOCKA_MICROPYTHON_DIR, else
../shared/micropython beside the checkout). `missing()` says what is absent and where to
get it (tests skip with that text).
"""
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading

from tools import shared_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "tools", "rp2040", "run.mjs")
FIRMWARE = shared_micropython.FIRMWARE
BOOTROM = shared_micropython.BOOTROM
# The api's button numbers (UP, DOWN, LEFT, RIGHT, PRESS, A, B, X, Y) -> GPIO (board/pins.py).
BUTTON_PINS = (2, 18, 16, 20, 3, 15, 17, 19, 21)
BUTTONS = {name: BUTTON_PINS[i] for i, name in
           enumerate(("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y"))}
BACKLIGHT = 13
BUZZER = 14
LED_POWER = 26  # the LED strip's power switch (board/pins.py): its level comes as `outs`
WHERE = shared_micropython.WHERE


def firmware_dir():
    return shared_micropython.folder()


def missing():
    """None when the emulated board can run here, else a sentence saying what to get."""
    d = firmware_dir()
    absent = [n for n in (FIRMWARE, BOOTROM) if not os.path.isfile(os.path.join(d, n))]
    if absent:
        return ("the emulated-RP2040 tests need %s in %s (or KOCKA_MICROPYTHON_DIR): %s"
                % (" and ".join(absent), d, WHERE))
    if shutil.which("node") is None or not os.path.isdir(os.path.join(ROOT, "node_modules",
                                                                      "rp2040js")):
        return "the emulated-RP2040 tests need Node.js and rp2040js (npm ci, as `make test` does)"
    return None


class Frame:
    def __init__(self, ev):
        self.index = ev["i"]
        self.boot = ev["boot"]
        self.t0 = ev["t0"]
        self.t1 = ev["t1"]
        self.info = ev
        with open(ev["file"], "rb") as f:
            self.rgb565 = f.read()

    def png(self, path):
        from tools import rgb565
        rgb565.write_png(self.rgb565, path)

    def __repr__(self):
        return "<Frame %d %.1f-%.1f ms>" % (self.index, self.t0, self.t1)


class DeviceError(RuntimeError):
    pass


class _Emulator:
    """The node process (tools/rp2040/run.mjs): commands in; events out, each handed to
    the device it names (`dev`, 0 when there is one), answers to whoever waits."""

    def __init__(self, devices, timeout):
        self.devices = devices
        self.timeout = timeout
        self.now = 0.0
        self.halted = False
        self.instructions = 0
        self.wall = 0.0
        self.lock = threading.Lock()
        self._send_lock = threading.Lock()   # a pty's thread sends too
        self.cables = {}                     # wire number -> CableEnd (open wires)
        self._replies = queue.Queue()
        self.proc = None

    def start(self, cmd):
        """Starts the process once every device is in `devices` (its events name them)."""
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=ROOT)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.wait("ready")

    def _read(self):
        for line in self.proc.stdout:
            ev = json.loads(line)
            kind = ev["ev"]
            if kind in ("ok", "ready", "error", "stats", "wire"):
                self._replies.put(ev)
                continue
            if kind == "line":
                self.cables[ev["wire"]]._line(ev)
                continue
            with self.lock:
                self.devices[ev.get("dev", 0)]._event(ev)
        self._replies.put({"ev": "eof"})

    def send(self, line):
        with self._send_lock:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()

    def wait(self, what):
        try:
            ev = self._replies.get(timeout=self.timeout)
        except queue.Empty:
            raise DeviceError("the emulator did not answer in %d s" % self.timeout)
        if ev["ev"] != what:
            err = self.proc.stderr.read().decode(errors="replace") if ev["ev"] == "eof" else ""
            raise DeviceError("emulator: expected %s, got %r %s" % (what, ev, err[-2000:]))
        self.now = ev["t"]
        self.halted = ev.get("halted", False)
        self.instructions = ev.get("instructions", self.instructions)
        self.wall = ev.get("wall", self.wall)
        return ev

    def command(self, line, what="ok"):
        self.send(line)
        return self.wait(what)

    def close(self):
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()


def _command(d, fs_paths, out_dir, firmware, wires=(), usb=True):
    cmd = ["node", RUNNER, "--rom", os.path.join(d, BOOTROM),
           "--firmware", firmware or os.path.join(d, FIRMWARE), "--fs", ",".join(fs_paths),
           "--out", out_dir, "--outs", str(LED_POWER)]
    if not usb:
        cmd += ["--usb", "0"]
    if len(fs_paths) > 1:
        cmd += ["--devices", str(len(fs_paths))]
    if wires:
        cmd += ["--wire", ",".join("%d.%s-%s" % (a[0], a[1], "ext" if b is None else
                                                  "%d.%s" % b) for a, b in wires)]
    return cmd


def _write_image(out_dir, name, image):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, name)
    with open(path, "wb") as f:
        f.write(image)
    return path


class Device:
    def __init__(self, image, out_dir=None, timeout=900, firmware=None, usb=True,
                 cable=False, _linked=None):
        """image: the littlefs region's bytes; firmware: a flash binary from 0x10000000
        (default: the stock RPI_PICO firmware; a Kocka image's is tools.build_uf2's).
        usb=False: no USB host (as on a battery: no console either).
        cable=True: an open cable on UART0 (LINK A), its outside end `self.cable`.
        (_linked: (emulator, index, out_dir) for a device of LinkedDevices.)"""
        if _linked is not None:
            self._emu, index, self.out_dir = _linked
            self._prefix = "@%d " % index
            self._init_state()
            return
        why = missing()
        if why:
            raise DeviceError(why)
        self.out_dir = out_dir or tempfile.mkdtemp(prefix="kocka-rp2040-")
        fs = _write_image(self.out_dir, "fs.img", image)
        self._prefix = ""
        self._init_state()
        self._emu = _Emulator([self], timeout)
        wires = [((0, 0), None)] if cable else []
        self.cable = CableEnd(self._emu, 0) if cable else None
        self._emu.start(_command(firmware_dir(), [fs], self.out_dir, firmware, wires, usb=usb))

    def _init_state(self):
        self.cable = None
        self.frames = []
        self.leds = []
        self.pwm = []
        self.pins = []
        self.panel = []
        self.flash_writes = []
        self.boots = []
        self.offs = []
        self.outs = []
        self.meters = []
        self.console = bytearray()
        self._console_marks = []   # (t, len(console) after a chunk came)
        self._pty = None

    # -- the emulator's figures (one run for every linked device) ----------------
    @property
    def proc(self):
        return self._emu.proc

    @property
    def timeout(self):
        return self._emu.timeout

    @property
    def now(self):
        return self._emu.now

    @property
    def halted(self):
        return self._emu.halted

    @property
    def instructions(self):
        return self._emu.instructions

    @property
    def wall(self):
        return self._emu.wall

    @property
    def _lock(self):
        return self._emu.lock

    # -- events ------------------------------------------------------------
    def _event(self, ev):
        """One event of this device (the emulator's reader thread, under its lock)."""
        kind = ev["ev"]
        if kind == "frame":
            self.frames.append(Frame(ev))
        elif kind == "cdc":
            data = bytes.fromhex(ev["hex"])
            self.console.extend(data)
            self._console_marks.append((ev["t"], len(self.console)))
            if self._pty is not None:
                self._pty.to_host(data)
        elif kind == "leds":
            self.leds.append(ev)
        elif kind == "pwm":
            self.pwm.append(ev)
        elif kind == "pin":
            self.pins.append(ev)
        elif kind == "panel":
            self.panel.append(ev)
        elif kind == "flash":
            self.flash_writes.append(ev)
        elif kind == "boot":
            self.boots.append(ev["t"])
        elif kind == "off":
            self.offs.append(ev["t"])
        elif kind == "out":
            self.outs.append(ev)
        elif kind == "meter":
            self.meters.append(ev)

    def _send(self, line):
        self._emu.send(self._prefix + line)

    def _wait(self, what):
        return self._emu.wait(what)

    # -- driving -----------------------------------------------------------
    def run(self, ms):
        """Runs `ms` of emulated time (every linked device); returns the time reached (ms
        since the first boot)."""
        self._send("run %r" % float(ms))
        return self._wait("ok")["t"]

    def until(self, t_ms):
        self._send("until %r" % float(t_ms))
        return self._wait("ok")["t"]

    def run_until(self, done, limit_ms, step_ms=100):
        """Runs in steps until done() is true (or a halt_after_flash_writes stop);
        DeviceError past limit_ms of emulated time."""
        end = self.now + limit_ms
        while not done() and not self.halted:
            if self.now >= end:
                raise DeviceError("not reached within %d ms of emulated time" % limit_ms)
            self.run(step_ms)

    def meter(self):
        """Where the emulated time went since the last call (or the boot): {"ns",
        "busy_ns", "wait_ns", "cycles", "mhz" (clk_sys now), "clocks": {MHz as text:
        {"busy_ns", "wait_ns"}}}."""
        self._send("meter")
        self._wait("ok")
        with self._lock:
            return self.meters[-1]

    def set_pin(self, gpio, level, at=None):
        if at is None:
            self._send("pin %d %d" % (gpio, level))
        else:
            self._send("at %r %d %d" % (float(at), gpio, level))
        self._wait("ok")

    def press(self, button, hold_ms=60, at=None, then_ms=0):
        """Presses a button (name or api number) at `at` (default now) for hold_ms; returns
        the press time. then_ms: run that long after the press starts."""
        gpio = BUTTONS[button] if isinstance(button, str) else BUTTON_PINS[button]
        t = self.now if at is None else at
        self.set_pin(gpio, 0, at=t)
        self.set_pin(gpio, 1, at=t + hold_ms)
        if then_ms:
            self.until(t + then_ms)
        return t

    def play_script(self, presses):
        """A button script: (emulated ms, button, hold ms) tuples, each press set at its
        exact time; runs until the last release."""
        end = self.now
        for at, button, hold in presses:
            self.press(button, hold_ms=hold, at=at)
            end = max(end, at + hold)
        self.until(end)

    def serial_write(self, data):
        self._send("serial " + bytes(data).hex())

    def cut(self, at=None):
        """Cuts the power now (or at emulated time `at`) and boots again from the same flash."""
        if at is not None:
            self.until(at)
        self._send("cut")
        self._wait("ok")

    def power_off(self):
        """Cuts the power and leaves it off: the device stands still (its flash is kept)
        while the others run on, until power_on()."""
        self._send("off")
        self._wait("ok")

    def power_on(self):
        """Powers a device that is off on again: it boots from its flash."""
        self._send("on")
        self._wait("ok")

    def halt_after_flash_writes(self, n):
        """Makes the runs stop right after n more flash erase/program calls (a cut then
        falls inside whatever was being saved); `halted` says whether it happened."""
        self._send("haltafter %d" % n)
        self._wait("ok")

    def flash_image(self):
        path = os.path.join(self.out_dir, "dump.img")
        self._send("dump " + path)
        self._wait("ok")
        with open(path, "rb") as f:
            return f.read()

    def console_text(self):
        with self._lock:
            return self.console.decode("utf-8", errors="replace")

    def console_lines(self):
        """The console's whole lines as (t, line): t is the emulated ms at which the
        line's newline reached the USB host."""
        import bisect
        with self._lock:
            data = bytes(self.console)
            ends = [n for _t, n in self._console_marks]
            times = [t for t, _n in self._console_marks]
        out = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                return out
            k = bisect.bisect_left(ends, nl + 1)
            out.append((times[k], data[start:nl].decode("utf-8", "replace").rstrip("\r")))
            start = nl + 1

    def frames_since(self, t_ms):
        with self._lock:
            return [f for f in self.frames if f.t0 >= t_ms]

    def last_frame(self):
        with self._lock:
            return self.frames[-1] if self.frames else None

    def save_pngs(self, folder=None):
        """Every frame so far as frame_NNNNN.png (in the output folder); returns the paths."""
        folder = folder or self.out_dir
        paths = []
        with self._lock:
            frames = list(self.frames)
        for f in frames:
            path = os.path.join(folder, "frame_%05d.png" % f.index)
            f.png(path)
            paths.append(path)
        return paths

    def open_pty(self):
        """Bridges USB CDC to a new pseudo-terminal; returns the slave's path."""
        self._pty = PtyBridge(self.serial_write)
        return self._pty.path

    def close(self):
        if self.cable is not None:
            self.cable.close()      # its pty's thread writes to the emulator: first
        self._emu.close()
        if self._pty is not None:
            self._pty.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class LinkedDevices:
    """Several emulated Picos in one emulator process, on one timeline in lockstep, their
    UARTs wired by link cables whose byte time is kept (tools/rp2040/wire.mjs).

    `LinkedDevices([image_a, image_b])` boots one device per image with UART0 of each
    wired to UART0 of the next (a chain of cables; `wires` names others: ((device, uart),
    (device, uart)) pairs, numbered from 0; a uart may be "pT.R" instead, a PIO UART's TX
    and RX GPIOs, whose line levels cross: wire.mjs PinWire). `devices[i]` (or `linked[i]`) is a Device
    with every convenience of a single one (frames, console, press, cut, power_off and
    power_on, flash_image); running any of them (`run`, `until`, `run_until`) runs them
    all. The cables: `cut_wire(w)`, `join_wire(w)`, `send_garbage(w, device, data)` and
    `flood(w, device, n, seed)` (bytes arriving at that device's end), `wire_stats(w)`.
    A wire whose second end is None is open: its outside end is `cables[w]`, a CableEnd."""

    def __init__(self, images, out_dir=None, timeout=900, firmware=None, wires=None):
        why = missing()
        if why:
            raise DeviceError(why)
        self.out_dir = out_dir or tempfile.mkdtemp(prefix="kocka-rp2040-link-")
        if wires is None:
            wires = [((i, 0), (i + 1, 0)) for i in range(len(images) - 1)]
        self.wires = list(wires)
        paths = [_write_image(self.out_dir, "fs%d.img" % i, image)
                 for i, image in enumerate(images)]
        self.devices = []
        self._emu = _Emulator(self.devices, timeout)
        self.cables = {w: CableEnd(self._emu, w) for w, (_a, b) in enumerate(self.wires)
                       if b is None}
        for i in range(len(images)):
            self.devices.append(Device(None, _linked=(self._emu, i, os.path.join(
                self.out_dir, "d%d" % i))))
        self._emu.start(_command(firmware_dir(), paths, self.out_dir, firmware, self.wires))

    def __getitem__(self, i):
        return self.devices[i]

    def __len__(self):
        return len(self.devices)

    @property
    def now(self):
        return self._emu.now

    @property
    def wall(self):
        return self._emu.wall

    @property
    def instructions(self):
        return self._emu.instructions

    def run(self, ms):
        return self.devices[0].run(ms)

    def until(self, t_ms):
        return self.devices[0].until(t_ms)

    def run_until(self, done, limit_ms, step_ms=100):
        return self.devices[0].run_until(done, limit_ms, step_ms)

    # -- the cables ----------------------------------------------------------
    def cut_wire(self, w=0):
        """Pulls cable w: nothing crosses it (bytes on the line are lost) until join_wire."""
        self._emu.command("wire %d cut" % w)

    def join_wire(self, w=0):
        self._emu.command("wire %d join" % w)

    def send_garbage(self, w, device, data):
        """`data` arrives at `device`'s end of cable w, a byte per byte time from now."""
        self._emu.command("wire %d send %d %s" % (w, device, bytes(data).hex()))

    def flood(self, w, device, n, seed=1):
        """n bytes of seeded noise arrive at `device`'s end of cable w, back to back."""
        self._emu.command("wire %d flood %d %d %d" % (w, device, n, seed))

    def wire_stats(self, w=0):
        """Cable w's counts, per end (index 0: the first device named in its wire): bytes
        carried to it, lost (cut, powered off), injected, delivered late; and each end's
        UART: sent, received, overruns, baud."""
        return self._emu.command("wire %d stats" % w, "wire")

    def close(self):
        for c in self.cables.values():
            c.close()
        self._emu.close()
        for d in self.devices:
            if d._pty is not None:
                d._pty.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class CableEnd:
    """The outside end of an open cable (tools/rp2040/wire.mjs, OpenWire): a link
    transport (shared_rules/link/channel.py: write never blocks, read gives the bytes since
    the last call or None) that keeps the line's byte time both ways, on the emulator's
    clock:

    - read(): the bytes whose stop bit reached this end by the emulator's time now (after
      a run to T, every byte that had arrived by T, none later);
    - write(data): the bytes go on the line at the emulator's time now, and reach the
      device one per byte time of its UART (behind those still on the way).

    Whatever uses it runs on the emulator's clock, in lockstep: run the device to T, then
    the other side's frame at T (its reads and writes), and again. `sent` and `received`
    count the bytes; `stats()` is the wire's (index 0: the device's end, 1: this one).
    open_pty() bridges it to a pseudo-terminal instead (a SerialLink on its path)."""

    role = None
    where = "emulated cable"

    def __init__(self, emu, wire):
        self._emu = emu
        self.wire = wire
        self._got = bytearray()
        self._lock = threading.Lock()
        self._pty = None
        self.sent = 0
        self.received = 0
        self.arrivals = []      # the emulated ms each byte from the device arrived at
        emu.cables[wire] = self

    def ports(self):
        return [self]

    def _line(self, ev):
        data = bytes.fromhex(ev["hex"])
        with self._lock:
            self.received += len(data)
            self.arrivals.extend(ev["at"])
            if self._pty is not None:
                self._pty.to_host(data)
            else:
                self._got += data

    def read(self):
        with self._lock:
            if not self._got:
                return None
            data = bytes(self._got)
            self._got = bytearray()
        return data

    def write(self, data):
        if not data:
            return
        self.sent += len(data)
        try:
            self._emu.send("wire %d put %s" % (self.wire, bytes(data).hex()))
        except (OSError, ValueError):
            pass    # the emulator has quit: the line is dead, as a pulled cable's

    def stats(self):
        return self._emu.command("wire %d stats" % self.wire, "wire")

    def open_pty(self):
        """Bridges this end to a new raw pseudo-terminal; returns the slave's path. The
        bytes written there go on the line when the bridge's thread reads them (the
        emulator's time then), those from the device come out there."""
        self._pty = PtyBridge(self.write)
        return self._pty.path

    def close(self):
        if self._pty is not None:
            self._pty.close()
            self._pty = None


class PtyBridge:
    """A raw pty whose master side is wired to the device's CDC port."""

    def __init__(self, to_device):
        import tty
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.to_device = to_device
        self.closed = False
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def _pump(self):
        import select
        while not self.closed:
            ready, _w, _x = select.select([self.master], [], [], 0.1)
            if not ready:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            if data:
                self.to_device(data)

    def to_host(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass

    def close(self):
        self.closed = True
        self.thread.join(timeout=1)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


PROBE = os.path.join(ROOT, "tools", "rp2040", "probe_main.py")
PROBE_DUMP = os.path.join(ROOT, "tools", "rp2040", "probe_dump.py")


def probe_main(frozen_image=False, dump=None):
    """The instrumented main.py (tools/rp2040/probe_main.py) as files for build_image(extra=).
    frozen_image: for a Kocka firmware image, whose frozen main.py runs first: the probe
    as kocka_probe.py and a boot.py that makes App.run its loop. dump: when to print the
    heap's block map once (tools/rp2040/probe_dump.py: "<bytes>" or "<screen> <frames>")."""
    with open(PROBE, "rb") as f:
        probe = f.read()
    files = {"kocka_probe.py": probe, "boot.py": b"import kocka_probe\nkocka_probe.install()\n"} \
        if frozen_image else {"main.py": probe}
    if dump is not None:
        with open(PROBE_DUMP, "rb") as f:
            files["kocka_probe_dump.py"] = f.read()
        files["probe_dump"] = dump.encode()
    return files


class ProbeLog:
    """Parses probe_main.py's console lines: frames (frame, ms, heap, top, advance us, draw
    us, push us, the panel's transactions so far: Device.frames[that - 1] is what the
    frame left on the panel), states (frame, top, fingerprint), the interned strings' bytes at each
    new screen, the free heap at boot, crashes."""

    def __init__(self, text):
        self.frames = []
        self.states = []
        self.qstr = []        # (index of the next state line, interned strings' bytes)
        self.boot_free = None
        self.crashed = "KX" in text.split("\n") or "Traceback" in text
        for line in text.split("\n"):
            parts = line.strip().split()
            if len(parts) == 9 and parts[0] == "KF":
                self.frames.append((int(parts[1]), int(parts[2]), int(parts[3]), parts[4],
                                    int(parts[5]), int(parts[6]), int(parts[7]),
                                    int(parts[8])))
            elif len(parts) == 4 and parts[0] == "KS":
                self.states.append((int(parts[1]), parts[2], int(parts[3])))
            elif len(parts) == 3 and parts[0] == "KB":
                self.boot_free = int(parts[1])
            elif line.startswith("qstr pool:") and "n_total_bytes=" in line:
                # before the KS line of the screen it was taken on
                self.qstr.append((len(self.states), int(line.split("n_total_bytes=")[1])))

    def top(self):
        return self.frames[-1][3] if self.frames else None

    def peak(self, screens=None):
        heaps = [f[2] for f in self.frames if screens is None or f[3] in screens]
        return max(heaps) if heaps else 0


LINK_MAIN = os.path.join(ROOT, "tools", "rp2040", "link_main.py")
LINK_PLAY = os.path.join(ROOT, "tools", "rp2040", "link_play.py")


def link_probe(role, device, name, seed, guests=1, **more):
    """The link probe (tools/rp2040/link_main.py: link play over the cable, no screens) as
    files for build_image(extra=): role "host" or "guest"; a host of `guests` guests (1 on
    LINK A, 2 on LINK A and LINK B, 3 on those and LINK C, the PIO UART); more: the
    probe's other settings (game, host_human, pace)."""
    files = {}
    for name_in_image, path in (("main.py", LINK_MAIN), ("link_play.py", LINK_PLAY)):
        with open(path, "rb") as f:
            files[name_in_image] = f.read()
    conf = {"role": role, "device": device, "name": name, "seed": seed, "guests": guests}
    conf.update(more)
    files["link_conf.json"] = json.dumps(conf).encode()
    return files


class LinkLog:
    """Parses the link probe's console lines (with their emulated times, from
    Device.console_lines()): heap marks, events, action counts, round trips, the end."""

    def __init__(self, lines):
        self.heap = []        # (t, label, alloc, free)
        self.events = []      # (t, kind, device, text)
        self.counts = []      # (t, n, crc)
        self.rtt_us = []
        self.ends = []        # (t, n, crc)
        self.cable = []       # (t, sent, received, dropped)
        self.crashed = False
        listed = {}
        for t, line in lines:
            parts = line.split(" ", 3)
            tag = parts[0]
            if tag == "KH" and len(parts) == 4:
                self.heap.append((t, parts[1], int(parts[2]), int(parts[3])))
            elif tag == "KE":
                parts += [""] * (4 - len(parts))
                self.events.append((t, parts[1], parts[2], parts[3]))
            elif tag == "KA" and len(parts) == 3:
                self.counts.append((t, int(parts[1]), parts[2]))
            elif tag == "KT" and len(parts) == 2:
                self.rtt_us.append(int(parts[1]))
            elif tag == "KZ" and len(parts) == 3:
                self.ends.append((t, int(parts[1]), parts[2]))
                listed = {}
            elif tag == "KL":
                start, rest = line[3:].split(" ", 1)
                listed[int(start)] = json.loads(rest)
            elif tag == "KC" and len(parts) == 4:
                self.cable.append((t, int(parts[1]), int(parts[2]), int(parts[3])))
            elif tag == "KX" or line.startswith("Traceback"):
                self.crashed = True
        self.actions = []     # the last actions list printed after a KZ
        for start in sorted(listed):
            self.actions.extend(tuple(a) for a in listed[start])

    def count(self):
        return self.counts[-1][1] if self.counts else 0

    def first(self, kind, after=0.0):
        """The time of the first event of `kind` at or after `after`, or None."""
        for t, k, _d, _x in self.events:
            if k == kind and t >= after:
                return t
        return None
