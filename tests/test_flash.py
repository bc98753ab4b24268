"""`make flash` (tools/flash.py) with mpremote and the serial port list faked: no board needed."""
import io
import os
import sys

import pytest

from tools import flash

PORT = "/dev/ttyACM0"
PROBE_OUT = "KOCKA-PROBE micropython 1.26.1 Raspberry Pi Pico with RP2040\n"
REPORT = [("app/__init__.mpy", 10), ("app/app.mpy", 900), ("app/sub/x.mpy", 5),
          ("hal/pico.mpy", 800), ("board/pins.mpy", 300), ("shared_rules/rng.mpy", 200),
          ("main.py", 2000)]


class Port:
    def __init__(self, device, vid=None, pid=None, description=""):
        self.device = device
        self.vid = vid
        self.pid = pid
        self.description = description


PICO = Port(PORT, 0x2E8A, 0x0005, "Board in FS mode")
OTHER = Port("/dev/ttyUSB0", 0x10C4, 0xEA60, "CP2102 USB to UART")
BOOTSEL_NOT_SERIAL = Port("/dev/ttyS0")  # a plain UART: no VID/PID


class FakeMpremote:
    """Records every command; answers the probe with `probe_out`."""

    def __init__(self, probe_out=PROBE_OUT, fail_on=None, probe_code=0, probe_err=""):
        self.calls = []
        self.probe_out = probe_out
        self.fail_on = fail_on
        self.probe_code = probe_code
        self.probe_err = probe_err

    def __call__(self, cmd, cwd=None, capture=True, timeout=None):
        self.calls.append((cmd, cwd, capture))
        args = cmd[cmd.index("mpremote") + 1:]
        if self.fail_on and self.fail_on in args:
            return 1, "", "mpremote: %s went wrong" % self.fail_on
        if args[2:4] == ["exec", flash.PROBE]:
            return self.probe_code, self.probe_out, self.probe_err
        if args[2] == "exec":
            return 0, "removed /app/old.py\n", ""
        return 0, "", ""

    def args(self):
        """Each call's mpremote arguments (after `python -m mpremote`)."""
        out = []
        for cmd, _cwd, _capture in self.calls:
            assert cmd[:3] == [sys.executable, "-m", "mpremote"]
            out.append(cmd[3:])
        return out


def fake_build(tmp_path):
    def build():
        return str(tmp_path), list(REPORT)
    return build


def run(tmp_path, argv=(), ports=(PICO,), mp=None):
    mp = mp or FakeMpremote()
    out = io.StringIO()
    listed = []

    def list_ports():
        listed.append(True)
        return list(ports)
    code = flash.main(list(argv), out=out, run=mp, ports=list_ports, build=fake_build(tmp_path))
    return code, out.getvalue(), mp, listed


def test_device_found_gives_the_mpremote_commands_in_order(tmp_path):
    code, text, mp, _ = run(tmp_path, ports=(OTHER, PICO, BOOTSEL_NOT_SERIAL))
    assert code == flash.OK, text
    calls = mp.args()
    assert [c[:2] for c in calls] == [["connect", PORT]] * 4
    probe, cleanup, copy, reset = [c[2:] for c in calls]
    assert probe == ["exec", flash.PROBE]
    assert cleanup[0] == "exec" and "os.remove" in cleanup[1]
    assert copy == ["fs", "cp", "-r", "app", "board", "hal", "main.py", "shared_rules", ":"]
    assert reset == ["reset"]
    # the copy runs inside the bundle folder, with its progress shown (not captured)
    assert mp.calls[2][1] == str(tmp_path) and mp.calls[2][2] is False
    assert "MicroPython 1.26.1 on Raspberry Pi Pico with RP2040" in text
    assert "removed /app/old.py" in text
    assert "Done" in text


