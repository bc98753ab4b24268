"""Two emulated Picos running the real firmware, their UART0s joined by a link cable in one
emulator process (tools/rp2040emu.LinkedDevices: lockstep, the line's byte time kept).

First the UARTs themselves, both link ports (LINK A on UART0, LINK B on UART1):
machine.UART() comes up (no interrupt storm), 200 bytes written at once go out paced at
115200 baud and come back echoed. Then one linked game of Kocka
10000 (tools/rp2040/link_main.py: shared_rules.link's Host and Guest over hal/link_cable.py),
with every fault of the cable on the way: garbage and a flood on the line, the cable
pulled for 3 s and plugged back, the guest powered off for a second and on again. The
game runs to its end with both devices holding the same actions, and those are the very
actions the same players make with no link at all. The star (the host on LINK A, LINK B
and LINK C, four Picos) is tests/test_device_link_pio.py's."""
import os

import pytest

from tests import devicerun
from tools import device_image, rp2040emu

pytestmark = pytest.mark.emulator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = 5
HOST, GUEST = 0, 1
CUT_MS = 3000
OFF_MS = 1000


def linked(tmp_path_factory, name, images, wires=None):
    devicerun.require()
    return rp2040emu.LinkedDevices(images, out_dir=str(tmp_path_factory.mktemp(name)),
                                   wires=wires)


def test_both_uarts_come_up_and_bytes_cross_the_cables_at_the_baud_rate(tmp_path_factory):
    with open(os.path.join(ROOT, "tests", "mp", "uart_echo.py"), "rb") as f:
        main = f.read()
    images = [device_image.build_image(extra={"main.py": main, "role": r}) for r in (b"a", b"b")]
    cables = [((0, 0), (1, 0)), ((0, 1), (1, 1))]     # LINK A to LINK A, LINK B to LINK B
    with linked(tmp_path_factory, "echo", images, cables) as pair:
        pair.run_until(lambda: pair[0].console_text().count("UOK a") == 2
                       or "UFAIL" in pair[0].console_text() + pair[1].console_text(), 4000)
        stats = [pair.wire_stats(w) for w in range(2)]
        texts = [d.console_text() for d in pair]
    assert "UFAIL" not in texts[0] + texts[1], texts
    byte_us = 10 * 1e6 / 115200     # 86.8 us: start, 8 data, stop
    for line in [x for x in texts[0].split("\n") if x.startswith("UOK a")]:
        _uart, write_us, echo_us, back, same = (int(x) for x in line.split()[2:])
        assert back == 200 and same == 1
        assert write_us < 3000      # write() filled the buffers and returned
        # every byte crossed twice, the echo on its heels: 200 byte times and a little more
        assert 200 * byte_us <= echo_us <= 200 * byte_us + 4000, line
    for s in stats:
        assert s["carried"] == [200, 200] and s["late"] == [0, 0]
        for uart in s["uarts"]:
            assert abs(uart["baud"] - 115200) < 115200 * 0.001 and uart["overruns"] == 0


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """One linked game with the faults on the way; returns what the test reads."""
    images = [device_image.build_image(extra=rp2040emu.link_probe("host", "H1", "Hana", SEED)),
              device_image.build_image(extra=rp2040emu.link_probe("guest", "G2", "Gus", SEED))]
    with linked(tmp_path_factory, "game", images) as pair:
        host, guest = pair[HOST], pair[GUEST]

        def logs():
            return rp2040emu.LinkLog(host.console_lines()), rp2040emu.LinkLog(guest.console_lines())

        def until_host_has(n, limit_ms=20000):
            pair.run_until(lambda: logs()[0].count() >= n or logs()[0].crashed, limit_ms, 250)

        def until_level(after, limit_ms=20000):
            """Until the guest has every action the host has, seen after time `after`."""
            def level():
                h, g = logs()
                return g.counts and g.counts[-1][0] >= after and g.count() == h.count() \
                    or h.crashed or g.crashed
            pair.run_until(level, limit_ms, 250)

        marks = {}
        until_host_has(30)
        marks["garbage"] = pair.now
        junk = (b"@K1 LD 77 1 0 0 REQ {\"r\":1,\"a\":[1,5]} 00000000\n"   # a forged request
                b"@K1 LA 1 2 3 \x00\xff@@@K\n" + bytes(range(256)))
        pair.send_garbage(0, HOST, junk)
        pair.send_garbage(0, GUEST, junk)
        pair.flood(0, HOST, 4000, seed=1)
        pair.flood(0, GUEST, 4000, seed=2)
        pair.run(1000)
        marks["garbage_count"] = logs()[0].count()
        until_host_has(marks["garbage_count"] + 20)
        marks["after_garbage"] = logs()[0].count()

        until_host_has(80)
        marks["cut"] = pair.now
        pair.cut_wire(0)
        pair.run(CUT_MS)
        marks["join"] = pair.now
        pair.join_wire(0)
        until_level(marks["join"])
        marks["rejoined"] = pair.now

        until_host_has(140)
        marks["off"] = pair.now
        guest.power_off()
        pair.run(OFF_MS)
        marks["on"] = pair.now
        guest.power_on()
        until_level(marks["on"])
        marks["back"] = pair.now

        pair.run_until(lambda: all(x.ends or x.crashed for x in logs()), 60000, 500)
        pair.run(500)
        h, g = logs()
        stats = pair.wire_stats(0)
        yield {"host": h, "guest": g, "marks": marks, "wire": stats, "now": pair.now,
               "wall": pair.wall}


