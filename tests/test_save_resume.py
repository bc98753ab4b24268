"""Saving games as they are played, through the real app: a power cut mid-game offers
"Resume" at the next boot and the game goes on exactly where it was (every game); a
game finished just before the cut is stored, not offered; a finished game reaches the
log and the history screen; quitting drops the save; a save this firmware cannot play
is kept and explained."""
from hal import api
from app import gamelog, journal, savegame
from tests.apphelpers import Harness
from tests import test_kocka10000_ui as K10K
from tests import test_coloretto_ui as COL
from tests import test_cubo_ui as CUBO


def reboot(tmp_path):
    """A power cut and a new boot over the same flash: the boot screen is skipped as a
    user would, which settles the save and shows the offer."""
    return Harness(tmp_path)


def resume(h):
    assert h.top_name() == "ResumeScreen", h.top_name()
    labels = [it.label() for it in h.app.top().items]
    assert labels[1] == "Discard"
    h.press(api.KEY_A)
    return h.app.top()


def test_kocka10000_resumes_where_the_power_went(tmp_path):
    h, m = K10K.start(tmp_path, kinds=("human", "medium", "human"))
    for _ in range(60):
        K10K.human_step(h, m)
    before = m.st.to_dict()
    assert len(savegame.pending(h.hal.storage)["actions"]) > 5
    h2 = reboot(tmp_path)
    assert h2.app.top().items[0].label() == "Resume Kocka 10000"
    m2 = resume(h2)
    assert type(m2).__name__ == "Kocka10000Play"
    assert m2.st.to_dict() == before
    assert m2.kinds == ["human", "medium", "human"] and m2.names == m.names
    # and it goes on being saved
    m2.t_roll, m2.t_bot, m2.t_moment, m2.t_board = 60, 40, 60, 60
    n = len(savegame.pending(h2.hal.storage)["actions"])
    for _ in range(40):
        K10K.human_step(h2, m2)
    assert len(savegame.pending(h2.hal.storage)["actions"]) > n


def test_coloretto_resumes_where_the_power_went(tmp_path):
    h, m = COL.start(tmp_path)
    log = []
    for _ in range(40):
        COL.human_step(h, m, log)
    before = m.st.to_dict()
    m2 = resume(reboot(tmp_path))
    assert type(m2).__name__ == "ColorettoPlay" and m2.st.to_dict() == before


def _bot_to_move(m):
    st = m.st
    return not st.is_terminal() and m.agents[st.turn] is not None


def _resumed_paused_until_a(tmp_path, monkeypatch, m2, h2):
    """A resumed game with a bot to move: the pause box up and nothing moving until A."""
    from tests.apphelpers import texts_drawn
    assert m2.paused and _bot_to_move(m2)
    before = m2.st.to_dict()
    seen = texts_drawn(monkeypatch)
    h2.app.invalidate()
    h2.frames(90)                      # 3 s: the bot would have moved long ago
    assert "Paused" in seen
    assert m2.st.to_dict() == before and m2.paused
    h2.press(api.KEY_A)                # go on: now the bot plays
    assert not m2.paused
    for _ in range(300):
        if m2.st.to_dict() != before:
            break
        h2.frames(1)
    assert m2.st.to_dict() != before


def test_kocka10000_resumes_paused_with_a_bot_to_move(tmp_path, monkeypatch):
    h, m = K10K.start(tmp_path, kinds=("human", "medium"))
    for _ in range(200):
        K10K.human_step(h, m)
        if _bot_to_move(m):
            break
    assert _bot_to_move(m)
    h2 = reboot(tmp_path)
    m2 = resume(h2)
    m2.t_roll, m2.t_bot, m2.t_moment, m2.t_board = 60, 40, 60, 60
    _resumed_paused_until_a(tmp_path, monkeypatch, m2, h2)


def test_coloretto_resumes_paused_with_a_bot_to_move(tmp_path, monkeypatch):
    h, m = COL.start(tmp_path)
    log = []
    for _ in range(200):
        COL.human_step(h, m, log)
        if _bot_to_move(m) and m.view == COL.TABLE:
            break
    assert _bot_to_move(m)
    h2 = reboot(tmp_path)
    m2 = resume(h2)
    m2.t_bot, m2.t_summary = 100, 60
    _resumed_paused_until_a(tmp_path, monkeypatch, m2, h2)


