"""Drawing for app.games.cubingos.play: the header with the clock, the structure (app.games.cubingos.iso)
with the ghost die and the creatures it would form, the card in the top-left corner, the
players' cards won and this round's outcome, the prompt, the round's result, the final
ranking with every player's cards, and the pause box.

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
    final = m.view == FINAL
    if m.cards != final:     # X swaps the structure and the cards won
        cards(m, fb, final)
    else:
        table(m, fb)
    if m.paused:
        lines = ("A  resume", "Y  pass this round", "X  quit the game") \
            if m.racer() >= 0 else ("A  resume", "X  quit the game")
        ui.pause_box(fb, lines)


def title(m):
    st = m.st
    if m.view == FINAL:
        return "The structure"
    if m.view == RESULT:
        return "Round %d" % st.rounds
    if m.taker() >= 0:
        return m.names[m.taker()] + ": a free die"
    p = m.ready()
    if p >= 0:
        return m.names[p] + "'s turn"
    p = m.racer()
    if p >= 0:
        return m.names[p]
    if st.phase == C.RACE and st.leg_started() and st.actors():
        return "The bots race"
    return "Round %d" % (st.rounds + 1)


def status(m):
    """The header's right side: the race clock (and the time limit), else the pile."""
    st = m.st
    if st.leg_started() and m.view == PLAY:
        right = secs(st.elapsed_ms(m.game_time(m.app.now)))
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
    result = m.view == RESULT
    live = st.leg_started() and not result
    g = m.ghost()
    lr = st.last_round
    iso.structure(fb, m.dice, m.occupied, g)
    if g is not None:
        iso.outline(fb, g[0], g[1], g[2], ui.ACCENT if m.err is None else ui.BAD)
        if m.pv:
            iso.creatures(fb, m.pv, st.card)
    elif m.taker() >= 0 and m.cells:
        x, y, z = m.cells[m.ci]
        iso.outline(fb, x, y, z, ui.ACCENT)
    if result:
        if lr[1] >= 0:
            iso.outline(fb, lr[3][0], lr[3][1], lr[3][2], ui.GOOD)
        iso.creatures(fb, m.found, lr[0])
        big_card(fb, 3, 33, lr[0])
        icons(fb, m.found, lr[0])
    elif m.view == FINAL:
        pass
    elif live and not m.paused:
        big_card(fb, 3, 33, st.card)
        if g is not None:
            icons(fb, m.pv or (), st.card)
    else:
        card_back(fb, 3, 33)
    header(m, fb)   # after the structure: it clips what reaches up
    strip(m, fb)
    text, col = prompt(m)
    font.draw_wrapped(fb, text, 4, _TEXT_Y, ui.W - 8, col, S)
    hints(m, fb)


def icons(fb, found, card):
    """The creatures a die forms, under the card; the card's one ticked."""
    y = 84
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
        y += 15


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
    if m.view == FINAL:
        return end_reason(st), ui.DIM
    if m.view == RESULT:
        lr = st.last_round
        if lr[1] < 0:
            return "Nobody formed %s: under the pile" % C.card_name(lr[0]), ui.DIM
        return "%s wins %s in %s" % (m.names[lr[1]], C.card_name(lr[0]), secs(lr[2])), ui.GOOD
    p = m.ready()
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
    if m.taker() >= 0:
        return "Take a free die to play with: A takes it, X none", ui.TEXT
    if m.racer() >= 0:
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
    if m.view == FINAL:
        ui.footer(fb, (("A", "Done"), ("X", "Scores"), ("Y", "View")))
    elif m.view == RESULT:
        ui.footer(fb, (("A", "Next"), ("X", "Cards"), ("Y", "View"), ("B", "Pause")))
    elif m.racer() >= 0:
        # five keys work while racing: "Put" (not "Place") keeps all five within 240 px
        ui.footer(fb, (("A", "Put"), ("X", "Roll"), (font.BULLET, "Move" if m.mode else "Turn"),
                       ("Y", "View"), ("B", "Pause")))
    elif m.taker() >= 0:
        ui.footer(fb, (("A", "Take"), ("X", "None"), ("Y", "View"), ("B", "Pause")))
    elif m.ready() >= 0:
        ui.footer(fb, (("A", "Show card"), ("X", "Cards"), ("Y", "View"), ("B", "Pause")))
    else:
        ui.footer(fb, (("X", "Cards"), ("Y", "View"), ("B", "Pause")))


def cards(m, fb, final):
    """Every player's cards won, best first: the final ranking, or X during the game."""
    st = m.st
    ui.header(fb, "Final scores" if final else "Cards won", None if final else "pile %d" % len(st.pile))
    s = st.scores()
    y = 34
    for rank, q in ui.ranked(s):
        col = ui.ACCENT if rank == 1 and final else ui.TEXT
        if rank == 1 and final:
            ui.round_rect(fb, 2, y - 2, ui.W - 4, 38, ui.PANEL_MID)
        font.draw(fb, "%d. %s" % (rank, m.names[q]), 6, y, col, S)
        font.draw_right(fb, ui.count(s[q], "card"), ui.W - 6, y, col, S)
        x = 6
        for k in st.won[q]:
            icon(fb, x, y + 12, k)
            x += 14
        y += 42
    if final:
        font.draw_wrapped(fb, end_reason(st), 4, max(y, _TEXT_Y), ui.W - 8, ui.DIM, S)
    ui.footer(fb, (("A", "Done"), ("X", "Structure")) if final else (("X", "Back"),))
