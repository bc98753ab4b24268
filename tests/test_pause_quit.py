"""The pause box of every game through the real app: its footer lists the box's keys
(not the game's), X asks before quitting, B goes back to the paused game, A quits and
drops the save."""
import framebuf
import pytest

from hal import api
from app import ui, font, savegame
from tests.apphelpers import Harness

GAMES = (("Cubo", "CuboSetup"), ("Kocka 10000", "K10kSetup"),
         ("Coloretto", "ColorettoSetup"), ("Cubingos", "CubingosSetup"))


def footer_bytes(buf):
    return bytes(buf[(ui.H - ui.FOOTER_H) * ui.W:])


def expected_footer(hints):
    buf = bytearray(ui.W * ui.H)
    fb = framebuf.FrameBuffer(buf, ui.W, ui.H, framebuf.GS8)
    ui.footer(fb, hints)
    return footer_bytes(buf)


def start_game(tmp_path, label, setup):
    h = Harness(tmp_path)
    h.open_menu_item(label)
    assert h.top_name() == setup
    h.press(api.KEY_Y)       # the default setups: a human and bots
    h.frames(3)
    assert getattr(h.app.top(), "in_game", False)
    return h, h.app.top()


def frame(h):
    h.app.draw()
    return bytes(h.hal.display.buf)


@pytest.mark.parametrize("label,setup", GAMES)
def test_pause_footer_and_quit_asks_first(tmp_path, label, setup):
    h, game = start_game(tmp_path, label, setup)
    assert savegame.pending(h.hal.storage) is not None
    h.press(api.KEY_B)
    assert game.paused
    f = frame(h)
    rules = (font.BULLET, "Rules")      # the box's How to play (tests/test_howto.py)
    keys = [(("A", "Resume"), ("X", "Quit"), rules), (("A", "Go on"), ("X", "Quit"), rules),
            (("A", "Resume"), ("Y", "Pass"), ("X", "Quit"), rules)]
    assert footer_bytes(f) in [expected_footer(k) for k in keys]
    h.press(api.KEY_X)
    assert h.top_name() == "QuitConfirm"
    assert footer_bytes(frame(h)) == expected_footer((("A", "Quit"), ("B", "Back")))
    h.press(api.KEY_B)       # B: back to the paused game, nothing lost
    assert h.app.top() is game and game.paused
    assert savegame.pending(h.hal.storage) is not None
    h.press(api.KEY_A)       # the box's A resumes
    assert not game.paused
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)       # A in the question quits
    assert h.top_name() == "MainMenu"
    assert savegame.pending(h.hal.storage) is None
    assert all(c == (0, 0, 0) for c in h.hal.leds.pixels)
