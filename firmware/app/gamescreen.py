"""The base of every game's play screen: seating a game with its save and bots, whose
turn it is, the pause box's keys, leaving a game (an unfinished one only once the
player confirms), and How to play over a screen.

Actions go through apply(): on a game played on this device alone it applies them to the
State and saves them; in link play (app.link, bound when the game is seated) the linked
session decides, and feeds the play screen the actions of the other devices through the
screen's own act(), so a play screen works the same way on both."""
from hal import api
from app.screen import Screen, is_click


class GameScreen(Screen):
    """A screen that plays a game. The sync listener leaves it alone (in_game: no RAM
    for the sync code next to a game), and leave() quits an unfinished game, dropping
    its save (`rec`, an app.journal.Recorder)."""
    in_game = True
    rec = None
    st = None
    agents = None
    paused = False  # the pause box is up (ui.pause_box): the game's clocks stand still
    HELP = ""   # the module of the game's How to play pages (app.howto)
    link = None  # link play: the session's binding to this screen (app.link.play)

    def how_to_play(self):
        """The pause box's joystick press: the game's How to play, over the game."""
        open_help(self.app, self.HELP)

    def seat_game(self, cls, kinds, names, options, seed, saved, make_bot, state=None):
        """The start of a game of seats (Kocka 10000, Coloretto, Cubingos): its save (a
        new one, or `saved` rebuilt), self.st, and a bot for every seat that is not
        "human", seeded from the game's seed. state: an advanced game played unsaved
        (tests)."""
        self.kinds = list(kinds)
        self.names = list(names)
        self.make_bot = make_bot
        session = self.linked(cls)
        remote = ()
        meta = {"kinds": self.kinds}
        if session is not None:
            # a linked game: seats played on other devices wait for their actions
            self.link = session.bind(self)
            remote = self.link.remote
            meta = self.link.meta
        if state is None:
            state = self.open_save(saved, cls, options, seed, self.app.now, meta)
        else:
            from app.journal import Recorder
            self.rec = Recorder(self.app.hal.storage, self.app.show_notice)
        self.st = state
        self.agents = [REMOTE if p in remote else
                       None if kinds[p] == "human" else make_bot(kinds[p], seed * 31 + p)
                       for p in range(len(kinds))]
        self.humans = sum(1 for a in self.agents if a is None)
        # back from a power cut with a human at the table: paused (the pause box up)
        # until the player goes on, so a bot whose turn it is does not move at once
        self.paused = saved is not None and self.humans > 0 and not state.is_terminal()

    def linked(self, cls):
        """The link play session whose game this screen (playing `cls`) opens, or None."""
        session = self.app.link
        return session if session is not None and session.game == cls.NAME else None

    # -- applying actions -------------------------------------------------------------------
    def apply(self, action):
        """Applies `action` of a seat this device plays (a human's press, a bot's move):
        None, or why it was refused (nothing changed then). "" (a guest in a real-time
        linked game): sent to the host, whose clock decides; it comes back through act()."""
        if self.link is not None:
            return self.link.submit(action)
        return self.apply_here(action)

    def apply_here(self, action):
        """Applies `action` to this screen's State and saves it: None, or why not."""
        try:
            self.st.apply(action)
        except ValueError as e:  # IllegalAction: say why, change nothing
            return str(e) or "not allowed now"
        self.rec.applied(self.st, action, self.save_time())
        return None

    def save_time(self):
        """The time the save records an action at (the app's; a real-time game's clock)."""
        return self.app.now

    def remote_ready(self):
        """True when the screen can show another device's action now (linked play waits
        while a roll lands or a summary is read, as a bot's move would)."""
        return True

    def open_save(self, saved, cls, options, seed, now, meta):
        """self.rec for the game of self.names, and its State (app.journal's open_game):
        a new game's save is written once the game's first frame is on screen
        (app.after_frame), so the opening does not wait for the flash."""
        from app.journal import Recorder
        rec = self.rec = Recorder(self.app.hal.storage, self.app.show_notice)
        state = rec.open_game(saved, cls, options, seed, self.names, now, meta, True)
        self.app.after_frame(rec.flush)
        return state

    # -- whose turn (a game of seats: seat_game) ---------------------------------------------
    def bot_turn(self):
        st = self.st
        return not st.is_terminal() and self.agents[st.turn] is not None

    def human_turn(self):
        st = self.st
        return not st.is_terminal() and self.agents[st.turn] is None

    def keep_awake(self, now):
        """app.power: a bot acting (its turn, or its part of a race) keeps the device
        awake, as the player watches it (it may dim); paused, finished, or only humans to
        act, it may sleep."""
        st = self.st
        agents = self.agents
        if self.paused or st is None or agents is None or st.is_terminal():
            return 0
        for p in st.actors():
            if agents[p] is not None:
                return 1
        return 0

    # -- the pause box ------------------------------------------------------------------------
    def pause(self, on):
        """Puts the pause box up (on) or takes it down, the game's clocks with it
        (on_pause, on_resume)."""
        self.paused = on
        if on:
            self.on_pause(self.app.now)
        else:
            self.on_resume(self.app.now)
        self.app.invalidate()

    def on_pause(self, now):
        """The pause box went up: the game's clocks stop (nothing by default)."""

    def on_resume(self, now):
        """The pause box went down: the game's clocks and its bots' pace go on (nothing
        by default)."""

    def pause_event(self, ev, state):
        """A key while the pause box is up: the joystick press opens How to play, A or B
        goes on, X leaves the game (`state`, see leave); other keys go to paused_key."""
        if is_click(ev, api.PRESS):
            self.how_to_play()
        elif is_click(ev, api.KEY_A) or is_click(ev, api.KEY_B):
            self.pause(False)
        elif is_click(ev, api.KEY_X):
            self.leave(state)
            return
        else:
            self.paused_key(ev)
        self.app.invalidate()

    def paused_key(self, ev):
        """A key the pause box has no use for, while it is up (a game may give Y one)."""

    # -- leaving ------------------------------------------------------------------------------
    def leave(self, state):
        """Closes the game; an unfinished one only after the player confirms (a box
        over the game: app.quit_confirm)."""
        if not state.is_terminal():
            from app.quit_confirm import QuitConfirm
            self.app.push(QuitConfirm(self.app, self, state))
            return
        self.quit_now(state)

    def quit_now(self, state):
        """Closes the game (quit, or left after its end): the menu comes back in the
        next frame (app.soon), once this one has shown that the press was taken: storing
        a finished game in the log and loading the menu take a few hundred ms as files."""
        if self.rec is not None and not state.is_terminal():
            self.rec.abandon()
        if self.link is not None:
            self.link.left(state)
        self.app.lights.off()
        self.app.soon(self.app.pop, "Saving\u2026" if state.is_terminal() else "Loading\u2026")


class RemoteSeat:
    """The agent of a seat played on another linked device: it waits (act() gives no
    action), so bot_turn() is true and the screen shows the seat's moves as they come."""

    def act(self, state, player, now):
        return None

    def will_look(self, state, player, now):
        return False


REMOTE = RemoteSeat()
GameScreen.REMOTE = REMOTE   # for app.link, which outlives this module (App.purge)


def open_help(app, name):
    """Opens How to play `name` (app.howto) over the top screen in the next frame, once
    this one has answered the press (app.soon): its code loads from flash meanwhile."""
    def go():
        from app.howto import show
        show(app, name)
    app.soon(go)
