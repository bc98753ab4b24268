"""Settings: defaults, validation, persistence, and damaged files never crash the app."""
import json

import pytest

from hal import api
from hal.storage import FileStorage
from app import jsonfile
from app.settings import Settings, DEFAULTS, FILE
from tests.apphelpers import Harness


def make(tmp_path, raw=None):
    st = FileStorage(str(tmp_path))
    if raw is not None:
        st.write(FILE, raw)
    return Settings(st)


def test_missing_file_gives_defaults_quietly(tmp_path):
    s = make(tmp_path)
    assert s.values == DEFAULTS
    assert s.notice is None


@pytest.mark.parametrize("raw", [b"", b"\x00\xff\xfe garbage", b"{\"sound\": tru", b"[1, 2, 3]",
                                 b"null", "{\"names\": \"\u00e9\"".encode()])
def test_damaged_file_gives_defaults_and_a_notice(tmp_path, raw):
    s = make(tmp_path, raw)
    assert s.values == DEFAULTS
    assert s.notice and "default" in s.notice


def test_bad_fields_are_clamped_or_ignored_individually(tmp_path):
    raw = json.dumps({"volume": 999, "led": -5, "screen": "loud", "sound": 1,
                      "names": ["ann", 7, "x" * 30, "  "]}).encode()
    s = make(tmp_path, raw)
    assert s.get("volume") == 100
    assert s.get("led") == 0
    assert s.get("screen") == DEFAULTS["screen"]
    assert s.get("sound") is True
    assert s.get("names")[:4] == ["ANN", DEFAULTS["names"][1], "XXXXXXXX", DEFAULTS["names"][3]]
    assert s.notice and "reset" in s.notice   # nothing changes without a word


def test_save_round_trips_and_only_writes_when_changed(tmp_path):
    s = make(tmp_path)
    assert s.save()
    assert FileStorage(str(tmp_path)).read(FILE) is None  # nothing changed: no flash write
    s.set("volume", 30)
    s.set_name(2, "zoe")
    assert s.save()
    again = make(tmp_path)
    assert again.get("volume") == 30 and again.name(2) == "ZOE"


def test_app_boots_with_corrupt_settings_and_shows_the_notice(tmp_path):
    FileStorage(str(tmp_path)).write(FILE, b"\x89PNG not json")
    h = Harness(tmp_path)
    assert h.top_name() == "MainMenu"
    assert h.app.notice and "default" in h.app.notice
    h.frames(200)  # the notice times out
    assert h.app.notice is None


def test_changing_settings_in_the_ui_persists_them(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Settings")
    assert h.top_name() == "SettingsScreen"
    h.press(api.DOWN)            # Volume
    h.press(api.LEFT)
    h.press(api.LEFT)
    h.press(api.DOWN)            # LEDs
    h.press(api.RIGHT)
    assert h.hal.leds.brightness == 50 * 255 // 100
    h.press(api.DOWN)            # Screen
    h.press(api.LEFT)
    assert h.hal.display.level == 70
    h.press(api.KEY_B)
    assert h.top_name() == "MainMenu"
    saved = jsonfile.read(FileStorage(str(tmp_path)), FILE)[0]
    assert saved["volume"] == 40 and saved["led"] == 50 and saved["screen"] == 70


def test_sound_off_silences_the_buzzer(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Settings")
    h.press(api.RIGHT)  # Sound: On -> Off
    assert h.app.settings.get("sound") is False
    before = h.hal.buzzer.tones
    h.press(api.DOWN)
    h.press(api.RIGHT)  # volume change would beep
    assert h.hal.buzzer.tones == before


def test_renaming_a_player_with_the_keyboard(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Settings")
    for _ in range(4):
        h.press(api.DOWN)
    h.press(api.KEY_A)
    assert h.top_name() == "NamesScreen"
    h.press(api.KEY_A)                      # player 1
    assert h.top_name() == "TextEntry"
    for _ in range(8):
        h.press(api.KEY_X)                  # delete the old name
    h.press(api.KEY_A)                      # 'A'
    h.press(api.RIGHT)
    h.press(api.KEY_A)                      # 'B'
    h.press(api.KEY_Y)                      # done
    assert h.top_name() == "NamesScreen"
    assert h.app.settings.name(0) == "AB"
    assert jsonfile.read(FileStorage(str(tmp_path)), FILE)[0]["names"][0] == "AB"


def test_empty_name_is_refused(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Settings")
    for _ in range(4):
        h.press(api.DOWN)
    h.press(api.KEY_A)
    h.press(api.KEY_A)
    for _ in range(8):
        h.press(api.KEY_X)
    h.press(api.KEY_Y)
    assert h.top_name() == "TextEntry"
    assert h.app.notice
    h.press(api.KEY_B)
    assert h.app.settings.name(0) == DEFAULTS["names"][0]
