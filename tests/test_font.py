"""The fonts end to end (CPython side).

* the generated modules firmware/app/font_*.py are up to date with the glyph art
  (tools/font_src/*.txt), and the generator rejects malformed art;
* a reference renderer that reads the art directly (no packing, no framebuf) draws a
  scene; real MicroPython (WebAssembly port) running app/font.py must produce exactly the
  same RGB565 pixels, and so must CPython with the simulator's framebuf;
* docs/font_specimen.png: every glyph of both fonts plus samples, at 3x, for human review
  (rewritten when the art changes).
"""
import ast
import importlib.util
import os

import pytest

from tests.mpgate import ROOT, run_mp

SPECIMEN = os.path.join(ROOT, "docs", "font_specimen.png")
W = H = 240
BG = 0x2104


def _make_font():
    spec = importlib.util.spec_from_file_location(
        "kocka_make_font", os.path.join(ROOT, "tools", "make_font.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


MF = _make_font()


class RefFont:
    """Draws straight from the glyph art: the independent reference for app/font.py."""

    def __init__(self, name):
        with open(os.path.join(MF.SRC_DIR, name + ".txt"), encoding="utf-8") as f:
            self.metrics, self.glyphs = MF.parse(f.read(), name)
        self.height = self.metrics["height"]
        self.baseline = self.metrics["baseline"]
        self.cap = self.metrics["cap"]

    def glyph(self, ch):
        return self.glyphs.get(ch) or self.glyphs["\ufffd"]

    def width(self, text, scale=1):
        return sum(len(self.glyph(ch)[0]) for ch in str(text)) * scale

    def draw(self, put, text, x, y, scale=1):
        for ch in str(text):
            rows = self.glyph(ch)
            for r, row in enumerate(rows):
                for c, p in enumerate(row):
                    if p == "#":
                        for dy in range(scale):
                            for dx in range(scale):
                                put(x + c * scale + dx, y + r * scale + dy)
            x += len(rows[0]) * scale
        return x

    def wrap(self, text, max_width, scale=1):
        """Greedy word wrap for single-spaced text without overlong words."""
        lines, cur = [], ""
        for word in text.split(" "):
            trial = cur + " " + word if cur else word
            if cur and self.width(trial, scale) > max_width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        if cur:
            lines.append(cur)
        return lines


REF = {"SMALL": RefFont("small"), "BODY": RefFont("body")}

# The scene both renderers draw: (operation, text, numbers..., colour, font, scale).
SCENE = [
    ("draw", "Kocka \u2680\u2685 Cubo!", 4, 2, 0xFFFF, "BODY", 1),
    ("draw", "P1 Ana   1200 \u2713  P2 Bo 950 \u2717", 4, 19, 0x07E0, "SMALL", 1),
    ("draw", "0O 1lI| 5S 2Z 8B \u2190\u2191\u2192\u2193 \u25c0\u25b6 \u2605\u2665", 4, 30, 0xFFE0,
     "BODY", 1),
    ("draw", "42", 4, 46, 0xF800, "BODY", 3),
    ("draw", "x\u00d73", 70, 46, 0x001F, "BODY", 2),
    ("draw", "unknown:\u4e2d\t\n", 120, 50, 0xFFFF, "SMALL", 1),
    ("draw", "black", 120, 62, 0x0000, "BODY", 1),
    ("right", "9999", 236, 80, 0xFFFF, "BODY", 1),
    ("right", "12", 236, 96, 0xC618, "SMALL", 2),
    ("centered", "OK", 0, 100, 120, 30, 0x07FF, "BODY", 1),
    ("centered", "\u2684", 120, 100, 60, 30, 0xFFFF, "BODY", 2),
    ("draw", "clipped left", -9, 140, 0xFFFF, "BODY", 1),
    ("draw", "and right edge", 200, 140, 0xFFFF, "BODY", 1),
    ("draw", "7", 220, 200, 0xF81F, "BODY", 4),
    ("wrapped", "Roll all six dice and keep the best ones then roll the rest", 4, 158, 150,
     0xFFFF, "SMALL", 1),
    ("wrapped", "Three times round", 160, 160, 60, 0xFD20, "BODY", 1),
]


def reference_scene():
    """(RGB565 pixels as a list of ints, the returned values) from the art alone."""
    px = [BG] * (W * H)
    results = []
    for op in SCENE:
        kind, text = op[0], op[1]
        color, f, scale = op[-3], REF[op[-2]], op[-1]

        def put(x, y):
            if 0 <= x < W and 0 <= y < H:
                px[y * W + x] = color

        if kind == "draw":
            results.append(f.draw(put, text, op[2], op[3], scale))
        elif kind == "right":
            x = op[2] - f.width(text, scale)
            f.draw(put, text, x, op[3], scale)
            results.append(x)
        elif kind == "centered":
            x, y, w, h = op[2:6]
            tx = x + (w - f.width(text, scale) + scale) // 2
            ty = y + (h - f.cap * scale) // 2 - (f.baseline - f.cap) * scale
            f.draw(put, text, tx, ty, scale)
            results.append(tx)
        elif kind == "wrapped":
            x, y, max_w = op[2:5]
            lines = f.wrap(text, max_w, scale)
            for i, line in enumerate(lines):
                f.draw(put, line, x, y + i * f.height * scale, scale)
            results.append(y + len(lines) * f.height * scale)
            results.append(lines)
    return px, results


def run_scene(framebuf, font):
    """Draws SCENE with app/font.py; returns (buffer bytes, returned values)."""
    buf = bytearray(W * H * 2)
    fb = framebuf.FrameBuffer(buf, W, H, framebuf.RGB565)
    fb.fill(BG)
    fonts = {"SMALL": font.SMALL, "BODY": font.BODY}
    results = []
    for op in SCENE:
        kind, text = op[0], op[1]
        color, f, scale = op[-3], fonts[op[-2]], op[-1]
        if kind == "draw":
            results.append(font.draw(fb, text, op[2], op[3], color, f, scale))
        elif kind == "right":
            results.append(font.draw_right(fb, text, op[2], op[3], color, f, scale))
        elif kind == "centered":
            results.append(font.draw_centered(fb, text, op[2], op[3], op[4], op[5], color, f,
                                              scale))
        elif kind == "wrapped":
            results.append(font.draw_wrapped(fb, text, op[2], op[3], op[4], color, f, scale))
            results.append(font.wrap(text, op[4], f, scale))
    return bytes(buf), results


def to_pixels(raw):
    """RGB565 FrameBuffer bytes (little-endian 16-bit, as framebuf stores them) to ints."""
    return [raw[i] | (raw[i + 1] << 8) for i in range(0, len(raw), 2)]


def packed_bits(module, text):
    """Lit pixels of `text` counted in a generated module's packed DATA."""
    offs, x = [], 0
    for w in module.WIDTHS:
        offs.append(x)
        x += w
    n = 0
    for ch in text:
        o = ord(ch)
        i = o - 32 if 32 <= o < 127 else 95 + (module.EXTRA.find(ch) if ch in module.EXTRA
                                               else module.EXTRA.find("\ufffd"))
        for r in range(module.ROWS):
            for c in range(module.WIDTHS[i]):
                p = offs[i] + c
                if module.DATA[r * module.STRIDE + (p >> 3)] & (0x80 >> (p & 7)):
                    n += 1
    return n


def load_generated(name):
    path = MF.out_path(name)
    spec = importlib.util.spec_from_file_location("kocka_font_" + name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------------- generator and art


@pytest.mark.parametrize("name", MF.FONTS)
def test_generated_module_is_up_to_date(name):
    with open(MF.out_path(name), encoding="utf-8") as f:
        on_disk = f.read()
    assert on_disk == MF.build(name), (
        "firmware/app/font_%s.py is stale: run `.venv/bin/python tools/make_font.py`" % name)


@pytest.mark.parametrize("name", MF.FONTS)
def test_generated_module_is_small_and_plain(name):
    path = MF.out_path(name)
    tree = ast.parse(open(path, encoding="utf-8").read())
    # Only constant assignments: nothing to run, nothing that allocates beyond the data.
    for node in tree.body:
        assert isinstance(node, ast.Assign), ast.dump(node)
        assert isinstance(node.value, ast.Constant), ast.dump(node)
    mod = load_generated(name)
    assert len(mod.WIDTHS) == 95 + len(mod.EXTRA) == len(MF.CHARS)
    assert len(mod.DATA) == mod.STRIDE * mod.ROWS
    assert mod.STRIDE * 8 >= sum(mod.WIDTHS)
    assert len(mod.DATA) + len(mod.WIDTHS) < 2000  # RAM: both fonts together stay < 4 KB


def test_both_fonts_have_the_same_characters():
    assert set(REF["SMALL"].glyphs) == set(REF["BODY"].glyphs) == set(MF.CHARS)


@pytest.mark.parametrize("bad, message", [
    ("height 2\nbaseline 1\ncap 1\nxheight 1\n: A\n#.\n", "rows"),
    ("height 1\nbaseline 1\ncap 1\nxheight 1\n: A\n#x\n", "only"),
    ("height 1\nbaseline 1\ncap 1\nxheight 1\n: A\n#.\n: A\n#.\n", "twice"),
    ("height 1\nbaseline 1\ncap 1\nxheight 1\n: A\n#.\n", "missing glyphs"),
    ("height 1\ncap 1\nxheight 1\n", "baseline"),
    ("height 2\nbaseline 1\ncap 1\nxheight 1\n: A\n#.\n#\n", "different lengths"),
])
def test_generator_rejects_malformed_art(bad, message):
    with pytest.raises(MF.FontError, match=message):
        MF.parse(bad, "bad")


def test_art_follows_the_metrics():
    for name, ref in REF.items():
        m, g = ref.metrics, ref.glyphs
        cap_top = m["baseline"] - m["cap"]
        x_top = m["baseline"] - m["xheight"]

        def ink_rows(ch):
            return [r for r, row in enumerate(g[ch]) if "#" in row]

        for ch in "ABCDEFGHIJKLMNOPRSTUVWXYZ0123456789bdhkl":
            rows = ink_rows(ch)
            assert (rows[0], rows[-1]) == (cap_top, m["baseline"] - 1), (name, ch, rows)
        for ch in "acemnorsuvwxz":
            rows = ink_rows(ch)
            assert (rows[0], rows[-1]) == (x_top, m["baseline"] - 1), (name, ch, rows)
        for ch in "gpqy":
            rows = ink_rows(ch)
            assert rows[0] == x_top and rows[-1] > m["baseline"], (name, ch, rows)
        for ch in MF.CHARS:
            rows = g[ch]
            assert "#" not in rows[0], (name, ch)  # the gap between lines
            if ch != " ":
                assert all(row[-1] == "." for row in rows) or ch == "_", (name, ch)  # spacing


# ---------------------------------------------------------------- pixels


@pytest.mark.micropython
def test_micropython_draws_exactly_the_reference_pixels(tmp_path):
    script = tmp_path / "render_fonts.py"
    script.write_text(
        "import framebuf\n"
        "from app import font\n"
        "W = H = %d\nBG = %d\nSCENE = %s\n" % (W, BG, ascii(SCENE))
        + "\n".join(_source_lines(run_scene)) + "\n"
        "raw, results = run_scene(framebuf, font)\n"
        "with open('/out/scene.bin', 'wb') as f:\n"
        "    f.write(raw)\n"
        "print(repr(results))\n"
        "buf = bytearray(200 * 20 * 2)\n"
        "fb = framebuf.FrameBuffer(buf, 200, 20, framebuf.RGB565)\n"
        "for name, f in (('BODY', font.BODY), ('SMALL', font.SMALL)):\n"
        "    fb.fill(0)\n"
        "    font.draw(fb, %s, 0, 0, 0xFFFF, f)\n"
        "    print(name, sum(1 for i in range(0, len(buf), 2) if buf[i] or buf[i + 1]))\n"
        % ascii(SAMPLE), encoding="utf-8")
    out = tmp_path / "out"
    proc = run_mp(str(script), mounts=("firmware/app:app", "firmware/hal:hal"),
                  out_dir=str(out))
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    want_px, want_results = reference_scene()
    assert ast.literal_eval(lines[0]) == want_results
    got_px = to_pixels((out / "scene.bin").read_bytes())
    bad = [(i % W, i // W) for i in range(W * H) if got_px[i] != want_px[i]]
    assert not bad, "%d pixels differ, first %r" % (len(bad), bad[:10])
    # Lit pixels = the bits the font data holds for that text.
    counts = dict(line.split() for line in lines[1:])
    assert int(counts["BODY"]) == packed_bits(load_generated("body"), SAMPLE)
    assert int(counts["SMALL"]) == packed_bits(load_generated("small"), SAMPLE)


SAMPLE = "Kocka 10000: 3\u00d7\u2685 \u2713"


def _source_lines(fn):
    import inspect
    return inspect.getsource(fn).splitlines()


def test_cpython_draws_exactly_the_reference_pixels():
    import framebuf   # simulator/mpcompat (conftest.py)
    from app import font
    raw, results = run_scene(framebuf, font)
    want_px, want_results = reference_scene()
    assert results == want_results
    got_px = to_pixels(raw)
    bad = [(i % W, i // W) for i in range(W * H) if got_px[i] != want_px[i]]
    assert not bad, "%d pixels differ, first %r" % (len(bad), bad[:10])



def test_every_glyph_scaled_is_the_art_scaled():
    """Scaled text (one rectangle per run of a glyph's cached runs) sets exactly the art's
    pixels, each s x s, for every glyph of both fonts, clipped at the frame's edges too;
    drawn twice, the second time from the cache."""
    import framebuf   # simulator/mpcompat (conftest.py)
    from app import font
    for name, fnt in (("SMALL", font.SMALL), ("BODY", font.BODY)):
        ref = REF[name]
        chars = [chr(32 + i) for i in range(95)] + list(fnt.extra) + ["\u4e2d"]
        for scale, x0, y0 in ((2, -7, 3), (3, 5, 222), (4, 200, -9), (2, 2, 100)):
            for k in range(0, len(chars), 6):
                text = "".join(chars[k:k + 6])
                for _ in range(2):
                    buf = bytearray(W * H * 2)
                    fb = framebuf.FrameBuffer(buf, W, H, framebuf.RGB565)
                    end = font.draw(fb, text, x0, y0, 0xFFFF, fnt, scale)
                    want = set()

                    def put(x, y):
                        if 0 <= x < W and 0 <= y < H:
                            want.add((x, y))

                    assert end == ref.draw(put, text, x0, y0, scale)
                    px = to_pixels(bytes(buf))
                    got = {(i % W, i // W) for i in range(W * H) if px[i]}
                    assert got == want, (name, text, scale)


# ---------------------------------------------------------------- specimen


def _rgb(c565):
    return ((c565 >> 11) * 255 // 31, ((c565 >> 5) & 63) * 255 // 63, (c565 & 31) * 255 // 31)


def render_specimen():
    """The specimen at 1x as a Pillow image: glyph tables, samples, scaled digits, a mock
    240x240 screen."""
    from PIL import Image

    ink = (236, 236, 236)
    dim = (140, 150, 175)
    gold = (255, 208, 72)
    cyan = (110, 220, 255)
    green = (130, 235, 140)
    width, height = 500, 650
    img = Image.new("RGB", (width, height), (22, 26, 42))
    pix = img.load()

    def text(font, s, x, y, color, scale=1):
        def put(px, py):
            if 0 <= px < width and 0 <= py < height:
                pix[px, py] = color
        return REF[font].draw(put, s, x, y, scale)

    def shade(x, y, w, h, color):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                pix[xx, yy] = color

    y = 4
    text("BODY", "Kocka fonts", 6, y, gold)
    text("SMALL", "our own glyphs; cells shaded = advance widths", 100, y + 4, dim)
    y += 20
    for name in ("SMALL", "BODY"):
        f = REF[name]
        m = f.metrics
        text("SMALL", "%s  line %d  cap %d  x-height %d  baseline %d" % (
            name, m["height"], m["cap"], m["xheight"], m["baseline"]), 6, y, dim)
        y += 12
        x = 6
        for k, ch in enumerate(MF.CHARS):
            w = len(f.glyph(ch)[0])
            if x + w > width - 6:
                x = 6
                y += f.height + 2
            shade(x, y, w, f.height, (34, 40, 62) if k % 2 else (44, 52, 80))
            text(name, ch, x, y, ink)
            x += w
        y += f.height + 6
        for s, color in (("0O 1lI| 5S 2Z 8B 6G 9g rn m \u2190\u2191\u2192\u2193", cyan),
                         ("The quick brown fox jumps over the lazy dog.", ink),
                         ("THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG!", ink),
                         ("0123456789 +-\u00d7= 1200 950 10000 \u2680\u2681\u2682\u2683\u2684\u2685",
                          green)):
            text(name, s, 6, y, color)
            y += f.height
        y += 6
    text("SMALL", "BODY at scale 2, 3, 4 (big numbers)", 6, y, dim)
    y += 12
    text("BODY", "0123456789", 6, y, ink, 2)
    y += 32
    x = text("BODY", "42", 6, y, gold, 3)
    x = text("BODY", " \u2684\u2685", x, y, ink, 3)
    text("BODY", "CUBO!", x + 12, y - 8, (255, 110, 110), 4)
    y += 60
    # A mock device screen, 240x240, to judge the sizes in context.
    sx, sy = 6, y
    shade(sx - 1, sy - 1, 242, 242, (90, 96, 120))
    shade(sx, sy, 240, 240, (12, 14, 30))
    text("BODY", "\u25c0 Kocka 10000 \u25b6", sx + 48, sy + 4, gold)
    rows = (("Ana", "4350", "\u2713"), ("Bo", "3900", ""), ("Cyril", "12050", "\u2605"),
            ("Dana", "800", ""), ("Eva", "10000", ""))
    yy = sy + 24
    for i, (who, pts, mark) in enumerate(rows):
        color = green if i == 2 else ink
        text("SMALL", "%d" % (i + 1), sx + 8, yy, dim)
        text("SMALL", who, sx + 22, yy, color)
        text("SMALL", mark, sx + 90, yy, gold)
        s = REF["SMALL"]
        text("SMALL", pts, sx + 150 - s.width(pts), yy, color)
        yy += 11
    yy += 6
    text("BODY", "Turn: Cyril", sx + 8, yy, ink)
    yy += 16
    x = text("BODY", "\u2682\u2684\u2685\u2680\u2680", sx + 8, yy, ink, 2)
    yy += 34
    for line in REF["BODY"].wrap("Keep the 1s and 5s, then roll the other three dice again.",
                                 224):
        text("BODY", line, sx + 8, yy, ink)
        yy += 15
    text("BODY", "A Roll   B Bank   \u2191\u2193 Keep", sx + 8, sy + 222, cyan)
    return img.crop((0, 0, width, sy + 244))


def test_specimen_png_is_current():
    """docs/font_specimen.png shows the fonts as they are: when they changed, this writes
    the new picture and fails once, so the change is seen and committed."""
    from PIL import Image   # matplotlib's dependency, in requirements.txt
    img = render_specimen()
    big = img.resize((img.width * 3, img.height * 3), Image.NEAREST)
    if os.path.exists(SPECIMEN):
        with Image.open(SPECIMEN) as old:
            if old.size == big.size and old.convert("RGB").tobytes() == big.tobytes():
                return
    os.makedirs(os.path.dirname(SPECIMEN), exist_ok=True)
    big.save(SPECIMEN, optimize=True)
    pytest.fail("%s was out of date with the fonts: written anew, commit it" % SPECIMEN)


if __name__ == "__main__":  # `python -m tests.test_font` rewrites the specimen
    test_specimen_png_is_current()
    print(SPECIMEN)
