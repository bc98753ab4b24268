"""Cubo versus bots: your nine dice on screen against 1-3 bots, in real time.

The rules are shared_rules.cubo.rules; this screen turns buttons into timestamped actions,
lets the bots act on the same game clock, runs the countdown on the screen, the LEDs
and the buzzer, and shows each round's scoring and the final ranking. With human=False
every player is a bot (the headless demo).

Each round starts on the rules' start signal: a count-in 3-2-1-Cubo! (COUNT_IN_MS, a
beep a step, big over the empty grid) with the game clock stopped, so nobody (bot or
player) can roll before "Cubo!". Round 1 waits for the player's A before its count-in
(the screen may be read first); later rounds count in when A leaves the summary, a
game resumed at a round's start when it is unpaused (a pause in the count-in starts it
again from 3). The bots-only demo counts in at once.

Keys while arranging: joystick moves, A picks a die / swaps it with the picked one,
X rerolls all nine (until someone calls), Y calls Cubo, joystick press shows the best
arrangement (A there takes it, another key closes it; it closes itself when the player
is no longer arranging, e.g. caught by the countdown). B pauses (the grid is hidden
while paused). `pace` slows the bots' thinking (shared_rules.cubo.bots.PACES), never
the countdown.

A summary between rounds goes on with A only, and not in its first SUMMARY_GUARD_MS:
a key pressed for the play as the round ended must not skip it unseen.
"""

from micropython import const

from hal import api
from app import ui, font, sound
from app.games.cubo import draw as V
from app.gamescreen import GameScreen, REMOTE
from app.screen import is_press, is_click
from shared_rules.cubo import rules as C

_BOT_NAMES = const(("ROBI", "DOKI", "ZIZI"))
GRID = V.GridLayout(4, 36, 44, 4)
PANEL_X = 168
_MSG_Y = const(196)
# the panel right of the grid: a label, the centre's dice (or the die taken), the players
_PANEL_LABEL_Y = const(34)
_PANEL_DICE_Y = const(46)
_CENTRE_DIE = const(28)
_CENTRE_STEP = const(34)
_SWAP_DIE = const(26)
_SWAP_NOW_Y = const(76)     # the grid's points now, with the swap, the best choice
_SWAP_STEP = const(12)
_PLAYERS_Y = const(116)
_PLAYER_STEP = const(12)
_CLOCK_Y = const(166)       # the countdown's seconds
_CLOCK_W = const(68)
_CLOCK_H = const(26)
# the start signal's box over the grid
_SIGNAL_X = const(10)
_SIGNAL_Y = const(70)
_SIGNAL_W = const(128)
_SIGNAL_H = const(72)
# the best grid's box over the grid
_HINT_Y = const(32)
_HINT_H = const(162)
_HINT_TEXT_X = const(8)
_HINT_GRID = V.GridLayout(12, 62, 34, 3)
_HINT_CLOSE_Y = const(178)
# the summaries: the round's grid, the scores (round and total columns), the ranking
_SUMMARY_GRID = V.GridLayout(6, 38, 40, 4)
_SUMMARY_BEST_Y = const(184)
_SCORES_HEAD_Y = const(36)
_SCORES_Y = const(52)
_SCORES_STEP = const(24)
_SCORES_NAME_X = const(12)
_ROUND_COL_X = const(120)   # "round" over the round's points, right-aligned at _ROUND_RIGHT
_ROUND_RIGHT = const(150)
_TOTAL_COL_X = const(186)
_TOTAL_RIGHT = const(224)
_RANKING_Y = const(44)
_RANKING_PLACE_X = const(14)
_RANKING_NAME_X = const(52)
_RANKING_STEP_TOP = const(40)
_RANKING_STEP = const(26)
_SHARED_WIN_Y = const(196)
ROLL_ANIM_MS = 600
_SUMMARY_MS = const(2600)  # how long summaries stay up in the bots-only demo
SUMMARY_GUARD_MS = 800
COUNT_IN_MS = 3000      # 3, 2, 1 a second each, then "Cubo!": play starts
GO_SHOWN_MS = 800       # "Cubo!" stays over the grid this long (until the player rolls)
# linked: from the end of a round to the next "Cubo!" (the summary, then the count-in)
_LINK_GAP_MS = const(6000 + 3000)
NO_ROLL = "You did not roll: 0 points this round"
_CAUGHT = const("The countdown caught you: 0 points")

PLAYER_LED = {C.WAITING: (0, 0, 0), C.ARRANGING: (60, 60, 70), C.CALLED: (40, 200, 60),
              C.FINISHED: (40, 200, 60), C.FORFEIT: (220, 30, 30)}


