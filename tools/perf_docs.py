"""The measured figures in README.md and docs/*.md, rendered from bench/results/*.json.

Every figure a benchmark measured appears in the docs only inside a generated block:

    <!-- figures:NAME -->
    ...rendered by BLOCKS[NAME] from bench/results/...
    <!-- /figures -->

so a figure cannot drift from the results it came from. After `make bench` (or after
editing a block's renderer here):

    python -m tools.perf_docs          # rewrite the blocks in place
    python -m tools.perf_docs --check  # exit 1 naming the files whose blocks are stale

tests/test_docs.py runs the check. Each block names where it was measured: a results
file's meta "platform" (falling back to its "machine" until every file has one).
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")
COMMAND = "python -m tools.perf_docs"

BLOCK = re.compile(r"(<!-- figures:([a-z0-9_-]+) -->\n)(.*?)(<!-- /figures -->)", re.S)
DEVICE_BENCHES = ("device", "bots_device", "link", "link_app", "link_four", "power")
DEVICE_NOTE = ("A real Pico is somewhat slower: the emulator does not model flash-cache "
               "misses.")


class Results:
    """bench/results/NAME.json, loaded once each; r["device"] is its "result"."""

    def __init__(self, folder=RESULTS):
        self.folder = folder
        self.cache = {}

    def file(self, name):
        if name not in self.cache:
            path = os.path.join(self.folder, name + ".json")
            with open(path, encoding="utf-8") as f:
                self.cache[name] = json.load(f)
        return self.cache[name]

    def __getitem__(self, name):
        return self.file(name)["result"]

    def meta(self, name):
        return self.file(name).get("meta", {})


# -- formatting -------------------------------------------------------------------------------
def num(x):
    """A measured number as the docs show it: one decimal below 100, whole above."""
    x = float(x)
    if abs(x) < 100:
        return "%.1f" % x
    return "{:,.0f}".format(x)


def kb(nbytes):
    return "%d" % round(nbytes / 1024.0)


def us_ms(us):
    return num(us / 1000.0)


def span(values, fmt=num):
    """'a-b' over values (formatted), or one value when they round the same."""
    lo, hi = fmt(min(values)), fmt(max(values))
    return lo if lo == hi else "%s-%s" % (lo, hi)


def pct(share):
    return "%.1f %%" % (100.0 * share)


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        out.append("| " + " | ".join(str(c) for c in row) + " |")
    return "\n".join(out)


def platform_of(results, name):
    """Where bench/results/NAME.json was measured: its meta's "platform", else (results
    from before that field) its "machine"."""
    meta = results.meta(name)
    platform = meta.get("platform")
    if platform:
        return platform
    machine = meta.get("machine", "an unnamed machine")
    return ("an emulated RP2040 run on an %s host" % machine if name in DEVICE_BENCHES
            else "an %s host" % machine)


def where(results, *names):
    """The line under a table saying where its figures were measured."""
    parts = []
    for name in names:
        date = results.meta(name).get("date", "")[:10]
        parts.append("%s (`bench/results/%s.json`%s)" % (platform_of(results, name), name,
                                                          ", %s" % date if date else ""))
    text = "Measured on " + "; ".join(parts) + "."
    if any(n in DEVICE_BENCHES for n in names):
        text += " " + DEVICE_NOTE
    return "*" + text + "*"


# -- the blocks ---------------------------------------------------------------------------------
def menu_games():
    """(title, play screen, setup screen) of every game in the main menu, from their
    descriptors (shared_rules/<game>/descriptor.py)."""
    from shared_rules import registry
    return tuple((g.title, g.screens[1], g.screens[0]) for g in registry.menu())


GAMES = menu_games()
TITLES = " / ".join(t for t, _, _ in GAMES)


def game_peaks(run):
    return [run["screens"][play]["peak_heap"] for _, play, _ in GAMES]


def roll_rates(ui):
    """Distinct pictures a second over each roll: Kocka 10000, Cubo against bots, table
    mode's centre dice shown and rerolled."""
    return [ui["k10k_roll_fps"], ui["cubo_roll"]["fps"], ui["cubo_table_show"]["fps"],
            ui["cubo_table_reroll"]["fps"]]


