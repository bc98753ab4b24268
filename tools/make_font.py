"""Packs Kocka's glyph-art font sources into compact MicroPython modules.

    .venv/bin/python tools/make_font.py           # regenerate firmware/app/font_*.py
    .venv/bin/python tools/make_font.py --check   # exit 1 if a module is out of date

Source of truth: tools/font_src/<name>.txt, one glyph per block:

    ; a comment line
    height 15          cell height = line height in pixels
    baseline 11        rows from the cell top down to the baseline
    cap 10             cap height (rows baseline-cap .. baseline-1)
    xheight 7          x-height

    : A                a glyph header: ": " then the character itself,
    : U+2190 arrow     or U+XXXX (hex code point) and an optional note
    ..###...           `height` rows of '#' (ink) and '.' (blank); the row
    .##.##..           length is the glyph's advance width, right-side
    ...                spacing columns included

Every font holds printable ASCII 32..126, then the extra symbols (EXTRA_CHARS, same
order in every font) and U+FFFD, the box drawn for characters a font lacks.

Output module (see firmware/app/font.py for the renderer):
    HEIGHT, BASELINE, CAP, XHEIGHT   metrics as above
    TOP, ROWS                        DATA holds cell rows TOP .. TOP+ROWS-1 (rows blank in
                                     every glyph are not stored)
    STRIDE                           bytes per DATA row
    MAXW                             widest advance
    EXTRA                            str: the characters of glyphs 95, 96, ... in order
    WIDTHS                           bytes: advance width of glyph i (0 = ' ')
    DATA                             bytes: a MONO_HLSB strip, every glyph's columns side by
                                     side in glyph order (x offset = sum of earlier widths)
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC_DIR = os.path.join(ROOT, "tools", "font_src")
OUT_DIR = os.path.join(ROOT, "firmware", "app")
FONTS = ("small", "body")

ASCII = [chr(c) for c in range(32, 127)]
# The extra symbols, in glyph order (glyph 95 is the first). The app uses the Unicode
# characters themselves ("\u2190"); firmware/app/font.py names them too (font.LEFT, ...).
EXTRA_CHARS = (
    "\u2190"  # ← left arrow
    "\u2192"  # → right arrow
    "\u2191"  # ↑ up arrow
    "\u2193"  # ↓ down arrow
    "\u25c0"  # ◀ left triangle (option selectors)
    "\u25b6"  # ▶ right triangle
    "\u25b2"  # ▲ up triangle (scroll marks)
    "\u25bc"  # ▼ down triangle
    "\u2713"  # ✓ check mark
    "\u2717"  # ✗ cross
    "\u2022"  # • bullet
    "\u00b0"  # ° degree-like pip
    "\u2026"  # … ellipsis
    "\u00d7"  # × multiplication sign
    "\u2605"  # ★ star
    "\u2665"  # ♥ heart
    "\u2680"  # ⚀ die face 1
    "\u2681"  # ⚁ die face 2
    "\u2682"  # ⚂ die face 3
    "\u2683"  # ⚃ die face 4
    "\u2684"  # ⚄ die face 5
    "\u2685"  # ⚅ die face 6
    "\ufffd"  # � replacement box: drawn for any character the font lacks
)
CHARS = ASCII + list(EXTRA_CHARS)
METRICS = ("height", "baseline", "cap", "xheight")


class FontError(Exception):
    pass


def parse(text, name="font"):
    """Parses glyph art; returns (metrics dict, {char: list of row strings})."""
    metrics = {}
    glyphs = {}
    cur = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        where = "%s:%d" % (name, lineno)
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if line.startswith(": "):
            spec = line[2:]
            if spec.startswith("U+"):
                ch = chr(int(spec[2:].split()[0], 16))
            elif len(spec) == 1 or (len(spec) > 2 and spec[1] == " "):
                ch = spec[0]
            else:
                raise FontError("%s: bad glyph header %r" % (where, line))
            if ch in glyphs:
                raise FontError("%s: glyph %r defined twice" % (where, ch))
            cur = glyphs[ch] = []
            continue
        if cur is None:
            key, _, value = line.partition(" ")
            if key not in METRICS:
                raise FontError("%s: unknown setting %r" % (where, key))
            metrics[key] = int(value)
            continue
        if set(line) - set(".#"):
            raise FontError("%s: art rows hold only '.' and '#': %r" % (where, line))
        cur.append(line)
    for key in METRICS:
        if key not in metrics:
            raise FontError("%s: missing setting %r" % (name, key))
    h = metrics["height"]
    for ch, rows in glyphs.items():
        if len(rows) != h:
            raise FontError("%s: glyph %r has %d rows, not %d" % (name, ch, len(rows), h))
        if len(set(len(r) for r in rows)) != 1:
            raise FontError("%s: glyph %r has rows of different lengths" % (name, ch))
    missing = [c for c in CHARS if c not in glyphs]
    extra = [c for c in glyphs if c not in CHARS]
    if missing or extra:
        raise FontError("%s: missing glyphs %r, unexpected glyphs %r" % (name, missing, extra))
    return metrics, glyphs


def pack(metrics, glyphs):
    """Returns a dict with the module's values (see the module docstring)."""
    h = metrics["height"]
    widths = [len(glyphs[c][0]) for c in CHARS]
    if max(widths) > 16:
        raise FontError("glyph wider than 16 (app/font.py reads a row as 16 bits at most)")
    used = [r for r in range(h) if any(glyphs[c][r].find("#") >= 0 for c in CHARS)]
    top, bottom = used[0], used[-1] + 1
    total = sum(widths)
    stride = (total + 7) // 8
    data = bytearray(stride * (bottom - top))
    x0 = 0
    for c, w in zip(CHARS, widths):
        for r in range(top, bottom):
            row = glyphs[c][r]
            base = (r - top) * stride
            for i, px in enumerate(row):
                if px == "#":
                    x = x0 + i
                    data[base + (x >> 3)] |= 0x80 >> (x & 7)
        x0 += w
    return dict(HEIGHT=h, BASELINE=metrics["baseline"], CAP=metrics["cap"],
                XHEIGHT=metrics["xheight"], TOP=top, ROWS=bottom - top, STRIDE=stride,
                MAXW=max(widths), EXTRA=EXTRA_CHARS, WIDTHS=bytes(widths), DATA=bytes(data))


