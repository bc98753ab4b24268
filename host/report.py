"""Reports: leaderboards with ratings (`kocka scores`), the game list (`kocka history`) and
the conflicts (`kocka conflicts`), as blocks for host/output.py."""
from host import db, dates, ratings, seats
from host.games import title
from host.output import Table, plain


def when(unix):
    return dates.short(unix)


def table(rows, header, align):
    """Aligned columns; every cell goes through shown() (device text is data)."""
    return Table(header, align, rows).plain()


def seat_kinds(con, game=None, include_rejected=False):
    """{(game, name): set of seat kinds} over the games the leaderboard counts."""
    out = {}
    for r in db.games(con, game=game, include_rejected=include_rejected):
        if r["game"] is None or (not include_rejected and r["verified"] != 1):
            continue
        names = db.players_of(r)
        for name, kind in zip(names, seats.kinds(r["raw"], len(names))):
            out.setdefault((r["game"], name), set()).add(kind)
    return out


def scores_blocks(con, game=None, include_rejected=False):
    rows = db.leaderboard(con, game, include_rejected)
    if not rows:
        return ["no games yet" + (" of %s" % title(game) if game else "") + ": run `kocka sync`"]
    rated = ratings.from_db(con, game, include_rejected)
    kinds = seat_kinds(con, game, include_rejected)
    by_game = {}
    for r in rows:
        by_game.setdefault(r["game"], []).append(r)
    blocks = []
    unknown_any = False
    for g, block in by_game.items():
        out = []
        for r in block:
            rt = rated.get(g, {}).get(r["name"])
            found = kinds.get((g, r["name"]), {None})
            unknown_any = unknown_any or None in found
            out.append((-(rt["rating"] if rt else ratings.START), r["name"], [
                r["name"], seats.label(found),
                "%d" % round(rt["rating"]) if rt else "-",
                "%+d" % round(rt["trend"]) if rt else "",
                r["games"], r["wins"], "%.1f" % (r["average"] or 0), r["best"]]))
        out.sort(key=lambda x: (x[0], x[1]))
        blocks.append(Table(["player", "seat", "rating", "trend", "games", "wins", "average",
                             "best"], "<<>>>>>>", [c for _, _, c in out], title=title(g)))
    notes = ["(rating: Elo over the verified games, 1000 to start; trend: its change over "
             "the player's last %d games; seat: as the device recorded it" % ratings.TREND_GAMES
             + ("; ?: the record does not say whether a person or a bot played)"
                if unknown_any else ")")]
    blocks[-1].notes = notes
    return blocks


def scores(con, game=None, include_rejected=False):
    return plain(scores_blocks(con, game, include_rejected))


def history_blocks(con, game=None, device=None, limit=20):
    rows = db.games(con, game=game, device=device, limit=limit)
    if not rows:
        return ["no games yet" + (" of %s" % title(game) if game else "") + ": run `kocka sync`"]
    total = db.count_games(con, game=game, device=device)
    out = []
    approx_any = False
    clash = db.conflicted(con)
    for r in rows:
        players = db.players_of(r)
        sc = db.scores_of(r)
        kinds = seats.kinds(r["raw"], len(players))
        best = max(sc) if sc else None
        cells = []
        for i, p in enumerate(players):
            score = sc[i] if i < len(sc) else 0
            bot = " (bot)" if i < len(kinds) and kinds[i] not in (seats.PERSON, None) else ""
            cells.append("%s%s%s %d" % ("*" if score == best else "", p, bot, score))
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
    notes = []
    if len(rows) < total:
        notes.append("(%d of %d games, newest first: --limit N shows more, --limit 0 all)"
                     % (len(rows), total))
    if approx_any:
        notes.append("(~: the device's clock was not set, or its date is impossible; the sync "
                     "time is shown)")
    notes.append("(ok: the replay checked the rules, the scores and the form of the names and "
                 "times; names and clock times are as the device reported them; "
                 "`kocka show N` replays a game move by move)")
    return [Table(["played", "device #", "game", "result (* won)", "check"], "<<<<<", out,
                  notes=notes)]


def history(con, game=None, device=None, limit=20):
    return plain(history_blocks(con, game, device, limit))


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