def readme(r):
    d = r["device"]
    return "\n".join([
        "On the emulated Pico, a game's peak live heap is %s KB with the firmware image "
        "and %s KB with the app as files; the device boots to the menu in %s s, and "
        "rolling dice show %s different pictures a second." % (
            span(game_peaks(d["image"]), kb), span(game_peaks(d["app"]), kb),
            num(d["ui"]["boot_menu_ms"] / 1000.0), span(roll_rates(d["ui"]), num)),
        where(r, "device"),
    ])


def device_table(r):
    d = r["device"]
    app, image, ui, work = d["app"], d["image"], d["ui"], d["workloads"]
    scr = d["screens"]

    def draw(run, stat):
        s = run["screens"]
        setups = [s[setup]["draw_ms"][stat] for _, _, setup in GAMES]
        vals = [num(s["BootScreen"]["draw_ms"][stat]), num(s["MainMenu"]["draw_ms"][stat]),
                span(setups)]
        vals += [num(s[play]["draw_ms"][stat]) for _, play, _ in GAMES]
        return " / ".join(vals)

    def peaks(run):
        s = run["screens"]
        return " / ".join([kb(s["MainMenu"]["peak_heap"])] + [kb(p) for p in game_peaks(run)]
                          + [kb(run["session_peak_heap"])])

    def med_max(stats):
        return "%s / %s" % (num(stats["median"]), num(stats["max"]))

    def opening(how):
        ms = d["opening"][how]
        return " / ".join(num(ms[play]) for _, play, _ in GAMES)

    def bot(game, level):
        st = work["bots %s %s" % (game, level)]["device_decision_us"]
        return "%s / %s" % (us_ms(st["median_us"]), us_ms(st["max_us"]))

    lat = ui["latency_ms"]
    whole = ui["push_ms_whole_frame"]["median"]
    wire = 240 * 240 * 2 * 8 * 1000.0 / ui["spi_hz"]
    passes = image["interned_strings"]["passes"]
    strings = [image["interned_strings"]["menu"]] + [p["end"] for p in passes]
    crc = work["crc32"]
    rows = [
        ("free heap at boot, before the HAL: app as files / firmware image",
         "{:,} / {:,} B".format(app["free_heap_at_boot"], image["free_heap_at_boot"])),
        ("boot to the first app frame / to the menu",
         "%s / %s ms" % (num(ui["boot_first_app_frame_ms"]), num(ui["boot_menu_ms"]))),
        ("push of a whole frame (%s ms of it on the wire at %s MHz SPI)" % (
            num(wire), num(ui["spi_hz"] / 1e6)), "%s ms" % num(whole)),
        ("push of what changed, median / p90 (pixels, median / p90)",
         "%s ms (%s)" % (" / ".join(num(ui["push_ms_partial"][k]) for k in ("median", "p90")),
                         " / ".join("{:,.0f}".format(ui["push_pixels_partial"][k])
                                    for k in ("median", "p90")))),
        ("draw, median: boot / menu / setup screens / " + TITLES, draw(app, "median") + " ms"),
        ("draw, max, same screens: app as files", draw(app, "max") + " ms"),
        ("draw, max, same screens: firmware image", draw(image, "max") + " ms"),
        ("input latency, GPIO edge to the last byte of the frame that shows it, "
         "median / max: menu cursor; setup cursor; Kocka 10000's dice cursor",
         "%s; %s; %s ms" % (med_max(lat["MainMenu (cursor)"]), med_max(lat["Kocka10000Setup (cursor)"]),
                            med_max(lat["Kocka10000Play (dice cursor)"]))),
        ("a change of screen (%d presses through every screen the menu leads to): "
         "the press answered, median / p90 / max" % scr["answer_all_ms"]["n"],
         "%s / %s / %s ms" % tuple(num(scr["answer_all_ms"][k]) for k in ("median", "p90", "max"))),
        ("... the new screen shown, median / max: a setup; How to play; a game; "
         "the menu after quitting",
         "%s ms" % "; ".join(med_max(scr["screen_ms"][k]) for k in (
             "menu -> setup", "setup -> How to play", "setup -> game", "quit -> menu"))),
        ("a game's opening, its start press to its first frame: app as files; firmware "
         "image: %s" % TITLES, "%s; %s ms" % (opening("files"), opening("image"))),
        ("different pictures a second while dice roll (at most 31.25 on the 32 ms frame "
         "grid): Kocka 10000 / Cubo against bots / table mode's centre dice, shown and "
         "rerolled", " / ".join(num(x) for x in roll_rates(ui))),
        ("peak live heap, app as files: menu / %s / whole session" % TITLES,
         peaks(app) + " KB"),
        ("... with the firmware image (code and its strings in flash)", peaks(image) + " KB"),
        ("interned strings with the image: first menu / after every game%s" % (
            " / after every game again" if len(passes) > 1 else ""),
         " / ".join("{:,}".format(x) for x in strings) + " B"),
        ("bot decision, median / max: Cubo easy; medium; hard",
         "%s; %s; %s ms" % (bot("cubo", "easy"), bot("cubo", "medium"), bot("cubo", "hard"))),
        ("... Kocka 10000 hard; Coloretto greedy; Coloretto strong",
         "%s; %s; %s ms" % (bot("kocka10000", "hard"), bot("coloretto", "greedy"),
                            bot("coloretto", "strong"))),
        ("... Cubingos hard", bot("cubingos", "hard") + " ms"),
        ("Cubo best_arrangement, median / max",
         "%s / %s ms" % (us_ms(work["cubo best_arrangement"]["device_call_us"]["median_us"]),
                         us_ms(work["cubo best_arrangement"]["device_call_us"]["max_us"]))),
        ("CRC-32 of 1 KB: binascii / pure Python",
         "%s / %s ms" % (us_ms(crc["binascii_us_per_kb"]["device"]),
                         us_ms(crc["pure_us_per_kb"]["device"]))),
        ("save journal, one action, median / max (littlefs, the flash chip's typical times)",
         "%s / %s ms" % (us_ms(work["save journal"]["device_action_us"]["median_us"]),
                         us_ms(work["save journal"]["device_action_us"]["max_us"]))),
    ]
    return table(("what", "device"), rows) + "\n\n" + where(r, "device")


