"""An emulated Pico and a simulator play one linked game together: the Kocka firmware
image (make uf2) on the emulated RP2040 with an open cable on its LINK A
(`rp2040emu.Device(cable=True)`), whose far end is the link transport of a headless
simulator (the real app on the virtual HAL). The bytes are the cable's both ways, at its
byte time; the simulator runs on the emulator's clock in lockstep (the Pico runs to a
frame's time, then the simulator's frame at that time), so the link's timeouts mean the
same on both sides.

The simulator hosts and the Pico joins: the host owns the State, and the simulator's is
read directly at every step (whose turn, what was confirmed), so the Pico's buttons are
pressed for its seat's moves only when the host says it is that seat's turn; and the
Pico's side is the guest's, the one that sends requests over the cable and shows the
host's actions as they come.

Kocka 10000, no bots: HANA (seat 0) plays with the simulator's keys, GUS (seat 1) with the
Pico's. A fixed number of moves (a whole game is about 200 actions, far too many at the
emulator's speed), ending on the simulator's turn; then both hold the same actions: the
Pico's save read from its flash, the simulator's from its storage, the host's list.
Nobody crashed, nobody was said gone (a bot would have taken the seat), and each seat's
actions came from its own device. And the cable works through a pty: the simulator's
SerialLink on the pty's path joins the Pico's lobby.
"""
import json

import pytest

from app.games.kocka10000.play import TABLE
from hal import api, link_cable
from tests import devicerun
from tests.apphelpers import Harness
from tests.linkapp import keys_for, save_info
from tests.test_link_app import Side, choose, fast_kocka
from tools import device_image, rp2040emu

pytestmark = pytest.mark.emulator

FRAME = 33
LINK_PLAY = 4            # the main menu's row: the four games, then Link play
MOVES = (4, 4)           # at least this many actions of seat 0 (simulator) and 1 (Pico)
NAMES = ("HANA", "GUS")


