"""Coloretto at the table: hot-seat for 2-5 players, any mix of humans and bots.

The rules are shared_rules.coloretto.rules; this screen turns buttons into actions, runs the
bots at a watchable pace and shows the game. Drawing is in app.games.coloretto.draw.

Keys on your turn: up/down move the cursor over the rows; Y draws a card, then A puts
it on the row under the cursor; A on a row (before drawing) takes it. X shows every
player's collection (X again: back). B pauses (A resume, X quit). After a round its
summary shows (A goes on). At the end a player with jokers picks their colours:
up/down choose a joker, left/right its colour (the best choice is preselected), A
confirms. Then the ranking: up/down pick the player whose score is explained (each
colour's cards and jokers, plus or minus, the +2 cards); A leaves.
"""

from hal import api
from app import sound, ui, font
from app.gamescreen import GameScreen
from app.screen import is_press, is_click
from app.games.coloretto import draw as D
from shared_rules.coloretto import rules as C

TABLE = D.TABLE
SUMMARY = D.SUMMARY
ASSIGN = D.ASSIGN
FINAL = D.FINAL


def make_bot(level, seed=0):
    """A bot of `level` (shared_rules.coloretto.bots). Its module is loaded only for a game
    that seats a bot: a linked guest's bots play on the host, and a table of humans has
    none."""
    from shared_rules.coloretto.bots import make_bot
    return make_bot(level, seed)

