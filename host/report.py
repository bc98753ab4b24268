"""Text reports: leaderboards (`kocka scores`) and the game list (`kocka history`)."""
from host import db, dates
from host.games import title
from host.safetext import shown


def when(unix):
    return dates.short(unix)


def table(rows, header, align):
    """Aligned columns; every cell goes through shown() (device text is data)."""
    rows = [[shown(v) for v in r] for r in rows]
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
        block.append([r["name"], r["games"], r["wins"], "%.1f" % (r["average"] or 0), r["best"]])
    parts.append(_block(current, block))
    return "\n\n".join(parts)


def _block(game, rows):
    return "%s\n%s" % (shown(title(game)), table(rows, ["player", "games", "wins", "average", "best"],
                                          "<>>>>"))


def history(con, game=None, device=None, limit=20):
    rows = db.games(con, game=game, device=device, limit=limit)
    if not rows:
        return "no games yet: run `kocka sync`"
    out = []
    approx_any = False
    clash = db.conflicted(con)
    for r in rows:
        players = db.players_of(r)
        sc = db.scores_of(r)
        best = max(sc) if sc else None
        cells = []
        for i, p in enumerate(players):
            score = sc[i] if i < len(sc) else 0
            cells.append("%s%s %d" % ("*" if score == best else "", p, score))
        result = ", ".join(cells)
        if r["verified"] is None:
            status = "not checked yet"
        else:
            status = "ok" if r["verified"] else "REJECTED: %s" % (r["reason"] or "?")
        if (r["device"], r["epoch"], r["seq"]) in clash:
            status = "CONFLICT (kocka conflicts); " + status
        approx = "" if db.clock_known(r) else "~"
        approx_any = approx_any or bool(approx)
        out.append([approx + when(db.played_at(r)), "%s #%s" % (r["device"], r["seq"]),
                    title(r["game"]), result, status])
    text = table(out, ["played", "device #", "game", "result (* won)", "check"], "<<<<<")
    if approx_any:
        text += "\n(~: the device's clock was not set, or its date is impossible; the sync time is shown)"
    text += ("\n(ok: the replay checked the rules, the scores and the form of the names and "
             "times; names and clock times are as the device reported them)")
    return text


def _brief(raw):
    """One line about an encoded record: game, players and scores, or why not."""
    from shared_rules import records
    try:
        seq, game, players, scores, ended = records.summary(raw)
    except records.RecordError as e:
        return "undecodable (%s)" % (e,)
    pairs = ", ".join("%s %s" % (p, scores[i] if i < len(scores) else "?")
                      for i, p in enumerate(players))
    return "%s, %s, ended %s" % (title(game), pairs, when(ended))


def conflicts(con, device=None):
    """(text, count): every game another copy conflicts with, both copies side by side."""
    rows = db.conflicts(con, device)
    if not rows:
        return "no conflicts: every game came with the same content each time", 0
    out = []
    for r in rows:
        out.append(["%s #%s" % (r["device"], r["seq"]), when(r["seen_at"]),
                    _brief(r["stored_raw"]) if r["stored_raw"] is not None else "(none)",
                    _brief(r["raw"])])
    text = table(out, ["device #", "seen", "stored (counts)", "other copy (kept aside)"],
                 "<<<<")
    text += ("\n(the same game number came with other content: the device's log was "
             "replaced, or something else claims its id; the stored copy counts)")
    return text, len(rows)
