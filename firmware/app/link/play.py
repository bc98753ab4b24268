"""A play screen bound to a linked game: what its apply() does, and the actions of the
other devices fed to it, so the screen plays a linked game as it plays a local one.

Owns the bookkeeping between the screen's State and the session's actions (the host's,
or those a guest has from it: a guest's screen's State is the one that applies them, the
guest keeps none of its own once the screen is open), nothing a game draws:

- the host: an action of a seat it plays (its human, its bots, a gone player's seat)
  goes to Host.submit, which orders and applies it; the screen then applies the
  same action. A guest's request the host took shows on the screen through act().
- a guest: its human's action is applied on the screen at once and sent as a
  request; the host's confirmation of it is then skipped. In a real-time game the
  request only goes out (apply() gives ""): the host stamps its time and decides the
  order, and the screen shows it when the host's action comes back. Anything else the host
  sends is shown through act(). If the host refused it or sent another (a bot took
  the seat meanwhile), the screen is opened afresh from the host's actions.

The screen's act() takes the actions of other devices only when it could take a
bot's move (remote_ready(): not during a roll or a summary the player reads), and their
saves wait until the frame showing them is on screen (app.journal's defer()).
"""


class LinkedPlay:
    def __init__(self, session, screen, count):
        self.session = session
        self.screen = screen
        self.remote = session.remote()
        self.meta = session.meta()
        self.seen = count        # the session's actions the screen has applied
        self.ahead = []          # a guest's actions shown before the host confirmed them
        self.feeding = False     # act() runs for another device's action

    # -- the screen's apply() ---------------------------------------------------------
    def submit(self, action):
        screen = self.screen
        if self.feeding:
            return screen.apply_here(action)
        s = self.session
        host = s.host
        if host is not None:
            if self.seen != len(host.actions):
                return "one moment: a move is coming in"
            why = host.submit(action, s.now)
            if why is not None:
                return why
            self.seen = len(host.actions)
            return screen.apply_here(host.actions[-1])
        g = s.guest
        if g is None or not g.caught_up() or not g.ch.can_send() or g.welcomes != s.opened:
            return "waiting for the host"
        if s.timed:
            # real time: the host's clock stamps it and decides who came first, so it is
            # shown when the host's action comes back, not ahead of it (requests keep
            # their order: a second press need not wait for the first's answer)
            g.request(action)
            return ""
        why = screen.apply_here(action)
        if why is None:
            g.request(action)
            self.ahead.append(tuple(action))
        return why

    # -- every frame ------------------------------------------------------------------
    def pump(self, now):
        s = self.session
        screen = self.screen
        if s.host is not None:
            self.cover_gone()
            acts = s.host.actions
        else:
            g = s.guest
            if g.welcomes != s.opened:
                # joined again (a cut, a power-off, a desync): the game afresh, once level
                if g.caught_up():
                    s.reopen()
                return
            acts = g.actions
        while self.seen < len(acts):
            a = acts[self.seen]
            if self.ahead:
                if self.ahead[0] != a:
                    s.reopen()
                    return
                del self.ahead[0]
                self.seen += 1
                continue
            if screen.paused or not screen.remote_ready():
                return
            rec = screen.rec
            if rec is not None and rec.defer():
                # its save is written once the frame showing it is on screen
                screen.app.after_frame(rec.write_later)
            self.feeding = True
            try:
                ok = screen.act(a)
            finally:
                self.feeding = False
            self.seen += 1
            if ok is False:   # the rules refused what the host applied: never level again
                s.reopen()
                return

    def game_time(self, now):
        """The linked game's clock: the host's (a guest's best estimate of it)."""
        s = self.session
        return s.host.game_time(now) if s.host is not None else s.guest.game_time(now)

    def refused(self, why):
        """The host refused a request of this guest's: what the screen showed ahead of
        it is taken back (the game is opened afresh from the host's actions)."""
        if self.ahead:
            self.session.reopen()

    def cover_gone(self):
        """The host: a bot plays the seats of players whose device is gone, until back."""
        screen = self.screen
        gone = self.session.host.gone_seats()
        agents = screen.agents
        waits = screen.REMOTE   # the screen's module's (a game's modules load afresh)
        for p in self.remote:
            if p in gone and agents[p] is waits:
                agents[p] = screen.make_bot(self.session.sub, p)
            elif p not in gone and agents[p] is not waits:
                agents[p] = waits

    def left(self, state):
        self.session.left(state)
