"""A power cut in the middle of a game on the real firmware (emulated RP2040): the flash
writes the save made (trapped in the boot ROM) survive, the next boot from the same
flash offers Resume, and the resumed game is the very state that was on screen when the
power went (the probe's fingerprint of state.to_dict()), then goes on being played."""
import pytest

from tests import devicerun
from tests.devicerun import go_to, tap
from tools import device_image, rp2040emu


MOVES = ("A", "A", "RIGHT", "A", "X", "A", "A")


def game_states(dev, screen):
    return [s for s in rp2040emu.ProbeLog(dev.console_text()).states if s[1] == screen]


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    dev = devicerun.boot(tmp_path_factory, "powercut", probe=True)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("DOWN", "A"), "K10kSetup")
    go_to(dev, ("A",), "K10kPlay")
    for b in MOVES:
        tap(dev, b)
    dev.run(1500)
    before = game_states(dev, "K10kPlay")
    writes_before = len(dev.flash_writes)
    console_before = len(dev.console)
    files = device_image.read_files(dev.flash_image())
    dev.cut()
    devicerun.wait_top(dev, "BootScreen", limit_ms=4000)
    go_to(dev, ("B",), "ResumeScreen")
    offer = dev.last_frame()
    go_to(dev, ("A",), "K10kPlay")
    for b in ("A", "A"):
        tap(dev, b)
    dev.run(800)
    yield dev, before, writes_before, console_before, files, offer
    dev.close()


def test_the_save_was_written_to_flash_before_the_cut(cut):
    dev, _before, writes_before, _c, files, _offer = cut
    assert writes_before > 0
    assert {"save.json", "save.jnl"} <= set(files), sorted(files)
    assert files["save.jnl"], "no move in the journal"


def test_resume_is_offered_after_the_cut(cut):
    dev, _before, _w, console_before, _files, offer = cut
    after = rp2040emu.ProbeLog(dev.console_text()[console_before:])
    assert after.frames[0][3] == "BootScreen"
    assert "ResumeScreen" in [f[3] for f in after.frames]
    assert offer is not None and offer.boot == 2
    devicerun.assert_no_crash(dev)


def test_the_resumed_game_is_the_state_at_the_cut(cut):
    dev, before, _w, _c, _files, _offer = cut
    states = game_states(dev, "K10kPlay")
    assert before and before[-1][2] != 0
    assert states[len(before)][2] == before[-1][2], (before[-1], states[len(before):])


def test_the_resumed_game_goes_on(cut):
    dev, _before, _w, console_before, _files, _offer = cut
    after = rp2040emu.ProbeLog(dev.console_text()[console_before:])
    assert [f[3] for f in after.frames].count("K10kPlay") >= 2
    assert after.top() == "K10kPlay"