def wasm_factor_table(r):
    work = r["device"]["workloads"]
    rows = []
    for name in sorted(work):
        w = work[name]
        if not isinstance(w, dict):
            continue
        if "factor" in w:
            rows.append((name, num(w["factor"])))
        elif name == "crc32":
            for k, label in (("binascii_us_per_kb", "binascii"), ("pure_us_per_kb", "pure Python"),
                             ("module_us_per_kb", "shared_rules.crc32")):
                rows.append(("CRC-32, %s" % label, num(w[k]["factor"])))
    return (table(("workload", "device time / WebAssembly time"), rows) + "\n\n"
            + where(r, "device"))


def bots_device_table(r):
    b = r["bots_device"]
    a = b["app"]
    goals = b["goals_ms"]
    cs = b["coloretto strong"]
    players = sorted(cs)

    def mm(st, k1="median_ms", k2="max_ms"):
        return "%s / %s" % (num(st[k1]), num(st[k2]))

    rows = [
        ("a frame's update while a Coloretto bot thinks, median / max (goal %d)"
         % goals["update while thinking"], mm(a["update_while_thinking"]) + " ms"),
        ("B to the game paused while a bot thinks / to the pause box on screen (goal %d)"
         % goals["B to pause box"],
         "%s / %s ms" % (span(a["pause_handled_ms"]), span(a["pause_ms"]))),
        ("strong Coloretto decision, all slices, median / max: %s players (goal %d)" % (
            " / ".join(p[:-1] for p in players), goals["coloretto strong decision"]),
         "; ".join(mm(cs[p]["decision"]) for p in players) + " ms"),
        ("... its longest slice: %s players" % " / ".join(p[:-1] for p in players),
         " / ".join(num(cs[p]["slice"]["max_ms"]) for p in players) + " ms"),
        ("Cubingos matcher, 12; 13 dice, median / max (goal %d)"
         % goals["cubingos matcher 12 dice"],
         "%s; %s ms" % (mm(b["cubingos matcher 12 dice"]), mm(b["cubingos matcher 13 dice"]))),
        ("a Cubingos bot's look at the card (legal cells and matcher), max: 12 / 13 dice",
         "%s / %s ms" % (num(b["cubingos bot plan 12 dice"]["max_ms"]),
                         num(b["cubingos bot plan 13 dice"]["max_ms"]))),
        ("bot decision, p90 / max: Kocka 10000 hard; Cubo hard; Cubo hard with yellow dice "
         "and any-order runs (goal %d)" % goals["kocka10000 and cubo decision"],
         "; ".join(mm(b[k], "p90_ms") for k in (
             "kocka10000 hard", "cubo hard", "cubo hard (runs_any_order, yellow)")) + " ms"),
        ("bots-only demos, longest update less the save journal: Cubo / Kocka 10000 / Cubingos",
         " / ".join(num(b["app: %s bots (%s), update" % k]["max_without_saving_ms"]) for k in (
             ("cubo", "CuboMatch"), ("kocka10000", "Kocka10000Play"),
             ("cubingos", "CubingosPlay"))) + " ms"),
        ("an idle-time collection between a Cubo bot's decisions, max",
         num(max(b[k]["max_ms"] for k in b if k.startswith("cubo") and
                 k.endswith("idle collections"))) + " ms"),
    ]
    return table(("what", "device"), rows) + "\n\n" + where(r, "bots_device")


