"""Coloretto's screens, frame by frame: the +2 card on a selected row, the prompts fit
two lines, and the final scores explained (jokers named, plus and minus colours), with
no pause offered after the end."""
import framebuf

from hal import api
from shared_rules.coloretto import rules as C
from app import ui, font
from app.games.coloretto import draw as D
from app.games.coloretto.play import FINAL
from tests.test_coloretto_ui import start
from tests.test_pause_quit import footer_bytes, expected_footer


def frame(h):
    h.app.draw()
    return bytes(h.hal.display.buf)


def test_a_plus2_card_shows_on_the_selected_row(tmp_path):
    h, m = start(tmp_path)
    m.st.rows[0] = [C.PLUS2]
    m.cursor = 0
    f = frame(h)
    # the first card of row 1: x 20..49, y 35..; its middle band beside the letter
    px = f[40 * ui.W + 23]
    assert px == D.CARD_COL[C.PLUS2] and px != ui.PANEL_HI
    assert f[40 * ui.W + 10] == ui.PANEL_HI      # the row is the selected one
    for c in range(len(D.CARD_COL)):
        assert D.CARD_COL[c] not in (ui.PANEL_HI, ui.PANEL, ui.PANEL_MID, ui.BG)


def test_every_prompt_fits_two_lines_beside_the_drawn_card(tmp_path):
    h, m = start(tmp_path)
    width = ui.W - 42 - 4
    m.st.turn = 0
    m.st.phase, m.st.drawn = C.PHASE_TURN, -1
    assert m.human_turn() and m.st.can_draw()
    for left in range(6):
        m.st.cards_before_last = lambda left=left: left
        text = D.prompt(m.scene_now())
        assert str(left + 1) in text
        assert len(font.wrap(text, width, font.SMALL)) <= 2, text


def play_to_the_end(tmp_path, seed):
    h, m = start(tmp_path, kinds=("human", "greedy", "strong"), seed=seed)
    from shared_rules.coloretto.bots import make_bot
    m.agents[0] = make_bot("greedy", 99)   # a bot plays the human's seat too,
    m.humans = 1                           # but the screen still waits for A at the end
    for _ in range(40000):
        if m.view == FINAL:
            return h, m
        if m.view == 1:
            h.press(api.KEY_A)
        h.frames(1)
    raise AssertionError("no end")


def test_the_final_scores_explain_themselves_and_offer_no_pause(tmp_path):
    h, m = play_to_the_end(tmp_path, 5)
    st = m.st
    s = st.scores()
    for q in range(st.num_players):
        lines = D.score_lines(st, q)
        assert sum(p for k, t, p in lines) == s[q]
        jokers = st.coll[q][C.JOKER]
        assert sum(t.count("joker") and int(t.split(" + ")[1].split()[0]) or 0
                   for k, t, p in lines) == jokers
        plus = [p for k, t, p in lines if k != C.PLUS2 and p > 0]
        assert len(plus) <= 3
    assert footer_bytes(frame(h)) == expected_footer(
        ((font.UP + font.DOWN, "Player"), ("A", "Done"), ("X", "All")))
    h.press(api.KEY_B)
    assert not m.paused and m.view == FINAL
    first = m.fsel
    assert s[first] == max(s)
    before = frame(h)
    h.press(api.DOWN)
    assert m.fsel != first and frame(h) != before
    h.press(api.KEY_X)       # every collection: no pause key either
    assert footer_bytes(frame(h)) == expected_footer((("X", "Back"),))
    h.press(api.KEY_X)
    h.press(api.KEY_A)
    assert h.top_name() == "MainMenu"
