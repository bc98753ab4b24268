"""Coloretto through the real app: a whole hot-seat game of a human and bots played with
buttons to the end, joker colours included; illegal moves refused with the rules'
message and nothing changed; pause and quit; the setup screen; a bots-only game to
the ranking."""
from hal import api
from shared_rules.coloretto import rules as C
from tests.apphelpers import Harness
from app.games.coloretto.play import ColorettoPlay, TABLE, SUMMARY, ASSIGN, FINAL


def start(tmp_path, kinds=("human", "greedy", "strong"), seed=3, options=None):
    h = Harness(tmp_path)
    names = [("ANNA", "BEN", "CLARA")[i] if kinds[i] == "human" else "BOT%d" % i
             for i in range(len(kinds))]
    m = ColorettoPlay(h.app, list(kinds), names, options or {}, seed)
    m.t_bot, m.t_summary = 100, 60
    h.app.push(m)
    h.frames(1)
    return h, m


def move_cursor(h, m, r):
    while m.cursor != r:
        h.press(api.DOWN)


def human_step(h, m, log):
    """A simple human: takes a row holding a joker, else draws and places the card on
    the first open row; takes the fullest row when nothing can be drawn."""
    st = m.st
    if m.view == SUMMARY:
        log.append("summary")
        h.press(api.KEY_A)
        return
    if not m.human_turn():
        h.frames(2)
        return
    if m.view == ASSIGN:
        log.append("assign")
        p = st.turn
        best = st.best_assignment(p)
        assert tuple(sorted(m.jokers)) == best  # the optimal colours preselected
        h.press(api.RIGHT)
        other = m.assigned_colours()
        assert other != best
        assert st.score_with(p, other) <= st.score_with(p, best)
        h.press(api.KEY_Y)  # back to the best
        assert m.assigned_colours() == best
        h.press(api.RIGHT)
        h.press(api.LEFT)
        h.press(api.KEY_A)
        assert st.assigned[p] == best
        return
    if st.phase == C.PHASE_TURN:
        rows = [r for r in range(len(st.rows)) if st.taker[r] < 0 and st.rows[r]]
        joker = [r for r in rows if C.JOKER in st.rows[r]]
        if joker or not st.can_draw():
            r = joker[0] if joker else max(rows, key=lambda r: len(st.rows[r]))
            move_cursor(h, m, r)
            n = len(st.rows[r])
            h.press(api.KEY_A)
            assert m.message == ""
            assert m.taken[0] and len(m.taken[0]) == n or m.view != TABLE
        else:
            h.press(api.KEY_Y)
            assert st.phase == C.PHASE_PLACE
        return
    r = st.open_rows()[0]
    move_cursor(h, m, r)
    n = len(st.rows[r])
    h.press(api.KEY_A)
    assert m.message == "" and len(st.rows[r]) == n + 1


def test_whole_game_with_buttons_to_the_ranking(tmp_path):
    h, m = start(tmp_path, seed=3)
    log = []
    for _ in range(6000):
        if m.view == FINAL:
            break
        human_step(h, m, log)
    assert m.view == FINAL and m.st.is_terminal()
    assert "summary" in log and "assign" in log
    for q in range(3):
        assert m.st.assigned[q] is not None or not m.st.coll[q][C.JOKER]
    h.press(api.KEY_X)  # every collection
    assert m.others
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # done: back to the menu
    assert h.top_name() == "MainMenu"


def test_illegal_moves_show_the_rules_message_and_change_nothing(tmp_path):
    h, m = start(tmp_path, kinds=("human", "human"), seed=1)
    st = m.st
    assert st.cap == [1, 2, 3]
    # taking an empty row
    move_cursor(h, m, 0)
    snap = st.to_dict()
    h.press(api.KEY_A)
    assert m.message == "row 1 is empty: only a row with cards can be taken"
    assert st.to_dict() == snap
    # draw and place on row 1 (room for one card), then the next player can't
    h.press(api.KEY_Y)
    move_cursor(h, m, 0)
    h.press(api.KEY_A)
    assert m.message == "" and len(st.rows[0]) == 1
    h.press(api.KEY_Y)
    snap = st.to_dict()
    move_cursor(h, m, 0)
    h.press(api.KEY_A)
    assert m.message == "row 1 is full (1 card)"
    assert st.to_dict() == snap and st.phase == C.PHASE_PLACE
    h.press(api.KEY_Y)  # drawing twice
    assert "place the drawn card first" in m.message
    assert st.to_dict() == snap
    h.press(api.DOWN)
    h.press(api.KEY_A)
    assert m.message == "" and len(st.rows[1]) == 1


def test_pause_stops_the_bots_resume_and_quit(tmp_path):
    h, m = start(tmp_path, kinds=("greedy", "strong", "random"), seed=2)
    h.frames(20)
    h.press(api.KEY_B)
    assert m.paused
    snap = m.st.to_dict()
    h.frames(50)
    assert m.st.to_dict() == snap
    h.press(api.KEY_A)
    assert not m.paused
    h.frames(50)
    assert m.st.to_dict() != snap
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu"


def test_setup_screen_starts_a_game(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Coloretto")
    assert h.top_name() == "ColorettoSetup"
    s = h.app.top()
    h.press(api.DOWN)
    h.press(api.RIGHT)  # 4 players
    assert s.setup["players"] == 4 and len(s.items) == 2 + 4 + 2 + 1   # + How to play
    h.press(api.KEY_Y)
    assert h.top_name() == "ColorettoPlay"
    m = h.app.top()
    assert m.st.num_players == 4 and m.kinds == ["human", "greedy", "strong", "random"]
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu"


def test_bots_only_demo_reaches_the_ranking(tmp_path):
    from app import games
    h = Harness(tmp_path)
    games.load("coloretto").demo(h.app, 7)
    m = h.app.top()
    assert type(m).__name__ == "ColorettoPlay" and m.humans == 0
    m.t_bot, m.t_summary = 30, 60
    for _ in range(20000):
        if m.view == FINAL:
            break
        h.frames(1)
    assert m.view == FINAL and m.st.is_terminal()
    h.frames(100)  # the ranking stays up
    assert h.top_name() == "ColorettoPlay"
