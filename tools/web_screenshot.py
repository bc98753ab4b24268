"""Takes the README's picture of the page (docs/web.png): the built site in headless
Chromium, a bots-only demo stopped at a given frame.

    python -m tools.web_screenshot [--demo cubingos] [--seed 7] [--frames 900] [--out docs/web.png]
"""
import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--demo", default="cubingos")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--frames", type=int, default=900)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "web.png"))
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from tools.build_web import build
    from tools.serve_web import serve
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser_path:
        print("no chromium: apt-get install chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        build(tmp)
        server, url = serve(tmp)
        try:
            with sync_playwright() as pw:
                b = pw.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
                page = b.new_page(viewport={"width": 1072, "height": 760})
                page.goto("%s?demo=%s&seed=%d&turbo=16&frames=%d"
                          % (url, args.demo, args.seed, args.frames))
                page.wait_for_function("window.kocka && window.kocka.stats.frames >= %d"
                                       % args.frames, timeout=60000)
                page.wait_for_timeout(300)
                page.screenshot(path=args.out)
                b.close()
        finally:
            server.shutdown()
            server.server_close()
    print("screenshot: %s" % os.path.relpath(args.out, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
