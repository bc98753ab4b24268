"""Drawing Kocka 10000 (the screen is app.games.kocka10000.play): the table with the six dice, the
full-screen moments, the scoreboard between turns, the final ranking, the pause box.

Texts are built when something changes (the play screen caches them), not per frame;
the roll animation redraws the dice only from ints.
"""

from micropython import const

from app import ui, font, art
from shared_rules.kocka10000 import rules as K

art.fast()  # the dice through the Pico's loop (app/art_thumb.py) where there is one

SIZE = 52       # a die on the table
GAP = 14
ROW1 = 70       # two rows of dice (a picked die rises 6 px: clear of the set-aside row)
ROW2 = 130
_ROW_ONE = const(100)   # one row (three dice or fewer)
LINE1 = 188
_LINE2 = const(206)
SMALL_DIE = 24  # the set-aside dice: pips of 5 px, readable on the 1.3 inch panel
ASIDE_X = 4
ASIDE_Y = 33
ASIDE_STEP = SMALL_DIE + 2

H_PICK = (("A", "Pick"), ("X", "Roll"), ("Y", "Bank"), ("B", "Pause"))
H_PICK_C = (("A", "Pick"), (font.BULLET, "Classic"), ("X", "Roll"), ("Y", "Bank"))
H_PICK_S = (("A", "Pick"), (font.BULLET, "Collect"), ("X", "Roll"), ("Y", "Bank"))
H_ROLL = (("A", "Roll"), ("Y", "Bank"), ("B", "Pause"))
H_JOKER = ((font.LEFT + font.RIGHT, "Joker"), ("A", "Name"), ("X", "Roll"), ("B", "Pause"))
H_PAUSE = (("B", "Pause"),)
H_PLAY = (("A", "Play"), ("B", "Pause"))
H_SKIP = (("A", "Skip"), ("B", "Pause"))
H_OK = (("A", "OK"),)
H_DONE = (("A", "Done"),)
H_NONE = ()


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


def footer(fb, hints, off=0):
    """Button hints along the bottom; bit i of `off` greys hint i out (not allowed now)."""
    y = ui.H - ui.FOOTER_H
    fb.fill_rect(0, y, ui.W, ui.FOOTER_H, ui.PANEL)
    x = 6
    for i in range(len(hints)):
        key, label = hints[i]
        dis = off >> i & 1
        kw = font.width(key, font.SMALL) + 6
        ui.round_rect(fb, x, y + 4, kw, 14, ui.GREY if dis else ui.ACCENT)
        font.draw(fb, key, x + 3, y + 6, ui.BG, font.SMALL)
        x += kw + 4
        x = font.draw(fb, label, x, y + 6, ui.DIM if dis else ui.TEXT, font.SMALL) + 10


def moment(scr, ev):
    """The full-screen card for a rules event, or None (banks and jokers are not moments):
    [title, line, line, background, ink, kind, player, started, dice, name]."""
    kind, p, v = ev
    st = scr.st
    name = scr.names[p] if p >= 0 else ""
    dice = None
    sub2 = ""
    if kind == K.EV_BUST:
        face, confirm = scr.roll_ctx
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
        sub1 = " & ".join([scr.names[q] for q in win]) + (" win" if len(win) > 1 else " wins")
        sub2 = pts(v) + " points"
        bg, ink = ui.BLUE, ui.WHITE
    else:
        return None
    return [title, sub1, sub2, bg, ink, kind, p, False, dice, name]


def draw(scr, fb, now):
    if scr.moments:
        draw_moment(scr, fb, scr.moments[0])
    elif scr.view == 1:
        draw_board(scr, fb)
    elif scr.view == 2:
        draw_final(scr, fb)
    else:
        draw_table(scr, fb, now)
    if scr.paused:
        ui.pause_box(fb)


