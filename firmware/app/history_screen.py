"""The history screen: finished games from the game log, newest first.

Streams the log: one page of PAGE summaries at a time (read segment by
segment), with "Older games" at the end to page on. A opens a game's detail
(app.history_detail).
"""

from app import ui, font, gamelog
from app.screen import ListScreen, Item
from app.history_words import game_title

PAGE = 12


def winner_text(players, scores):
    if not scores:
        return ""
    best = max(scores)
    names = [players[i] if i < len(players) else "?" for i in range(len(scores))
             if scores[i] == best]
    if len(names) > 1:
        return "tie %d" % (best,)
    return "%s %d" % (names[0], best)


class _GameItem(Item):
    def __init__(self, summary):
        seq, game, players, scores, ended = summary
        Item.__init__(self, "#%d %s" % (seq, game_title(game)), self._open)
        self.summary = summary
        self.win = winner_text(players, scores)

    def _open(self, app):
        from app.history_detail import GameDetail   # loaded only while a detail is open
        app.push(GameDetail(app, self.summary))

    def draw_value(self, fb, app, right, y, selected):
        font.draw(fb, self.win, right - font.width(self.win, font.SMALL), y + 2,
                  ui.ACCENT if selected else ui.DIM, font.SMALL)


class _Disabled(Item):
    def enabled(self):
        return False


UNREADABLE = "Flash read error: some games not shown (they are kept)"


class HistoryScreen(ListScreen):
    hints = (("A", "Open"), ("B", "Back"))

    def current_hints(self):
        """A is offered only on a row it opens (not on "No finished games yet")."""
        if self.items and self.items[self.index].enabled():
            return self.hints
        return (("B", "Back"),)

    def __init__(self, app, log=None):
        self.log = log or gamelog.shared(app.hal.storage, app.hal.random_seed)
        ListScreen.__init__(self, app, "History", [])
        self.page_before = [self.log.last + 1]  # a stack of page starts for "Newer"
        self.load(self.log.last + 1)

    def load(self, before):
        errors = self.log.read_errors
        rows = self.log.newest(before, PAGE + 1)
        if self.log.read_errors > errors:
            self.app.show_notice(UNREADABLE, 4000)
        items = []
        if len(self.page_before) > 1:
            items.append(Item("Newer games", self._newer))
        for s in rows[:PAGE]:
            items.append(_GameItem(s))
        if len(rows) > PAGE:
            nxt = rows[PAGE - 1][0]
            items.append(Item("Older games", lambda app: self._older(nxt)))
        if not items:
            items.append(_Disabled("No finished games yet" if self.log.read_errors <= errors
                                   else "Games could not be read"))
        self.items = items
        self.index = 0
        self.top = 0
        self.app.invalidate()

    def _older(self, before):
        self.page_before.append(before)
        self.load(before)

    def _newer(self, app):
        if len(self.page_before) > 1:
            self.page_before.pop()
        self.load(self.page_before[-1])

    def draw(self, fb):
        ListScreen.draw(self, fb)
        n = self.log.count()
        right = ui.count(n, "game")
        # left of the scroll arrows (ui.scroll_marks)
        font.draw(fb, right, ui.W - 30 - font.width(right, font.SMALL), 10, ui.DIM, font.SMALL)
