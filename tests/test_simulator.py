"""The simulator: the headless CLI contract (as a subprocess), the window under SDL's dummy
video driver driven by synthetic keyboard and mouse events, the drawn LEDs, the
screenshot key, frame conversion and the tone generator."""
import os
import subprocess
import sys

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from hal import api  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_cli(*args, cwd=ROOT):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "simulator"] + [str(a) for a in args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def png_info(path):
    img = pygame.image.load(str(path))
    raw = pygame.image.tobytes(img, "RGB")
    colours = {raw[i:i + 3] for i in range(0, len(raw), 3 * 97)}  # a sample of pixels
    return img.get_size(), colours


# -- the headless command line ----------------------------------------------------

def test_headless_demo_writes_a_240x240_screenshot(tmp_path):
    shot = tmp_path / "shots" / "menu.png"
    proc = run_cli("--headless", "--demo", "menu", "--seed", 3, "--frames", 70,
                   "--screenshot", shot, "--data", tmp_path / "data")
    assert proc.returncode == 0, proc.stderr
    assert shot.exists()
    size, colours = png_info(shot)
    assert size == (240, 240)
    assert len(colours) > 1, "the screenshot is a single colour"
    assert (tmp_path / "data").is_dir()


def test_headless_unknown_demo_exits_2_listing_the_known_demos(tmp_path):
    shot = tmp_path / "x.png"
    proc = run_cli("--headless", "--demo", "no-such-demo", "--frames", 5, "--screenshot", shot)
    assert proc.returncode == 2
    assert "unknown demo 'no-such-demo'" in proc.stderr
    assert "menu" in proc.stderr  # the known demos are listed
    assert not shot.exists()


def test_headless_zero_frames_still_writes_the_screen(tmp_path):
    shot = tmp_path / "zero.png"
    proc = run_cli("--headless", "--demo", "menu", "--frames", 0, "--screenshot", shot)
    assert proc.returncode == 0, proc.stderr
    assert png_info(shot)[0] == (240, 240)


def test_bad_arguments_exit_2_with_usage():
    proc = run_cli("--headless", "--frames", "-1")
    assert proc.returncode == 2
    assert "usage:" in proc.stderr and "--frames" in proc.stderr


@pytest.mark.parametrize("args", [
    ("--headless", "--frames", "many"),
    ("--headless", "--seed", "x"),
    ("--headless", "--seed", "-3"),
    ("--no-such-option",),
    ("stray-argument",),
    ("--demo",),
])
def test_bad_arguments_in_process(args, capsys):
    from simulator import cli
    with pytest.raises(SystemExit) as e:
        cli.main(list(args))
    assert e.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_help_shows_the_key_map(capsys):
    from simulator import cli
    with pytest.raises(SystemExit) as e:
        cli.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "--headless" in out and "F12" in out and "Enter" in out


# -- frame conversion and tones (pure) --------------------------------------------

def test_frame_conversion_reads_big_endian_rgb565():
    from simulator.frame import FrameConverter
    buf = bytearray(240 * 240 * 2)
    buf[0:2] = b"\xf8\x00"            # red, as the panel reads it
    buf[2:4] = b"\x07\xe0"            # green
    buf[4:6] = b"\x00\x1f"            # blue
    buf[-2:] = b"\xff\xff"            # white, last pixel
    surf = FrameConverter(240, 240).convert(buf)
    assert surf.get_at((0, 0))[:3] == (255, 0, 0)
    assert surf.get_at((1, 0))[:3] == (0, 255, 0)
    assert surf.get_at((2, 0))[:3] == (0, 0, 255)
    assert surf.get_at((3, 0))[:3] == (0, 0, 0)
    assert surf.get_at((239, 239))[:3] == (255, 255, 255)


def top_bits(colour):
    """An RGB colour cut to RGB565 precision."""
    r, g, b = colour[:3]
    return (r >> 3, g >> 2, b >> 3)


def test_frame_conversion_of_an_indexed_frame_uses_the_palette():
    from simulator.frame import FrameConverter, panel_colour
    palette = bytearray(768)
    palette[3:6] = bytes((255, 196, 60))
    palette[6:9] = bytes((46, 110, 232))
    palette[765:768] = bytes((250, 250, 250))
    buf = bytearray(240 * 240)
    buf[0] = 1
    buf[1] = 2
    buf[-1] = 255
    conv = FrameConverter(240, 240)
    surf = conv.convert(buf, palette)
    assert surf.get_at((0, 0))[:3] == panel_colour(255, 196, 60)
    assert surf.get_at((1, 0))[:3] == panel_colour(46, 110, 232)
    assert surf.get_at((2, 0))[:3] == (0, 0, 0)
    assert surf.get_at((239, 239))[:3] == panel_colour(250, 250, 250)
    palette[3:6] = bytes((10, 200, 30))  # a new palette takes effect
    assert conv.convert(buf, palette).get_at((0, 0))[:3] == panel_colour(10, 200, 30)
    # the same picture as RGB565 big-endian looks the same
    c = ((10 & 0xF8) << 8) | ((200 & 0xFC) << 3) | (30 >> 3)
    wide = bytearray(240 * 240 * 2)
    wide[0:2] = bytes((c >> 8, c & 255))
    assert conv.convert(wide).get_at((0, 0))[:3] == panel_colour(10, 200, 30)
    with pytest.raises(ValueError):
        conv.convert(bytearray(100))


def test_frame_conversion_matches_the_apps_colours():
    from hal.virtual import VirtualDisplay
    from app import ui
    from simulator.frame import display_surface
    d = VirtualDisplay()
    if hasattr(d, "set_palette"):
        d.set_palette(ui.palette())
    d.fb.fill(ui.rgb(255, 196, 60))           # the accent
    d.fb.fill_rect(10, 20, 5, 5, ui.rgb(46, 110, 232))  # the blue
    surf = display_surface(d)
    assert top_bits(surf.get_at((0, 0))) == top_bits((255, 196, 60))
    assert top_bits(surf.get_at((12, 22))) == top_bits((46, 110, 232))


@pytest.mark.parametrize("freq", [220, 440, 523, 1000, 1800, 4000])
def test_square_wave_has_the_right_period(freq):
    from simulator.tones import square_wave
    rate = 44100
    w = square_wave(freq, rate)
    assert len(w) * freq % rate == 0, "not a whole number of periods: the loop would click"
    periods = len(w) * freq // rate
    rises = [i for i in range(1, len(w)) if w[i - 1] < 0 <= w[i]]
    assert len(rises) == periods - 1  # the last period's rise is the loop's wrap to sample 0
    # every run of equal samples is half a period, to within a sample
    half = rate / (2 * freq)
    edges = [0] + [i for i in range(1, len(w)) if (w[i - 1] < 0) != (w[i] < 0)] + [len(w)]
    for a, b in zip(edges, edges[1:]):
        assert abs((b - a) - half) <= 1
    assert max(w) > 0 > min(w) and max(w) == -min(w)


def test_square_wave_interleaves_stereo():
    from simulator.tones import square_wave
    mono = square_wave(440, 22050, 1)
    stereo = square_wave(440, 22050, 2)
    assert list(stereo[0::2]) == list(mono) and list(stereo[1::2]) == list(mono)


def test_buzzer_plays_and_survives_without_an_audio_device(monkeypatch):
    from simulator.tones import ToneBuzzer
    bz = ToneBuzzer()
    bz.tone(440, 60)
    bz.tone(440, 30)   # cached wave, new volume
    bz.off()
    assert bz.tones == 2 and bz.freq == 0
    assert len(bz.cache) <= 1
    bz.close()

    def no_audio(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    silent = ToneBuzzer()
    assert not silent.audible
    silent.tone(880, 100)
    silent.off()
    assert silent.tones == 1


# -- the window, under the dummy video driver -------------------------------------

class FakeClock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


@pytest.fixture
def sim(tmp_path):
    from app.app import App
    from simulator import window
    from simulator.sim_hal import WindowHal
    surface = window.open_display()
    hal = WindowHal(str(tmp_path / "data"), seed=5)
    app = App(hal)
    clock = FakeClock()
    win = window.Window(app, hal, surface, clock=clock, screenshot_dir=str(tmp_path / "shots"))
    seen = []
    poll = hal.buttons.poll

    def spy(now):
        events = poll(now)
        seen.extend(events)
        return events
    hal.buttons.poll = spy
    win.seen = seen

    def frames(n):
        for _ in range(n):
            clock.now += 33
            win.step()
    win.frames = frames
    yield win
    hal.close()
    pygame.quit()


def post(type_, **kw):
    pygame.event.post(pygame.event.Event(type_, **kw))


KEYS = [
    (pygame.K_UP, api.UP), (pygame.K_DOWN, api.DOWN), (pygame.K_LEFT, api.LEFT),
    (pygame.K_RIGHT, api.RIGHT), (pygame.K_RETURN, api.PRESS), (pygame.K_KP_ENTER, api.PRESS),
    (pygame.K_a, api.KEY_A), (pygame.K_b, api.KEY_B), (pygame.K_x, api.KEY_X),
    (pygame.K_y, api.KEY_Y),
]


def key_event(type_, key):
    post(type_, key=key, mod=0, unicode="", scancode=0)


def test_keys_reach_the_app_as_button_events(sim):
    sim.frames(2)
    for key, button in KEYS:
        del sim.seen[:]
        key_event(pygame.KEYDOWN, key)
        sim.frames(2)
        assert sim.seen[:1] == [api.event(api.PRESSED, button)], pygame.key.name(key)
        assert sim.hal.buttons.is_down(button)
        key_event(pygame.KEYUP, key)
        sim.frames(2)
        assert sim.seen[-1] == api.event(api.RELEASED, button)
        assert not sim.hal.buttons.is_down(button)


def test_holding_a_key_auto_repeats_through_the_debouncer(sim):
    key_event(pygame.KEYDOWN, pygame.K_DOWN)
    sim.frames(60)  # two seconds held
    key_event(pygame.KEYUP, pygame.K_DOWN)
    sim.frames(3)
    kinds = [api.kind_of(e) for e in sim.seen if api.button_of(e) == api.DOWN]
    assert kinds[0] == api.PRESSED and kinds[-1] == api.RELEASED
    assert kinds.count(api.REPEAT) >= 2


def _lum(colour):
    return colour[0] + colour[1] + colour[2]


def test_mouse_clicks_on_drawn_controls_reach_the_app_and_light_up(sim):
    from simulator import layout
    sim.frames(2)
    for button in range(api.NUM_BUTTONS):
        del sim.seen[:]
        pos = layout.control_centre(button)
        probe = (pos[0] + 8, pos[1] + 6) if button in layout.KEYS else pos
        before = sim.surface.get_at(probe)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        sim.frames(2)
        assert sim.seen == [api.event(api.PRESSED, button)], api.BUTTON_NAMES[button]
        held = sim.surface.get_at(probe)
        assert _lum(held) > _lum(before), "a pressed control lights up"
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        sim.frames(2)
        assert sim.seen[-1] == api.event(api.RELEASED, button)
        assert sim.surface.get_at(probe) == before


def test_the_mouse_release_ends_the_press_even_off_the_control(sim):
    from simulator import layout
    post(pygame.MOUSEBUTTONDOWN, pos=layout.control_centre(api.KEY_X), button=1)
    sim.frames(2)
    post(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    sim.frames(2)
    assert sim.seen == [api.event(api.PRESSED, api.KEY_X), api.event(api.RELEASED, api.KEY_X)]


def test_a_tap_within_one_frame_is_not_lost(sim):
    from simulator import layout
    pos = layout.control_centre(api.KEY_B)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    key_event(pygame.KEYDOWN, pygame.K_a)
    key_event(pygame.KEYUP, pygame.K_a)
    sim.frames(1)
    assert sorted(sim.seen) == sorted([api.event(api.PRESSED, api.KEY_A), api.event(api.PRESSED, api.KEY_B)])
    sim.frames(1)
    assert sorted(sim.seen[2:]) == sorted([api.event(api.RELEASED, api.KEY_A),
                                           api.event(api.RELEASED, api.KEY_B)])


def test_clicking_the_body_presses_nothing(sim):
    post(pygame.MOUSEBUTTONDOWN, pos=(30, 660), button=1)
    sim.frames(3)
    post(pygame.MOUSEBUTTONUP, pos=(30, 660), button=1)
    sim.frames(2)
    assert not sim.seen


def test_leds_are_drawn_in_the_colours_the_hal_shows(sim):
    from simulator import layout
    sim.frames(1)
    sim.app.lights.update = lambda now: None  # the test, not the app, sets the LEDs
    leds = sim.hal.leds
    leds.brightness = 255
    leds.fill(0, 0, 0)
    leds.show()
    sim.draw(sim.clock())
    dark = [sim.surface.get_at(layout.led_centre(i))[:3] for i in range(8)]
    leds.fill(0, 0, 0)
    leds.set(2, 255, 0, 0)
    leds.set(5, 0, 0, 255)
    leds.show()
    sim.draw(sim.clock())
    red = sim.surface.get_at(layout.led_centre(2))[:3]
    blue = sim.surface.get_at(layout.led_centre(5))[:3]
    assert red[0] > 200 and red[0] > red[2]
    assert blue[2] > 200 and blue[2] > blue[0]
    x, y = layout.led_centre(2)
    halo = sim.surface.get_at((x + 16, y))[:3]  # the glow spills around the LED
    assert halo[0] > dark[2][0] + 20
    assert sim.surface.get_at(layout.led_centre(0))[:3] == dark[0]  # unlit stays dark
    # brightness is applied: a dim LED is drawn dimmer
    leds.brightness = 40
    leds.show()
    sim.draw(sim.clock())
    assert _lum(sim.surface.get_at(layout.led_centre(2))) < _lum(red)


def test_the_screen_shows_the_apps_frame(sim):
    from simulator import layout
    sim.frames(5)
    x0, y0 = layout.SCREEN[:2]
    buf = sim.hal.display.buf
    assert len({tuple(sim.surface.get_at((x0 + 4 * i, y0 + 4 * i))) for i in range(120)}) > 1
    # device pixel (x, y) is the 2x2 block at (x0 + 2x, y0 + 2y), dimmed by the backlight
    from simulator.frame import panel_colour
    d = sim.hal.display
    assert 10 <= d.level <= 100
    for x, y in ((0, 0), (120, 5), (239, 239), (30, 200), (100, 100)):
        if len(buf) == 240 * 240:  # indexed
            k = 3 * buf[y * 240 + x]
            want = panel_colour(d.palette[k], d.palette[k + 1], d.palette[k + 2])
        else:
            i = 2 * (y * 240 + x)
            c = (buf[i] << 8) | buf[i + 1]
            want = panel_colour((c >> 8) & 0xF8, (c >> 3) & 0xFC, (c << 3) & 0xF8)
        block = {tuple(sim.surface.get_at((x0 + 2 * x + dx, y0 + 2 * y + dy))[:3])
                 for dx in (0, 1) for dy in (0, 1)}
        assert len(block) == 1
        got = block.pop()
        for w, g in zip(want, got):
            assert w // 4 - 1 <= g <= w


def test_the_window_shows_dimming_and_sleep_and_a_key_wakes_it(sim):
    """app.power in the window: the screen darkens when the backlight dims (30 s without
    a key), is black asleep (3 min), and a key brings the same picture back."""
    from simulator import layout
    x0, y0 = layout.SCREEN[:2]
    spots = [(x0 + 7 * i, y0 + 5 * i) for i in range(68)]   # inside the 480 x 480 screen

    def shown():
        return [tuple(sim.surface.get_at(p))[:3] for p in spots]

    sim.frames(60)   # past the title screen: the menu
    sim.frames(3)
    bright = shown()
    sim.frames(31_000 // 33)
    assert sim.hal.display.level < 80
    dimmed = shown()
    assert sum(map(sum, dimmed)) < 0.7 * sum(map(sum, bright))
    sim.frames(150_000 // 33)
    assert sim.hal.display.asleep
    assert set(shown()) == {(0, 0, 0)}
    key_event(pygame.KEYDOWN, pygame.K_DOWN)
    sim.frames(2)
    key_event(pygame.KEYUP, pygame.K_DOWN)
    sim.frames(3)
    assert not sim.hal.display.asleep and shown() == bright   # where it was: DOWN did nothing


def test_screenshot_key_saves_the_whole_window(sim, tmp_path, capsys):
    from simulator import layout
    sim.frames(2)
    key_event(pygame.KEYDOWN, pygame.K_F12)
    sim.frames(1)
    files = list((tmp_path / "shots").glob("kocka-*.png"))
    assert len(files) == 1
    assert pygame.image.load(str(files[0])).get_size() == (layout.WIDTH, layout.HEIGHT)
    assert str(files[0]) in capsys.readouterr().out
    assert not sim.seen  # F12 is not a device button


def test_escape_and_close_quit(sim):
    key_event(pygame.KEYDOWN, pygame.K_ESCAPE)
    assert sim.step() is False and not sim.running
    sim.running = True
    post(pygame.QUIT)
    sim.run()
    assert not sim.running


def test_window_mode_runs_a_demo_for_some_frames(tmp_path):
    shot = tmp_path / "window.png"
    proc = run_cli("--demo", "menu", "--frames", 5, "--screenshot", shot, "--data", tmp_path / "d")
    assert proc.returncode == 0, proc.stderr
    from simulator import layout
    assert png_info(shot)[0] == (layout.WIDTH, layout.HEIGHT)


def test_window_mode_rejects_an_unknown_demo_before_opening(tmp_path, capsys, monkeypatch):
    from simulator import cli, window

    def no_window(*a, **k):
        raise AssertionError("the window opened")
    monkeypatch.setattr(window, "open_display", no_window)
    assert cli.main(["--demo", "nope", "--frames", "1", "--data", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert "unknown demo 'nope'" in err and "menu" in err


@pytest.mark.parametrize("name", ["cubingos", "kocka10000"])
def test_a_game_demo_runs_to_the_game_end_by_default(tmp_path, name):
    from hal.virtual import VirtualHal
    from app.app import App
    from simulator import demos, headless
    hal = VirtualHal(str(tmp_path), 2)
    app = App(hal)
    driver = demos.start(app, name, 2)
    clock = headless.run(app, hal, driver, None)
    assert driver.over() and clock // headless.FRAME_MS < headless.GAME_CAP
    assert clock // headless.FRAME_MS > headless.HEADLESS_FRAMES
    # --frames still wins
    hal2 = VirtualHal(str(tmp_path / "b"), 2)
    app2 = App(hal2)
    d2 = demos.start(app2, name, 2)
    assert headless.run(app2, hal2, d2, 40) == 40 * headless.FRAME_MS and not d2.over()


def test_clicking_a_keycap_legend_presses_its_button(sim):
    from simulator import layout
    for button in range(api.NUM_BUTTONS):
        assert layout.button_at(layout.hint_centre(button)) == button
        del sim.seen[:]
        pos = layout.hint_centre(button)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        sim.frames(2)
        assert sim.seen == [api.event(api.PRESSED, button)], api.BUTTON_NAMES[button]
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        sim.frames(2)
        assert sim.seen[-1] == api.event(api.RELEASED, button)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the DISPLAY check is Linux's")
@pytest.mark.parametrize("display", [None, ":99"])
def test_no_display_says_so_and_how_to_run_headless(tmp_path, display):
    """Over SSH (no DISPLAY), or with a DISPLAY nothing answers on, SDL fell back to its
    off-screen driver and the window ran unseen with exit status 0."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for k in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(k, None)
    if display:
        env["DISPLAY"] = display
    data = tmp_path / "d"
    proc = subprocess.run([sys.executable, "-m", "simulator", "--frames", "3", "--pty",
                           "--demo-games", "1", "--data", str(data)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    ours = [l for l in proc.stderr.splitlines() if l.startswith("python -m simulator:")]
    assert len(ours) == 1, proc.stderr
    assert "no display" in ours[0] and "--headless" in ours[0], ours[0]
    assert "SERIAL" not in proc.stdout and "storage in" not in proc.stdout
    if display is None:  # refused before anything was made
        assert not data.exists()
    # headless, as the line says, runs
    shot = tmp_path / "shot.png"
    proc = subprocess.run([sys.executable, "-m", "simulator", "--headless", "--demo", "menu",
                           "--frames", "3", "--screenshot", str(shot)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and shot.exists(), proc.stderr


def test_display_problem():
    from simulator.window import display_problem
    assert display_problem({}, "linux") and display_problem({}, "freebsd13")
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None  # asked for
    assert display_problem({}, "darwin") is None and display_problem({}, "win32") is None
