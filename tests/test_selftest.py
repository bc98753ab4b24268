"""The hardware self-test screen (Settings > Self-test), driven headless with buttons."""
import pytest

from hal import api
from app import ui
from app import selftest
from tests.apphelpers import Harness, FRAME


def open_selftest(tmp_path, **settings):
    h = Harness(tmp_path)
    for key, value in settings.items():
        h.app.settings.set(key, value)
    h.app.apply_settings()
    h.open_menu_item("Settings")
    assert h.top_name() == "SettingsScreen"
    h.open_menu_item("Self-test")
    assert h.top_name() == "SelfTestScreen"
    return h


def pad_colour(h, button):
    x, y, w, h_ = selftest.pad_rect(button)
    return h.hal.display.buf[(y + 3) * ui.W + x + 3]  # inside the pad, clear of its label


def hold(h, button):
    h.hal.buttons.inject(api.event(api.PRESSED, button))
    h.frames(1)


def release(h, button):
    h.hal.buttons.inject(api.event(api.RELEASED, button))
    h.frames(1)


def test_every_button_lights_while_held_and_stays_marked_once_seen(tmp_path):
    h = open_selftest(tmp_path)
    scr = h.app.top()
    for b in range(api.NUM_BUTTONS):
        assert pad_colour(h, b) == ui.PANEL_HI, api.BUTTON_NAMES[b]
    for b in range(api.NUM_BUTTONS):
        hold(h, b)
        assert pad_colour(h, b) == ui.ACCENT, api.BUTTON_NAMES[b]
        release(h, b)
        assert pad_colour(h, b) == ui.GREEN, api.BUTTON_NAMES[b]
        if b == api.KEY_B:
            h.frames(30)  # B twice in a row would leave; let the double-press window pass
    assert h.top_name() == "SelfTestScreen"
    assert scr.seen == (1 << api.NUM_BUTTONS) - 1
    assert scr.seen_text == "9/9"


def test_a_single_b_press_is_tested_not_an_exit(tmp_path):
    h = open_selftest(tmp_path)
    h.press(api.KEY_B)
    h.frames(40)
    assert h.top_name() == "SelfTestScreen"
    assert pad_colour(h, api.KEY_B) == ui.GREEN


def test_b_pressed_twice_leaves_and_silences_everything(tmp_path):
    h = open_selftest(tmp_path)
    h.frames(20)
    h.press(api.KEY_B)
    h.frames(3)
    h.press(api.KEY_B)
    assert h.top_name() == "SettingsScreen"
    h.frames(2)
    assert h.hal.buzzer.freq == 0
    assert all(c == (0, 0, 0) for c in h.hal.leds.shown)


