"""Button mashing, shared by tests/test_app_fuzz_a.py and tests/test_app_fuzz_b.py: random
events through every screen, no exception, nothing unreachable, and the app still sound
after it (B leads home, every screen opens, the settings hold valid values).

The mashing is split in two modules of EVENTS each, one seed each, so the two halves run
side by side under `make test`'s workers (one 20,000-event module was the run's tail).
Each half on its own reaches every screen in MENU_SCREENS: a seed is kept only when its
events do (where each half's seed reaches the last of them is in its module)."""
from hal import api
from shared_rules.rng import Rng
from tests.apphelpers import Harness

EVENTS = 10000      # each half's: 20,000 in all

MENU_SCREENS = {"QuitConfirm", "MainMenu", "SettingsScreen", "NamesScreen", "TextEntry", "AboutScreen",
                "CuboSetup", "CuboMatch", "CuboTable",
                "Kocka10000Setup", "Kocka10000Play", "SelfTestScreen", "ColorettoSetup", "ColorettoPlay",
                "CubingosSetup", "CubingosPlay", "HistoryScreen", "SyncScreen"}


def mash(h, rng, n):
    seen = set()
    for _ in range(n):
        kind = (api.PRESSED, api.RELEASED, api.REPEAT)[rng.below(3)]
        h.hal.buttons.inject(api.event(kind, rng.below(api.NUM_BUTTONS)))
        if rng.below(5) == 0:  # a frame every ~5 events: mashing faster than frames
            h.frames(1)
            seen.add(h.top_name())
    h.frames(1)
    seen.add(h.top_name())
    return seen


def back_home(h):
    """B backs out of every screen; a game's pause menu quits with X; a running
    countdown ignores keys until it is over, so time passes between tries."""
    for _ in range(60):
        if h.top_name() == "MainMenu":
            return True
        h.press(api.KEY_B)
        if h.top_name() != "MainMenu" and getattr(h.app.top(), "paused", False):
            h.press(api.KEY_X)
        if h.top_name() == "QuitConfirm":
            h.press(api.KEY_A)
        h.frames(10)
    return False


def mash_and_check(tmp_path, seed, events=EVENTS):
    """`events` random events from Rng(seed) through the app: every screen reached, then
    whatever state they left, B leads home, every screen still opens, and the settings
    survived as valid values."""
    h = Harness(tmp_path, seed=5)
    seen = mash(h, Rng(seed), events)
    assert MENU_SCREENS <= seen, "never reached: %s" % (MENU_SCREENS - seen)
    # Whatever state the mashing left, B leads home and every screen still opens.
    assert back_home(h)
    for label, name in (("Settings", "SettingsScreen"), ("About", "AboutScreen"),
                        ("Cubo", "CuboSetup"), ("Kocka 10000", "Kocka10000Setup"),
                        ("History", "HistoryScreen"), ("Sync with PC", "SyncScreen")):
        h.open_menu_item(label)
        assert h.top_name() == name
        assert back_home(h)
    # Settings survived as valid values.
    s = h.app.settings
    assert 0 <= s.get("volume") <= 100 and 10 <= s.get("screen") <= 100
    assert all(1 <= len(n) <= 8 for n in s.get("names"))
