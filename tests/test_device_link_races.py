"""The real-time games linked on two emulated Picos with the Kocka firmware image, over the
cable between their UART0s (issue 28, item 7), played with each device's own buttons.

From the boot into Link play's lobby; the host picks Cubo and both players play its first
round to the end (roll, the hint's arrangement, Cubo called by the host, the guest racing
the six-second countdown, the centre dice taken, scoring); the host quits, both go back
to the lobby, and the host picks Cubingos: the host's player calls wrong (out of the
round), the guest's places the die that forms the card and wins it. Checked: nobody
crashed, each device's save (read from its flash and replayed) holds the same actions
and the same State, both screens ended on that State (the probe's fingerprints), both
players' keys made actions, the countdown ran on both devices' LEDs. Each device's live
heap (the probe's, after a collection at every frame) stayed inside the image's budget in
the lobby and through both games (one after the other, as a table plays them).

Kocka 10000, the turn-based game, is played linked in a session of its own:
tests/test_device_link_kocka10000.py (one session for the three games made this module
the run's longest).

The figures (a press to the frame on every device, the LEDs' offsets) are the bench's:
bench/bench_link_app.py.
"""
import pytest

from tests import devicerun, linkraces as L
from tests.linkapp import HEAP_BUDGET
from tools import rp2040emu

pytestmark = [pytest.mark.emulator, pytest.mark.toolchain]

FRAME_MS = 32   # app.app.FRAME_MS


def last_shown(dev, screen):
    states = [s[2] for s in L.log(dev).states if s[1] == screen]
    return states[-1] if states else None


@pytest.fixture(scope="module")
def races(tmp_path_factory):
    firmware = devicerun.image_firmware(tmp_path_factory)
    out = str(tmp_path_factory.mktemp("link-races"))
    with rp2040emu.LinkedDevices(L.images(L.NAMES), out_dir=out, firmware=firmware) as pair:
        L.to_lobby(pair)
        L.start(pair, "Cubo", "CuboMatch")
        opened = pair.now
        presses, called = L.cubo_round(pair)
        pair.run(600)
        cubo = {"presses": presses, "called": called,
                "countdown": [L.countdown(d, opened) for d in pair],
                "saves": [L.save_info(d) for d in pair],
                "shown": [last_shown(d, "CuboMatch") for d in pair]}
        L.tap_all(pair, {L.HOST: ["B", "X", "A"]})       # pause, quit, yes: for everyone
        L.to_lobby(pair, boot=False)
        L.start(pair, "Cubingos", "CubingosPlay")
        presses = L.cubingos_round(pair)
        pair.run(600)
        cubingos = {"presses": presses,
                    "saves": [L.save_info(d) for d in pair],
                    "shown": [last_shown(d, "CubingosPlay") for d in pair],
                    "tops": [L.log(d).top() for d in pair]}
        logs = [L.log(d) for d in pair]
        yield {"pair": pair, "cubo": cubo, "cubingos": cubingos, "logs": logs}


def level(infos, game):
    """Both devices' saves (read back from their flash) of the same game with the same
    actions, replayed to the same State: (actions, State)."""
    assert None not in infos, "a device's save did not read back"
    for key in ("game", "players", "seed", "options", "actions"):
        assert infos[0][key] == infos[1][key], key
    assert infos[0]["game"] == game and infos[0]["players"] == list(L.NAMES)
    states = [L.replay(i) for i in infos]
    assert states[0].to_dict() == states[1].to_dict()
    return [tuple(a) for a in infos[0]["actions"]], states[0]


def test_nothing_crashed_and_both_ended_on_the_cubingos_screen(races):
    L.no_crash(races["pair"])
    assert races["cubingos"]["tops"] == ["CubingosPlay", "CubingosPlay"]


def test_cubo_round_played_to_its_end_the_same_on_both(races):
    from shared_rules.cubo import rules as C
    c = races["cubo"]
    actions, st = level(c["saves"], "cubo")
    assert st.round_number() == 2 and st.phase == C.PLAY    # the first round is over
    kinds = set((a[0], a[1]) for a in actions)
    for p in (L.HOST, L.GUEST):
        for kind in (C.ROLL, C.CALL, C.TAKE, C.KEEP):
            assert (p, kind) in kinds, (p, kind, actions)
    # the round ended in time: nobody forfeited, and the host's clock ordered everything
    assert not [a for a in actions if a[1] == C.EXPIRE]
    times = [a[-1] for a in actions]
    assert times == sorted(times)
    # both screens ended on the same State (the probe's fingerprint)
    assert c["shown"][0] is not None and c["shown"][0] == c["shown"][1]


def test_cubo_guest_called_within_the_countdown_the_host_started(races):
    from shared_rules.cubo import rules as C
    actions = races["cubo"]["saves"][0]["actions"]
    calls = [a for a in actions if a[1] == C.CALL]
    assert [a[0] for a in calls] == [L.HOST, L.GUEST]
    assert 0 < calls[1][-1] - calls[0][-1] < C.COUNTDOWN_MS


def test_the_countdown_ran_on_both_devices_leds(races):
    host, guest = races["cubo"]["countdown"]
    # six lights, one going out each second, until the guest's call stopped it
    assert [k for _t, k in host][:3] == [6, 5, 4], host
    assert [k for _t, k in guest][:3] == [6, 5, 4], guest
    called = races["cubo"]["called"]
    assert host[0][0] > called and guest[0][0] > called
    # each second's change on both devices within two frames of each other (the
    # bench holds them to one: bench/results/link_app.json)
    for (th, kh), (tg, kg) in zip(host[1:3], guest[1:3]):
        assert kh == kg and abs(th - tg) <= 2 * FRAME_MS, (host, guest)
    # a second apart on each device: the countdown's own clock
    for seq in (host, guest):
        assert all(abs(b[0] - a[0] - 1000) <= 2 * FRAME_MS for a, b in zip(seq[:3], seq[1:3]))


def test_cubingos_card_won_by_the_guest_after_the_hosts_wrong_call(races):
    from shared_rules.cubingos import rules as C
    c = races["cubingos"]
    actions, st = level(c["saves"], "cubingos")
    placed = [a for a in actions if a[1] == C.PLACE]
    assert [a[0] for a in placed] == [L.HOST, L.GUEST]
    assert st.won[L.HOST] == [] and len(st.won[L.GUEST]) == 1
    assert st.last_round[1] == L.GUEST and st.rounds == 1
    assert c["shown"][0] is not None and c["shown"][0] == c["shown"][1]


def test_each_players_presses_were_their_own_devices(races):
    for game in ("cubo", "cubingos"):
        devices = set(d for d, _k, _t in races[game]["presses"])
        assert devices == {L.HOST, L.GUEST}, game


def test_the_heap_of_host_and_guest_stays_inside_the_budget_in_the_lobby_and_the_games(races):
    # the lobby twice (before each game), a whole Cubo round and a Cubingos card after it,
    # on both devices (Kocka 10000's: tests/test_device_link_kocka10000.py)
    for who, x in zip(("host", "guest"), races["logs"]):
        for screen in ("LobbyScreen", "CuboMatch", "CubingosPlay"):
            peak = x.peak((screen,))
            print("linked %s peak live heap: %s %d B" % (who, screen, peak))
            assert 0 < peak <= HEAP_BUDGET, (who, screen, peak)
