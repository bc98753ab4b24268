"""The last setup of each game, so a setup screen opens as the player left it.

    setup = last_setup.load(storage, "cubo", default_setup())
    last_setup.save(storage, "cubo", setup)      # on Start

One small file (setups.json, checksummed and kept twice by app.jsonfile) maps a
game's name to its setup dict. load() takes from the saved setup only the keys the
defaults have, with a value of the same type (and a list of the same length), so a
setup from an older version, a value the screen does not offer or a damaged value
falls back to the default, never breaks the screen. A failing flash is not an error: the defaults are used, and a
save that cannot be written is skipped.
MicroPython subset.
"""

from app import jsonfile

FILE = "setups.json"


def _all(storage):
    try:
        data, how = jsonfile.read(storage, FILE)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _same_kind(default, value):
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, list):
        if not isinstance(value, list) or len(value) != len(default):
            return False
        for i in range(len(default)):
            if not _same_kind(default[i], value[i]):
                return False
        return True
    return type(default) == type(value)


def _allowed(value, choices):
    if choices is None:
        return True
    if isinstance(value, list):
        for v in value:
            if v not in choices:
                return False
        return True
    return value in choices


def load(storage, game, defaults, choices=None):
    """`defaults` overlaid with the saved setup of `game` (a new dict). choices: for
    some keys, the values a setup screen offers (for a list, each item's): a saved
    value not among them is dropped."""
    choices = choices or {}
    out = {}
    for k in defaults:
        v = defaults[k]
        out[k] = list(v) if isinstance(v, list) else v
    saved = _all(storage).get(game)
    if isinstance(saved, dict):
        for k in out:
            if k in saved and _same_kind(out[k], saved[k]) \
                    and _allowed(saved[k], choices.get(k)):
                v = saved[k]
                out[k] = list(v) if isinstance(v, list) else v
    return out


def saver(storage, game, setup):
    """save(storage, game, setup) as a call for later (app.App.after_frame) that holds
    nothing else: not the setup screen's code, freed as the game opens."""
    return lambda: save(storage, game, setup)


def save(storage, game, setup):
    """Remembers `setup` as the last of `game`; True when it was written."""
    data = _all(storage)
    if data.get(game) == setup:
        return True
    data[game] = setup
    try:
        jsonfile.write(storage, FILE, data)
    except OSError:
        return False
    return True
