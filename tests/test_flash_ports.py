"""`make flash` pointed at the wrong port, as a person does it: a PORT= that does not
exist, and a port that is no MicroPython REPL (the simulator's pty), said at once."""
import os
import subprocess
import sys
import threading
import time
import tty

import pytest

from tools import flash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pty")


def make_flash(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "tools.flash"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_a_port_that_does_not_exist_is_named_so(tmp_path):
    p = make_flash("--port", str(tmp_path / "ttyACM9"))
    assert p.returncode == flash.NO_DEVICE, p.stdout + p.stderr
    assert "There is no port %s" % (tmp_path / "ttyACM9") in p.stdout
    assert "in use by another program" not in p.stdout


def test_the_simulators_pty_is_not_a_repl_and_is_said_at_once(tmp_path):
    from tests.test_host_cli import Sim
    sim = Sim(tmp_path / "dev")
    try:
        t0 = time.time()
        p = make_flash("--port", sim.port)
        took = time.time() - t0
    finally:
        sim.stop()
    assert p.returncode == flash.FAILED, p.stdout + p.stderr
    assert "is not a MicroPython REPL" in p.stdout and "pseudo-terminal" in p.stdout
    assert took < 15  # not mpremote's 30 s


def test_a_repl_prompt_passes_the_check():
    master, slave = os.openpty()
    tty.setraw(slave)
    stop = threading.Event()

    def repl():  # answers Ctrl-C as MicroPython does
        while not stop.is_set():
            try:
                data = os.read(master, 64)
            except OSError:
                return
            if b"\x03" in data:
                os.write(master, b"\r\nMicroPython v1.28.0\r\n>>> ")
    t = threading.Thread(target=repl, daemon=True)
    t.start()
    try:
        flash.repl_prompt(os.ttyname(slave), wait=5)
    finally:
        stop.set()
        os.close(slave)
        os.close(master)
