"""Issue 25's newcomer items, through the real app as a player drives it: Cubo table
mode's footer after round 6 says A opens the ranking; the hint box against bots closes
when the countdown ends; each Cubo round starts on a visible 3-2-1-Cubo! count-in (and
round 1 waits for the player); Coloretto greys out Y Draw when no row has room; the
About screen's last lines have room; the setups' footers say "How to play"; the resume
screen says which game is saved."""
from hal import api
from shared_rules.cubo import rules as C
from tests.apphelpers import Harness, texts_drawn, footers
from app import font, ui
from app.games.cubo import table as T

OPTS = {"keep_swaps": True, "runs_any_order": False, "yellow": False}


def redraw(h):
    h.app.invalidate()
    h.frames(1)


def last_footer(h, got):
    del got[:]
    redraw(h)
    return got[-1]


def footer_width(hints):
    """Where ui.footer's last label ends (its own arithmetic)."""
    x = 6
    for key, label in hints:
        x += font.width(key, font.SMALL) + 10
        x += font.width(label, font.SMALL) + 10
    return x - 10


# -- Cubo table mode: after round 6 A opens the ranking, and the footer says so ---------------
def test_table_footer_after_the_last_round_says_what_a_does(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    h.app.push(T.CuboTable(h.app, 2, dict(OPTS), 9))
    h.frames(1)
    t = h.app.top()
    got = footers(monkeypatch)
    for r in range(6):
        h.press(api.KEY_A)                   # the centre shown
        h.frames(25)
        h.press(api.KEY_A)                   # the start signal
        h.press(api.KEY_Y)                   # score now
        for _ in range(2):
            h.press(api.DOWN)
            h.press(api.KEY_A)               # points
            h.press(api.UP)
            h.press(api.KEY_A)
        assert t.phase == T.ROUND
        hints = last_footer(h, got)
        if r < 5:
            assert hints == (("A", "Next round"),)
            h.press(api.KEY_A)
            assert t.phase == T.CENTRE_ROLL and t.state.round == r + 1
    assert hints == (("A", "Ranking"),)
    h.press(api.KEY_A)
    assert t.phase == T.FINAL


# -- About: the small lines have room under the text ---------------------------------------
def test_about_small_lines_clear_the_text_above_and_the_footer(tmp_path):
    h = Harness(tmp_path)
    h.hal.mem_free = lambda: 150 * 1024      # as on the device: the free RAM line too
    h.open_menu_item("About")
    assert h.top_name() == "AboutScreen"
    redraw(h)
    buf = bytes(h.hal.display.buf)

    def rows_with(color):
        return [y for y in range(96, ui.H - ui.FOOTER_H)
                if color in buf[y * ui.W + 16:y * ui.W + ui.W - 16]]
    text, small = rows_with(ui.TEXT), rows_with(ui.DIM)
    assert text and small
    assert max(text) + 4 <= min(small), (max(text), min(small))   # descenders clear
    assert max(small) + 4 <= ui.H - ui.FOOTER_H                    # and the footer too


# -- the setups' footers call it How to play, and it fits ------------------------------------
def test_every_setup_footer_says_how_to_play_fits_and_x_opens_it(tmp_path, monkeypatch):
    got = footers(monkeypatch)
    for label in ("Cubo", "Kocka 10000", "Coloretto", "Cubingos"):
        h = Harness(tmp_path / label.replace(" ", ""))
        h.open_menu_item(label)
        setup = h.app.top()
        for _ in range(len(setup.items)):    # every row's footer
            hints = last_footer(h, got)
            assert ("X", "How to play") in hints and ("X", "Rules") not in hints, hints
            assert footer_width(hints) <= ui.W - 6, (label, footer_width(hints))
            h.press(api.DOWN)
        h.press(api.KEY_X)
        assert h.top_name() == "HowTo"
        seen = texts_drawn(monkeypatch)
        redraw(h)
        assert "How to play " + label in seen
        monkeypatch.undo()
        got = footers(monkeypatch)


# -- Coloretto: Y Draw greyed out when no row has room -----------------------------------------
def footer_greys(h):
    """The footer band's greyed-out key pixels (ui.GREY: only a greyed key draws it)."""
    buf = bytes(h.hal.display.buf)
    return buf[(ui.H - ui.FOOTER_H) * ui.W:].count(bytes((ui.GREY,)))


def test_coloretto_greys_out_draw_when_no_row_has_room(tmp_path, monkeypatch):
    from shared_rules.coloretto import rules as CC
    from app.games.coloretto.play import ColorettoPlay
    h = Harness(tmp_path)
    m = ColorettoPlay(h.app, ["human", "human"], ["ANNA", "BEN"], {}, 3)
    h.app.push(m)
    h.frames(1)
    st = m.st
    got = footers(monkeypatch)
    seen_open = False
    for _ in range(40):
        assert m.human_turn() and st.phase == CC.PHASE_TURN
        if not st.can_draw():
            break
        hints = last_footer(h, got)
        assert hints[0] == ("Y", "Draw") and footer_greys(h) == 0   # Y works: not greyed
        seen_open = True
        h.press(api.KEY_Y)                   # draw
        assert st.phase == CC.PHASE_PLACE
        while not st.row_open(m.cursor):
            h.press(api.DOWN)
        h.press(api.KEY_A)                   # place it
    assert seen_open and not st.can_draw() and st.deck
    hints = last_footer(h, got)
    assert hints[0] == ("Y", "Draw") and footer_greys(h) > 0       # greyed out
    before = repr(st.to_dict())
    shown = bytes(h.hal.display.buf)
    h.press(api.KEY_Y)                       # does nothing but say why
    assert repr(st.to_dict()) == before and st.phase == CC.PHASE_TURN
    assert "no row has room" in m.message and bytes(h.hal.display.buf) != shown


# -- the resume screen says which game is saved -------------------------------------------------
def test_the_resume_screen_says_which_game_is_saved(tmp_path, monkeypatch):
    from tests import test_coloretto_ui as COL
    h, m = COL.start(tmp_path)
    log = []
    for _ in range(20):
        COL.human_step(h, m, log)
    seen = texts_drawn(monkeypatch)
    h2 = Harness(tmp_path)                   # a power cut (or a closed tab) and a new start
    assert h2.top_name() == "ResumeScreen"
    del seen[:]
    redraw(h2)
    assert "You have a saved Coloretto game." in seen, seen
    assert "Resume it, or discard it to start anew." in seen
    h2.press(api.DOWN)
    h2.press(api.KEY_A)                      # Discard: to the menu, the save gone
    assert h2.top_name() == "MainMenu"


# -- Cubo against bots: the hint box cannot outlive the countdown ----------------------------
def new_match(tmp_path, levels, seed=3):
    from app.games.cubo.play import CuboMatch
    h = Harness(tmp_path)
    h.app.push(CuboMatch(h.app, list(levels), dict(OPTS), seed))
    h.frames(1)
    return h, h.app.top()


def count_in(h, m):
    """A (ready) and the count-in to "Cubo!"."""
    from app.games.cubo import play as M
    h.press(api.KEY_A)
    h.frames(M.COUNT_IN_MS // 33 + 1)
    assert m.count_at is None and m.game_time(h.clock) < 100


def test_a_hint_opened_as_the_countdown_ends_closes_and_the_keys_match_the_footer(
        tmp_path, monkeypatch):
    h, m = new_match(tmp_path, ("medium",))
    st = m.state
    count_in(h, m)
    got = footers(monkeypatch)
    h.press(api.KEY_A)                       # roll, then never call
    assert st.status[0] == C.ARRANGING
    # the hint's own keys while it is up: A takes it, any other key closes it
    h.press(api.PRESS)
    assert m.show_hint is not None
    assert last_footer(h, got) == (("A", "Take it"), (font.BULLET, "Close"), ("B", "Pause"))
    best = m.show_hint[0]
    h.press(api.KEY_A)
    assert m.show_hint is None and st.grid_score(0) == best
    h.press(api.PRESS)
    h.press(api.DOWN)
    assert m.show_hint is None and m.cursor == 0   # closed, not moved
    for _ in range(3000):                    # the bot calls: the countdown runs
        if st.deadline is not None:
            break
        h.frames(1)
    assert st.deadline is not None and st.status[0] == C.ARRANGING
    while st.countdown_left(m.game_time(h.clock + 33)) > 0:
        h.frames(1)
    # the joystick press in the very frame the countdown runs out
    h.hal.buttons.inject(api.event(api.PRESSED, api.PRESS))
    h.frames(1)
    h.hal.buttons.inject(api.event(api.RELEASED, api.PRESS))
    h.frames(1)
    assert st.status[0] == C.FORFEIT
    assert m.show_hint is None               # the box went with the countdown
    seen = texts_drawn(monkeypatch)
    hints = last_footer(h, got)
    assert not any(s.startswith("Best grid") for s in seen), seen
    assert hints == (("B", "Pause"),)
    before = repr(st.to_dict())
    h.press(api.KEY_A)                       # not offered: changes nothing
    assert repr(st.to_dict()) == before and m.show_hint is None
    h.press(api.KEY_B)                       # as offered: pauses
    assert m.paused


# -- Cubo against bots: each round starts on a visible count-in ------------------------------
def signal_texts(seen):
    return [s for s in seen if s in ("Ready?", "3", "2", "1", "Cubo!")]


def test_round_one_waits_for_the_player_then_counts_in_before_anyone_rolls(
        tmp_path, monkeypatch):
    from app.games.cubo import play as M
    h, m = new_match(tmp_path, ("hard", "hard"))
    st = m.state
    got = footers(monkeypatch)
    seen = texts_drawn(monkeypatch)
    h.frames(300)                            # 10 s reading the screen: nobody rolls
    assert st.status == [C.WAITING] * 3 and m.game_time(h.clock) == 0
    redraw(h)
    assert "Ready?" in seen and "Press A when ready: 3-2-1-Cubo!" in seen
    assert last_footer(h, got) == (("A", "Start"), ("B", "Pause"))
    h.press(api.KEY_X)                       # only A starts it
    h.press(api.KEY_Y)
    assert m.ready and st.status == [C.WAITING] * 3
    del seen[:]
    h.press(api.KEY_A)                       # ready
    shown = []
    rolled = None
    for i in range(M.COUNT_IN_MS // 33 + 40):
        if i == 10:
            h.press(api.KEY_A)               # A during the count-in does not roll
            assert st.status[0] == C.WAITING
        for s in signal_texts(seen):
            if not shown or shown[-1] != s:
                shown.append(s)
        del seen[:]
        if rolled is None and any(s != C.WAITING for s in st.status[1:]):
            rolled = list(shown)
        h.frames(1)
    assert shown[:4] == ["3", "2", "1", "Cubo!"], shown
    assert rolled is not None and rolled[-1] == "Cubo!", rolled   # bots after "Cubo!" only
    assert last_footer(h, got) == (("A", "Roll"), ("B", "Pause"))
    h.press(api.KEY_A)
    assert st.status[0] == C.ARRANGING       # A rolls after "Cubo!"


def test_every_later_round_counts_in_after_the_summary(tmp_path, monkeypatch):
    from app.games.cubo import play as M
    h, m = new_match(tmp_path, ("medium",))
    st = m.state
    count_in(h, m)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)                       # call at once
    for _ in range(3000):
        if m.summary is not None:
            break
        if st.phase == C.PLAY and st.status[0] == C.CALLED and st.next_taker() == 0:
            h.press(api.KEY_A)
        elif st.phase == C.SCORING and st.scorer == 0:
            h.press(api.KEY_X)               # keep
        else:
            h.frames(1)
    assert m.summary is not None and st.round == 1
    seen = texts_drawn(monkeypatch)
    while m.summary is not None:
        h.frames(M.SUMMARY_GUARD_MS // 33 + 1)
        h.press(api.KEY_A)
    gt = m.game_time(h.clock)
    h.frames(M.COUNT_IN_MS // 33 - 5)
    assert st.status == [C.WAITING] * 2 and m.game_time(h.clock) == gt   # clock stopped
    shown = []
    for s in signal_texts(seen):
        if not shown or shown[-1] != s:
            shown.append(s)
    assert shown == ["3", "2", "1"], shown
    h.frames(10)
    assert m.count_at is None and "Cubo!" in seen
    h.frames(60)
    assert st.status[1] != C.WAITING         # then the bot plays


def test_the_count_in_keeps_a_seeded_game_the_same(tmp_path):
    """The same seed and presses at the same frames: the same game, action for action
    (the count-in shifts the bots on the app clock, not on the game clock)."""
    def play(d):
        h, m = new_match(d, ("medium", "hard"), seed=11)
        count_in(h, m)
        h.press(api.KEY_A)
        h.frames(200)
        h.press(api.KEY_Y)
        h.frames(200)
        return m.rec.n, repr(m.state.to_dict())
    assert play(tmp_path / "one") == play(tmp_path / "two")
