"""Kocka 10000 linked on two emulated Picos with the Kocka firmware image, over the cable
between their UART0s, played with each device's own buttons: the turn-based game beside
the real-time races of tests/test_device_link_races.py, in a session of its own (the
three games in one session made the run's longest module; the boot is the price).

From the boot into Link play's lobby, the host picks Kocka 10000 and both play its turns:
each move is made with the buttons of the device whose seat's turn it is
(tests/linkapp.py play). Checked: nobody crashed, both are on the game, every table the
guest showed is one the host showed, ending on the same, both seats moved, each save
that reads back holds the same players and both seats' actions, and each device's live
heap (the probe's, after a collection at every frame) stayed inside the image's budget in
the lobby and through the game.
"""
import pytest

from tests import devicerun, linkapp as A, linkraces as L
from tests.linkapp import HEAP_BUDGET
from tools import rp2040emu

pytestmark = [pytest.mark.emulator, pytest.mark.toolchain]


@pytest.fixture(scope="module")
def kocka(tmp_path_factory):
    firmware = devicerun.image_firmware(tmp_path_factory)
    out = str(tmp_path_factory.mktemp("link-kocka10000"))
    with rp2040emu.LinkedDevices(L.images(L.NAMES), out_dir=out, firmware=firmware) as pair:
        L.to_lobby(pair)
        L.start(pair, "Kocka 10000", "Kocka10000Play")
        made = A.play(pair, moves=6)
        A.level(pair)
        logs = [L.log(d) for d in pair]
        yield {"pair": pair, "made": made, "saves": [A.saved(d) for d in pair],
               "tops": [x.top() for x in logs], "logs": logs}


def test_nothing_crashed_and_both_ended_on_the_game(kocka):
    L.no_crash(kocka["pair"])
    assert kocka["tops"] == ["Kocka10000Play", "Kocka10000Play"]


def test_both_play_with_their_own_buttons_and_show_the_same_tables(kocka):
    # each move was made with the buttons of the seat's own device (play() waited for that
    # device's table to change)
    made = kocka["made"]
    assert made[0] >= 1 and made[1] >= 1 and sum(made) >= 6, made
    host, guest = [[s[2] for s in x.states if s[1] == "Kocka10000Play"]
                   for x in kocka["logs"]]
    assert len(set(host)) >= 6, host
    assert set(guest) <= set(host), (guest, host)
    assert guest[-1] == host[-1]
    # the saves, where the flash reads back (python-littlefs may refuse a journal the app
    # holds open for appends), hold the same game with both seats' actions
    saves = [s for s in kocka["saves"] if s is not None]
    assert saves
    for players, actions in saves:
        assert players == list(L.NAMES) and set(a[0] for a in actions) == {0, 1}


def test_the_heap_of_host_and_guest_stays_inside_the_budget_in_the_lobby_and_the_game(kocka):
    # the host's lobby with LINK C open while it waits for the guest, and the game's turns
    for who, x in zip(("host", "guest"), kocka["logs"]):
        for screen in ("LobbyScreen", "Kocka10000Play"):
            peak = x.peak((screen,))
            print("linked %s peak live heap: %s %d B" % (who, screen, peak))
            assert 0 < peak <= HEAP_BUDGET, (who, screen, peak)
