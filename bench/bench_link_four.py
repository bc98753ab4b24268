"""A whole Cubo game of four humans on four emulated Picos (issue 28): the host in the
middle of a star, a guest on each of its LINK A (UART0), LINK B (UART1) and LINK C (the
PIO UART, hal/link_pio_thumb.py, GP6/GP7), each guest on its own LINK A
(tools/rp2040emu.LinkedDevices: rp2040js in lockstep; LINK C's line levels cross a pin
wire, the two UART cables carry paced bytes).

The app (section "app"): the four run the Kocka firmware image (make uf2, RPI_PICO) with
the probe's loop (tools/rp2040/probe_main.py, collecting after every frame, so its KF
lines give each device's live heap). From the boot, each player presses its way into
Link play (the host: Host a game; the others: Join a game); the host picks Cubo with no
bots and starts; every seat is a human, and each device's player presses the keys a
Cubo player would (tests/linkraces.py cubo_game: roll, reroll a poor roll, the hint's
arrangement, call, take a centre die, swap it in at scoring when it scores), decided
from the State replayed from the host's save on its flash, until the 6 rounds are
over. Scripted thumbs are quick (a key held 80 ms, the next 200 ms after) and act as
soon as the game lets them, but one player a round calls 1.5 s into the countdown.
Measured: the game (actions, emulated s from the opening); whether all four devices
stored the same record (actions' count and CRC-32, players, scores: in their game logs
once each player left the final summary, as one does) and it replays to its scores; a
guest's press (the GPIO edge of the key that changed the game, while no other key was
down) to the first frame showing it on every device; each device's peak live heap in
the lobby and in the game; the wall time. The latencies include the probe's collection
after every frame (bench link_app's lean loop does not: its figures are the plain app's).

The link probe (section "probe"): the same star with tools/rp2040/link_main.py on the
stock firmware, the link layer without screens; each device's player makes a Cubo bot's
choices at PACE percent of its think times, a guest's go to the host as requests.
Measured per port: a guest's request to the ACTS that confirms it, the bytes each way.
"""
import binascii
import json
import os
import tempfile

from bench.bench_device import image_binary, spread
from tools import device_image, rp2040emu

PLATFORMS = ("rp2040",)
SEED = 5
PACE = 20
GAME_LIMIT_MS = 120000
GUESTS = (("G2", "Gus"), ("G3", "Gil"), ("G4", "Gia"))
# host LINK A, LINK B to guests 1 and 2's LINK A; host LINK C (GP6 TX, GP7 RX) to guest 3's
WIRES = (((0, 0), (1, 0)), ((0, 1), (2, 0)), ((0, "p6.7"), (3, 0)))
PORTS = ("LINK A", "LINK B", "LINK C")
JOIN_MS = 2500          # the three guests join the host's lobby
ROUNDS = None           # the whole game (a number: that many rounds, for a quick look)


def actions_crc(actions):
    return "%08x" % (binascii.crc32(json.dumps([list(a) for a in actions]).encode()) & 0xffffffff)


def replays(rec):
    """The record replayed from its seed: the game over, with its scores."""
    if not rec:
        return False
    from shared_rules import registry
    st = registry.game_class(rec["game"])(len(rec["players"]), rec["seed"], rec["options"])
    for a in rec["actions"]:
        st.apply(tuple(a))
    return st.is_terminal() and list(st.scores()) == list(rec["scores"])


