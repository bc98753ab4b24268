"""Link play on the emulated Pico without the app's screens: main.py for two devices joined
by the link cable (tools/rp2040emu.py's LinkedDevices, tests/test_device_link.py,
bench/bench_link.py). It runs the real link code (shared_rules.link) over the real cable
driver (hal.link_cable, LINK A: UART0 on GP0/GP1).

link_conf.json beside it says who this device is: {"role": "host" or "guest", "device",
"name", "seed", and for the host "guests": 1, 2 or 3; optional "game" ("kocka10000", the
default, or "cubo"), "host_human" (the host's own player sits too, instead of a bot) and
"pace" (Cubo's think times in percent)}. A guest uses LINK A; the host one port per
guest, LINK A, LINK B, then LINK C (hal/link_pio_thumb.py: a PIO UART): a star. The host waits
for its guests in its lobby, then starts the game with the guests' players in the first
seats and then its own player, or a bot (EasyBot in Kocka 10000) in the last, and plays
its seat; every human seat is played by a fixed rule (link_play.player: Kocka 10000's
guest_choice, a Cubo bot's choices at the human's pace). All poll the link once a frame
(32 ms) and as soon as bytes have come.

Console lines (the tests read them):
    KH label alloc free      heap after a collection: at start, after the imports, after
                             the cable and the session, and every 2 s in play ("play")
    KE kind device text      a link event (gone, back, host_gone, refused, desync, ...)
    KA n crc                 the device's actions list changed: its length and CRC-32
    KT us                    guest: a request's round trip, request() to the ACTS that
                             confirms it (ticks_us)
    KZ n crc                 the game is over and this device holds all n actions
    KL i [[...], ...]        then its actions list, from index i, a few actions a line
    KC sent received dropped the cable's counters, every 2 s
    KX                       a crash (the traceback follows)
"""
import gc
import sys
import time

gc.collect()
print("KH start %d %d" % (gc.mem_alloc(), gc.mem_free()))

import json                                        # noqa: E402
import os                                          # noqa: E402

import machine                                     # noqa: E402

from board import pins                             # noqa: E402
from hal import link_cable                         # noqa: E402
from shared_rules.link import lobby                # noqa: E402
from shared_rules.link.channel import Channel      # noqa: E402
from shared_rules.link.guest import Guest          # noqa: E402
from shared_rules.link.host import Host            # noqa: E402
from shared_rules.kocka10000.bots import EasyBot   # noqa: E402
from link_play import Tally, player, print_actions   # noqa: E402

FRAME_MS = 32
REPORT_MS = 2000
APP = "link-probe"

ticks_ms = time.ticks_ms
ticks_us = time.ticks_us
ticks_diff = time.ticks_diff


def heap(label):
    gc.collect()
    print("KH %s %d %d" % (label, gc.mem_alloc(), gc.mem_free()))


def epoch():
    """30 bits of the chip's entropy: a new link epoch each power-up."""
    return int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF


def events(session):
    for kind, device, text in session.take_events():
        print("KE %s %s %s" % (kind, device, text))


def wait_frame(ports, start):
    """Until the next frame is due, or bytes came on a cable and the lines have been quiet
    for a millisecond since (a frame's bytes come back to back: reading them as they
    trickle in would run the session once a millisecond for nothing)."""
    end = time.ticks_add(start, FRAME_MS)
    seen = 0
    while ticks_diff(end, ticks_ms()) > 0:
        n = 0
        for p in ports:
            n += p.waiting()
        if n and n == seen:
            return
        seen = n
        time.sleep_ms(1)