def test_cubo_match_resumes_paused_at_the_saved_game_time(tmp_path):
    h, m = CUBO.start_match(tmp_path)
    for _ in range(30):
        CUBO.human_turn(h, m)
    before = m.state.to_dict()
    elapsed = savegame.pending(h.hal.storage)["elapsed"]
    h2 = reboot(tmp_path)
    m2 = resume(h2)
    assert type(m2).__name__ == "CuboMatch" and m2.state.to_dict() == before
    assert m2.paused and m2.game_time(h2.clock) == elapsed
    h2.press(api.KEY_A)  # go on: the clock runs from there
    h2.frames(10)
    assert m2.game_time(h2.clock) > elapsed


def test_discard_clears_the_save(tmp_path):
    h, m = K10K.start(tmp_path)
    for _ in range(20):
        K10K.human_step(h, m)
    h2 = reboot(tmp_path)
    h2.press(api.DOWN)
    h2.press(api.KEY_A)
    assert h2.top_name() == "MainMenu" and savegame.pending(h2.hal.storage) is None
    assert reboot(tmp_path).top_name() == "MainMenu"


def test_quitting_a_game_drops_its_save(tmp_path):
    h, m = K10K.start(tmp_path)
    for _ in range(10):
        K10K.human_step(h, m)
    assert savegame.pending(h.hal.storage) is not None
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu" and savegame.pending(h.hal.storage) is None


def play_to_the_end(h, m):
    for _ in range(20000):
        if m.st.is_terminal():
            return
        K10K.human_step(h, m)
    raise AssertionError("the game did not end")


def test_a_finished_game_is_stored_and_listed_in_history(tmp_path):
    h, m = K10K.start(tmp_path, kinds=("human", "easy"), seed=5)
    play_to_the_end(h, m)
    assert savegame.pending(h.hal.storage)["done"]  # marked finished, stored at the menu
    for _ in range(10):  # the last moments and the final ranking: back to the menu
        if h.top_name() == "MainMenu":
            break
        h.press(api.KEY_A)
    assert h.top_name() == "MainMenu"
    assert savegame.pending(h.hal.storage) is None
    log = gamelog.shared(h.hal.storage)
    assert log.last == 1
    from shared_rules import records, verify
    rec = records.decode(log.get(1))
    assert rec["game"] == "kocka10000" and rec["scores"] == list(m.st.scores())
    assert rec["players"] == m.names and rec["meta"] == {"kinds": ["human", "easy"]}
    assert verify.verify(rec)[0]
    h.open_menu_item("History")
    assert h.app.top().items[0].label() == "#1 Kocka 10000"


def test_a_game_finished_just_before_the_power_went_is_stored_at_boot(tmp_path):
    h, m = K10K.start(tmp_path, kinds=("human", "easy"), seed=5)
    play_to_the_end(h, m)
    h2 = reboot(tmp_path)
    assert h2.top_name() == "MainMenu"  # nothing to resume
    assert gamelog.shared(h2.hal.storage).last == 1
    assert savegame.pending(h2.hal.storage) is None
    assert reboot(tmp_path).top_name() == "MainMenu"
    assert gamelog.shared(h2.hal.storage).last == 1  # and never twice


def test_a_save_this_firmware_cannot_play_is_kept_and_explained(tmp_path):
    h = Harness(tmp_path)
    rec = journal.Recorder(h.hal.storage)
    rec.start("chess", {}, 1, ["A", "B"], 0)
    rec.action((0, 1), 10)
    h2 = reboot(tmp_path)
    h2.press(api.KEY_A)
    assert "Cannot resume" in (h2.app.notice or "")
    assert savegame.pending(h2.hal.storage)["game"] == "chess"
    assert h2.top_name() == "ResumeScreen"  # the offer stays: Discard is the way out
    h2.press(api.DOWN)
    h2.press(api.KEY_A)
    assert h2.top_name() == "MainMenu" and savegame.pending(h2.hal.storage) is None


def test_a_corrupt_save_header_is_ignored(tmp_path):
    h = Harness(tmp_path)
    h.hal.storage.write(journal.HEADER, b"{not json")
    h.hal.storage.write(journal.JOURNAL, b"\x00\xff garbage\n")
    assert reboot(tmp_path).top_name() == "MainMenu"


