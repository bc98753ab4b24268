"""Link play's screens from the main menu: host or join, and the lobby.

The lobby shows where this device can be reached (a simulator's address and port),
who is linked (each device's player name from its settings) and what the link says
(joining, a version mismatch, the host gone). The host chooses the game, its rule
options and the bot seats, and starts (Y, or A on "Start game"): every linked
player gets a seat. A guest waits there, and its game opens by itself when the host
starts one. B leaves link play (the others are told).

open(app) is the main menu's entry; the link code is loaded only from here, and
stays loaded while link play is open (app.link).
"""

from hal import api
from app import ui, font, games, sound
from app.screen import ListScreen, Item, Choice, Store, is_click
from app.link import session as S

_BOT_NAMES = ("ROBI", "DOKI", "ZIZI", "BUBU", "MIMI")   # as hot-seat bots are called
_INFO_Y = 34
_LIST_Y = 60
_STATUS_Y = 206


def open(app):
    """The main menu's "Link play": the lobby of the session open, or a new one."""
    if app.link is not None:
        app.link.to_lobby()
        app.push(LobbyScreen(app, app.link))
        return
    ports = S.ports_of(app.hal)
    if not ports:
        app.push(NoLinkScreen(app))
        return
    role = S.role_of(ports)
    if role is None:
        app.push(RoleScreen(app, ports))
        return
    if role == S.HOST:
        ports = S.ports_of(app.hal, True)
    begin(app, role, ports)


