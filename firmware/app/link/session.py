"""Link play's session on this device: hosting or joining, over the HAL's link ports.

Owns the link layer's Host or Guest (shared_rules.link) for as long as link play is
open (app.link), from the lobby through the games played and back: it polls the
link every frame (App.advance calls poll), turns the link's events into notices,
opens the linked game's play screen on every device (a guest's when the host's
WELCOME has arrived and the guest is level), and reopens it when a guest had to be
brought level again (it rejoined, or the host refused what it showed ahead).

A seat is, on each device: this device's human ("human"), a bot (its level; it plays
on the host), or a human of another device ("linked"). The play screen's State is its
own (a guest keeps no second one once it is open); app.link.play keeps it level with the
host's.

The heap (docs/link.md): only the role's code is loaded (shared_rules.link.host or
.guest), and a cable with no peer is closed while it cannot serve (close()/reopen(), the
cables' buffers back to the heap): a guest keeps only the port its host answered on,
a host closes the ports without a guest when a game starts and opens them again in the
lobby after it, and every cable is closed when link play ends.
"""

from shared_rules.link.channel import Channel
from app.link.wake import waiting
from app.version import VERSION

HOST = "host"
GUEST = "guest"
LINKED = "linked"      # the kind of a seat whose human plays on another device

_NOTE_MS = 4000
_HOST_GONE = "The host is gone: waiting for it"


def device_id(storage, random_seed):
    """This device's id: its game log's (so a linked game's records name the device they
    come from), or a fresh one if the log has none yet."""
    from app import jsonfile
    try:
        info, how = jsonfile.read(storage, "log.json")
    except OSError:
        info = None
    dev = info.get("device") if isinstance(info, dict) else None
    if isinstance(dev, str) and dev:
        return dev
    return "%08x" % (random_seed() & 0x3FFFFFFF)


def ports_of(hal, host=False):
    """The HAL's link ports (transports): hal.link_ports(), [] when it has none; a host's
    also those only a host uses (the Pico's LINK C, so a guest never opens it)."""
    f = getattr(hal, "link_ports", None)
    if f is None:
        return []
    return list(f(True)) if host else list(f())


def role_of(ports):
    """HOST or GUEST when every port can only do that (a TCP listener, a TCP client),
    else None (a cable: the player chooses)."""
    roles = [getattr(p, "role", None) for p in ports]
    if roles and roles[0] in (HOST, GUEST) and roles.count(roles[0]) == len(roles):
        return roles[0]
    return None