class Mixed:
    """The emulated Pico and a simulator on the emulator's clock: each simulator frame
    first runs the Pico to that frame's time. Presses on either move both."""

    def __init__(self, dev, h):
        self.dev = dev
        self.h = h
        h.clock = int(dev.now)

    def frames(self, n=1):
        for _ in range(n):
            self.dev.until(self.h.clock + FRAME)
            self.h.frames(1)

    def run(self, ms):
        self.frames(max(1, ms // FRAME))

    def until(self, cond, frames, what):
        for _ in range(frames):
            if cond():
                return
            self.frames(1)
        assert cond(), "not within %d frames: %s" % (frames, what)

    def side(self, _which="host"):
        return Side(self, self.h)

    def tap(self, button):
        """A press of the Pico's button, then the gap a player leaves."""
        self.dev.press(button, hold_ms=devicerun.HOLD_MS, at=self.dev.now)
        self.run(devicerun.GAP_MS)

    def top(self):
        return rp2040emu.ProbeLog(self.dev.console_text()).top()


def pico_image():
    settings = json.dumps({"names": [NAMES[1]]}).encode()
    return device_image.build_image(data={"settings.json": settings},
                                    extra=rp2040emu.probe_main(frozen_image=True), bundle=False)


def simulator(tmp_path, transport):
    h = Harness(tmp_path / "sim", seed=11)
    h.app.settings.set_name(0, NAMES[0])
    h.hal.links = transport.ports()
    return h


def to_lobby(m):
    """The simulator hosts (Link play, Host a game), the Pico joins (Link play, Join a
    game), until the host's lobby lists both."""
    sim = m.side()
    menu = m.h.app.top()
    while menu.items[menu.index].label() != "Link play":
        sim.press(api.DOWN)
    sim.press(api.KEY_A)
    m.until(lambda: type(m.h.app.top()).__name__ == "RoleScreen", 30, "the role screen")
    sim.press(api.KEY_A)                        # Host a game
    m.tap("B")                                  # the Pico's boot screen
    m.until(lambda: m.top() == "MainMenu", 100, "the Pico's menu")
    for _ in range(LINK_PLAY):
        m.tap("DOWN")
    m.tap("A")
    m.until(lambda: m.top() == "RoleScreen", 100, "the Pico's role screen")
    m.tap("DOWN")                               # Join a game
    m.tap("A")
    m.until(lambda: len(m.h.app.link.members()) == 2, 300, "the Pico joined")


def pico_move(m, st, host):
    """The Pico's seat moves with the Pico's keys (tests.linkapp.keys_for: a player
    who knows the rules), pressed again when the first press only put a message or the
    scoreboard away; True once the host confirmed an action of seat 1."""
    n = len(host.actions)
    for _attempt in range(4):
        for key in keys_for(st):
            m.tap(key)
        try:
            m.until(lambda: len(host.actions) > n, 90, "the Pico's move")
            return True
        except AssertionError:
            continue
    return False


def play(m, hm, gone):
    """Moves until each seat made MOVES of its own and it is the simulator's turn again."""
    from tests.test_kocka10000_ui import human_step
    host = m.h.app.link.host
    sim = m.side()
    made = [0, 0]
    for _ in range(2000):
        st = host.state
        seats = [a[0] for a in host.actions]
        made = [seats.count(0), seats.count(1)]
        if st.is_terminal() or (made[0] >= MOVES[0] and made[1] >= MOVES[1] and st.turn == 0):
            return made
        assert not gone, gone
        if st.turn == 0:
            human_step(sim, hm)
            continue
        if not pico_move(m, st, host):
            raise AssertionError("the Pico's keys did not move seat 1 (%r)" % (st.to_dict(),))
        m.run(1200)                          # the dice land on both screens
        if host.state.turn == 0:
            m.tap("A")                       # the Pico's bust message, as a player would
    raise AssertionError("not %r moves within the steps: %r" % (MOVES, made))


def sim_save(h):
    """The save of the game in progress in the simulator's storage."""
    from app import savegame
    return savegame.pending(h.hal.storage)


def level(m, hm, host):
    """Until both saves hold the host's actions: each screen shows what it has not shown
    yet, its player putting a message or the scoreboard away (it is the simulator's turn:
    no press on either makes a move). Returns (the Pico's save, the simulator's)."""
    pico = sim = None
    for _ in range(12):
        m.run(1000)
        pico, sim = save_info(m.dev), sim_save(m.h)
        level_pico = pico is not None and [tuple(a) for a in pico["actions"]] == host.actions
        level_sim = sim is not None and [tuple(a) for a in sim["actions"]] == host.actions
        if level_pico and level_sim:
            break
        if not level_pico:
            m.tap("A")
        if not level_sim and (hm.moments or hm.view != TABLE):
            m.side().press(api.KEY_A)
    return pico, sim


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    firmware = devicerun.image_firmware(tmp_path_factory)
    out = str(tmp_path_factory.mktemp("mixed"))
    with rp2040emu.Device(pico_image(), out_dir=out, firmware=firmware, cable=True) as dev:
        devicerun.wait_top(dev, "BootScreen", limit_ms=15000)
        m = Mixed(dev, simulator(tmp_path_factory.mktemp("sim"), dev.cable))
        gone = []
        real = m.h.app.show_notice

        def notice(text, ms=3000):
            if "gone" in text:
                gone.append((m.h.clock, text))
            return real(text, ms)
        m.h.app.show_notice = notice
        to_lobby(m)
        members = [x[1] for x in m.h.app.link.members()]
        choose(m, "Kocka 10000", bots=0)
        m.side().press(api.KEY_Y)
        m.until(lambda: type(m.h.app.top()).__name__ == "Kocka10000Play"
                and m.top() == "Kocka10000Play", 300, "both play screens open")
        hm = m.h.app.top()
        fast_kocka(hm)
        kinds = list(hm.kinds)
        made = play(m, hm, gone)
        host = m.h.app.link.host
        pico, sim = level(m, hm, host)
        yield {"dev": dev, "m": m, "members": members, "kinds": kinds, "made": made,
               "gone": gone, "host_actions": list(host.actions), "pico": pico,
               "sim": sim, "remote": hm.agents[1] is hm.REMOTE,
               "cable": dev.cable.stats(),
               "log": rp2040emu.ProbeLog(dev.console_text())}


@pytest.mark.toolchain
def test_the_pico_joins_the_simulators_game_and_nothing_crashed(game):
    devicerun.assert_no_crash(game["dev"])
    assert game["members"] == list(NAMES)
    assert game["kinds"] == ["human", "linked"]        # seat 1 is the Pico's human
    assert game["log"].top() == "Kocka10000Play"
    assert not game["gone"], game["gone"]
    assert game["remote"]                              # no bot took the Pico's seat


@pytest.mark.toolchain
def test_each_seat_moved_with_its_own_devices_keys(game):
    # no bots, and seat 1 stayed the Pico's (nobody gone): the host took seat 1's actions
    # only from the Pico's requests, made with its keys; seat 0's with the simulator's
    seats = [a[0] for a in game["host_actions"]]
    assert seats.count(0) >= MOVES[0] and seats.count(1) >= MOVES[1], game["made"]


@pytest.mark.toolchain
def test_both_hold_the_same_actions(game):
    host = game["host_actions"]
    pico, sim = game["pico"], game["sim"]
    assert pico is not None and sim is not None
    assert [tuple(a) for a in pico["actions"]] == host
    assert [tuple(a) for a in sim["actions"]] == host
    assert pico["players"] == sim["players"] == list(NAMES)
    assert pico["seed"] == sim["seed"]


@pytest.mark.toolchain
def test_the_cable_carried_the_game_at_its_byte_time(game):
    c = game["cable"]
    assert c["lost"] == [0, 0] and c["late"] == [0, 0], c
    assert c["carried"][0] > 1000 and c["carried"][1] > 1000, c
    assert abs(c["uarts"][0]["baud"] - link_cable.BAUD) < link_cable.BAUD * 0.002, c
    assert c["uarts"][0]["overruns"] == 0, c
    byte_ms = 10 * 1e3 / c["uarts"][0]["baud"]
    at = game["dev"].cable.arrivals
    assert len(at) == c["carried"][1]
    assert min(b - a for a, b in zip(at, at[1:])) > 0.99 * byte_ms   # never faster than the line


ECHO = b"""
import machine, time
u = machine.UART(0, baudrate=115200, tx=machine.Pin(0), rx=machine.Pin(1), timeout=0,
                 rxbuf=256)
print('up')
marks = []
want = 16
while want <= 64:
    if u.any() >= want:
        marks.append(time.ticks_us())
        want += 16
print('marks', ' '.join(str(time.ticks_diff(t, marks[0])) for t in marks))
u.write(u.read(64))
"""


def test_the_open_cable_keeps_the_byte_time_both_ways(tmp_path):
    """64 bytes written at once from outside reach the Pico one per byte time (its own
    clock sees 16 more every 16 byte times); its 64 back come out one per byte time, each
    handed over by the run that reached its arrival."""
    devicerun.require()
    image = device_image.build_image(extra={"main.py": ECHO}, bundle=False)
    with rp2040emu.Device(image, out_dir=str(tmp_path), cable=True) as dev:
        dev.run_until(lambda: "up" in dev.console_text(), 5000)
        dev.cable.write(bytes(range(64)))
        reads = []
        for _ in range(40):
            dev.run(0.5)
            got = dev.cable.read()
            reads.append((dev.now, len(got or b"")))
            # what a read gave arrived by the time run to, and nothing later
            assert len(dev.cable.arrivals) == sum(n for _t, n in reads)
            assert not dev.cable.arrivals or dev.cable.arrivals[-1] <= dev.now
        stats = dev.cable.stats()
        text = dev.console_text()
    byte_us = 10 * 1e6 / stats["uarts"][0]["baud"]
    marks = [int(x) for x in text.split("marks ")[1].split()[:4]]
    for k, us in enumerate(marks):
        assert abs(us - 16 * k * byte_us) < 2 * byte_us, (marks, byte_us)
    at = dev.cable.arrivals
    assert len(at) == 64 and [n for _t, n in reads if n] != [64]   # over several runs
    gaps = [(b - a) * 1000 for a, b in zip(at, at[1:])]
    assert min(gaps) > 0.99 * byte_us and max(gaps) < 1.01 * byte_us, (min(gaps), max(gaps))
    assert stats["carried"] == [64, 64] and stats["uarts"][0]["overruns"] == 0, stats


@pytest.mark.toolchain
def test_through_a_pty_the_simulators_serial_link_reaches_the_pico(tmp_path_factory):
    """The cable's outside end on a pseudo-terminal (CableEnd.open_pty), the simulator's
    serial transport (simulator/link_tcp.SerialLink, `--link serial PATH`) on its path:
    the Pico joins the simulator's lobby through it, both listing both players."""
    from simulator.link_tcp import SerialLink
    firmware = devicerun.image_firmware(tmp_path_factory)
    out = str(tmp_path_factory.mktemp("mixed-pty"))
    with rp2040emu.Device(pico_image(), out_dir=out, firmware=firmware, cable=True) as dev:
        devicerun.wait_top(dev, "BootScreen", limit_ms=15000)
        serial = SerialLink(dev.cable.open_pty())
        try:
            m = Mixed(dev, simulator(tmp_path_factory.mktemp("sim-pty"), serial))
            to_lobby(m)
            m.until(lambda: m.h.app.link.guest is None and len(m.h.app.link.members()) == 2,
                    30, "listed")
            # the host lists a guest only once frames went both ways (the guest's JOIN
            # is taken when it names the host's epoch, which it learnt from the host)
            assert [x[1] for x in m.h.app.link.members()] == list(NAMES)
            stats = dev.cable.stats()
        finally:
            serial.close()
    devicerun.assert_no_crash(dev)
    assert stats["carried"][0] > 100 and stats["carried"][1] > 100, stats
    assert stats["lost"] == [0, 0], stats