def gate_heap_table(r):
    a = r["app"]
    demos = a["demos"]
    from shared_rules import registry
    rows = [(name, kb(demos[name]["peak_heap"])) for name in
            ["menu"] + [g.id for g in registry.menu()] if name in demos]
    s = a["session"]
    growth = s["qstr_pool_at_end"] - s["qstr_pool_at_menu"]
    rows.append(("one session through every game and screen", kb(s["peak_heap"])))
    rows.append(("... of which interned strings grown since the first menu", kb(growth)))
    return (table(("demo (the harness's own share left out)", "peak live heap, KB"), rows)
            + "\n\n" + "Under MicroPython WebAssembly: reported, not judged (the heap "
            "budgets are the firmware image's, on the emulated RP2040). " + where(r, "app"))


def import_table(r):
    imp = r["app"]["import_bytes"]
    rows = [("`%s`" % k.replace("+", "` + `"), kb(v)) for k, v in sorted(imp.items())]
    return (table(("modules imported as files", "heap, KB"), rows) + "\n\n"
            + "Under MicroPython WebAssembly. " + where(r, "app"))


def image_saving(r):
    d = r["device"]
    return ("Over a whole session the firmware image peaks %s KB below the app as files "
            "(%s against %s KB on the emulated Pico)." % (
                kb(d["app"]["session_peak_heap"] - d["image"]["session_peak_heap"]),
                kb(d["image"]["session_peak_heap"]), kb(d["app"]["session_peak_heap"])))


def coloretto_table(r):
    c = r["coloretto"]
    rows = []
    for name, m in sorted(c["matches"].items()):
        rows.append((name, "{:,}".format(m["games"]), pct(m["win_rate"]),
                     "%.1f / %.1f" % (m["mean_score"], m["opponent_mean_score"]),
                     "%.2f" % m["cpython_ms_per_move"]))
    mp = c["move_time_mp"]
    rows2 = [(p[:-1], us_ms(mp[p]["cpu_median_us"]), us_ms(mp[p]["cpu_max_us"]),
              mp[p]["rollouts_per_move"]) for p in sorted(mp)]
    return (table(("match", "games", "win rate", "mean score / opponents'", "CPython ms a move"),
                  rows) + "\n\n"
            + table(("players", "strong bot's move under MicroPython WebAssembly, median ms",
                     "max ms", "rollouts a move"), rows2)
            + "\n\n" + where(r, "coloretto"))


def k10k_table(r):
    k = r["kocka10000"]
    rows = [(name, "{:,}".format(p["games"]), pct(p["win_rate"]), num(p["actions_per_game"]))
            for name, p in sorted(k["pairs"].items())]
    pts = k["points_per_turn"]
    return (table(("pair", "games", "first's win rate", "actions a game"), rows) + "\n\n"
            + "Points a turn: %s. " % ", ".join("%s %s" % (lvl, num(pts[lvl]))
                                                for lvl in ("easy", "medium", "hard"))
            + "The hard bot's decision under MicroPython WebAssembly: p90 %s, max %s us. "
            % (num(k["hard_think_mp"]["p90_us"]), num(k["hard_think_mp"]["max_us"]))
            + where(r, "kocka10000"))


