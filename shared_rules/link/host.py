"""The host's side of a linked game: it owns the State, decides the order of every action,
stamps timed actions with its own clock, and streams each accepted action to every guest.

Owns the game session on the hosting device, one Port per channel (one per cable or
connection; shared_rules.link.channel). The rules stay the rules: an action is applied
here only if the State's own apply() accepts it, and guests apply only what this host
sends them, so every device holds the same State.

    host = Host(device, name, app_version)
    host.add_port(channel)              one per guest link
    host.tick(now)                      every frame: read, answer, stream, time out
    host.members()                      who is linked (the lobby's list)
    host.start(game, seats, now, options, seed, actions=None)
                                        seats: shared_rules.link.lobby seats;
                                        actions: a saved game's list, to resume it
    host.submit(action, now)            an action of a seat this device plays (its
                                        humans, its bots, and the seats of gone guests
                                        if the app gives them to bots); None or why not
    host.take_events()                  notices for the screens, oldest first
    host.to_lobby()                     after a game: back to the lobby
    host.end(why)                       says BYE to every guest

What a guest may do: JOIN (versions checked: a REJECT with both versions when they
differ), then REQ its own seats' actions only. A request for another device's seat, a
system action, an action the rules refuse or anything out of shape is refused (REFUSE
with the reason, to that guest only) and changes nothing. For a timed game (the
descriptor's `timed`: the action's last item is its time) the host replaces that time by
its own game clock, never earlier than the last action's, so "who called first" is the
order the host received the calls in.

A guest that comes back (its channel went "gone", or its device restarted) sends JOIN
again and gets WELCOME and then every action from the first: it replays them with the
rules (deterministic) and is level again. The actions list is the only copy: each port
keeps a cursor into it, so a slow or absent guest costs no memory.

Events (kind, device, text): joined, left, gone, back, mismatch, refused, version.
"""

from shared_rules.game import IllegalAction, SYSTEM
from shared_rules.actlist import ActionList
# by its dotted name: a frozen string (`from package import module` makes that
# name a new interned string in RAM at run time)
import shared_rules.link.messages as m
import shared_rules.link.lobby as lobby
from shared_rules.link.channel import UP, MSG, GONE, VERSION

LOBBY = "lobby"
PLAYING = "playing"
ENDED = "ended"

MAX_EVENTS = 16
# the longest frame a guest sends (a JOIN: 220 bytes with a long app version and a name
# of twelve escaped characters; a request 140): a host's channels read no longer ones,
# so a frame being read holds this much, not the reader's MAX_FRAME, on each port
GUEST_FRAME = 384
_MAX_SYSTEM = 8        # system actions applied in one tick, at most


class Port:
    """One guest link: its channel and what the host owes the device behind it."""

    def __init__(self, channel):
        self.ch = channel
        self.device = None      # the joined device's id, None until its JOIN
        self.name = None
        self.cursor = 0         # actions[:cursor] are handed to the channel
        self.welcomed = False
        self.greet = False      # a LOBBY or WELCOME is due
        self.here = False       # a HERE is due
        self.reject = None      # a REJECT message due
        self.refusal = None     # (r, why): the latest refusal, not yet sent
        self.done = 0           # the latest request handled
        self.requests = 0
        self.refused = 0
        self.garbage = 0        # messages that were not messages

    def clear(self):
        self.device = None
        self.name = None
        self.cursor = 0
        self.welcomed = False
        self.greet = False
        self.here = False
        self.refusal = None
        self.done = 0


