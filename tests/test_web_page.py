"""Kocka in a browser (make web): the built site in headless Chromium, driven by Playwright.

The page runs the device's app under MicroPython WebAssembly; these tests check it the
way a visitor uses it: the menu drawn pixel for pixel as the simulator draws it, keys,
mouse, touch and a gamepad moving the cursor, remapped keys kept, the share links, a
reload keeping settings and the game log, Resume after the tab closed mid-game (saying
which game is saved when a share link meets it), and the downloaded log read by
`kocka import`.

The browser is Debian's chromium (Playwright drives it; nothing is downloaded), installed
by `make test` with the other system packages (tools/system_deps.py); without it the
tests skip saying what to install, which fails a CI run (conftest.py).
"""
import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from hal import api
from tests.apphelpers import Harness
from tools import system_deps

pytestmark = pytest.mark.browser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BROWSERS = ("chromium", "chromium-browser")
WAIT_MS = 20000


def _find_browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    return None


def _unavailable(reason):
    pytest.skip(reason)   # under CI a skip fails the run (conftest.py)


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (it is in requirements.txt: make test "
                     "installs it)")
    path = _find_browser()
    if path is None:
        _unavailable(system_deps.advice(["chromium"]))
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        _unavailable("node_modules missing: run `make test`")
    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
    yield b
    b.close()
    pw.stop()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    from tools.build_web import build
    from tools.serve_web import serve
    out = tmp_path_factory.mktemp("web")
    build(str(out))
    server, url = serve(str(out))
    yield url
    server.shutdown()
    server.server_close()


class Page:
    """One tab on the site, with the page's status (window.kocka.stats) at hand."""

    def __init__(self, context, url, query=""):
        self.page = context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url + query)
        self.wait("s.shown > 0")

    def stats(self):
        return self.page.evaluate("window.kocka.stats")

    def wait(self, cond, timeout=WAIT_MS):
        """Waits for `cond`, a JS expression over s = window.kocka.stats."""
        self.page.wait_for_function(
            "(() => { const s = window.kocka && window.kocka.stats; if (!s) return false;"
            " if (s.error) return true; return %s; })()" % cond, timeout=timeout)
        s = self.stats()
        assert not s["error"] and not self.errors, (s["error"], self.errors)
        return s

    def wait_top(self, name, timeout=WAIT_MS):
        return self.wait("s.top === %s" % json.dumps(name), timeout)

    def frames_later(self, n=3):
        f = self.stats()["frames"]
        self.wait("s.frames >= %d" % (f + n))

    def press(self, key):
        """A key held for a frame or two (well inside the 400 ms before auto-repeat)."""
        self.page.keyboard.down(key)
        self.frames_later(1)
        self.page.keyboard.up(key)
        self.frames_later(3)

    def screen_rgb(self):
        """The canvas's 240x240 pixels as r, g, b bytes."""
        data = self.page.evaluate(
            "Array.from(document.getElementById('screen').getContext('2d')"
            ".getImageData(0, 0, 240, 240).data)")
        rgba = bytes(data)
        return b"".join(rgba[i:i + 3] for i in range(0, len(rgba), 4))

    def close(self):
        self.page.close()


def sim_rgb(hal):
    """The virtual HAL's frame as the simulator's window shows it (simulator/frame.py)."""
    from simulator.frame import panel_palette
    pal = panel_palette(hal.display.palette)
    return b"".join(bytes(pal[i]) for i in hal.display.buf)


def sim_menu(tmp_path, downs=0):
    h = Harness(str(tmp_path / "sim"), skip_boot=False)
    while h.top_name() != "MainMenu":
        h.frames(1)
    h.frames(3)
    for _ in range(downs):
        h.press(api.DOWN)
        h.frames(3)
    return sim_rgb(h.hal)


def test_the_page_loads_and_draws_the_menu_as_the_simulator_does(browser, site, tmp_path):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    p = Page(ctx, site)
    s = p.wait_top("MainMenu")
    assert s["firstFrameMs"] < 10000
    p.frames_later(3)
    assert p.screen_rgb() == sim_menu(tmp_path)
    # the device drawing: eight LEDs, the joystick and the four keys with their key legends
    assert p.page.locator("#leds .led").count() == api.NUM_LEDS
    for name, legend in (("UP", "\u2191"), ("PRESS", "Enter"), ("A", "a"), ("Y", "y")):
        assert p.page.locator("#btn-" + name).is_visible()
        assert p.page.inner_text("#hint-" + name) == legend
    # the screen at a whole-number scale
    box = p.page.locator("#screen").bounding_box()
    assert box["width"] == box["height"] and box["width"] % 240 == 0, box
    assert p.page.evaluate("window.kocka.audio()")["started"] is False  # muted until a click
    ctx.close()


