"""A guest's side of a linked game: it joins a host, sends its own seats' actions as
requests, and applies only the actions the host confirms, in the host's order.

Owns the game session on a joining device. Its State is rebuilt from the host's WELCOME
(game, options, seed, seats) and every action the host streams from the first, so a
guest that joins late or comes back after a cut or a power-off is level with the host
once it has them all (caught_up()).

    guest = Guest(channel, device, name, app_version)
    guest.tick(now)              every frame
    guest.request(action)        one of its seats' actions (the host stamps the time of
                                 a timed game); the request's number, or None when it
                                 cannot be sent now (not playing, the queue full)
    guest.pending                the request still unanswered, or None
    guest.game_time(now)         the host's game clock as best known here (countdowns)
    guest.state, guest.actions   the host's game; guest.you: this device's seats
    guest.welcomes               how many WELCOMEs came: the game afresh when it changes
    guest.drop_state()           a screen's State takes the host's actions from now on
                                 (its own check of them): this one leaves the heap
    guest.phase                  linking, joining, lobby, playing, rejected, ended
    guest.take_events()          notices (kind, device, text) for the screens: host_gone,
                                 rejected, refused, gone, back, version, desync, ended

Nothing from the host is trusted to be well formed: a message out of shape is counted
and dropped; an action the rules refuse (which only a host on different rules or a bug
could send) is reported as "desync" and the guest joins again to get the game afresh
(after drop_state() the screen's State is the one that refuses it: app.link.play).
"""

# by its dotted name: a frozen string (`from package import module` makes that
# name a new interned string in RAM at run time)
import shared_rules.link.messages as m
import shared_rules.link.lobby as lobby
from shared_rules.link.channel import UP, MSG, GONE, VERSION
from shared_rules.actlist import ActionList

LINKING = "linking"
JOINING = "joining"
IN_LOBBY = "lobby"
PLAYING = "playing"
REJECTED = "rejected"
ENDED = "ended"

MAX_EVENTS = 16


