"""How to play (issue 16, item 1) through the real app: every game's help opens from its
setup screen (X and the "How to play" row) and from its pause box (the joystick press),
its pages flip both ways, B goes back to exactly where the player was (the game's state,
frame and loaded modules unchanged), every page's text fits the 240x240 screen in whole
words, the pictures stay in their box and draw the game (dice, cards, creatures, with the
rules' own numbers), and under real MicroPython the help over a paused game costs a few
KB and is gone again when closed."""
import sys

import framebuf
import pytest

from hal import api
from shared_rules.cubo import rules as CU
from shared_rules.kocka10000 import rules as K
from shared_rules.coloretto import rules as CO
from app import ui, font, howto
from app.games.cubo import table as T
from tests.apphelpers import Harness, texts_drawn, footers

# (menu label, setup screen, game screen, page module, demo/harness name)
GAMES = (("Cubo", "CuboSetup", "CuboMatch", "app.games.cubo.help", "cubo"),
         ("Kocka 10000", "Kocka10000Setup", "Kocka10000Play", "app.games.kocka10000.help", "kocka10000"),
         ("Coloretto", "ColorettoSetup", "ColorettoPlay", "app.games.coloretto.help", "coloretto"),
         ("Cubingos", "CubingosSetup", "CubingosPlay", "app.games.cubingos.help", "cubingos"))
HELP_MODULES = [g[3] for g in GAMES]


def pages_of(name):
    mod = __import__(name, None, None, ("PAGES",))
    return mod


def art_of(name):
    return __import__(name + "_art", None, None, ("picture",))


def help_loaded():
    return sorted(n for n in sys.modules if n == "app.howto" or n.endswith(".help")
                  or n.endswith(".help_art"))


@pytest.fixture
def unloaded():
    """No help module in sys.modules before the app is built (this file's other tests
    import them; the app would count them as loaded at boot and never drop them)."""
    import app
    for n in help_loaded():
        del sys.modules[n]
        if hasattr(app, n[4:]):
            delattr(app, n[4:])


def frame(h):
    h.app.invalidate()
    h.frames(1)
    return bytes(h.hal.display.buf)


def new_fb(fill=0):
    buf = bytearray(ui.W * ui.H)
    fb = framebuf.FrameBuffer(buf, ui.W, ui.H, framebuf.GS8)
    fb.fill(fill)
    return buf, fb


# -- the texts fit -------------------------------------------------------------------------
@pytest.mark.parametrize("name", HELP_MODULES)
def test_every_page_fits_the_screen_in_whole_words(name):
    mod = pages_of(name)
    assert 4 <= len(mod.PAGES) <= 9
    n = len(mod.PAGES)
    head = font.width("How to play " + mod.NAME) + font.width("%d/%d" % (n, n)) + 8 + 8 + 8
    assert head <= ui.W
    for title, pic_h, text in mod.PAGES:
        assert font.width(title) <= ui.W - 2 * howto.TEXT_X, title
        lines = font.wrap(text, howto.TEXT_W, font.SMALL)
        for line in lines:
            assert font.width(line, font.SMALL) <= howto.TEXT_W, line
        # no word was cut to fit: the lines hold the text's words, whole and in order
        assert " ".join(lines).split() == text.split(), title
        top = howto.text_top(pic_h)
        assert top >= howto.PIC_Y + pic_h
        bottom = top + (len(lines) - 1) * howto.LINE_H + font.SMALL.height
        assert bottom <= howto.BOTTOM, (title, bottom)
        box = font.glyph_index(font.REPLACEMENT, font.SMALL)   # a character the font lacks
        assert not [ch for ch in text if ch != "\n" and font.glyph_index(ch, font.SMALL) == box]


@pytest.mark.parametrize("name", HELP_MODULES)
def test_pictures_stay_in_their_box(name):
    mod = pages_of(name)
    art = art_of(name)
    pictures = 0
    for page, (title, pic_h, text) in enumerate(mod.PAGES):
        if not pic_h:
            continue
        pictures += 1
        buf, fb = new_fb(250)
        art.picture(fb, page, howto.PIC_Y)
        rows = [y for y in range(ui.H) if any(buf[y * ui.W + x] != 250 for x in range(ui.W))]
        assert rows, title
        assert howto.PIC_Y <= rows[0] and rows[-1] < howto.PIC_Y + pic_h, (title, rows[0],
                                                                         rows[-1])
    assert pictures >= 1


# -- the pictures show the game ---------------------------------------------------------------
def picture_colours(name, page):
    buf, fb = new_fb(ui.BG)
    art_of(name).picture(fb, page, howto.PIC_Y)
    count = {}
    for b in buf:
        count[b] = count.get(b, 0) + 1
    return count