def resume(app, saved, play):
    """A linked game saved before a power cut (app.seats.resume_seats): the host hosts it
    again from its save, and the guests rejoin it; a guest's save rejoins the host (the
    game opens when the host welcomes it). With no link here the game goes on on this
    device, bots in the linked players' seats."""
    link = saved["meta"]["link"]
    seats = link.get("seats") or []
    me = S.device_id(app.hal.storage, app.hal.random_seed)
    role = S.HOST if link.get("host") == me else S.GUEST
    ports = S.ports_of(app.hal, role == S.HOST)
    setup = getattr(games.load(saved["game"]), "LINK", None)
    if not ports or S.role_of(ports) not in (None, role) or setup is None or \
            len(seats) != len(saved["players"]):
        sub = setup.KINDS[len(setup.KINDS) // 2] if setup is not None else "human"
        kinds = []
        for s in seats:
            kinds.append(s[2] or ("human" if s[1] == me else sub))
        app.show_notice("No link: bots play the linked players' seats", 5000)
        app.switch(lambda: play(app, kinds, saved["players"], saved["options"],
                                saved["seed"], saved))
        return
    session = begin(app, role, ports, lobby=role == S.GUEST)
    if role == S.HOST:
        session.resume(saved, setup)


def begin(app, role, ports, lobby=True):
    """Opens a session as `role` on `ports` (and its lobby); the link code stays loaded
    (App.purge leaves it) until link play ends."""
    session = S.LinkSession(app, role, ports)
    from app.link import play  # noqa: F401 (loaded now: kept with the session)
    app.link = session
    S.keep(app)
    if lobby:
        app.push(LobbyScreen(app, session))
    return session


def end(app):
    """Link play ends: the others are told, and its code may leave RAM again."""
    if app.link is not None:
        app.link.close()
    S.release(app)


def load_setup(app, game):
    """(the setup class of `game` (its setup module's LINK, or None), the modules its
    loading brought in): app.forget(those) gives their RAM back."""
    import sys
    before = set(sys.modules)
    try:
        setup = getattr(games.load(game), "LINK", None)
    except Exception:
        setup = None
    return setup, [n for n in sys.modules if n not in before]


def linkable(app):
    """[Game] of the games that can be played linked (their setup module's LINK). Each
    setup is loaded to look and forgotten again: the lobby keeps only the chosen one's."""
    out = []
    for g in games.menu():
        setup, loaded = load_setup(app, g.id)
        if setup is not None:
            out.append(g)
        setup = None
        app.forget(loaded, later=True)
    return out


class NoLinkScreen(ListScreen):
    """Nothing to link with: says how to wire or start one."""
    hints = (("B", "Back"),)

    def __init__(self, app):
        ListScreen.__init__(self, app, "Link play", [])

    def on_event(self, ev):
        if is_click(ev, api.KEY_B) or is_click(ev, api.KEY_A):
            self.app.pop()

    def draw(self, fb):
        ui.clear(fb)
        ui.header(fb, self.title)
        y = 50
        for line in ("Nothing to link with.", "", "Kockas: a link cable", "between them.",
                     "", "Simulator: start it with", "--link host, or", "--link join ADDRESS"):
            ui.centered(fb, line, y, ui.TEXT)
            y += 18
        ui.footer(fb, self.hints)


class RoleScreen(ListScreen):
    """Host a game or join one (a cable can do either)."""

    def __init__(self, app, ports):
        self.ports = ports
        ListScreen.__init__(self, app, "Link play", [
            Item("Host a game", lambda a: self.go(S.HOST)),
            Item("Join a game", lambda a: self.go(S.GUEST))])

    def go(self, role):
        self.app.pop()
        # a host also gets the ports only a host uses (the Pico's LINK C)
        ports = S.ports_of(self.app.hal, True) if role == S.HOST else self.ports
        begin(self.app, role, ports)


class LobbyScreen(ListScreen):
    def __init__(self, app, session):
        self.session = session
        self.hosting = session.host is not None
        self.values = {"game": 0, "bots": 0, "level": 0}
        self.store = Store(self.values)
        self.games = linkable(app) if self.hosting else []
        self._setup = None      # (game index, setup class, the modules it loaded)
        ListScreen.__init__(self, app, "Link play", [])
        self.shown = None
        if self.hosting:
            self.hints = (("Y", "Start"), (font.LEFT + font.RIGHT, "Set"), ("B", "Leave"))
            self.build()
        else:
            self.hints = (("B", "Leave"),)

    # -- the host's rows -----------------------------------------------------------
    def setup(self):
        """The chosen game's setup class, loaded when chosen: the others' setup modules
        stay out of RAM (a lobby with all four loaded went over the heap budget)."""
        if not self.games:
            return None
        i = self.values["game"]
        if self._setup is None or self._setup[0] != i:
            if self._setup is not None:
                self._setup = None
                self.app.forget([n for n in self._loaded if n not in self.app.core_modules],
                                later=True)
            setup, self._loaded = load_setup(self.app, self.games[i].id)
            self._setup = (i, setup)
        return self._setup[1]

    def build(self, app=None):
        v = self.values
        items = [Item("Start game", lambda a: self.start())]
        if not self.games:
            self.items = items
            return
        titles = tuple(g.title for g in self.games)
        items.append(Choice("Game", "game", tuple(range(len(titles))), titles, self.build,
                            self.store))
        setup = self.setup()
        most = max(setup.PLAYER_COUNTS) - 1
        if v["bots"] > most:
            v["bots"] = most
        items.append(Choice("Bots", "bots", tuple(range(most + 1)),
                            tuple(str(n) for n in range(most + 1)), None, self.store))
        levels = setup.KINDS[1:]
        if v["level"] >= len(levels):
            v["level"] = 0
        items.append(Choice("Bot level", "level", tuple(range(len(levels))),
                            tuple(setup.KIND_LABELS[1:]), None, self.store))
        for label, key, values, labels in setup.OPTIONS:
            if key not in v or v.get("for") != setup.GAME:
                v[key] = setup.DEFAULT[key]
            items.append(Choice(label, key, values, labels, None, self.store))
        v["for"] = setup.GAME
        self.items = items
        if self.index >= len(items):
            self.index = len(items) - 1

    def start(self):
        s = self.session
        setup = self.setup()
        if setup is None:
            self.app.show_notice("No game here can be played linked")
            return
        members = s.members()
        n = len(members) + self.values["bots"]
        if len(members) < 2:
            self.app.show_notice("Nobody has joined yet")
            self.app.sound.play(sound.ERROR)
            return
        if n not in setup.PLAYER_COUNTS:
            self.app.show_notice("%s takes %d-%d players" % (
                setup.TITLE, min(setup.PLAYER_COUNTS), max(setup.PLAYER_COUNTS)))
            self.app.sound.play(sound.ERROR)
            return
        if not self.app.room_for_a_game():   # a finished game waits for a sync: said
            return
        bots = self.values["bots"]
        kind = setup.KINDS[1 + self.values["level"]]
        options = {}
        for row in setup.OPTIONS:
            options[row[1]] = self.values[row[1]]
        self.app.sound.play(sound.OK)
        s.start(setup.GAME, setup, options, [(_BOT_NAMES[i], kind) for i in range(bots)])

    # -- input and frames -----------------------------------------------------------
    def on_event(self, ev):
        if is_click(ev, api.KEY_B):
            end(self.app)
            self.app.pop()
            return
        if not self.hosting:
            return
        if is_click(ev, api.KEY_Y):
            self.start()
            return
        ListScreen.on_event(self, ev)

    def back(self):
        end(self.app)
        self.app.pop()

    def visible_rows(self):
        return (_STATUS_Y - _LIST_Y) // ui.ROW_H

    def update(self, now):
        s = self.session
        shown = (s.status, tuple(m[1] for m in s.members()), s.guest is not None and
                 s.guest.phase)
        if shown != self.shown:
            self.shown = shown
            self.app.invalidate()

    def draw(self, fb):
        s = self.session
        ui.clear(fb)
        ui.header(fb, self.title, "host" if self.hosting else "guest")
        where = s.where
        if where:
            font.draw(fb, ("Address " if self.hosting else "Host ") + where, 8, _INFO_Y,
                      ui.DIM, font.SMALL)
        names = [m[1] for m in s.members()]
        font.draw(fb, "Linked: " + (", ".join(names) if names else "nobody yet"), 8,
                  _INFO_Y + 12, ui.TEXT, font.SMALL)
        if self.hosting:
            self.draw_rows(fb)
        else:
            g = s.guest
            if g is not None and g.phase == "lobby":
                host = names[0] if names else "the host"
                ui.centered(fb, "Waiting for %s" % host, 100, ui.TEXT)
                ui.centered(fb, "to start a game", 120, ui.TEXT)
            elif g is not None and g.phase == "joining":
                ui.centered(fb, "Joining" + font.ELLIPSIS, 100, ui.TEXT)
        if s.status:   # a version mismatch's sentence takes up to three lines
            lines = font.wrap(s.status, ui.W - 16, font.SMALL)[:3]
            y = _STATUS_Y + 12 - 12 * len(lines)
            if len(lines) > 1:
                fb.fill_rect(0, y - 2, ui.W, _STATUS_Y + 12 - y, ui.BG)
            for line in lines:
                font.draw(fb, line, 8, y, ui.ACCENT, font.SMALL)
                y += 12
        ui.footer(fb, self.hints)

    def draw_rows(self, fb):
        y = _LIST_Y
        rows = self.visible_rows()
        end_ = min(len(self.items), self.top + rows)
        for i in range(self.top, end_):
            item = self.items[i]
            if i == self.index:
                ui.round_rect(fb, 4, y, ui.W - 8, ui.ROW_H - 2, ui.PANEL_HI)
                fb.fill_rect(4, y + 4, 3, ui.ROW_H - 10, ui.ACCENT)
            font.draw(fb, item.label(), 14, y + 5, ui.TEXT)
            item.draw_value(fb, self.app, ui.W - 12, y + 5, i == self.index)
            y += ui.ROW_H
        ui.scroll_marks(fb, self.top > 0, end_ < len(self.items))
