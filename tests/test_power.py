"""Idle power (app/power.py) through the real app on the virtual HAL: the backlight dims
at the "dim" setting and the device sleeps at the "sleep" one, never while a bot acts or a
countdown runs; a key wakes it and that press does nothing else; the settings screen
changes both."""
from hal import api
from app import power
from app.games.kocka10000.play import Kocka10000Play
from tests.apphelpers import Harness, FRAME


def run_ms(h, ms):
    h.frames(ms // FRAME + 1)


def idle_menu(tmp_path):
    h = Harness(tmp_path)
    assert h.top_name() == "MainMenu"
    return h


def test_the_backlight_dims_after_30_s_without_a_key(tmp_path):
    h = idle_menu(tmp_path)
    display = h.hal.display
    run_ms(h, 29_000)
    assert display.level == 80 and h.app.power.state == power.AWAKE
    run_ms(h, 1_500)
    assert display.level == power.dim_level(80) == 10
    assert h.app.power.state == power.DIMMED


def test_a_key_brightens_a_dimmed_screen_and_does_nothing_else(tmp_path):
    h = idle_menu(tmp_path)
    menu = h.app.top()
    run_ms(h, 31_000)
    assert h.hal.display.level == 10
    h.press(api.DOWN, hold_frames=20)   # held into its auto-repeat: all of it is dropped
    assert h.hal.display.level == 80 and menu.index == 0
    h.press(api.DOWN)
    assert menu.index == 1   # the next press acts


def test_the_device_sleeps_after_3_minutes_and_a_key_wakes_it_where_it_was(tmp_path):
    h = idle_menu(tmp_path)
    h.press(api.DOWN)
    menu = h.app.top()
    h.app.lights.show_colors([(255, 0, 0)] * 8)
    run_ms(h, 179_000)
    assert not h.hal.display.asleep
    run_ms(h, 2_000)
    assert h.hal.display.asleep and h.app.power.asleep()
    assert h.hal.leds.shown == [(0, 0, 0)] * 8
    frames = h.hal.display.frames
    run_ms(h, 60_000)
    assert h.hal.display.frames == frames   # nothing drawn for a screen that is off
    h.press(api.KEY_A)
    assert not h.hal.display.asleep and h.hal.display.level == 80
    assert h.top_name() == "MainMenu" and menu.index == 1   # A did not open anything
    assert h.hal.display.frames > frames
    assert h.hal.leds.shown[0] != (0, 0, 0)   # the LEDs' pattern is back


def test_never_means_never(tmp_path):
    h = idle_menu(tmp_path)
    h.app.settings.set("dim", 0)
    h.app.settings.set("sleep", 0)
    run_ms(h, 15 * 60_000)
    assert h.hal.display.level == 80 and not h.hal.display.asleep


def test_a_bots_turn_may_dim_but_never_sleeps(tmp_path):
    h = Harness(tmp_path)
    m = Kocka10000Play(h.app, ["medium", "medium"], ["BOT0", "BOT1"], {}, 5)
    h.app.push(m)
    h.frames(1)
    for _ in range(5 * 60_000 // FRAME):
        h.frames(1)
        assert not h.hal.display.asleep or m.st.is_terminal()
        if m.st.is_terminal():
            break
    assert h.app.power.state != power.AWAKE   # dimmed at least


def test_a_humans_turn_lets_it_sleep(tmp_path):
    h = Harness(tmp_path)
    m = Kocka10000Play(h.app, ["human", "medium"], ["ANNA", "BOT1"], {}, 5)
    h.app.push(m)
    h.frames(1)
    assert m.keep_awake(h.app.now) == power.MAY_SLEEP
    run_ms(h, 181_000)
    assert h.hal.display.asleep


def start_table(h):
    from app.games.cubo import table
    h.app.launch(lambda: table.CuboTable(h.app, 2, {"keep_swaps": True, "runs_any_order": False, "yellow": False}, 7))
    h.frames(2)
    return h.app.top()


def test_table_modes_clock_and_countdown_are_never_dimmed(tmp_path):
    from app.games.cubo import table as T
    h = Harness(tmp_path)
    h.app.settings.set("dim", 15)    # the shortest timers: the clock outlives both
    h.app.settings.set("sleep", 1)
    t = start_table(h)
    t.phase = T.PLAYING
    t.started_at = h.app.now
    shown = h.hal.display.frames
    run_ms(h, 75_000)
    assert h.hal.display.level == 80 and not h.hal.display.asleep
    # the clock shows whole seconds: a frame each, the core idle between them
    assert 74 <= h.hal.display.frames - shown <= 78, h.hal.display.frames - shown
    t.start_countdown()
    run_ms(h, 3_000)
    assert h.hal.display.level == 80 and t.phase == T.COUNTING


def test_a_countdown_brightens_a_dimmed_screen(tmp_path):
    from app.games.cubo import table as T
    h = Harness(tmp_path)
    t = start_table(h)
    run_ms(h, 40_000)
    assert h.hal.display.level == 10
    t.start_countdown()
    h.frames(2)
    assert h.hal.display.level == 80


def test_the_settings_screen_sets_both_timers(tmp_path):
    h = idle_menu(tmp_path)
    h.open_menu_item("Settings")
    screen = h.app.top()
    labels = [it.label() for it in screen.items]
    assert "Dim after" in labels and "Sleep after" in labels
    while screen.items[screen.index].label() != "Dim after":
        h.press(api.DOWN)
    h.press(api.RIGHT)
    assert h.app.settings.get("dim") == 60
    h.press(api.DOWN)
    h.press(api.LEFT)
    assert h.app.settings.get("sleep") == 1
    h.press(api.KEY_B)
    run_ms(h, 59_000)
    assert h.hal.display.level == 80
    run_ms(h, 2_000)
    assert h.hal.display.asleep   # sleep (1 min) comes before dim (1 min) would


def test_an_older_settings_file_takes_the_new_defaults_silently(tmp_path):
    from hal.storage import FileStorage
    from app import jsonfile
    from app.settings import Settings, FILE
    st = FileStorage(str(tmp_path))
    jsonfile.write(st, FILE, {"sound": True, "volume": 60, "led": 40, "screen": 80,
                              "names": ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"]})
    s = Settings(st)
    assert s.get("dim") == 30 and s.get("sleep") == 3 and s.notice is None


def test_a_sync_session_wakes_a_sleeping_device_and_keeps_it_awake(tmp_path):
    h = idle_menu(tmp_path)
    run_ms(h, 181_000)
    assert h.hal.display.asleep
    h.hal.serial.in_session = True   # a PC began a sync (app.synclisten)
    h.frames(2)
    assert not h.hal.display.asleep
    run_ms(h, 200_000)
    assert not h.hal.display.asleep   # never asleep under a sync
    h.hal.serial.in_session = False
    run_ms(h, 181_000)
    assert h.hal.display.asleep


def test_cubos_countdown_against_bots_brightens_and_is_never_dimmed(tmp_path):
    from app.games.cubo.play import CuboMatch
    h = Harness(tmp_path)
    h.app.settings.set("dim", 15)
    opts = {"keep_swaps": True, "runs_any_order": False, "yellow": False,
            "yellow_c_replaces": 1}
    m = CuboMatch(h.app, ["easy", "easy"], opts, 3, human=False)
    h.app.push(m)
    dimmed = counted = 0
    for _ in range(10 * 60_000 // FRAME):
        h.frames(1)
        assert not h.hal.display.asleep   # bots play: never asleep
        if m.last_secs:
            counted += 1
            assert h.hal.display.level == 80   # the countdown at full brightness
        elif h.hal.display.level < 80:
            dimmed += 1
        if counted > 60 and dimmed:
            break
    assert counted > 60 and dimmed
