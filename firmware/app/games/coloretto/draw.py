"""Drawing for app.games.coloretto.play: the table (rows, deck, the drawn card, the current
player's collection and live score), every player's collection, the round summary, the
joker colours and the ranking. Every card shows its letter (Y O R P G B N, J joker,
+2) on its colour, so colours never need telling apart by hue alone. What a frame shows
is a Scene the play screen fills; the draw functions read nothing else.
"""

from micropython import const

from app import ui, font
from shared_rules.coloretto import rules as C

S = font.SMALL

# the play screen's pages (ColorettoPlay.view)
TABLE = 0
SUMMARY = 1
ASSIGN = 2
FINAL = 3

# the table: a row of cards per table row, the drawn card and the message under them,
# the current player's collection at the bottom
_TOP = const(33)            # the first row (under the header); every page's first line
_ROW_PITCH = const(28)      # a table row, up to four rows
_ROW_PITCH_FIVE = const(24)  # five rows
_ROW_CARDS_X = const(20)    # the first card of a row
_ROW_CARD_W = const(30)
_ROW_CARD_STEP = const(33)
_ROW_NOTE_X = const(_ROW_CARDS_X + 3 * _ROW_CARD_STEP + 4)   # "full", "empty"
_TAKEN_X = const(24)        # "taken: NAME"
_DRAWN_Y = const(_TOP + 5 * _ROW_PITCH_FIVE + 2)  # the drawn card, under five rows
_DRAWN_X = const(6)
_DRAWN_W = const(30)
_DRAWN_H = const(28)
_MESSAGE_X = const(6)       # the message, beside the drawn card when there is one
_MESSAGE_X_CARD = const(42)
_COLLECTION_Y = const(186)  # the current player's collection and score
# every player's collection, a band each
_PLAYER_STEP = const(37)
# the round summary, a band each
_SUMMARY_Y = const(34)
_SUMMARY_STEP = const(36)
_SUMMARY_CARD = const(20)
_SUMMARY_CARD_STEP = const(23)
# the jokers' colours: a row each, then the score
_JOKERS_Y = const(46)
_JOKER_ROW = const(24)
# a score's lines: a small card, the text, the points
_LINE_CARD_W = const(16)
_LINE_CARD_H = const(11)
_LINE_TEXT_X = const(28)
_LINE_STEP = const(13)


class Scene:
    """What a frame shows. Set once: the rules' state `st`, the players' names, for
    each seat whether it is a bot, the cards each player took this round (a list the
    screen changes in place). Copied from the screen before each frame
    (ColorettoPlay.scene_now, no allocation): the page, whether every player's
    collection shows, the pause, the cursor, the note and the message, the round
    summed up, the jokers' colours and the one chosen, the player whose score is
    explained."""

    def __init__(self, st, names, agents, taken):
        self.st = st
        self.names = names
        self.bots = [a is not None for a in agents]
        self.taken = taken
        self.page = TABLE
        self.others = False
        self.paused = False
        self.cursor = 0
        self.note = ""
        self.message = ""
        self.summary_round = 0
        self.jokers = []
        self.jsel = 0
        self.fsel = 0

    def human_turn(self):
        st = self.st
        return not st.is_terminal() and not self.bots[st.turn]


def assigned_colours(jokers):
    """The colours the jokers count as, sorted (the ASSIGN action's arguments)."""
    out = list(jokers)
    out.sort()
    return tuple(out)
# Card colours (palette indices), letters drawn dark on light cards, light on dark.
CARD_COL = (ui.rgb(255, 204, 51), ui.rgb(255, 153, 0), ui.rgb(204, 51, 0),
            ui.rgb(255, 153, 204), ui.rgb(0, 153, 102), ui.rgb(0, 102, 204),
            ui.rgb(102, 51, 0), ui.WHITE, ui.GREY, ui.BAD)  # +2: never a row's fill
CARD_INK = (ui.BLACK, ui.BLACK, ui.WHITE, ui.BLACK, ui.BLACK, ui.WHITE, ui.WHITE,
            ui.BLACK, ui.WHITE, ui.WHITE)
