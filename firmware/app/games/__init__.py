"""The games the device offers, a folder each here (cubo, kocka10000, coloretto,
cubingos; namespace packages: no __init__ to load from flash when a game opens), one
shape for all: setup.py (its setup screen and open, demo, resume: the way in), play.py
(the play screen), draw.py (what the play screen draws), help.py and help_art.py (How
to play); Cubo adds table.py (table mode), Cubingos iso.py (the structure in isometric
view), faces.py (the dice's look), flat.py and dice_thumb.py (the dice drawn through
framebuf, or on the Pico by a Thumb loop). Their rules are in shared_rules/<game>/.

GAMES: one entry per game, its menu title and the module that opens it. The main menu
lists exactly these; a game's modules are imported only when it is opened, so an idle
device does not hold every game in RAM. Each entry's module has `open(app)` (push the
game's setup screen), `demo(app, seed)` (push a bots-only game for headless demos) and
`resume(app, saved)`.
"""

GAMES = (
    ("cubo", "Cubo", "app.games.cubo.setup"),
    ("kocka10000", "Kocka 10000", "app.games.kocka10000.setup"),
    ("coloretto", "Coloretto", "app.games.coloretto.setup"),
    ("cubingos", "Cubingos", "app.games.cubingos.setup"),
)

# Games that are saved and logged under their own name but opened through another
# game's menu entry (same shape as GAMES; not listed in the menu).
ALIASES = (
    ("cubo_table", "Cubo (table)", "app.games.cubo.setup"),
)


def find(name):
    for g in GAMES + ALIASES:
        if g[0] == name:
            return g
    return None


def load(name):
    entry = find(name)
    if entry is None:
        raise ValueError("unknown game %r" % (name,))
    return __import__(entry[2], None, None, ("open",))
