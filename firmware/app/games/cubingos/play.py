"""Cubingos at the table: 2-4 players, 1-4 humans by hot-seat race and bots.

The rules are shared_rules.cubingos.rules; this screen turns buttons into timestamped actions
on the game clock (ms since the game started, stopped while paused), lets the bots act
on the same clock, keeps the save (app.journal) and shows each placement's result, each
round's winner and the final ranking. Drawing: app.games.cubingos.draw (panels) and
app.games.cubingos.iso (the structure).

Each human in turn gets the round's card: A shows it and starts their clock. Keys while
racing: the joystick moves the ghost die over the cells next to the structure (or, in
turn mode, turns it: left/right about the upright axis, up/down about the view's u
axis); X rolls it about the third axis; the joystick press switches move/turn; A places;
Y turns the view; B pauses (A resume, Y pass this round, X quit). A resumed game starts
paused. A cell where no die
may go only gets a message, never a wrong call. With free_dice, the starter picks a
free die with the joystick and takes it with A (X: none).
"""

from hal import api
from app import sound
from app.gamescreen import GameScreen
from app.screen import is_press, is_click
from app.lights import STATIC
from app.games.cubingos import draw as D
from app.games.cubingos.iso import View, step, FACE_U, FACE_W
from shared_rules.cubingos import rules as C
from shared_rules.cubingos import geom as G

PLAY = D.PLAY
RESULT = D.RESULT
FINAL = D.FINAL
MOVE = 0
TURN = 1
DIRS = ((api.UP, 0, -1), (api.DOWN, 0, 1), (api.LEFT, -1, 0), (api.RIGHT, 1, 0))
GREEN = (0, 200, 60)
RED = (230, 20, 20)


def humans_mask(kinds):
    m = 0
    for p in range(len(kinds)):
        if kinds[p] == "human":
            m |= 1 << p
    return m


def ghost_cells(st, legal):
    """Where the ghost may go: the legal cells, and the empty cells beside or on top of a
    die where no die may go now (floating, or stacked in the first round), so that trying
    one gets its reason."""
    seen = set(legal)
    for x, y, z, o, s in st.dice():
        for d in range(5):
            dx, dy, dz = G.DIR_VEC[d]
            if G.in_bounds(x + dx, y + dy, z + dz) and st.die_at(x + dx, y + dy, z + dz) is None:
                seen.add((x + dx, y + dy, z + dz))
    out = list(seen)
    out.sort()
    return out


class LateBot:
    """A bot of `level` whose code (shared_rules.cubingos.bots) loads at its first turn,
    not while the game opens: the opening's frame waits for nothing it does not show."""

    def __init__(self, level, seed):
        self.level = level
        self.seed = seed
        self.bot = None

    def real(self):
        if self.bot is None:
            from shared_rules.cubingos.bots import make_bot
            self.bot = make_bot(self.level, self.seed)
        return self.bot

    def will_look(self, state, p, now):
        return self.real().will_look(state, p, now)

    def act(self, state, p, now):
        return self.real().act(state, p, now)


