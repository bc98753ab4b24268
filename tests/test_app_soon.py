"""A press that changes the screen is answered in its own frame (App.soon): that frame
shows "Loading..." over the current screen, and the slow work (the new screen's code
loading from flash, the game log written) runs at the start of the next one. Presses
that come in between go to the new screen, in order."""
from hal import api
from app import font
from tests.apphelpers import Harness, texts_drawn

LOADING = "Loading" + font.ELLIPSIS


def test_opening_a_game_shows_loading_first_then_its_setup(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    assert h.top_name() == "MainMenu"
    seen = texts_drawn(monkeypatch)
    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_A))  # Cubo, the first row
    h.frames(1)
    assert h.top_name() == "MainMenu" and h.app.pending is not None
    assert LOADING in seen
    del seen[:]
    h.frames(1)
    assert h.top_name() == "CuboSetup" and h.app.pending is None
    assert LOADING not in seen


def test_presses_after_it_go_to_the_new_screen_in_order(tmp_path):
    h = Harness(tmp_path)
    h.press(api.DOWN)  # Kocka 10000
    for kind, b in ((api.PRESSED, api.KEY_A), (api.RELEASED, api.KEY_A),
                    (api.PRESSED, api.DOWN), (api.RELEASED, api.DOWN)):
        h.hal.buttons.inject(api.event(kind, b))
    h.frames(1)
    assert h.top_name() == "MainMenu" and h.app.menu_index == 1  # the DOWN waited
    h.frames(1)
    setup = h.app.top()
    assert h.top_name() == "Kocka10000Setup" and setup.index == 1


def test_a_game_starts_in_the_frame_after_play(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    h.press(api.DOWN)
    h.press(api.KEY_A)
    assert h.top_name() == "Kocka10000Setup"
    seen = texts_drawn(monkeypatch)
    h.press(api.KEY_Y)  # Y starts the game from any row of a setup
    assert h.top_name() == "Kocka10000Play"
    assert LOADING in seen


def test_quitting_a_game_is_answered_before_the_menu_loads(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    h.press(api.DOWN)
    h.press(api.KEY_A)
    h.press(api.KEY_Y)
    game = h.app.top()
    h.press(api.KEY_B)   # pause
    h.press(api.KEY_X)   # quit?
    assert h.top_name() == "QuitConfirm"
    seen = texts_drawn(monkeypatch)
    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_A))
    h.hal.buttons.inject(api.event(api.RELEASED, api.KEY_A))
    h.frames(1)
    assert h.app.top() is game and LOADING in seen
    h.frames(1)
    assert h.top_name() == "MainMenu"


def test_run_does_not_sleep_before_the_work(tmp_path):
    h = Harness(tmp_path)
    waits = []
    stop = []

    def wait(ms):
        waits.append((ms, h.app.pending is not None))
        if len(waits) > 4:
            stop.append(1)
            raise KeyboardInterrupt

    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_A))
    try:
        h.app.run(wait)
    except KeyboardInterrupt:
        pass
    assert stop and h.top_name() == "CuboSetup"
    assert not any(pending for _ms, pending in waits)


def test_the_answer_is_the_frame_on_screen_with_the_box_over_it(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    menu = h.app.top()
    before = bytes(h.hal.display.buf)
    drawn = []
    real = type(menu).draw
    monkeypatch.setattr(type(menu), "draw", lambda self, fb: drawn.append(1) or real(self, fb))
    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_A))
    h.frames(1)
    after = bytes(h.hal.display.buf)
    assert not drawn  # no redraw of the screen beneath
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    rows = {i // 240 for i in changed}
    assert changed and max(rows) - min(rows) < 30  # one small box, nothing else


def test_a_late_frame_is_followed_at_the_next_step_of_the_frame_grid(tmp_path, monkeypatch):
    from app import app as app_module
    h = Harness(tmp_path)
    hal = h.hal
    F = app_module.FRAME_MS
    work = [0, F + 17, 0, 0, 3 * F + 5, 0, 0]   # ms each frame's work takes: two run late
    waits = []   # (frame, ms)
    done = []

    def tick(now):
        if len(done) == len(work):
            raise KeyboardInterrupt
        hal.clock += work[len(done)]
        done.append(1)

    def wait(ms):
        waits.append((len(done) - 1, ms))
        hal.clock += ms

    monkeypatch.setattr(h.app, "tick", tick)
    monkeypatch.setattr(app_module.idle_gc, "_free", None)
    start = hal.clock
    try:
        h.app.run(wait)
    except KeyboardInterrupt:
        pass
    # frames start at the multiples of F (the animations' steps): after one that ran
    # 17 ms over, the next waits for the next multiple, F - 17; after the one three
    # frames and 5 ms long, the grid's steps it covered are let go, the next waits F - 5
    assert waits == [(0, F), (2, F - 17), (3, F), (5, F - 5), (6, F)]
    assert hal.clock - start == sum(work) + sum(ms for _f, ms in waits)


def test_a_frame_a_press_wakes_early_leaves_the_frame_grid_as_it_was(tmp_path, monkeypatch):
    # The wait ends at a button's first change: that frame answers the press, and the
    # next frame still comes when it was due, so a roll's next step is not a frame late
    from app import app as app_module
    h = Harness(tmp_path)
    hal = h.hal
    F = app_module.FRAME_MS
    cut = {1: 10}           # frame 1's wait ends 10 ms in (a press)
    waits = []              # (frame, ms asked)
    starts = []             # app time of each frame

    def tick(now):
        if len(starts) == 6:
            raise KeyboardInterrupt
        starts.append(now)
        hal.clock += 2

    def wait(ms):
        frame = len(starts) - 1
        waits.append((frame, ms))
        hal.clock += min(ms, cut.get(frame, ms))

    monkeypatch.setattr(h.app, "tick", tick)
    monkeypatch.setattr(app_module.idle_gc, "_free", None)
    try:
        h.app.run(wait)
    except KeyboardInterrupt:
        pass
    # frame 2 is the early one (12 ms after frame 1): it waits out the rest of frame 1's
    # slot, and frame 3 starts on the grid, 2 F after frame 1, not F after frame 2
    assert starts == [0, F, F + 12, 2 * F, 3 * F, 4 * F]
    assert waits[2] == (2, F - 12 - 2)


def test_the_frame_grid_is_the_animations_step():
    # rolling dice change faces at now // ui.ANIM_MS: on another grid than the frames',
    # some frames would show no new face and others skip one
    from app import app as app_module, ui
    assert app_module.FRAME_MS == ui.ANIM_MS