def test_cubo_pictures_are_dice_and_a_scored_grid(monkeypatch):
    from app.games.cubo import help_art as A
    c = picture_colours("app.games.cubo.help", 0)
    die = 22 * 22 // 2
    assert c.get(ui.RED, 0) > 4 * die and c.get(ui.BLUE, 0) > 4 * die
    assert c.get(ui.WHITE, 0) > die                      # the joker
    c = picture_colours("app.games.cubo.help", 2)
    assert c.get(ui.RED, 0) > 4 * 200 and c.get(ui.BLUE, 0) > 4 * 200
    # the grid is a legal one, and the total drawn is the rules' score of it
    grid = list(A.GRID)
    assert sorted(d[1] for d in grid) == ["B"] * 4 + ["R"] * 4 + ["W"] and grid[4][1] == "W"
    seen = texts_drawn(monkeypatch)
    buf, fb = new_fb()
    A.picture(fb, 2, howto.PIC_Y)
    assert str(CU.score_grid(grid)) in seen and "Total" in seen
    assert {"run x2", "set x2"} <= {t.split(" ", 2)[-1] for t in seen if t.startswith("Row")}


def test_kocka10000_table_holds_the_rules_points():
    from app.games.kocka10000 import help_art as A
    for dice, points, what in A.TABLE:
        assert K.classic_points(list(dice), whole_roll=len(dice) == 6) == points, what
    c = picture_colours("app.games.kocka10000.help", 1)
    dice = sum(len(d) for d, p, w in A.TABLE)
    assert c.get(ui.WHITE, 0) > dice * 14 * 14 // 2
    assert c.get(ui.BLACK, 0) >= 21                      # the pips
    assert c.get(ui.ACCENT, 0) > 0                       # the points


def test_coloretto_pictures_are_rows_and_a_scored_hand():
    from app.games.coloretto import help_art as A
    from app.games.coloretto import draw as D
    assert A.BROWN == CO.TABLES["brown"][1:] and A.GREY == CO.TABLES["grey"][1:]
    counts = [0] * 7
    jokers = plus2 = 0
    for c, n in A.HAND:
        if c == CO.JOKER:
            jokers += n
        elif c == CO.PLUS2:
            plus2 += n
        else:
            counts[c] += n
    assert CO.score_player(counts, jokers, plus2) == 41   # the "= 41" drawn
    rows = picture_colours("app.games.coloretto.help", 1)
    for card in (CO.LETTERS.index("G"), CO.PLUS2, CO.LETTERS.index("Y"), CO.JOKER):
        assert rows.get(D.CARD_COL[card], 0) > 100, card
    hand = picture_colours("app.games.coloretto.help", 3)
    for c, n in A.HAND:
        assert hand.get(D.CARD_COL[c], 0) > 100, c


def test_cubingos_pictures_are_creatures():
    from app.games.cubingos import help_art as A
    from app.games.cubingos import faces as I
    from shared_rules.cubingos import rules as CG
    c = picture_colours("app.games.cubingos.help", 0)
    for k in A.SHOWN:
        assert c.get(I.FUR[k >> 2][0], 0) > 300, CG.card_name(k)
    assert len({k >> 2 for k in A.SHOWN}) == 4 and len({k & 3 for k in A.SHOWN}) == 4
    c = picture_colours("app.games.cubingos.help", 1)
    assert c.get(I.FUR[A.FORMED >> 2][0], 0) > 300 and c.get(ui.WHITE, 0) > 2 * 1000
    assert c.get(I.GLYPH_INK[A.FORMED & 3], 0) > 0       # the mouth


# -- from the setup screens ---------------------------------------------------------------------
def flip_through(h, screen):
    """Every page once with right, back with left; up/down flip too; each flip redraws."""
    n = screen.count
    seen = [frame(h)]
    titles = [screen.title]
    for _ in range(n):
        h.press(api.RIGHT)
        seen.append(frame(h))
        titles.append(screen.title)
    assert screen.page == 0 and seen[-1] == seen[0]      # round the end
    assert len(set(seen[:n])) == n and len(set(titles[:n])) == n
    h.press(api.LEFT)
    assert screen.page == n - 1 and frame(h) == seen[n - 1]
    h.press(api.UP)
    assert screen.page == n - 2
    h.press(api.DOWN)
    h.press(api.DOWN)
    assert screen.page == 0 and frame(h) == seen[0]