def make_bot(level, seed, pace="normal"):
    """A bot of `level` at a pace of shared_rules.cubo.bots.PACES. Its module is loaded
    only for a game that seats a bot: a linked guest's bots play on the host, and a
    table of humans has none."""
    from shared_rules.cubo.bots import make_bot, PACES
    return make_bot(level, seed, PACES.get(pace, 100))


class CuboMatch(GameScreen):
    HELP = "app.games.cubo.help"

    def __init__(self, app, levels, options, seed, human=True, saved=None, pace="normal",
                 seats=None):
        """seats: (kinds, names) of a linked game (app.link): this device's human
        ("human"), bots on the host (their level), humans of other devices ("linked")."""
        GameScreen.__init__(self, app)
        session = self.linked(C.CuboState) if seats is not None else None
        if session is not None:
            kinds, names = seats
            self.link = session.bind(self)
            self.human = kinds.index("human") if "human" in kinds else -1
            self.agents = [REMOTE if p in self.link.remote else
                           None if kinds[p] == "human" else
                           make_bot(kinds[p], seed * 31 + p, pace)
                           for p in range(len(kinds))]
            self.make_bot = make_bot
            self.names = list(names)
            meta = self.link.meta
        else:
            n = len(levels) + (1 if human else 0)
            self.human = 0 if human else -1
            first_bot = 1 if human else 0
            self.agents = [None] * n
            self.names = [app.settings.name(0)] * n
            for i in range(len(levels)):
                p = first_bot + i
                self.agents[p] = make_bot(levels[i], seed * 31 + p, pace)
                self.names[p] = _BOT_NAMES[i] if human else levels[i].upper()
            if saved is not None:
                self.names = list(saved["players"])
            meta = {"levels": list(levels), "human": human, "pace": pace}
        # the save's clock is game time (it stops while paused), so a resumed game goes
        # on from the last saved action's time
        elapsed = (saved.get("elapsed") or 0) if saved is not None else 0
        self.state = self.open_save(saved, C.CuboState, options, seed, elapsed, meta)
        self.st = self.state    # app.gamescreen's name for it
        self.me = max(self.human, 0)  # whose dice the screen shows
        self.t0 = None
        # game time stops while paused, reading a summary or counting in
        self.frozen_at = None
        # the start signal: round 1 waits for the player's A (ready), then the count-in
        # runs from app time count_at; "Cubo!" was at go_at (None: no longer shown)
        self.ready = False
        self.count_at = None
        self.count_step = -1
        self.go_at = None
        self.go_gt = None       # linked: the game time of this round's "Cubo!"
        if session is not None:
            # linked: the host's clock runs on; every device counts in to the same moment
            self.frozen_at = None
            self.go_gt = self.first_go(saved)
        elif saved is not None:
            self.t0 = app.now - elapsed
            if human:  # back from a power cut: the player says when to go on
                self.paused = True
                self.frozen_at = elapsed
                st = self.state
                if st.phase == C.PLAY and max(st.status) == C.WAITING:
                    self.count_at = app.now   # a round not started: counted in
        else:
            self.frozen_at = 0
            if human:
                self.ready = True
            else:
                self.count_at = app.now
        self.cursor = 0
        self.picked = -1
        self.choice = 0         # centre die / C value being chosen
        self.show_hint = None   # (score, grid, action) while the hint is up
        self.rolled_at = -10000
        self.spin_only = False  # this frame only the tumbling dice change (see draw)
        self.message = ""
        self.sent = False       # linked: the last press only sent a request to the host
        self.last_secs = None
        self.led_sig = None
        self.summary = None     # (page, data) between rounds and at the end
        self.summary_at = 0

    def keep_awake(self, now):
        """app.power: a round in play keeps the device awake (it may dim), its countdown
        at full brightness; a bots-only game's summaries too, as they turn by themselves."""
        if self.summary is not None:
            return 1 if self.human < 0 else 0
        st = self.state
        if self.paused or st.is_terminal() or self.ready:
            return 0
        return 2 if self.last_secs else 1   # tick_countdown's seconds left, None without one

    def wake_in(self, now):
        """App.rest: ms from `now` to the countdown's next second (its LEDs and beep are
        due then, on every linked device alike, not at the next turn of the frame
        grid), or None."""
        if self.paused or self.summary is not None or self.last_secs is None:
            return None
        left = self.state.countdown_left(self.game_time(now))
        if not left:
            return None
        return (left - 1) % 1000 + 1

    # -- clock ------------------------------------------------------------------
    def game_time(self, now):
        if self.link is not None:
            return self.link.game_time(now)   # the host's clock: it decides who was first
        if self.t0 is None:
            self.t0 = now
        if self.frozen_at is not None:
            return self.frozen_at
        return now - self.t0

    def freeze(self, now):
        if self.frozen_at is None:
            self.frozen_at = self.game_time(now)

    def thaw(self, now):
        if self.frozen_at is not None:
            self.t0 = now - self.frozen_at
            self.frozen_at = None

    def save_time(self):
        return self.game_time(self.app.now)

    def first_go(self, saved):
        """Linked: the game time of the start signal of the round on the table, or None
        when it was given already (a round under way, or the game over)."""
        st = self.state
        if st.is_terminal() or st.phase != C.PLAY or max(st.status) != C.WAITING:
            return None
        # st.t: the time of the action that ended the last round
        return COUNT_IN_MS if st.round == 0 else st.t + _LINK_GAP_MS

    def link_signal(self, now):
        """Linked: the summary closes and the count-in runs to the round's "Cubo!" at the
        same game time on every device; False while nobody may act yet."""
        go = self.go_gt
        if go is None:
            return True
        gt = self.game_time(now)
        if gt >= go:
            self.go_gt = None
            if self.count_at is not None:
                self.count_in(self.count_at + COUNT_IN_MS)
            return True
        if gt >= go - COUNT_IN_MS:
            if self.summary is not None:
                self.summary = None
                self.app.invalidate()
            if self.count_at is None:
                self.count_at = now - (gt - (go - COUNT_IN_MS))
                self.count_step = -1
                self.message = ""
        return False

    def go_on(self, now):
        """Play goes on (after a pause): the count-in again from 3 if it was counting
        in, else the clock runs from where it stopped."""
        if self.ready or self.link is not None:   # linked: the host's clock never stopped
            return
        if self.count_at is not None:
            self.count_in_from(now)
        else:
            self.thaw(now)

    def count_in_from(self, now):
        self.count_at = now
        self.count_step = -1
        self.message = ""

    def count_in(self, now):
        """The count-in's frame: a beep and a redraw at each step; True once "Cubo!"
        has been given (the clock runs from then)."""
        step = (now - self.count_at) // 1000
        if step != self.count_step:
            self.count_step = step
            self.app.invalidate()
            if step * 1000 < COUNT_IN_MS:
                self.app.sound.play(sound.BEEP)
        if now - self.count_at < COUNT_IN_MS:
            return False
        self.count_at = None
        self.go_at = now
        self.thaw(now)
        self.app.sound.play(sound.START)
        return True

    # -- applying actions -------------------------------------------------------------
    def do(self, action):
        st = self.state
        rnd = st.round
        statuses = list(st.status)
        if st.phase == C.SCORING:
            finals = [st.grid(p) for p in range(st.num_players)]
        else:
            finals = None
        kind = action[1]
        why = self.apply(action)   # app.gamescreen: here, or through the link
        if why == "":
            self.sent = True
            return True   # sent to the linked host: shown when its action comes back
        if why is not None:  # IllegalAction: say why, change nothing
            self.message = why
            self.app.sound.play(sound.ERROR)
            return False
        p = action[0]
        if self.show_hint is not None and (st.phase != C.PLAY
                                           or st.status[self.human] != C.ARRANGING):
            self.show_hint = None   # its A would do nothing now (caught by the countdown)
        if kind == C.CALL:
            self.message = "%s called Cubo!" % self.names[p]
            self.app.sound.play(sound.BEEP)
        elif kind == C.EXPIRE:
            self.cubo_moment()
        elif (kind == C.ROLL or kind == C.REROLL) and p == self.me:
            self.rolled_at = self.app.now
            self.app.sound.play(sound.ROLL)
        if st.is_terminal() or st.round != rnd:
            self.round_over(finals, statuses)
        elif kind == C.SWAP and p != self.me:
            return True  # another player's swap changes nothing on this screen
        self.app.invalidate()
        return True

    act = do   # app.link feeds the other devices' actions through act()

    def remote_ready(self):
        return self.summary is None

    def cubo_moment(self):
        self.app.sound.play(sound.CUBO)
        self.app.lights.flash((255, 200, 40), self.app.now)
        self.message = "CUBO! Time is up"
        self.last_secs = None

    def round_over(self, finals, statuses):
        st = self.state
        r = len(st.history[0]) - 1
        rows = []
        for p in range(st.num_players):
            rows.append((self.names[p], st.history[p][r], st.totals[p]))
        me = self.me
        grid = finals[me] if finals else None
        card = None
        best = None
        if grid is not None and st.history[me][r] > 0:
            card = V.ScoreCard(grid, C.line_scores(grid, st.options["runs_any_order"]),
                               self.app.now)
            best = C.best_arrangement(grid, st.options["runs_any_order"])[0]
        why = None
        if self.human >= 0 and st.history[me][r] == 0:
            if grid is None:
                why = NO_ROLL
            elif statuses[me] == C.FORFEIT:
                why = _CAUGHT
        self.summary = [0 if card else 1, card, rows, best, r + 1, why]
        self.summary_at = self.app.now
        self.freeze(self.app.now)
        if self.link is not None and not st.is_terminal():
            # linked: the next round's "Cubo!" a summary and a count-in after the round
            # ended, on the host's clock (the same moment on every device)
            self.go_gt = st.t + _LINK_GAP_MS   # st.t: the time of the action that ended it
        self.picked = -1
        self.show_hint = None

    # -- the frame ----------------------------------------------------------------------
    def update(self, now):
        st = self.state
        self.spin_only = False
        if self.link is not None and not self.link_signal(now):
            if self.count_at is not None and self.summary is None and not self.paused:
                self.count_in(now)
            if self.summary is None:
                return
        if self.summary is not None:
            if self.summary[0] == 0 and self.summary[1] is not None and self.summary[1].animating(now):
                self.app.invalidate()
            linked_page = self.link is not None and (not st.is_terminal() or self.summary[0] < 2)
            if (self.human < 0 or linked_page) and now - self.summary_at > _SUMMARY_MS:
                self.next_summary_page()
            return
        if self.paused or st.is_terminal() or self.ready:
            return
        if self.count_at is not None and not self.count_in(now):
            return   # nobody acts before "Cubo!"
        if self.go_at is not None and (now - self.go_at >= GO_SHOWN_MS
                                       or st.grid(self.me) is not None):
            self.go_at = None
            self.app.invalidate()
        if self.cursor < 0 and self.my_swap_step():
            self.cursor = self.best_cell()
            self.app.invalidate()
        gt = self.game_time(now)
        for p in st.actors():
            agent = self.agents[p]
            if agent is not None and not st.is_terminal():
                a = agent.act(st, p, gt)
                if a is not None:
                    self.do(a)
                    if self.summary is not None:
                        return
        ev = st.system_action(gt) if self.link is None else None   # linked: the host's
        if ev is not None:
            self.do(ev)
            if self.summary is not None:
                return
        self.tick_countdown(gt)
        self.tick_leds()
        if now - self.rolled_at < ROLL_ANIM_MS + 100 and self.show_hint is None:
            # nothing else changed this frame (no action, key, countdown second or
            # notice): draw() redraws only the grid, in time for every frame (31 a second)
            # (under the hint the grid is hidden: nothing to redraw)
            app = self.app
            self.spin_only = not app.dirty and not (app.notice and app.notice_until)
            app.invalidate()

    def tick_countdown(self, gt):
        left = self.state.countdown_left(gt)
        if left is None:
            if self.last_secs is not None:
                self.last_secs = None
                self.led_sig = None
            return
        secs = (left + 999) // 1000
        if secs != self.last_secs:
            self.last_secs = secs
            if secs > 0:
                self.app.sound.play(sound.BEEP)
                V.countdown_leds(self.app.lights, secs)
            self.app.invalidate()

    def tick_leds(self):
        if self.last_secs is not None or self.app.lights.mode == 2:  # countdown or flash
            return
        st = self.state
        sig = tuple(st.status)
        if sig != self.led_sig:
            self.led_sig = sig
            self.app.lights.show_colors([PLAYER_LED[s] for s in st.status])

    # -- input ---------------------------------------------------------------------------
    def on_event(self, ev):
        if api.kind_of(ev) == api.RELEASED:
            return
        now = self.app.now
        if self.paused:
            self.pause_event(ev, self.state)
            return
        if is_click(ev, api.KEY_B):
            self.pause(True)
            return
        if self.summary is not None:
            if is_click(ev, api.KEY_A) and now - self.summary_at >= SUMMARY_GUARD_MS:
                self.next_summary_page()
            return
        if self.ready:
            if is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
                self.ready = False
                self.count_in_from(now)
                self.app.invalidate()
            return
        if self.count_at is not None or self.go_gt is not None:
            return   # the dice are rolled on "Cubo!" (linked: at the host's time)
        st = self.state
        p = self.human
        if p < 0 or st.is_terminal():
            return
        gt = self.game_time(now)
        if st.phase == C.SCORING:
            if st.scorer == p:
                self.scoring_event(ev, gt)
                self.app.invalidate()
            return
        status = st.status[p]
        view = (self.cursor, self.picked, self.choice, self.show_hint, self.message)
        self.sent = False
        if status == C.WAITING:
            if is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
                self.do((p, C.ROLL, gt))
        elif status == C.ARRANGING:
            self.arrange_event(ev, gt)
        elif status == C.CALLED and st.next_taker() == p:
            self.take_event(ev, gt)
        if not self.sent or view != (self.cursor, self.picked, self.choice, self.show_hint,
                                     self.message):
            # a press that only went to the linked host changed nothing here: no frame is
            # drawn for it, so the frame showing the host's answer is not kept waiting
            self.app.invalidate()

    def on_pause(self, now):
        """The pause box went up (app.gamescreen): game time stops."""
        self.freeze(now)

    def on_resume(self, now):
        """The pause box went down: play goes on (go_on), unless a summary shows."""
        if self.summary is None:
            self.go_on(now)

    def next_summary_page(self):
        s = self.summary
        if s[0] == 0:
            s[0] = 1
        elif self.state.is_terminal():
            if s[0] == 1:
                s[0] = 2
                self.app.sound.play(sound.WIN)
                self.app.lights.chase((255, 200, 40), self.app.now)
            elif self.human >= 0:
                self.quit_now(self.state)
                return
        elif self.link is not None:
            self.summary = None   # linked: the start signal comes at the host's time
        else:
            self.summary = None
            self.count_in_from(self.app.now)   # the next round's start signal
        self.summary_at = self.app.now
        self.app.invalidate()

    def move_cursor(self, ev):
        c = V.move_cell(self.cursor, ev)
        if c < 0:
            return False
        self.cursor = c
        return True

    def arrange_event(self, ev, gt):
        st = self.state
        p = self.human
        if self.show_hint is not None:
            if is_click(ev, api.KEY_A) and self.show_hint[2] is not None:
                act = self.show_hint[2]
                self.do((act[0], act[1], act[2], gt))
                self.picked = -1
            self.show_hint = None
            return
        if self.move_cursor(ev):
            return
        if is_click(ev, api.KEY_A):
            c = self.cursor
            if c == C.CENTRE:
                self.message = "The joker stays in the middle"
            elif self.picked < 0:
                self.picked = c
            elif self.picked == c:
                self.picked = -1
            else:
                a, b = min(c, self.picked), max(c, self.picked)
                self.do((p, C.SWAP, a, b, gt))
                self.picked = -1
        elif is_click(ev, api.KEY_X):
            if st.calls:
                self.message = "No rerolls: Cubo was called"
                self.app.sound.play(sound.ERROR)
            else:
                self.picked = -1
                self.do((p, C.REROLL, gt))
        elif is_click(ev, api.KEY_Y):
            self.picked = -1
            self.do((p, C.CALL, gt))
            self.choice = self.best_centre()
        elif is_click(ev, api.PRESS):
            self.show_hint = st.hint(p, gt)

    def best_centre(self):
        st = self.state
        g = st.grid(self.human)
        best = -1
        pick = 0
        for k in range(4):
            d = st.centre[k]
            if d is not None:
                s = C.best_swap(g, d, st.options["runs_any_order"])[0]
                if s > best:
                    best = s
                    pick = k
        return pick

    def take_event(self, ev, gt):
        st = self.state
        if is_press(ev, api.LEFT) or is_press(ev, api.RIGHT):
            step = 1 if is_press(ev, api.RIGHT) else -1
            k = self.choice
            for _ in range(4):
                k = (k + step) % 4
                if st.centre[k] is not None:
                    break
            self.choice = k
        elif is_click(ev, api.KEY_A) or is_click(ev, api.PRESS):
            if st.centre[self.choice] is None:
                self.choice = self.best_centre()
            self.do((self.human, C.TAKE, self.choice, gt))
            self.cursor = -1

    def scoring_event(self, ev, gt):
        st = self.state
        p = self.human
        if st.scoring_step() == C.STEP_NAME:
            if is_press(ev, api.LEFT):
                self.choice = (self.choice - 2) % 6 + 1
            elif is_press(ev, api.RIGHT):
                self.choice = self.choice % 6 + 1
            elif is_click(ev, api.KEY_A):
                self.do((p, C.NAME, self.choice, gt))
            return
        if self.cursor < 0:
            self.cursor = self.best_cell()
        if self.move_cursor(ev):
            return
        if is_click(ev, api.KEY_A):
            if self.cursor == C.CENTRE:
                self.message = "Never the joker: pick a coloured die"
                self.app.sound.play(sound.ERROR)
            else:
                self.do((p, C.EXCHANGE, self.cursor, gt))
                self.cursor = 0
                self.after_exchange()
        elif is_click(ev, api.KEY_X):
            self.do((p, C.KEEP, gt))
            self.cursor = 0
            self.after_exchange()

    def my_swap_step(self):
        st = self.state
        return st.phase == C.SCORING and st.scorer == self.human >= 0 \
            and st.scoring_step() == C.STEP_SWAP and st.taken(self.human) is not None

    def best_cell(self):
        """Where the taken die scores best (CENTRE: keeping it is best)."""
        st = self.state
        p = self.human
        best = C.best_swap(st.grid(p), st.taken(p), st.options["runs_any_order"])[1]
        return C.CENTRE if best is None else best

    def after_exchange(self):
        st = self.state
        if st.phase == C.SCORING and st.scorer == self.human and st.scoring_step() == C.STEP_NAME:
            self.choice = C.best_c_value(st.grid(self.human), st.options["runs_any_order"])

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, fb):
        st = self.state
        now = self.app.now
        if self.spin_only:
            self.spin_only = False
            self.draw_table(fb, now, True)
            return
        ui.clear(fb)
        if self.summary is not None:
            self.draw_summary(fb, now)
        else:
            ui.header(fb, "Cubo  %d/%d" % (st.round_number(), C.ROUNDS),
                      "%d pts" % st.totals[self.me])
            if not self.paused:  # no planning on a paused clock: the dice are hidden
                self.draw_table(fb, now)
        if self.paused:
            ui.pause_box(fb)

    def my_cells(self, now):
        st = self.state
        g = st.grid(self.me)
        if g is None:
            return None
        if now - self.rolled_at < ROLL_ANIM_MS:
            # tumbling: faces flicker until the roll lands (the real dice are already known)
            k = (now // ui.ANIM_MS) % 6  # a new face each frame, 31 a second
            return [(((i * 5 + k) % 6) + 1, g[i][1]) for i in range(9)]
        return g

    def draw_table(self, fb, now, clear=False):
        """clear: only the grid and its line tags, over the last frame (the area to the
        panel and down to the prompt holds nothing else)."""
        st = self.state
        me = self.me
        if clear:
            fb.fill_rect(0, ui.HEADER_H, PANEL_X - 2, _MSG_Y - ui.HEADER_H, ui.BG)
        cells = self.my_cells(now)
        scoring_me = st.phase == C.SCORING and st.scorer == self.human
        if self.show_hint is not None:
            pass  # the hint's box covers the grid and its line tags
        elif cells is None:
            for i in range(9):
                x, y = GRID.cell_xy(i)
                ui.round_rect(fb, x, y, GRID.size, GRID.size, ui.PANEL)
        else:
            preview = None
            if scoring_me and st.scoring_step() == C.STEP_SWAP and 0 <= self.cursor != C.CENTRE:
                preview = list(cells)
                preview[self.cursor] = st.taken(self.human)
            show = preview or cells
            cursor = self.cursor if (st.status[me] == C.ARRANGING and me == self.human) or scoring_me else -1
            V.grid(fb, GRID, show, cursor, self.picked)
            V.line_tags(fb, GRID, C.line_scores(show, st.options["runs_any_order"],
                                                 st.named[me] if not preview else None))
        if clear:
            return
        self.draw_panel(fb, now)
        self.draw_prompt(fb, now)
        if self.show_hint is not None:
            self.draw_hint(fb)
        elif self.ready or self.count_at is not None or self.go_at is not None:
            self.draw_signal(fb, now)

    def draw_signal(self, fb, now):
        """The start signal over the (empty) grid: Ready?, 3, 2, 1, then Cubo!"""
        if self.ready:
            text, scale, color = "Ready?", 2, ui.PANEL_HI
        elif self.count_at is not None:
            text = str(max(1, (COUNT_IN_MS - (now - self.count_at) + 999) // 1000))
            scale, color = 4, ui.BAD
        else:
            text, scale, color = "Cubo!", 3, ui.GOOD
        ui.round_rect(fb, _SIGNAL_X, _SIGNAL_Y, _SIGNAL_W, _SIGNAL_H, color)
        font.draw_centered(fb, text, _SIGNAL_X, _SIGNAL_Y, _SIGNAL_W, _SIGNAL_H, ui.WHITE,
                           font.BODY, scale)

    def draw_hint(self, fb):
        """The best arrangement of the dice held, over the grid only: the panel (and
        its countdown) stays in view."""
        score, best, _ = self.show_hint
        st = self.state
        ui.round_rect(fb, 2, _HINT_Y, PANEL_X - 6, _HINT_H, ui.PANEL)
        ui.round_rect(fb, 2, _HINT_Y, PANEL_X - 6, _HINT_H, ui.ACCENT, False)
        font.draw(fb, "Best grid: %d pts" % score, _HINT_TEXT_X, _HINT_Y + 4, ui.ACCENT,
                  font.SMALL)
        now_pts = C.score_grid(st.grid(self.human), st.options["runs_any_order"])
        font.draw(fb, "yours now: %d pts" % now_pts, _HINT_TEXT_X, _HINT_Y + 16, ui.DIM,
                  font.SMALL)
        V.grid(fb, _HINT_GRID, best)
        font.draw(fb, "A take it, \u2022 or X/Y close", _HINT_TEXT_X, _HINT_CLOSE_Y, ui.TEXT,
                  font.SMALL)

    def draw_panel(self, fb, now):
        if self.my_swap_step():
            self.draw_swap_panel(fb)
        else:
            self.draw_centre(fb)
        self.draw_players(fb, now)

    def draw_swap_panel(self, fb):
        """Scoring: the taken die, the grid's points now, with the swap at the cursor,
        and the best choice (as table mode shows it)."""
        st = self.state
        x = PANEL_X
        anyo = st.options["runs_any_order"]
        font.draw(fb, "Your die", x, _PANEL_LABEL_Y, ui.DIM, font.SMALL)
        V.die(fb, x + 2, _PANEL_DICE_Y, _SWAP_DIE, st.taken(self.human))
        grid = st.grid(self.human)
        font.draw(fb, "now %d" % C.score_grid(grid, anyo), x, _SWAP_NOW_Y, ui.DIM, font.SMALL)
        if 0 <= self.cursor != C.CENTRE:
            g = list(grid)
            g[self.cursor] = st.taken(self.human)
            font.draw(fb, "swap %d" % C.score_grid(g, anyo), x, _SWAP_NOW_Y + _SWAP_STEP,
                      ui.ACCENT, font.SMALL)
        best = self.best_cell()
        font.draw(fb, "best: keep" if best == C.CENTRE else "best: cell %d" % (best + 1),
                  x, _SWAP_NOW_Y + 2 * _SWAP_STEP, ui.GOOD, font.SMALL)

    def draw_centre(self, fb):
        st = self.state
        x = PANEL_X
        font.draw(fb, "Centre", x, _PANEL_LABEL_Y, ui.DIM, font.SMALL)
        taking = st.phase == C.PLAY and self.human >= 0 and st.status[self.human] == C.CALLED \
            and st.next_taker() == self.human
        for k in range(4):
            dx = x + (k % 2) * _CENTRE_STEP
            dy = _PANEL_DICE_Y + (k // 2) * _CENTRE_STEP
            V.die(fb, dx, dy, _CENTRE_DIE, st.centre[k])
            if taking and k == self.choice:
                ui.round_rect(fb, dx - 3, dy - 3, _CENTRE_DIE + 6, _CENTRE_DIE + 6, ui.ACCENT,
                              False)

    def draw_players(self, fb, now):
        st = self.state
        x = PANEL_X
        y = _PLAYERS_Y
        for p in range(st.num_players):
            s = st.status[p]
            color = ui.ACCENT if p == self.me else ui.TEXT
            font.draw(fb, self.names[p][:6], x, y, color, font.SMALL)
            mark = ""
            if st.phase == C.SCORING:
                mark = "%d" % st.totals[p]
            elif s == C.ARRANGING:
                mark = "%dx" % st.rolls(p)
            elif s == C.CALLED or s == C.FINISHED:
                mark = font.CHECK
            elif s == C.FORFEIT:
                mark = font.CROSS
            font.draw_right(fb, mark, ui.W - 4, y, ui.GOOD if s in (C.CALLED, C.FINISHED) else ui.DIM,
                            font.SMALL)
            y += _PLAYER_STEP
        left = st.countdown_left(self.game_time(now))
        if left is not None:
            secs = (left + 999) // 1000
            ui.round_rect(fb, x, _CLOCK_Y, _CLOCK_W, _CLOCK_H, ui.BAD)
            font.draw_centered(fb, str(secs), x, _CLOCK_Y, _CLOCK_W, _CLOCK_H, ui.WHITE,
                               font.BODY, 2)

    def draw_prompt(self, fb, now):
        st = self.state
        p = self.human
        hints = None
        text = self.message
        if self.ready:
            text = "Press A when ready: 3-2-1-Cubo!"
            hints = (("A", "Start"), ("B", "Pause"))
        elif self.count_at is not None:
            text = "Round %d: roll on Cubo!" % st.round_number()
        elif p >= 0 and st.phase == C.PLAY:
            s = st.status[p]
            if s == C.ARRANGING and self.show_hint is not None:
                hints = (("A", "Take it"), (font.BULLET, "Close"), ("B", "Pause"))
            elif s == C.WAITING:
                text = "Round %d: roll your dice!" % st.round_number()
                hints = (("A", "Roll"), ("B", "Pause"))
            elif s == C.ARRANGING:
                hints = (("A", "Pick"), ("X", "Reroll"), ("Y", "Cubo!"), (font.BULLET, "Hint"))
            elif s == C.CALLED and st.next_taker() == p:
                d = st.centre[self.choice]
                text = "Take a centre die"
                if d is not None:
                    # what the grid can score with this die swapped in at scoring
                    text = "This die: your grid up to %d pts" % C.best_swap(
                        st.grid(p), d, st.options["runs_any_order"])[0]
                hints = ((font.LEFT + font.RIGHT, "Choose"), ("A", "Take"))
            elif s == C.FORFEIT:
                text = "Too late: 0 points this round"
        elif p >= 0 and st.phase == C.SCORING:
            if st.scorer == p:
                if st.scoring_step() == C.STEP_NAME:
                    text = "Name the C: %s %d %s" % (font.LEFT, self.choice, font.RIGHT)
                    hints = ((font.LEFT + font.RIGHT, "Value"), ("A", "OK"))
                else:
                    text = "Swap your die into this cell?"
                    if self.cursor == C.CENTRE:
                        text = "Never the joker: move, or X keeps"
                    hints = (("A", "Swap here"), ("X", "Keep"))
            else:
                text = "%s is scoring" % self.names[st.scorer] + font.ELLIPSIS
        if text:
            ui.centered(fb, text, _MSG_Y, ui.TEXT, font.SMALL)
        ui.footer(fb, hints or (("B", "Pause"),))

    def draw_summary(self, fb, now):
        page, card, rows, best, rnd, why = self.summary
        st = self.state
        if page == 0:
            ui.header(fb, "Round %d: your grid" % rnd)
            card.draw(fb, _SUMMARY_GRID, now, 148)
            if best is not None and card.done(now):
                ui.centered(fb, "Best possible with that roll: %d" % best, _SUMMARY_BEST_Y,
                            ui.DIM, font.SMALL)
            ui.footer(fb, (("A", "Next"),))
            return
        if page == 1:
            title = "Final scores" if st.is_terminal() else "After round %d" % rnd
            ui.header(fb, title)
            font.draw(fb, "round", _ROUND_COL_X, _SCORES_HEAD_Y, ui.DIM, font.SMALL)
            font.draw(fb, "total", _TOTAL_COL_X, _SCORES_HEAD_Y, ui.DIM, font.SMALL)
            y = _SCORES_Y
            for name, pts, total in rows:
                font.draw(fb, name, _SCORES_NAME_X, y, ui.TEXT)
                font.draw_right(fb, str(pts), _ROUND_RIGHT, y, ui.TEXT if pts else ui.BAD)
                font.draw_right(fb, str(total), _TOTAL_RIGHT, y, ui.ACCENT)
                y += _SCORES_STEP
            if why:
                ui.centered(fb, why, y + 12, ui.BAD, font.SMALL)
            ui.footer(fb, (("A", "Continue"),))
            return
        ui.header(fb, "Cubo: final ranking")
        totals = st.scores()
        y = _RANKING_Y
        for place, q in ui.ranked(totals):
            color = ui.ACCENT if place == 1 else ui.TEXT
            font.draw(fb, "%d." % place, _RANKING_PLACE_X, y, color, font.BODY,
                      2 if place == 1 else 1)
            font.draw(fb, self.names[q], _RANKING_NAME_X, y + (6 if place == 1 else 0), color)
            font.draw_right(fb, str(totals[q]), _TOTAL_RIGHT, y + (6 if place == 1 else 0),
                            color)
            y += _RANKING_STEP_TOP if place == 1 else _RANKING_STEP
        if len(st.winners()) > 1:
            ui.centered(fb, "A shared win!", _SHARED_WIN_Y, ui.GOOD, font.SMALL)
        ui.footer(fb, (("A", "Done"),))
