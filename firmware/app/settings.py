"""The user's settings: defaults, validation, and persistence as settings.json.

A missing file gives the defaults silently; an unreadable or damaged one gives
the defaults and a `notice` the app shows once, never a crash. Values that are
present but out of range are clamped, so one bad field does not cost the rest.
"""

import json

FILE = "settings.json"
MAX_NAME = 8
MAX_PLAYERS = 6

DEFAULTS = {
    "sound": True,
    "volume": 60,       # 0-100
    "led": 40,          # LED brightness 0-100
    "screen": 80,       # backlight 10-100
    "names": ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"],
}
RANGES = {"volume": (0, 100), "led": (0, 100), "screen": (10, 100)}


def clean_name(name, fallback):
    if not isinstance(name, str):
        return fallback
    out = ""
    for ch in name.upper():
        if " " <= ch <= "~":
            out += ch
    out = out.strip()[:MAX_NAME]
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
        raw = None
        try:
            raw = self.storage.read(FILE)
        except OSError:
            self.notice = "Settings unreadable: defaults used"
            return
        if raw is None:
            return
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeError):
            self.notice = "Settings damaged: defaults restored"
            return
        self._merge(data)

    def _merge(self, data):
        for k in RANGES:
            v = data.get(k)
            if isinstance(v, int) and not isinstance(v, bool):
                lo, hi = RANGES[k]
                self.values[k] = max(lo, min(hi, v))
        if isinstance(data.get("sound"), bool):
            self.values["sound"] = data["sound"]
        names = data.get("names")
        if isinstance(names, list):
            d = DEFAULTS["names"]
            self.values["names"] = [clean_name(names[i] if i < len(names) else None, d[i])
                                    for i in range(MAX_PLAYERS)]

    def get(self, key):
        return self.values[key]

    def set(self, key, value):
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
            self.storage.write(FILE, json.dumps(self.values).encode())
        except OSError:
            self.notice = "Could not save settings"
            return False
        self.dirty = False
        return True