@pytest.mark.parametrize("label,setup,game,module,name", GAMES)
def test_help_from_the_setup_and_back(tmp_path, monkeypatch, unloaded, label, setup, game,
                                      module, name):
    h = Harness(tmp_path)
    h.open_menu_item(label)
    s = h.app.top()
    assert h.top_name() == setup
    got = footers(monkeypatch)
    before = frame(h)
    assert ("X", "How to play") in got[-1]
    values = repr(s.store.values)
    index = s.index
    mods = set(sys.modules)
    assert help_loaded() == []
    h.press(api.KEY_X)
    assert h.top_name() == "HowTo"
    helpscreen = h.app.top()
    assert not helpscreen.in_game
    seen = texts_drawn(monkeypatch)
    frame(h)
    assert "How to play " + label in seen and got[-1] == howto.HINTS
    flip_through(h, helpscreen)
    for key in (api.KEY_A, api.KEY_X, api.KEY_Y, api.PRESS):   # no other key does anything
        h.press(key)
        assert h.app.top() is helpscreen and helpscreen.page == 0
    h.press(api.KEY_B)
    assert h.app.top() is s and repr(s.store.values) == values and s.index == index
    assert frame(h) == before
    assert set(sys.modules) == mods and help_loaded() == []
    # the last row opens it too
    while s.items[s.index].label() != "How to play":
        h.press(api.DOWN)
    assert s.index == len(s.items) - 1
    h.press(api.KEY_A)
    assert h.top_name() == "HowTo"
    h.press(api.KEY_B)
    assert h.app.top() is s and repr(s.store.values) == values


# -- from the pause boxes ------------------------------------------------------------------------
def state_of(g):
    st = getattr(g, "st", None) or getattr(g, "state")
    return repr(st.to_dict())


def help_over_paused(h, monkeypatch, g):
    """Pauses `g`, opens help from the box, flips, goes back: all as it was."""
    got = footers(monkeypatch)
    h.press(api.KEY_B)
    assert g.paused
    paused = frame(h)
    assert got[-1][-1] == (font.BULLET, "Rules"), got[-1]
    state = state_of(g)
    mods = set(sys.modules)
    assert help_loaded() == []                           # nothing of it while closed
    h.press(api.PRESS)
    assert h.top_name() == "HowTo"
    screen = h.app.top()
    assert screen.in_game                                # the sync listener leaves it alone
    assert frame(h) != paused
    flip_through(h, screen)
    h.clock += 20000                                     # a long read: the game stays put
    h.frames(1)
    h.press(api.KEY_B)
    assert h.app.top() is g and g.paused and state_of(g) == state
    assert frame(h) == paused
    assert set(sys.modules) == mods and help_loaded() == []
    h.press(api.KEY_A)
    assert not g.paused


@pytest.mark.parametrize("label,setup,game,module,name", GAMES)
def test_help_from_the_pause_box_and_back(tmp_path, monkeypatch, unloaded, label, setup, game,
                                          module, name):
    h = Harness(tmp_path)
    h.open_menu_item(label)
    h.press(api.KEY_Y)
    g = h.app.top()
    assert h.top_name() == game and g.HELP == module
    h.press(api.KEY_A)                                   # a first move (Cubo: the roll)
    h.frames(30)
    help_over_paused(h, monkeypatch, g)


def test_help_from_the_table_modes_pause_box(tmp_path, monkeypatch, unloaded):
    h = Harness(tmp_path)
    h.app.push(T.CuboTable(h.app, 3, {"keep_swaps": True, "runs_any_order": False,
                                      "yellow": False}, 5))
    h.frames(1)
    t = h.app.top()
    h.press(api.KEY_A)                                   # the centre shown
    h.frames(25)
    help_over_paused(h, monkeypatch, t)
    assert t.phase == T.CENTRE_ROLL
    h.press(api.KEY_A)                                   # the start signal
    assert t.phase == T.PLAYING
    h.press(api.KEY_B)
    h.press(api.PRESS)                                   # the press opens help, never resumes
    assert h.top_name() == "HowTo"
    h.press(api.KEY_B)
    assert h.app.top() is t and t.paused


# -- the heap, under MicroPython ----------------------------------------------------------------
HELP_COST = 5 * 1024   # measured 2.5-3.3 KB (a page's text, its pictures, app.howto)
# The device's own figure, with the image, is tests/test_device_uf2.py's HELP_FROZEN.


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    from tests.apprun import build_bundle
    return build_bundle(tmp_path_factory.mktemp("bundle"))


@pytest.mark.micropython
@pytest.mark.parametrize("label,setup,game,module,name", GAMES)
def test_help_over_a_paused_game_costs_a_few_kb_under_micropython(bundle, tmp_path, label,
                                                                  setup, game, module, name):
    from tests.apprun import run_micropython
    with_help = run_micropython(bundle, "howto", name + ":pause", 7, 500, tmp_path / "h")
    bare = run_micropython(bundle, "howto", name + ":bare", 7, 500, tmp_path / "b")
    peaks = with_help["peak_by_screen"]
    assert "HowTo@game" in peaks and "HowTo@game" not in bare["peak_by_screen"]
    help_peak = peaks["HowTo@game"]
    assert help_peak - peaks[game] <= HELP_COST, peaks
