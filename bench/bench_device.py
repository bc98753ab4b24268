"""The device figures, measured on the emulated RP2040 running the real firmware
(tools/rp2040emu.py: MicroPython v1.28.0 RPI_PICO on rp2040js, time from the cycle count
at 125 MHz), beside the MicroPython WebAssembly figures for the same workloads.

Four runs:
- the normal main.py, driven by buttons: boot to the first frame and to the menu,
  push time of every frame (RAMWR to its last byte on SPI), input latency per screen
  (the button's GPIO edge to the last byte of the first frame after it), distinct
  pictures a second while Kocka 10000's dice roll (roll_fps); then, on fresh boots,
  while Cubo's dice roll in a match against two bots and while table mode rolls its
  centre dice (the show and a reroll);
- the normal main.py, and the Kocka firmware image, through each game's opening: from
  its setup screen, the start press to the game's first frame (result "opening");
- the normal main.py again, through every change of screen the menu leads to (each
  game's setup, its How to play, its start, the pause box, quitting; History, Sync,
  Settings, About; back from each): the press's answer (its first frame, as above) and
  the new screen itself (the first frame after the press that changed more than half
  the screen: a screen's code loads from flash in the frame after the answer);
- the instrumented main.py (tools/rp2040/probe_main.py) through every game: draw and
  push time per screen as the app measures them, peak live heap per game and over the
  session, free heap at boot;
- the same through every game twice with the Kocka firmware image (make uf2: the code
  frozen in flash): peak live heap per game and over the session, the interned strings
  at the first menu and after each pass;
- tools/rp2040/bench_main.py as main.py on the device and under the WebAssembly port:
  each bot's think time per decision, CRC-32 per KB by each method, the save journal
  per action; the WebAssembly-to-device factor per workload.
The emulator does not model the XIP flash cache's misses, bus contention or the second
core, so a real Pico is somewhat slower than these figures (one cache model added
10-35 % to interpreter-bound code); they are not inflated by a guess.
"""
import json
import os
import subprocess
import tempfile

from bench.common import median
from tests import devicerun
from tools import device_image, rp2040emu

PLATFORMS = ("rp2040", "wasm")  # what it measures on (bench.common.platform_meta)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_MAIN = os.path.join(ROOT, "tools", "rp2040", "bench_main.py")
BENCHKIT = os.path.join(ROOT, "tools", "rp2040", "benchkit.py")  # beside it: helpers it imports
PLAY_MS = 8000
K10K_ROLL_MS = 700  # app.games.kocka10000.play's t_roll: its roll animation


