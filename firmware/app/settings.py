"""The user's settings: defaults, validation, and persistence as settings.json.

The file has a CRC and a second copy (app.jsonfile): a bit flip in one copy changes
nothing. A missing file gives the defaults silently; an unreadable one, or one
damaged in both copies, gives the defaults and a `notice` the app shows once, never
a crash. Values out of range or of the wrong type are clamped or reset, with the
notice too, so one bad field does not cost the rest and nothing changes silently.
`set` keeps every value in its range (the screen's backlight never goes off).
A setting newer than the file (the idle timers, for a file an older version wrote)
takes its default silently: nothing was lost.
"""

from micropython import const

from app import jsonfile

FILE = "settings.json"
_MAX_NAME = const(8)
MAX_PLAYERS = 6

DEFAULTS = {
    "sound": True,
    "volume": 60,       # 0-100
    "led": 40,          # LED brightness 0-100
    "screen": 80,       # backlight 10-100
    "dim": 30,          # seconds without a key before the backlight dims; 0: never
    "sleep": 3,         # minutes without a key before the device sleeps; 0: never
    "names": ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"],
}
RANGES = {"volume": (0, 100), "led": (0, 100), "screen": (10, 100), "dim": (0, 600),
          "sleep": (0, 60)}
NEWER = ("dim", "sleep")  # absent from files older versions wrote: defaults, no notice


def clean_name(name, fallback):
    if not isinstance(name, str):
        return fallback
    out = ""
    for ch in name.upper():
        if " " <= ch <= "~":
            out += ch
    out = out.strip()[:_MAX_NAME]
    return out or fallback


class Settings:
    def __init__(self, storage):
        self.storage = storage
        self.values = {}
        self.notice = None
        self.dirty = False
        self.load()

    def load(self):
        self.values = {}
        for k in DEFAULTS:
            v = DEFAULTS[k]
            self.values[k] = list(v) if isinstance(v, list) else v
        data, how = jsonfile.read(self.storage, FILE)
        if how == jsonfile.MISSING:
            return
        if how == jsonfile.UNREADABLE:
            self.notice = "Settings unreadable: defaults used"
            return
        if not isinstance(data, dict):
            self.notice = "Settings damaged: defaults restored"
            return
        if not self._merge(data):
            self.notice = "Settings damaged: some reset to defaults"
        if how != jsonfile.OK:
            self.dirty = True   # sealed again (both copies) at the next save

    def _merge(self, data):
        """Takes the valid values of `data`; False if any was missing, out of range or
        of the wrong type (that one keeps its default, or is clamped)."""
        clean = True
        for k in RANGES:
            v = data.get(k)
            if v is None and k in NEWER:
                continue
            if isinstance(v, int) and not isinstance(v, bool):
                lo, hi = RANGES[k]
                self.values[k] = max(lo, min(hi, v))
                clean = clean and lo <= v <= hi
            else:
                clean = False
        if isinstance(data.get("sound"), bool):
            self.values["sound"] = data["sound"]
        else:
            clean = False
        names = data.get("names")
        d = DEFAULTS["names"]
        if isinstance(names, list):
            self.values["names"] = [clean_name(names[i] if i < len(names) else None, d[i])
                                    for i in range(MAX_PLAYERS)]
            clean = clean and self.values["names"] == names
        else:
            clean = False
        return clean

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
        if key in RANGES:
            lo, hi = RANGES[key]
            value = max(lo, min(hi, value))
        if self.values.get(key) != value:
            self.values[key] = value
            self.dirty = True

    def name(self, i):
        return self.values["names"][i]

    def set_name(self, i, name):
        names = list(self.values["names"])
        names[i] = clean_name(name, DEFAULTS["names"][i])
        self.set("names", names)

    def save(self):
        """Writes settings.json atomically if anything changed; returns False on a write error."""
        if not self.dirty:
            return True
        try:
            jsonfile.write(self.storage, FILE, self.values)
        except OSError:
            self.notice = "Could not save settings"
            return False
        self.dirty = False
        return True
