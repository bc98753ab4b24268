"""`make web`: the static site that runs Kocka in a browser, in build/web/.

    index.html, kocka.js, store.mjs,  the page (from web/)
    tabs.mjs, style.css
    mp/micropython.mjs, .wasm         the official MicroPython WebAssembly port, from
                                      the pinned npm package in node_modules
    py/...                            the app as the device has it: shared_rules/, app/,
                                      hal/ compiled to .mpy (tools/build_bundle.py, the
                                      MicroPython gate's bundle), and the page's
                                      browser_hal, kocka_page and logexport
    files.json                        every file under py/, for the page to mount
    layout.json                       the simulator's device geometry (simulator/layout.py)
                                      and key legends, so both draw the same device

Everything the page needs is in the folder: no CDN, nothing fetched from elsewhere
at run time, so any static file host serves it.
"""
import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "web")
WEB = os.path.join(ROOT, "web")
PORT_PKG = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "kocka.js", "store.mjs", "tabs.mjs", "style.css")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_MODULES = ("browser_hal", "kocka_page", "logexport")  # the page's own Python (web/)


def layout_data():
    """The simulator's geometry, in window pixels at its 2x screen."""
    for p in (os.path.join(ROOT, "simulator", "mpcompat"), os.path.join(ROOT, "firmware"), ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
    from simulator import layout as L
    from hal import api
    buttons = {}
    for b in range(api.NUM_BUTTONS):
        buttons[api.BUTTON_NAMES[b]] = {
            "id": b, "at": list(L.control_centre(b)), "hint": list(L.hint_centre(b))}
    return {
        "width": L.WIDTH, "height": L.HEIGHT, "scale": L.SCALE,
        "body": list(L.BODY), "body_radius": L.BODY_RADIUS,
        "screen": list(L.SCREEN), "bezel_pad": L.BEZEL_PAD,
        "strip": list(L.STRIP), "leds": [list(L.led_centre(i)) for i in range(api.NUM_LEDS)],
        "led_radius": L.LED_RADIUS, "led_glow_radius": L.LED_GLOW_RADIUS,
        "joy": list(L.JOY), "joy_base_r": L.JOY_BASE_R, "joy_cap_r": L.JOY_CAP_R,
        "joy_pad_dist": L.JOY_PAD_DIST, "key_r": L.KEY_R,
        "hint_half_w": L.HINT_HALF_W, "enter_half_w": L.ENTER_HALF_W,
        "hint_half_h": L.HINT_HALF_H, "buttons": buttons,
    }


def build(out_dir=OUT):
    """Builds the site; returns {relative path: bytes} of what it wrote."""
    from tools.build_bundle import build as build_bundle, compile_one, OPT
    missing = [f for f in PORT_FILES if not os.path.exists(os.path.join(PORT_PKG, f))]
    if missing:
        raise SystemExit("the MicroPython WebAssembly port is not installed (%s missing): "
                         "run `npm ci` (make test does it)" % ", ".join(missing))
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(os.path.join(out_dir, "mp"))
    for f in PAGE_FILES:
        shutil.copy(os.path.join(WEB, f), os.path.join(out_dir, f))
    for f in PORT_FILES:
        shutil.copy(os.path.join(PORT_PKG, f), os.path.join(out_dir, "mp", f))
    py = os.path.join(out_dir, "py")
    build_bundle(py, include_host_only=True)
    os.remove(os.path.join(py, "main.py"))  # the device's entry point: the page has its own
    for name in PAGE_MODULES:
        compile_one(os.path.join(WEB, name + ".py"), os.path.join(py, name + ".mpy"), OPT)
    files = []
    for dirpath, dirnames, filenames in os.walk(py):
        dirnames.sort()
        for name in sorted(filenames):
            files.append(os.path.relpath(os.path.join(dirpath, name), py).replace(os.sep, "/"))
    with open(os.path.join(out_dir, "files.json"), "w") as f:
        json.dump(files, f)
    with open(os.path.join(out_dir, "layout.json"), "w") as f:
        json.dump(layout_data(), f)
    sizes = {}
    for dirpath, _, filenames in os.walk(out_dir):
        for name in filenames:
            path = os.path.join(dirpath, name)
            sizes[os.path.relpath(path, out_dir)] = os.path.getsize(path)
    return sizes


def main():
    sizes = build()
    total = sum(sizes.values())
    print("web: %d files, %.1f KB in %s (serve it with `make web-serve`)"
          % (len(sizes), total / 1024, os.path.relpath(OUT, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
