"""Cubo table mode: real dice on the table, the device as the table's master.

Each round: the device rolls the four centre dice (shown for the players to copy
onto the physical ones), gives the start signal, and on X runs the six-second
countdown (six LEDs go out one per second with a beep, then everything flashes with
the CUBO sound). Then, from the start player on, each player's result is entered as
a grid (a 3x3 editor: joystick moves, A/Y change the value, X the colour; the joker
stays in the middle), as plain points, or as a forfeit. For a grid the device asks
which centre die was taken, offers the best swap, scores line by line and shows the
best arrangement that roll allowed. Totals run over six rounds; the final ranking
shares ties.

The rules' part (centre dice, entries, corrections, totals) is a
shared_rules.cubo.table state: every step that changes it is an action, saved as it
is applied (resume after a power cut; a finished game goes to the game log).
Showing the centre, the start signal and the end of play (countdown or "score now")
are actions too (SHOW, SIGNAL, STOP), so a resume comes back at the round's stage.
The round clock after the start signal is written to the save once a second
(app.journal.CLOCK), so a resume shows it where it was when the power went (the time
the device was off is not counted: it cannot know it).
"""

from micropython import const

from hal import api
from app import ui, font, sound
from app.games.cubo import draw as V
from app.gamescreen import GameScreen
from app.screen import is_press, is_click
from app.journal import CLOCK
from shared_rules.game import IllegalAction
from shared_rules.cubo.table import (CuboTableState, REROLL, FLIP, POINTS, FORFEIT, UNDO,
                                     SHOW, SIGNAL, STOP, ROUNDS, E_PLAYER, E_GRID)
from shared_rules.cubo.score import (
    score_grid, best_arrangement, best_swap, best_c_value, line_scores, CENTRE, C_FACE,
    MAX_SCORE)

_COUNTDOWN = const(6)
ROLL_MS = 700
EDIT = V.GridLayout(8, 40, 44, 4)
_ENTRY_KINDS = const(("Enter the grid", "Enter points", "Forfeit (0)"))

# phases
CENTRE_ROLL, PLAYING, COUNTING, CUBO, PICK, GRID, TAKEN, SWAP, NAME, CARD, POINTS_IN, ROUND, FINAL = range(13)


