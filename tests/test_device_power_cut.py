"""A power cut in the middle of a game on the real firmware (emulated RP2040): the flash
writes the save made (trapped in the boot ROM) survive, the next boot from the same
flash offers Resume, and the resumed game is the very state that was on screen when the
power went (the probe's fingerprint of state.to_dict()), then goes on being played.
Also a cut inside a flash write, while bots play Cubo: the journal read back from the
flash keeps every move made before, and the resumed match goes on from those moves."""
import pytest

from tests import devicerun
from tests.devicerun import go_to, tap
from tools import device_image, rp2040emu

pytestmark = pytest.mark.emulator


MOVES = ("A", "A", "RIGHT", "A", "X", "A", "A")


def game_states(dev, screen):
    return [s for s in rp2040emu.ProbeLog(dev.console_text()).states if s[1] == screen]


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    dev = devicerun.boot(tmp_path_factory, "powercut", probe=True)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("DOWN", "A"), "Kocka10000Setup")
    go_to(dev, ("A",), "Kocka10000Play")
    for b in MOVES:
        tap(dev, b)
    dev.run(1500)
    before = game_states(dev, "Kocka10000Play")
    writes_before = len(dev.flash_writes)
    console_before = len(dev.console)
    files = device_image.read_files(dev.flash_image())
    dev.cut()
    devicerun.wait_top(dev, "BootScreen", limit_ms=4000)
    go_to(dev, ("B",), "ResumeScreen")
    offer = dev.last_frame()
    go_to(dev, ("A",), "Kocka10000Play")
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
    states = game_states(dev, "Kocka10000Play")
    assert before and before[-1][2] != 0
    assert states[len(before)][2] == before[-1][2], (before[-1], states[len(before):])


def test_the_resumed_game_goes_on(cut):
    dev, _before, _w, console_before, _files, _offer = cut
    after = rp2040emu.ProbeLog(dev.console_text()[console_before:])
    assert [f[3] for f in after.frames].count("Kocka10000Play") >= 2
    assert after.top() == "Kocka10000Play"


@pytest.fixture(scope="module")
def cut_mid_save(tmp_path_factory):
    """A Cubo match against two bots, the power cut right after the first flash
    erase/program call once the bots have been playing a while (inside whatever littlefs
    was writing); the journal read back before, at and after the cut."""
    dev = devicerun.boot(tmp_path_factory, "midsave", probe=True)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("A",), "CuboSetup")
    go_to(dev, ("Y",), "CuboMatch")   # Y starts from any row
    tap(dev, "A")  # ready: round 1's 3-2-1-Cubo! count-in (nobody rolls before it ends)
    dev.run(3500)
    tap(dev, "A")  # the human rolls too
    dev.run(1500)
    before = device_image.read_files(dev.flash_image())
    dev.halt_after_flash_writes(1)
    dev.run(8000)
    halted = dev.halted
    at_cut = device_image.read_files(dev.flash_image())
    console_before = len(dev.console)
    dev.cut()
    devicerun.wait_top(dev, "BootScreen", limit_ms=4000)
    go_to(dev, ("B",), "ResumeScreen")
    go_to(dev, ("A",), "CuboMatch")
    dev.run(500)
    after = device_image.read_files(dev.flash_image())
    yield dev, halted, console_before, before, at_cut, after
    dev.close()


def test_a_cut_inside_a_save_write_resumes_the_same_moves(cut_mid_save):
    from app import journal
    dev, halted, console_before, before, at_cut, after = cut_mid_save
    assert halted, "no flash write happened while the bots played"
    moves_before, _ = journal.read(before["save.jnl"])
    moves_at_cut, intact = journal.read(at_cut["save.jnl"])
    moves_after, _ = journal.read(after["save.jnl"])
    assert moves_before and moves_at_cut[:len(moves_before)] == moves_before
    assert intact >= len(at_cut["save.jnl"]) - 64  # at most the line being written is torn
    # the resumed game is the one that was saved: its journal goes on from the same moves
    assert moves_after[:len(moves_at_cut)] == moves_at_cut
    log = rp2040emu.ProbeLog(dev.console_text()[console_before:])
    assert "ResumeScreen" in [f[3] for f in log.frames] and log.top() == "CuboMatch"
    devicerun.assert_no_crash(dev)
