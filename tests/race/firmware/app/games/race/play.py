"""Race's play screen: hot-seat for 2-4 players, humans and random bots.

A rolls the die (its face joins the pot; a 1 empties the pot and passes), Y holds (banks
the pot and passes). A player who does nothing for 3 s passes: the rules' timeout, applied
here when it falls due. B pauses (A resume, X quit). At the end A leaves.

Game time (the actions' t) stands still while the game is paused, and goes on from the
last action's time after a power cut, so a resumed player has their 3 s again.
"""
from hal import api
from app import sound, ui, font
from app.gamescreen import GameScreen
from app.screen import is_click
from shared_rules.driver import RandomAgent
from shared_rules.race import rules as R

BOT_PACE_MS = 600
ROW_Y = 40
ROW_H = 28
POT_Y = 168
HINTS = (("A", "Roll"), ("Y", "Hold"), ("B", "Pause"))
HINTS_END = (("A", "Leave"),)


def _bot(kind, seed):
    return RandomAgent(seed)


class RacePlay(GameScreen):
    HELP = "app.games.race.help"

    def __init__(self, app, kinds, names, options, seed, saved=None):
        GameScreen.__init__(self, app)
        self.seat_game(R.Race, kinds, names, options, seed, saved, _bot)
        self.clock0 = app.now - self.st.last_t
        self.paused_at = app.now
        self.bot_at = app.now + BOT_PACE_MS
        self.note = ""

    def on_pause(self, now):
        self.paused_at = now

    def on_resume(self, now):
        self.clock0 += now - self.paused_at  # the pause took no game time
        self.bot_at = now + BOT_PACE_MS

    def game_time(self, now):
        return now - self.clock0

    def act(self, action):
        st = self.st
        before = st.turn
        pot = st.pot
        try:
            st.apply(action)
        except ValueError as e:  # IllegalAction: say why, change nothing
            self.note = str(e)
            self.app.sound.play(sound.ERROR)
            self.app.invalidate()
            return
        self.rec.applied(st, action, self.app.now)
        who = self.names[before]
        if action[1] == R.ROLL:
            self.note = "%s rolled %s" % (who, "a 1: the pot is lost" if st.turn != before
                                           else "a %d" % (st.pot - pot))
        elif action[1] == R.HOLD:
            self.note = "%s banked" % who
        else:
            self.note = "%s was too slow" % who
        self.app.sound.click()
        if st.is_terminal():
            self.app.sound.play(sound.WIN)
        self.bot_at = self.app.now + BOT_PACE_MS
        self.app.invalidate()

    def human_act(self, kind):
        st = self.st
        self.act((st.turn, kind, self.game_time(self.app.now)))

    def update(self, now):
        st = self.st
        if self.paused or st.is_terminal():
            return
        t = self.game_time(now)
        due = st.system_action(t)
        if due is not None:
            self.act(due)
            return
        agent = self.agents[st.turn]
        if agent is not None and now >= self.bot_at:
            a = agent.act(st, st.turn, t)
            if a is not None:
                self.act(a)

    def on_event(self, ev):
        if api.kind_of(ev) == api.RELEASED:
            return
        st = self.st
        if st.is_terminal():
            if is_click(ev, api.KEY_A):
                self.quit_now(st)
            return
        if self.paused:
            self.pause_event(ev, st)
        elif is_click(ev, api.KEY_B):
            self.pause(True)
        elif self.human_turn():
            if is_click(ev, api.KEY_A):
                self.human_act(R.ROLL)
            elif is_click(ev, api.KEY_Y):
                self.human_act(R.HOLD)

    def draw(self, fb):
        st = self.st
        ui.clear(fb)
        ui.header(fb, "Race", "to %d" % st.options["goal"])
        for p in range(st.num_players):
            y = ROW_Y + p * ROW_H
            if p == st.turn and not st.is_terminal():
                fb.fill_rect(4, y - 4, ui.W - 8, ROW_H - 4, ui.PANEL_HI)
            font.draw(fb, self.names[p], 12, y, ui.TEXT)
            font.draw_right(fb, str(st.totals[p]), ui.W - 12, y, ui.ACCENT)
        if st.is_terminal():
            best = max(st.totals)
            ui.centered(fb, "%s wins!" % self.names[st.totals.index(best)], POT_Y, ui.ACCENT)
            ui.footer(fb, HINTS_END)
        else:
            ui.centered(fb, "pot %d" % st.pot, POT_Y, ui.TEXT)
            ui.footer(fb, HINTS)
        if self.note:
            ui.centered(fb, self.note, POT_Y + 24, ui.DIM, font.SMALL)
        if self.paused:
            ui.pause_box(fb)
