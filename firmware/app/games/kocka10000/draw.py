"""Drawing Kocka 10000 (the screen is app.games.kocka10000.play): the table with the six
dice, the full-screen moments, the scoreboard between turns, the final ranking, the
pause box. What a frame shows is a Scene the play screen fills; the draw functions read
nothing else.

Texts are built when something changes (the play screen writes them into the Scene),
not per frame; the roll animation redraws the dice only from ints.
"""

from micropython import const

from app import ui, font, art
from shared_rules.kocka10000 import rules as K

art.fast()  # the dice through the Pico's loop (app/art_thumb.py) where there is one

# the table: the dice rolled, the dice set aside this turn, the turn total
SIZE = 52       # a die on the table
GAP = 14
ROW1 = 70       # two rows of dice (a picked die rises 6 px: clear of the set-aside row)
ROW2 = 130
_ROW_ONE = const(100)   # one row (three dice or fewer)
_PICK_RISE = const(6)   # how far a picked die rises
LINE1 = 188
_LINE2 = const(206)
SMALL_DIE = 24  # the set-aside dice: pips of 5 px, readable on the 1.3 inch panel
ASIDE_X = 4
ASIDE_Y = 33
ASIDE_STEP = SMALL_DIE + 2
TURN_X = 164            # "turn" and the joker named, right of the set-aside dice
_TURN_Y = const(34)
_TURN_TOTAL_Y = const(40)
_JOKER_Y = const(46)    # the joker named, under "turn"
_JOKER_SIZE = const(14)
# the joker's choice: a die of each face in a row
_CHOICE_LABEL_X = const(24)
_CHOICE_LABEL_Y = const(76)
_CHOICE_X = const(14)
_CHOICE_Y = const(92)
_CHOICE_SIZE = const(30)
_CHOICE_STEP = const(36)
# a moment's card
_CARD_MARGIN = const(6)
_MOMENT_NAME_Y = const(22)
_MOMENT_TITLE_Y = const(64)
_MOMENT_DICE_Y = const(116)
_MOMENT_DIE = const(28)
_MOMENT_DIE_GAP = const(6)
_MOMENT_LINE1_Y = const(160)
_MOMENT_LINE2_Y = const(182)
# the scoreboard: a row per player
_BOARD_Y = const(36)
_BOARD_STEP = const(28)
_BOARD_STEP_SIX = const(26)     # six players
_BOARD_NAME_X = const(22)
_BOARD_BAR_DY = const(17)       # the progress bar under the name
_BOARD_NOTE_H = const(11)       # a line of small text under the rows
_BOARD_NOTE_ROOM = const(190)   # the "may collect" note only above this
_BOARD_PASS_ROOM = const(200)   # "Pass the console" only above this
# the final ranking
_FINAL_Y = const(40)
_FINAL_PLACE_X = const(14)
_FINAL_NAME_X = const(52)
_FINAL_STEP_TOP = const(36)     # a winner's row (its place drawn twice as big)
_FINAL_STEP = const(24)
_FINAL_SHARED_Y = const(200)

# the play screen's pages (Kocka10000Play.view)
TABLE = 0
BOARD = 1
FINAL = 2


class Scene:
    """What a frame shows. Set once: the rules' state `st`, the players' names, for
    each seat whether it is a bot and its level ("" for a human), the number of humans,
    the queue of moments and each player's last turn (lists the screen changes in
    place). Written when something changes (Kocka10000Play.refresh): the texts and
    which footer keys are greyed out. Copied from the screen before each frame
    (Kocka10000Play.scene_now, no allocation): the page, the pause, the roll's end, the
    collecting face of the roll, the dice picked, collect, the cursor and the joker
    picked."""

    def __init__(self, st, names, kinds, agents, humans, moments, last_turn):
        self.st = st
        self.names = names
        self.bots = [a is not None for a in agents]
        self.levels = [kinds[p] if agents[p] is not None else "" for p in range(len(kinds))]
        self.humans = humans
        self.moments = moments
        self.last_turn = last_turn
        # texts
        self.title = ""
        self.total_text = ""
        self.tt_text = ""
        self.pass_text = ""
        self.headline = ""
        self.aside = []
        self.line1 = ""
        self.line1_col = ui.TEXT
        self.line2 = ""
        self.line2_col = ui.DIM
        self.greyed = ()
        # per frame
        self.page = BOARD
        self.paused = False
        self.rolling_until = 0
        self.collecting_roll = 0
        self.sel = 0
        self.collect = False
        self.cursor = 0
        self.joker_pick = 1


