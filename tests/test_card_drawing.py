"""The shapes some hot drawing loops write out (a call to a helper needing more than 11
slots takes its frame from the heap on the Pico) leave the pixels of the helpers they
replace: ui.round_rect's three rectangles, Coloretto's rows and collection cards, the
footer's key caps, the pause box (and its footer's labels, worked out once per box)."""
import random

import framebuf

from app import ui, font
from app.games.coloretto import draw as D
from shared_rules.coloretto import rules as C
from tests.apphelpers import Harness


def old_round_rect(fb, x, y, w, h, color, fill=True):
    """ui.round_rect as it was: two rectangles and four corner pixels."""
    if not fill:
        return ui.round_rect(fb, x, y, w, h, color, False)
    fb.fill_rect(x + 2, y, w - 4, h, color)
    fb.fill_rect(x, y + 2, w, h - 4, color)
    for px, py in ((x + 1, y + 1), (x + w - 2, y + 1), (x + 1, y + h - 2), (x + w - 2, y + h - 2)):
        fb.pixel(px, py, color)


def frame():
    buf = bytearray(240 * 240)
    return buf, framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)


def test_three_rectangles_are_the_round_rect_from_three_pixels_up():
    for w in range(3, 12):
        for h in range(3, 12):
            for x, y in ((5, 5), (-1, 3), (236, 233), (0, -2)):
                a, fa = frame()
                b, fb = frame()
                old_round_rect(fa, x, y, w, h, 7)
                fb.fill_rect(x + 2, y, w - 4, h, 7)
                fb.fill_rect(x, y + 2, w, h - 4, 7)
                fb.fill_rect(x + 1, y + 1, w - 2, h - 2, 7)
                assert a == b, (w, h, x, y)


def ref_counts_row(fb, st, counts, x, y, pitch=24, ch=14):
    """counts_row through card(), ui.round_rect and font.draw_centered."""
    for k in D.kinds(st):
        n = counts[k]
        if n:
            D.card(fb, x, y, pitch - 3, ch, k, D.S)
        else:
            ui.round_rect(fb, x, y, pitch - 3, ch, ui.PANEL_HI, False)
            font.draw_centered(fb, D.CARD_TXT[k], x, y, pitch - 3, ch, ui.DIM, D.S)
        font.draw_centered(fb, str(n), x, y + ch + 1, pitch - 3, 9, ui.TEXT if n else ui.DIM, D.S)
        x += pitch


def test_the_collection_row_is_its_cards_drawn_one_by_one():
    st = C.Coloretto(4, 5)
    rng = random.Random(8)
    for trial in range(30):
        counts = [rng.choice((0, 0, 1, 2, 13)) for _ in range(len(st.coll[0]))]
        pitch, ch = rng.choice(((24, 14), (22, 14), (22, 12)))
        a, fa = frame()
        b, fb = frame()
        D.counts_row(fa, st, counts, 4, 186, pitch, ch)
        ref_counts_row(fb, st, counts, 4, 186, pitch, ch)
        assert a == b, (counts, pitch, ch)