CARD_TXT = ("Y", "O", "R", "P", "G", "B", "N", "J", "+2", "L")
# the letters' widths in the small font, and a digit's (digits share one): the counts row
# centres them frame after frame
CARD_TW = tuple(font.width(t, S) for t in CARD_TXT)
DIGIT_W = font.width("0", S)


def card(fb, x, y, w, h, c, fnt=None):
    """One card: its colour with its letter in the middle."""
    ui.round_rect(fb, x, y, w, h, CARD_COL[c])
    if c == C.JOKER:  # the joker: a rainbow edge
        for i in range(6):
            fb.fill_rect(x + 2 + i * (w - 4) // 6, y + h - 3, (w - 4) // 6 + 1, 2, CARD_COL[i])
    font.draw_centered(fb, CARD_TXT[c], x, y, w, h - (2 if c == C.JOKER else 0),
                       CARD_INK[c], fnt or font.BODY)


def kinds(st):
    """The card kinds a collection can hold: the colours in play, jokers, +2."""
    return st.colours + (C.JOKER, C.PLUS2)


def counts_row(fb, st, counts, x, y, pitch=24, ch=14):
    """Small cards with the count under each (zero counts dimmed)."""
    # card(), ui.round_rect and font.draw_centered written out: a function needing more
    # than 11 slots takes its frame from the heap at every call, slow on the Pico (these
    # cards are most of the table's drawing); what the loop looks up, in locals
    w = pitch - 3
    s = S
    ty = y + (ch - s.cap) // 2 - (s.baseline - s.cap)  # the letters' row
    ny = y + ch + 1 + (9 - s.cap) // 2 - (s.baseline - s.cap)  # the counts', 9 rows under
    draw = font.draw
    dim = ui.DIM
    hi = ui.PANEL_HI
    for k in kinds(st):
        n = counts[k]
        if n and k == C.JOKER:
            card(fb, x, y, w, ch, k, s)  # its rainbow edge
        else:
            if n:
                c = CARD_COL[k]
                fb.fill_rect(x + 2, y, w - 4, ch, c)
                fb.fill_rect(x, y + 2, w, ch - 4, c)
                fb.fill_rect(x + 1, y + 1, w - 2, ch - 2, c)  # the corners' pixels
                c = CARD_INK[k]
            else:
                fb.hline(x + 2, y, w - 4, hi)
                fb.hline(x + 2, y + ch - 1, w - 4, hi)
                fb.vline(x, y + 2, ch - 4, hi)
                fb.vline(x + w - 1, y + 2, ch - 4, hi)
                fb.pixel(x + 1, y + 1, hi)
                fb.pixel(x + w - 2, y + 1, hi)
                fb.pixel(x + 1, y + ch - 2, hi)
                fb.pixel(x + w - 2, y + ch - 2, hi)
                c = dim
            draw(fb, CARD_TXT[k], x + (w - CARD_TW[k] + 1) // 2, ty, c, s)
        if n:
            c = str(n)
            draw(fb, c, x + (w - len(c) * DIGIT_W + 1) // 2, ny, ui.TEXT, s)
        else:
            draw(fb, "0", x + (w - DIGIT_W + 1) // 2, ny, dim, s)
        x += pitch


def draw(m, fb):
    """A frame of the Scene `m`."""
    ui.clear(fb)
    v = m.page
    if m.others and v != SUMMARY:
        players(m, fb)
    elif v == TABLE:
        table(m, fb)
    elif v == SUMMARY:
        summary(m, fb)
    elif v == ASSIGN:
        assign(m, fb)
    else:
        final(m, fb)
    if m.paused:
        ui.pause_box(fb)


def hints(m, fb):
    st = m.st
    if m.paused:
        return
    if m.others:
        ui.footer(fb, (("X", "Back"),) if m.page == FINAL else (("X", "Back"), ("B", "Pause")))
    elif m.page == SUMMARY:
        ui.footer(fb, (("A", "Go on"), ("X", "All"), ("B", "Pause")))
    elif m.page == ASSIGN:
        ui.footer(fb, ((font.LEFT + font.RIGHT, "Colour"), ("A", "OK"), ("Y", "Best"),
                       ("B", "Pause")))
    elif m.page == FINAL:
        ui.footer(fb, ((font.UP + font.DOWN, "Player"), ("A", "Done"), ("X", "All")))
    elif m.human_turn():
        if st.phase == C.PHASE_PLACE:
            ui.footer(fb, (("A", "Place"), ("X", "All"), ("B", "Pause")))
        else:
            # Y Draw greyed out while no row has room (or the deck is empty): Y then
            # only says why
            ui.footer(fb, (("Y", "Draw"), ("A", "Take"), ("X", "All"), ("B", "Pause")),
                      () if st.can_draw() else ("Y",))
    else:
        ui.footer(fb, (("X", "All players"), ("B", "Pause")))


def table(m, fb):
    st = m.st
    p = st.turn
    # header: whose turn, the deck and the last-round warning
    fb.fill_rect(0, 0, ui.W, ui.HEADER_H, ui.PANEL)
    fb.hline(0, ui.HEADER_H - 2, ui.W, ui.ACCENT)
    font.draw(fb, m.names[p], 8, 8, ui.TEXT)
    if st.last_round:
        font.draw_right(fb, "LAST ROUND", ui.W - 8, 4, ui.BAD, S)
        font.draw_right(fb, "deck %d" % st.deck_size(), ui.W - 8, 15, ui.DIM, S)
    else:
        font.draw_right(fb, "round %d" % st.round_no, ui.W - 8, 4, ui.DIM, S)
        font.draw_right(fb, "deck %d" % st.deck_size(), ui.W - 8, 15, ui.TEXT, S)
    n = len(st.rows)
    pitch = _ROW_PITCH_FIVE if n > 4 else _ROW_PITCH
    y = _TOP
    turn_phase = st.phase == C.PHASE_TURN
    h = pitch - 3
    ty = y + 2 + (h - 4 - font.BODY.cap) // 2 - (font.BODY.baseline - font.BODY.cap)
    for r in range(n):
        sel = r == m.cursor and st.phase <= C.PHASE_PLACE
        taken = st.taker[r] >= 0
        # ui.round_rect and card() written out (see counts_row)
        if sel or not taken:
            c = ui.PANEL_HI if sel else ui.PANEL
            fb.fill_rect(4, y, ui.W - 8, h, c)
            fb.fill_rect(2, y + 2, ui.W - 4, h - 4, c)
            fb.fill_rect(3, y + 1, ui.W - 6, h - 2, c)
            if sel:
                fb.fill_rect(2, y + 3, 3, h - 6, ui.ACCENT)
        else:
            ui.round_rect(fb, 2, y, ui.W - 4, h, ui.PANEL, False)
        font.draw(fb, str(r + 1), 9, y + (h - 10) // 2, ui.ACCENT if sel else ui.DIM, S)
        x = _ROW_CARDS_X
        row = st.rows[r]
        for i in range(st.cap[r]):
            if i < len(row):
                k = row[i]
                if k == C.JOKER:
                    card(fb, x, y + 2, _ROW_CARD_W, h - 4, k)  # its rainbow edge
                else:
                    c = CARD_COL[k]
                    fb.fill_rect(x + 2, y + 2, _ROW_CARD_W - 4, h - 4, c)
                    fb.fill_rect(x, y + 4, _ROW_CARD_W, h - 8, c)
                    fb.fill_rect(x + 1, y + 3, _ROW_CARD_W - 2, h - 6, c)
                    t = CARD_TXT[k]
                    font.draw(fb, t, x + (_ROW_CARD_W + 1 - font.width(t)) // 2, ty,
                              CARD_INK[k])
            elif not taken:
                ui.round_rect(fb, x, y + 2, _ROW_CARD_W, h - 4, ui.PANEL_MID, False)
            x += _ROW_CARD_STEP
        ty += pitch
        if taken:
            font.draw(fb, font.CROSS + " taken: " + m.names[st.taker[r]], _TAKEN_X,
                      y + (h - 10) // 2, ui.DIM, S)
        elif len(row) >= st.cap[r]:
            font.draw(fb, "full", _ROW_NOTE_X, y + (h - 10) // 2, ui.DIM, S)
        elif turn_phase and not row:
            font.draw(fb, "empty", _ROW_NOTE_X, y + (h - 10) // 2, ui.DIM, S)
        y += pitch
    # the drawn card and the message
    y = _DRAWN_Y
    tx = _MESSAGE_X
    if st.drawn >= 0:
        card(fb, _DRAWN_X, y, _DRAWN_W, _DRAWN_H, st.drawn)
        tx = _MESSAGE_X_CARD
    if m.note:
        font.draw(fb, m.note, tx, y, ui.DIM, S)
        y += 10
    if m.message:
        font.draw_wrapped(fb, m.message, tx, y, ui.W - tx - 4, ui.BAD, S)
    else:
        font.draw_wrapped(fb, prompt(m), tx, y, ui.W - tx - 4, ui.TEXT, S)
    # the current player's collection and live score
    y = _COLLECTION_Y
    counts_row(fb, st, st.coll[p], 4, y, 22)
    s = st.score(p)
    font.draw_right(fb, str(s), ui.W - 6, y - 1, ui.ACCENT)
    font.draw_right(fb, "pts", ui.W - 6, y + 14, ui.DIM, S)
    hints(m, fb)


def prompt(m):
    st = m.st
    name = m.names[st.turn]
    if not st.is_terminal() and m.bots[st.turn]:
        if st.phase == C.PHASE_PLACE:
            return name + " places the card" + font.ELLIPSIS
        return name + " is thinking" + font.ELLIPSIS
    if st.phase == C.PHASE_PLACE:
        return "Put it on a row: " + font.UP + font.DOWN + " and A"
    if not st.can_draw():
        return "No card can be placed: take a row (A)"
    left = st.cards_before_last()
    if 0 <= left <= 5:
        return "Y draw, A take. Last round in %s" % ui.count(left + 1, "card")
    return "Y draws a card, or A takes the row"


def player_line(m, fb, q, y, mark, right, prefix=""):
    col = ui.ACCENT if mark else ui.TEXT
    font.draw(fb, prefix + m.names[q], 6, y, col, S)
    font.draw_right(fb, right, ui.W - 6, y, col, S)


def players(m, fb):
    st = m.st
    ui.header(fb, "All players", "round %d" % st.round_no)
    y = _TOP
    for q in range(st.num_players):
        cur = q == st.turn and not st.is_terminal()
        out = "" if st.took[q] < 0 or st.is_terminal() else " (out: took row %d)" % (st.took[q] + 1)
        if cur:
            ui.round_rect(fb, 2, y - 1, ui.W - 4, 36, ui.PANEL_MID)
        player_line(m, fb, q, y, cur, "%d pts%s" % (st.score(q), out))
        counts_row(fb, st, st.coll[q], 6, y + 11, 22, 12)
        y += _PLAYER_STEP
    hints(m, fb)


def summary(m, fb):
    st = m.st
    title = "Round %d over" % m.summary_round
    ui.header(fb, title, "LAST" if st.last_round else None)
    y = _SUMMARY_Y
    for q in range(st.num_players):
        player_line(m, fb, q, y, False, "%d pts" % st.score(q))
        x = 6
        for c in m.taken[q]:
            card(fb, x, y + 11, _SUMMARY_CARD, _SUMMARY_CARD, c, S)
            x += _SUMMARY_CARD_STEP
        if not m.taken[q]:
            font.draw(fb, "took nothing", 6, y + 14, ui.DIM, S)
        y += _SUMMARY_STEP
    if st.phase >= C.PHASE_ASSIGN:
        font.draw(fb, "The game is over: final scoring next", 6, y, ui.ACCENT, S)
    hints(m, fb)


def assign(m, fb):
    st = m.st
    p = st.turn
    ui.header(fb, m.names[p] + ": jokers")
    font.draw(fb, "Each joker counts as one colour:", 6, 34, ui.DIM, S)
    y = _JOKERS_Y
    human = not m.bots[p]
    for i in range(len(m.jokers)):
        sel = i == m.jsel and human
        if sel:
            ui.round_rect(fb, 2, y, ui.W - 4, 22, ui.PANEL_HI)
        card(fb, 8, y + 2, 22, 18, C.JOKER, S)
        font.draw(fb, font.RIGHT, 36, y + 4, ui.TEXT)
        k = m.jokers[i]
        card(fb, 54, y + 2, 22, 18, k, S)
        font.draw(fb, C.COLOURS[k], 82, y + 4, ui.TEXT)
        if sel:
            font.draw(fb, font.TRI_LEFT + font.TRI_RIGHT, ui.W - 30, y + 4, ui.DIM)
        y += _JOKER_ROW
    cols = assigned_colours(m.jokers)
    rows, plus2, total = st.breakdown(p, cols)
    best = st.score_with(p, st.best_assignment(p))
    y += 2
    font.draw(fb, "Score %d" % total, 6, y, ui.ACCENT)
    font.draw(fb, "(best %d)" % best if total != best else "(the best)", 90, y + 3,
              ui.DIM if total == best else ui.BAD, S)
    y += 18
    for k, n, j, pts in rows:
        card(fb, 6, y, _LINE_CARD_W, _LINE_CARD_H, k, S)
        t = ui.count(n, "card")
        if j:
            t += " + " + ui.count(j, "joker")
        font.draw(fb, t, _LINE_TEXT_X, y + 1, ui.TEXT, S)
        font.draw_right(fb, "%+d" % pts, ui.W - 8, y + 1, ui.GOOD if pts >= 0 else ui.BAD, S)
        y += _LINE_STEP
    if plus2:
        card(fb, 6, y, _LINE_CARD_W, _LINE_CARD_H, C.PLUS2, S)
        font.draw_right(fb, "+%d" % plus2, ui.W - 8, y + 1, ui.GOOD, S)
    if not human:
        font.draw(fb, m.names[p] + " chooses" + font.ELLIPSIS, 6, ui.H - ui.FOOTER_H - 12,
                  ui.DIM, S)
    hints(m, fb)


def score_lines(st, q):
    """How q's final score comes about: [(card kind, text, points)], the colours best
    first (the three best count plus, the others minus), jokers named with the colour
    they count as, then the +2 cards."""
    rows, plus2, total = st.breakdown(q)
    out = []
    for k, n, j, pts in rows:
        t = ui.count(n, "card")
        if j:
            t += " + " + ui.count(j, "joker")
        out.append((k, t, pts))
    if plus2:
        out.append((C.PLUS2, ui.count(plus2 // 2, "+2 card"), plus2))
    return out


def final(m, fb):
    st = m.st
    ui.header(fb, "Final scores")
    s = st.scores()
    y = _TOP
    for rank, q in ui.ranked(s):
        sel = q == m.fsel
        if sel:
            ui.round_rect(fb, 2, y - 1, ui.W - 4, 12, ui.PANEL_MID)
        player_line(m, fb, q, y, rank == 1, "%d pts" % s[q], "%d. " % rank)
        y += 12
    q = m.fsel
    y += 3
    font.draw(fb, m.names[q] + ": best 3 colours plus, the rest minus", 6, y, ui.DIM, S)
    y += 12
    for k, t, pts in score_lines(st, q):
        card(fb, 6, y, _LINE_CARD_W, _LINE_CARD_H, k, S)
        font.draw(fb, t, _LINE_TEXT_X, y + 1, ui.TEXT, S)
        font.draw_right(fb, "%+d" % pts, ui.W - 8, y + 1, ui.GOOD if pts >= 0 else ui.BAD, S)
        y += _LINE_STEP
    hints(m, fb)