def app_run(tmp):
    from tests import linkraces as L
    binary, why = image_binary(tmp)
    if binary is None:
        return {"skipped": why}
    images = L.images(L.NAMES_FOUR)
    with rp2040emu.LinkedDevices(images, out_dir=os.path.join(tmp, "app"), firmware=binary,
                                 wires=WIRES) as star:
        L.to_lobby(star, join_ms=JOIN_MS)
        L.start(star, "Cubo", "CuboMatch")
        opened = star.now
        presses, solo, steps = L.cubo_game(star, rounds=ROUNDS)
        ended = star.now
        star.run(2000)          # the last action on every screen
        still = L.leave_game(star, "CuboMatch")
        L.no_crash(star)
        recs = [L.game_record(d) for d in star]
        logs = [L.log(d) for d in star]
        lat = [L.latency(star, t, "CuboMatch") for _d, t in solo]
        by_port = {}
        for (d, _t), ms in zip(solo, lat):
            if ms is not None:
                by_port.setdefault(PORTS[d - 1], []).append(ms)
        wires = [star.wire_stats(w) for w in range(len(WIRES))]
        emulated, wall = star.now, star.wall
    held = [None if r is None else (len(r["actions"]), actions_crc(r["actions"]))
            for r in recs]
    host = recs[0] or {}
    seats = {}
    for a in host.get("actions", ()):
        seats[str(a[0])] = seats.get(str(a[0]), 0) + 1
    shown = [x for x in lat if x is not None]
    return {
        "game": "cubo", "players": 4, "humans": 4,
        "names": list(L.NAMES_FOUR),
        "actions": held[0][0] if held[0] else None,
        "actions_crc": held[0][1] if held[0] else None,
        "actions_per_seat": seats,
        "records": [None if h is None else {"actions": h[0], "crc": h[1]} for h in held],
        "identical_on_all_four": None not in held and len(set(held)) == 1 and all(
            r["players"] == recs[0]["players"] and r["scores"] == recs[0]["scores"]
            for r in recs),
        "stored_in": [r and r["stored"] for r in recs],
        "still_on_the_game": still,
        "record_replays": replays(host),
        "scores": host.get("scores"),
        "rounds_played": ROUNDS or 6,
        "presses": len(presses),
        "presses_per_device": [sum(1 for p in presses if p[0] == i) for i in range(4)],
        "steps": steps,
        "game_s": round((ended - opened) / 1000.0, 1),
        "guest_press_to_every_device_ms": spread(shown),
        "guest_press_unseen": len(lat) - len(shown),
        "guest_press_per_port_ms": dict((k, spread(v)) for k, v in sorted(by_port.items())),
        "heap_peak_bytes": [{"device": "host" if i == 0 else "guest on " + PORTS[i - 1],
                             "lobby": x.peak(("LobbyScreen",)),
                             "game": x.peak(("CuboMatch",))} for i, x in enumerate(logs)],
        "wire_bytes": dict((PORTS[w], {"host_to_guest": s["carried"][1],
                                       "guest_to_host": s["carried"][0]})
                           for w, s in enumerate(wires)),
        "wire_errors": dict((PORTS[w], {k: s[k] for k in ("lost", "late", "framing") if k in s})
                            for w, s in enumerate(wires)),
        "emulated_s": round(emulated / 1000.0, 1),
        "wall_s": wall,
    }


def probe_run(tmp):
    conf = dict(game="cubo", host_human=True, pace=PACE)
    images = [device_image.build_image(extra=rp2040emu.link_probe(
        "host", "H1", "Hana", SEED, guests=3, **conf))]
    for device, name in GUESTS:
        images.append(device_image.build_image(extra=rp2040emu.link_probe(
            "guest", device, name, SEED, **conf)))
    with rp2040emu.LinkedDevices(images, out_dir=os.path.join(tmp, "probe"),
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


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    tmp = tempfile.mkdtemp(prefix="kocka-four-")
    return {"app": app_run(tmp), "probe": probe_run(tmp)}


def firmware(result):
    from bench.common import stock_firmware
    return ("%s: the Kocka firmware image (make uf2) with the probe's loop (app), the stock "
            "firmware with the link probe (probe)" % stock_firmware())


def table(result):
    if "skipped" in result:
        return [("skipped", result["skipped"])]
    rows = []
    a = result["app"]
    if "skipped" in a:
        rows.append(("app", "skipped: " + a["skipped"]))
    else:
        rows.append(("app, Cubo of four humans by presses: actions, game s", "%s, %.1f" % (
            a["actions"], a["game_s"])))
        rows.append(("app: the same record on all four", "yes" if a["identical_on_all_four"]
                     else "NO: %r" % (a["records"],)))
        s = a["guest_press_to_every_device_ms"]
        rows.append(("app: guest's press to every device p50 / p90 / max (ms, %d)" % s["n"],
                     "%s / %s / %s" % (s["median"], s["p90"], s["max"])))
        for h in a["heap_peak_bytes"]:
            rows.append(("app: %s peak heap, lobby / game (KB)" % h["device"], "%.1f / %.1f" % (
                h["lobby"] / 1024.0, h["game"] / 1024.0)))
        rows.append(("app: wall s for %.1f emulated s" % a["emulated_s"], "%.0f" % a["wall_s"]))
    p = result["probe"]
    rows.append(("probe, Cubo of four: actions, emulated s", "%d, %.1f" % (
        p["actions"], p["game_ms"] / 1000.0)))
    rows.append(("probe: the same actions on all four",
                 "yes" if p["identical_on_all_four"] else "NO"))
    for port, x in p["ports"].items():
        rt = x["round_trip_ms"]
        rows.append(("probe %s (%s): request to its ACTS p50 / p90 / max (ms, %d)" % (
            port, x["guest"], rt["n"]), "%s / %s / %s" % (rt["median"], rt["p90"], rt["max"])))
    rows.append(("probe: wall s for %.1f emulated s" % p["emulated_s"], "%.0f" % p["wall_s"]))
    return rows
