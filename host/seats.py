"""Who sat in each seat of a game: a person or a bot, from the record's meta.

The device writes the seats' kinds into the record's meta: {"kinds": ["human",
"hard", ...]} for the seat games (Kocka 10000, Coloretto, Cubingos), {"levels": [...],
"human": bool} for Cubo against bots (the person, if any, in seat 0), {"table": True}
for Cubo at the table (every seat a person with real dice). A record without any of
them (an older firmware, a test) says nothing: its seats are unknown, never guessed.
The meta is not verified (no replay can know it), so this is as the device reported.
"""
from shared_rules import records

PERSON = "person"
UNKNOWN = None


def kinds(raw, n):
    """[PERSON | bot level ("easy", "hard", ...) | None] for the n seats of a raw record."""
    try:
        meta = records.decode(raw).get("meta") or {}
    except records.RecordError:
        return [UNKNOWN] * n
    if not isinstance(meta, dict):
        return [UNKNOWN] * n
    ks = meta.get("kinds")
    if isinstance(ks, list) and len(ks) == n:
        return [PERSON if k == "human" else (str(k) if isinstance(k, str) else "bot")
                for k in ks]
    levels = meta.get("levels")
    if isinstance(levels, list):
        human = meta.get("human", True) is True
        out = ([PERSON] if human else []) + [str(v) for v in levels]
        if len(out) == n:
            return out
    if meta.get("table") is True:
        return [PERSON] * n
    return [UNKNOWN] * n


def label(found):
    """How a leaderboard shows a player's seats: "bot (hard)", "person", "?" ..."""
    found = set(found)
    bots = sorted(k for k in found if k not in (PERSON, UNKNOWN))
    parts = []
    if PERSON in found:
        parts.append("person")
    if bots:
        parts.append("bot (%s)" % ", ".join(bots))
    if UNKNOWN in found:
        parts.append("?")
    return " / ".join(parts) or "?"