def unlinked_game(guests=1):
    """The same players with no link: the guests' rule in the first seats, EasyBot in the
    last. Returns the actions and the CRC after each ({n: crc})."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "tools", "rp2040"))
    try:
        import link_play
    finally:
        sys.path.pop(0)
    from shared_rules.kocka10000.bots import EasyBot
    from shared_rules.kocka10000.rules import Kocka10000
    state = Kocka10000(guests + 1, SEED, None)
    bot = EasyBot(SEED)
    actions = []
    crcs = {0: "%08x" % 0}
    tally = link_play.Tally()
    while not state.is_terminal():
        p = state.actors()[0]
        a = tuple(bot.act(state, p, 0) if p == guests else link_play.guest_choice(state, p))
        state.apply(a)
        actions.append(a)
        tally.update(actions, say=False)
        crcs[len(actions)] = "%08x" % tally.crc
    return actions, crcs


def test_nothing_crashed(game):
    assert not game["host"].crashed and not game["guest"].crashed


def test_both_picos_end_the_game_with_the_same_actions_the_players_make_unlinked(game):
    h, g = game["host"], game["guest"]
    assert h.ends and g.ends, (h.counts[-1:], g.counts[-1:])
    assert h.ends[-1][1:] == g.ends[-1][1:]
    assert h.actions == g.actions and len(h.actions) == h.ends[-1][1]
    actions, crcs = unlinked_game()
    assert h.actions == actions and h.ends[-1][2] == crcs[len(actions)]


def test_garbage_and_a_flood_on_the_line_change_nothing(game):
    h, g, marks, wire = game["host"], game["guest"], game["marks"], game["wire"]
    assert wire["injected"][0] > 4000 and wire["injected"][1] > 4000
    # no request refused, no action the guest's rules refused, the game went on
    kinds = [e[1] for e in h.events + g.events]
    assert "refused" not in kinds and "desync" not in kinds and "bot_refused" not in kinds
    assert marks["after_garbage"] >= marks["garbage_count"] + 20
    # the line was not cut by it: nobody went away around the garbage
    assert h.first("gone", marks["garbage"]) is None \
        or h.first("gone", marks["garbage"]) >= marks["cut"]


def test_a_pulled_cable_is_gone_on_both_within_2_s_and_the_guest_catches_up(game):
    h, g, marks = game["host"], game["guest"], game["marks"]
    gone_host = h.first("gone", marks["cut"])
    gone_guest = g.first("host_gone", marks["cut"])
    assert gone_host is not None and gone_host - marks["cut"] <= 2000, gone_host
    assert gone_guest is not None and gone_guest - marks["cut"] <= 2000, gone_guest
    back = h.first("back", marks["join"])
    assert back is not None and back < marks["rejoined"]
    assert marks["rejoined"] - marks["join"] < 5000


def test_a_guest_powered_off_and_on_rejoins_and_catches_up(game):
    h, g, marks = game["host"], game["guest"], game["marks"]
    assert h.first("gone", marks["off"]) - marks["off"] <= 2000
    assert h.first("back", marks["on"]) is not None
    # the guest's second life started from nothing and replayed every action
    after = [c for c in g.counts if c[0] >= marks["on"]]
    assert after and after[0][1] < after[-1][1]
    assert marks["back"] - marks["on"] < 8000