class ColorettoPlay(GameScreen):
    HELP = "app.games.coloretto.help"

    def __init__(self, app, kinds, names, options, seed, saved=None):
        GameScreen.__init__(self, app)
        n = len(kinds)
        self.seat_game(C.Coloretto, kinds, names, options, seed, saved, make_bot)
        # pace (ms): tests shorten these
        self.t_bot = 900
        self.t_summary = 3000
        self.view = TABLE
        self.view_at = 0
        self.others = False
        self.cursor = 0
        self.message = ""
        self.note = ""        # what the last player did, for watching the bots
        self.led = -2
        self.bot_plan = None
        self.bot_at = 0
        self.thinking = None  # a bot's decision in progress (its think() generator)
        self.thought = None   # ... and its answer, held until the bot's pace allows it
        self.spin = 0         # slices thought so far: the thinking indicator's phase
        self.spin_only = False
        self.taken = [[] for _ in range(n)]  # the cards each player took this round
        self.summary_round = 0
        self.jokers = []      # ASSIGN view: the colour of each joker
        self.jsel = 0
        self.was_last = False
        self.fsel = 0
        self.scene = D.Scene(self.st, self.names, self.agents, self.taken)  # what a frame shows
        self.first_cursor()

    # -- who is who (bot_turn, human_turn: app.gamescreen) ----------------------------------
    def first_cursor(self):
        """The cursor on the first row that suits the phase (a takeable or open row)."""
        st = self.st
        for r in range(len(st.rows)):
            if st.taker[r] < 0 and (st.rows[r] if st.phase == C.PHASE_TURN
                                    else len(st.rows[r]) < st.cap[r]):
                self.cursor = r
                return
        if self.cursor >= len(st.rows):
            self.cursor = 0

    # -- applying actions ------------------------------------------------------------------
    def act(self, action):
        st = self.st
        kind = action[1]
        rnd = st.round_no
        cards = None
        if kind == C.TAKE and 0 <= action[2] < len(st.rows):
            cards = list(st.rows[action[2]])
        why = self.apply(action)   # app.gamescreen: here, or through the link
        if why is not None:  # IllegalAction: say why, change nothing
            self.message = why
            self.app.sound.play(sound.ERROR)
            self.app.invalidate()
            return False
        self.message = ""
        p = action[0]
        if kind == C.TAKE:
            self.taken[p] = cards
            self.note = "%s took row %d" % (self.names[p], action[2] + 1)
            self.app.sound.play(sound.OK)
            if st.round_no != rnd or st.phase >= C.PHASE_ASSIGN:
                self.summary_round = rnd
                self.view = SUMMARY
                self.view_at = self.app.now
                self.others = False
                self.app.sound.play(sound.BEEP)
        elif kind == C.DRAW:
            self.app.sound.click()
            if st.last_round and not self.was_last:
                self.was_last = True
                self.message = "Last round! The last-round card came up"
                self.app.sound.play(sound.START)
                self.app.lights.flash((255, 60, 0), self.app.now, 1500, 150)
        elif kind == C.PLACE:
            self.note = "%s put %s on row %d" % (self.names[p], D.CARD_TXT[st.rows[action[2]][-1]],
                                                 action[2] + 1)
            self.app.sound.click()
        if st.is_terminal():
            self.end()
        elif st.phase == C.PHASE_ASSIGN and self.view != SUMMARY:
            self.start_assign()
        self.first_cursor()
        self.app.invalidate()
        return True

    def end(self):
        self.view = FINAL
        self.fsel = self.st.scores().index(max(self.st.scores()))  # whose score is explained
        self.others = False
        self.app.sound.play(sound.WIN)
        self.app.lights.chase((255, 200, 40), self.app.now)

    def start_assign(self):
        st = self.st
        self.view = ASSIGN
        self.jokers = list(st.best_assignment(st.turn))
        self.jsel = 0

    def after_summary(self):
        st = self.st
        self.view = TABLE
        self.note = ""
        for p in range(len(self.taken)):
            self.taken[p] = []
        if st.is_terminal():
            self.end()
        elif st.phase == C.PHASE_ASSIGN:
            self.start_assign()
        self.bot_at = self.app.now + self.t_bot
        self.first_cursor()
        self.app.invalidate()

    def assigned_colours(self):
        return D.assigned_colours(self.jokers)

    # -- the frame -----------------------------------------------------------------------
    def update(self, now):
        if self.paused:
            return
        if self.view == SUMMARY:
            if not self.humans and now - self.view_at >= self.t_summary:
                self.after_summary()
            return
        if self.view == FINAL:
            return
        self.tick_leds()
        if self.bot_turn():
            self.bot_step(now)

    def remote_ready(self):
        return self.view == TABLE or self.view == ASSIGN

    def bot_step(self, now):
        st = self.st
        p = st.turn
        if self.bot_plan is None and self.thought is None and (self.think(p)
                                                               or self.thought is not None):
            # a slice was thought in this frame (the last one included): the answer is
            # acted on in a later frame. Acted on at once when the pace had run out, the
            # action's save (a flash sector erased: 45-110 ms) and the new picture came
            # on top of the slice, 100-150 ms with the indicator standing still
            return
        if now < self.bot_at:
            return
        if self.bot_plan is None:
            a = self.thought
            self.thought = None
            if a is None:
                a = self.agents[p].act(st, p, now)
            if a is None:
                return
            if a[1] == C.PLACE or a[1] == C.TAKE:
                # show the row first, then act
                self.bot_plan = a
                self.cursor = a[2]
                self.bot_at = now + self.t_bot
                self.app.invalidate()
                return
        else:
            a = self.bot_plan
            self.bot_plan = None
        if not self.act(a):  # never expected from a bot: fall back on a legal move
            self.act(st.legal_actions(p)[0])
        self.bot_at = now + self.t_bot

    def think(self, p):
        """One slice of bot p's thinking (a bot with think(): the strong one), from the
        start of its turn, during its pace wait too; True while it is not done. A slice
        is a fixed amount of work, so the answer does not depend on the frames."""
        if self.thinking is None:
            think = getattr(self.agents[p], "think", None)
            if think is None:
                return False
            self.thinking = think(self.st, p)
            self.spin = 0
        a = next(self.thinking)
        if a is None:
            self.spin += 1
            if self.spin_shown():
                # only the indicator moved: draw() redraws just that (unless a notice
                # shows: it may go in this frame)
                app = self.app
                self.spin_only = not app.dirty and not (app.notice and app.notice_until)
                self.app.invalidate()
            return True
        self.thinking = None
        self.thought = a
        self.app.invalidate()
        return False

    def draw_thinking(self, fb):
        """Three dots after the thinking bot's name in the header, one lit, moving on
        each slice."""
        x = 8 + font.width(self.names[self.st.turn]) + 6
        fb.fill_rect(x, 10, 3 * 8, 8, ui.PANEL)
        for i in range(3):
            fb.fill_rect(x + i * 8 + 1, 13, 4, 4, ui.ACCENT if i == self.spin % 3 else ui.DIM)

    def tick_leds(self):
        """The LEDs show the colour of the card just drawn."""
        lights = self.app.lights
        if lights.mode == 2 or lights.mode == 3:  # a flash or a chase is running
            return
        c = self.st.drawn
        if c == self.led:
            return
        self.led = c
        if 0 <= c < C.NCOL:
            lights.show_colors([C.COLOUR_RGB[c]] * 8)
        elif c == C.JOKER:
            lights.show_colors([C.COLOUR_RGB[i % C.NCOL] for i in range(8)])
        elif c == C.PLUS2:
            lights.show_colors([(255, 255, 255)] * 8)
        else:
            lights.off()

    # -- input ----------------------------------------------------------------------------
    def on_event(self, ev):
        if api.kind_of(ev) == api.RELEASED:
            return
        app = self.app
        if self.paused:
            self.pause_event(ev, self.st)
            return
        if is_click(ev, api.KEY_B) and self.view != FINAL:   # nothing to pause at the end
            self.pause(True)
            return
        ok = is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)
        if self.view == SUMMARY:
            if ok:
                self.after_summary()
            return
        if self.view == FINAL:
            if is_click(ev, api.KEY_X):
                self.others = not self.others
                app.invalidate()
            elif (is_press(ev, api.UP) or is_press(ev, api.DOWN)) and not self.others:
                order = [q for r, q in ui.ranked(self.st.scores())]
                i = order.index(self.fsel) + (1 if is_press(ev, api.DOWN) else -1)
                self.fsel = order[i % len(order)]
                app.sound.click()
                app.invalidate()
            elif ok and self.humans:
                self.quit_now(self.st)
            return
        if is_click(ev, api.KEY_X):
            self.others = not self.others
            app.invalidate()
            return
        if self.others or not self.human_turn():
            return
        if self.view == ASSIGN:
            self.assign_event(ev, ok)
            return
        st = self.st
        n = len(st.rows)
        if is_press(ev, api.UP):
            self.cursor = (self.cursor - 1) % n
        elif is_press(ev, api.DOWN):
            self.cursor = (self.cursor + 1) % n
        elif is_click(ev, api.KEY_Y):
            if st.phase == C.PHASE_PLACE:
                self.refuse("place the drawn card first (A)")
            else:
                self.act((st.turn, C.DRAW))
            return
        elif ok:
            kind = C.PLACE if st.phase == C.PHASE_PLACE else C.TAKE
            self.act((st.turn, kind, self.cursor))
            return
        else:
            return
        app.sound.click()
        app.invalidate()

    def on_resume(self, now):
        """Off the pause box: the bots' pace and the summary's time start over."""
        self.bot_at = now + self.t_bot
        self.view_at = now

    def assign_event(self, ev, ok):
        st = self.st
        cols = st.colours
        j = len(self.jokers)
        if is_press(ev, api.UP) and j:
            self.jsel = (self.jsel - 1) % j
        elif is_press(ev, api.DOWN) and j:
            self.jsel = (self.jsel + 1) % j
        elif (is_press(ev, api.LEFT) or is_press(ev, api.RIGHT)) and j:
            step = 1 if is_press(ev, api.RIGHT) else -1
            k = cols.index(self.jokers[self.jsel])
            self.jokers[self.jsel] = cols[(k + step) % len(cols)]
        elif is_click(ev, api.KEY_Y) and j:
            self.jokers = list(st.best_assignment(st.turn))
        elif ok:
            self.act((st.turn, C.ASSIGN) + self.assigned_colours())
            return
        else:
            return
        self.app.sound.click()
        self.app.invalidate()

    def refuse(self, why):
        self.message = why
        self.app.sound.play(sound.ERROR)
        self.app.invalidate()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, fb):
        only = self.spin_only
        self.spin_only = False
        if not only:
            D.draw(self.scene_now(), fb)
        if self.thinking is not None and self.spin_shown():
            self.draw_thinking(fb)

    def scene_now(self):
        """The scene filled from the screen as it is now (no allocation)."""
        sc = self.scene
        sc.page = self.view
        sc.others = self.others
        sc.paused = self.paused
        sc.cursor = self.cursor
        sc.note = self.note
        sc.message = self.message
        sc.summary_round = self.summary_round
        sc.jokers = self.jokers
        sc.jsel = self.jsel
        sc.fsel = self.fsel
        return sc

    def spin_shown(self):
        return self.view == TABLE and not self.others and not self.paused
