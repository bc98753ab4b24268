"""The pause box of every game through the real app: its footer lists the box's keys
(not the game's), X asks before quitting, B goes back to the paused game, A quits and
drops the save."""
import framebuf
import pytest

from hal import api
from app import ui, font, savegame
from tests.apphelpers import Harness

GAMES = (("Cubo", "CuboSetup"), ("Kocka 10000", "Kocka10000Setup"),
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


@pytest.mark.parametrize("label,setup", GAMES)
def test_quit_box_over_the_kept_frame_is_the_full_redraw(tmp_path, label, setup):
    """The quit box goes over the game's paused frame left in the frame buffer (no
    redraw of the game): the pixels are those of the game drawn again with the box on
    top, and its later frames too; a notice shown meanwhile makes it redraw the game."""
    from app import quit_confirm
    h, game = start_game(tmp_path, label, setup)
    h.press(api.KEY_B)
    drawn = []
    real = game.draw
    game.draw = lambda fb: (drawn.append(1), real(fb))
    h.press(api.KEY_X)
    box = h.app.top()
    assert h.top_name() == "QuitConfirm" and box.kept

    def full():
        buf = bytearray(ui.W * ui.H)
        fb = framebuf.FrameBuffer(buf, ui.W, ui.H, framebuf.GS8)
        real(fb)
        quit_confirm.dialog(fb, "Quit this game?", quit_confirm.LINES, quit_confirm.HINTS)
        return bytes(buf)

    assert not drawn                      # the box alone was drawn
    assert bytes(h.hal.display.buf) == full()
    assert frame(h) == full() and not drawn
    h.app.show_notice("Saved", 100)       # a toast over the box, then gone
    h.frames(1)
    assert not box.kept
    h.frames(5)
    assert drawn                          # the game drawn again under the box
    assert bytes(h.hal.display.buf) == full()


def test_quit_box_redraws_a_game_changed_since_its_frame(tmp_path):
    """A game that changed after its last frame (dirty) is drawn under the box."""
    h, game = start_game(tmp_path, "Cubo", "CuboSetup")
    h.press(api.KEY_B)
    h.app.invalidate()
    game.leave(game.state)
    assert h.top_name() == "QuitConfirm" and not h.app.top().kept