def spread(xs):
    xs = sorted(xs)
    if not xs:
        return None
    return {"n": len(xs), "median": round(median(xs), 2), "p90": round(xs[len(xs) * 9 // 10], 2),
            "max": round(xs[-1], 2)}


def first_frame_after(dev, t):
    after = [f for f in dev.frames if f.t0 >= t]
    return after[0] if after else None


def latency(dev, button, settle_ms=700):
    """Presses `button` when the screen is idle; ms from the GPIO edge to the end of the
    first frame pushed after it."""
    t = dev.press(button, hold_ms=120, at=dev.now + 50)
    dev.until(t + settle_ms)
    f = first_frame_after(dev, t)
    return None if f is None else round(f.t1 - t, 1)


def roll_fps(dev, button, anim_ms):
    """Presses `button` (a roll) when the screen is idle: the distinct pictures a second
    over the roll animation (anim_ms of emulated time from the press). A picture is a
    pushed frame whose pixels differ from the frame pushed before it; the pictures from
    the press's answer to the animation's end, their changes over the time between them,
    each gap counted as at least one frame step (FRAME_MS: a picture that came sooner, as
    the one after a late frame or after the frame a press woke early, is not a faster
    animation): so the figure is at most 1000 / FRAME_MS (31.25), and falls when a
    picture repeats or comes late. Also the pictures and the frames pushed during the
    animation, and the longest gap between two pictures (ms)."""
    from app.app import FRAME_MS
    t = dev.press(button, hold_ms=120, at=dev.now + 50)
    dev.until(t + anim_ms + 1500)
    before = [f for f in dev.frames if f.t0 < t]
    prev = before[-1].rgb565 if before else None
    pictures = []
    frames = [f for f in dev.frames if f.t0 >= t]
    for f in frames:
        if f.rgb565 != prev:
            pictures.append(f)
        prev = f.rgb565
    if len(pictures) < 3:
        return None
    during = [f for f in pictures if f.t0 <= t + anim_ms]
    gaps = [during[i].t1 - during[i - 1].t1 for i in range(1, len(during))]
    return {"fps": round(len(gaps) * 1000.0 / sum(max(g, FRAME_MS) for g in gaps), 1),
            "pictures": len(during), "frames": len([f for f in frames if f.t0 <= t + anim_ms]),
            "longest_gap_ms": round(max(gaps), 1)}


def cubo_roll_runs(tmp):
    """Normal main.py, two boots: Cubo against two bots (the default setup; A starts the
    round's count-in, then A rolls)
    and Cubo table mode (A shows the rolled centre dice, Y rerolls them)."""
    from app.games.cubo.play import COUNT_IN_MS, GO_SHOWN_MS, ROLL_ANIM_MS
    from app.games.cubo.table import ROLL_MS
    out = {}
    for mode in ("match", "table"):
        dev = rp2040emu.Device(device_image.build_image(), out_dir=os.path.join(tmp, mode))
        try:
            dev.until(3000)                      # the menu, its cursor on Cubo
            dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=1500)   # the setup
            if mode == "table":
                dev.press("RIGHT", hold_ms=120, at=dev.now + 50, then_ms=500)  # mode: table
            dev.press("Y", hold_ms=120, at=dev.now + 50, then_ms=3000)   # start
            if mode == "match":
                # "Ready?": A starts the count-in, 3-2-1-Cubo!, then play
                dev.press("A", hold_ms=120, at=dev.now + 50,
                          then_ms=COUNT_IN_MS + GO_SHOWN_MS + 700)
                out["cubo_roll"] = roll_fps(dev, "A", ROLL_ANIM_MS)
            else:
                out["cubo_table_show"] = roll_fps(dev, "A", ROLL_MS)
                out["cubo_table_reroll"] = roll_fps(dev, "Y", ROLL_MS)
        finally:
            dev.close()
    return out


def ui_run(tmp):
    """Normal main.py: boot, latency per screen, push times, dice-roll frame rate."""
    dev = rp2040emu.Device(device_image.build_image(), out_dir=os.path.join(tmp, "ui"))
    try:
        dev.until(3000)
        frames = list(dev.frames)
        out = {"boot_first_app_frame_ms": round(frames[1].t1, 1),
               "boot_menu_ms": round(frames[-1].t1, 1)}
        # the menu's cursor three down and two up: on Kocka 10000, the second game
        lat = {"MainMenu (cursor)": [latency(dev, "DOWN") for _ in range(3)]
               + [latency(dev, "UP") for _ in range(2)]}
        lat["MainMenu -> Kocka10000Setup (open)"] = [latency(dev, "A", 1500)]
        lat["Kocka10000Setup (cursor)"] = [latency(dev, "DOWN") for _ in range(2)]
        lat["Kocka10000Setup (cursor)"] += [latency(dev, "UP") for _ in range(2)]
        lat["Kocka10000Setup -> Kocka10000Play (start)"] = [latency(dev, "A", 2500)]
        lat["Kocka10000Play scoreboard -> turn (A Play)"] = [latency(dev, "A", 1000)]
        roll = roll_fps(dev, "A", K10K_ROLL_MS)
        out["k10k_roll"] = roll
        out["k10k_roll_fps"] = roll["fps"] if roll else None
        lat["Kocka10000Play (dice cursor)"] = [latency(dev, "RIGHT") for _ in range(3)]
        out["latency_ms"] = {k: spread([x for x in v if x is not None]) for k, v in lat.items()}
        out["latency_all_ms"] = spread([x for v in lat.values() for x in v if x is not None])
        out["push_ms_spi"] = spread([f.t1 - f.t0 for f in dev.frames[1:]])
        # the driver pushes only what changed: whole frames (a new screen) and the rest
        whole = [f for f in dev.frames[1:] if f.info["pixels"] == 240 * 240]
        part = [f for f in dev.frames[1:] if f.info["pixels"] < 240 * 240]
        out["push_ms_whole_frame"] = spread([f.t1 - f.t0 for f in whole])
        out["push_ms_partial"] = spread([f.t1 - f.t0 for f in part])
        out["push_pixels_partial"] = spread([f.info["pixels"] for f in part])
        out["spi_hz"] = dev.frames[1].info["spi_hz"]
        out["emulated_s"] = round(dev.now / 1000, 1)
        out["wall_s"] = dev.wall
        out["instructions_per_wall_s"] = round(dev.instructions / max(dev.wall, 1e-3))
        return out
    finally:
        dev.close()


def screen_change(dev, button, settle_ms=2500):
    """(answer, screen) in ms for a press: its first frame, and the first frame after it
    that changed more than half the screen (None if none did: a box, a cursor)."""
    t = dev.press(button, hold_ms=120, at=dev.now + 50)
    dev.until(t + settle_ms)
    after = [f for f in dev.frames if f.t0 >= t]
    big = [f for f in after if f.info["pixels"] > 240 * 120]
    return (round(after[0].t1 - t, 1) if after else None,
            round(big[0].t1 - t, 1) if big else None)


# (what, buttons before it, the press): from the menu's first row, through every
# screen the menu leads to and back, every game's setup, help, start and quit.
SCREEN_CHANGES = []
for _i, _game in enumerate(("Cubo", "Kocka 10000", "Coloretto", "Cubingos")):
    _down = ("DOWN",) * _i
    SCREEN_CHANGES += [
        ("menu -> setup", _down, "A"), ("setup -> How to play", (), "X"),
        ("How to play -> setup", (), "B"), ("setup -> game", (), "Y"),
        ("game -> pause box", (), "B"), ("pause box -> quit?", (), "X"),
        ("quit -> menu", (), "A"), ("cursor back up", (), None)]
for _label, _i in (("History", 5), ("Sync", 6), ("Settings", 7), ("About", 8)):
    SCREEN_CHANGES += [("menu -> " + _label, ("DOWN",) * _i, "A"),
                       (_label + " -> menu", (), "B"), ("cursor back up", (), None)]


def screens_run(tmp):
    """Normal main.py: every change of screen (SCREEN_CHANGES), answer and new screen."""
    dev = rp2040emu.Device(device_image.build_image(), out_dir=os.path.join(tmp, "screens"))
    try:
        dev.until(3000)
        answer, shown = {}, {}
        moved = 0
        for label, before, button in SCREEN_CHANGES:
            if button is None:
                for _ in range(moved):
                    dev.press("UP", hold_ms=120, at=dev.now + 50)
                    dev.until(dev.now + 400)
                moved = 0
                continue
            for b in before:
                dev.press(b, hold_ms=120, at=dev.now + 50)
                dev.until(dev.now + 400)
            moved += len(before)
            a, s = screen_change(dev, button)
            answer.setdefault(label, []).append(a)
            if s is not None and "pause" not in label and "quit?" not in label:
                shown.setdefault(label, []).append(s)
        return {"answer_ms": {k: spread([x for x in v if x is not None]) for k, v in answer.items()},
                "screen_ms": {k: spread(v) for k, v in shown.items()},
                "answer_all_ms": spread([x for v in answer.values() for x in v if x is not None]),
                "screen_all_ms": spread([x for v in shown.values() for x in v])}
    finally:
        dev.close()


def opening_run(tmp, firmware=None, name="opening"):
    """Normal main.py (firmware: a Kocka firmware image's binary, the filesystem then
    holding no code): each game's opening, {play screen: ms} from the start press (its
    GPIO edge, on the setup screen left idle) to the end of the game's first frame (the
    first frame after the press that changed more than half the screen); each game is
    left through the pause box before the next is set up."""
    image = device_image.build_image(bundle=not firmware)
    dev = rp2040emu.Device(image, out_dir=os.path.join(tmp, name), firmware=firmware)
    try:
        dev.until(3000)
        out = {}
        for i, (_label, _setup, start, play) in enumerate(devicerun.GAMES):
            for b in (("DOWN", "A") if i else ("A",)) + start[:-1]:
                dev.press(b, hold_ms=120, at=dev.now + 50)
                dev.until(dev.now + 1500)
            out[play] = screen_change(dev, start[-1], 3000)[1]
            for b in devicerun.QUIT:
                dev.press(b, hold_ms=120, at=dev.now + 50)
                dev.until(dev.now + 1500)
        return out
    finally:
        dev.close()


def probe_run(tmp, firmware=None, name="probe", passes=1):
    """Instrumented main.py through every game: draw/push per screen, heap. firmware: a
    Kocka firmware image's binary (its filesystem then holds no code); passes > 1 goes
    through every game again, from the menu, to see whether anything keeps growing."""
    image = device_image.build_image(extra=rp2040emu.probe_main(frozen_image=bool(firmware)),
                                     bundle=not firmware)
    dev = rp2040emu.Device(image, out_dir=os.path.join(tmp, name), firmware=firmware)
    try:
        devicerun.wait_top(dev, "BootScreen")
        devicerun.go_to(dev, ("B",), "MainMenu")
        marks = []
        for n in range(passes):
            if n:
                # the cursor back from the last game to the first
                devicerun.go_to(dev, ("UP",) * (len(devicerun.GAMES) - 1), "MainMenu")
            marks.append(len(rp2040emu.ProbeLog(dev.console_text()).states))
            devicerun.every_game(dev, PLAY_MS)
        log = rp2040emu.ProbeLog(dev.console_text())
        screens = sorted({f[3] for f in log.frames})
        per = {}
        for s in screens:
            fs = [f for f in log.frames if f[3] == s]
            per[s] = {"frames": len(fs), "draw_ms": spread([f[5] / 1000 for f in fs]),
                      "push_ms": spread([f[6] / 1000 for f in fs]),
                      "update_ms": spread([f[4] / 1000 for f in fs]),
                      "peak_heap": max(f[2] for f in fs)}
        qstr = [b for i, b in log.qstr if i >= marks[0]]
        passes_qstr = []
        for k, m in enumerate(marks):
            end = marks[k + 1] if k + 1 < len(marks) else len(log.states) + 1
            inside = [b for i, b in log.qstr if m <= i < end]
            passes_qstr.append({"start": inside[0] if inside else None,
                                "end": inside[-1] if inside else None})
        return {"free_heap_at_boot": log.boot_free, "screens": per,
                "session_peak_heap": log.peak(), "crashed": log.crashed,
                "interned_strings": {"menu": qstr[0] if qstr else None,
                                     "end": qstr[-1] if qstr else None,
                                     "passes": passes_qstr}}
    finally:
        dev.close()


def image_binary(tmp):
    """(the Kocka firmware image's flash binary (make uf2, RPI_PICO) in tmp, its UF2), or
    (None, why it could not be built)."""
    from tools import build_uf2
    try:
        uf2 = build_uf2.build("RPI_PICO")
    except build_uf2.BuildError as e:
        return None, str(e)
    binary = os.path.join(tmp, "image.bin")
    with open(binary, "wb") as f:
        f.write(build_uf2.payload(uf2))
    return binary, uf2


def image_run(tmp):
    """The Kocka firmware image (make uf2, RPI_PICO): every game twice in one boot."""
    binary, uf2 = image_binary(tmp)
    if binary is None:
        return {"skipped": uf2}
    out = probe_run(tmp, firmware=binary, name="image", passes=2)
    out["uf2"] = os.path.basename(uf2)
    out["uf2_bytes"] = os.path.getsize(uf2)
    return out


def openings(tmp):
    """Each game's opening (opening_run) with the app as files and with the image."""
    out = {"files": opening_run(tmp)}
    binary, why = image_binary(tmp)
    out["image"] = opening_run(tmp, binary, "opening-image") if binary else {"skipped": why}
    return out


def parse_kr(text):
    out = []
    for line in text.splitlines():
        if line.startswith("KR {"):
            out.append(json.loads(line[3:]))
    return out


def workloads_device(tmp):
    with open(BENCH_MAIN, "rb") as f:
        src = f.read()
    with open(BENCHKIT, "rb") as f:
        kit = f.read()
    dev = rp2040emu.Device(device_image.build_image(extra={"main.py": src, "benchkit.py": kit}),
                           out_dir=os.path.join(tmp, "work"))
    try:
        dev.run_until(lambda: "KR-END" in dev.console_text() or "KX" in dev.console_text(),
                      600_000, step_ms=500)
        return parse_kr(dev.console_text())
    finally:
        dev.close()


def workloads_wasm(tmp):
    from tests.mpgate import DEVICE_MOUNTS, RUNNER
    cmd = ["node", RUNNER, "--heap", str(64 * 1024 * 1024)]
    for m in DEVICE_MOUNTS + (BENCHKIT + ":benchkit.py",):
        cmd += ["--mount", m]
    cmd.append(BENCH_MAIN)
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    return parse_kr(proc.stdout)


def factor(dev, wasm):
    if not dev or not wasm:
        return None
    return round(dev / wasm, 1)


def compare(dev_runs, wasm_runs):
    """Per workload: the device's figures, the WebAssembly port's, and their ratio."""
    out = {}
    wasm_by = {}
    for r in wasm_runs:
        wasm_by[(r["kind"], r.get("game"), r.get("level"))] = r
    for r in dev_runs:
        key = (r["kind"], r.get("game"), r.get("level"))
        w = wasm_by.get(key)
        if r["kind"] == "bots":
            d_per = r["total_us"] / max(1, r["decision"]["n"])
            w_per = w["total_us"] / max(1, w["decision"]["n"]) if w else None
            out["bots %s %s" % (r["game"], r["level"])] = {
                "device_decision_us": r["decision"], "device_us_per_decision_all_in": round(d_per),
                "wasm_us_per_decision_all_in": round(w_per) if w_per else None,
                "factor": factor(d_per, w_per)}
        elif r["kind"] == "crc":
            entry = {}
            for k in ("binascii_us_per_kb", "pure_us_per_kb",
                      "module_us_per_kb"):
                entry[k] = {"device": r.get(k), "wasm": w.get(k) if w else None,
                            "factor": factor(r.get(k), w.get(k) if w else None)}
            out["crc32"] = entry
        elif r["kind"] == "save":
            d_per = r["total_us"] / r["actions"]
            w_per = w["total_us"] / w["actions"] if w else None
            out["save journal"] = {"device_action_us": r["action"], "device_start_us": r["start_us"],
                                   "wasm_us_per_action": round(w_per) if w_per else None,
                                   "factor": factor(d_per, w_per)}
        elif r["kind"] == "solver":
            d_per = r["total_us"] / r["calls"]
            w_per = w["total_us"] / w["calls"] if w else None
            out["cubo best_arrangement"] = {"device_call_us": r["call"],
                                            "wasm_us_per_call": round(w_per) if w_per else None,
                                            "factor": factor(d_per, w_per)}
        elif r["kind"] == "start":
            out["free_heap_before_workloads"] = r["free"]
    return out


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    tmp = tempfile.mkdtemp(prefix="kocka-bench-device-")
    result = {"ui": ui_run(tmp), "screens": screens_run(tmp), "app": probe_run(tmp),
              "image": image_run(tmp), "opening": openings(tmp)}
    result["ui"].update(cubo_roll_runs(tmp))
    result["workloads"] = compare(workloads_device(tmp), workloads_wasm(tmp))
    return result


def firmware(result):
    """The stock firmware, and the Kocka firmware image's when it was measured too."""
    from bench.common import stock_firmware
    name = stock_firmware()
    uf2 = (result.get("image") or {}).get("uf2")
    return name + ("; the Kocka image %s (make uf2)" % uf2 if uf2 else "")


def table(result):
    if "skipped" in result:
        return [("skipped", result["skipped"])]
    ui, app, work = result["ui"], result["app"], result["workloads"]
    rows = [("boot to first app frame / to menu (ms)", "%s / %s" % (
        ui["boot_first_app_frame_ms"], ui["boot_menu_ms"])),
        ("free heap at boot (B)", app["free_heap_at_boot"]),
        ("push per frame on SPI, median/p90/max (ms)", fmt(ui["push_ms_spi"])),
        ("push of a whole frame, median/p90/max (ms)", fmt(ui.get("push_ms_whole_frame"))),
        ("push of a partial frame, median/p90/max (ms)", fmt(ui.get("push_ms_partial"))),
        ("pixels in a partial push, median/p90/max", fmt(ui.get("push_pixels_partial"))),
        ("latency, every screen measured, median/p90/max (ms)", fmt(ui.get("latency_all_ms"))),
    ]
    for key, what in (("k10k_roll", "Kocka 10000 dice roll"),
                      ("cubo_roll", "Cubo vs bots dice roll"),
                      ("cubo_table_show", "Cubo table mode centre roll"),
                      ("cubo_table_reroll", "Cubo table mode reroll")):
        r = ui.get(key)
        rows.append(("%s (distinct pictures/s, pictures/frames, longest gap ms)" % what,
                     "-" if not r else "%s, %d/%d, %s" % (r["fps"], r["pictures"], r["frames"],
                                                          r["longest_gap_ms"])))
    for k, v in ui["latency_ms"].items():
        rows.append(("latency %s (ms)" % k, fmt(v)))
    changes = result.get("screens")
    if changes:
        rows.append(("changes of screen: the press answered, median/p90/max (ms)",
                     fmt(changes["answer_all_ms"])))
        rows.append(("changes of screen: the new screen shown, median/p90/max (ms)",
                     fmt(changes["screen_all_ms"])))
        for k, v in changes["answer_ms"].items():
            rows.append(("answer / screen: %s (ms)" % k, "%s / %s" % (
                fmt(v), fmt(changes["screen_ms"].get(k)))))
    opening = result.get("opening") or {}
    for how in ("files", "image"):
        for play, ms in sorted((opening.get(how) or {}).items()):
            rows.append(("opening, start press -> first frame, %s: %s (ms)" % (how, play), ms))
    for s, v in sorted(app["screens"].items()):
        rows.append(("%s draw / push median (ms), peak heap" % s, "%s / %s, %d" % (
            v["draw_ms"]["median"], v["push_ms"]["median"], v["peak_heap"])))
    rows.append(("session peak heap (B)", app["session_peak_heap"]))
    image = result.get("image") or {}
    if "skipped" in image:
        rows.append(("firmware image", "skipped: " + image["skipped"]))
    elif image:
        for s, v in sorted(image["screens"].items()):
            if s.endswith("Play") or s in ("CuboMatch", "CuboTable"):
                rows.append(("image: %s peak heap (B)" % s, v["peak_heap"]))
        rows.append(("image: session peak heap, two passes (B)", image["session_peak_heap"]))
        q = image["interned_strings"]
        rows.append(("image: interned strings, menu / end of pass 1 / pass 2 (B)",
                     "%s / %s / %s" % (q["menu"], q["passes"][0]["end"],
                                       q["passes"][-1]["end"])))
    for k, v in sorted(work.items()):
        if k.startswith("bots"):
            rows.append(("%s per decision median/max (ms), x wasm" % k, "%.1f / %.1f, x%s" % (
                v["device_decision_us"]["median_us"] / 1000, v["device_decision_us"]["max_us"] / 1000,
                v["factor"])))
    crc = work.get("crc32", {})
    for k, v in sorted(crc.items()):
        rows.append(("crc32 %s (us/KB), x wasm" % k.replace("_us_per_kb", ""),
                     "%s, x%s" % (round(v["device"]) if v["device"] else None, v["factor"])))
    so = work.get("cubo best_arrangement")
    if so:
        rows.append(("cubo best_arrangement median/max (ms), x wasm", "%.1f / %.1f, x%s" % (
            so["device_call_us"]["median_us"] / 1000, so["device_call_us"]["max_us"] / 1000,
            so["factor"])))
    sv = work.get("save journal")
    if sv:
        rows.append(("save journal per action median/max (ms), x wasm", "%.1f / %.1f, x%s" % (
            sv["device_action_us"]["median_us"] / 1000, sv["device_action_us"]["max_us"] / 1000,
            sv["factor"])))
    return rows


def fmt(s):
    return "-" if not s else "%s / %s / %s" % (s["median"], s["p90"], s["max"])