def test_keys_mouse_and_touch_move_the_cursor_and_open_a_game(browser, site, tmp_path):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760}, has_touch=True)
    p = Page(ctx, site)
    p.wait_top("MainMenu")
    p.press("ArrowDown")
    assert p.screen_rgb() == sim_menu(tmp_path, downs=1)
    audio = p.page.evaluate("window.kocka.audio()")
    assert audio["started"] and p.stats()["tones"] > 0  # the key unlocked sound; a click played
    p.press("KeyA")
    p.wait_top("Kocka10000Setup")
    p.page.click("#btn-B")  # the drawn B key, with the mouse
    p.wait_top("MainMenu")
    p.frames_later(3)
    assert p.screen_rgb() == sim_menu(tmp_path, downs=1)  # the cursor kept its place
    box = p.page.locator("#btn-UP").bounding_box()
    p.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    p.frames_later(4)
    assert p.screen_rgb() == sim_menu(tmp_path)  # back on the first item
    ctx.close()


def test_a_gamepad_drives_the_joystick_and_keys(browser, site, tmp_path):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    # a standard-mapping pad whose buttons the test sets (the page polls it every frame)
    ctx.add_init_script("""
        window.fakePad = { id: 'test pad', index: 0, connected: true, mapping: 'standard',
            axes: [0, 0, 0, 0],
            buttons: Array.from({length: 17}, () => ({ pressed: false, value: 0 })) };
        navigator.getGamepads = () => [window.fakePad];
    """)
    p = Page(ctx, site)
    p.wait_top("MainMenu")
    for button, top in ((13, None), (0, "Kocka10000Setup"), (1, "MainMenu")):  # d-pad down, A, B
        p.page.evaluate("window.fakePad.buttons[%d].pressed = true" % button)
        p.frames_later(1)
        p.page.evaluate("window.fakePad.buttons[%d].pressed = false" % button)
        p.frames_later(3)
        if top:
            p.wait_top(top)
        else:
            assert p.screen_rgb() == sim_menu(tmp_path, downs=1)
    ctx.close()


def test_remapped_keys_work_and_are_kept(browser, site, tmp_path):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    p = Page(ctx, site)
    p.wait_top("MainMenu")
    p.page.click("#keys summary")
    p.page.click("#remap-DOWN")
    p.page.keyboard.press("KeyJ")
    assert p.page.inner_text("#hint-DOWN") == "j"
    p.page.reload()
    p.wait_top("MainMenu")
    assert p.page.inner_text("#hint-DOWN") == "j"
    p.press("ArrowDown")   # no longer bound: nothing moves
    assert p.screen_rgb() == sim_menu(tmp_path)
    p.press("KeyJ")
    assert p.screen_rgb() == sim_menu(tmp_path, downs=1)
    ctx.close()


def sim_demo(name, seed, frames):
    """The frame the page's demo shows after `frames` frames (web/kocka_page.py's loop)."""
    import tempfile
    from app.app import App
    from app import demo
    from hal.virtual import VirtualHal
    with tempfile.TemporaryDirectory() as d:
        hal = VirtualHal(d, 1)
        app = App(hal)
        driver = demo.start(app, name, seed)
        for f in range(frames):
            driver.before_frame(f)
            app.tick(33 * (f + 1))
        return sim_rgb(hal), driver.over()


def test_a_demo_share_link_plays_the_game_to_its_end(browser, site):
    frames = 4600  # Cubo, seed 7: over at about frame 4500 (each round's 3 s count-in included)
    ctx = browser.new_context(viewport={"width": 1100, "height": 760})
    p = Page(ctx, site, "?demo=cubo&seed=7&turbo=32&frames=%d" % frames)
    s = p.wait("s.frames >= %d" % frames, timeout=90000)
    assert s["over"] and s["top"] == "CuboMatch"
    assert s["ledsLit"] > 0
    want, over = sim_demo("cubo", 7, frames)
    assert over and p.screen_rgb() == want
    # a demo keeps nothing: the visitor's own saves and log are not touched
    keys = p.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kocka/'))")
    assert keys == []
    ctx.close()


