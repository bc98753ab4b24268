"""A whole Cubo game of four humans on four emulated Picos (issue 28): the host in the
middle of a star, a guest on each of its LINK A (UART0), LINK B (UART1) and LINK C (the
PIO UART, hal/link_pio_thumb.py, GP6/GP7), each guest on its own LINK A
(tools/rp2040emu.LinkedDevices: MicroPython v1.28.0 RPI_PICO on rp2040js in lockstep;
LINK C's line levels cross a pin wire, the two UART cables carry paced bytes).

The devices run the link probe (tools/rp2040/link_main.py): shared_rules.link over the
cable drivers, no screens. Every seat is a human, played through the link layer by a
script: each device's player makes a Cubo bot's choices (link_play.player, a level by
seat) at PACE percent of its think times; a guest's choices go to the host as requests,
the host stamps them with its clock. Not the app's Cubo screens driven by presses: four
emulated devices drawing 240x240 frames would take hours here.

Measured: the game (actions, emulated s), each guest's request to the ACTS that confirms
it (LINK C's guest apart), the bytes each way per cable, the wall time, and whether the
four devices end with the same actions (same count and CRC-32).
"""
import tempfile

from bench.bench_device import spread
from tools import device_image, rp2040emu

PLATFORMS = ("rp2040",)
SEED = 5
PACE = 20
GAME_LIMIT_MS = 120000
GUESTS = (("G2", "Gus"), ("G3", "Gil"), ("G4", "Gia"))
# host LINK A, LINK B to guests 1 and 2's LINK A; host LINK C (GP6 TX, GP7 RX) to guest 3's
WIRES = (((0, 0), (1, 0)), ((0, 1), (2, 0)), ((0, "p6.7"), (3, 0)))
PORTS = ("LINK A", "LINK B", "LINK C")


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    conf = dict(game="cubo", host_human=True, pace=PACE)
    images = [device_image.build_image(extra=rp2040emu.link_probe(
        "host", "H1", "Hana", SEED, guests=3, **conf))]
    for device, name in GUESTS:
        images.append(device_image.build_image(extra=rp2040emu.link_probe(
            "guest", device, name, SEED, **conf)))
    with rp2040emu.LinkedDevices(images, out_dir=tempfile.mkdtemp(prefix="kocka-four-"),
                                 wires=WIRES) as star:
        def logs():
            return [rp2040emu.LinkLog(d.console_lines()) for d in star]
        star.run_until(lambda: all(x.ends or x.crashed for x in logs()), GAME_LIMIT_MS, 1000)
        every = logs()
        host = every[0]
        if any(x.crashed or not x.ends for x in every):
            raise RuntimeError("the linked game did not end: %r" % (
                [(x.crashed, x.counts[-1:]) for x in every],))
        ends = [x.ends[-1][1:] for x in every]
        identical = all(e == ends[0] for e in ends) and all(
            x.actions == host.actions for x in every)
        started = host.counts[0][0]
        ended = max(x.ends[-1][0] for x in every)
        wires = [star.wire_stats(w) for w in range(len(WIRES))]
        per_port = {}
        for i, port in enumerate(PORTS):
            rtt = [us / 1000.0 for us in every[i + 1].rtt_us]
            per_port[port] = {
                "guest": GUESTS[i][1],
                "requests": len(rtt),
                "round_trip_ms": spread(rtt),
                "bytes_host_to_guest": wires[i]["carried"][1],
                "bytes_guest_to_host": wires[i]["carried"][0],
                "errors": {k: wires[i][k] for k in ("lost", "late", "framing") if k in wires[i]},
            }
        seats = {}
        for a in host.actions:
            seats[a[0]] = seats.get(a[0], 0) + 1
        return {
            "game": "cubo",
            "players": 4,
            "humans": 4,
            "pace_percent": PACE,
            "actions": ends[0][0],
            "actions_crc": ends[0][1],
            "actions_per_seat": {str(k): v for k, v in sorted(seats.items(), key=str)},
            "identical_on_all_four": identical,
            "game_ms": round(ended - started),
            "ports": per_port,
            "emulated_s": round(star.now / 1000, 1),
            "wall_s": star.wall,
        }


def table(result):
    if "skipped" in result:
        return [("skipped", result["skipped"])]
    rows = [("Cubo, four humans on four Picos: actions, emulated s", "%d, %.1f" % (
                result["actions"], result["game_ms"] / 1000.0)),
            ("the same actions on all four", "yes" if result["identical_on_all_four"] else "NO")]
    for port, p in result["ports"].items():
        rt = p["round_trip_ms"]
        rows.append(("%s (%s): request to its ACTS p50 / p90 / max (ms, %d requests)" % (
            port, p["guest"], rt["n"]), "%s / %s / %s" % (rt["median"], rt["p90"], rt["max"])))
        rows.append(("%s: bytes host to guest / guest to host" % port, "%d / %d" % (
            p["bytes_host_to_guest"], p["bytes_guest_to_host"])))
    rows.append(("wall s for %.1f emulated s" % result["emulated_s"], "%.0f" % result["wall_s"]))
    return rows
