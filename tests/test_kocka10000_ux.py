"""Kocka 10000's UX items of issue 16: readable set-aside dice, a scoreboard that shows
every player's last turn, seat names that stay put, and the setup remembered."""
from hal import api
from app import last_setup
from app.games.kocka10000 import draw as D
from app.games.kocka10000.play import BOARD
from tests.apphelpers import Harness, texts_drawn
from tests.test_kocka10000_ui import start, human_step


def test_set_aside_dice_are_big_enough_and_clear_of_the_table():
    # pips of at least 2 px radius (5 px across): size // 10 >= 2
    assert D.SMALL_DIE >= 20 and D.SMALL_DIE // 10 >= 2
    assert D.ASIDE_X + 6 * D.ASIDE_STEP - 2 <= 162        # left of "turn"
    bottom = D.ASIDE_Y + D.SMALL_DIE + 2                   # with its shadow
    assert bottom <= D.ROW1 - 6 - 4                        # a picked die's ring (raised 6)
    assert D.ROW2 + D.SIZE + 4 <= D.LINE1
    n3 = [D.die_xy(i, 3)[0] for i in range(3)]
    assert n3[0] >= 4 and n3[-1] + D.SIZE <= 236


def test_the_scoreboard_shows_each_players_last_turn(tmp_path, monkeypatch):
    h, m = start(tmp_path, ("human", "medium", "easy"), seed=5)
    seen_players = set()
    for _ in range(3000):
        done = [p for p in range(3) if m.last_turn[p] is not None]
        if len(done) == 3 and m.view == BOARD and not m.moments:
            break
        human_step(h, m)
    assert all(m.last_turn[p] is not None for p in range(3))
    seen = texts_drawn(monkeypatch)
    h.app.invalidate()
    h.frames(1)
    for p in range(3):
        text = m.last_turn[p][0]
        assert text.startswith("+") or text.startswith("bust")
        assert text in seen or text.split(" ")[0] in seen, (text, seen)
        seen_players.add(p)
    assert seen_players == {0, 1, 2}


def open_setup(h):
    h.open_menu_item("Kocka 10000")
    assert h.top_name() == "Kocka10000Setup"
    return h.app.top()


def test_a_seat_turned_human_renames_no_bot(tmp_path):
    h = Harness(tmp_path)
    s = open_setup(h)
    h.press(api.DOWN)           # Players
    for _ in range(2):
        h.press(api.RIGHT)      # 4 players: human, medium, easy, hard
    bots_before = [s.names[i] for i in (2, 3)]
    h.press(api.DOWN)
    h.press(api.DOWN)           # seat 2
    h.press(api.LEFT)
    h.press(api.LEFT)           # medium -> easy -> human
    assert s.setup["seats"][1] == "human"
    assert [s.names[i] for i in (2, 3)] == bots_before
    assert s.names[:2] == ["ANNA", "BEN"]


def test_the_setup_comes_back_as_it_was_started(tmp_path):
    h = Harness(tmp_path)
    s = open_setup(h)
    h.press(api.DOWN)
    h.press(api.RIGHT)          # 3 players
    h.press(api.DOWN)
    h.press(api.DOWN)
    h.press(api.LEFT)           # seat 2: easy
    for _ in range(3):
        h.press(api.DOWN)       # past seat 3 and "Finish round" to "4+ of a kind"
    h.press(api.RIGHT)
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "Kocka10000Play"
    h.press(api.KEY_B)
    h.press(api.KEY_X)          # quit
    h.press(api.KEY_A)                       # confirm
    s = open_setup(h)
    assert s.setup["players"] == 3 and s.setup["seats"][1] == "easy"
    assert s.setup["extra_dice_double"] is True


def test_last_setup_drops_what_the_screen_does_not_offer(tmp_path):
    h = Harness(tmp_path)
    st = h.hal.storage
    defaults = {"players": 2, "seats": ["human", "easy"], "on": False}
    last_setup.save(st, "g", {"players": 9, "seats": ["human", "robot"], "on": True,
                              "old": 1})
    got = last_setup.load(st, "g", defaults, {"players": (2, 3), "seats": ("human", "easy")})
    assert got == {"players": 2, "seats": ["human", "easy"], "on": True}
    last_setup.save(st, "g", {"players": 3, "seats": ["easy"], "on": 1})
    assert last_setup.load(st, "g", defaults) == {"players": 3, "seats": ["human", "easy"],
                                                  "on": False}
    assert last_setup.load(st, "other", defaults) == defaults