def run_host(conf, ports):
    host = Host(conf["device"], conf["name"], APP)
    for port in ports:
        host.add_port(Channel(port, epoch()))
    heap("session")
    guests = len(ports)
    game = conf.get("game", "kocka10000")
    human = conf.get("host_human", False)
    my_seat = guests            # the guests' players first, then the host's or the bot
    if human:
        agent = player(game, my_seat, conf["seed"], conf.get("pace", 100))
    elif game == "kocka10000":
        agent = EasyBot(conf["seed"])
    else:
        from shared_rules.cubo.bots import make_bot
        agent = make_bot("easy", conf["seed"])
    tally = Tally()
    ended = None
    report = ticks_ms()
    while True:
        now = ticks_ms()
        host.tick(now)
        if host.phase == "lobby":
            members = host.members()
            if len(members) > guests:
                if human:
                    seats = lobby.seats(members[1:] + members[:1], [], host.device)
                else:
                    seats = lobby.seats(members[1:], [["Bot", "easy"]], host.device)
                host.start(game, seats, now, None, conf["seed"])
        elif host.state is not None:
            st = host.state
            if not st.is_terminal() and my_seat in st.actors():
                a = agent.act(st, my_seat, host.game_time(now))
                why = None if a is None else host.submit(a, now)
                if why is not None:
                    print("KE bot_refused %s %s" % (host.device, why))
            tally.update(host.actions)
            if st.is_terminal() and ended != tally.n:
                ended = tally.n
                print("KZ %d %08x" % (tally.n, tally.crc))
                print_actions(host.actions)
        events(host)
        report = periodic(report, now, ports)
        wait_frame(ports, now)


def run_guest(conf, ports):
    guest = Guest(Channel(ports[0], epoch()), conf["device"], conf["name"], APP)
    heap("session")
    agents = {}
    tally = Tally()
    asked = None        # (request number, ticks_us when asked)
    ended = None
    report = ticks_ms()
    while True:
        now = ticks_ms()
        guest.tick(now)
        if asked is not None and guest.pending != asked[0]:
            print("KT %d" % ticks_diff(ticks_us(), asked[1]))
            asked = None
        if guest.phase == "playing":
            if len(guest.actions) < tally.n:
                ended = None        # welcomed again: the game comes afresh from its start
            tally.update(guest.actions)
            st = guest.state
            if guest.caught_up():
                if st.is_terminal():
                    if ended != tally.n:
                        ended = tally.n
                        print("KZ %d %08x" % (tally.n, tally.crc))
                        print_actions(guest.actions)
                elif guest.pending is None:
                    for seat in guest.you:
                        if seat in st.actors():
                            if seat not in agents:
                                agents[seat] = player(guest.game, seat, conf["seed"],
                                                      conf.get("pace", 100))
                            a = agents[seat].act(st, seat, guest.game_time(now))
                            r = None if a is None else guest.request(a)
                            if r is not None:
                                asked = (r, ticks_us())
                                guest.ch.flush(now)
                            break
        events(guest)
        report = periodic(report, now, ports)
        wait_frame(ports, now)


def periodic(report, now, ports):
    if ticks_diff(now, report) < REPORT_MS:
        return report
    heap("play")
    sent = received = dropped = 0
    for p in ports:
        sent += p.sent
        received += p.received
        dropped += p.dropped
    print("KC %d %d %d" % (sent, received, dropped))
    return now


def main():
    try:
        # the app's clocks (hal.pico.setup_clocks): clk_peri, which times the UART, at 125 MHz
        machine.freq(125_000_000, 125_000_000)
    except (TypeError, ValueError, OSError):
        pass
    with open("link_conf.json") as f:
        conf = json.load(f)
    heap("imports")
    # a guest uses LINK A; a host one port per guest (a star: LINK A, LINK B, LINK C)
    n = conf.get("guests", 1) if conf["role"] == "host" else 1
    ports = link_cable.open_ports(pins.LINK_PORTS[:n])
    for p in ports:
        print("KU %s" % (p.uart,))
    if n > 2:
        from hal import link_pio_thumb as link_pio
        ports.append(link_pio.open_port(*pins.LINK_C))
        print("KU pio")
    heap("cable")
    if conf["role"] == "host":
        run_host(conf, ports)
    else:
        run_guest(conf, ports)


try:
    main()
except Exception as e:
    print("KX")
    sys.print_exception(e)
