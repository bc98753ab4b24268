"""Cubo's UX items of issue 16, through the real app: the setup's keys, options and
memory, the bots' pace, summaries a key cannot skip unseen, the visible scoring swap,
the hint that leaves the countdown in view, the hidden grid while paused, table mode
resuming at the round's stage, and "Took which?" moved with up/down."""
from hal import api
from shared_rules.cubo import rules as C
from shared_rules.cubo import table as CT
from shared_rules.cubo.bots import CuboBot
from tests.apphelpers import Harness, texts_drawn
from app.games.cubo import play as M
from app.games.cubo import table as T
from app import font
from app.games.cubo.play import CuboMatch

OPTS = {"keep_swaps": True, "runs_any_order": False, "yellow": False}


def frame(h):
    return bytes(h.hal.display.buf)


def redraw(h):
    h.app.invalidate()
    h.frames(1)


def open_setup(h):
    h.open_menu_item("Cubo")
    assert h.top_name() == "CuboSetup"
    return h.app.top()


def row(setup, label):
    return [it.label() for it in setup.items].index(label)


def go_to(h, setup, label):
    while setup.items[setup.index].label() != label:
        h.press(api.DOWN)


# -- the setup screen ---------------------------------------------------------------------
def test_setup_footer_keys_do_what_they_say(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    seen = texts_drawn(monkeypatch)
    setup = open_setup(h)
    redraw(h)
    assert "Set" in seen and "Start" in seen and "Back" in seen
    assert setup.items[setup.index].label() == "Mode"
    h.press(api.RIGHT)                       # left/right change the row's value
    assert setup.store.get("mode") == "table" and h.top_name() == "CuboSetup"
    h.press(api.LEFT)
    h.press(api.KEY_A)                       # A on an option changes it, never starts
    assert setup.store.get("mode") == "table" and h.top_name() == "CuboSetup"
    h.press(api.KEY_A)
    assert setup.store.get("mode") == "bots"
    h.press(api.KEY_B)                       # B goes back
    assert h.top_name() == "MainMenu"
    setup = open_setup(h)
    h.press(api.KEY_Y)                       # Y starts from any row
    assert h.top_name() == "CuboMatch"


def test_yellow_c_replaces_is_offered_and_reaches_the_game(tmp_path):
    h = Harness(tmp_path)
    setup = open_setup(h)
    assert "C replaces" not in [it.label() for it in setup.items]
    go_to(h, setup, "Yellow dice")
    h.press(api.RIGHT)
    go_to(h, setup, "C replaces")
    h.press(api.RIGHT)
    h.press(api.RIGHT)
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "CuboMatch"
    assert m.state.options["yellow"] is True and m.state.options["yellow_c_replaces"] == 3


def test_setup_remembers_the_last_one_and_bot_pace_reaches_the_bots(tmp_path):
    h = Harness(tmp_path)
    setup = open_setup(h)
    go_to(h, setup, "Bots")
    h.press(api.RIGHT)                       # 3 bots
    go_to(h, setup, "Bot pace")
    h.press(api.RIGHT)                       # slow
    go_to(h, setup, "Runs")
    h.press(api.RIGHT)
    h.press(api.KEY_Y)
    m = h.app.top()
    assert len(m.agents) == 4 and all(a.pace == 200 for a in m.agents[1:])
    assert m.rec.info["meta"]["pace"] == "slow"
    h.press(api.KEY_B)
    h.press(api.KEY_X)                       # quit
    h.press(api.KEY_A)                       # confirm
    setup = open_setup(h)
    v = setup.store.values
    assert v["bots"] == 3 and v["pace"] == "slow" and v["runs_any_order"] is True
    h2 = Harness(tmp_path / "other")
    assert open_setup(h2).store.values["bots"] == 2


def test_a_slow_pace_doubles_the_bots_thinking_not_the_countdown():
    def first_roll(pace):
        st = C.CuboState(2, 4, dict(OPTS))
        bot = CuboBot("medium", 11, pace)
        for t in range(0, 20000, 5):
            if bot.act(st, 1, t) is not None:
                return t
    normal, slow = first_roll(100), first_roll(200)
    assert normal is not None and 2 * normal - 10 <= slow <= 2 * normal + 10
    assert C.COUNTDOWN_MS == 6000


# -- the match -------------------------------------------------------------------------------
def start_match(tmp_path, levels=("medium",), seed=3):
    """A match with round 1 started: the player's A and the count-in to "Cubo!"."""
    h = Harness(tmp_path)
    h.app.push(CuboMatch(h.app, list(levels), dict(OPTS), seed))
    h.frames(1)
    h.press(api.KEY_A)
    h.frames(M.COUNT_IN_MS // 33 + 1)
    assert h.app.top().count_at is None
    return h, h.app.top()


def test_a_round_the_player_never_rolled_says_so_and_the_summary_waits(tmp_path, monkeypatch):
    h, m = start_match(tmp_path, ("hard",))
    for _ in range(3000):
        if m.summary is not None:
            break
        h.frames(1)
    assert m.summary is not None and m.state.history[0] == [0]
    assert m.summary[5] == M.NO_ROLL and m.summary[0] == 1
    seen = texts_drawn(monkeypatch)
    redraw(h)
    assert M.NO_ROLL in seen
    # the joystick press (Hint while arranging) never goes on; A does, after a moment
    h.press(api.PRESS)
    h.press(api.KEY_A)
    assert m.summary is not None
    h.frames(M.SUMMARY_GUARD_MS // 33 + 1)
    h.press(api.KEY_A)
    assert m.summary is None and m.state.round == 1


def reach_my_swap(h, m):
    for _ in range(4000):
        st = m.state
        if m.my_swap_step():
            return
        if m.summary is not None:
            h.frames(M.SUMMARY_GUARD_MS // 33 + 1)
            h.press(api.KEY_A)
        elif st.phase == C.PLAY and st.status[0] == C.WAITING:
            h.press(api.KEY_A)
        elif st.phase == C.PLAY and st.status[0] == C.ARRANGING:
            h.press(api.KEY_Y)               # call at once
        elif st.phase == C.PLAY and st.status[0] == C.CALLED and st.next_taker() == 0:
            h.press(api.KEY_A)
        else:
            h.frames(1)
    raise AssertionError("never reached the swap step")


def test_the_scoring_swap_shows_cursor_preview_and_the_joker_refusal(tmp_path, monkeypatch):
    h, m = start_match(tmp_path, ("easy",))
    reach_my_swap(h, m)
    h.frames(2)
    assert m.cursor == m.best_cell()         # the cursor is there before any key
    seen = texts_drawn(monkeypatch)
    redraw(h)
    assert any(s.startswith("now ") for s in seen) and any(s.startswith("best: ") for s in seen)
    moves = 0
    while m.cursor != C.CENTRE and moves < 9:
        before = frame(h)
        h.press(api.RIGHT if m.cursor % 3 != 1 else api.DOWN)
        assert frame(h) != before, "an arrow changed nothing on screen"
        moves += 1
    if m.cursor != C.CENTRE:
        m.cursor = C.CENTRE
    before = frame(h)
    del seen[:]
    h.press(api.KEY_A)                       # A on the joker: refused, and it shows
    assert m.my_swap_step() and "Never the joker" in m.message
    assert any("Never the joker" in s for s in seen)
    h.press(api.RIGHT)
    h.press(api.KEY_A)
    assert not m.my_swap_step()


def test_the_hint_leaves_the_panel_and_explains_its_numbers(tmp_path, monkeypatch):
    h, m = start_match(tmp_path, ("easy",))
    h.press(api.KEY_A)                       # roll
    h.frames(30)
    redraw(h)
    before = frame(h)
    seen = texts_drawn(monkeypatch)
    h.press(api.PRESS)                       # the hint
    assert m.show_hint is not None
    after = frame(h)
    for y in range(30, 218):
        row0 = y * 240
        assert before[row0 + M.PANEL_X:row0 + 240] == after[row0 + M.PANEL_X:row0 + 240]
    assert any(s.startswith("Best grid: ") for s in seen)
    assert any(s.startswith("yours now: ") for s in seen)


def test_pause_hides_the_grid(tmp_path):
    h, m = start_match(tmp_path, ("easy",))
    h.press(api.KEY_A)
    h.frames(30)

    def left_strip():
        f = frame(h)
        return [f[y * 240 + x] for y in range(36, 190) for x in range(4, 28)]
    assert any(p != 0 for p in left_strip())
    h.press(api.KEY_B)
    assert m.paused and all(p == 0 for p in left_strip())
    h.press(api.KEY_A)
    assert not m.paused and any(p != 0 for p in left_strip())


# -- table mode -----------------------------------------------------------------------------
def start_table(tmp_path, players=2):
    h = Harness(tmp_path)
    h.app.push(T.CuboTable(h.app, players, dict(OPTS), 9))
    h.frames(1)
    return h, h.app.top()


def resumed(tmp_path):
    h2 = Harness(tmp_path)
    assert h2.top_name() == "ResumeScreen"
    h2.press(api.KEY_A)
    return h2, h2.app.top()


def test_table_resumes_at_the_rounds_stage(tmp_path):
    h, t = start_table(tmp_path)
    h.press(api.KEY_A)                       # round 1: points for both
    h.frames(25)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)
    for _ in range(2):
        h.press(api.DOWN)
        h.press(api.KEY_A)
        h.press(api.UP)
        h.press(api.KEY_A)
    h.press(api.KEY_A)                       # round 2
    assert t.phase == T.CENTRE_ROLL and not t.revealed
    h.press(api.KEY_A)                       # the centre shown
    h.frames(25)
    centre = list(t.state.centre)
    h2, t2 = resumed(tmp_path)
    assert t2.phase == T.CENTRE_ROLL and t2.revealed and t2.state.centre == centre
    assert t2.round_shown == 2
    h2.press(api.KEY_A)                      # the start signal
    assert t2.phase == T.PLAYING
    h2.frames(60)
    h3, t3 = resumed(tmp_path)
    assert t3.phase == T.PLAYING and t3.revealed and t3.state.centre == centre
    h3.frames(40)
    assert t3.phase == T.PLAYING             # the clock runs
    h3.press(api.KEY_X)                      # the countdown
    h4, t4 = resumed(tmp_path)
    assert t4.phase == T.PICK and t4.player() == 1 and t4.state.stage == 3


def test_took_which_moves_with_up_and_down(tmp_path, monkeypatch):
    h, t = start_table(tmp_path)
    h.press(api.KEY_A)
    h.frames(25)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)
    h.press(api.KEY_A)                       # enter the grid
    for i in range(9):
        t.cursor = i
        h.press(api.KEY_A)
    h.press(api.PRESS)
    assert t.phase == T.TAKEN and t.cursor == 0
    seen = texts_drawn(monkeypatch)
    redraw(h)
    assert font.UP + font.DOWN in seen
    before = frame(h)
    h.press(api.DOWN)
    assert t.cursor == 1 and frame(h) != before
    h.press(api.UP)
    assert t.cursor == 0
    h.press(api.UP)
    assert t.cursor == 4                     # "none", at the list's end
    assert CT.KIND_NAMES[CT.SHOW] == "show"


def test_the_countdowns_second_gets_a_frame_on_time_off_the_grid(tmp_path):
    # App.rest wakes for the top screen's wake_in (CuboMatch: the countdown's next
    # second), so its LEDs and beep change then on every linked device, not a grid turn later
    from tests.apphelpers import Harness
    h = Harness(tmp_path)
    app = h.app

    class Screen:
        def __init__(self, ms):
            self.ms = ms

        def wake_in(self, now):
            return self.ms

    waited = []
    now = 100
    for ms, wait in ((7, 7), (None, 28), (50, 28)):
        app.stack.append(Screen(ms))
        due = app.rest(h.hal.ticks_ms(), waited.append, now, 0)
        app.stack.pop()
        assert due == 128 and waited.pop() == wait