def cubo_table(r):
    c = r["cubo"]
    s = c["solver"]
    bots = c["bots"]
    rows = [(lvl, pct(bots[lvl]["win_share"]), "%.2f" % bots[lvl]["avg_round_score"],
             pct(bots[lvl]["optimal_grids"]), "%.2f" % bots[lvl]["rerolls_per_round"])
            for lvl in ("easy", "medium", "hard")]
    return (table(("bot", "win share (%d games)" % bots["games"], "points a round",
                   "optimal grids", "rerolls a round"), rows) + "\n\n"
            + "The solver (`best_arrangement`) under MicroPython WebAssembly: median %s ms, "
              "max %s ms, %d times faster than brute force (paired median over %d rolls). "
            % (num(s["solver_median_ms_wasm"]), num(s["solver_max_ms_wasm"]),
               s["ratio_paired_median"], s["brute_rolls"])
            + where(r, "cubo"))


def cubingos_table(r):
    c = r["cubingos"]
    b = c["bots"]
    m = c["matcher"]
    rows = [(lvl, pct(b[lvl]["win_share"]), "%.2f" % b[lvl]["cards_per_game"],
             num(b[lvl]["mean_place_ms"] / 1000.0), pct(b[lvl]["wrong_share"]))
            for lvl in ("easy", "medium", "hard")]
    return (table(("bot", "win share (%d games)" % b["games"], "cards a game",
                   "seconds to place", "wrong placements"), rows) + "\n\n"
            + "The matcher under MicroPython WebAssembly, median / max: 12 dice %s / %s ms, "
              "13 dice %s / %s ms. " % (num(m["12_masks"]["median_ms_wasm"]),
                                        num(m["12_masks"]["max_ms_wasm"]),
                                        num(m["13_masks"]["median_ms_wasm"]),
                                        num(m["13_masks"]["max_ms_wasm"]))
            + where(r, "cubingos"))


def sync_table(r):
    s = r["sync"]
    rows = [
        ("records synced a second (stored, acknowledged, verified after)",
         "{:,}".format(s["sync_records_per_s"])),
        ("2,000 games: the sync / the transfer alone", "%s / %s s" % (num(s["sync_2000_s"]),
                                                                    num(s["transfer_2000_s"]))),
        ("verifying a record by replay", "%s ms" % num(s["verify_ms_per_record"])),
        ("a record, mean", "%d B" % s["record_bytes_mean"]),
        ("games the device's flash holds: mixed / all Cubo",
         "{:,} / {:,}".format(s["capacity_games"], s["capacity_games_cubo"])),
    ]
    return table(("what", "figure"), rows) + "\n\n" + where(r, "sync")


def web_table(r):
    w = r["web"]
    ff = w["first_frame_ms"]
    p = w["play"]
    rows = [
        ("first frame on the canvas after the page starts loading, median / worst of %d"
         % len(ff["runs"]), "%s / %s s" % (num(ff["median"] / 1000.0), num(ff["max"] / 1000.0))),
        ("frames a second in play", num(p["fps"])),
        ("a frame's work in the page, median / max", "%s / %s ms" % (
            num(p["frame_ms_median"]), num(p["frame_ms_max"]))),
        ("the site (`build/web/`)", "%s KB" % kb(w["site_bytes"])),
    ]
    return table(("what", "figure"), rows) + "\n\n" + where(r, "web") + \
        " Browser: Chromium %s." % w["browser"]


def link_table(r):
    k = r["link"]
    rt = k["round_trip_ms"]
    rows = [
        ("a guest's request to the ACTS that confirms it, median / p90 / max (%d requests)"
         % rt["n"], "%s / %s / %s ms" % (num(rt["median"]), num(rt["p90"]), num(rt["max"]))),
        ("a game of Kocka 10000 over the cable (%d actions)" % k["actions"],
         "%s s; %s KB host to guest, %s KB back" % (
             num(k["game_ms"] / 1000.0), kb(k["bytes_host_to_guest"]),
             kb(k["bytes_guest_to_host"]))),
        ("heap of one open cable (UART buffers, driver)",
         "%s KB" % kb(k["heap_host"]["cable_bytes"])),
        ("heap of the link in play over the imports (cable, session, game, actions), host / guest",
         "%s / %s KB" % (kb(k["heap_host"]["link_in_play_bytes"]),
                         kb(k["heap_guest"]["link_in_play_bytes"]))),
        ("cable pulled: \"gone\" on the host / the guest after",
         "%s / %s ms" % (num(k["gone_after_cut_ms"]["host"]),
                         num(k["gone_after_cut_ms"]["guest"]))),
        ("cable back: the guest holds the whole game again after",
         "%s s" % num(k["catch_up_whole_game_ms"] / 1000.0)),
    ]
    app = k.get("app") or {}
    for title, _play, _setup in menu_games():
        h = (app.get("peak_heap") or {}).get(title)
        if h is not None:
            rows.append(("the app with the image, %s linked: peak live heap, host lobby / game, "
                         "guest lobby / game (budget 120 KB)" % title,
                         "%.1f / %.1f, %.1f / %.1f KB" % tuple(
                             h[who][at] / 1024.0 for who in ("host", "guest")
                             for at in ("lobby", "play"))))
    return table(("what", "figure"), rows) + "\n\n" + where(r, "link") + \
        " Baud rate %d (the UART divider's nearest to the rate set)." % k["baud"]


