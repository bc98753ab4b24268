"""Link play over the cable, measured on two emulated RP2040s running the real firmware
(tools/rp2040emu.LinkedDevices: MicroPython v1.28.0 RPI_PICO on rp2040js, UART0 to UART0,
the line's byte time at 115200 baud kept, emulated time from the cycle count).

The devices run the link probe (tools/rp2040/link_main.py: shared_rules.link over
hal/link_cable.py, polling the link once a 32 ms frame and as soon as bytes have come):
a whole game of Kocka 10000, the guest's seat asking the host for each of its moves.
Measured: the round trip of a guest's request to the ACTS that confirms it (emulated
ms), the heap the link takes on each device (gc.mem_alloc after a collection: after the
imports, with the cable open, with the session built, and the most in play), the bytes
each way; then the cable pulled for 3 s after the game: how long until each device says
the other is gone, and how long the guest takes to get the whole game again once the
cable is back.
"""
import tempfile

from bench.bench_device import spread
from tools import device_image, rp2040emu

PLATFORMS = ("rp2040",)
SEED = 5
CUT_MS = 3000


def heap_marks(log):
    marks = {}
    for _t, label, alloc, _free in log.heap:
        if label == "play":
            marks["play_peak"] = max(marks.get("play_peak", 0), alloc)
        else:
            marks.setdefault(label, alloc)
    marks["cable_bytes"] = marks["cable"] - marks["imports"]
    marks["session_bytes"] = marks["session"] - marks["cable"]
    marks["link_in_play_bytes"] = marks["play_peak"] - marks["imports"]
    return marks


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    images = [device_image.build_image(extra=rp2040emu.link_probe("host", "H1", "Hana", SEED)),
              device_image.build_image(extra=rp2040emu.link_probe("guest", "G2", "Gus", SEED))]
    with rp2040emu.LinkedDevices(images, out_dir=tempfile.mkdtemp(prefix="kocka-link-")) as pair:
        def logs():
            return [rp2040emu.LinkLog(d.console_lines()) for d in pair]
        pair.run_until(lambda: all(x.ends or x.crashed for x in logs()), 120000, 500)
        host, guest = logs()
        if host.crashed or guest.crashed or not host.ends:
            raise RuntimeError("the linked game did not end: %r" % (host.counts[-1:],))
        started = host.counts[0][0]
        ended = max(host.ends[-1][0], guest.ends[-1][0])
        wire = pair.wire_stats(0)
        cut = pair.now
        pair.cut_wire(0)
        pair.run(CUT_MS)
        join = pair.now
        pair.join_wire(0)
        n = host.count()
        pair.run_until(lambda: any(e[0] > join for e in logs()[1].ends), 20000, 100)
        after_host, after_guest = logs()
        caught = [e[0] for e in after_guest.ends if e[0] > join][0]
        rtt = [us / 1000.0 for us in guest.rtt_us]
        return {
            "baud": wire["uarts"][0]["baud"],
            "actions": n,
            "game_ms": round(ended - started),
            "requests": len(rtt),
            "round_trip_ms": spread(rtt),
            "bytes_host_to_guest": wire["carried"][1],
            "bytes_guest_to_host": wire["carried"][0],
            "heap_host": heap_marks(host),
            "heap_guest": heap_marks(guest),
            "gone_after_cut_ms": {"host": round(after_host.first("gone", cut) - cut),
                                  "guest": round(after_guest.first("host_gone", cut) - cut)},
            "catch_up_whole_game_ms": round(caught - join),
            "emulated_s": round(pair.now / 1000, 1),
            "wall_s": pair.wall,
        }


def table(result):
    if "skipped" in result:
        return [("skipped", result["skipped"])]
    rt = result["round_trip_ms"]
    rows = [("baud", result["baud"]),
            ("a game of Kocka 10000: actions, emulated s", "%d, %.1f" % (
                result["actions"], result["game_ms"] / 1000.0)),
            ("request to its ACTS, p50 / p90 / max (ms, %d requests)" % rt["n"],
             "%s / %s / %s" % (rt["median"], rt["p90"], rt["max"])),
            ("bytes host to guest / guest to host", "%d / %d" % (
                result["bytes_host_to_guest"], result["bytes_guest_to_host"]))]
    for who in ("host", "guest"):
        h = result["heap_" + who]
        rows.append(("%s heap: cable / session / link in play (B)" % who, "%d / %d / %d" % (
            h["cable_bytes"], h["session_bytes"], h["link_in_play_bytes"])))
    g = result["gone_after_cut_ms"]
    rows.append(("cable pulled: gone on host / guest after (ms)", "%d / %d" % (
        g["host"], g["guest"])))
    rows.append(("cable back: the guest has the whole game again after (ms)",
                 result["catch_up_whole_game_ms"]))
    return rows
