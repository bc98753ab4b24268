"""`kocka export`: every stored game as JSON (an array) or CSV (a row per game).

JSON keeps the device's text exactly (JSON escapes control characters itself);
CSV cells go through safetext.csv_cell (control characters escaped, no cell a
spreadsheet would run as a formula). A date that cannot be one is null/empty.
"""
import csv
import io
import json

from host import db
from host.dates import iso
from host.safetext import csv_cell
from shared_rules import records


def _options(text):
    try:
        return json.loads(text) if text else None
    except (ValueError, TypeError):
        return None


def _cell(v):
    """A column value as JSON can hold it (a damaged row may hold bytes anywhere)."""
    if v is None or isinstance(v, (str, int, float)):
        return v
    return None


def game_dict(row, with_actions=True):
    players = db.players_of(row)
    scores = db.scores_of(row)
    d = {
        "device": _cell(row["device"]), "epoch": _cell(row["epoch"]), "seq": _cell(row["seq"]),
        "game": _cell(row["game"]),
        "options": _options(row["options"]),
        "seed": _seed(row["seed"]),
        "players": players, "scores": scores,
        "winners": [players[i] for i in records.winners(scores) if i < len(players)],
        "verified": None if row["verified"] is None else bool(row["verified"]),
        "reject_reason": _cell(row["reason"]),
        "played_at": iso(db.played_at(row)),
        "clock_known": db.clock_known(row),
        "started_at": iso(row["started"]), "duration_ms": _cell(row["duration_ms"]),
        "synced_at": iso(row["synced_at"]), "actions_count": _cell(row["n_actions"]),
    }
    if with_actions:
        try:
            d["actions"] = [list(a) for a in records.decode(row["raw"])["actions"]]
        except records.RecordError:
            d["actions"] = None
    return d


def _seed(v):
    try:
        return int(v) if v is not None else None
    except (ValueError, TypeError):
        return None


def to_json(con, game=None):
    """A JSON array, one game per line (compact, and `head`/`grep` still make sense)."""
    rows = db.games(con, game=game, newest_first=False)
    if not rows:
        return "[]"
    return "[\n" + ",\n".join(json.dumps(game_dict(r), separators=(",", ":")) for r in rows) \
        + "\n]"


CSV_FIELDS = ["device", "epoch", "seq", "game", "played_at", "verified", "reject_reason",
              "players", "scores", "winners", "duration_ms", "seed", "synced_at"]


def to_csv(con, game=None):
    out = io.StringIO()
    w = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for r in db.games(con, game=game, newest_first=False):
        d = game_dict(r, with_actions=False)
        d["players"] = ";".join(d["players"])
        d["scores"] = ";".join(str(s) for s in d["scores"])
        d["winners"] = ";".join(d["winners"])
        w.writerow(dict((k, csv_cell(d[k])) for k in CSV_FIELDS))
    return out.getvalue()