def link_four_table(r):
    k = r["link_four"]
    a, p = k["app"], k["probe"]
    rows = []
    if "skipped" not in a:
        s = a["guest_press_to_every_device_ms"]
        rows += [
            ("the app (the image) on four Picos: a whole game of Cubo, four humans, every key "
             "pressed on its player's device",
             "%d actions in %s s of game (%d presses); the same record in all four game "
             "logs: %s" % (a["actions"], num(a["game_s"]), a["presses"],
                           "yes" if a["identical_on_all_four"] else "no")),
            ("the app: a guest's press to the frame showing it on every device, median / p90 / "
             "max (%d presses, the probe's collection after every frame included)" % s["n"],
             "%s / %s / %s ms" % (num(s["median"]), num(s["p90"]), num(s["max"]))),
            ("the app: peak live heap, lobby / game, host; guests on LINK A, B, C (budget "
             "120 KB)", "; ".join("%.1f / %.1f" % (h["lobby"] / 1024.0, h["game"] / 1024.0)
                                 for h in a["heap_peak_bytes"]) + " KB"),
            ("the app: wall time for the four emulated Picos",
             "%s s for %s emulated s" % (num(a["wall_s"]), num(a["emulated_s"]))),
        ]
    rows.append(("the link probe: a whole game of Cubo, four humans (their choices scripted "
                 "at %d %% of a bot's think times)" % p["pace_percent"],
                 "%d actions in %s s; the same actions on all four: %s" % (
                     p["actions"], num(p["game_ms"] / 1000.0),
                     "yes" if p["identical_on_all_four"] else "no")))
    for port, x in sorted(p["ports"].items()):
        rt = x["round_trip_ms"]
        rows.append(("the probe, %s's guest: request to the ACTS that confirms it, median / "
                     "p90 / max (%d requests); bytes to it / back" % (port, rt["n"]),
                     "%s / %s / %s ms; %s / %s KB" % (
                         num(rt["median"]), num(rt["p90"]), num(rt["max"]),
                         kb(x["bytes_host_to_guest"]), kb(x["bytes_guest_to_host"]))))
    rows.append(("the probe: wall time for the four emulated Picos",
                 "%s s for %s emulated s" % (num(p["wall_s"]), num(p["emulated_s"]))))
    return table(("what", "figure"), rows) + "\n\n" + where(r, "link_four")


def emulator_speed(r):
    ui = r["device"]["ui"]
    return ("The emulator runs about %s million RP2040 instructions per wall-clock second. "
            % num(ui["instructions_per_wall_s"] / 1e6) + where(r, "device"))


def bench_times(r):
    names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(r.folder, "*.json")))
    rows = [("`%s`" % n, "%s s" % num(r.meta(n)["seconds"]), platform_of(r, n),
             r.meta(n).get("date", "")[:10]) for n in names]
    total = sum(r.meta(n)["seconds"] for n in names)
    rows.append(("all", "%s min" % num(total / 60.0), "", ""))
    return (table(("benchmark", "last run took", "measured on", "date"), rows) + "\n\n"
            + "*Measured on the machines named in each row (`bench/results/*.json`).*")


POWER_STATES = ("menu idle", "play", "dice rolling", "a bot thinking", "dimmed", "asleep",
                "asleep on a battery")


def main_clock(st):
    """What clk_sys a state spent most of its time at, as the table shows it."""
    spent = {k: v["busy_ms"] + v["wait_ms"] for k, v in st["clocks"].items()}
    mhz = max(spent, key=spent.get)
    if mhz == "dormant":
        return "none (DORMANT)"
    if float(mhz) == 12.0 and st["busy"] < 0.5:
        return "12 (lightsleep)"
    return mhz