H_PICK = (("A", "Pick"), ("X", "Roll"), ("Y", "Bank"), ("B", "Pause"))
H_PICK_C = (("A", "Pick"), (font.BULLET, "Classic"), ("X", "Roll"), ("Y", "Bank"))
H_PICK_S = (("A", "Pick"), (font.BULLET, "Collect"), ("X", "Roll"), ("Y", "Bank"))
H_ROLL = (("A", "Roll"), ("Y", "Bank"), ("B", "Pause"))
H_JOKER = ((font.LEFT + font.RIGHT, "Joker"), ("A", "Name"), ("X", "Roll"), ("B", "Pause"))
H_PAUSE = (("B", "Pause"),)
H_PLAY = (("A", "Play"), ("B", "Pause"))
H_SKIP = (("A", "Skip"), ("B", "Pause"))
H_SKIP_ONLY = (("A", "Skip"),)
H_OK = (("A", "OK"),)
H_DONE = (("A", "Done"),)
H_NONE = ()
# the keys greyed out (ui.footer): X when the pick may not roll on, Y when it may not bank
NO_ROLL = ("X",)
NO_BANK = ("Y",)
NO_ROLL_NO_BANK = ("X", "Y")


def pts(n):
    """Points with a thousands comma: 2,500."""
    if n >= 1000 or n <= -1000:
        return "%d,%03d" % (n // 1000, n % 1000)
    return "%d" % n


def die_xy(i, n):
    """Top-left of die i of n on the table: one row up to three, else three and the rest."""
    if n <= 3:
        k = n
        y = _ROW_ONE
        j = i
    elif i < 3:
        k = 3
        y = ROW1
        j = i
    else:
        k = n - 3
        y = ROW2
        j = i - 3
    x0 = (ui.W - (k * SIZE + (k - 1) * GAP)) // 2
    return x0 + j * (SIZE + GAP), y


def joker_offer(st):
    """Five of the collected face set aside and no joker named yet: the last die's
    joker may be named before the roll."""
    return st.phase == K.ROLLING and st.face and st.count == 5 and not st.joker


def greyed(roll_ok, bank_why):
    """The footer keys greyed out: X when the dice may not roll on, Y when the turn may
    not bank."""
    if roll_ok:
        return NO_BANK if bank_why else ()
    return NO_ROLL_NO_BANK if bank_why else NO_ROLL


def moment(st, names, roll_ctx, ev):
    """The full-screen card for a rules event, or None (banks and jokers are not moments):
    [title, line, line, background, ink, kind, player, started, dice, name]. roll_ctx:
    (collecting face, confirming face) when the roll was made."""
    kind, p, v = ev
    name = names[p] if p >= 0 else ""
    dice = None
    sub2 = ""
    if kind == K.EV_BUST:
        face, confirm = roll_ctx
        title = "BUST!"
        sub1 = pts(v) + " points lost" if v else "nothing lost"
        if face:
            sub2 = "no %d in the roll" % face
        elif confirm:
            sub2 = "the confirmation roll failed"
        else:
            sub2 = "nothing in the roll scores"
        dice = list(st.roll)
        bg, ink = ui.RED_DARK, ui.WHITE
    elif kind == K.EV_HOT:
        title = "HOT DICE!"
        sub1 = pts(v) + " so far"
        sub2 = "all six set aside: roll them all"
        bg, ink = ui.ORANGE, ui.BLACK
    elif kind == K.EV_COLLECTED:
        title = "Six %ds!" % v
        sub1 = "worth " + pts(10000 if v == 1 else v * 1000)
        sub2 = "confirm: roll six, they must score"
        dice = [v] * 6
        bg, ink = ui.PURPLE, ui.WHITE
    elif kind == K.EV_CONFIRMED:
        title = "CONFIRMED!"
        sub1 = "the six %ds count" % v
        sub2 = "turn: " + pts(st.turn_total) if v != 1 else "six 1s: the game is won"
        dice = list(st.roll)
        bg, ink = ui.GREEN, ui.WHITE
    elif kind == K.EV_ANNOUNCE:
        title = "2,500!"
        sub1 = "%s may collect" % name
        sub2 = "six of a kind, from the next turn"
        bg, ink = ui.ACCENT, ui.BLACK
    elif kind == K.EV_WIN:
        title = "%s WINS!" % name
        sub1 = pts(v) + " points"
        bg, ink = ui.ACCENT, ui.BLACK
    elif kind == K.EV_LAST_ROUND:
        title = "LAST ROUND"
        sub1 = "%s reached %s" % (name, pts(v))
        sub2 = "the round is played out"
        bg, ink = ui.BLUE, ui.WHITE
    elif kind == K.EV_END:
        title = "GAME OVER"
        win = st.winners()
        sub1 = " & ".join([names[q] for q in win]) + (" win" if len(win) > 1 else " wins")
        sub2 = pts(v) + " points"
        bg, ink = ui.BLUE, ui.WHITE
    else:
        return None
    return [title, sub1, sub2, bg, ink, kind, p, False, dice, name]


def draw(sc, fb, now):
    """A frame of the Scene `sc`."""
    if sc.moments:
        draw_moment(sc, fb, sc.moments[0])
    elif sc.page == BOARD:
        draw_board(sc, fb)
    elif sc.page == FINAL:
        draw_final(sc, fb)
    else:
        draw_table(sc, fb, now)
    if sc.paused:
        ui.pause_box(fb)


def _big(fb, text, y, ink):
    for s in (3, 2, 1):
        if font.width(text, font.BODY, s) <= ui.W - 16:
            ui.centered(fb, text, y, ink, font.BODY, s)
            return


def draw_moment(sc, fb, m):
    title, sub1, sub2, bg, ink, kind, p, started, dice, name = m
    fb.fill(bg)
    fb.rect(_CARD_MARGIN, _CARD_MARGIN, ui.W - 2 * _CARD_MARGIN,
            ui.H - 2 * _CARD_MARGIN - ui.FOOTER_H, ink)
    if name and kind != K.EV_WIN:
        ui.centered(fb, name, _MOMENT_NAME_Y, ink, font.BODY, 2)
    _big(fb, title, _MOMENT_TITLE_Y, ink)
    if dice:
        n = len(dice)
        x = (ui.W - (n * _MOMENT_DIE + (n - 1) * _MOMENT_DIE_GAP)) // 2
        for i in range(n):
            art.die(fb, x + i * (_MOMENT_DIE + _MOMENT_DIE_GAP), _MOMENT_DICE_Y, _MOMENT_DIE,
                    dice[i])
    ui.centered(fb, sub1, _MOMENT_LINE1_Y, ink)
    ui.centered(fb, sub2, _MOMENT_LINE2_Y, ink, font.SMALL)
    owner_bot = p >= 0 and sc.bots[p]
    ui.footer(fb, H_SKIP_ONLY if owner_bot or not sc.humans else H_OK)


def draw_table(sc, fb, now):
    st = sc.st
    rolling = sc.rolling_until and now < sc.rolling_until
    ui.clear(fb)
    ui.header(fb, sc.title, sc.total_text)
    human = not sc.bots[st.turn] and not st.is_terminal()
    # what is set aside this turn (collected dice in blue), and the turn total
    collecting = st.face or st.confirm or (rolling and sc.collecting_roll)
    x = ASIDE_X
    for d in sc.aside:
        art.die(fb, x, ASIDE_Y, SMALL_DIE, d, ui.CYAN if collecting else ui.SILVER)
        x += ASIDE_STEP
    if st.face and not rolling:
        for i in range(st.count, 6):
            ui.round_rect(fb, ASIDE_X + i * ASIDE_STEP, ASIDE_Y, SMALL_DIE, SMALL_DIE,
                          ui.PANEL_HI, False)
        if st.joker:  # under "turn", beside the turn total
            art.die(fb, TURN_X, _JOKER_Y, _JOKER_SIZE, st.joker, ui.ACCENT)
    font.draw(fb, "turn", TURN_X, _TURN_Y, ui.DIM, font.SMALL)
    font.draw_right(fb, sc.tt_text, ui.W - 8, _TURN_TOTAL_Y, ui.ACCENT)
    if rolling:
        n = len(st.roll)
        # a new picture every frame (31 a second): the dice shake each frame and show a
        # new face every third
        k = now // ui.ANIM_MS
        f = k // 3
        for i in range(n):
            x, y = die_xy(i, n)
            art.die(fb, x + ((k + i) % 3 - 1) * 3, y + ((k + 2 * i) % 3 - 1) * 4, SIZE,
                    (i * 5 + f) % 6 + 1)
        ui.centered(fb, "Rolling" + font.ELLIPSIS, LINE1, ui.DIM)
        ui.footer(fb, H_PAUSE)
        return
    hints = H_PAUSE
    off = ()
    if st.phase == K.PICKING:
        n = len(st.roll)
        sel = sc.sel
        for i in range(n):
            x, y = die_xy(i, n)
            if sel >> i & 1:
                y -= _PICK_RISE
                art.die(fb, x, y, SIZE, st.roll[i], ui.CYAN if sc.collect else ui.ACCENT)
            else:
                art.die(fb, x, y, SIZE, st.roll[i])
            if human and i == sc.cursor:
                ui.round_rect(fb, x - 4, y - 4, SIZE + 8, SIZE + 8, ui.GOOD, False)
                ui.round_rect(fb, x - 3, y - 3, SIZE + 6, SIZE + 6, ui.GOOD, False)
        if human:
            if st.can_start_collection():
                hints = H_PICK_C if sc.collect else H_PICK_S
            else:
                hints = H_PICK
            off = sc.greyed
    elif human and joker_offer(st):
        font.draw(fb, "joker:", _CHOICE_LABEL_X, _CHOICE_LABEL_Y, ui.DIM, font.SMALL)
        for v in range(1, 7):
            x = _CHOICE_X + (v - 1) * _CHOICE_STEP
            if v == st.face:
                art.die(fb, x, _CHOICE_Y, _CHOICE_SIZE, v, ui.GREY)
            else:
                art.die(fb, x, _CHOICE_Y, _CHOICE_SIZE, v)
            if v == sc.joker_pick:
                ui.round_rect(fb, x - 3, _CHOICE_Y - 3, _CHOICE_SIZE + 6, _CHOICE_SIZE + 6,
                              ui.GOOD, False)
        hints = H_JOKER
    else:
        n = st.left
        for i in range(n):
            x, y = die_xy(i, n)
            ui.round_rect(fb, x, y, SIZE, SIZE, ui.PANEL_HI, False)
        if human:
            hints = H_ROLL
            off = sc.greyed
    ui.centered(fb, sc.line1, LINE1, sc.line1_col)
    if sc.line2:
        ui.centered(fb, sc.line2, _LINE2, sc.line2_col, font.SMALL)
    ui.footer(fb, hints, off)


def draw_board(sc, fb):
    st = sc.st
    ui.clear(fb)
    ui.header(fb, "Round %d" % st.round, "goal 10,000")
    n = st.num_players
    step = _BOARD_STEP if n < 6 else _BOARD_STEP_SIX
    bar_w = ui.W - _BOARD_NAME_X - 10
    y = _BOARD_Y
    for p in range(n):
        nxt = p == st.turn
        if nxt:
            ui.round_rect(fb, 4, y - 2, ui.W - 8, step - 2, ui.PANEL_HI)
            font.draw(fb, font.TRI_RIGHT, 8, y + 2, ui.ACCENT)
        x = font.draw(fb, sc.names[p], _BOARD_NAME_X, y, ui.ACCENT if nxt else ui.TEXT)
        t = st.totals[p]
        total = pts(t)
        star_x = ui.W - 10 - font.width(total) - 16
        # beside the name: what the player did on their last turn (a bot's level before)
        last = sc.last_turn[p]
        if last is not None:
            text, color = last
        else:
            text, color = sc.levels[p], ui.DIM
        if text and x + 5 + font.width(text, font.SMALL) > star_x - 2:
            text = text.split(" ")[0]
        if text:
            font.draw(fb, text, x + 5, y + 4, color, font.SMALL)
        if t >= K.COLLECT_FROM:
            font.draw(fb, font.STAR, star_x, y + 1, ui.ACCENT)
        font.draw_right(fb, total, ui.W - 10, y, ui.TEXT)
        w = bar_w * (t if t < K.GOAL else K.GOAL) // K.GOAL
        fb.fill_rect(_BOARD_NAME_X, y + _BOARD_BAR_DY, bar_w, 3, ui.PANEL)
        if w > 0:
            fb.fill_rect(_BOARD_NAME_X, y + _BOARD_BAR_DY, w, 3,
                         ui.ACCENT if t >= K.COLLECT_FROM else ui.GREY)
        y += step
    y = _BOARD_Y + n * step
    if sc.headline:
        ui.centered(fb, sc.headline, y, ui.DIM, font.SMALL)
        y += _BOARD_NOTE_H
    if st.last_round >= 0:
        ui.centered(fb, "Last round!", y, ui.BAD, font.SMALL)
        y += _BOARD_NOTE_H
    elif y < _BOARD_NOTE_ROOM and max(st.totals) >= K.COLLECT_FROM:
        ui.centered(fb, font.STAR + " may collect six of a kind", y, ui.DIM, font.SMALL)
        y += _BOARD_NOTE_H
    if not sc.bots[st.turn]:
        if sc.humans > 1 and y < _BOARD_PASS_ROOM:
            ui.centered(fb, sc.pass_text, y + 4, ui.ACCENT)
        ui.footer(fb, H_PLAY)
    else:
        ui.footer(fb, H_SKIP)


def draw_final(sc, fb):
    st = sc.st
    ui.clear(fb)
    ui.header(fb, "Kocka 10000: final")
    totals = st.totals
    win = st.winners()
    order = sorted(range(st.num_players), key=lambda q: -totals[q])
    y = _FINAL_Y
    for q in order:
        place = 1 + sum(1 for t in totals if t > totals[q])
        top = q in win
        color = ui.ACCENT if top else ui.TEXT
        font.draw(fb, "%d." % place, _FINAL_PLACE_X, y, color, font.BODY, 2 if top else 1)
        dy = 6 if top else 0
        font.draw(fb, sc.names[q], _FINAL_NAME_X, y + dy, color)
        font.draw_right(fb, pts(totals[q]), ui.W - _FINAL_PLACE_X, y + dy, color)
        y += _FINAL_STEP_TOP if top else _FINAL_STEP
    if len(win) > 1:
        ui.centered(fb, "A shared win!", _FINAL_SHARED_Y, ui.GOOD, font.SMALL)
    ui.footer(fb, H_DONE if sc.humans else H_NONE)
