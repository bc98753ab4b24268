"""Shared set-up of the emulated-RP2040 tests and bench (tools/rp2040emu.py): skip with where
to get the firmware when it is absent, boot a device from an image, press buttons and wait
for screens."""
import os

import pytest

from tests import tiers
from tools import device_image, rp2040emu

MP_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mp")

GAP_MS = 350  # a press every GAP_MS, held HOLD_MS: long enough for one frame to see it
HOLD_MS = 180



def menu_games():
    """(menu label, setup screen, presses that start it from the setup, play screen) of
    every game in the main menu, in its order, from the games' descriptors."""
    from shared_rules import registry
    return tuple((g.title, g.screens[0], g.start, g.screens[1]) for g in registry.menu())


GAMES = menu_games()
PLAY = ("A", "RIGHT", "A", "X", "PRESS", "A", "Y", "LEFT", "A", "DOWN")
QUIT = ("B", "X", "A")   # pause, quit, confirm


def require():
    tiers.check("emulator")
    why = rp2040emu.missing()
    if why:
        pytest.skip(why)


_built = {}   # board -> UF2 path: the sources do not change while the tests run


def build_image(board="RPI_PICO"):
    """The Kocka firmware image's UF2 for a board (tools.build_uf2: built once per checkout,
    then only what changed; once per test process, as make's up-to-date check alone takes
    seconds), skipping with what to install when the toolchain is absent."""
    from tools import build_uf2
    tiers.check("toolchain")
    require()
    if board in _built:
        return _built[board]
    try:
        _built[board] = build_uf2.build(board)
    except build_uf2.BuildError as e:
        if build_uf2.missing_tools():   # tests install nothing: `make test` does, first
            pytest.skip(str(e))
        raise
    return _built[board]


def image_firmware(tmp_path_factory):
    """The RPI_PICO image's flash bytes as a file for the emulator (Device(firmware=...))."""
    from tools import build_uf2
    path = tmp_path_factory.mktemp("uf2") / "kocka-RPI_PICO.bin"
    path.write_bytes(build_uf2.payload(build_image("RPI_PICO")))
    return str(path)


def boot(tmp_path_factory, name, data=None, probe=False, firmware=None, image=None, roots=(),
         usb=True):
    """A Device booted from the bundle (probe: the instrumented main.py) with /data files.
    firmware: a Kocka firmware image's binary (tests/test_device_uf2.py builds one): then the filesystem
    holds no code, and the probe comes in through boot.py. image: the flash filesystem
    as it is. roots: extra games folders installed with the bundle (a test's game)."""
    require()
    if image is None:
        extra = rp2040emu.probe_main(frozen_image=firmware is not None) if probe else None
        image = device_image.build_image(data=data, extra=extra, bundle=firmware is None,
                                         roots=roots)
    out = tmp_path_factory.mktemp(name)
    return rp2040emu.Device(image, out_dir=str(out), firmware=firmware, usb=usb)


def run_script(script, tmp_path, ok, fail, limit_ms=20000, step_ms=250):
    """tests/mp/<script> as main.py on the bundle until it prints a line starting with
    `ok` or `fail`; returns the console text and that line's words (None if neither)."""
    require()
    with open(os.path.join(MP_DIR, script), "rb") as f:
        main = f.read()
    dev = rp2040emu.Device(device_image.build_image(extra={"main.py": main}),
                           out_dir=str(tmp_path))
    try:
        dev.run_until(lambda: ok in dev.console_text() or fail in dev.console_text(),
                      limit_ms, step_ms)
        text = dev.console_text()
    finally:
        dev.close()
    assert fail not in text, text[-2000:]
    lines = [line.split() for line in text.splitlines() if line.startswith(ok)]
    return text, lines[0] if lines else None


def wait_top(dev, name, limit_ms=8000):
    """Runs until the probe reports `name` as the top screen; returns the probe log."""
    def there():
        return rp2040emu.ProbeLog(dev.console_text()).top() == name
    dev.run_until(there, limit_ms)
    return rp2040emu.ProbeLog(dev.console_text())


def assert_no_crash(dev):
    text = dev.console_text()
    assert "Traceback" not in text and "KX" not in text.split("\n") and "crashed" not in text, \
        text[-3000:]


def tap(dev, button):
    dev.press(button, hold_ms=HOLD_MS, then_ms=GAP_MS)