def power_table(r):
    p = r["power"]
    rows = []
    for name in POWER_STATES:
        st = p["states"][name]
        parts = st["parts_ma"]
        leds = ("off" if st["strip_on"] == 0 else
                "%s channels lit, strip on %s" % (num(st["led_channels"]), pct(st["strip_on"])))
        rows.append((name, pct(st["busy"]), main_clock(st),
                     "%d %%" % round(100 * st["backlight_duty"]), leds,
                     "%s / %s / %s" % (num(parts["pico"]), num(parts["panel"] + parts["backlight"]),
                                       num(parts["leds"])), num(st["ma"])))
    return (table(("state", "core busy", "clk_sys MHz", "backlight", "LEDs",
                   "Pico / panel and backlight / LEDs, mA", "total mA"), rows)
            + "\n\n" + power_lines(r) + "\n\n" + clock_lines(r) + "\n\n" + where(r, "power")
            + " Currents from the power model in `bench/power_model.py`, not from a meter.")


def power_lines(r):
    p = r["power"]
    ev = p["evening"]
    a = p["asleep"]
    mix = ", ".join("%s %d %%" % (name, round(100 * share)) for name, share in ev["mix"])
    return ("A typical evening with the device on (%s) draws %s mA: **%s hours** on a %d mAh "
            "cell. Asleep on the cell it draws %s mA: **%s days** (without the LED strip's "
            "switch %s days; asleep with a USB host, in lightsleep steps, %s mA). A key wakes "
            "it in %s ms from DORMANT and in %s ms from lightsleep on the emulated board, "
            "which ends a lightsleep at the key's interrupt (a board may hold it to the end "
            "of its 100 ms step)."
            % (mix, num(ev["ma"]), num(ev["hours"]), p["capacity_mah"], num(a["ma"]),
               num(a["days"]), num(a["days_without_switch"]), num(a["usb_ma"]),
               num(p["battery_wake_ms"]), num(p["wake_ms"]))) + " " + power_goals(p)


def clock_lines(r):
    """The menu at each clock measured (bench power's clock comparison, the app as files)."""
    c = r["power"]["menu_clocks"]

    def fps(x):
        return num(x) if x is not None else "no roll measured"
    parts = []
    for mhz in sorted(c, key=float, reverse=True):
        m = c[mhz]
        parts.append("at %s MHz the core is busy %s in the idle menu (%s mA in the model), "
                     "input latency p90 %s ms, Kocka 10000's roll %s frames a second"
                     % (mhz, pct(m["menu_idle"]["busy"]), num(m["menu_idle"]["ma"]),
                        num(m["latency_ms"]["p90"]), fps(m["roll_fps"])))
    return ("The clock, measured before choosing it (the app as files; goals: latency p90 "
            "at most 50 ms, 30 frames a second in animations): " + "; ".join(parts) + ".")


def power_goals(p):
    """The issue's goals (10 hours of play, 30 days asleep on 1000 mAh) against the figures."""
    hours, days = p["evening"]["hours"], p["asleep"]["days"]
    return ("Goals: 10 hours of play, %s; 30 days asleep, %s."
            % ("met" if hours >= 10 else "not met (%s h)" % num(hours),
               "met" if days >= 30 else "not met (%s days)" % num(days)))


def power_model_table(r):
    """The power model's figures, each with where it applies and its source."""
    p = r["power"]
    rows = [(what, "%g" % ma, where_, p["sources"][src]) for what, ma, where_, src in p["figures"]]
    return (table(("part", "mA", "at", "source"), rows) + "\n\n" + where(r, "power")
            + " These inputs of the model (`bench/power_model.py`) were not measured here: "
            "they are published measurements, or assumptions where none is published.")


def power_summary(r):
    return power_lines(r) + " " + where(r, "power") + (
        " The currents come from a model of the parts (`bench/power_model.py`, each figure "
        "cited there), not from a meter on a real board: see "
        "[docs/performance.md](../docs/performance.md#battery-life).")