class Guest:
    def __init__(self, channel, device, name, app, resolve=None):
        self.ch = channel
        self.device = m.ident(device)
        if self.device is None:
            raise ValueError("a device id is 1-%d letters, digits, -_.:" % m.MAX_ID)
        self.name = m.name(name) or "Guest"
        self.app = app
        self.resolve = resolve or lobby.game_rules
        self.phase = LINKING
        self.events = []
        self.join_due = False
        self.members = []
        self.host = None
        self.game = None
        self.seats = None
        self.you = []
        self.state = None
        self.welcomes = 0
        self.options = None
        self.seed = None
        self.actions = ActionList()
        self.count = 0          # actions the host had when it welcomed us
        self.gone = []
        self.pending = None
        self.next_r = 1
        self.offset = None      # host game time minus our clock
        self.offset_at = 0
        self.reason = None      # why the host rejected us
        self.garbage = 0

    def take_events(self):
        ev = self.events
        self.events = []
        return ev

    def _event(self, kind, device, text):
        if len(self.events) >= MAX_EVENTS:
            del self.events[0]
        self.events.append((kind, device, text))

    def caught_up(self):
        return self.phase == PLAYING and len(self.actions) >= self.count

    def game_time(self, now):
        if self.offset is None:
            return 0
        return now + self.offset

    # -- the link -----------------------------------------------------------------
    def tick(self, now):
        for kind, data in self.ch.poll(now):
            if kind == MSG:
                self._message(data, now)
            elif kind == UP:
                self._rejoin()
            elif kind == GONE:
                self.phase = LINKING
                self.pending = None
                self._event("host_gone", self.host, "The host is gone")
            elif kind == VERSION:
                self._event("version", None, "The other Kocka sends link frames of "
                            "version %s: update both to the same version." % (data,))
        if self.join_due and self.ch.can_send():
            self.ch.send(m.write(m.JOIN, {"link": m.LINK_VERSION, "app": self.app,
                                          "device": self.device, "name": self.name}))
            self.join_due = False

    def _rejoin(self):
        self.phase = JOINING
        self.join_due = True
        self.pending = None

    def request(self, action):
        if self.phase != PLAYING or not self.ch.can_send():
            return None
        r = self.next_r
        self.next_r = r + 1
        self.ch.send(m.write(m.REQ, {"r": r, "a": list(action)}))
        self.pending = r
        return r

    def leave(self):
        self.ch.send(m.write(m.BYE, {}))
        self.phase = ENDED

    def _message(self, text, now):
        got = m.read(text)
        if got is None:
            self.garbage += 1
            return
        kind, obj = got
        if kind == m.ACTS:
            self._acts(obj, now)
        elif kind == m.WELCOME:
            self._welcome(obj, now)
        elif kind == m.REFUSE:
            r = obj.get("r")
            why = m.name(obj.get("why"), 120) or "refused"
            if r == self.pending:
                self.pending = None
            self._event("refused", None, why)
        elif kind == m.LOBBY:
            mem = obj.get("members")
            if isinstance(mem, list):
                self.members = [[m.ident(x[0]), m.name(x[1])] for x in mem
                                if isinstance(x, list) and len(x) == 2]
                self.phase = IN_LOBBY   # the host's lobby (again, after a game)
        elif kind == m.HERE:
            self._here(obj)
        elif kind == m.REJECT:
            self._rejected(obj)
        elif kind == m.BYE:
            self.phase = ENDED
            self._event("ended", self.host, m.name(obj.get("why"), 80) or "The host ended it")
        else:
            self.garbage += 1

    def _rejected(self, obj):
        self.phase = REJECTED
        if obj.get("why") == m.R_VERSION:
            text = m.version_text(m.LINK_VERSION, self.app, m.name(str(obj.get("link")), 8),
                                  m.name(str(obj.get("app")), 16), "the host")
        else:
            text = m.name(obj.get("text"), 80) or "The host refused"
        self.reason = text
        self._event("rejected", None, text)

    def _welcome(self, obj, now):
        if obj.get("link") != m.LINK_VERSION or obj.get("app") != self.app:
            self._rejected({"why": m.R_VERSION, "link": obj.get("link"),
                            "app": obj.get("app")})
            return
        seats = obj.get("seats")
        players = m.small_int(obj.get("players"), 1, 16)
        seed = m.small_int(obj.get("seed"), -(1 << 62), 1 << 62)
        count = m.small_int(obj.get("count"), 0)
        you = obj.get("you")
        options = obj.get("options")
        game = obj.get("game")
        if not lobby.valid_seats(seats) or players != len(seats) or seed is None \
                or count is None or not isinstance(you, list) or not isinstance(game, str) \
                or not (options is None or isinstance(options, dict)):
            self.garbage += 1
            return
        try:
            cls, timed = self.resolve(game)
            state = cls(players, seed, options)
        except Exception as e:
            self._rejected({"why": m.R_BAD, "text": "Cannot play %s: %s" % (game, e)})
            return
        self.host = m.ident(obj.get("host"))
        self.game = game
        self.seats = seats
        self.you = [x for x in you if m.small_int(x, 0, players - 1) is not None]
        self.state = state
        self.welcomes += 1
        self.options = state.options
        self.seed = seed
        self.actions = ActionList()
        self.count = count
        self.pending = None
        self.phase = PLAYING
        self.offset = None      # a restarted host's clock starts afresh
        self._clock(obj.get("t"), now)

    def _clock(self, t, now):
        t = m.small_int(t)
        if t is None:
            return
        sample = t - now
        if self.offset is not None:
            # the largest sample is the least delayed; let it sink slowly (1 ms a
            # second) so a clock running a little fast here is followed too
            old = self.offset - (now - self.offset_at) // 1000
            if old > sample:
                sample = old
        self.offset = sample
        self.offset_at = now

    def _acts(self, obj, now):
        if self.phase != PLAYING:
            return
        i = m.small_int(obj.get("i"), 0)
        acts = obj.get("a")
        if i is None or not isinstance(acts, list):
            self.garbage += 1
            return
        n = len(self.actions)
        if i > n:
            return self._desync("a gap in the host's actions")
        for x in acts:
            if i >= n:
                a = m.action(x)
                if a is None:
                    return self._desync("a broken action from the host")
                if self.state is not None:
                    try:
                        self.state.apply(a)
                    except Exception as e:
                        return self._desync("the host's action %r: %s" % (a, e))
                self.actions.append(a)
                n += 1
            i += 1
        d = m.small_int(obj.get("d"), 0)
        if d and self.pending is not None and d >= self.pending:
            self.pending = None
        self._clock(obj.get("t"), now)

    def drop_state(self):
        """The play screen's State (opened from the actions) applies the host's actions
        from now on, so the guest keeps no second one: until the next WELCOME, actions are
        only checked for their shape here."""
        self.state = None

    def _desync(self, why):
        self._event("desync", self.host, why)
        self._rejoin()

    def _here(self, obj):
        gone = obj.get("gone")
        if not isinstance(gone, list):
            self.garbage += 1
            return
        gone = [d for d in gone if m.ident(d)]
        for d in gone:
            if d not in self.gone:
                self._event("gone", d, "%s is gone" % self._who(d))
        for d in self.gone:
            if d not in gone:
                self._event("back", d, "%s is back" % self._who(d))
        self.gone = gone

    def _who(self, device):
        if self.seats:
            names = [s[0] for s in self.seats if s[1] == device and not s[2]]
            if names:
                return " & ".join(names)
        return device
