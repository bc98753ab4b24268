"""Kocka 10000 at the table: hot-seat for 2-6 players, any mix of humans and bots.

The rules are shared_rules.kocka10000.rules; this screen turns buttons into actions, runs the
bots at a watchable pace, and shows what happens: the roll (animated, with sound), the
live value of the dice picked, the full-screen moments (bust, hot dice, 2,500, a
collection completed and confirmed, the win), and the scoreboard between turns.
Drawing is in app.games.kocka10000.draw.

Keys on your turn (dice on the table): joystick moves over the dice, A picks / unpicks
the die, X sets the picked dice aside and rolls on, Y sets them aside and banks; the
joystick press switches between classic scoring and starting a collection (from
2,500). Before a roll A or X rolls; with five collected, left/right and A name the
joker. B pauses (A resume, X quit).
"""

from micropython import const

from hal import api
from app import ui, sound, font
from app.lights import FLASH, CHASE
from app.games.kocka10000 import draw as D
from app.gamescreen import GameScreen
from app.screen import is_press, is_click
from shared_rules.kocka10000 import rules as K

TABLE = D.TABLE
BOARD = D.BOARD
FINAL = D.FINAL

_GOLD = const((255, 150, 0))
_COLLECTED = const((0, 140, 255))
_PICKED = const((0, 110, 30))
_OFF = const((0, 0, 0))