def link_app_table(r):
    """A guest's press to the frame on every linked device (cable, TCP), the countdown's
    LEDs across devices: each against issue 28's goal."""
    k = r["link_app"]
    goals = k["goals"]
    cable, tcp = k["cable"], k["tcp"]

    def press(x, goal):
        s = x["press_to_every_device_ms"]
        return ("%s / %s / %s ms" % (num(s["median"]), num(s["p90"]), num(s["max"])),
                "p90 at most %d ms: %s" % (goal, "met" if s["p90"] <= goal else "not met"))
    rows = []
    if "skipped" not in cable:
        c = press(cable, goals["cable_p90_ms"])
        rows.append(("cable, emulated: a guest's press to the frame on every device, "
                     "median / p90 / max (%d presses)" % cable["presses"], c[0], c[1]))
        h, g = cable["press_to_host_ms"], cable["press_to_guest_ms"]
        rows.append(("cable: the same on the host / on the guest itself, p90",
                     "%s / %s ms" % (num(h["p90"]), num(g["p90"])), ""))
        cd = cable["countdown"]
        frame = goals["led_offset_ms"]
        rows.append(("Cubo's countdown LEDs: the guest's first after the host's", "%s ms" %
                     num(cd["start_offset_ms"]), "one frame (%d ms): %s" % (
                         frame, "met" if abs(cd["start_offset_ms"]) <= frame else "not met")))
        rows.append(("Cubo's countdown LEDs: each next second, guest after host, at most",
                     "%s ms" % num(cd["max_step_offset_ms"]), "one frame (%d ms): %s" % (
                         frame, "met" if cd["max_step_offset_ms"] <= frame else "not met")))
    t = press(tcp, goals["tcp_p90_ms"])
    rows.append(("TCP, two simulators in real time: a guest's press to the frame on every "
                 "device, median / p90 / max (%d presses)" % tcp["presses"], t[0], t[1]))
    text = table(("what", "figure", "goal"), rows) + "\n\n" + where(r, "link_app")
    if cable.get("baud"):
        text += " The cable at %d baud (the emulated UART's)." % cable["baud"]
    return text


BLOCKS = {
    "readme": readme,
    "device": device_table,
    "wasm-factor": wasm_factor_table,
    "bots-device": bots_device_table,
    "gate-heap": gate_heap_table,
    "import-heap": import_table,
    "image-saving": image_saving,
    "coloretto": coloretto_table,
    "kocka10000": k10k_table,
    "cubo": cubo_table,
    "cubingos": cubingos_table,
    "sync": sync_table,
    "link": link_table,
    "link-app": link_app_table,
    "link-four": link_four_table,
    "web": web_table,
    "emulator-speed": emulator_speed,
    "bench-times": bench_times,
    "power": power_table,
    "power-summary": power_summary,
    "power-model": power_model_table,
}


# -- the files ----------------------------------------------------------------------------------
def doc_files(root=ROOT):
    """README.md, hardware/README.md and every docs/**/*.md, as paths relative to root."""
    files = ["README.md", os.path.join("hardware", "README.md")]
    files += sorted(os.path.relpath(p, root) for p in
                    glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True))
    return files


def render(text, results):
    """text with every figure block rendered anew; KeyError for an unknown block name."""
    def one(m):
        name = m.group(2)
        if name not in BLOCKS:
            raise KeyError("unknown figure block %r (known: %s)" % (name, ", ".join(BLOCKS)))
        try:
            body = BLOCKS[name](results)
        except (KeyError, TypeError, OSError) as e:
            raise ValueError("figure block %r: bench/results/ lacks what it shows (%r): "
                             "update its renderer in tools/perf_docs.py" % (name, e)) from e
        return m.group(1) + body.rstrip("\n") + "\n" + m.group(4)
    return BLOCK.sub(one, text)


def blocks_in(text):
    return [m.group(2) for m in BLOCK.finditer(text)]


def stale(root=ROOT, results=None):
    """[(path, new text)] for the files whose blocks differ from a fresh render."""
    results = results or Results(os.path.join(root, "bench", "results"))
    out = []
    for rel in doc_files(root):
        path = os.path.join(root, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        new = render(text, results)
        if new != text:
            out.append((rel, new))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    todo = stale()
    if check:
        if todo:
            print("stale figures in %s: run `%s`" % (", ".join(p for p, _ in todo), COMMAND))
            return 1
        print("figures up to date")
        return 0
    for rel, new in todo:
        with open(os.path.join(ROOT, rel), "w", encoding="utf-8") as f:
            f.write(new)
        print("rewrote the figures in %s" % rel)
    if not todo:
        print("figures up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