def test_the_cleanup_keeps_everything_in_the_bundle_and_only_looks_in_code_folders(tmp_path):
    _, _, mp, _ = run(tmp_path)
    script = mp.args()[1][3]
    keep = flash.bundle_files(REPORT)
    assert {"app", "app/sub", "app/sub/x.mpy", "hal/pico.mpy", "main.py"} <= keep
    assert repr(sorted(keep)) in script
    assert repr(flash.CODE_DIRS) in script
    assert "data" not in flash.CODE_DIRS  # settings and the game log stay


def test_no_device_exits_2_and_says_what_to_check(tmp_path):
    code, text, mp, _ = run(tmp_path, ports=(OTHER,))
    assert code == flash.NO_DEVICE == 2
    assert mp.calls == []  # mpremote never ran
    for needle in ("No Pico", "2E8A:0005", "cable", "BOOTSEL", "RPI_PICO", "RPI_PICO2",
                   "micropython.org/download", "PORT="):
        assert needle in text, needle


def test_several_picos_ask_for_a_port(tmp_path):
    second = Port("/dev/ttyACM1", 0x2E8A, 0x0005)
    code, text, mp, _ = run(tmp_path, ports=(second, PICO))
    assert code == flash.NO_DEVICE
    assert "/dev/ttyACM0, /dev/ttyACM1" in text and "PORT=" in text
    assert mp.calls == []


@pytest.mark.parametrize("version", ["1.22.2", "1.23.0", "0.9.9"])
def test_old_firmware_is_refused(tmp_path, version):
    mp = FakeMpremote(probe_out="KOCKA-PROBE micropython %s Raspberry Pi Pico with RP2040\n" % version)
    code, text, mp, _ = run(tmp_path, mp=mp)
    assert code == flash.BAD_FIRMWARE == 3
    assert "MicroPython %s: too old" % version in text
    assert "1.24 or newer" in text and "RPI_PICO" in text
    assert len(mp.calls) == 1  # only the probe: nothing copied, nothing removed


@pytest.mark.parametrize("version", ["1.24.0", "1.24.1", "1.29.0", "2.0.0"])
def test_new_enough_firmware_is_accepted(tmp_path, version):
    mp = FakeMpremote(probe_out="KOCKA-PROBE micropython %s Raspberry Pi Pico 2 with RP2350\n" % version)
    code, text, _, _ = run(tmp_path, mp=mp)
    assert code == flash.OK, text


def test_circuitpython_or_garbage_is_refused(tmp_path):
    mp = FakeMpremote(probe_out="KOCKA-PROBE circuitpython 9.1.0 Raspberry Pi Pico with rp2040\n")
    code, text, _, _ = run(tmp_path, mp=mp)
    assert code == flash.BAD_FIRMWARE and "circuitpython, not MicroPython" in text
    mp = FakeMpremote(probe_out="Traceback (most recent call last):\n")
    code, text, _, _ = run(tmp_path, mp=mp)
    assert code == flash.BAD_FIRMWARE and "not like MicroPython" in text


def test_a_board_that_does_not_answer(tmp_path):
    mp = FakeMpremote(probe_code=1, probe_out="",
                      probe_err="mpremote: failed to access /dev/ttyACM0 (it may be in use by another program)")
    code, text, _, _ = run(tmp_path, mp=mp)
    assert code == flash.FAILED
    assert "did not answer" in text and "in use by another program" in text
    assert "Thonny" in text


def test_port_override_skips_detection(tmp_path):
    code, text, mp, listed = run(tmp_path, argv=["--port", "rfc2217://localhost:4000"], ports=())
    assert code == flash.OK, text
    assert listed == []  # no port scan when a port is given
    assert all(c[:2] == ["connect", "rfc2217://localhost:4000"] for c in mp.args())
    # and it wins over a Pico that is plugged in
    code, _, mp, _ = run(tmp_path, argv=["--port", "COM7"], ports=(PICO,))
    assert code == flash.OK
    assert all(c[1] == "COM7" for c in mp.args())


