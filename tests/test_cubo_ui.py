"""Cubo through the real app: a whole match against bots played with buttons, the
countdown catching the human, illegal moves refused, and table mode end to end
(entry validation, swaps, scoring, six rounds, shared ranking, countdown mashing)."""
from hal import api
from shared_rules.cubo import rules as C
from shared_rules.cubo.score import score_grid
from shared_rules.rng import Rng
from tests.apphelpers import Harness
from app.games.cubo.play import CuboMatch, COUNT_IN_MS
from app.games.cubo import table as T
from app import gamelog, savegame
from shared_rules import records, verify
from shared_rules.cubo import table as CT


def start_match(tmp_path, levels=("medium", "medium"), seed=3):
    """A match with round 1 started: the player's A and the count-in to "Cubo!"."""
    h = Harness(tmp_path)
    h.app.push(CuboMatch(h.app, list(levels), {"keep_swaps": True, "runs_any_order": False,
                                                "yellow": False}, seed))
    h.frames(1)
    h.press(api.KEY_A)
    h.frames(COUNT_IN_MS // 33 + 1)
    assert h.app.top().count_at is None
    return h, h.app.top()


def human_turn(h, m, lazy=False):
    """One input for the human, as a player who takes the hint and calls at once."""
    st = m.state
    if m.summary is not None:
        h.press(api.KEY_A)
        return
    if st.phase == C.SCORING and st.scorer == 0:
        h.press(api.KEY_A)  # swap where the cursor starts (the best cell) or name the C
        if st.phase == C.SCORING and st.scorer == 0 and m.cursor == C.CENTRE:
            h.press(api.KEY_X)
        return
    if st.phase == C.PLAY:
        s = st.status[0]
        if s == C.WAITING:
            h.press(api.KEY_A)
        elif s == C.ARRANGING and not lazy:
            h.press(api.PRESS)
            h.press(api.KEY_A)
            h.press(api.KEY_Y)
        elif s == C.CALLED and st.next_taker() == 0:
            h.press(api.KEY_A)
    h.frames(3)


def test_a_whole_match_with_buttons(tmp_path):
    h, m = start_match(tmp_path)
    for _ in range(6000):
        if h.top_name() != "CuboMatch":
            break
        human_turn(h, m)
    assert h.top_name() == "MainMenu", "the match did not end"
    st = m.state
    assert st.is_terminal()
    assert all(len(st.history[p]) == 6 for p in range(3))
    assert st.scores() == [sum(st.history[p]) for p in range(3)]
    # the hint arranged optimally and the human always called first or close: never a forfeit
    assert st.totals[0] > 0


def test_countdown_catches_a_human_who_never_calls(tmp_path):
    h, m = start_match(tmp_path, ("hard", "hard"))
    st = m.state
    h.press(api.KEY_A)  # roll, then do nothing
    lit = set()
    for _ in range(1200):
        h.frames(1)
        if st.deadline is not None:
            lit.add(sum(1 for c in h.hal.leds.pixels[:6] if c != (0, 0, 0)))
        if m.summary is not None or st.status[0] == C.FORFEIT:
            break
    assert st.status[0] == C.FORFEIT or st.history[0][0] == 0
    assert {1, 2, 3, 4, 5, 6} <= lit, lit  # six LEDs went out one a second


def test_illegal_moves_are_refused_with_a_message(tmp_path):
    h, m = start_match(tmp_path, ("hard",))
    st = m.state
    h.press(api.KEY_A)  # roll
    before = st.grid(0)
    m.cursor = C.CENTRE
    h.press(api.KEY_A)
    assert "joker" in m.message and st.grid(0) == before
    for _ in range(600):  # let the bot call
        h.frames(1)
        if st.calls:
            break
    assert st.calls
    rolls = st.rolls(0)
    h.press(api.KEY_X)
    assert st.rolls(0) == rolls and "reroll" in m.message.lower()


def test_pause_freezes_the_game_clock_and_quits(tmp_path):
    h, m = start_match(tmp_path, ("hard",))
    h.press(api.KEY_B)
    assert m.paused
    t = m.game_time(h.app.now)
    h.frames(200)
    assert m.game_time(h.app.now) == t
    assert m.state.status[1] == C.WAITING  # the bot did not move either
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu"


# -- table mode --------------------------------------------------------------------------
def start_table(tmp_path, players=2, keep_swaps=True):
    h = Harness(tmp_path)
    h.app.push(T.CuboTable(h.app, players, {"keep_swaps": keep_swaps, "runs_any_order": False,
                                            "yellow": False}, 9))
    h.frames(1)
    return h, h.app.top()


def play_to_entries(h, t):
    h.press(api.KEY_A)        # roll the centre
    h.frames(30)
    h.press(api.KEY_A)        # start signal
    h.frames(10)
    h.press(api.KEY_X)        # countdown
    h.frames(6 * 31 + 60)     # six seconds, then CUBO
    assert t.phase == T.PICK


def enter_grid(h, t, values, reds):
    h.press(api.KEY_A)  # "Enter the grid"
    assert t.phase == T.GRID
    for i in range(9):
        t.cursor = i
        for _ in range(values[i]):
            h.press(api.KEY_A)
        if i != 4 and (t.default_colour(i) == "R") != (i in reds):
            h.press(api.KEY_X)


def test_table_countdown_leds_beeps_and_mashing(tmp_path):
    h, t = start_table(tmp_path)
    h.press(api.KEY_A)
    h.frames(30)
    h.press(api.KEY_A)
    h.frames(5)
    tones = h.hal.buzzer.tones
    h.press(api.KEY_X)
    rng = Rng(1)
    lit = []
    while t.phase == T.COUNTING:
        for _ in range(3):
            h.hal.buttons.inject(api.event(api.PRESSED, rng.below(api.NUM_BUTTONS)))
        h.frames(1)
        lit.append(sum(1 for c in h.hal.leds.pixels[:6] if c != (0, 0, 0)))
    assert t.phase == T.CUBO
    assert lit[0] == 6 and min(lit) == 1 and sorted(set(lit)) == [1, 2, 3, 4, 5, 6]
    assert t.state.round == 0 and t.state.totals == [0, 0]   # mashing changed nothing
    h.frames(60)
    assert h.hal.buzzer.tones - tones == 6 + 4   # six beeps and the four-note CUBO tune
    assert t.phase == T.PICK


def test_table_refuses_impossible_grids(tmp_path):
    h, t = start_table(tmp_path, keep_swaps=False)
    play_to_entries(h, t)
    h.press(api.KEY_A)
    t.cursor = 0
    h.press(api.KEY_A)
    h.press(api.PRESS)
    assert t.phase == T.GRID and "empty" in t.message
    enter_grid(h, t, [1] * 9, reds={0, 1, 2, 3, 5})  # 5 red, 3 blue
    # enter_grid starts a new entry only from PICK; here we are still in GRID: redo cells
    h.press(api.PRESS)
    assert t.phase == T.GRID and "4 red and 4 blue" in t.message
    t.cursor = 4
    h.press(api.KEY_X)
    assert "joker" in t.message


def test_table_round_with_swap_scoring_and_points(tmp_path):
    h, t = start_table(tmp_path)
    play_to_entries(h, t)
    values = [6, 5, 4, 3, 6, 3, 4, 5, 6]
    enter_grid(h, t, values, reds={0, 2, 6, 8})
    cells = list(t.cells)
    h.press(api.PRESS)
    assert t.phase == T.TAKEN and t.roll_best[0] >= score_grid(cells)
    h.press(api.KEY_A)            # took the first centre die
    assert t.phase == T.SWAP
    best_cell = t.best_cell
    h.press(api.KEY_A) if best_cell is not None else h.press(api.KEY_X)
    assert t.phase == T.CARD
    h.frames(120)
    first = t.state.history[0][0]  # round 1: player 1 starts
    assert first == score_grid(t.card.cells) and first >= score_grid(cells)
    h.press(api.KEY_A)
    assert t.phase == T.PICK
    h.press(api.DOWN)
    h.press(api.KEY_A)            # points
    for _ in range(2):
        h.press(api.RIGHT)        # +20
    h.press(api.UP)               # +1
    h.press(api.KEY_A)
    assert t.phase == T.ROUND
    assert t.state.history[1] == [21]


def test_table_six_rounds_shared_win(tmp_path):
    h, t = start_table(tmp_path, players=3)
    for r in range(6):
        assert t.state.round == r
        h.press(api.KEY_A)
        h.frames(25)
        h.press(api.KEY_A)
        h.press(api.KEY_Y)        # score now (no countdown this round)
        for _ in range(3):
            pts = 10 if t.player() < 2 else 5
            h.press(api.DOWN)
            h.press(api.KEY_A)    # points
            h.press(api.RIGHT) if pts == 10 else [h.press(api.UP) for _ in range(5)]
            h.press(api.KEY_A)
        assert t.phase == T.ROUND
        h.press(api.KEY_A)
    assert t.phase == T.FINAL
    assert sorted(t.state.totals) == [30, 60, 60]
    assert not hasattr(t, "totals") and not hasattr(t, "history")  # the state's, not a copy
    h.press(api.KEY_A)
    assert h.top_name() == "MainMenu"
    # the finished game is in the log, and the host's verifier accepts it
    assert savegame.pending(h.hal.storage) is None
    log = gamelog.shared(h.hal.storage)
    rec = records.decode(log.get(log.last))
    assert rec["game"] == "cubo_table" and rec["players"] == t.names
    assert rec["scores"] == t.state.scores() and rec["meta"] == {"table": True}
    # 18 entries, and each round's show, start signal and stop
    assert len(rec["actions"]) == 36 and verify.verify(rec) == (True, "")
    h.open_menu_item("History")
    assert h.app.top().items[0].label() == "#1 Cubo (table)"


def enter_points(h, pts):
    h.press(api.DOWN)
    h.press(api.KEY_A)
    for _ in range(pts):
        h.press(api.UP)
    h.press(api.KEY_A)


def test_table_started_from_the_setup_saves_every_step(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Cubo")
    h.press(api.RIGHT)                    # Mode: Table
    setup = h.app.top()
    while setup.items[setup.index].label() != "Start game":
        h.press(api.DOWN)
    h.press(api.KEY_A)
    assert h.top_name() == "CuboTable"
    t = h.app.top()
    assert t.state.num_players == 3 and t.state.options == {
        "keep_swaps": True, "runs_any_order": False, "yellow": False}
    h.press(api.KEY_A)                    # show the centre: saved, so a resume shows it
    assert savegame.pending(h.hal.storage)["actions"] == [(0, CT.SHOW, 0)]
    h.press(api.KEY_X)                    # flip the first die's colour
    h.press(api.KEY_Y)                    # reroll
    assert [d[1] for d in t.state.centre] == ["B", "R", "B", "B"]
    h.press(api.KEY_A)
    h.press(api.KEY_Y)                    # score now
    enter_points(h, 7)
    enter_points(h, 3)
    saved = savegame.pending(h.hal.storage)
    assert saved["game"] == "cubo_table" and saved["meta"] == {"table": True}
    assert saved["actions"] == [(0, CT.SHOW, 0), (0, CT.FLIP, 0), (0, CT.REROLL, 0),
                                (0, CT.SIGNAL, 0), (0, CT.STOP, 0), (0, CT.POINTS, 7),
                                (1, CT.POINTS, 3)]
    # a correction through the pause box: player 2 enters again
    h.press(api.KEY_B)
    h.press(api.KEY_Y)
    assert t.player() == 1 and t.state.totals == [7, 0, 0]
    assert savegame.pending(h.hal.storage)["actions"][-1] == (2, CT.UNDO, 1)
    # quitting drops the save: an unfinished game is not recorded
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu" and savegame.pending(h.hal.storage) is None
    assert gamelog.shared(h.hal.storage).last == 0


def test_table_resumes_after_a_power_cut(tmp_path):
    h, t = start_table(tmp_path, players=3)
    h.press(api.KEY_A)
    h.frames(25)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)
    for pts in (5, 6, 7):                 # round 1
        enter_points(h, pts)
    h.press(api.KEY_A)                    # round 2
    h.press(api.KEY_A)
    h.press(api.KEY_X)                    # a flip before the entries
    h.frames(25)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)
    enter_points(h, 4)                    # the round's start player (player 2)
    before = t.state.to_dict()
    h2 = Harness(tmp_path)                # the power went; a new boot over the same flash
    assert h2.top_name() == "ResumeScreen"
    assert h2.app.top().items[0].label() == "Resume Cubo (table)"
    h2.press(api.KEY_A)
    t2 = h2.app.top()
    assert type(t2).__name__ == "CuboTable" and t2.state.to_dict() == before
    assert t2.names == t.names and t2.phase == T.PICK and t2.player() == 2
    enter_points(h2, 2)
    enter_points(h2, 1)
    assert t2.phase == T.ROUND and t2.state.history == [[5, 1], [6, 4], [7, 2]]
    assert savegame.pending(h2.hal.storage)["actions"][-1] == (0, CT.POINTS, 1)


