"""Issue 16's leftovers: Cubo table mode's round clock survives a power cut, the
Cubingos racing footer lists the keys that work (B Pause included) within 240 px, and
the Coloretto and Cubingos setups open as they were last started, with stable names."""
from hal import api
from shared_rules.cubingos import rules as C
from app import font, ui, last_setup, journal
from app.games.cubo import table as T
from app.games.cubingos.play import CubingosPlay, TURN, MOVE, RESULT, FINAL
from tests.apphelpers import Harness, texts_drawn, footers

OPTS = {"keep_swaps": True, "runs_any_order": False, "yellow": False}


def redraw(h):
    h.app.invalidate()
    h.frames(1)


def resumed(tmp_path):
    h2 = Harness(tmp_path)
    assert h2.top_name() == "ResumeScreen"
    h2.press(api.KEY_A)
    return h2, h2.app.top()


def shown_clock(t, now):
    secs = (now - t.started_at) // 1000
    return "%d:%02d" % (secs // 60, secs % 60)


# -- B: the table's round clock ----------------------------------------------------------
def signalled_table(tmp_path):
    h = Harness(tmp_path)
    h.app.push(T.CuboTable(h.app, 2, dict(OPTS), 9))
    h.frames(1)
    t = h.app.top()
    h.press(api.KEY_A)                       # the centre shown
    h.frames(25)
    h.press(api.KEY_A)                       # the start signal
    assert t.phase == T.PLAYING
    return h, t


def test_the_table_round_clock_comes_back_where_it_was(tmp_path, monkeypatch):
    h, t = signalled_table(tmp_path)
    h.clock += 83 * 1000                     # 1:23 into the round, then the power goes
    h.frames(1)
    assert shown_clock(t, h.clock) == "1:23"
    h2, t2 = resumed(tmp_path)
    assert type(t2).__name__ == "CuboTable" and t2.phase == T.PLAYING
    seen = texts_drawn(monkeypatch)
    redraw(h2)
    assert "1:23" in seen
    h2.clock += 10 * 1000                    # and it runs on from there
    h2.frames(1)
    assert shown_clock(t2, h2.clock) == "1:33"
    h3, t3 = resumed(tmp_path)               # cut again: from the newer mark
    assert shown_clock(t3, h3.clock) == "1:33"


def test_a_stale_or_damaged_clock_is_not_taken(tmp_path):
    h, t = signalled_table(tmp_path)
    h.clock += 50 * 1000
    h.frames(1)
    st = h.hal.storage
    text = st.read(journal.CLOCK).decode()
    n = int(text.split()[1])
    # a clock written at another action (an earlier round's) is not this round's
    st.write(journal.CLOCK, ("9 %d 50" % (n - 1)).encode())
    h2, t2 = resumed(tmp_path)
    assert shown_clock(t2, h2.clock) == "0:00"
    st.write(journal.CLOCK, b"9 %d x1" % n)
    h3, t3 = resumed(tmp_path)
    assert shown_clock(t3, h3.clock) == "0:00"
    # the countdown ends the clock's stage: a resume goes to the entries
    h3.press(api.KEY_X)
    h4, t4 = resumed(tmp_path)
    assert t4.phase == T.PICK


def test_the_clock_file_goes_with_the_save(tmp_path):
    h, t = signalled_table(tmp_path)
    h.clock += 5000
    h.frames(1)
    st = h.hal.storage
    assert st.read(journal.CLOCK) is not None
    journal.clear(st)
    assert st.read(journal.CLOCK) is None


# -- C: the Cubingos footers ---------------------------------------------------------------
def footer_width(hints):
    """Where ui.footer's last label ends (its own arithmetic)."""
    x = 6
    for key, label in hints:
        x += font.width(key, font.SMALL) + 10
        x += font.width(label, font.SMALL) + 10
    return x - 10


def cubingos(tmp_path, kinds=("human", "human")):
    h = Harness(tmp_path)
    m = CubingosPlay(h.app, list(kinds), ["ANNA", "BEN"], {}, 3)
    h.app.push(m)
    h.frames(1)
    return h, m


def last_footer(h, got):
    del got[:]
    redraw(h)
    return got[-1]


def test_the_racing_footer_keys_do_what_they_say_and_fit(tmp_path, monkeypatch):
    got = footers(monkeypatch)
    h, m = cubingos(tmp_path)
    ready = last_footer(h, got)
    assert dict(ready).get("B") == "Pause" and footer_width(ready) <= ui.W
    h.press(api.KEY_B)                       # B pauses before the card too
    assert m.paused
    h.press(api.KEY_B)
    h.press(api.KEY_X)                       # X: the cards won
    assert m.cards
    h.press(api.KEY_X)
    assert not m.cards
    h.press(api.KEY_A)                       # A: the card shown, the race on
    assert m.racer() == 0
    hints = last_footer(h, got)
    keys = [k for k, _ in hints]
    assert keys == ["A", "X", font.BULLET, "Y", "B"], hints
    assert footer_width(hints) <= ui.W
    labels = dict(hints)
    assert labels["B"] == "Pause" and labels["X"] == "Roll" and labels["Y"] == "View"
    # the joystick press says what it switches to, and does it
    for _ in range(2):
        label = dict(last_footer(h, got))[font.BULLET]
        mode = m.mode
        h.press(api.PRESS)
        assert m.mode != mode and m.mode == (TURN if label == "Turn" else MOVE)
        assert footer_width(last_footer(h, got)) <= ui.W
    before = m.orient
    h.press(api.KEY_X)                       # X rolls the ghost
    assert m.orient != before
    v = m.iso.v
    h.press(api.KEY_Y)                       # Y turns the view
    assert m.iso.v == (v + 1) % 4
    h.press(api.KEY_B)                       # B pauses
    assert m.paused
    h.press(api.KEY_A)
    assert not m.paused
    placed = m.st.status[0]
    # A puts the die: at a correct placement it is placed and the card won
    from tests.test_cubingos_app import goto, turn_to
    x, y, z, o = m.st.matches()[0]
    goto(h, m, (x, y, z))
    turn_to(h, m, o)
    h.press(api.KEY_A)
    assert m.st.status[0] == C.CORRECT != placed


def test_every_cubingos_footer_fits(tmp_path, monkeypatch):
    """Every footer a seeded bots' game and a hot-seat round draw fits 240 px, and
    names B Pause wherever B pauses."""
    got = footers(monkeypatch)
    h, m = cubingos(tmp_path, ("human", "medium"))
    m.t_result = 100
    for _ in range(400):
        hints = last_footer(h, got)
        assert footer_width(hints) <= ui.W, hints
        if m.view != FINAL and not m.cards and not m.paused:
            assert ("B", "Pause") in hints, hints
        if m.racer() >= 0:
            h.press(api.KEY_B)
            h.press(api.KEY_Y)               # pass: the bot wins or the card goes back
        elif m.ready() >= 0 or m.view == RESULT:
            h.press(api.KEY_A)
        else:
            h.clock += 300
            h.frames(1)
        if m.st.is_terminal():
            break
    assert footer_width(last_footer(h, got)) <= ui.W


# -- D: the Coloretto and Cubingos setups remember -----------------------------------------
def open_setup(h, title, screen):
    h.open_menu_item(title)
    assert h.top_name() == screen
    return h.app.top()


def quit_game(h):
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)                       # confirm
    assert h.top_name() == "MainMenu"


