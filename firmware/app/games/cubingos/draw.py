"""Drawing for app.games.cubingos.play: the header with the clock, the structure (app.games.cubingos.iso)
with the ghost die and the creatures it would form, the card in the top-left corner, the
players' cards won and this round's outcome, the prompt, the round's result, the final
ranking with every player's cards, and the pause box. What a frame shows is a Scene
the play screen fills; the draw functions read nothing else.

A creature is drawn as a small card: the head half in its fur colour on top, the mouth
half (the expression glyph) below.
"""

from micropython import const

from app import ui, font
from app.games.cubingos import faces as F
from shared_rules.cubingos import rules as C

S = font.SMALL
# The play screen's views.
PLAY = 0
RESULT = 1
FINAL = 2
_AREA_Y = const(184)    # the players' strip; the structure and the card sit above it
_TEXT_Y = const(197)
_CARD_X = const(3)      # the card in the top-left corner
_CARD_Y = const(33)
_ICONS_Y = const(84)    # the creatures formed, under the card
_ICON_STEP = const(15)
_RANK_Y = const(34)     # the cards won: a band per player
_RANK_STEP = const(42)
_RANK_ICON_STEP = const(14)


class Scene:
    """What a frame shows. Set once: the rules' state `st`, the players' names, the
    number of humans, the structure's view (app.games.cubingos.iso.View) and whether a
    cell is occupied. Filled from the screen before each frame (CubingosPlay.scene_now,
    no allocation but the ghost's tuple): the page, whether the cards won show, the
    pause, who races, takes a free die or is ready (-1: nobody), the game clock, the
    ghost die (x, y, z, o) or None, the structure back to front, the cells the ghost
    or the free dice may take and the one chosen, the creatures the ghost would form
    and why it may not go there, the message (bad: an error), the ghost's mode, the
    round's outcome per player and the creatures the round's winning die formed."""

    def __init__(self, st, names, humans, iso, occupied):
        self.st = st
        self.names = names
        self.humans = humans
        self.iso = iso
        self.occupied = occupied
        self.page = PLAY
        self.cards = False
        self.paused = False
        self.racer = -1
        self.taker = -1
        self.ready = -1
        self.game_ms = 0
        self.ghost = None
        self.dice = []
        self.cells = []
        self.ci = 0
        self.pv = None
        self.err = None
        self.message = ""
        self.bad = False
        self.mode = 0
        self.res = []
        self.found = []
TURN_HELP = font.LEFT + font.RIGHT + " " + font.UP + font.DOWN + " X turn the die"
MARK = {C.CORRECT: font.CHECK, C.WRONG: font.CROSS, C.PASSED: "-", C.SLOW: "-",
        C.RACING: font.ELLIPSIS}
MARK_COL = {C.CORRECT: ui.GOOD, C.WRONG: ui.BAD, C.RACING: ui.ACCENT}