def test_menu_cursor_comes_back_where_it_was_after_a_game(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Kocka 10000")
    h.press(api.KEY_Y)                    # start with the default seats
    assert h.top_name() == "Kocka10000Play"
    h.press(api.KEY_B)
    h.press(api.KEY_X)                    # quit from the pause box
    h.press(api.KEY_A)                    # confirm the quit
    assert h.top_name() == "MainMenu"
    menu = h.app.top()
    assert menu.items[menu.index].label() == "Kocka 10000"


def test_rolling_frames_redraw_only_the_grid_and_equal_a_whole_redraw(tmp_path):
    """While the dice tumble (and nothing else changes) a frame redraws just the grid
    and its line tags (30 frames a second on the device); the frame is the very one a
    whole redraw makes."""
    h, m = start_match(tmp_path)
    h.frames(40)                        # the bots have rolled
    partial = []
    real = m.draw_table

    def spy(fb, now, clear=False):
        if clear:
            partial.append(now)
        return real(fb, now, clear)
    m.draw_table = spy
    h.press(api.KEY_A)                  # roll
    assert m.state.status[0] == C.ARRANGING
    for _ in range(25):
        n = len(partial)
        h.frames(1)
        if len(partial) > n:
            shown = bytes(h.hal.display.buf)
            h.app.draw()                # the whole frame, drawn afresh
            assert bytes(h.hal.display.buf) == shown
    assert len(partial) >= 10
    # a key or a bot's move redraws everything
    n = len(partial)
    h.press(api.KEY_B)
    assert m.paused and len(partial) == n


def test_another_players_swap_needs_no_redraw(tmp_path):
    """A bot's swap does not redraw the screen (the Pico's frame budget goes to the
    tumbling dice): the screen after it is the very one a whole redraw makes."""
    h, m = start_match(tmp_path)
    h.press(api.KEY_A)                  # the human rolls and leaves the grid as it is
    swaps = []
    real = m.do

    def do(a):
        if a[1] == C.SWAP and a[0] != m.me:
            swaps.append(a)
        return real(a)
    m.do = do
    checked = 0
    for _ in range(400):
        n = len(swaps)
        pushed = h.app.tick(h.clock + 33)
        h.clock += 33
        if len(swaps) > n and not pushed:
            shown = bytes(h.hal.display.buf)
            h.app.draw()
            assert bytes(h.hal.display.buf) == shown
            checked += 1
        if m.summary is not None or checked >= 3:
            break
    assert checked >= 1