class LinkSession:
    def __init__(self, app, role, ports):
        hal = app.hal
        self.app = app
        self.role = role
        self.ports = ports
        where = []
        for p in ports:   # a TCP host's guest slots share one address: shown once
            w = getattr(p, "where", "")
            if w and w not in where:
                where.append(w)
        self.where = " ".join(where)
        self.device = device_id(hal.storage, hal.random_seed)
        self.name = app.settings.name(0)
        self.now = app.now
        self.game = None        # the game id of the linked game open or about to open
        self.sub = None         # the bot level that plays a gone player's seat
        self.bound = None       # the play screen's binding (app.link.play.LinkedPlay)
        self.timed = False      # the game is played in real time (its descriptor's timed)
        self.opened = None      # the guest's WELCOME (its count) the open screen is of
        self.status = ""        # the lobby's line: linking, rejected, the host gone...
        self.nag_at = 0         # when "the host is gone" is said again in a game
        self.host = None
        self.guest = None
        self.candidates = []
        self.unread = 0         # bytes the last poll left waiting on the ports (app.link.wake)
        self.fresh = False      # a port was dropped for the game (to_lobby asks the HAL again)
        for t in ports:   # a cable: the role's buffers (hal/link_cable.py)
            f = getattr(t, "for_role", None)
            if f is not None:
                f(role)
        if role == HOST:
            from shared_rules.link.host import Host, GUEST_FRAME
            self.host = Host(self.device, self.name, VERSION)
            for t in ports:
                self.host.add_port(Channel(t, hal.random_seed(), read_max=GUEST_FRAME))
        else:
            from shared_rules.link.guest import Guest
            # a guest on each port until one reaches a host (a cable in either socket)
            self.candidates = [Guest(Channel(t, hal.random_seed()), self.device, self.name,
                                     VERSION) for t in ports]
            self.status = "Looking for the host\u2026"

    # -- the lobby's view -----------------------------------------------------------
    def members(self):
        """[[device, name], ...]: the host first."""
        if self.host is not None:
            return self.host.members()
        return self.guest.members if self.guest is not None else []

    def awaiting(self):
        """True while this guest's request has had no answer from the host yet."""
        return self.guest is not None and self.guest.pending is not None

    # -- every frame --------------------------------------------------------------
    def poll(self, now):
        self.now = now
        if self.host is not None:
            self.host.tick(now)
            events = self.host.take_events()
        else:
            events = self.poll_guest(now)
        for kind, device, text in events:
            self.event(kind, text)
        if self.bound is not None:
            self.bound.pump(now)
        elif self.guest is not None:
            self.maybe_open()
        self.unread = waiting(self.ports)

    def poll_guest(self, now):
        g = self.guest
        if g is None:
            for c in self.candidates:
                c.tick(now)
                if c.phase != "linking":
                    g = self.guest = c
                    self.candidates = []
                    close_ports([p for p in self.ports if p is not c.ch.transport])
                    break
            if g is None:
                return ()
        else:
            g.tick(now)
        events = g.take_events()
        phase = g.phase
        if phase == "lobby" or phase == "playing":
            self.status = ""
        elif phase == "linking" and self.bound is not None and now >= self.nag_at:
            # in a game with the host gone: said until it is back
            self.nag_at = now + _NOTE_MS // 2
            self.app.show_notice(_HOST_GONE, _NOTE_MS // 2 + 500)
        elif phase == "rejected":
            self.status = g.reason or "The host refused"
        return events

    def event(self, kind, text):
        """A link event, said on screen."""
        if kind in ("gone", "left", "host_gone") and self.game is not None:
            # in a game: whoever went (cut, switched off or quit) leaves a bot in the seat
            if kind == "host_gone":
                text = _HOST_GONE
                self.status = text
                self.nag_at = self.now + _NOTE_MS
            else:
                text = text + ": a bot plays for them"
        elif kind == "host_gone":     # in the lobby: said there until it is back
            text = _HOST_GONE
            self.status = text
        elif kind == "back" or kind == "joined":
            self.status = ""
        elif kind == "ended":
            self.status = text
            self.end_game()
        elif kind in ("rejected", "mismatch", "version"):
            self.status = text
        elif kind == "refused" and self.bound is not None:
            self.bound.refused(text)
        self.app.show_notice(text, _NOTE_MS)

    # -- games -----------------------------------------------------------------------
    def start(self, game, setup, options, bots):
        """The host starts `game` (its setup class `setup`) with every member seated
        (the host first) and `bots` ([(name, level), ...]) after them."""
        import shared_rules.link.lobby as lobby
        host = self.host
        seats = lobby.seats(host.members(), bots, host.device)
        # one name per seat: the records and the ratings count each seat as a person
        taken = []
        for seat in seats:
            name = seat[0]
            n = 2
            while seat[0] in taken:
                seat[0] = "%s%d" % (name[:7], n)
                n += 1
            taken.append(seat[0])
        seed = self.app.hal.random_seed()

        def begin():
            host.start(game, seats, self.now, options, seed)
            # a port with no guest now can only be refused until the game ends: its cable
            # closed and its channel dropped (a fresh one in the lobby after the game)
            idle = [p for p in host.ports if not p.ch.up]
            for p in idle:
                host.ports.remove(p)
            close_ports([p.ch.transport for p in idle])
            # a closed port the HAL opens afresh (LINK C) is dropped: its driver leaves RAM
            kept = [t for t in self.ports if not (getattr(t, "FRESH", False) and t.closed)]
            if len(kept) < len(self.ports):
                self.ports = kept
                self.fresh = True
        self.game = game
        self.open_game(setup, begin)

    def resume(self, saved, setup):
        """The host goes on with a linked game saved before a power cut: the same seats,
        seed and actions; the guests rejoin it and catch up."""
        link = saved["meta"]["link"]
        self.host.start(saved["game"], link["seats"], self.now, saved["options"],
                        saved["seed"], saved["actions"])
        self.game = saved["game"]
        self.open_game(setup, None, saved)

    def maybe_open(self):
        """A guest opens the game once the host's WELCOME and every action are here (and
        the player is not in a game of this device's own)."""
        g = self.guest
        if g.phase != "playing" or not g.caught_up() or g.welcomes == self.opened:
            return
        top = self.app.top()
        if getattr(top, "in_game", False) or self.app.pending is not None:
            return
        self.game = g.game
        self.status = ""
        self.open_game(None, None)

    def reopen(self):
        """A guest's screen went ahead of the host or lost it: the game is opened afresh
        from the host's actions once they are all here."""
        self.bound = None
        self.opened = None
        self.app.home()

    def open_game(self, setup, begin, saved=None):
        """Opens the linked game's play screen with the actions of the game played so far
        (a guest's catching up; a host's resume, from its `saved` game). Its work is done
        in the next frame, once the lobby has left RAM (app.switch): begin() (the host's
        start), and the game's setup class loaded (`setup`, or its setup module's LINK
        for a guest); of the setup only the play screen's factory is used, and its module
        leaves RAM with the screen built."""
        app = self.app
        game = self.game
        from shared_rules import registry
        self.timed = registry.find(game).timed
        # a State built already (a guest's, from the WELCOME; a resumed host's) keeps the
        # rules' modules it was built from loaded, for the screen's (purged, the game
        # would load a second copy of them)
        rules = "shared_rules." if begin is None else None

        def build():
            if begin is not None:
                begin()
            host = self.host
            src = host if host is not None else self.guest
            if host is None:
                # the screen's State takes the host's actions from here: the guest's
                # own leaves the heap before the screen builds its own
                self.opened = src.welcomes
                src.drop_state()
            self.count = count = len(src.actions)
            link = setup
            loaded = ()
            if link is None:
                import sys
                from app import games
                before = set(sys.modules)
                link = getattr(games.load(game), "LINK", None)
                # the setup's modules (not the rules' or the descriptor the game uses) are
                # forgotten once the screen is built, as a setup screen's are
                loaded = [n for n in sys.modules if n not in before and not (
                    n.startswith("shared_rules.") or n.endswith(".descriptor"))]
                before = None
                if link is None:
                    # this Kocka's build has no linked screens for the game (an older
                    # one): link play ends, said over the main menu (the lobby's module
                    # is not held through the games for this)
                    why = "This Kocka cannot play %s linked" % (games.title(game) or game)
                    self.close()
                    app.show_notice(why, 5000)
                    return app.main_menu()
            levels = link.KINDS
            self.sub = levels[len(levels) // 2]   # the middle level
            seats = self.seats()
            names = [s[0] for s in seats]
            options = src.options
            seed = src.seed
            old = saved
            if count and old is None:
                old = {"v": 1, "game": game, "options": options, "seed": seed,
                       "players": names, "meta": self.meta(), "started": 0,
                       "actions": list(src.actions), "elapsed": 0, "repair": True}
            screen = link.play_screen(app, self.kinds(), names, options, seed, old)
            screen.paused = False   # a linked game goes on: nobody waits for this one
            if loaded:   # but a package of the game's modules
                import sys
                app.forget([n for n in loaded if not [
                    m for m in sys.modules if m.startswith(n + ".")]], later=True)
            return screen
        app.switch(build, rules)

    def bind(self, screen):
        """The play screen of this session's game is being built: its binding."""
        from app.link.play import LinkedPlay
        self.bound = LinkedPlay(self, screen, self.count)
        return self.bound

    def seats(self):
        return self.host.seats if self.host is not None else self.guest.seats

    def kinds(self):
        """Each seat's kind on this device: "human" (here), a bot's level, LINKED."""
        out = []
        for s in self.seats():
            if s[2]:
                out.append(s[2])
            elif s[1] == self.device:
                out.append("human")
            else:
                out.append(LINKED)
        return out

    def remote(self):
        """The seats this device does not play: other devices' humans, and on a guest
        the bots too (they play on the host)."""
        out = []
        seats = self.seats()
        for p in range(len(seats)):
            s = seats[p]
            if s[2] and self.host is None or not s[2] and s[1] != self.device:
                out.append(p)
        return out

    def meta(self):
        """The save's and the record's meta, the same on every device: the host's kinds
        (a human for each person) and the link's seats and host."""
        seats = self.seats()
        host = self.host.device if self.host is not None else self.guest.host
        return {"kinds": [s[2] or "human" for s in seats],
                "link": {"host": host, "seats": seats}}

    def end_game(self):
        """The host ended link play: a guest's unfinished game is dropped, as a quit, and
        link play is over here too (Link play starts afresh)."""
        bound = self.bound
        self.bound = None
        self.game = None
        if bound is not None and not bound.screen.st.is_terminal():
            bound.screen.rec.abandon()
            self.app.home()
        release(self.app)

    def left(self, state):
        """This device's player left the game screen (quit, or after the end)."""
        self.bound = None
        if state.is_terminal():
            return
        if self.host is not None:
            self.host.end("%s quit the game" % self.name)
        else:
            self.guest.leave()
        self.send_last()
        release(self.app)

    def to_lobby(self):
        """After a finished game, the host's lobby takes members again."""
        host = self.host
        if host is not None and host.phase == "playing" and host.state.is_terminal():
            host.to_lobby()
            self.game = None
            have = [p.ch.transport for p in host.ports]
            if self.fresh:   # the ports dropped for the game: the HAL's afresh
                self.fresh = False
                self.ports = ports_of(self.app.hal, True)
            from shared_rules.link.host import GUEST_FRAME
            for t in self.ports:
                if t not in have:   # closed while the game played
                    t.reopen()
                    host.add_port(Channel(t, self.app.hal.random_seed(),
                                          read_max=GUEST_FRAME))

    def close(self):
        """Link play ends (B in the lobby): the others are told."""
        if self.host is not None:
            self.host.end("%s left" % self.name)
        elif self.guest is not None:
            self.guest.leave()
        self.send_last()
        release(self.app)

    def send_last(self):
        """The goodbye goes out now: nothing polls the link after this. Lost on a noisy
        line, the others find this device gone within GONE_MS instead."""
        link = self.host if self.host is not None else self.guest
        if link is not None:
            link.tick(self.now)


def keep(app):
    """While link play is open its code stays loaded: App.purge leaves these modules."""
    import sys
    for name in sys.modules:
        if name.startswith("shared_rules.link") or name == "app.link" or \
                name in ("app.link.session", "app.link.play", "app.link.wake"):
            app.core_modules.add(name)


def close_ports(ports):
    """Closes the cables among `ports` (those that can be opened again: a TCP slot is
    left alone) to give their buffers back to the heap."""
    for p in ports:
        if getattr(p, "reopen", None) is not None:
            p.close()


def release(app):
    """Link play is over: its cables are closed, and its code may leave RAM again with
    the next purge."""
    if app.link is not None:
        close_ports(app.link.ports)
    app.link = None
    app.core_modules = set([n for n in app.core_modules if not (
        n.startswith("app.link") or n.startswith("shared_rules.link"))])
