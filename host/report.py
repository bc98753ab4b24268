"""Text reports: leaderboards (`kocka scores`) and the game list (`kocka history`)."""
import json
import time

from host import db
from host.games import title


def when(unix):
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(unix)) if unix else "?"


def table(rows, header, align):
    cols = [header] + rows
    widths = [max(len(str(r[i])) for r in cols) for i in range(len(header))]
    out = []
    for r in cols:
        cells = []
        for i, v in enumerate(r):
            v = str(v)
            cells.append(v.rjust(widths[i]) if align[i] == ">" else v.ljust(widths[i]))
        out.append("  ".join(cells).rstrip())
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out)


def scores(con, game=None, include_rejected=False):
    rows = db.leaderboard(con, game, include_rejected)
    if not rows:
        return "no games yet" + (" of %s" % game if game else "") + ": run `kocka sync`"
    parts = []
    current = None
    block = []
    for r in rows:
        if r["game"] != current:
            if block:
                parts.append(_block(current, block))
            current = r["game"]
            block = []
        block.append([r["name"], r["games"], r["wins"], "%.1f" % r["average"], r["best"]])
    parts.append(_block(current, block))
    return "\n\n".join(parts)


def _block(game, rows):
    return "%s\n%s" % (title(game), table(rows, ["player", "games", "wins", "average", "best"],
                                          "<>>>>"))


def history(con, game=None, device=None, limit=20):
    rows = db.games(con, game=game, device=device, limit=limit)
    if not rows:
        return "no games yet: run `kocka sync`"
    out = []
    approx_any = False
    for r in rows:
        players = json.loads(r["players"]) if r["players"] else []
        sc = json.loads(r["scores"]) if r["scores"] else []
        best = max(sc) if sc else None
        result = ", ".join("%s%s %d" % ("*" if sc and sc[i] == best else "", p, sc[i] if i < len(sc) else 0)
                           for i, p in enumerate(players))
        if r["verified"] is None:
            status = "not checked yet"
        else:
            status = "ok" if r["verified"] else "REJECTED: %s" % (r["reason"] or "?")
        approx = "" if r["ended"] else "~"
        approx_any = approx_any or bool(approx)
        out.append([approx + when(db.played_at(r)), "%s #%d" % (r["device"], r["seq"]),
                    title(r["game"]), result, status])
    text = table(out, ["played", "device #", "game", "result (* won)", "check"], "<<<<<")
    if approx_any:
        text += "\n(~: the device's clock was not set; the sync time is shown)"
    return text
