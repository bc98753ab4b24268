"""`kocka export`: every stored game as JSON (an array) or CSV (a row per game)."""
import csv
import datetime
import io
import json

from host import db
from shared_rules import records


def iso(unix):
    if not unix:
        return None
    return datetime.datetime.fromtimestamp(unix, datetime.timezone.utc).isoformat().replace(
        "+00:00", "Z")


def game_dict(row, with_actions=True):
    players = json.loads(row["players"]) if row["players"] else []
    scores = json.loads(row["scores"]) if row["scores"] else []
    d = {
        "device": row["device"], "epoch": row["epoch"], "seq": row["seq"],
        "game": row["game"],
        "options": json.loads(row["options"]) if row["options"] else None,
        "seed": int(row["seed"]) if row["seed"] is not None else None,
        "players": players, "scores": scores,
        "winners": [players[i] for i in records.winners(scores) if i < len(players)],
        "verified": None if row["verified"] is None else bool(row["verified"]),
        "reject_reason": row["reason"],
        "played_at": iso(db.played_at(row)),
        "clock_known": bool(row["ended"]),
        "started_at": iso(row["started"]), "duration_ms": row["duration_ms"],
        "synced_at": iso(row["synced_at"]), "actions_count": row["n_actions"],
    }
    if with_actions:
        try:
            d["actions"] = [list(a) for a in records.decode(row["raw"])["actions"]]
        except records.RecordError:
            d["actions"] = None
    return d


def to_json(con, game=None):
    rows = db.games(con, game=game, newest_first=False)
    return json.dumps([game_dict(r) for r in rows], indent=1)


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
        w.writerow(dict((k, d[k]) for k in CSV_FIELDS))
    return out.getvalue()
