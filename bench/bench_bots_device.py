"""The bots on the emulated RP2040 (tools/rp2040emu.py: the real MicroPython v1.28 firmware,
time from the cycle count): how long a decision takes, how long the screen freezes
while a bot thinks, how fast B opens the pause box then. `make bench bots_device`.

Two runs:
- tools/rp2040/bots_main.py as main.py: the strong Coloretto bot through seeded games
  (2, 3 and 5 players, greedy bots in the other seats), each decision thought slice by
  slice as the play screen does: total ms per decision, the longest slice, slices per
  decision, and the first decisions checked against the one-call act(); the Cubingos
  matcher (match_masks, every card on 12 seeded structures of 12 and of 13 dice) and a
  Cubingos bot's look at the card; Kocka 10000's and Cubo's bots, ms per decision (the
  garbage collected in the steps where nobody acts when due, as the app's loop does in
  a frame's spare time: app/idle_gc.py; those collections counted and timed apart);
- tools/rp2040/think_main.py as main.py: the real app with three strong Coloretto bots
  (their 900 ms pace kept): every frame's advance() (input and update(): the bots
  think there) while a bot thinks and otherwise, the draw time, the indicator's phases;
  during PAUSES of the bots' thinking B is pressed (GPIO) and the time to the game's
  pause and to the end of the first frame showing the pause box is taken, then B
  again resumes; then the other games' bots-only demos, DEMO_MS each: their frames'
  update (bots act there, saves included);
- think_main.py again, all bots at the table (ALL_BOTS: seat 1 strong, a greedy and a
  strong bot), ALL_BOTS_MS of play with the 900 ms pace and again with a short one
  (SHORT_PACE_MS: the decisions outrun it, as a slow one would, and are acted on as soon
  as they come): the longest gaps between two pushed frames while a bot thinks, the
  longest frames (a bot's action and its save in the journal included).
Goals: a frame's update while a bot thinks <= 100 ms, and so the gap between two pushed
frames then; a strong decision <= 600 ms in all;
the matcher <= 20 ms for 12 dice; Kocka 10000's and Cubo's bots < 20 ms.
"""
import json
import os
import tempfile

from tools import device_image, rp2040emu

PLATFORMS = ("rp2040",)  # what it measures on (bench.common.platform_meta)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOTS_MAIN = os.path.join(ROOT, "tools", "rp2040", "bots_main.py")
BENCHKIT = os.path.join(ROOT, "tools", "rp2040", "benchkit.py")
THINK_MAIN = os.path.join(ROOT, "tools", "rp2040", "think_main.py")
GOALS_MS = {"update while thinking": 100, "coloretto strong decision": 600,
            "cubingos matcher 12 dice": 20, "kocka10000 and cubo decision": 20,
            "B to pause box": 100, "gap between frames while thinking": 100}
PAUSES = 3
DEMO_MS = 12000  # each other game's bots-only demo, after the Coloretto table
# the rows of the screen where the Coloretto table shows the pause box (and nothing
# else changes while a bot thinks: its indicator is in the header)
BOX_ROWS = (90, 150)
ALL_BOTS = {"kinds": ["strong", "greedy", "strong"], "seed": 5}
ALL_BOTS_MS = 60000
SHORT_PACE_MS = 300


def parse(text, tag):
    out = []
    for line in text.splitlines():
        if line.startswith(tag + " {"):
            out.append(json.loads(line[len(tag) + 1:]))
    return out