def go_to(dev, presses, screen, limit_ms=6000):
    """Presses `presses` and waits for `screen` on top, pressing again if a press was lost."""
    end = dev.now + limit_ms
    while True:
        for b in presses:
            tap(dev, b)
        try:
            wait_top(dev, screen, limit_ms=1500)
            return
        except rp2040emu.DeviceError:
            if dev.now > end:
                raise


# the menu's other screens, from the main menu and back to it
MENU_SCREENS = ((("DOWN", "DOWN", "A"), "HistoryScreen"), (("B", "DOWN", "DOWN", "A"), "SettingsScreen"),
                (("B", "DOWN", "A"), "AboutScreen"), (("B",), "MainMenu"))


def every_menu_screen(dev):
    """From the main menu through History, Settings and About, back to the menu."""
    for presses, screen in MENU_SCREENS:
        go_to(dev, presses, screen)


def every_game(dev, play_ms, openings=None):
    """From the menu, its cursor on the first game, into every game (seat 1 human, the
    rest bots), play_ms of button play, and back through the pause box; returns {play
    screen: (start, end) of its play}. The cursor is then on the last game. openings: a
    dict to fill with {play screen: ms from the start press to the end of the game's
    first frame} (the probe's log says which frame that was)."""
    spans = {}
    for i, (_label, setup, start, play) in enumerate(GAMES):
        go_to(dev, ("DOWN", "A") if i else ("A",), setup)
        pressed = dev.now + GAP_MS * (len(start) - 1)   # the start's last press (tap)
        go_to(dev, start, play)
        if openings is not None:
            openings[play] = opening_ms(dev, play, pressed)
        t0 = dev.now
        k = 0
        while dev.now - t0 < play_ms:
            tap(dev, PLAY[k % len(PLAY)])
            k += 1
        spans[play] = (t0, dev.now)
        go_to(dev, QUIT, "MainMenu")
    return spans


def opening_ms(dev, play, pressed):
    """ms from a press at `pressed` to the end of the first frame the probe drew with
    `play` on top after it (its panel frame: the probe's count of transactions)."""
    log = rp2040emu.ProbeLog(dev.console_text())
    for f in log.frames:
        if f[3] == play and f[7] and dev.frames[f[7] - 1].t0 >= pressed:
            return round(dev.frames[f[7] - 1].t1 - pressed, 1)
    return None


def kocka_sync(dev, db, limit_ms=60_000):
    """Runs `kocka sync` (the host tool, as a user would) against the device over its
    CDC-pty bridge while the emulator keeps going; (exit status, output)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    port = dev.open_pty()
    env = dict(os.environ, PYTHONPATH=root)
    env.pop("KOCKA_DB", None)
    # the emulated board runs slower than real time: allow it long waits
    host = subprocess.Popen([sys.executable, "-m", "host", "--db", str(db), "sync", "--port", port,
                             "--timeout", "30"], cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        dev.run_until(lambda: host.poll() is not None, limit_ms, step_ms=50)
    finally:
        if host.poll() is None:
            host.kill()
        out = host.communicate()[0]
    return host.returncode, out


def fingerprints(dev, screen):
    return [s[2] for s in rp2040emu.ProbeLog(dev.console_text()).states if s[1] == screen]


def tap_until_changed(dev, screen, keys, limit=24):
    """Taps `keys` in turn until the game on `screen` is in a new state (the probe's
    fingerprint): a press that landed in a long frame, or on a view that ignores it, is
    simply followed by the next. Returns the new fingerprint."""
    seen = fingerprints(dev, screen)
    was = seen[-1] if seen else None
    for k in range(limit):
        tap(dev, keys[k % len(keys)])
        now = fingerprints(dev, screen)
        if now and now[-1] != was:
            return now[-1]
    raise rp2040emu.DeviceError("%s never changed after %d presses of %s" % (screen, limit, keys))


def tap_until_redrawn(dev, button, limit=4):
    """Taps `button` until the screen shows something new (a press that fell into a long
    frame is lost on a real Pico too: the test presses again, as a player would). Returns
    the time of the press that took."""
    before = dev.last_frame()
    old = before.rgb565 if before else None
    for _ in range(limit):
        t = dev.now
        tap(dev, button)
        if any(f.rgb565 != old for f in dev.frames_since(t)):
            return t
    raise rp2040emu.DeviceError("%s changed nothing on screen after %d presses" % (button, limit))
