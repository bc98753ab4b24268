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

Then the app itself with the Kocka firmware image (make uf2, RPI_PICO; the probe of
tools/rp2040/probe_main.py through boot.py), two emulated Picos linked LINK A to LINK A:
for each of the four games, Link play from the menu, Host / Join, the game chosen in the
host's lobby and started, and a few seconds of presses in it on both devices. Measured:
the peak live heap (gc.mem_alloc after a collection, each frame) of each device in the
lobby and in the linked game (the budget: 120 KB).
"""
import os
import tempfile

from bench.bench_device import spread
from tools import device_image, rp2040emu

PLATFORMS = ("rp2040",)
SEED = 5
CUT_MS = 3000
APP_PLAY_MS = 3000      # presses in each linked game after it opened on both
APP_NAMES = ("HANA", "GUS")


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


def app_images():
    import json
    return [device_image.build_image(
        data={"settings.json": json.dumps({"names": [name]}).encode()},
        extra=rp2040emu.probe_main(frozen_image=True), bundle=False) for name in APP_NAMES]


def app_game_heap(binary, index, tmp):
    """Host and guest ({"lobby", "play"} peak live heap, B) through a linked game of the
    menu's game `index`, started from the host's lobby (its Game row)."""
    from tests import devicerun
    from tests.linkapp import HOST, GUEST, both_on, log, tap_all, to_lobby
    play = devicerun.GAMES[index][3]
    out = os.path.join(tmp, "app-%d" % index)
    with rp2040emu.LinkedDevices(app_images(), out_dir=out, firmware=binary) as pair:
        to_lobby(pair)
        tap_all(pair, {HOST: "DOWN"})                   # the Game row
        for _ in range(index):
            tap_all(pair, {HOST: "RIGHT"})
        tap_all(pair, {HOST: "Y"})
        both_on(pair, play, 10000)
        keys = devicerun.PLAY
        end = pair.now + APP_PLAY_MS
        i = 0
        while pair.now < end:
            tap_all(pair, {HOST: keys[i % len(keys)], GUEST: keys[(i + 3) % len(keys)]})
            i += 1
        logs = [log(d) for d in pair]
    if any(x.crashed for x in logs):
        raise RuntimeError("a device crashed in linked %s" % play)
    return {who: {"lobby": x.peak(("LobbyScreen",)), "play": x.peak((play,))}
            for who, x in zip(("host", "guest"), logs)}


def app_run(tmp):
    """The app with the image: each game's peak heap linked, host and guest."""
    from bench.bench_device import image_binary
    from tests import devicerun
    binary, uf2 = image_binary(tmp)
    if binary is None:
        return {"skipped": uf2}
    games = {}
    for i, g in enumerate(devicerun.GAMES):
        games[g[0]] = app_game_heap(binary, i, tmp)
    return {"uf2": os.path.basename(uf2), "play_ms": APP_PLAY_MS, "peak_heap": games}


def firmware(result):
    """The stock firmware (the link probe's), then the Kocka image the app ran as."""
    from bench.common import stock_firmware
    name = stock_firmware()
    uf2 = (result.get("app") or {}).get("uf2")
    return name + ("; the Kocka image %s (make uf2) for the app linked" % uf2 if uf2 else "")


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    result = probe_run()
    result["app"] = app_run(tempfile.mkdtemp(prefix="kocka-link-app-"))
    return result


def probe_run():
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
    app = result.get("app") or {}
    for game, h in sorted((app.get("peak_heap") or {}).items()):
        rows.append(("%s linked, image: peak heap host lobby/play, guest lobby/play (B)" % game,
                     "%d / %d, %d / %d" % (h["host"]["lobby"], h["host"]["play"],
                                           h["guest"]["lobby"], h["guest"]["play"])))
    return rows