def test_a_full_log_keeps_the_finished_game_and_holds_new_games_until_a_sync(tmp_path):
    h, m = K10K.start(tmp_path, kinds=("human", "easy"), seed=5)
    play_to_the_end(h, m)
    scores = list(m.st.scores())
    storage = h.hal.storage
    room = storage.free_bytes
    storage.free_bytes = lambda: 100  # flash full of games no PC has yet
    for _ in range(10):
        if h.top_name() == "MainMenu":
            break
        h.press(api.KEY_A)
    assert h.top_name() == "MainMenu" and h.app.notice == gamelog.FULL_TEXT
    assert savegame.pending(storage)["scores"] == scores

    from app.games.kocka10000 import setup as k10k_game

    def new_game():
        return k10k_game.play_screen(h.app, ["human", "easy"], ["A", "B"], {}, 9)
    h.app.switch(new_game)  # refused: its save would overwrite the finished game
    h.frames(1)  # switch() starts the game in the next frame (app.soon)
    assert h.top_name() == "MainMenu" and h.app.notice == gamelog.FULL_TEXT
    assert savegame.pending(storage)["scores"] == scores
    storage.free_bytes = room  # a sync made room
    h.app.switch(new_game)
    h.frames(2)  # the game in the next frame; its save once that frame is on screen
    assert h.top_name() == "Kocka10000Play"
    assert gamelog.shared(storage).last == 1
    assert not savegame.pending(storage)["done"]


def test_a_new_game_is_saved_once_its_first_frame_is_on_screen(tmp_path):
    """Its opening does not wait for the flash: the save is written at the start of the
    frame after the game's first, before any press of that frame is taken."""
    h = Harness(tmp_path)
    from app.games.kocka10000 import setup as k10k_game
    h.app.switch(lambda: k10k_game.play_screen(h.app, ["human", "easy"], ["A", "B"], {}, 9))
    h.frames(1)
    assert h.top_name() == "Kocka10000Play"
    assert savegame.pending(h.hal.storage) is None   # on screen; not yet written
    h.press(api.KEY_A)   # the next frame writes the save first, then takes the press
    saved = savegame.pending(h.hal.storage)
    assert saved["game"] == "kocka10000" and saved["players"] == ["A", "B"]
    assert reboot(tmp_path).top_name() == "ResumeScreen"


def test_moves_made_before_a_held_save_is_written_are_written_with_it(tmp_path):
    h = Harness(tmp_path)
    rec = journal.Recorder(h.hal.storage)
    rec.start("kocka10000", {}, 3, ["A", "B"], 0, hold=True)
    rec.action((0, 1), 10)
    rec.action((1, 2, 5), 20)
    assert savegame.pending(h.hal.storage) is None
    rec.flush()
    saved = savegame.pending(h.hal.storage)
    assert saved["seed"] == 3 and [tuple(a) for a in saved["actions"]] == [(0, 1), (1, 2, 5)]
    rec.action((0, 3), 30)   # and the next goes to the journal as before
    assert len(savegame.pending(h.hal.storage)["actions"]) == 3


def test_a_held_save_the_flash_refuses_keeps_its_moves_in_memory(tmp_path):
    h = Harness(tmp_path)
    told = []
    rec = journal.Recorder(h.hal.storage, told.append)
    rec.start("kocka10000", {}, 3, ["A", "B"], 0, hold=True)
    rec.action((0, 1), 10)

    def full(*_a):
        raise OSError(28)
    h.hal.storage.write = full
    rec.flush()
    assert told == [journal.NOT_SAVED]
    assert savegame.pending(h.hal.storage) is None   # no half a save on the flash
    rec.action((1, 2), 20)
    assert rec.ram == [(10, (0, 1)), (20, (1, 2))] and rec.n == 2


def test_deferred_actions_reach_the_save_in_order_at_write_later(tmp_path):
    # linked play defers the save of another device's action until its frame is shown
    h = Harness(tmp_path)
    st = h.hal.storage
    rec = journal.Recorder(st)
    rec.start("chess", {}, 1, ["A", "B"], 0)
    rec.action((0, 1), 10)
    assert rec.defer() and not rec.defer()      # once until written
    rec.action((1, 2), 20)
    rec.action((0, 3), 30)
    assert [tuple(a) for a in savegame.pending(st)["actions"]] == [(0, 1)]
    rec.write_later()
    rec.action((1, 4), 40)                      # saved at once again
    assert [tuple(a) for a in savegame.pending(st)["actions"]] == [(0, 1), (1, 2), (0, 3),
                                                                    (1, 4)]
    rec.defer()
    rec.action((0, 5), 50)
    rec.abandon()                               # quit: nothing is left to write
    rec.write_later()
    assert savegame.pending(st) is None