def ref_rows(m, fb):
    """table()'s rows as they were drawn: through ui.round_rect and card()."""
    st = m.st
    n = len(st.rows)
    pitch = 24 if n > 4 else 28
    y = 33
    turn_phase = st.phase == C.PHASE_TURN
    for r in range(n):
        h = pitch - 3
        sel = r == m.cursor and st.phase <= C.PHASE_PLACE
        taken = st.taker[r] >= 0
        if sel:
            ui.round_rect(fb, 2, y, ui.W - 4, h, ui.PANEL_HI)
            fb.fill_rect(2, y + 3, 3, h - 6, ui.ACCENT)
        elif not taken:
            ui.round_rect(fb, 2, y, ui.W - 4, h, ui.PANEL)
        else:
            ui.round_rect(fb, 2, y, ui.W - 4, h, ui.PANEL, False)
        font.draw(fb, str(r + 1), 9, y + (h - 10) // 2, ui.ACCENT if sel else ui.DIM, D.S)
        x = 20
        row = st.rows[r]
        for i in range(st.cap[r]):
            if i < len(row):
                D.card(fb, x, y + 2, 30, h - 4, row[i])
            elif not taken:
                ui.round_rect(fb, x, y + 2, 30, h - 4, ui.PANEL_MID, False)
            x += 33
        tx = 20 + 3 * 33 + 4
        if taken:
            font.draw(fb, font.CROSS + " taken: " + m.names[st.taker[r]], 24, y + (h - 10) // 2,
                      ui.DIM, D.S)
        elif len(row) >= st.cap[r]:
            font.draw(fb, "full", tx, y + (h - 10) // 2, ui.DIM, D.S)
        elif turn_phase and not row:
            font.draw(fb, "empty", tx, y + (h - 10) // 2, ui.DIM, D.S)
        y += pitch
    return y


def test_the_table_s_rows_are_their_cards_drawn_one_by_one(tmp_path):
    """Table frames of seeded games (3 and 5 players, rows filling and taken, the cursor
    on each row, jokers and +2 among the cards): the rows' band as the helpers drew it."""
    from app.games.coloretto.play import ColorettoPlay
    h = Harness(tmp_path)
    kinds = set()
    for players in (3, 5):
        m = ColorettoPlay(h.app, ["greedy"] * players, ["B%d" % i for i in range(players)],
                          {}, 11 + players)
        st = m.st
        rng = random.Random(players)
        seen = 0
        while not st.is_terminal() and seen < 300:
            m.cursor = rng.randrange(len(st.rows))
            a, fa = frame()
            D.table(m.scene_now(), fa)
            b, fb = frame()
            end = ref_rows(m, fb)
            assert a[33 * 240:end * 240] == b[33 * 240:end * 240], (players, seen)
            for row in st.rows:
                kinds.update(row)
            seen += 1
            acts = st.legal_actions(st.turn)
            st.apply(acts[rng.randrange(len(acts))])
        assert seen > 30
    assert C.JOKER in kinds and C.PLUS2 in kinds


def ref_footer(fb, hints):
    """ui.footer as it was: each key's cap through ui.round_rect."""
    y = ui.H - ui.FOOTER_H
    fb.fill_rect(0, y, ui.W, ui.FOOTER_H, ui.PANEL)
    x = 6
    for key, label in hints:
        kw = font.width(key, font.SMALL) + 6
        ui.round_rect(fb, x, y + 4, kw, 14, ui.ACCENT)
        font.draw(fb, key, x + 3, y + 6, ui.BG, font.SMALL)
        x += kw + 4
        x = font.draw(fb, label, x, y + 6, ui.TEXT, font.SMALL) + 10


def test_the_footer_s_key_caps_are_round_rects():
    for hints in ((("A", "Play"), ("B", "Back")), ((font.LEFT + font.RIGHT, "Choose"), ("A", "Take")),
                  ((font.BULLET, "Hint"), ("X", "Reroll"), ("Y", "Cubo!"), ("A", "Pick"))):
        a, fa = frame()
        b, fb = frame()
        ui.footer(fa, hints)
        ref_footer(fb, hints)
        assert a == b, hints


def ref_pause_box(fb, lines=("A  resume", "X  quit the game")):
    """ui.pause_box as it was: through round_rect and centered()."""
    lines = tuple(lines) + (font.BULLET + "  rules and controls",)
    h = 46 + 16 * len(lines)
    y = (ui.H - h) // 2 - 10
    ui.round_rect(fb, 30, y, ui.W - 60, h, ui.PANEL)
    ui.round_rect(fb, 30, y, ui.W - 60, h, ui.ACCENT, False)
    ui.centered(fb, "Paused", y + 10, ui.ACCENT)
    y += 38
    for line in lines:
        ui.centered(fb, line, y, ui.TEXT, font.SMALL)
        y += 16


def test_the_pause_box_is_its_round_rects_and_centred_lines():
    """(above the footer, which both draw with ui.footer)"""
    for lines in ((), ("A  go on", "X  quit the game", "Y  re-enter the last player")):
        a, fa = frame()
        b, fb = frame()
        ui.pause_box(fa, *([lines] if lines else []))
        ref_pause_box(fb, *([lines] if lines else []))
        top = (ui.H - ui.FOOTER_H) * 240
        assert a[:top] == b[:top], lines


def test_the_pause_box_s_footer_follows_its_lines():
    """Its labels are worked out once per box: a box with other lines gets its own."""
    rules = (font.BULLET, "Rules")
    cases = ((None, (("A", "Resume"), ("X", "Quit"), rules)),
             (("A  go on", "X  quit the game", "Y  re-enter the last player"),
              (("A", "Go on"), ("X", "Quit"), ("Y", "Re-enter"), rules)),
             (None, (("A", "Resume"), ("X", "Quit"), rules)),
             (["A  go on", "X  quit the game"], (("A", "Go on"), ("X", "Quit"), rules)))
    for lines, hints in cases:
        a, fa = frame()
        ui.pause_box(fa, *([] if lines is None else [lines]))
        b, fb = frame()
        ui.footer(fb, hints)
        bottom = (ui.H - ui.FOOTER_H) * 240
        assert a[bottom:] == b[bottom:], lines