def test_b_held_for_a_second_leaves(tmp_path):
    h = open_selftest(tmp_path)
    hold(h, api.KEY_B)
    h.frames(selftest.EXIT_HOLD_MS // FRAME - 3)
    assert h.top_name() == "SelfTestScreen"
    h.frames(5)
    assert h.top_name() == "SettingsScreen"
    release(h, api.KEY_B)
    assert h.top_name() == "SettingsScreen"  # the release does not back out further


def test_leds_cycle_through_colours_at_the_brightness_setting(tmp_path):
    h = open_selftest(tmp_path, led=100)
    seen = set()
    for _ in range(40):
        h.frames(3)
        shown = list(h.hal.leds.shown)
        assert all(c != (0, 0, 0) for c in shown)  # all 8 lit
        seen.add(tuple(shown))
    assert len(seen) >= 8  # the pattern moves
    firsts = {s[0] for s in seen}
    assert {(255, 0, 0), (0, 255, 0), (0, 0, 255)} <= firsts  # each channel of LED 0 works


def test_led_brightness_setting_is_respected(tmp_path):
    h = open_selftest(tmp_path, led=40)
    h.frames(5)
    assert max(max(c) for c in h.hal.leds.shown) == 255 * 102 // 255  # 40% of 255


def test_buzzer_plays_a_scale_at_the_volume_setting(tmp_path):
    h = open_selftest(tmp_path, volume=30)
    freqs = []
    for _ in range(int(selftest.SCALE_MS / FRAME) + 5):
        h.frames(1)
        f = h.hal.buzzer.freq
        if f and (not freqs or freqs[-1] != f):
            freqs.append(f)
            assert h.hal.buzzer.volume == 30
    assert freqs == list(selftest.NOTE_HZ)
    # ... and again after the pause
    h.frames(int((selftest.SCALE_PAUSE_MS + 400) / FRAME))
    assert h.hal.buzzer.freq in selftest.NOTE_HZ


def test_no_sound_when_sound_is_off(tmp_path):
    h = open_selftest(tmp_path, sound=False)
    before = h.hal.buzzer.tones
    h.frames(100)
    assert h.hal.buzzer.tones == before
    assert h.app.top().sound_on is False


def test_colour_bars_are_drawn_in_pure_colours(tmp_path):
    h = open_selftest(tmp_path)
    d = h.hal.display
    w = ui.W // len(selftest.BAR_RGB)
    for i, rgb in enumerate(selftest.BAR_RGB):
        assert d.pixel_rgb(i * w + w // 2, selftest.BAR_Y + selftest.BAR_H // 2) == rgb
    # ramps: red from black to full in 6 steps
    y = selftest.RAMP_Y + 2
    reds = [d.pixel_rgb(k * selftest.RAMP_W + 2, y) for k in range(6)]
    assert reds == [(51 * k, 0, 0) for k in range(6)]


def test_frame_rate_is_measured_from_app_time(tmp_path):
    h = open_selftest(tmp_path)
    scr = h.app.top()
    assert scr.fps_text == "-- fps"
    h.frames(70)
    assert scr.fps == 1000 // FRAME  # one frame every 33 ms, every frame redrawn
    assert scr.fps_text == "%d fps" % scr.fps
    # a slower loop reads lower
    for _ in range(40):
        h.clock += 100
        h.app.tick(h.clock)
    assert scr.fps == 10


def test_repeat_and_stray_events_do_not_confuse_it(tmp_path):
    h = open_selftest(tmp_path)
    scr = h.app.top()
    for ev in (api.event(api.RELEASED, api.KEY_A), api.event(api.REPEAT, api.KEY_B),
               api.event(api.REPEAT, api.UP), api.event(api.RELEASED, api.KEY_B)):
        h.hal.buttons.inject(ev)
        h.frames(1)
    assert h.top_name() == "SelfTestScreen"
    assert scr.down == 0 and scr.seen == 0


# The same walk under real MicroPython (the WebAssembly port) and CPython: it runs there, and
# draws the very same pixels.
MP_SCRIPT = '''
import sys
try:
    import mpargs
    ARGV = mpargs.ARGV
except ImportError:
    ARGV = sys.argv
out = ARGV[1]
import os
try:
    os.mkdir(out + "/data")
except OSError:
    pass
from hal import api
from hal.virtual import VirtualHal
from app.app import App
hal = VirtualHal(out + "/data", 3)
app = App(hal)
clock = [0]
def tick(n=1):
    for _ in range(n):
        clock[0] += 33
        app.tick(clock[0])
def press(b):
    hal.buttons.inject(api.event(api.PRESSED, b))
    tick()
    hal.buttons.inject(api.event(api.RELEASED, b))
    tick()
press(api.KEY_B)
tick(2)
from app.settings_screen import SettingsScreen
app.push(SettingsScreen(app))
tick()
press(api.UP)
press(api.KEY_A)
for b in (api.UP, api.LEFT, api.KEY_A, api.KEY_Y, api.PRESS):
    press(b)
hal.buttons.inject(api.event(api.PRESSED, api.KEY_X))
tick(60)
scr = app.top()
print("RESULT", type(scr).__name__, scr.fps, scr.seen, hal.buzzer.tones, hal.leds.shown[0])
with open(out + "/frame.bin", "wb") as f:
    f.write(hal.display.buf)
'''


@pytest.mark.micropython
def test_selftest_runs_under_micropython_with_the_same_pixels(tmp_path):
    import os
    import subprocess
    import sys
    from tests.mpgate import run_mp, ROOT
    script = tmp_path / "selftest_walk.py"
    script.write_text(MP_SCRIPT)
    mp = run_mp(script, ("/out",), out_dir=tmp_path / "mp")
    assert mp.returncode == 0, mp.stdout[-2000:] + mp.stderr[-2000:]
    (tmp_path / "cp").mkdir()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.join(ROOT, "simulator", "mpcompat"),
                                         os.path.join(ROOT, "firmware"), ROOT])
    cp = subprocess.run([sys.executable, str(script), str(tmp_path / "cp")], env=env, cwd=ROOT,
                        capture_output=True, text=True)
    assert cp.returncode == 0, cp.stderr[-2000:]
    mp_line = [l for l in mp.stdout.splitlines() if l.startswith("RESULT")][0]
    cp_line = [l for l in cp.stdout.splitlines() if l.startswith("RESULT")][0]
    fields = mp_line.split()
    assert fields[1] == "SelfTestScreen"
    assert int(fields[2]) == 1000 // FRAME  # frames per second
    seen = 0
    for b in (api.UP, api.LEFT, api.KEY_A, api.KEY_Y, api.PRESS, api.KEY_X):
        seen |= 1 << b
    assert int(fields[3]) == seen
    assert int(fields[4]) > 0  # the scale played
    assert mp_line == cp_line
    assert (tmp_path / "mp" / "frame.bin").read_bytes() == (tmp_path / "cp" / "frame.bin").read_bytes()