def _big(fb, text, y, ink):
    for s in (3, 2, 1):
        if font.width(text, font.BODY, s) <= ui.W - 16:
            ui.centered(fb, text, y, ink, font.BODY, s)
            return


def draw_moment(scr, fb, m):
    title, sub1, sub2, bg, ink, kind, p, started, dice, name = m
    fb.fill(bg)
    fb.rect(6, 6, ui.W - 12, ui.H - 12 - ui.FOOTER_H, ink)
    if name and kind != K.EV_WIN:
        ui.centered(fb, name, 22, ink, font.BODY, 2)
    _big(fb, title, 64, ink)
    if dice:
        n = len(dice)
        x = (ui.W - (n * 28 + (n - 1) * 6)) // 2
        for i in range(n):
            art.die(fb, x + i * 34, 116, 28, dice[i])
    ui.centered(fb, sub1, 160, ink)
    ui.centered(fb, sub2, 182, ink, font.SMALL)
    owner_bot = p >= 0 and scr.agents[p] is not None
    footer(fb, H_SKIP[:1] if owner_bot or not scr.humans else H_OK)


def draw_table(scr, fb, now):
    st = scr.st
    rolling = scr.rolling_until and now < scr.rolling_until
    ui.clear(fb)
    ui.header(fb, scr.title, scr.total_text)
    human = scr.agents[st.turn] is None and not st.is_terminal()
    # what is set aside this turn (collected dice in blue), and the turn total
    aside = scr.aside_view
    collecting = st.face or st.confirm or (rolling and scr.roll_ctx[0])
    x = ASIDE_X
    for d in aside:
        art.die(fb, x, ASIDE_Y, SMALL_DIE, d, ui.CYAN if collecting else ui.SILVER)
        x += ASIDE_STEP
    if st.face and not rolling:
        for i in range(st.count, 6):
            ui.round_rect(fb, ASIDE_X + i * ASIDE_STEP, ASIDE_Y, SMALL_DIE, SMALL_DIE,
                          ui.PANEL_HI, False)
        if st.joker:  # under "turn", beside the turn total
            art.die(fb, 164, 46, 14, st.joker, ui.ACCENT)
    font.draw(fb, "turn", 164, 34, ui.DIM, font.SMALL)
    font.draw_right(fb, scr.tt_text, ui.W - 8, 40, ui.ACCENT)
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
        footer(fb, H_PAUSE)
        return
    hints = H_PAUSE
    off = 0
    if st.phase == K.PICKING:
        n = len(st.roll)
        sel = scr.sel
        for i in range(n):
            x, y = die_xy(i, n)
            if sel >> i & 1:
                y -= 6
                art.die(fb, x, y, SIZE, st.roll[i], ui.CYAN if scr.collect else ui.ACCENT)
            else:
                art.die(fb, x, y, SIZE, st.roll[i])
            if human and i == scr.cursor:
                ui.round_rect(fb, x - 4, y - 4, SIZE + 8, SIZE + 8, ui.GOOD, False)
                ui.round_rect(fb, x - 3, y - 3, SIZE + 6, SIZE + 6, ui.GOOD, False)
        if human:
            if st.can_start_collection():
                hints = H_PICK_C if scr.collect else H_PICK_S
                off = (4 if not scr.roll_ok else 0) | (8 if scr.bank_why else 0)
            else:
                hints = H_PICK
                off = (2 if not scr.roll_ok else 0) | (4 if scr.bank_why else 0)
    elif scr.joker_offer() and human:
        font.draw(fb, "joker:", 24, 76, ui.DIM, font.SMALL)
        for v in range(1, 7):
            x = 14 + (v - 1) * 36
            if v == st.face:
                art.die(fb, x, 92, 30, v, ui.GREY)
            else:
                art.die(fb, x, 92, 30, v)
            if v == scr.joker_pick:
                ui.round_rect(fb, x - 3, 89, 36, 36, ui.GOOD, False)
        hints = H_JOKER
    else:
        n = st.left
        for i in range(n):
            x, y = die_xy(i, n)
            ui.round_rect(fb, x, y, SIZE, SIZE, ui.PANEL_HI, False)
        if human:
            hints = H_ROLL
            off = 2 if scr.bank_why else 0
    ui.centered(fb, scr.line1, LINE1, scr.line1_col)
    if scr.line2:
        ui.centered(fb, scr.line2, _LINE2, scr.line2_col, font.SMALL)
    footer(fb, hints, off)


