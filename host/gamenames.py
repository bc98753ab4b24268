"""The games a person can name on the command line: `--game Cubo`, `--game "kocka 10000"`,
`--game cubo_table`. Matching ignores case, spaces and punctuation, and takes the
internal id or the menu title; an unknown name is refused with the list."""
import re

from host import games


def _key(text):
    return re.sub(r"[^a-z0-9]", "", str(text).lower())


def known():
    """[(id, title)] of every game this kocka can replay, in the menu's order."""
    return [(g, games.title(g)) for g in games.names()]


def listing():
    """One line for --help and errors: 'Cubo (cubo), Cubo (table) (cubo_table), ...'."""
    return ", ".join('"%s"' % t if _key(t) == _key(g) else '"%s" (%s)' % (t, g)
                     for g, t in known())


def resolve(text):
    """The game id for what a person typed (None stays None); ValueError with the list."""
    if text is None:
        return None
    want = _key(text)
    for g, t in known():
        if want in (_key(g), _key(t)):
            return g
    raise ValueError("no game called %r; the games are: %s" % (text, listing()))
