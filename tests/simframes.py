"""The simulator's frames as RGB565, to compare with frames decoded from the emulated board.

The app runs on the virtual HAL (tests/apphelpers.Harness) and each frame is
converted with tools/rgb565.from_indexed, the same palette conversion the ST7789
driver does, so equal screens give equal bytes.
"""
from hal import api
from tests.apphelpers import Harness
from tools import rgb565


def frame(hal):
    return rgb565.from_indexed(hal.display.buf, hal.display.palette)


def boot_screens(data_dir):
    """{rgb565: elapsed ms} for the boot screen at every moment of its progress bar."""
    h = Harness(data_dir, skip_boot=False)
    h.frames(1)
    boot = h.app.top()
    assert type(boot).__name__ == "BootScreen"
    seen = {}
    raw = {}
    for elapsed in range(0, boot_ms() + 1):
        boot.started = 0
        h.app.now = elapsed
        boot.draw(h.app.fb)
        key = bytes(h.hal.display.buf)
        if key not in raw:
            raw[key] = elapsed
            seen[frame(h.hal)] = elapsed
    return seen


def boot_ms():
    from app.boot import BOOT_MS
    return BOOT_MS


def menu_screens(data_dir, moves=1):
    """The main menu's frame with the cursor on the first item, then after each DOWN."""
    h = Harness(data_dir, skip_boot=False)
    for _ in range(200):
        h.frames(1)
        if h.top_name() == "MainMenu":
            break
    h.frames(3)
    out = [frame(h.hal)]
    for _ in range(moves):
        h.press(api.DOWN)
        h.frames(3)
        out.append(frame(h.hal))
    return out


def setup_screen(data_dir, label):
    """The frame of a game's setup screen as it opens from the main menu."""
    h = Harness(data_dir)
    h.open_menu_item(label)
    h.frames(3)
    return frame(h.hal)