class CuboTable(GameScreen):
    """The rules and the totals are the state's (shared_rules.cubo.table); this screen
    keeps what is on screen: the phase, cursors, the entry being edited."""
    HELP = "app.games.cubo.help"

    def __init__(self, app, players, options, seed, saved=None):
        GameScreen.__init__(self, app)
        if saved is not None:
            self.names = list(saved["players"])
        else:
            self.names = [app.settings.name(i) for i in range(players)]
        self.state = self.open_save(saved, CuboTableState, options, seed, app.now,
                                    {"table": True})
        self.any_order = self.state.options["runs_any_order"]
        self.seed = seed
        self.clock_saved = None
        self.new_round()
        stage = self.state.stage
        if self.state.entering() > 0 or stage == 3:  # resumed in the entries
            self.revealed = True
            self.phase = PICK
        elif stage == 2:
            self.revealed = True
            self.phase = PLAYING
            self.started_at = app.now - 1000 * self.saved_clock()
        elif stage == 1:
            self.revealed = True

    # -- round flow -------------------------------------------------------------
    def new_round(self):
        self.phase = CENTRE_ROLL
        self.round_shown = self.state.round_number()
        self.revealed = False  # the centre is rolled with the round; A shows it
        self.rolled_at = -10000
        self.cursor = 0
        self.message = ""
        self.app.lights.off()

    def player(self):
        return self.state.current_player()

    def act(self, action):
        """Applies and saves one action; False (with the reason shown) if refused."""
        try:
            self.state.apply(action)
        except IllegalAction as e:
            self.message = str(e)
            self.app.sound.play(sound.ERROR)
            return False
        self.rec.applied(self.state, action, self.app.now)
        return True

    def roll_animation(self):
        self.rolled_at = self.app.now
        self.app.sound.play(sound.ROLL)
        self.cursor = 0

    def start_signal(self):
        self.phase = PLAYING
        self.started_at = self.app.now
        self.app.sound.play(sound.START)
        self.app.lights.chase((40, 200, 90), self.app.now, 160)

    def clock_mark(self):
        return "%d %d " % (self.seed, self.rec.n)

    def saved_clock(self):
        """The round clock's seconds the save holds for this game at this action (0 if
        none: a clock written before a later action is stale)."""
        try:
            text = self.app.hal.storage.read(CLOCK).decode()
        except (OSError, AttributeError, ValueError):
            return 0
        mark = self.clock_mark()
        if not text.startswith(mark):
            return 0
        try:
            return max(0, int(text[len(mark):]))
        except ValueError:
            return 0

    def save_clock(self, secs):
        if self.rec.ram is not None:
            return   # nothing on flash to resume from
        try:
            self.app.hal.storage.write(CLOCK, (self.clock_mark() + str(secs)).encode())
        except OSError:
            pass

    def start_countdown(self):
        self.phase = COUNTING
        self.count_from = self.app.now
        self.shown_secs = None

    def begin_entries(self):
        self.phase = PICK
        self.cursor = 0
        self.app.lights.off()

    def next_player(self):
        self.cursor = 0
        self.message = ""
        # the state closes the round with its last entry
        self.phase = PICK if self.state.entering() > 0 else ROUND

    def keep_awake(self, now):
        """app.power: the table's clock and countdown run at full brightness, never asleep."""
        if not self.paused and self.phase in (PLAYING, COUNTING, CUBO):
            return 2
        return 0

    # -- the frame --------------------------------------------------------------------
    def update(self, now):
        ph = self.phase
        if ph == COUNTING:
            secs = _COUNTDOWN - (now - self.count_from) // 1000
            if secs != self.shown_secs:
                self.shown_secs = secs
                if secs > 0:
                    V.countdown_leds(self.app.lights, secs)
                    self.app.sound.play(sound.BEEP)
                else:
                    self.phase = CUBO
                    self.cubo_at = now
                    self.app.sound.play(sound.CUBO)
                    self.app.lights.flash((255, 200, 40), now, 1600)
                self.app.invalidate()
        elif ph == CUBO:
            if now - self.cubo_at > 1600:
                self.begin_entries()
            self.app.invalidate()
        elif ph == PLAYING:
            secs = (now - self.started_at) // 1000
            if secs != self.clock_saved:
                # the clock shows whole seconds: one frame a second, the core idle between
                self.clock_saved = secs
                self.save_clock(secs)
                self.app.invalidate()
        elif ph == CARD and self.card.animating(now):
            self.app.invalidate()
        elif ph == CENTRE_ROLL and now - self.rolled_at < ROLL_MS + 60:
            self.app.invalidate()

    # -- input --------------------------------------------------------------------------
    def on_event(self, ev):
        if api.kind_of(ev) == api.RELEASED:
            return
        ph = self.phase
        if ph == COUNTING or ph == CUBO:
            return  # nothing may disturb the countdown
        ok = is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)
        self.app.invalidate()
        if self.paused:
            self.pause_event(ev, self.state)
            return
        if ph in (CENTRE_ROLL, PLAYING, PICK) and is_click(ev, api.KEY_B):
            self.pause(True)
            return
        if ph == CENTRE_ROLL:
            self.centre_event(ev, ok)
        elif ph == PLAYING:
            if is_click(ev, api.KEY_X) and self.act((self.player(), STOP, 0)):
                self.start_countdown()
            elif is_click(ev, api.KEY_Y) and self.act((self.player(), STOP, 0)):
                self.begin_entries()
        elif ph == PICK:
            self.pick_event(ev, ok)
        elif ph == GRID:
            self.grid_event(ev)
        elif ph == TAKEN:
            self.taken_event(ev, ok)
        elif ph == SWAP:
            self.swap_event(ev, ok)
        elif ph == NAME:
            if is_press(ev, api.LEFT):
                self.c_value = (self.c_value - 2) % 6 + 1
            elif is_press(ev, api.RIGHT):
                self.c_value = self.c_value % 6 + 1
            elif ok:
                self.show_card()
        elif ph == CARD:
            if is_click(ev, api.KEY_X):
                self.show_best = not self.show_best
            elif ok:
                self.next_player()
        elif ph == POINTS_IN:
            self.points_event(ev, ok)
        elif ph == ROUND:
            if ok:
                if self.state.is_terminal():
                    self.phase = FINAL
                    self.app.sound.play(sound.WIN)
                    self.app.lights.chase((255, 200, 40), self.app.now)
                else:
                    self.new_round()
        elif ph == FINAL:
            if ok or is_click(ev, api.KEY_B):
                self.leave(self.state)

    def can_correct(self):
        return self.phase == PICK and self.state.entering() > 0

    def paused_key(self, ev):
        """Y in the pause box (app.gamescreen) while entering: a correction, the previous
        player enters again."""
        if is_click(ev, api.KEY_Y) and self.can_correct():
            self.pause(False)
            self.act((self.player(), UNDO, self.state.last_entry()[E_PLAYER]))

    def centre_event(self, ev, ok):
        if not self.revealed:
            if ok and self.act((self.player(), SHOW, 0)):
                self.revealed = True
                self.roll_animation()
            return
        if is_press(ev, api.LEFT):
            self.cursor = (self.cursor - 1) % 4
        elif is_press(ev, api.RIGHT):
            self.cursor = (self.cursor + 1) % 4
        elif is_click(ev, api.KEY_X):
            # the table's centre dice drifted: match the real colour
            self.act((self.player(), FLIP, self.cursor))
        elif is_click(ev, api.KEY_Y):
            if self.act((self.player(), REROLL, 0)):
                self.roll_animation()
        elif ok and self.act((self.player(), SIGNAL, 0)):
            self.start_signal()

    def pick_event(self, ev, ok):
        if is_press(ev, api.UP):
            self.cursor = (self.cursor - 1) % 3
        elif is_press(ev, api.DOWN):
            self.cursor = (self.cursor + 1) % 3
        elif ok:
            if self.cursor == 0:
                self.phase = GRID
                self.cells = [None] * 9
                self.cursor = 0
                self.message = ""
            elif self.cursor == 1:
                self.phase = POINTS_IN
                self.points = 0
            elif self.act((self.player(), FORFEIT, 0)):
                self.next_player()

    def default_colour(self, i):
        if i == CENTRE:
            return self.state.joker_colour()
        return "R" if i in (0, 2, 6, 8) else "B"

    def grid_event(self, ev):
        c = self.cursor
        moved = V.move_cell(c, ev)
        if moved >= 0:
            self.cursor = moved
        elif is_press(ev, api.KEY_A) or is_press(ev, api.KEY_Y):
            d = self.cells[c]
            lo = 0 if (c == CENTRE and self.state.joker_colour() == "Y") else 1  # 0: the C face
            step = 1 if is_press(ev, api.KEY_A) else -1
            if d is None:
                v = lo if step > 0 else 6
                col = self.default_colour(c)
            else:
                v = d[0] + step
                if v > 6:
                    v = lo
                elif v < lo:
                    v = 6
                col = d[1]
            self.cells[c] = (v, col)
            self.message = ""
        elif is_click(ev, api.KEY_X):
            d = self.cells[c]
            if c == CENTRE:
                self.message = "The joker is always the middle die"
            elif d is not None:
                self.cells[c] = (d[0], "B" if d[1] == "R" else "R")
        elif is_click(ev, api.PRESS):
            self.finish_grid()
        elif is_click(ev, api.KEY_B):
            self.phase = PICK
            self.cursor = 0

    def grid_problem(self):
        """Why the entered grid is impossible, or None."""
        empty = sum(1 for d in self.cells if d is None)
        if empty:
            return "%d cell%s still empty" % (empty, "" if empty == 1 else "s")
        return self.state.grid_problem(self.cells)

    def finish_grid(self):
        problem = self.grid_problem()
        if problem:
            self.message = problem
            self.app.sound.play(sound.ERROR)
            return
        self.roll_best = best_arrangement(self.cells, self.any_order)
        self.phase = TAKEN
        self.cursor = self.first_free(0, 1)

    def first_free(self, k, step):
        taken = self.state.taken_slots()
        for _ in range(5):
            if k == 4 or k not in taken:
                return k
            k = (k + step) % 5
        return 4

    def taken_event(self, ev, ok):
        # a vertical list: up/down move (left/right too)
        if is_press(ev, api.UP) or is_press(ev, api.LEFT):
            self.cursor = self.first_free((self.cursor - 1) % 5, -1)
        elif is_press(ev, api.DOWN) or is_press(ev, api.RIGHT):
            self.cursor = self.first_free((self.cursor + 1) % 5, 1)
        elif is_click(ev, api.KEY_B):
            self.phase = GRID
            self.cursor = 0
        elif ok:
            k = self.cursor
            self.swap_cell = None
            if k == 4:
                self.taken = None
                self.after_swap()
                return
            self.taken_slot = k
            self.taken = self.state.centre[k]
            score, cell = best_swap(self.cells, self.taken, self.any_order)
            self.best_cell = cell
            self.cursor = CENTRE if cell is None else cell
            self.phase = SWAP

    def swapped(self, cell):
        """The entered grid with the taken die in `cell` (None: as entered)."""
        if cell is None or cell == CENTRE:
            return self.cells
        g = list(self.cells)
        g[cell] = self.taken
        return g

    def swap_event(self, ev, ok):
        c = self.cursor
        moved = V.move_cell(c, ev)
        if moved >= 0:
            self.cursor = moved
        elif is_click(ev, api.KEY_X) or (ok and c == CENTRE):
            self.swap_cell = None  # kept: it goes back
            self.after_swap()
        elif ok:
            self.swap_cell = c
            self.after_swap()
        elif is_click(ev, api.KEY_B):
            self.phase = TAKEN
            self.cursor = self.taken_slot

    def after_swap(self):
        if self.cells[CENTRE][0] == C_FACE:
            self.c_value = best_c_value(self.swapped(self.swap_cell), self.any_order)
            self.phase = NAME
        else:
            self.c_value = None
            self.show_card()

    def show_card(self):
        st = self.state
        slot = None if self.taken is None else self.taken_slot
        action = st.grid_action(self.cells, slot, self.swap_cell, self.c_value)
        try:
            entry = st.grid_entry(action)  # the card shows the grid as the state scores it
        except IllegalAction:
            entry = None
        if not self.act(action):  # says why
            return
        self.entrant = entry[E_PLAYER]
        self.card = V.ScoreCard(entry[E_GRID], st.breakdown(entry), self.app.now)
        self.show_best = False
        self.phase = CARD
        self.app.sound.play(sound.OK)

    def points_event(self, ev, ok):
        if is_press(ev, api.UP):
            self.points = min(MAX_SCORE, self.points + 1)
        elif is_press(ev, api.DOWN):
            self.points = max(0, self.points - 1)
        elif is_press(ev, api.RIGHT):
            self.points = min(MAX_SCORE, self.points + 10)
        elif is_press(ev, api.LEFT):
            self.points = max(0, self.points - 10)
        elif ok:
            if self.act((self.player(), POINTS, self.points)):
                self.next_player()
        elif is_click(ev, api.KEY_B):
            self.phase = PICK
            self.cursor = 1

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, fb):
        ui.clear(fb)
        ph = self.phase
        now = self.app.now
        title = "Table  %d/%d" % (self.round_shown, ROUNDS)
        if ph <= CUBO:
            ui.header(fb, title, "start: " + self.names[self.state.start])
            self.draw_centre_phase(fb, now)
        elif ph == ROUND or ph == FINAL:
            self.draw_totals(fb)
        else:
            ui.header(fb, self.names[self.entrant if ph == CARD else self.player()], title)
            self.draw_entry(fb, now)
        if self.paused:
            if self.can_correct():
                ui.pause_box(fb, ("A  go on", "X  quit the game", "Y  re-enter the last player"))
            else:
                ui.pause_box(fb, ("A  go on", "X  quit the game"))

    def draw_big_centre(self, fb, now, cursor):
        rolling = now - self.rolled_at < ROLL_MS
        for k in range(4):
            d = self.state.centre[k]
            if rolling:
                d = (((now // ui.ANIM_MS) + k * 2) % 6 + 1, d[1])  # a face each frame
            x = 16 + k * 54
            V.die(fb, x, 52, 46, d)
            if k == cursor:
                ui.round_rect(fb, x - 3, 49, 52, 52, ui.ACCENT, False)

    def draw_centre_phase(self, fb, now):
        ph = self.phase
        if not self.revealed:
            for k in range(4):
                ui.round_rect(fb, 16 + k * 54, 52, 46, 46, ui.PANEL)
            ui.centered(fb, "Roll the centre dice", 124, ui.TEXT)
            ui.footer(fb, (("A", "Roll"), ("B", "Menu")))
            return
        self.draw_big_centre(fb, now, self.cursor if ph == CENTRE_ROLL else -1)
        if ph == CENTRE_ROLL:
            ui.centered(fb, "Set your centre dice like these,", 116, ui.TEXT, font.SMALL)
            ui.centered(fb, "then give the start signal.", 128, ui.TEXT, font.SMALL)
            ui.centered(fb, "X flips a die's colour to match yours", 150, ui.DIM, font.SMALL)
            ui.footer(fb, (("A", "Start!"), ("X", "Colour"), ("Y", "Reroll")))
        elif ph == PLAYING:
            secs = (now - self.started_at) // 1000
            ui.centered(fb, "%d:%02d" % (secs // 60, secs % 60), 116, ui.ACCENT, font.BODY, 3)
            ui.centered(fb, "When all but one have called,", 170, ui.TEXT, font.SMALL)
            ui.centered(fb, "press X for the countdown", 182, ui.TEXT, font.SMALL)
            ui.footer(fb, (("X", "Countdown"), ("Y", "Score now")))
        elif ph == COUNTING:
            secs = max(0, _COUNTDOWN - (now - self.count_from) // 1000)
            ui.round_rect(fb, 80, 110, 80, 80, ui.BAD)
            font.draw_centered(fb, str(secs), 80, 110, 80, 80, ui.WHITE, font.BODY, 4)
        else:
            ui.round_rect(fb, 20, 110, 200, 80, ui.ACCENT)
            font.draw_centered(fb, "CUBO!", 20, 110, 200, 80, ui.BG, font.BODY, 4)

    def draw_entry(self, fb, now):
        ph = self.phase
        if ph == PICK:
            font.draw(fb, "How does %s score?" % self.names[self.player()], 12, 44, ui.TEXT)
            for i in range(3):
                y = 72 + i * 30
                sel = i == self.cursor
                ui.round_rect(fb, 12, y, 216, 26, ui.PANEL_HI if sel else ui.PANEL)
                font.draw(fb, _ENTRY_KINDS[i], 24, y + 6, ui.ACCENT if sel else ui.TEXT)
            ui.footer(fb, (("A", "Choose"), ("B", "Menu")))
            return
        if ph == POINTS_IN:
            font.draw(fb, "Points this round", 12, 44, ui.TEXT)
            ui.centered(fb, str(self.points), 90, ui.ACCENT, font.BODY, 4)
            ui.centered(fb, "%s%s 1   %s%s 10" % (font.UP, font.DOWN, font.LEFT, font.RIGHT),
                        160, ui.DIM, font.SMALL)
            ui.footer(fb, (("A", "OK"), ("B", "Back")))
            return
        if ph == CARD:
            if self.show_best:
                ui.centered(fb, "Best for that roll: %d" % self.roll_best[0], 36, ui.ACCENT, font.SMALL)
                V.grid(fb, V.GridLayout(48, 52, 44, 4), self.roll_best[1])
            else:
                self.card.draw(fb, V.GridLayout(6, 40, 40, 4), now, 148)
                if self.card.done(now):
                    ui.centered(fb, "Best possible with that roll: %d" % self.roll_best[0] if self.roll_best
                                else "", 188, ui.DIM, font.SMALL)
            ui.footer(fb, (("A", "Next"), ("X", "Best grid")))
            return
        cells = self.cells
        show = cells
        cursor = self.cursor if ph in (GRID, SWAP) else -1
        if ph == SWAP:
            show = self.swapped(self.cursor)
        elif ph == NAME:
            show = self.swapped(self.swap_cell)
        V.grid(fb, EDIT, show, cursor)
        if ph == GRID and None not in cells:
            try:
                V.line_tags(fb, EDIT, line_scores(cells, self.any_order))
            except ValueError:
                pass
        x = 168
        if ph == GRID:
            filled = 9 - sum(1 for d in cells if d is None)
            font.draw(fb, "%d/9 set" % filled, x, 44, ui.DIM, font.SMALL)
            if None not in cells and not self.grid_problem():
                font.draw(fb, "%d pts" % score_grid(cells, self.any_order), x, 58, ui.ACCENT)
            ui.footer(fb, (("A", "+1"), ("Y", "-1"), ("X", "Colour"), (font.BULLET, "Done")))
        elif ph == TAKEN:
            font.draw(fb, "Took which?", x, 44, ui.TEXT, font.SMALL)
            taken = self.state.taken_slots()
            for k in range(4):
                dy = 60 + k * 30
                if k in taken and k != self.cursor:
                    ui.round_rect(fb, x + 10, dy, 26, 26, ui.PANEL)
                else:
                    V.die(fb, x + 10, dy, 26, self.state.centre[k])
                if k == self.cursor:
                    ui.round_rect(fb, x + 7, dy - 3, 32, 32, ui.ACCENT, False)
            font.draw(fb, "none", x + 10, 182, ui.ACCENT if self.cursor == 4 else ui.DIM, font.SMALL)
            ui.footer(fb, ((font.UP + font.DOWN, "Choose"), ("A", "OK"), ("B", "Back")))
        elif ph == SWAP:
            V.die(fb, x + 10, 44, 30, self.taken)
            now_pts = score_grid(cells, self.any_order)
            font.draw(fb, "now %d" % now_pts, x, 82, ui.DIM, font.SMALL)
            if self.cursor != CENTRE:
                font.draw(fb, "swap %d" % score_grid(show, self.any_order), x, 96, ui.ACCENT, font.SMALL)
            best = "best: keep" if self.best_cell is None else "best: cell %d" % (self.best_cell + 1)
            font.draw(fb, best, x, 112, ui.GOOD, font.SMALL)
            ui.footer(fb, (("A", "Swap here"), ("X", "Keep"), ("B", "Back")))
        elif ph == NAME:
            font.draw(fb, "Name the C", x, 44, ui.TEXT, font.SMALL)
            font.draw(fb, str(self.c_value), x + 14, 60, ui.ACCENT, font.BODY, 3)
            ui.footer(fb, ((font.LEFT + font.RIGHT, "Value"), ("A", "OK")))
        if self.message:
            ui.centered(fb, self.message, 196, ui.BAD, font.SMALL)

    def draw_totals(self, fb):
        final = self.phase == FINAL
        totals = self.state.totals
        ui.header(fb, "Final ranking" if final else "After round %d" % self.state.round)
        order = list(range(self.state.num_players))
        if final:
            order.sort(key=lambda q: -totals[q])
        y = 40
        if not final:
            font.draw(fb, "round", 120, y, ui.DIM, font.SMALL)
            font.draw(fb, "total", 186, y, ui.DIM, font.SMALL)
            y += 14
        for q in order:
            color = ui.TEXT
            name = self.names[q]
            if final:
                place = 1 + sum(1 for t in totals if t > totals[q])
                name = "%d. %s" % (place, name)
                if place == 1:
                    color = ui.ACCENT
            font.draw(fb, name, 12, y, color)
            if not final:
                pts = self.state.history[q][-1]
                font.draw_right(fb, str(pts), 150, y, ui.TEXT if pts else ui.BAD)
            font.draw_right(fb, str(totals[q]), 224, y, ui.ACCENT)
            y += 26
        # after the last round A opens the final ranking
        ui.footer(fb, (("A", "Done" if final else "Ranking" if self.state.is_terminal()
                        else "Next round"),))
