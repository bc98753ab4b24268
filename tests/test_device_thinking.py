"""Bots thinking on the emulated RP2040 (the real firmware; bench/bench_bots_device.py's
think run, short): three strong Coloretto bots at the real app's table. No frame's
update() (input, and the slice of thinking) takes over 100 ms of device time, the
indicator moves on every slice, and B pressed while a bot thinks pauses the game
within 100 ms, the pause box on screen in the frame after. With all bots at the table
(seat 1 strong), no gap between two pushed frames while a bot thinks is over 100 ms."""
import pytest

from bench import bench_bots_device as bench
from tests import devicerun

pytestmark = pytest.mark.emulator

UPDATE_MS = 100
HANDLED_MS = 100
# the pause box's own frame: its draw (~60 ms) and push (~43 ms) after the pause
BOX_MS = HANDLED_MS + 130


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    devicerun.require()
    return bench.think_run(str(tmp_path_factory.mktemp("thinking")), pauses=1, decisions=3)


def test_no_update_while_a_bot_thinks_takes_over_100_ms(run):
    assert run["decisions"] == 3
    assert run["slices"] >= 3 * 4  # each decision over several frames
    longest = max(run["think_us"]) / 1000.0
    assert longest <= UPDATE_MS, longest


def test_the_indicator_moves_on_every_slice(run):
    ph = run["phases"]
    assert len(ph) >= 12
    moved = sum(1 for i in range(1, len(ph)) if ph[i] != ph[i - 1])
    # it stands still only where one decision ends and the next begins
    assert moved >= len(ph) - 1 - run["decisions"], ph


def test_b_pauses_while_a_bot_thinks(run):
    assert run["paused_while_thinking"] == 1
    handled = run["pause_handled_ms"][0]
    assert handled is not None and 0 < handled <= HANDLED_MS, handled
    box = run["pause_ms"][0]
    assert box is not None and box <= BOX_MS, box


# All bots at the table (seat 1 strong, a greedy and a strong bot), seeded, with a pace
# short enough that every decision outruns it: its answer is acted on (and saved in the
# journal: a flash sector erased, 45-110 ms) as soon as it comes. Done in the frame of the
# decision's last slice, that made 100-150 ms with the indicator standing still.
ALL_BOTS_MS = 16000   # the bench plays a minute
GAP_MS = 100


@pytest.fixture(scope="module")
def all_bots(tmp_path_factory):
    devicerun.require()
    return bench.all_bots_run(str(tmp_path_factory.mktemp("allbots")), play_ms=ALL_BOTS_MS,
                              t_bot=bench.SHORT_PACE_MS)


def test_all_bots_no_gap_between_frames_while_a_bot_thinks_over_100_ms(all_bots):
    assert all_bots["play_ms"] >= ALL_BOTS_MS and all_bots["decisions"] >= 12
    # the case the test is for: decisions acted on as soon as they came
    assert all_bots["decisions_past_their_pace"] >= all_bots["decisions"] // 2
    longest = all_bots["longest_gaps_while_thinking_ms"][0]
    assert longest <= GAP_MS, all_bots