def popcount(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


def make_bot(level, seed=0):
    """A bot of `level` (shared_rules.kocka10000.bots). Its module is loaded only for a game
    that seats a bot: a linked guest's bots play on the host, and a table of humans has
    none."""
    from shared_rules.kocka10000.bots import make_bot
    return make_bot(level, seed)

class Kocka10000Play(GameScreen):
    HELP = "app.games.kocka10000.help"

    def __init__(self, app, kinds, names, options, seed, saved=None):
        GameScreen.__init__(self, app)
        self.seat_game(K.Kocka10000, kinds, names, options, seed, saved, make_bot)
        # pace (ms): tests shorten these
        self.t_roll = 700
        self.t_bot = 800
        self.t_moment = 1800
        self.t_board = 2200
        self.view = BOARD
        self.board_at = 0
        # what each player did on their last turn, for the scoreboard: (text, colour)
        self.last_turn = [None] * self.st.num_players
        self.moments = []       # full-screen moments still to show; [0] is up
        self.moment_at = 0
        self.after = None       # an action due when the moments are dismissed (hot dice)
        self.rolling_until = 0  # the roll animation runs until then
        self.pending = None     # events of the last roll, shown when the dice land
        self.roll_ctx = (0, 0)  # (collecting face, confirming face) when the roll was made
        self.bot_plan = None
        self.bot_at = 0
        self.sel = 0
        self.collect = False
        self.cursor = 0
        self.joker_pick = 1
        self.message = ""
        self.led_sig = -1
        self.roll_ok = False    # may X roll now (refresh)
        self.bank_why = None    # why Y may not bank now, or None (refresh)
        # what a frame shows: its texts written by refresh() when something changes
        self.scene = D.Scene(self.st, self.names, self.kinds, self.agents, self.humans,
                             self.moments, self.last_turn)
        self.refresh()

    # -- who is who (bot_turn, human_turn: app.gamescreen) ----------------------------------
    def joker_offer(self):
        return D.joker_offer(self.st)

    # -- applying actions -----------------------------------------------------------------
    def act(self, action):
        st = self.st
        turn = st.turn
        kind = action[1]
        if kind == K.ROLL:
            self.roll_ctx = (st.face, st.confirm)
        why = self.apply(action)   # app.gamescreen: here, or through the link
        if why is not None:  # IllegalAction: say why, change nothing
            self.message = why
            self.app.sound.play(sound.ERROR)
            self.refresh()
            return False
        self.message = ""
        self.sel = 0
        if kind == K.ROLL:
            # the dice tumble first: what the roll caused shows when they land (update)
            self.rolling_until = self.app.now + self.t_roll
            self.pending = (list(st.events), turn)
            self.app.sound.play(sound.ROLL)
            self.cursor = 0
            if st.turn == turn and not st.is_terminal():
                self.scene.aside = list(st.aside)  # hot dice: the six are back in play
            self.app.invalidate()
            return True
        if kind == K.JOKER:
            self.message = "Joker %d: roll the last die" % action[2]
        self.events(st.events, turn)
        self.refresh()
        return True

    def events(self, evs, turn):
        """Queues the moments the rules reported; a turn that ended brings the scoreboard."""
        st = self.st
        for ev in evs:
            m = D.moment(st, self.names, self.roll_ctx, ev)
            if m is not None:
                self.moments.append(m)
            if ev[0] == K.EV_BANK:
                self.scene.headline = "%s banked %s" % (self.names[ev[1]], D.pts(ev[2]))
                self.last_turn[ev[1]] = ("+" + D.pts(ev[2]), ui.GOOD)
                self.app.sound.play(sound.OK)
            elif ev[0] == K.EV_BUST:
                self.scene.headline = "%s: bust, %s lost" % (self.names[ev[1]],
                                                            D.pts(ev[2]))
                self.last_turn[ev[1]] = ("bust" if not ev[2] else "bust -" + D.pts(ev[2]),
                                         ui.BAD)
        if st.is_terminal():
            self.view = FINAL
        elif st.turn != turn:
            self.view = BOARD
            self.board_at = self.app.now
        self.start_moment()

    def start_moment(self):
        """The first queued moment goes up now: its sound and lights."""
        if not self.moments:
            return
        m = self.moments[0]
        if m[7]:
            return  # already started
        m[7] = True
        self.moment_at = self.app.now
        kind = m[5]
        lights = self.app.lights
        now = self.app.now
        if kind == K.EV_BUST:
            self.app.sound.play(sound.BUST)
            lights.flash((255, 0, 0), now, 1600, 160)
        elif kind == K.EV_HOT:
            self.app.sound.play(sound.START)
            lights.flash((255, 120, 0), now, 1000, 120)
        elif kind == K.EV_COLLECTED:
            self.app.sound.play(sound.CUBO)
            lights.chase((0, 140, 255), now)
        elif kind == K.EV_WIN or kind == K.EV_END:
            self.app.sound.play(sound.WIN)
            lights.chase((255, 200, 40), now)
        elif kind == K.EV_CONFIRMED:
            self.app.sound.play(sound.OK)
            lights.flash((40, 220, 60), now, 900, 150)
        else:
            self.app.sound.play(sound.START)
            lights.flash((255, 200, 40), now, 900, 150)
        self.led_sig = -1
        self.app.invalidate()

    def next_moment(self):
        if self.moments:
            self.moments.pop(0)
        if self.moments:
            self.start_moment()
        else:
            if self.app.lights.mode == CHASE and self.view != FINAL:
                self.app.lights.off()
            self.led_sig = -1
            if self.after is not None:
                a = self.after
                self.after = None
                if self.human_turn() and self.view == TABLE:
                    self.act(a)
            if self.view == BOARD:
                self.board_at = self.app.now
        self.bot_at = self.app.now + self.t_bot
        self.app.invalidate()

    # -- the state of the screen, recomputed when something changes --------------------
    def refresh(self):
        st = self.st
        sc = self.scene
        p = st.turn if not st.is_terminal() else 0
        sc.title = self.names[p]
        sc.pass_text = "Pass the console to " + sc.title
        sc.total_text = D.pts(st.totals[p]) + " pts"
        sc.aside = list(st.aside)
        sc.tt_text = D.pts(st.turn_total)
        self.roll_ok, self.bank_why = self.legality()
        sc.greyed = D.greyed(self.roll_ok, self.bank_why)
        self.texts(sc)
        self.app.invalidate()

    def legality(self):
        """(may X roll now, why Y may not bank or None)."""
        st = self.st
        if st.phase != K.PICKING:
            return st.phase == K.ROLLING, st._bank_problem()
        sel = self.sel
        if not sel:
            return False, "pick scoring dice first"
        why = st.selection_problem(sel, self.collect)
        if why is not None:
            return False, why
        if self.collect:
            if st.count + popcount(sel) == 6:
                return True, "roll six to confirm the collection"
            return True, "a partial collection can't be banked"
        if st.left - popcount(sel) == 0:
            return True, "hot dice: roll all six again"
        pts = st.selection_points(sel, False)
        need = st.bank_minimum(st.turn)
        if st.turn_total + pts < need:
            return True, "you need %d to bank" % need
        return True, None

    def texts(self, sc):
        """The scene's two lines under the dice."""
        st = self.st
        tt = st.turn_total
        sc.line1_col = ui.TEXT
        sc.line2_col = ui.DIM
        sc.line2 = ""
        if st.is_terminal():
            sc.line1 = ""
            return
        name = self.names[st.turn]
        bot = self.agents[st.turn] is not None
        if st.phase == K.PICKING:
            sel = self.sel
            if sel:
                why = st.selection_problem(sel, self.collect)
                if why is None:
                    pts = st.selection_points(sel, self.collect)
                    if self.collect and st.count + popcount(sel) < 6:
                        face = st.face or st.roll[_first(sel)]
                        sc.line1 = "%ds: %d of 6" % (face, st.count + popcount(sel))
                    else:
                        sc.line1 = "+%s = %s" % (D.pts(pts), D.pts(tt + pts))
                    sc.line1_col = ui.GOOD
                    if self.bank_why and not bot:
                        sc.line2 = "No bank: " + self.bank_why
                else:
                    sc.line1 = "Not a scoring pick"
                    sc.line1_col = ui.BAD
                    sc.line2 = why
                    sc.line2_col = ui.BAD
            else:
                sc.line1_col = ui.DIM
                if st.face:
                    sc.line1 = "Collecting %ds: %d of 6" % (st.face, st.count)
                    sc.line1_col = ui.TEXT
                    if not bot:
                        sc.line2 = "pick the %ds to add" % st.face
                elif bot:
                    sc.line1 = name + " is thinking" + font.ELLIPSIS
                elif self.collect:
                    sc.line1 = "Pick dice of one face"
                else:
                    sc.line1 = "Pick scoring dice"
                if not bot and st.can_start_collection():
                    sc.line2 = ("joystick press: classic scoring instead" if self.collect
                                  else "joystick press: collect instead")
        elif self.joker_offer():
            sc.line1 = "Five %ds: name a joker" % st.face
            sc.line1_col = ui.ACCENT
            sc.line2 = "the last die may show it instead"
        elif st.must_roll():
            sc.line1 = "Roll all six"
            sc.line1_col = ui.ACCENT
        elif tt == 0 and not st.face:
            sc.line1 = "%s: roll the dice" % name
            sc.line1_col = ui.ACCENT
        else:
            sc.line1 = "%d dice to roll" % st.left if st.left > 1 else "1 die to roll"
        if self.message:
            sc.line2 = self.message
            sc.line2_col = ui.BAD if not self.message.startswith("Joker") else ui.ACCENT

    # -- the frame ----------------------------------------------------------------------
    def update(self, now):
        if self.paused:
            return
        if self.rolling_until:
            if now < self.rolling_until:
                self.app.invalidate()
                return
            self.rolling_until = 0
            evs, turn = self.pending
            self.pending = None
            st = self.st
            self.collect = st.phase == K.PICKING and (bool(st.face) or (
                st.can_start_collection() and K.best_classic(st.roll, st.double) == 0))
            self.refresh()
            self.events(evs, turn)
            self.bot_at = now + self.t_bot
            self.app.invalidate()
        self.tick_leds()
        if self.moments:
            p = self.moments[0][6]
            if (p < 0 and not self.humans) or (p >= 0 and self.agents[p] is not None):
                if now - self.moment_at >= self.t_moment:
                    self.next_moment()
            return
        if self.view == BOARD:
            if self.bot_turn() and now - self.board_at >= self.t_board:
                self.view = TABLE
                self.bot_at = now + self.t_bot
                self.refresh()
            return
        if self.view == TABLE and self.bot_turn():
            self.bot_step(now)

    def remote_ready(self):
        return not self.rolling_until and not self.moments and self.view == TABLE

    def bot_step(self, now):
        if now < self.bot_at:
            return
        st = self.st
        p = st.turn
        if self.bot_plan is None:
            a = self.agents[p].act(st, p, now)
            if a is None:
                return
            self.bot_plan = a
            if a[1] == K.TAKE or a[1] == K.COLLECT:
                # show the pick first, then set it aside
                self.collect = a[1] == K.COLLECT
                self.sel = a[2]
                self.refresh()
                self.bot_at = now + self.t_bot
                return
        a = self.bot_plan
        self.bot_plan = None
        self.act(a)
        self.bot_at = now + self.t_bot

    def tick_leds(self):
        lights = self.app.lights
        if lights.mode == FLASH or lights.mode == CHASE:  # a moment's lights run
            return
        st = self.st
        k = len(st.aside)
        s = popcount(self.sel) if st.phase == K.PICKING else 0
        c = 1 if (st.face or st.confirm) else 0
        sig = k | s << 3 | c << 6
        if sig == self.led_sig:
            return
        self.led_sig = sig
        col = _COLLECTED if c else _GOLD
        colors = []
        for i in range(8):
            if i < k:
                colors.append(col)
            elif i < k + s and i < 6:
                colors.append(_PICKED)
            else:
                colors.append(_OFF)
        lights.show_colors(colors)

    # -- input ------------------------------------------------------------------------------
    def on_event(self, ev):
        if api.kind_of(ev) == api.RELEASED:
            return
        if self.paused:
            self.pause_event(ev, self.st)
            return
        if is_click(ev, api.KEY_B):
            self.pause(True)
            return
        if self.rolling_until:
            return
        ok = is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)
        if self.moments:
            if ok or is_click(ev, api.KEY_X):
                self.next_moment()
            return
        if self.view == FINAL:
            if ok and self.humans:
                self.quit_now(self.st)
            return
        if self.view == BOARD:
            if ok or is_click(ev, api.KEY_X):
                self.view = TABLE
                self.bot_at = self.app.now + self.t_bot
                self.refresh()
            return
        if not self.human_turn():
            return
        if self.st.phase == K.PICKING:
            self.pick_event(ev)
        else:
            self.roll_event(ev)

    def on_resume(self, now):
        """Off the pause box: the bots' pace, the roll, the moment and the scoreboard
        start over."""
        self.bot_at = now + self.t_bot
        if self.rolling_until:
            self.rolling_until = now + 200
        self.moment_at = now
        self.board_at = now

    def roll_event(self, ev):
        st = self.st
        p = st.turn
        if self.joker_offer():
            if is_press(ev, api.LEFT) or is_press(ev, api.RIGHT):
                step = 1 if is_press(ev, api.RIGHT) else -1
                v = self.joker_pick
                for _ in range(2):
                    v = (v - 1 + step) % 6 + 1
                    if v != st.face:
                        break
                self.joker_pick = v
                self.app.sound.click()
                self.app.invalidate()
                return
            if is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
                self.act((p, K.JOKER, self.joker_pick))
                return
        if is_click(ev, api.KEY_A) or is_click(ev, api.PRESS) or is_click(ev, api.KEY_X):
            self.act((p, K.ROLL))
        elif is_click(ev, api.KEY_Y):
            self.bank()

    def pick_event(self, ev):
        st = self.st
        n = len(st.roll)
        c = self.cursor
        if is_press(ev, api.LEFT):
            c = (c - 1) % n
        elif is_press(ev, api.RIGHT):
            c = (c + 1) % n
        elif is_press(ev, api.UP) or is_press(ev, api.DOWN):
            if n > 3:
                c = c + 3 if c < 3 else c - 3
                if c >= n:
                    c = n - 1
        elif is_click(ev, api.PRESS) and st.can_start_collection():
            self.collect = not self.collect
            self.message = ""
            self.app.sound.click()
            self.refresh()
            return
        elif is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
            self.sel ^= 1 << c
            self.message = ""
            self.app.sound.click()
            self.refresh()
            return
        elif is_click(ev, api.KEY_X):
            self.roll_on()
            return
        elif is_click(ev, api.KEY_Y):
            self.bank()
            return
        else:
            return
        self.cursor = c
        self.app.invalidate()

    def refuse(self, why):
        self.message = why
        self.app.sound.play(sound.ERROR)
        self.refresh()

    def roll_on(self):
        """X: set the picked dice aside and roll on (after a moment, or the joker)."""
        st = self.st
        p = st.turn
        if not self.roll_ok:
            self.refuse(self.bank_why if st.phase == K.PICKING else "roll first")
            return
        if self.act((p, K.COLLECT if self.collect else K.TAKE, self.sel)):
            if st.is_terminal() or st.turn != p or st.phase != K.ROLLING or self.joker_offer():
                return
            if self.moments:
                self.after = (p, K.ROLL)
            else:
                self.act((p, K.ROLL))

    def bank(self):
        """Y: set the picked dice aside and bank, when the rules allow it."""
        st = self.st
        p = st.turn
        if self.bank_why is not None:
            self.refuse(self.bank_why)
            return
        if st.phase == K.PICKING and not self.act((p, K.TAKE, self.sel)):
            return
        self.act((p, K.BANK))

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, fb):
        D.draw(self.scene_now(), fb, self.app.now)

    def scene_now(self):
        """The scene filled from the screen as it is now (no allocation)."""
        sc = self.scene
        sc.page = self.view
        sc.paused = self.paused
        sc.rolling_until = self.rolling_until
        sc.collecting_roll = self.roll_ctx[0]
        sc.sel = self.sel
        sc.collect = self.collect
        sc.cursor = self.cursor
        sc.joker_pick = self.joker_pick
        return sc


def _first(mask):
    i = 0
    while not mask >> i & 1:
        i += 1
    return i