class CubingosPlay(GameScreen):
    HELP = "app.games.cubingos.help"

    def __init__(self, app, kinds, names, options, seed, saved=None, state=None):
        """saved: a save to go on with (app.savegame.pending); state: an advanced game to
        go on with unsaved (tests)."""
        GameScreen.__init__(self, app)
        opts = dict(options)
        # linked (app.link): one human per device, everybody racing at once, as bots do
        opts["humans"] = 0 if self.linked(C.CubingosState) else humans_mask(kinds)
        self.seat_game(C.CubingosState, kinds, names, opts, seed, saved, LateBot, state)
        state = self.st
        # the game clock goes on from the save, never behind the state's own time
        elapsed = (saved.get("elapsed") or 0) if saved is not None else 0
        self.t0 = app.now - max(elapsed, state.t)
        self.frozen_at = None
        # back from a power cut with a human at the table (paused: seat_game): the race
        # clock and the bots stopped where the save left them until the player goes on
        if self.paused:
            self.frozen_at = max(elapsed, state.t)
        self.t_result = 3000    # how long a round's result stays up with no human (tests shorten)
        self.iso = View(40, 32, 198, 150, app.fb, getattr(app.hal.display, "buf", None))
        self.view = PLAY
        self.cards = False      # X: the cards won instead of the structure (at the end: swapped)
        self.mode = MOVE
        self.key = None         # what the layout was computed for
        self.dice = []          # the structure back to front
        self.cells = []         # where the ghost may go (or the free dice, when taking)
        self.ci = 0
        self.orient = 0
        self.pv = None          # the creatures the ghost would form (None: may not go there)
        self.err = None         # why the ghost's cell is not allowed
        self.message = ""
        self.bad = False
        self.res = self.statuses()   # this round's outcome per player
        self.found = []         # creatures the round's winning die formed
        self.shown_t = -1
        self.clock_only = False
        self.toast = False      # a notice was drawn over the last frame
        self.result_at = 0
        if self.st.is_terminal():
            self.view = FINAL
        # what a frame shows (the bound method once: not one per frame)
        self.scene = D.Scene(self.st, self.names, self.humans, self.iso, self.occupied)
        self.layout()
        self.aim()

    # -- clock --------------------------------------------------------------------------
    def game_time(self, now):
        if self.link is not None:
            return self.link.game_time(now)   # the host's clock: it decides who was first
        if self.frozen_at is not None:
            return self.frozen_at
        return now - self.t0

    def on_pause(self, now):
        """The pause box went up (app.gamescreen): the game clock stops."""
        if self.frozen_at is None:
            self.frozen_at = now - self.t0

    def on_resume(self, now):
        """The pause box went down: the game clock goes on from where it stopped."""
        if self.frozen_at is not None:
            self.t0 = now - self.frozen_at
            self.frozen_at = None

    # -- who is who -----------------------------------------------------------------------
    def racer(self):
        """The human placing now, or -1."""
        st = self.st
        if self.link is not None:   # linked: this device's human races with everybody
            if st.phase == C.RACE and st.leg_started():
                for p in range(st.num_players):
                    if self.agents[p] is None and st.status[p] == C.RACING:
                        return p
            return -1
        p = st.leg_owner()
        if p >= 0 and st.leg_started() and st.status[p] == C.RACING:
            return p
        return -1

    def taker(self):
        """The human taking a free die now, or -1."""
        st = self.st
        if st.phase == C.TAKING and self.agents[st.starter] is None:
            return st.starter
        return -1

    def ready(self):
        """The human whose leg waits for A, or -1."""
        st = self.st
        p = st.leg_owner()
        return p if p >= 0 and not st.leg_started() else -1

    def statuses(self):
        """Each player's status in the round (none while a free die is being taken)."""
        st = self.st
        if st.phase != C.RACE:
            return [C.OUT] * st.num_players
        return list(st.status)

    # -- the structure and the ghost ---------------------------------------------------------
    def layout(self):
        """Sorts the dice and fits the view when the structure or the view changed."""
        st = self.st
        key = (st.rounds, st.phase, self.iso.v)   # dice come and go only with these
        if key == self.key:
            return
        self.key = key
        iso = self.iso
        legal = st.legal_cells()
        cells = st.free_dice() if st.phase == C.TAKING else ghost_cells(st, legal)
        here = self.cells[self.ci] if self.cells else None
        self.cells = cells
        self.ci = cells.index(here) if here in cells else 0
        dice = st.dice()
        iso.fit([d[:3] for d in dice] + cells)   # all the ghost may visit, all in the box
        self.dice = iso.order(dice)
        iso.place(self.dice, self.occupied)   # the drawing records: not in the frame
        self.app.invalidate()

    def aim(self):
        """The ghost on the first legal cell, unturned (a new leg)."""
        self.layout()
        legal = self.st.legal_cells()
        if legal and legal[0] in self.cells:
            self.ci = self.cells.index(legal[0])
        self.orient = 0
        self.mode = MOVE
        self.preview()

    def ghost(self):
        """(x, y, z, o) of the ghost die, or None when nobody places."""
        if self.racer() < 0 or not self.cells:
            return None
        x, y, z = self.cells[self.ci]
        return (x, y, z, self.orient)

    def preview(self):
        g = self.ghost()
        if g is None:
            self.pv = None
            self.err = None
        else:
            self.err = self.st.placement_error(g[0], g[1], g[2])
            self.pv = self.st.preview(g[0], g[1], g[2], g[3])
        self.app.invalidate()

    def occupied(self, x, y, z):
        # st.die_at without its bounds check: a cell one beyond the bounds is never in
        # occ, and its number is no other cell's
        return G.cell(x, y, z) in self.st.occ

    # -- applying actions --------------------------------------------------------------------
    def do(self, a):
        st = self.st
        kind = a[1]
        p = a[0]
        card = st.card
        rounds = st.rounds
        leg = st.leg
        formed = st.preview(a[2], a[3], a[4], a[5]) if kind == C.PLACE else None
        e = a[-1] - st.leg_t0
        why = self.apply(a)   # app.gamescreen: here, or through the link
        if why == "":
            return True       # sent to the linked host: shown when its action comes back
        if why is not None:   # IllegalAction: say why, change nothing
            self.say("Not there: " + why if kind == C.PLACE else why, True)
            self.app.sound.play(sound.ERROR)
            return False
        if kind == C.GO:
            self.started(p)
        elif kind == C.PLACE:
            self.placed(p, card, formed, e)
        elif kind == C.PASS:
            self.res[p] = C.PASSED
            self.say("%s passes" % self.names[p])
        elif kind == C.STOP:
            for q in range(st.num_players):
                if self.res[q] == C.RACING:
                    self.res[q] = C.SLOW
            self.say("Time is up" if self.humans else "The others are too slow")
        elif kind == C.TAKE:
            self.say("%s takes a free die" % self.names[p])
        elif kind == C.DECLINE:
            self.say("%s takes no die" % self.names[p])
        if st.rounds != rounds:
            self.round_over()
        else:
            self.res = self.statuses()
            if st.leg != leg:
                self.card_lights_off()
        self.layout()
        self.preview()
        return True

    act = do   # app.link feeds the other devices' actions through act()

    def remote_ready(self):
        return self.view == PLAY

    def card_lights_off(self):
        """The card's colour off the LEDs (a placement's flash runs to its end)."""
        if self.app.lights.mode == STATIC:
            self.app.lights.off()

    def say(self, text, bad=False):
        self.message = text
        self.bad = bad
        self.app.invalidate()

    def started(self, p):
        st = self.st
        self.res = self.statuses()
        self.aim()
        self.say("")
        self.app.sound.play(sound.START)
        rgb = C.COLOUR_RGB[st.card >> 2]
        self.app.lights.show_colors([rgb] * 8)

    def placed(self, p, card, formed, e):
        ok = False
        for f in formed or ():
            if f[0] == card:
                ok = True
        self.res[p] = C.CORRECT if ok else C.WRONG
        lights = self.app.lights
        if self.agents[p] is None:
            if ok:
                self.say("Correct! %s" % D.secs(e))
                self.app.sound.play(sound.OK)
                lights.flash(GREEN, self.app.now, 900, 150)
            else:
                self.say("Wrong: %s. Out this round" % D.formed_text(formed, card), True)
                self.app.sound.play(sound.ERROR)
                lights.flash(RED, self.app.now, 900, 150)
        elif ok:
            self.say("%s found it: %s" % (self.names[p], D.secs(e)))
            self.app.sound.click()
        else:
            self.say("%s: wrong, %s" % (self.names[p], D.formed_text(formed, card)))

    def round_over(self):
        st = self.st
        lr = st.last_round
        self.found = []
        if lr is not None and lr[1] >= 0:
            x, y, z = lr[3]
            self.found = st.creatures_of(x, y, z)
            self.app.sound.play(sound.WIN if st.is_terminal() else sound.BEEP)
        self.view = RESULT
        self.result_at = self.app.now
        self.card_lights_off()
        self.app.invalidate()

    def next_round(self):
        st = self.st
        self.res = self.statuses()
        self.found = []
        self.message = ""
        if st.is_terminal():
            self.view = FINAL
            self.app.sound.play(sound.WIN)
            self.app.lights.chase((255, 200, 40), self.app.now)
        else:
            self.view = PLAY
        self.layout()
        self.preview()
        self.app.invalidate()

    # -- the frame ----------------------------------------------------------------------------
    def update(self, now):
        if self.paused:
            return
        if self.view == RESULT:
            # linked, the next round starts on the host's clock: nobody waits for a key
            if (not self.humans or self.link is not None) and \
                    now - self.result_at >= self.t_result:
                self.next_round()
            return
        if self.view != PLAY:
            return
        st = self.st
        gt = self.game_time(now)
        a = st.system_action(gt) if self.link is None else None   # linked: the host's
        if a is not None:
            self.do(a)
            return
        looked = False
        for p in st.actors():
            agent = self.agents[p]
            if agent is not None:
                if agent.will_look(st, p, gt):
                    if looked:  # one bot looks at the card per frame (the matcher)
                        continue
                    looked = True
                a = agent.act(st, p, gt)
                if a is not None:
                    self.do(a)
                    return
        if st.leg_started():
            t = st.elapsed_ms(gt) // (100 if self.racer() >= 0 else 1000)
            if t != self.shown_t:
                self.shown_t = t
                # only the clock moved: draw() redraws just the header (the structure
                # is the slow part of a frame)
                self.clock_only = not self.app.dirty
                self.app.invalidate()

    # -- input --------------------------------------------------------------------------------
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
        if is_click(ev, api.KEY_Y):
            self.iso.turn(self.iso.v + 1)
            self.layout()
            app.sound.click()
            return
        if is_click(ev, api.KEY_X) and self.racer() < 0 and self.taker() < 0:
            self.cards = not self.cards
            app.invalidate()
            return
        if self.cards and self.view != FINAL:
            self.cards = False   # any key closes the cards won first
            app.invalidate()
            return
        ok = is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)
        if self.view == RESULT:
            if ok:
                self.next_round()
            return
        if self.view == FINAL:
            if ok:
                self.leave(self.st)
            return
        gt = self.game_time(app.now)
        if self.taker() >= 0:
            self.take_event(ev, gt)
        elif self.ready() >= 0:
            if ok:
                self.do((self.ready(), C.GO, gt))
        elif self.racer() >= 0:
            self.ghost_event(ev, gt)

    def move(self, ev):
        """Joystick: the ghost (or the take cursor) to the next cell that way; True if
        the event was a move."""
        for b, dx, dy in DIRS:
            if is_press(ev, b):
                self.ci = step(self.iso, self.cells, self.ci, dx, dy)
                self.message = ""
                self.app.sound.click()
                self.preview()
                return True
        return False

    def take_event(self, ev, gt):
        p = self.taker()
        if self.move(ev):
            return
        if (is_click(ev, api.KEY_A) or is_click(ev, api.PRESS)) and self.cells:
            x, y, z = self.cells[self.ci]
            self.do((p, C.TAKE, x, y, z, gt))
        elif is_click(ev, api.KEY_X):
            self.do((p, C.DECLINE, gt))

    def ghost_event(self, ev, gt):
        p = self.racer()
        v = self.iso.v
        if is_click(ev, api.PRESS):
            self.mode = TURN if self.mode == MOVE else MOVE
            self.app.sound.click()
            self.app.invalidate()
            return
        if is_click(ev, api.KEY_A):
            g = self.ghost()
            self.do((p, C.PLACE, g[0], g[1], g[2], g[3], gt))
            return
        if is_press(ev, api.KEY_X):
            self.turn(FACE_W[v], 1)
            return
        if self.mode == MOVE:
            self.move(ev)
        elif is_press(ev, api.LEFT) or is_press(ev, api.RIGHT):
            self.turn(G.PZ, 1 if is_press(ev, api.LEFT) else -1)
        elif is_press(ev, api.UP) or is_press(ev, api.DOWN):
            self.turn(FACE_U[v], 1 if is_press(ev, api.UP) else -1)

    def paused_key(self, ev):
        """Y in the pause box while racing: the racer passes."""
        if is_click(ev, api.KEY_Y) and self.racer() >= 0:
            self.pause(False)
            self.do((self.racer(), C.PASS, self.game_time(self.app.now)))

    def turn(self, d, k):
        """The ghost turned k quarter turns about world direction d."""
        if d & 1:
            k = -k
        self.orient = G.turn(self.orient, d >> 1, k)
        self.message = ""
        self.app.sound.click()
        self.preview()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, fb):
        toast = bool(self.app.notice)
        if self.clock_only and not (toast or self.toast or self.paused or self.cards):
            D.header(self.header_scene(), fb)
        else:
            D.draw(self.scene_now(), fb)
        self.clock_only = False
        self.toast = toast

    def header_scene(self):
        """The scene filled as far as the header needs it (the clock's frames)."""
        sc = self.scene
        sc.page = self.view
        sc.racer = self.racer()
        sc.taker = self.taker()
        sc.ready = self.ready()
        sc.game_ms = self.game_time(self.app.now)
        return sc

    def scene_now(self):
        """The scene filled from the screen as it is now."""
        sc = self.header_scene()
        sc.cards = self.cards
        sc.paused = self.paused
        sc.ghost = self.ghost()
        sc.dice = self.dice
        sc.cells = self.cells
        sc.ci = self.ci
        sc.pv = self.pv
        sc.err = self.err
        sc.message = self.message
        sc.bad = self.bad
        sc.mode = self.mode
        sc.res = self.res
        sc.found = self.found
        return sc
