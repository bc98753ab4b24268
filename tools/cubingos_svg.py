"""Writes docs/cubingos_die.svg: the unfolded Cubingos die, drawn from shared_rules.cubingos.rules.DIE.

    python -m tools.cubingos_svg [OUT]

Plain SVG written by hand-made templates (no drawing library), so the file reads and
diffs as text. The net is the one in shared_rules/cubingos/rules.py's docstring: the cross
with "top" above "front", seen from outside. Each half sits in the quarter of its face
next to the edge it points across, its flat side on that edge: a head is a half disc
in the fur colour with eyes and ears, a mouth a grey half disc with the expression and
two legs. Each half carries its letter from the ASCII net (and an id/data-code that the
tests compare with DIE).
"""
import os
import sys

from shared_rules.cubingos import rules as C
from tools.cubingos_design import NET_FACES, NET_POS, face_edges

S = 130          # face size
M = 20           # margin
TOP = 56         # room for the title
R = 36           # half-disc radius
EDGE_ROT = {"t": 0, "r": 90, "b": 180, "l": 270}


def _rgb(c):
    return "#%02x%02x%02x" % c


def head(colour):
    """A head in canonical position: flat side on the top edge (y = 0), bulging down."""
    cx = S / 2
    fill = _rgb(C.COLOUR_RGB[colour])
    return (
        '<path d="M %g 0 A %d %d 0 0 0 %g 0 Z" fill="%s" stroke="#333" stroke-width="1.5"/>'
        '<path d="M %g %g l -7 12 l 13 -3 Z M %g %g l 7 12 l -13 -3 Z" fill="%s" '
        'stroke="#333" stroke-width="1.2"/>'
        '<circle cx="%g" cy="12" r="6" fill="#fff" stroke="#333"/>'
        '<circle cx="%g" cy="12" r="6" fill="#fff" stroke="#333"/>'
        '<circle cx="%g" cy="10" r="2.6" fill="#111"/>'
        '<circle cx="%g" cy="10" r="2.6" fill="#111"/>'
    ) % (cx - R, R, R, cx + R, fill,
         cx - 22, 26, cx + 22, 26, fill,
         cx - 11, cx + 11, cx - 11, cx + 11)


def mouth(expr):
    """A mouth in canonical position: flat side on the top edge, legs at the far side."""
    cx = S / 2
    parts = ['<path d="M %g %g l -3 12 l -6 0 M %g %g l 3 12 l 6 0" fill="none" '
             'stroke="#333" stroke-width="3" stroke-linecap="round"/>'
             % (cx - 14, R - 6, cx + 14, R - 6),
             '<path d="M %g 0 A %d %d 0 0 0 %g 0 Z" fill="#e6e6e6" stroke="#333" '
             'stroke-width="1.5"/>' % (cx - R, R, R, cx + R)]
    if expr == 0:    # happy: a smile
        parts.append('<path d="M %g 9 Q %g 26 %g 9" fill="#c0392b" stroke="#333" '
                     'stroke-width="1.5"/>' % (cx - 13, cx, cx + 13))
    elif expr == 1:  # sad: a frown
        parts.append('<path d="M %g 22 Q %g 6 %g 22" fill="none" stroke="#333" '
                     'stroke-width="2.5" stroke-linecap="round"/>' % (cx - 12, cx, cx + 12))
    elif expr == 2:  # angry: clenched teeth
        parts.append('<rect x="%g" y="9" width="26" height="11" fill="#fff" stroke="#333" '
                     'stroke-width="1.5"/><path d="M %g 14.5 h 26 M %g 9 v 11 M %g 9 v 11 '
                     'M %g 9 v 11" stroke="#333" stroke-width="1"/>'
                     % (cx - 13, cx - 13, cx - 6.5, cx, cx + 6.5))
    else:            # surprised: an open O
        parts.append('<ellipse cx="%g" cy="15" rx="7" ry="9" fill="#5b2c2c" stroke="#333" '
                     'stroke-width="1.5"/>' % cx)
    return "".join(parts)


def half_svg(h):
    return head(h) if h < 4 else mouth(h - 4)


def face_svg(die, name, f, up, right):
    col, row = NET_POS[name]
    x0 = M + col * S
    y0 = TOP + row * S
    t, l, r, b = face_edges(die, f, up, right)
    out = ['<g id="face-%s" transform="translate(%d %d)">' % (name, x0, y0),
           '<rect width="%d" height="%d" fill="#fff" stroke="#222" stroke-width="2"/>' % (S, S),
           '<path d="M 0 0 L %d %d M %d 0 L 0 %d" stroke="#ddd" stroke-width="1" '
           'stroke-dasharray="4 4"/>' % (S, S, S, S)]
    for edge, h in (("t", t), ("r", r), ("b", b), ("l", l)):
        letter = C.HALF_LETTERS[h]
        out.append('<g id="half-%s-%s" data-code="%s" transform="rotate(%d %g %g)">%s'
                   '<text x="%g" y="%g" font-size="13" font-family="sans-serif" '
                   'text-anchor="middle" fill="#222" transform="rotate(%d %g %g)">%s</text></g>'
                   % (name, edge, letter, EDGE_ROT[edge], S / 2, S / 2, half_svg(h),
                      S / 2 + 44, 14, -EDGE_ROT[edge], S / 2 + 44, 10, letter))
    out.append('<text x="%g" y="%g" font-size="14" font-family="sans-serif" '
               'text-anchor="middle" fill="#888">%s</text>' % (S / 2, S / 2 + 5, name))
    out.append("</g>")
    return "\n".join(out)


def legend(y):
    out = ['<g id="legend" transform="translate(%d %d)" font-family="sans-serif" '
           'font-size="13" fill="#222">' % (M, y)]
    for c in range(4):
        x = c * 130
        out.append('<g transform="translate(%d 0) scale(0.55)">%s</g>' % (x - 8, head(c)))
        out.append('<text x="%d" y="38">%s  %s head</text>' % (x + 6, C.HALF_LETTERS[c],
                                                                C.COLOURS[c]))
    for m in range(4):
        x = m * 130
        out.append('<g transform="translate(%d 52) scale(0.55)">%s</g>' % (x - 8, mouth(m)))
        out.append('<text x="%d" y="92">%s  %s mouth</text>' % (x + 6, C.HALF_LETTERS[4 + m],
                                                                 C.EXPRESSIONS[m]))
    out.append("</g>")
    return "\n".join(out)


def svg(die=None):
    die = C.DIE if die is None else die
    w = 2 * M + 4 * S
    h = TOP + 3 * S + 120
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (w, h, w, h),
           '<title>Cubingos die (Kocka design), unfolded</title>',
           '<rect width="100%" height="100%" fill="#f7f7f2"/>',
           '<text x="%d" y="28" font-family="sans-serif" font-size="20" fill="#222">'
           'Kocka Cubingos die, unfolded (seen from outside)</text>' % M,
           '<text x="%d" y="46" font-family="sans-serif" font-size="12" fill="#555">'
           'orientation 0: top up, front toward -y. Head + mouth across an edge: '
           'a creature.</text>' % M]
    for name, f, up, right in NET_FACES:
        out.append(face_svg(die, name, f, up, right))
    out.append(legend(TOP + 3 * S + 18))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = argv[0] if argv else os.path.join(root, "docs", "cubingos_die.svg")
    with open(path, "w") as f:
        f.write(svg())
    print("wrote", path)


if __name__ == "__main__":
    main(sys.argv[1:])