def _bytes_literal(b, indent, width=72):
    out = []
    cur = ""
    for v in b:
        if 32 <= v < 127 and v not in (34, 92):
            s = chr(v)
        else:
            s = "\\x%02x" % v
        # A hex escape followed by a hex digit is fine in bytes literals (\xNN is exactly two).
        if len(cur) + len(s) > width:
            out.append(cur)
            cur = ""
        cur += s
    out.append(cur)
    pad = " " * indent
    return ("\n" + pad).join('b"%s"' % part for part in out)


def _str_literal(s):
    return '"' + "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else
                         "\\u%04x" % ord(c) for c in s) + '"'


def module_text(name, values):
    v = values
    lines = [
        "# Kocka %s font: GENERATED by tools/make_font.py from tools/font_src/%s.txt." % (
            name.upper(), name),
        "# Do not edit: change the glyph art and rerun `.venv/bin/python tools/make_font.py`.",
        "# Layout is described in tools/make_font.py; the renderer is app/font.py.",
        "HEIGHT = %d  # line height (glyph cell rows)" % v["HEIGHT"],
        "BASELINE = %d  # cell rows above the baseline" % v["BASELINE"],
        "CAP = %d  # cap height" % v["CAP"],
        "XHEIGHT = %d" % v["XHEIGHT"],
        "TOP = %d  # first cell row stored in DATA" % v["TOP"],
        "ROWS = %d  # rows stored in DATA" % v["ROWS"],
        "STRIDE = %d  # bytes per DATA row" % v["STRIDE"],
        "MAXW = %d  # widest glyph advance" % v["MAXW"],
        "# glyph i: i < 95 is chr(32 + i); 95 + k is EXTRA[k]",
        "EXTRA = %s" % _str_literal(v["EXTRA"]),
        "WIDTHS = (%s)" % _bytes_literal(v["WIDTHS"], 11),
        "DATA = (%s)" % _bytes_literal(v["DATA"], 8),
        "",
    ]
    return "\n".join(lines)


def build(name):
    """Returns the generated module text for font `name` from its art file."""
    path = os.path.join(SRC_DIR, name + ".txt")
    with open(path, encoding="utf-8") as f:
        metrics, glyphs = parse(f.read(), os.path.relpath(path, ROOT))
    return module_text(name, pack(metrics, glyphs))


def out_path(name):
    return os.path.join(OUT_DIR, "font_%s.py" % name)


def main(argv):
    check = "--check" in argv
    stale = []
    for name in FONTS:
        text = build(name)
        path = out_path(name)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check:
        if stale:
            print("out of date: " + ", ".join(stale))
            return 1
        print("fonts up to date")
        return 0
    print("wrote " + ", ".join(stale) if stale else "fonts up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