def go_to(h, s, label):
    for _ in range(len(s.items)):
        if s.items[s.index].label() == label:
            return
        h.press(api.DOWN)
    raise AssertionError(label)


def test_coloretto_setup_comes_back_as_it_was_started(tmp_path):
    h = Harness(tmp_path)
    s = open_setup(h, "Coloretto", "ColorettoSetup")
    assert s.setup["players"] == 3
    go_to(h, s, "Players")
    h.press(api.RIGHT)                       # 4 players
    bots = list(s.names[2:4])
    go_to(h, s, "2 " + s.names[1])
    h.press(api.LEFT)                        # seat 2: greedy -> random
    h.press(api.LEFT)                        # -> human
    assert s.setup["seats"][1] == "human" and s.names[2:4] == bots
    go_to(h, s, "Preset")
    h.press(api.RIGHT)
    go_to(h, s, "Scoring")
    h.press(api.RIGHT)
    names = list(s.names[:4])
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "ColorettoPlay" and m.names == names
    assert m.st.options["preset"] == "online" and m.st.options["scoring_table"] == "grey"
    quit_game(h)
    s = open_setup(h, "Coloretto", "ColorettoSetup")
    assert s.setup["players"] == 4 and s.setup["seats"][:4] == ["human", "human", "strong",
                                                                 "random"]
    assert s.setup["preset"] == "online" and s.setup["scoring_table"] == "grey"
    assert s.names[:4] == names


def test_cubingos_setup_comes_back_as_it_was_started(tmp_path):
    h = Harness(tmp_path)
    s = open_setup(h, "Cubingos", "CubingosSetup")
    go_to(h, s, "Players")
    h.press(api.RIGHT)                       # 3 players: human, medium, easy
    bot3 = s.names[2]
    go_to(h, s, "2 " + s.names[1])
    h.press(api.RIGHT)                       # seat 2: medium -> hard
    assert s.names[2] == bot3
    go_to(h, s, "Free dice")
    h.press(api.RIGHT)
    go_to(h, s, "Time limit")
    h.press(api.RIGHT)
    h.press(api.RIGHT)                       # 60 s
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "CubingosPlay" and m.kinds == ["human", "hard", "easy"]
    assert m.st.options["free_dice"] is True and m.st.options["limit_ms"] == 60000
    quit_game(h)
    s = open_setup(h, "Cubingos", "CubingosSetup")
    assert s.setup["players"] == 3 and s.setup["seats"][:3] == ["human", "hard", "easy"]
    assert s.setup["free_dice"] is True and s.setup["limit_ms"] == 60000
    assert s.names[2] == bot3


def test_a_saved_setup_the_screen_does_not_offer_falls_back(tmp_path):
    h = Harness(tmp_path)
    st = h.hal.storage
    last_setup.save(st, "cubingos", {"players": 9, "seats": ["human", "easy", "robot", "easy"],
                                     "free_dice": True, "limit_ms": 12345})
    last_setup.save(st, "coloretto", {"players": 2, "seats": ["human"] * 5,
                                      "preset": "weird", "scoring_table": "grey"})
    s = open_setup(h, "Cubingos", "CubingosSetup")
    assert s.setup["players"] == 2 and s.setup["seats"] == ["human", "medium", "easy", "hard"]
    assert s.setup["free_dice"] is True and s.setup["limit_ms"] == 0
    h.press(api.KEY_B)
    s = open_setup(h, "Coloretto", "ColorettoSetup")
    assert s.setup["players"] == 2 and s.setup["seats"] == ["human"] * 5
    assert s.setup["preset"] == "original" and s.setup["scoring_table"] == "grey"
