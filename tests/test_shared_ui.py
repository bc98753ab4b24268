"""The shared screens through the real app, frame by frame: list scroll arrows in the
header (never over a row's value or a notice), a selected slider keeps its track,
On/Off rows show an arrow either way, the LED preview goes off on the names screens,
the self-test's slower double B, the name editor's limit and duplicate names."""
from hal import api
from app import ui, font
from tests.apphelpers import Harness
from tests.test_pause_quit import footer_bytes, expected_footer


def frame(h):
    h.app.draw()
    return bytes(h.hal.display.buf)


def open_settings(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Settings")
    assert h.top_name() == "SettingsScreen"
    return h


def test_scroll_arrows_sit_in_the_header(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    h.open_menu_item("Coloretto")
    s = h.app.top()
    for _ in range(len(s.items) - 1):
        h.press(api.DOWN)
    assert s.top > 0
    with_marks = frame(h)
    monkeypatch.setattr(ui, "scroll_marks", lambda fb, up, down: None)
    without = frame(h)
    diff = [i for i in range(len(with_marks)) if with_marks[i] != without[i]]
    assert diff, "no scroll arrow drawn"
    assert all(i // ui.W < ui.HEADER_H for i in diff)


def test_a_selected_slider_keeps_its_track_and_choices_show_both_arrows(tmp_path):
    h = open_settings(tmp_path)
    f = frame(h)                          # Sound (On/Off) selected
    row_y = ui.HEADER_H + 4 + 5
    arrows = [x for x in range(150, ui.W - 4) if f[(row_y + 4) * ui.W + x] == ui.DIM]
    assert arrows and max(arrows) > ui.W - 20 and min(arrows) < ui.W - 40   # both sides
    h.press(api.DOWN)                     # Volume: a slider
    h.press(api.LEFT)                     # not full: the track's end shows
    f = frame(h)
    y = ui.HEADER_H + 4 + ui.ROW_H + 5 + 1 + 6
    end = ui.W - 12 - 4
    assert f[y * ui.W + end] not in (ui.PANEL_HI, ui.ACCENT)
    assert f[y * ui.W + end] == ui.BG


def test_the_led_preview_goes_off_on_the_names_screens(tmp_path):
    h = open_settings(tmp_path)
    h.press(api.DOWN)
    h.press(api.DOWN)                     # LEDs
    h.press(api.LEFT)
    h.frames(2)
    assert any(c != (0, 0, 0) for c in h.hal.leds.pixels)
    h.press(api.DOWN)
    h.press(api.DOWN)                     # Player names
    h.press(api.KEY_A)
    h.frames(2)
    assert h.top_name() == "NamesScreen"
    assert all(c == (0, 0, 0) for c in h.hal.leds.pixels)
    h.press(api.KEY_A)
    h.frames(2)
    assert h.top_name() == "TextEntry"
    assert all(c == (0, 0, 0) for c in h.hal.leds.pixels)


def open_selftest(tmp_path):
    h = open_settings(tmp_path)
    s = h.app.top()
    while s.items[s.index].label() != "Self-test":
        h.press(api.DOWN)
    h.press(api.KEY_A)
    assert h.top_name() == "SelfTestScreen"
    return h


def test_selftest_leaves_on_a_slow_double_b_and_says_so(tmp_path):
    h = open_selftest(tmp_path)
    assert footer_bytes(frame(h)) == expected_footer((("B", "twice or hold: exit"),))
    h.press(api.KEY_B)
    assert footer_bytes(frame(h)) == expected_footer((("B", "again: exit"),))
    h.frames(30)                          # a second later
    h.press(api.KEY_B)
    assert h.top_name() == "SettingsScreen"
    h = open_selftest(tmp_path / "again")
    h.press(api.KEY_B)
    h.frames(60)                          # two seconds: two single presses
    assert footer_bytes(frame(h)) == expected_footer((("B", "twice or hold: exit"),))
    h.press(api.KEY_B)
    assert h.top_name() == "SelfTestScreen"


def open_name(tmp_path, player):
    h = open_settings(tmp_path)
    for _ in range(4):
        h.press(api.DOWN)
    h.press(api.KEY_A)
    for _ in range(player):
        h.press(api.DOWN)
    h.press(api.KEY_A)
    assert h.top_name() == "TextEntry"
    return h


def test_the_name_editor_shows_its_limit_and_refuses_a_taken_name(tmp_path):
    h = open_name(tmp_path, 1)
    e = h.app.top()
    for _ in range(8):
        h.press(api.KEY_X)
    for _ in range(7):
        h.press(api.KEY_A)
    h.app.notice = None
    seven = frame(h)
    h.press(api.KEY_A)
    assert e.text == "AAAAAAAA" and not h.app.notice
    eight = frame(h)
    assert seven != eight
    assert ui.BAD in eight[45 * ui.W:60 * ui.W]     # the count, red at the limit
    h.press(api.KEY_A)                              # a ninth letter: refused, and said
    assert e.text == "AAAAAAAA" and "8 letters" in h.app.notice
    # player 1's name for player 2: refused
    first = h.app.settings.name(0)
    e.text = first.lower()
    h.press(api.KEY_Y)
    assert h.top_name() == "TextEntry" and "taken" in h.app.notice
    assert h.app.settings.name(1) != first
    e.text = "ZED"
    h.press(api.KEY_Y)
    assert h.top_name() == "NamesScreen" and h.app.settings.name(1) == "ZED"
