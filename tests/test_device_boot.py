"""The real firmware boots on the emulated RP2040 (tools/rp2040emu.py) through the normal
main.py: the panel is set up as the driver means (reset, MADCTL 0x70, RGB565, inversion on,
display on after a black frame), every frame of the boot screen and the menu is pixel for
pixel the simulator's frame of the same screen, the boot logo and progress bar are drawn,
a cursor move reaches the screen quickly, and two runs give identical frames."""
import pytest

from tests import devicerun, simframes

pytestmark = pytest.mark.emulator


MENU_BY_MS = 1500  # the goal: boot to the menu within 1.5 s
MOVE_AT_MS = 1600


def boot_and_move(tmp_path_factory, name):
    dev = devicerun.boot(tmp_path_factory, name)
    dev.until(MENU_BY_MS)
    dev.press("DOWN", at=MOVE_AT_MS, then_ms=400)
    return dev


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    dev = boot_and_move(tmp_path_factory, "boot")
    yield dev
    dev.close()


@pytest.fixture(scope="module")
def sim(tmp_path_factory):
    return {"boot": simframes.boot_screens(tmp_path_factory.mktemp("simboot")),
            "menu": simframes.menu_screens(tmp_path_factory.mktemp("simmenu"))}


def test_the_panel_is_set_up_and_cleared_before_display_on(device):
    steps = [p["what"] for p in device.panel]
    for what in ("rst", "slpout", "madctl", "colmod", "invon", "dispon"):
        assert what in steps, steps
    first = device.frames[0]
    assert not first.info["on"] and first.rgb565 == bytes(len(first.rgb565))  # black, unseen
    dispon = [p for p in device.panel if p["what"] == "dispon"][0]
    assert first.t1 <= dispon["t"]
    assert first.info["windows"] == [[0, 0, 239, 239]]  # the whole panel
    for f in device.frames:
        # only what changed is pushed: every window inside the panel, every pixel of it sent
        windows = f.info["windows"]
        assert windows and all(0 <= x0 <= x1 <= 239 and 0 <= y0 <= y1 <= 239
                               for x0, y0, x1, y1 in windows)
        assert f.info["pixels"] == sum((x1 - x0 + 1) * (y1 - y0 + 1)
                                       for x0, y0, x1, y1 in windows)
        assert (f.info["madctl"], f.info["colmod"], f.info["inverted"]) == (0x70, 0x05, True)
    assert device.frames[1].info["spi_hz"] == 62_500_000


def test_every_boot_and_menu_frame_is_the_simulators(device, sim):
    app_frames = [f for f in device.frames[1:] if f.t0 < MOVE_AT_MS]
    boot, menu = sim["boot"], sim["menu"]
    last = -1
    i = 0
    while i < len(app_frames) and app_frames[i].rgb565 in boot:
        elapsed = boot[app_frames[i].rgb565]
        assert elapsed >= last, "the progress bar went back at frame %d" % app_frames[i].index
        last = elapsed
        i += 1
    assert i >= 5, "only %d boot-screen frames matched the simulator's" % i
    rest = app_frames[i:]
    assert rest, "no menu frame"
    for f in rest:
        if f.rgb565 != menu[0]:
            f.png(str(device.out_dir) + "/mismatch.png")
            raise AssertionError("frame %r is neither a boot screen nor the simulator's menu "
                                 "(see mismatch.png in %s)" % (f, device.out_dir))
    moved = device.frames_since(MOVE_AT_MS)
    assert moved and moved[0].rgb565 == menu[1]


def test_the_boot_screen_shows_the_logo_and_a_moving_bar(device, sim):
    boot_frames = [f for f in device.frames[1:] if f.rgb565 in sim["boot"]]
    assert len({f.rgb565 for f in boot_frames}) >= 5, "the boot screen never changes"
    first = boot_frames[0].rgb565
    background = first[2 * (100 * 240 + 2):2 * (100 * 240 + 2) + 2]  # left margin, mid-height
    logo_rows = first[2 * 240 * 48:2 * 240 * 140]
    lit = sum(1 for k in range(0, len(logo_rows), 2) if logo_rows[k:k + 2] != background)
    assert lit > 2000, "nothing drawn where the logo goes (%d pixels)" % lit


def test_boot_times_and_cursor_latency(device):
    first_app = device.frames[1]
    menu = [f for f in device.frames if f.t0 < MOVE_AT_MS][-1]
    assert 400 < first_app.t1 < 1000, first_app
    assert 800 < menu.t1 < MENU_BY_MS, menu
    moved = device.frames_since(MOVE_AT_MS)[0]
    assert moved.t1 - MOVE_AT_MS < 250, moved


def test_any_key_skips_the_splash(device, tmp_path_factory, sim):
    dev = devicerun.boot(tmp_path_factory, "skip")
    try:
        first_app = device.frames[1].t1
        press = first_app + 60  # while the splash is up
        dev.press("B", at=press, hold_ms=80, then_ms=300)
        after = dev.frames_since(press)
        # the press falls into the boot check's long frame (the flash read): latched,
        # it takes effect in the frame after that one
        menu = [f for f in after[:2] if f.rgb565 == sim["menu"][0]]
        assert menu, after
        natural = [f for f in device.frames if f.rgb565 == sim["menu"][0]][0]
        assert menu[0].t1 - press < 300 and menu[0].t1 < natural.t1 - 150, (menu, natural)
    finally:
        dev.close()


def test_two_runs_give_identical_frames(device, tmp_path_factory):
    again = boot_and_move(tmp_path_factory, "boot2")
    try:
        assert len(again.frames) == len(device.frames)
        for a, b in zip(again.frames, device.frames):
            assert (a.t0, a.t1, a.rgb565) == (b.t0, b.t1, b.rgb565)
        assert [e["leds"] for e in again.leds] == [e["leds"] for e in device.leds]
    finally:
        again.close()


def test_the_backlight_comes_on_after_the_black_frame_at_the_settings_level(device):
    from app.settings import DEFAULTS
    lit = [e for e in device.pwm if e["gpio"] == 13 and e["duty"] > 0]
    assert lit, device.pwm
    assert lit[0]["t"] > device.frames[0].t1  # dark while the panel RAM is cleared
    assert abs(lit[0]["hz"] - 1000) < 1
    assert abs(lit[0]["duty"] - DEFAULTS["screen"] / 100) < 0.001