def test_a_failing_copy_stops_before_the_reset(tmp_path):
    mp = FakeMpremote(fail_on="cp")
    code, text, mp, _ = run(tmp_path, mp=mp)
    assert code == flash.FAILED
    assert "Copying failed" in text and "cp went wrong" in text
    assert not any("reset" in c for c in mp.args())


def test_parse_probe():
    assert flash.parse_probe("junk\nKOCKA-PROBE micropython 1.24.0 Raspberry Pi Pico with RP2040\n") == (
        "micropython", (1, 24, 0), "Raspberry Pi Pico with RP2040")
    assert flash.parse_probe("") is None
    assert flash.parse_probe("KOCKA-PROBE micropython x.y.z m") is None


def test_find_pico_ports_matches_vid_and_pid_only():
    assert flash.find_pico_ports([OTHER, BOOTSEL_NOT_SERIAL, PICO]) == [PORT]
    assert flash.find_pico_ports([Port("x", 0x2E8A, 0x0003)]) == []  # BOOTSEL's USB id, not serial


def test_makefile_flash_rule_runs_the_tool():
    with open(os.path.join(flash.ROOT, "Makefile")) as f:
        text = f.read()
    rule = text.split("\nflash:", 1)[1].split("\n\n", 1)[0]
    assert "-m tools.flash" in rule and "$(PORT)" in rule


@pytest.mark.micropython
def test_probe_and_cleanup_run_under_micropython(tmp_path):
    """The two scripts sent to the board, run by real MicroPython (the WebAssembly port)."""
    from tests.mpgate import run_mp
    keep = flash.bundle_files(REPORT)
    setup = "\n".join([
        "import os",
        "for d in ('/app', '/app/sub', '/app/gone', '/hal', '/data'):",
        "    os.mkdir(d)",
        "for f in ('/app/app.mpy', '/app/app.py', '/app/sub/x.mpy', '/app/gone/y.mpy',",
        "          '/hal/pico.mpy', '/data/settings.json', '/main.py', '/boot.py'):",
        "    open(f, 'w').write('x')",
    ])
    check = "\n".join([
        "def _all(d, out):",
        "    for e in os.ilistdir(d):",
        "        p = d.rstrip('/') + '/' + e[0]",
        "        if e[1] & 0x4000:",
        "            _all(p, out)",
        "        else:",
        "            out.append(p)",
        "    return out",
        "print('LEFT', sorted(f for f in _all('/', []) if not f.startswith('/proj')))",
    ])
    script = tmp_path / "board.py"
    script.write_text(setup + "\n" + flash.PROBE + "\n"
                      + flash.CLEANUP.format(keep=sorted(keep), dirs=flash.CODE_DIRS) + "\n" + check + "\n")
    proc = run_mp(script, mounts=())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    name, version, _machine = flash.parse_probe(proc.stdout)
    assert name == "micropython" and version >= (1, 24)
    assert "removed /app/app.py" in proc.stdout and "removed /app/gone" in proc.stdout
    left = [l for l in proc.stdout.splitlines() if l.startswith("LEFT")][0]
    for f in ("/app/app.mpy", "/app/sub/x.mpy", "/hal/pico.mpy", "/data/settings.json",
              "/main.py", "/boot.py"):
        assert "'%s'" % f in left, f
    for f in ("/app/app.py", "/app/gone/y.mpy"):
        assert "'%s'" % f not in left, f


def test_the_real_bundle_has_no_host_only_files():
    bundle, report = flash.build_bundle()
    paths = [p for p, _size in report]
    assert "main.py" in paths and "app/selftest.mpy" in paths and "board/pins.mpy" in paths
    assert not any(p.startswith("hal/virtual") for p in paths)
    assert not os.path.exists(os.path.join(bundle, "hal", "virtual.mpy"))
    assert {p.split("/")[0] for p in paths} == set(flash.CODE_DIRS) | {"main.py"}
