"""The games the device offers, a folder each here (cubo, kocka10000, coloretto,
cubingos; namespace packages: no __init__ to load from flash when a game opens), one
shape for all: setup.py (its setup screen and open, demo, resume: the way in), play.py
(the play screen), draw.py (what the play screen draws), help.py and help_art.py (How
to play); Cubo adds table.py (table mode), Cubingos iso.py (the structure in isometric
view), faces.py (the dice's look), flat.py and dice_thumb.py (the dice drawn through
framebuf, or on the Pico by a Thumb loop). Their rules are in shared_rules/<game>/, and
what each game is to the rest of the app (title, place in the menu, the module that
opens it) in its descriptor, shared_rules/<game>/descriptor.py.

A game's modules are imported only when it is opened, so an idle device does not hold
every game in RAM. Each game's `app` module (its descriptor names it) has `open(app)`
(push the game's setup screen), `demo(app, seed)` (push a bots-only game for headless
demos) and `resume(app, saved)`.
"""
from shared_rules import registry


def menu():
    """The games the main menu lists, in its order (Game objects)."""
    return registry.menu()


def find(name):
    """The Game called `name` that the device can open (variants included), or None."""
    g = registry.find(name)
    return g if g is not None and g.app else None


def load(name):
    """The module that opens game `name` (open, demo, resume)."""
    g = find(name)
    if g is None:
        raise ValueError("unknown game %r" % (name,))
    return __import__(g.app, None, None, ("open",))


def title(name):
    """The title players see for game `name`, or None for a game not installed. Never
    raises: the screens that name a saved or logged game (history, a save that does
    not resume) must open even when a game's descriptor cannot be read."""
    try:
        g = registry.find(name)
    except Exception:
        return None
    return g.title if g is not None else None