def test_a_game_share_link_opens_its_setup(browser, site):
    ctx = browser.new_context()
    p = Page(ctx, site, "?game=kocka10000")
    p.wait_top("Kocka10000Setup")
    ctx.close()


def test_a_reload_keeps_the_settings_and_the_log_which_kocka_imports(browser, site, tmp_path):
    ctx = browser.new_context(viewport={"width": 1100, "height": 760}, accept_downloads=True)
    # a bots-only Cubingos game from its setup: seat 1 to a bot, then Y starts
    p = Page(ctx, site, "?game=cubingos")
    p.wait_top("CubingosSetup")
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "KeyY"):
        p.press(key)
    p.wait_top("CubingosPlay")
    p.page.evaluate("window.kocka.setTurbo(16)")  # the bots play fast
    p.wait("s.ended", timeout=60000)
    p.close()
    # at the next start the finished game goes into the log; a setting changed
    p = Page(ctx, site)
    p.wait_top("MainMenu")
    for key in ("ArrowUp", "ArrowUp", "KeyA"):   # Settings (second to last)
        p.press(key)
    p.wait_top("SettingsScreen")
    p.press("ArrowRight")   # the first setting one step on
    p.frames_later(3)
    changed = p.screen_rgb()
    p.press("KeyB")         # leaving Settings saves them
    p.wait_top("MainMenu")
    before = json.loads(p.page.evaluate("window.kocka.exportLog()"))
    assert len(before["records"]) == 1
    p.page.reload()
    p.wait_top("MainMenu")
    for key in ("ArrowUp", "ArrowUp", "KeyA"):
        p.press(key)
    p.wait_top("SettingsScreen")
    p.frames_later(3)
    assert p.screen_rgb() == changed
    with p.page.expect_download() as dl:
        p.page.click("#download")
    path = tmp_path / dl.value.suggested_filename
    dl.value.save_as(str(path))
    assert json.loads(path.read_text()) == before
    dbp = tmp_path / "k.sqlite3"
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("KOCKA_EXTRA_GAMES", None)
    proc = subprocess.run([sys.executable, "-m", "host", "import", str(path), "--db", str(dbp)],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "1 new game" in proc.stdout
    from host import db
    con = db.connect(str(dbp))
    assert [tuple(r) for r in con.execute("SELECT game, verified FROM games")] == [("cubingos", 1)]
    con.close()
    ctx.close()


def test_a_game_closed_mid_way_is_offered_for_resume(browser, site):
    ctx = browser.new_context()
    p = Page(ctx, site, "?game=cubingos")
    p.wait_top("CubingosSetup")
    p.press("KeyY")
    p.wait_top("CubingosPlay")
    time.sleep(0.3)
    p.close()   # the tab closed mid-game
    p = Page(ctx, site)
    p.wait_top("ResumeScreen")
    p.press("KeyA")
    p.wait_top("CubingosPlay")
    ctx.close()


def test_a_share_link_over_a_saved_game_says_why_resume_comes_first(browser, site, tmp_path):
    ctx = browser.new_context()
    p = Page(ctx, site, "?game=coloretto")
    p.wait_top("ColorettoSetup")
    p.press("KeyY")
    p.wait_top("ColorettoPlay")
    time.sleep(0.3)
    p.close()   # the tab closed mid-game; then the link again
    p = Page(ctx, site, "?game=coloretto")
    p.wait_top("ResumeScreen")
    p.frames_later(3)
    # the lines under the two rows say which game is saved, as the simulator draws them
    from tests import test_coloretto_ui as COL
    COL.start(str(tmp_path / "sim"))         # a Coloretto game saved on the simulator
    h = Harness(str(tmp_path / "sim"))
    assert h.top_name() == "ResumeScreen"
    h.frames(2)
    band = slice(96 * 240 * 3, 160 * 240 * 3)
    want = sim_rgb(h.hal)[band]
    assert want != want[:3] * (len(want) // 3)   # text there, not an empty band
    assert p.screen_rgb()[band] == want
    p.press("ArrowDown")
    p.press("KeyA")                          # Discard: the link's game opens
    p.wait_top("ColorettoSetup")
    ctx.close()
