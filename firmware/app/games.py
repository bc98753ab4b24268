"""The games the device offers: one entry per game, its menu title and the module that
runs it. The main menu lists exactly these; a game's module is imported only when it
is opened, so an idle device does not hold every game in RAM.

Each module has `open(app)` (push the game's setup screen) and `demo(app, seed)`
(push a bots-only game for headless demos).
"""

GAMES = (
    ("cubo", "Cubo", "app.cubo_game"),
    ("kocka10000", "Kocka 10000", "app.k10k_game"),
    ("coloretto", "Coloretto", "app.coloretto_game"),
    ("cubingos", "Cubingos", "app.cubingos_game"),
)

# Games that are saved and logged under their own name but opened through another
# game's menu entry (same shape as GAMES; not listed in the menu).
ALIASES = (
    ("cubo_table", "Cubo (table)", "app.cubo_game"),
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