def stats_ms(xs):
    xs = sorted(xs)
    if not xs:
        return None
    return {"n": len(xs), "median_ms": round(xs[len(xs) // 2] / 1000.0, 2),
            "p90_ms": round(xs[len(xs) * 9 // 10] / 1000.0, 2), "max_ms": round(xs[-1] / 1000.0, 2)}


def ms(st):
    """A device stats dict (us) in ms."""
    if not st or not st.get("n"):
        return None
    return {"n": st["n"], "median_ms": round(st["median_us"] / 1000.0, 2),
            "p90_ms": round(st["p90_us"] / 1000.0, 2), "max_ms": round(st["max_us"] / 1000.0, 2)}


def boot(main, out_dir, files=None):
    with open(main, "rb") as f:
        extra = {"main.py": f.read()}
    with open(BENCHKIT, "rb") as f:
        extra["benchkit.py"] = f.read()  # the helpers bots_main.py imports
    for name, data in (files or {}).items():
        extra[name] = data
    return rp2040emu.Device(device_image.build_image(extra=extra), out_dir=out_dir)


def workloads(tmp, args=None):
    """The bots_main.py run: its KB records by kind."""
    files = {"bots_args.json": json.dumps(args).encode()} if args else None
    dev = boot(BOTS_MAIN, os.path.join(tmp, "bots"), files)
    try:
        dev.run_until(lambda: "KB-END" in dev.console_text() or "KX" in dev.console_text(),
                      900_000, step_ms=1000)
        text = dev.console_text()
    finally:
        dev.close()
    if "KX" in text:
        raise RuntimeError(text[-3000:])
    return parse(text, "KB")


def box_shown(frame, before):
    a, b = BOX_ROWS[0] * 480, BOX_ROWS[1] * 480
    return frame.rgb565[a:b] != before.rgb565[a:b]


def think_run(tmp, pauses=PAUSES, decisions=None, demo_ms=0, table=None):
    """The think_main.py run: its KT record, with "pause_ms" (B's GPIO edge to the end of
    the first frame showing the pause box, one per pause), "pause_handled_ms" (to the
    game's pause, before that frame's draw and push) and "paused_while_thinking".
    table: think_main.py's table and play_ms (see there)."""
    args = dict(table or {}, decisions=decisions, demo_ms=demo_ms)
    files = {"think_args.json": json.dumps(args).encode()}
    dev = boot(THINK_MAIN, os.path.join(tmp, "think%d" % len(os.listdir(tmp))), files)
    pause_ms = []
    handled_ms = []
    during = 0
    try:
        def count(what):
            return dev.console_text().count("KT " + what + " ")

        def over():
            return "KT-END" in dev.console_text() or "KX" in dev.console_text()
        # the first few decisions go by, then B on the next ones' thinking
        for k in range(pauses):
            dev.run_until(lambda: over() or count("think") >= 2 + 2 * k, 120_000, step_ms=20)
            if over():
                break
            before = dev.last_frame()
            t = dev.press("B", hold_ms=120, at=dev.now + 5)
            dev.run_until(lambda: count("paused") > k or over(), 5000, step_ms=20)
            dev.until(t + 600)
            shown = [f for f in dev.frames if f.t0 >= t and box_shown(f, before)]
            pause_ms.append(round(shown[0].t1 - t, 1) if shown else None)
            text = dev.console_text()
            line = text[text.rfind("KT paused "):].split("\n")[0].split()
            handled_ms.append(int(line[4]) - t if len(line) > 4 else None)
            # the bot was still thinking when the pause came: no answer in between
            tail = text[text.rfind("KT think "):]
            if "KT paused" in tail and "KT decided" not in tail.split("KT paused")[0]:
                during += 1
            t = dev.press("B", hold_ms=120, at=dev.now + 5)
            dev.run_until(lambda: count("resumed") > k or over(), 5000, step_ms=20)
        dev.run_until(over, 600_000, step_ms=500)
        text = dev.console_text()
    finally:
        dev.close()
    if "KX" in text:
        raise RuntimeError(text[-3000:])
    out = parse(text, "KT")[-1]
    out["demos"] = parse(text, "KT demo")
    out["pause_ms"] = pause_ms
    out["pause_handled_ms"] = handled_ms
    out["paused_while_thinking"] = during
    return out


def all_bots_run(tmp, play_ms=ALL_BOTS_MS, t_bot=None):
    """All bots at the Coloretto table (ALL_BOTS) for play_ms of app time: the longest gaps
    between pushed frames while a bot thinks and the longest frames, in ms."""
    t = think_run(tmp, pauses=0, table=dict(ALL_BOTS, play_ms=play_ms, t_bot=t_bot))
    return {"seats": ALL_BOTS["kinds"], "seed": ALL_BOTS["seed"], "pace_ms": t_bot or 900,
            "play_ms": t["play_ms"], "decisions": t["decisions"],
            "decisions_past_their_pace": t["overran"],
            "longest_gaps_while_thinking_ms": [round(x / 1000.0, 1) for x in t["gap_us"][::-1]],
            "longest_frames_ms": [round(x / 1000.0, 1) for x in t["frame_us"][::-1]],
            "update_while_thinking": stats_ms(t["think_us"])}


def run():
    why = rp2040emu.missing()
    if why:
        return {"skipped": why}
    tmp = tempfile.mkdtemp(prefix="kocka-bench-bots-")
    out = {"goals_ms": GOALS_MS}
    col = {}
    for r in workloads(tmp):
        k = r["kind"]
        if k == "coloretto":
            col["%dp" % r["players"]] = {
                "games": r["games"], "decision": ms(r["decision"]), "slice": ms(r["slice"]),
                "slices_per_decision": r["slices_per_decision"],
                "steps": r["steps"], "checked_against_act": r["checked"], "differ": r["differ"]}
        elif k == "matcher":
            out["cubingos matcher %d dice" % r["dice"]] = ms(r["call"])
        elif k == "cubingos_plan":
            out["cubingos bot plan %d dice" % r["dice"]] = ms(r["call"])
        elif k == "bots":
            key = "%s %s" % (r["game"], r["level"])
            out[key] = ms(r["decision"])
            out[key + ": idle collections"] = {"n": r["idle_collections"],
                                               "max_ms": round(r["collect_max_us"] / 1000.0, 2)}
        elif k == "start":
            out["free_heap"] = r["free"]
    out["coloretto strong"] = col
    t = think_run(tmp, demo_ms=DEMO_MS)
    for d in t["demos"]:
        out["app: %s bots (%s), update" % (d["game"], d["screen"])] = {
            "frames": d["frames"], "median_ms": round(d["median_us"] / 1000.0, 2),
            "max_ms": round(d["max_us"] / 1000.0, 2),
            "max_without_saving_ms": round(d["max_unsaved_us"] / 1000.0, 2),
            "longest_ms": [round(x / 1000.0, 1) for x in d["top_us"]]}
    out["app"] = {"update_while_thinking": stats_ms(t["think_us"]),
                  "update_otherwise": stats_ms(t["other_us"]), "draw": stats_ms(t["draw_us"]),
                  "decisions": t["decisions"], "slices": t["slices"],
                  "indicator_phases_drawn": len(t["phases"]),
                  "indicator_moved": sum(1 for i in range(1, len(t["phases"]))
                                         if t["phases"][i] != t["phases"][i - 1]),
                  "pause_ms": t["pause_ms"], "pause_handled_ms": t["pause_handled_ms"],
                  "paused_while_thinking": t["paused_while_thinking"],
                  "free_heap_at_end": t["free"],
                  "longest_gaps_while_thinking_ms": [round(x / 1000.0, 1)
                                                     for x in t["gap_us"][::-1]]}
    out["app: all bots"] = all_bots_run(tmp)
    out["app: all bots, short pace"] = all_bots_run(tmp, t_bot=SHORT_PACE_MS)
    return out


def table(result):
    if "skipped" in result:
        return [("skipped", result["skipped"])]
    rows = []

    def fmt(s):
        return "-" if not s else "%.1f / %.1f / %.1f ms (n %d)" % (
            s["median_ms"], s["p90_ms"], s["max_ms"], s["n"])
    g = result["goals_ms"]
    a = result["app"]
    rows.append(("app: update while a bot thinks, median / p90 / max (goal %d)"
                 % g["update while thinking"], fmt(a["update_while_thinking"])))
    rows.append(("app: longest gaps between frames while a bot thinks (goal %d)"
                 % g["gap between frames while thinking"],
                 " / ".join("%.1f" % x for x in a["longest_gaps_while_thinking_ms"]) + " ms"))
    for key in ("app: all bots", "app: all bots, short pace"):
        b = result.get(key)
        if b:
            rows.append(("%s (%s, pace %d ms, %d s): longest gaps while thinking" % (
                key, ", ".join(b["seats"]), b["pace_ms"], b["play_ms"] // 1000),
                " / ".join("%.1f" % x for x in b["longest_gaps_while_thinking_ms"]) + " ms"))
            rows.append(("%s: longest frames (an action and its save included)" % key,
                         " / ".join("%.1f" % x for x in b["longest_frames_ms"]) + " ms"))
            rows.append(("%s: decisions, past their pace" % key, "%d, %d" % (
                b["decisions"], b["decisions_past_their_pace"])))
    rows.append(("app: update otherwise", fmt(a["update_otherwise"])))
    rows.append(("app: draw", fmt(a["draw"])))
    rows.append(("app: B to the pause box while thinking (goal %d)" % g["B to pause box"],
                 ", ".join("-" if x is None else "%.0f ms" % x for x in a["pause_ms"])))
    rows.append(("app: B to the game paused while thinking",
                 ", ".join("-" if x is None else "%.0f ms" % x for x in a["pause_handled_ms"])))
    rows.append(("app: indicator moves / frames drawn while thinking",
                 "%d / %d" % (a["indicator_moved"], a["indicator_phases_drawn"])))
    for key in sorted(result["coloretto strong"]):
        c = result["coloretto strong"][key]
        rows.append(("coloretto strong %s: decision (goal %d)" % (key, g["coloretto strong decision"]),
                     fmt(c["decision"])))
        rows.append(("coloretto strong %s: longest slice" % key, fmt(c["slice"])))
        rows.append(("coloretto strong %s: same as act() (checked)" % key,
                     "%d of %d" % (c["checked_against_act"] - c["differ"], c["checked_against_act"])))
    for size in (12, 13):
        rows.append(("cubingos matcher %d dice%s" % (size, " (goal %d)" % g[
            "cubingos matcher 12 dice"] if size == 12 else ""),
            fmt(result["cubingos matcher %d dice" % size])))
        rows.append(("cubingos bot plan %d dice" % size, fmt(result["cubingos bot plan %d dice" % size])))
    keys = ["%s %s" % (game, level) for game in ("kocka10000", "cubo")
            for level in ("easy", "medium", "hard")]
    for key in keys + ["cubo hard (runs_any_order, yellow)"]:
        c = result.get(key + ": idle collections", {"n": 0, "max_ms": 0})
        rows.append(("%s: decision; collections between (untimed)" % key,
                     "%s; %d, longest %.1f ms" % (fmt(result.get(key)), c["n"], c["max_ms"])))
    for key in sorted(result):
        if key.startswith("app: ") and key.endswith(", update"):
            d = result[key]
            rows.append(("%s, median / max / max less saving (frames %d)" % (key, d["frames"]),
                         "%.1f / %.1f / %.1f ms" % (d["median_ms"], d["max_ms"],
                                                     d["max_without_saving_ms"])))
    return rows
