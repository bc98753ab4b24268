"""A finished game's detail, opened from the history list: the game, its date (or "date
unknown") and duration, its options, the ranking, and whether a PC has it already.
"""

from app import ui, font, gamelog
from app.screen import Screen, is_back
from app.history_words import civil_date, game_title


def detail_lines(rec):
    """The detail's texts for a record head (records' fields before the actions): the
    date (or "date unknown": no PC had set the clock) with the duration, the options,
    and the ranking [(rank, name, score)]."""
    ended = rec.get("ended") or 0
    when = civil_date(ended) + " UTC" if ended else "date unknown"
    mins = (rec.get("duration") or 0) // 60000
    if mins:
        when += ", %d min" % mins
    opts = rec.get("options") or {}
    keys = [k for k in opts if k != "humans"]   # humans: the seats, shown as the players
    keys.sort()
    words = []
    for k in keys:
        v = opts[k]
        if v is True or v is False:
            v = "on" if v else "off"
        words.append("%s %s" % (k.replace("_", " "), v))
    players = rec.get("players") or []
    scores = rec.get("scores") or []
    ranking = [(r, players[q] if q < len(players) else "?", scores[q])
               for r, q in ui.ranked(scores)]
    return when, ", ".join(words) or "standard rules", ranking


def read_head(app, seq):
    """The record's fields up to its actions (no action list in RAM), or None."""
    from shared_rules import records
    try:
        data = gamelog.shared(app.hal.storage).get(seq)
        return records._Reader(data).head()[1] if data else None
    except Exception:   # unreadable now: the list's summary is shown instead
        return None


class GameDetail(Screen):
    def __init__(self, app, summary):
        Screen.__init__(self, app)
        self.summary = summary
        self.title = "Game #%d" % summary[0]
        seq, game, players, scores, ended = summary
        rec = read_head(app, seq) or {"players": players, "scores": scores, "ended": ended}
        self.when, self.options, self.ranking = detail_lines(rec)

    def on_event(self, ev):
        if is_back(ev):
            self.app.pop()

    def draw(self, fb):
        seq, game, players, scores, ended = self.summary
        ui.clear(fb)
        ui.header(fb, self.title)
        font.draw(fb, game_title(game), 14, 38, ui.ACCENT)
        font.draw(fb, self.when, 14, 58, ui.DIM, font.SMALL)
        y = font.draw_wrapped(fb, "Options: " + self.options, 14, 72, ui.W - 28, ui.DIM,
                              font.SMALL)
        y += 6
        for rank, name, sc in self.ranking:
            color = ui.ACCENT if rank == 1 else ui.TEXT
            font.draw(fb, "%d. %s" % (rank, name), 20, y, color)
            s = "%d" % sc
            font.draw(fb, s, ui.W - 20 - font.width(s), y, color)
            y += 18
        log = gamelog.shared(self.app.hal.storage)
        synced = seq <= log.ack
        font.draw(fb, "synced to PC" if synced else "not synced yet", 14, ui.H - ui.FOOTER_H - 14,
                  ui.GOOD if synced else ui.DIM, font.SMALL)
        ui.footer(fb, (("B", "Back"),))
