"""Kocka in a browser (make web) in headless Chromium on this machine: how soon the first
frame is on the canvas after the page starts loading, and the frame rate in play.

- first frame: from the start of the page's load (navigation) to the first frame the app
  pushed to the canvas, in a fresh browser profile (nothing cached), several loads;
- play: a bots-only Cubo demo (?demo=cubo&seed=7) in real time for PLAY_S seconds: app
  frames a second (the page paces them at 30), and the time of one frame in the page
  (app.tick under MicroPython plus the frame's conversion to the canvas);
- headroom: the same demo with ?turbo=32 (32 app frames per animation frame): how many
  app frames a second the page could run.
Needs Debian's chromium and the Playwright driver (requirements.txt), as the browser tests.
"""
import os
import shutil
import tempfile
import time

from bench.common import median

PLATFORMS = ("browser",)  # what it measures on (bench.common.platform_meta)
LOADS = 5
PLAY_S = 6.0
TURBO_S = 3.0
FIRST_FRAME_BUDGET_MS = 2000
FPS_BUDGET = 30


def frames_in(page, address, after, seconds):
    """Opens `address`, waits for its first `after` frames, then counts the frames drawn
    in about `seconds`: (frames, the seconds it took)."""
    page.goto(address)
    page.wait_for_function("window.kocka && window.kocka.stats.frames > %d" % after,
                           timeout=30000)
    f0 = page.evaluate("window.kocka.stats.frames")
    t0 = time.monotonic()
    time.sleep(seconds)
    f1 = page.evaluate("window.kocka.stats.frames")
    return f1 - f0, time.monotonic() - t0


def _browser():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("no chromium: install Debian's chromium package (apt-get install "
                       "chromium)")


def _percentile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q / 100))] if xs else 0.0


def _run(url, browser_path):
    from playwright.sync_api import sync_playwright
    out = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
        out["browser"] = browser.version
        firsts = []
        for _ in range(LOADS):
            ctx = browser.new_context(viewport={"width": 1100, "height": 760})
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("window.kocka && (window.kocka.stats.firstFrameMs !== null"
                                   " || window.kocka.stats.error)", timeout=30000)
            firsts.append(page.evaluate("window.kocka.stats.firstFrameMs"))
            ctx.close()
        out["first_frame_ms"] = {"median": median(firsts), "max": max(firsts),
                                 "runs": [round(x, 1) for x in firsts]}

        ctx = browser.new_context(viewport={"width": 1100, "height": 760})
        page = ctx.new_page()
        frames, dt = frames_in(page, url + "?demo=cubo&seed=7", 10, PLAY_S)
        ticks = page.evaluate("window.kocka.stats.tickMs.slice(10)")
        err = page.evaluate("window.kocka.stats.error")
        ctx.close()
        if err:
            raise RuntimeError("the page stopped: %s" % err)
        out["play"] = {"fps": frames / dt, "seconds": round(dt, 2),
                       "frame_ms_median": median(ticks), "frame_ms_p90": _percentile(ticks, 90),
                       "frame_ms_p99": _percentile(ticks, 99), "frame_ms_max": max(ticks)}

        ctx = browser.new_context()
        page = ctx.new_page()
        frames, dt = frames_in(page, url + "?demo=cubo&seed=7&turbo=32", 64, TURBO_S)
        out["turbo_frames_per_s"] = frames / dt
        ctx.close()
        browser.close()
    return out


def run():
    from tools.build_web import build
    from tools.serve_web import serve
    path = _browser()
    tmp = tempfile.mkdtemp(prefix="kocka-bench-web-")
    site = os.path.join(tmp, "web")
    sizes = build(site)
    server, url = serve(site)
    try:
        out = _run(url, path)
    finally:
        server.shutdown()
        server.server_close()
    out["site_bytes"] = sum(sizes.values())
    out["first_frame_budget_ms"] = FIRST_FRAME_BUDGET_MS
    out["fps_budget"] = FPS_BUDGET
    return out


def table(result):
    ff = result["first_frame_ms"]
    play = result["play"]
    return [
        ("browser", "Chromium %s (headless)" % result["browser"]),
        ("site size (make web)", "%.0f KB" % (result["site_bytes"] / 1024)),
        ("first frame after load: median, max (budget %d ms)" % result["first_frame_budget_ms"],
         "%.0f, %.0f ms" % (ff["median"], ff["max"])),
        ("play: frames a second (budget %d)" % result["fps_budget"], "%.1f" % play["fps"]),
        ("play: one frame in the page, median / p90 / p99 / max",
         "%.2f / %.2f / %.2f / %.2f ms" % (play["frame_ms_median"], play["frame_ms_p90"],
                                           play["frame_ms_p99"], play["frame_ms_max"])),
        ("headroom: app frames a second the page can run (turbo)",
         "%.0f" % result["turbo_frames_per_s"]),
    ]