def draw_board(scr, fb):
    st = scr.st
    ui.clear(fb)
    ui.header(fb, "Round %d" % st.round, "goal 10,000")
    n = st.num_players
    step = 28 if n < 6 else 26
    y = 36
    for p in range(n):
        nxt = p == st.turn
        if nxt:
            ui.round_rect(fb, 4, y - 2, ui.W - 8, step - 2, ui.PANEL_HI)
            font.draw(fb, font.TRI_RIGHT, 8, y + 2, ui.ACCENT)
        x = font.draw(fb, scr.names[p], 22, y, ui.ACCENT if nxt else ui.TEXT)
        t = st.totals[p]
        total = pts(t)
        star_x = ui.W - 10 - font.width(total) - 16
        # beside the name: what the player did on their last turn (a bot's level before)
        last = scr.last_turn[p]
        if last is not None:
            text, color = last
        else:
            text, color = (scr.kinds[p] if scr.agents[p] is not None else ""), ui.DIM
        if text and x + 5 + font.width(text, font.SMALL) > star_x - 2:
            text = text.split(" ")[0]
        if text:
            font.draw(fb, text, x + 5, y + 4, color, font.SMALL)
        if t >= K.COLLECT_FROM:
            font.draw(fb, font.STAR, star_x, y + 1, ui.ACCENT)
        font.draw_right(fb, total, ui.W - 10, y, ui.TEXT)
        w = (ui.W - 32) * (t if t < K.GOAL else K.GOAL) // K.GOAL
        fb.fill_rect(22, y + 17, ui.W - 32, 3, ui.PANEL)
        if w > 0:
            fb.fill_rect(22, y + 17, w, 3, ui.ACCENT if t >= K.COLLECT_FROM else ui.GREY)
        y += step
    y = 36 + n * step
    if scr.headline:
        ui.centered(fb, scr.headline, y, ui.DIM, font.SMALL)
        y += 11
    if st.last_round >= 0:
        ui.centered(fb, "Last round!", y, ui.BAD, font.SMALL)
        y += 11
    elif y < 190 and max(st.totals) >= K.COLLECT_FROM:
        ui.centered(fb, font.STAR + " may collect six of a kind", y, ui.DIM, font.SMALL)
        y += 11
    if scr.agents[st.turn] is None:
        if scr.humans > 1 and y < 200:
            ui.centered(fb, scr.pass_text, y + 4, ui.ACCENT)
        footer(fb, H_PLAY)
    else:
        footer(fb, H_SKIP)


def draw_final(scr, fb):
    st = scr.st
    ui.clear(fb)
    ui.header(fb, "Kocka 10000: final")
    totals = st.totals
    win = st.winners()
    order = sorted(range(st.num_players), key=lambda q: -totals[q])
    y = 40
    for q in order:
        place = 1 + sum(1 for t in totals if t > totals[q])
        top = q in win
        color = ui.ACCENT if top else ui.TEXT
        font.draw(fb, "%d." % place, 14, y, color, font.BODY, 2 if top else 1)
        dy = 6 if top else 0
        font.draw(fb, scr.names[q], 52, y + dy, color)
        font.draw_right(fb, pts(totals[q]), ui.W - 14, y + dy, color)
        y += 36 if top else 24
    if len(win) > 1:
        ui.centered(fb, "A shared win!", 200, ui.GOOD, font.SMALL)
    footer(fb, H_DONE if scr.humans else H_NONE)