def secs(ms):
    return "%d.%d s" % (ms // 1000, ms % 1000 // 100)


def formed_text(formed, card):
    """What a placement formed, in words."""
    if not formed:
        return "no creature formed"
    names = []
    for f in formed:
        n = C.card_name(f[0])
        if n not in names:
            names.append(n)
    if len(names) > 2:
        return "formed %s, %s +%d" % (names[0], names[1], len(names) - 2)
    return "formed " + ", ".join(names)


def icon(fb, x, y, k, s=12):
    """A creature as a small card, s pixels square."""
    hh = s // 2
    fb.fill_rect(x, y, s, hh, F.FUR[k >> 2][0])
    fb.fill_rect(x, y + hh, s, s - hh, ui.WHITE)
    if s >= 12:
        F.eyes(fb, x + hh, y + hh // 2, 1)
    F.glyph(fb, k & 3, x + hh, y + hh + (s - hh) // 2, ui.BLACK, 1)
    fb.rect(x, y, s, s, ui.GREY)


def big_card(fb, x, y, k):
    """The round's card: 34 x 46, the head with eyes over the mouth."""
    ui.round_rect(fb, x, y, 34, 46, ui.WHITE)
    fb.ellipse(x + 17, y + 22, 14, 16, F.FUR[k >> 2][0], True, 3)
    F.eyes(fb, x + 17, y + 14, 3)
    F.glyph(fb, k & 3, x + 17, y + 34, ui.BLACK, 3)
    ui.round_rect(fb, x, y, 34, 46, ui.ACCENT, False)


def card_back(fb, x, y):
    ui.round_rect(fb, x, y, 34, 46, ui.PANEL_HI)
    font.draw_centered(fb, "?", x, y, 34, 46, ui.DIM)


def draw(m, fb):
    ui.clear(fb)
    final = m.page == FINAL
    if m.cards != final:     # X swaps the structure and the cards won
        cards(m, fb, final)
    else:
        table(m, fb)
    if m.paused:
        lines = ("A  resume", "Y  pass this round", "X  quit the game") \
            if m.racer >= 0 else ("A  resume", "X  quit the game")
        ui.pause_box(fb, lines)


def title(m):
    st = m.st
    if m.page == FINAL:
        return "The structure"
    if m.page == RESULT:
        return "Round %d" % st.rounds
    if m.taker >= 0:
        return m.names[m.taker] + ": a free die"
    p = m.ready
    if p >= 0:
        return m.names[p] + "'s turn"
    p = m.racer
    if p >= 0:
        return m.names[p]
    if st.phase == C.RACE and st.leg_started() and st.actors():
        return "The bots race"
    return "Round %d" % (st.rounds + 1)


def status(m):
    """The header's right side: the race clock (and the time limit), else the pile."""
    st = m.st
    if st.leg_started() and m.page == PLAY:
        right = secs(st.elapsed_ms(m.game_ms))
        lim = st.options["limit_ms"]
        if lim:   # the time limit chosen on the setup screen
            right = right[:-2] + "/%d s" % (lim // 1000)
        return right
    return "pile %d" % len(st.pile)


def header(m, fb):
    ui.header(fb, title(m), status(m))


def table(m, fb):
    st = m.st
    iso = m.iso
    result = m.page == RESULT
    live = st.leg_started() and not result
    g = m.ghost
    lr = st.last_round
    iso.structure(fb, m.dice, m.occupied, g)
    if g is not None:
        iso.outline(fb, g[0], g[1], g[2], ui.ACCENT if m.err is None else ui.BAD)
        if m.pv:
            iso.creatures(fb, m.pv, st.card)
    elif m.taker >= 0 and m.cells:
        x, y, z = m.cells[m.ci]
        iso.outline(fb, x, y, z, ui.ACCENT)
    if result:
        if lr[1] >= 0:
            iso.outline(fb, lr[3][0], lr[3][1], lr[3][2], ui.GOOD)
        iso.creatures(fb, m.found, lr[0])
        big_card(fb, _CARD_X, _CARD_Y, lr[0])
        icons(fb, m.found, lr[0])
    elif m.page == FINAL:
        pass
    elif live and not m.paused:
        big_card(fb, _CARD_X, _CARD_Y, st.card)
        if g is not None:
            icons(fb, m.pv or (), st.card)
    else:
        card_back(fb, _CARD_X, _CARD_Y)
    header(m, fb)   # after the structure: it clips what reaches up
    strip(m, fb)
    text, col = prompt(m)
    font.draw_wrapped(fb, text, 4, _TEXT_Y, ui.W - 8, col, S)
    hints(m, fb)


def icons(fb, found, card):
    """The creatures a die forms, under the card; the card's one ticked."""
    y = _ICONS_Y
    done = 0
    for f in found:
        if y > _AREA_Y - 14:
            break
        if done >> f[0] & 1:
            continue
        done |= 1 << f[0]
        icon(fb, 4, y, f[0])
        if f[0] == card:
            font.draw(fb, font.CHECK, 19, y + 1, ui.GOOD, S)
        y += _ICON_STEP


def strip(m, fb):
    """Every player's cards won, coloured by this round's outcome."""
    st = m.st
    n = st.num_players
    w = ui.W // n
    fb.fill_rect(0, _AREA_Y - 1, ui.W, ui.H - _AREA_Y + 1, ui.BG)
    fb.fill_rect(0, _AREA_Y - 1, ui.W, 12, ui.PANEL_MID)
    for p in range(n):
        r = m.res[p]
        col = MARK_COL.get(r, ui.TEXT if st.holding[p] else ui.DIM)
        x = p * w + 3
        name = m.names[p][:5 if n == 4 else 8]
        x = font.draw(fb, name, x, _AREA_Y, col, S)
        x = font.draw(fb, " %d" % len(st.won[p]), x, _AREA_Y, ui.ACCENT, S)
        mark = MARK.get(r)
        if mark:
            font.draw(fb, mark, x + 2, _AREA_Y, col, S)


def prompt(m):
    """(text, colour) of the line under the structure."""
    st = m.st
    if m.page == FINAL:
        return end_reason(st), ui.DIM
    if m.page == RESULT:
        lr = st.last_round
        if lr[1] < 0:
            return "Nobody formed %s: under the pile" % C.card_name(lr[0]), ui.DIM
        return "%s wins %s in %s" % (m.names[lr[1]], C.card_name(lr[0]), secs(lr[2])), ui.GOOD
    p = m.ready
    if p >= 0:
        b = st.best_result()
        beat = " Beat %s!" % secs(b[0]) if b is not None else ""
        lim = st.options["limit_ms"]
        beat += " Limit %d s." % (lim // 1000) if lim else ""
        if m.humans == 1:
            return "%s: A shows the card.%s" % (m.names[p], beat), ui.ACCENT
        return "Pass the console to %s. A shows the card.%s" % (m.names[p], beat), ui.ACCENT
    if m.message:
        return m.message, ui.BAD if m.bad else ui.TEXT
    if m.taker >= 0:
        return "Take a free die to play with: A takes it, X none", ui.TEXT
    if m.racer >= 0:
        how = ". " + TURN_HELP if m.mode else ""
        if m.err is not None:
            return "No die may go here" + how, ui.BAD
        for f in m.pv or ():
            if f[0] == st.card:
                return C.card_name(st.card) + ": formed! A places" + how, ui.GOOD
        return "Form " + C.card_name(st.card) + how, ui.TEXT
    return "", ui.TEXT


def end_reason(st):
    """Why the game ended, in words."""
    if not st.pile:
        return "Game over: the pile is empty"
    if st.fails >= 2 * len(st.pile):
        return "Game over: the last %s went round twice unwon" % ui.count(len(st.pile), "card")
    if st.options["free_dice"]:
        return "Game over: every die is played and none is free"
    return "Game over: every die is played"


def hints(m, fb):
    if m.paused:
        return
    if m.page == FINAL:
        ui.footer(fb, (("A", "Done"), ("X", "Scores"), ("Y", "View")))
    elif m.page == RESULT:
        ui.footer(fb, (("A", "Next"), ("X", "Cards"), ("Y", "View"), ("B", "Pause")))
    elif m.racer >= 0:
        # five keys work while racing: "Put" (not "Place") keeps all five within 240 px
        ui.footer(fb, (("A", "Put"), ("X", "Roll"), (font.BULLET, "Move" if m.mode else "Turn"),
                       ("Y", "View"), ("B", "Pause")))
    elif m.taker >= 0:
        ui.footer(fb, (("A", "Take"), ("X", "None"), ("Y", "View"), ("B", "Pause")))
    elif m.ready >= 0:
        ui.footer(fb, (("A", "Show card"), ("X", "Cards"), ("Y", "View"), ("B", "Pause")))
    else:
        ui.footer(fb, (("X", "Cards"), ("Y", "View"), ("B", "Pause")))


def cards(m, fb, final):
    """Every player's cards won, best first: the final ranking, or X during the game."""
    st = m.st
    ui.header(fb, "Final scores" if final else "Cards won", None if final else "pile %d" % len(st.pile))
    s = st.scores()
    y = _RANK_Y
    for rank, q in ui.ranked(s):
        col = ui.ACCENT if rank == 1 and final else ui.TEXT
        if rank == 1 and final:
            ui.round_rect(fb, 2, y - 2, ui.W - 4, 38, ui.PANEL_MID)
        font.draw(fb, "%d. %s" % (rank, m.names[q]), 6, y, col, S)
        font.draw_right(fb, ui.count(s[q], "card"), ui.W - 6, y, col, S)
        x = 6
        for k in st.won[q]:
            icon(fb, x, y + 12, k)
            x += _RANK_ICON_STEP
        y += _RANK_STEP
    if final:
        font.draw_wrapped(fb, end_reason(st), 4, max(y, _TEXT_Y), ui.W - 8, ui.DIM, S)
    ui.footer(fb, (("A", "Done"), ("X", "Structure")) if final else (("X", "Back"),))