class Host:
    def __init__(self, device, name, app, resolve=None):
        self.device = m.ident(device)
        if self.device is None:
            raise ValueError("a device id is 1-%d letters, digits, -_.:" % m.MAX_ID)
        self.name = m.name(name) or "Host"
        self.app = app
        self.resolve = resolve or lobby.game_rules
        self.ports = []
        self.phase = LOBBY
        self.events = []
        self.state = None
        self.actions = ActionList()
        self.seats = None
        self.game = None
        self.cls = None
        self.timed = False
        self.options = None
        self.seed = 0
        self.t0 = 0
        self.last_t = 0
        self.gone = []          # guests' devices that hold seats and are not linked now

    # -- setup ------------------------------------------------------------------
    def add_port(self, channel):
        p = Port(channel)
        self.ports.append(p)
        return p

    def members(self):
        out = [[self.device, self.name]]
        for p in self.ports:
            if p.device:
                out.append([p.device, p.name])
        return out

    def start(self, game, seats, now, options=None, seed=0, actions=None):
        """Starts (or resumes, with a saved `actions` list) `game` with `seats`."""
        if not lobby.valid_seats(seats):
            raise ValueError("seats are [name, device, bot] lists")
        cls, timed = self.resolve(game)
        state = cls(len(seats), seed, options)
        acts = ActionList()
        for a in actions or ():
            a = tuple(a)
            state.apply(a)
            acts.append(a)
        self.game = game
        self.cls = cls
        self.timed = timed
        self.options = state.options
        self.seed = seed
        self.seats = seats
        self.state = state
        self.actions = acts
        self.last_t = acts[-1][-1] if timed and acts else 0
        self.t0 = now - self.last_t
        self.phase = PLAYING
        playing = lobby.devices(seats, self.device)
        self.gone = [d for d in playing if not self._port_of(d)]
        for p in self.ports:
            if p.device:
                p.greet = True
                p.welcomed = False
                p.here = True

    def to_lobby(self):
        """After a game: the lobby again (members may join, the next game may start);
        every linked guest gets the LOBBY."""
        self.phase = LOBBY
        self.gone = []
        for p in self.ports:
            if p.device:
                p.greet = True
                p.welcomed = False
                p.here = False

    def game_time(self, now):
        """The game's clock (ms since it started): the time the host stamps."""
        return now - self.t0

    def end(self, why=""):
        self.phase = ENDED
        for p in self.ports:
            if p.device:
                p.ch.send(m.write(m.BYE, {"why": why}))

    def gone_seats(self):
        """Seat numbers whose player's device is not linked now."""
        out = []
        for d in self.gone:
            out.extend(lobby.seats_of(self.seats, d))
        out.sort()
        return out

    def take_events(self):
        ev = self.events
        self.events = []
        return ev

    def _event(self, kind, device, text):
        if len(self.events) >= MAX_EVENTS:
            del self.events[0]
        self.events.append((kind, device, text))

    def _port_of(self, device):
        for p in self.ports:
            if p.device == device:
                return p
        return None

    # -- actions ------------------------------------------------------------------
    def submit(self, action, now):
        """Applies an action of a seat this device plays; None, or why it was refused."""
        return self._apply(action, now)

    def _apply(self, action, now):
        if self.phase != PLAYING:
            return "no game is being played"
        if self.state.is_terminal():
            return "the game is over"
        a = list(action)
        if self.timed:
            t = self.game_time(now)
            a[-1] = t if t > self.last_t else self.last_t
        a = tuple(a)
        try:
            self.state.apply(a)
        except IllegalAction as e:
            return str(e) or "not allowed now"
        except Exception as e:   # a rules bug met by garbage: rebuild, apply nothing
            self._rebuild()
            return "refused (%s)" % (type(e).__name__,)
        self.actions.append(a)
        if self.timed:
            self.last_t = a[-1]
        return None

    def _rebuild(self):
        state = self.cls(len(self.seats), self.seed, self.options)
        for a in self.actions:
            state.apply(a)
        self.state = state

    def _system(self, now):
        for _ in range(_MAX_SYSTEM):
            if self.state.is_terminal():
                return
            t = self.game_time(now)
            if t < self.last_t:
                t = self.last_t
            ev = self.state.system_action(t)
            if ev is None:
                return
            self.state.apply(ev)
            self.actions.append(tuple(ev))
            if self.timed:
                self.last_t = ev[-1]

    # -- the link -------------------------------------------------------------------
    def tick(self, now):
        for p in self.ports:
            for kind, data in p.ch.poll(now, False):   # written by the flush below
                if kind == MSG:
                    self._message(p, data, now)
                elif kind == UP or kind == GONE:
                    self._unbind(p, "gone")
                elif kind == VERSION:
                    self._event("version", p.device, "A linked Kocka sends link frames of "
                                "version %s: update both to the same version." % (data,))
        if self.phase == PLAYING:
            self._system(now)
        for p in self.ports:
            self._flush(p, now)
            p.ch.flush(now)     # what this tick answered goes out now, not a frame later

    def _unbind(self, p, why):
        dev = p.device
        if dev is None:
            return
        name = p.name
        p.clear()
        if self.phase == PLAYING and dev in lobby.devices(self.seats, self.device):
            if dev not in self.gone:
                self.gone.append(dev)
            self._event(why, dev, "%s is gone" % (name,))
            self._tell_here()
        else:
            self._event("left", dev, "%s left" % (name,))
            self._tell_lobby()

    def _tell_here(self):
        for q in self.ports:
            if q.device:
                q.here = True

    def _tell_lobby(self):
        if self.phase == LOBBY:
            for q in self.ports:
                if q.device:
                    q.greet = True

    def _message(self, p, text, now):
        got = m.read(text)
        if got is None:
            p.garbage += 1
            return
        kind, obj = got
        if kind == m.JOIN:
            self._join(p, obj)
        elif kind == m.REQ:
            self._request(p, obj, now)
        elif kind == m.BYE:
            self._unbind(p, "left")
        else:
            p.garbage += 1      # a host's message sent to a host

    def _join(self, p, obj):
        link = obj.get("link")
        app = obj.get("app")
        device = m.ident(obj.get("device"))
        name = m.name(obj.get("name")) or "?"
        if link != m.LINK_VERSION or app != self.app:
            text = m.version_text(m.LINK_VERSION, self.app, m.name(str(link), 8),
                                  m.name(str(app), 16), name)
            self._event("mismatch", device, text)
            p.reject = m.write(m.REJECT, {"why": m.R_VERSION, "text": text,
                                          "link": m.LINK_VERSION, "app": self.app})
            return
        if device is None or device == self.device:
            p.reject = m.write(m.REJECT, {"why": m.R_BAD, "text": "Bad or taken device id",
                                          "link": m.LINK_VERSION, "app": self.app})
            return
        if p.device and p.device != device:
            self._unbind(p, "left")
        old = self._port_of(device)
        if old is not None and old is not p:
            old.clear()         # it came back on another port
        if self.phase == PLAYING and device not in lobby.devices(self.seats, self.device):
            p.reject = m.write(m.REJECT, {"why": m.R_PLAYING,
                                          "text": "A game is being played: join after it",
                                          "link": m.LINK_VERSION, "app": self.app})
            return
        p.clear()
        p.device = device
        p.name = name
        p.greet = True
        if self.phase == PLAYING:
            if device in self.gone:
                self.gone.remove(device)
                self._event("back", device, "%s is back" % (name,))
            self._tell_here()
        else:
            self._event("joined", device, "%s joined" % (name,))
            self._tell_lobby()

    def _request(self, p, obj, now):
        r = m.small_int(obj.get("r"), 0)
        if r is None:
            p.garbage += 1
            return
        p.requests += 1
        if p.device is None:
            return self._refuse(p, r, "join first")
        a = m.action(obj.get("a"))
        if a is None:
            return self._refuse(p, r, "that is not an action")
        if self.phase != PLAYING:
            return self._refuse(p, r, "no game is being played")
        seat = a[0]
        mine = lobby.seats_of(self.seats, p.device)
        if seat not in mine:
            if seat == SYSTEM:
                why = "only the host's clock ends a countdown"
            else:
                why = "seat %d is not yours: you play %s" % (
                    seat, ", ".join(lobby.seat_names(self.seats, mine)) or "no seat")
            return self._refuse(p, r, why)
        why = self._apply(a, now)
        if why is not None:
            return self._refuse(p, r, why)
        p.done = r

    def _refuse(self, p, r, why):
        why = m.name(why, 120)
        p.refused += 1
        p.done = r
        p.refusal = (r, why)
        self._event("refused", p.device, why)

    def _send(self, p, text):
        """Queues `text` on p's channel; False when it must wait. A message too long for a
        frame (seats and options the host was given) is dropped and said, never raised."""
        try:
            return p.ch.send(text)
        except ValueError as e:
            self._event("bad", p.device, str(e))
            return True

    def _flush(self, p, now):
        ch = p.ch
        if not ch.up:
            return
        if p.reject is not None:
            if self._send(p, p.reject):
                p.reject = None
            return
        if p.device is None:
            return
        if p.greet:
            if self.phase == PLAYING:
                msg = m.write(m.WELCOME, {
                    "link": m.LINK_VERSION, "app": self.app, "host": self.device,
                    "game": self.game, "players": len(self.seats), "options": self.options,
                    "seed": self.seed, "seats": self.seats,
                    "you": lobby.seats_of(self.seats, p.device),
                    "count": len(self.actions), "t": self.game_time(now)})
            else:
                msg = m.write(m.LOBBY, {"members": self.members()})
            if not self._send(p, msg):
                return
            p.greet = False
            if self.phase == PLAYING:
                p.welcomed = True
                p.cursor = 0
        if p.refusal is not None:
            if self._send(p, m.write(m.REFUSE, {"r": p.refusal[0], "why": p.refusal[1]})):
                p.refusal = None
        if p.here and p.welcomed:
            if self._send(p, m.write(m.HERE, {"gone": self.gone})):
                p.here = False
        if not p.welcomed:
            return
        acts = self.actions
        n = len(acts)
        while p.cursor < n and ch.up and ch.pending() < ch.window:   # room for the rest
            i = p.cursor
            parts = []
            size = 0
            while i < n and (size < m.BATCH_CHARS or not parts):
                s = m.action_text(acts[i])
                parts.append(s)
                size += len(s) + 1
                i += 1
            # d: the latest request handled, once the guest has every action up to it
            ch.send('%s {"i":%d,"t":%d,"d":%d,"a":[%s]}' % (
                m.ACTS, p.cursor, self.game_time(now), p.done if i == n else 0,
                ",".join(parts)))
            p.cursor = i
