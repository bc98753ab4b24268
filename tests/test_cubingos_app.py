"""Cubingos through the real app: a bots-only game to the end, the setup screen, a
hot-seat race of two humans driven by buttons (the ghost turned about each axis, a
legal placement, illegal and floating cells refused without a wrong call, a wrong
call), free dice taken, the view turned four times, the structure fitted to the play area in every view,
every cell reachable with the joystick, button mashing, and resuming a saved game."""
from hal import api
from shared_rules.cubingos import rules as C
from shared_rules.rng import Rng
from tests.apphelpers import Harness
from app import games, savegame
from app.games.cubingos import setup as cubingos_game
from app.games.cubingos.play import CubingosPlay, PLAY, RESULT, FINAL, TURN
from app.games.cubingos.iso import step
from app.lights import STATIC, FLASH

MOVES = ((api.UP, 0, -1), (api.DOWN, 0, 1), (api.LEFT, -1, 0), (api.RIGHT, 1, 0))


def start(tmp_path, kinds=("human", "human"), seed=3, state=None, options=None):
    h = Harness(tmp_path)
    names = ["ANNA", "BEN", "CLARA", "DAVID"][:len(kinds)]
    m = CubingosPlay(h.app, list(kinds), names, options or {}, seed, state=state)
    m.t_result = 100
    h.app.push(m)
    h.frames(1)
    return h, m


def run(h, m, until, step_ms=200, limit=5000):
    for _ in range(limit):
        if until():
            return
        h.clock += step_ms
        h.app.tick(h.clock)
    raise AssertionError("never happened")


def frame(h):
    h.app.draw()
    return bytes(h.hal.display.buf)


def goto(h, m, cell):
    """Moves the ghost to `cell` with the joystick (a shortest path of presses)."""
    if m.mode == TURN:
        h.press(api.PRESS)
    target = m.cells.index(cell)
    prev = {m.ci: None}
    todo = [m.ci]
    while todo and target not in prev:
        i = todo.pop(0)
        for b, dx, dy in MOVES:
            j = step(m.iso, m.cells, i, dx, dy)
            if j not in prev:
                prev[j] = (i, b)
                todo.append(j)
    assert target in prev, "cell %r unreachable with the joystick" % (cell,)
    path = []
    i = target
    while prev[i] is not None:
        i, b = prev[i]
        path.append(b)
    for b in reversed(path):
        h.press(b)
    assert m.cells[m.ci] == cell


TURN_KEYS = ((api.KEY_X, False), (api.LEFT, True), (api.UP, True))


def turn_to(h, m, o):
    """Turns the ghost to orientation o with X (roll), and left/up in turn mode."""
    from shared_rules.cubingos import geom as G
    from app.games.cubingos.iso import FACE_U, FACE_W
    v = m.iso.v
    axes = ((FACE_W[v], 1), (G.PZ, 1), (FACE_U[v], 1))

    def turned(a, i):
        d, k = axes[i]
        return G.turn(a, d >> 1, -k if d & 1 else k)
    prev = {m.orient: None}
    todo = [m.orient]
    while o not in prev:
        a = todo.pop(0)
        for i in range(3):
            b = turned(a, i)
            if b not in prev:
                prev[b] = (a, i)
                todo.append(b)
    keys = []
    a = o
    while prev[a] is not None:
        a, i = prev[a]
        keys.append(i)
    for i in reversed(keys):
        key, turn_mode = TURN_KEYS[i]
        if turn_mode != (m.mode == TURN) and key != api.KEY_X:
            h.press(api.PRESS)
        h.press(key)
    assert m.orient == o


def test_bots_demo_plays_a_whole_game(tmp_path):
    h = Harness(tmp_path)
    games.load("cubingos").demo(h.app, 7)
    h.frames(1)
    m = h.app.top()
    assert type(m).__name__ == "CubingosPlay" and m.in_game
    seen = set()

    def over():
        seen.add(m.view)
        return m.view == FINAL
    run(h, m, over)
    st = m.st
    assert st.is_terminal() and RESULT in seen
    assert sum(st.scores()) == len(st.dice()) - 1
    info = savegame.pending(h.hal.storage)
    assert info["done"] and info["scores"] == st.scores()
    assert info["meta"] == {"kinds": ["easy", "medium", "hard"]}
    assert len(info["actions"]) > 10


def test_setup_screen_starts_a_game(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Cubingos")
    assert h.top_name() == "CubingosSetup"
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "CubingosPlay"
    assert m.kinds == ["human", "medium"] and m.st.options["humans"] == 1
    assert m.ready() == 0


def test_hot_seat_race_with_buttons(tmp_path):
    h, m = start(tmp_path)
    st = m.st
    assert m.ready() == 0 and m.racer() < 0
    h.press(api.KEY_A)                       # ANNA: show the card
    assert m.racer() == 0 and st.leg_started()
    card = st.card
    lights = h.app.lights      # the LEDs show the card's fur colour
    assert lights.mode == STATIC and lights.colors[0] == C.COLOUR_RGB[card >> 2]
    # the clock ticking redraws only the header, and gives the frame a full redraw would
    shown = m.shown_t
    while m.shown_t == shown:
        h.frames(1)
    assert bytes(h.hal.display.buf) == frame(h)
    # turn the ghost about each axis: the orientation and what it would form follow
    seen = set()
    pvs = []
    for key, turn_mode in TURN_KEYS + TURN_KEYS:
        if turn_mode and m.mode != TURN:
            h.press(api.PRESS)
        before = m.orient
        shot = frame(h)
        h.press(key)
        assert m.orient != before
        assert frame(h) != shot
        x, y, z = m.cells[m.ci]
        assert m.pv == st.preview(x, y, z, m.orient)
        seen.add(m.orient)
        pvs.append(tuple(m.pv))
    assert len(seen) >= 3 and len(set(pvs)) > 1
    # on top of the start die in the first round: refused, not a wrong call
    goto(h, m, (0, 0, 1))
    assert m.err is not None
    h.press(api.KEY_A)
    assert "first round" in m.message and st.status[0] == C.RACING and m.res[0] == C.RACING
    # a correct placement
    x, y, z, o = st.matches()[0]
    goto(h, m, (x, y, z))
    turn_to(h, m, o)
    h.press(api.KEY_A)
    assert st.status[0] == C.CORRECT and m.message.startswith("Correct")
    assert lights.mode == FLASH and lights.color == (0, 200, 60)
    # BEN's leg: the card hidden until he is ready; he passes from the pause box
    assert m.ready() == 1
    h.press(api.KEY_A)
    assert m.racer() == 1
    h.press(api.KEY_B)
    assert m.paused
    h.press(api.KEY_Y)
    assert m.view == RESULT and st.won[0] == [card]
    h.press(api.KEY_A)
    assert m.view == PLAY and m.ready() == 1   # the start passes to BEN
    # X shows the cards won (any key goes back), then A shows BEN the card
    shot = frame(h)
    h.press(api.KEY_X)
    assert m.cards and frame(h) != shot
    h.press(api.KEY_A)
    assert not m.cards and frame(h) == shot and m.ready() == 1


def play_rules(st, done):
    """Plays a two-human game on the rules until done(st): in each round the first
    human places a matching die (stacked when possible), the other passes or is
    stopped."""
    for _ in range(60):
        if done(st):
            return st
        rounds = st.rounds
        p = st.leg_owner()
        st.apply((p, C.GO, st.t))
        ms = st.matches()
        high = [a for a in ms if a[2] > 0]
        if ms:
            x, y, z, o = (high or ms)[0]
            st.apply((p, C.PLACE, x, y, z, o, st.t + 1000))
        else:
            st.apply((p, C.PASS, st.t + 1000))
        while st.rounds == rounds:
            q = st.leg_owner()
            if not st.leg_started():
                st.apply((q, C.GO, st.t))
            elif st.can_act(q, st.t):
                st.apply((q, C.PASS, st.t))
            else:
                st.apply(st.system_action(st.t + 1))
    raise AssertionError("never reached")


def first_stacked(seed):
    """A two-human game until a die stands on another."""
    return play_rules(C.CubingosState(2, seed, {"humans": 3}),
                      lambda st: any(d[2] > 0 for d in st.dice()))


def test_free_dice_are_taken_with_buttons(tmp_path):
    st = play_rules(C.CubingosState(2, 1, {"humans": 3, "free_dice": True}),
                    lambda st: st.phase == C.TAKING)
    h, m = start(tmp_path, state=st, options={"free_dice": True})
    p = st.starter
    assert m.taker() == p and not st.holding[p]
    assert set(m.res) == {C.OUT}             # no stale outcome of the last round
    assert sorted(m.cells) == sorted(st.free_dice())
    dice = len(st.dice())
    h.press(api.RIGHT)
    x, y, z = m.cells[m.ci]
    h.press(api.KEY_A)
    assert st.holding[p] and len(st.dice()) == dice - 1 and st.die_at(x, y, z) is None
    assert "takes" in m.message


def test_floating_cell_is_refused_without_a_wrong_call(tmp_path):
    st = first_stacked(5)
    h, m = start(tmp_path, state=st)
    p = m.ready()
    h.press(api.KEY_A)
    assert m.racer() == p
    floating = [c for c in m.cells if c[2] > 0 and st.die_at(c[0], c[1], c[2] - 1) is None]
    assert floating
    goto(h, m, floating[0])
    assert "float" in m.err
    h.press(api.KEY_A)
    assert "float" in m.message and m.bad
    assert st.status[p] == C.RACING and m.res[p] == C.RACING
    # a legal placement that forms the wrong creature is a wrong call
    legal = [c for c in st.legal_cells()]
    for x, y, z in legal:
        for o in range(24):
            found = st.preview(x, y, z, o)
            if all(f[0] != st.card for f in found):
                goto(h, m, (x, y, z))
                turn_to(h, m, o)
                h.press(api.KEY_A)
                assert st.status[p] == C.WRONG and m.message.startswith("Wrong")
                return
    raise AssertionError("every placement forms the card")


def test_turning_the_view_four_times_gives_the_same_frame(tmp_path):
    h, m = start(tmp_path, state=first_stacked(2))
    shot = frame(h)
    h.press(api.KEY_Y)
    assert frame(h) != shot
    for _ in range(3):
        h.press(api.KEY_Y)
    assert frame(h) == shot
    h.press(api.KEY_A)  # and while racing, the ghost included (below the clock)
    h.press(api.RIGHT)
    shot = frame(h)[30 * 240:]
    for _ in range(4):
        h.press(api.KEY_Y)
    assert frame(h)[30 * 240:] == shot


def test_button_mashing_never_raises(tmp_path):
    h, m = start(tmp_path, kinds=("human", "easy", "human", "hard"), seed=11,
                 options={"free_dice": True, "limit_ms": 20000})
    rng = Rng(99)
    for _ in range(1000):
        if h.app.top() is not m:  # the game ended and A left it
            assert m.st.is_terminal()
            break
        kind = (api.PRESSED, api.RELEASED, api.REPEAT)[rng.below(3)]
        b = rng.below(api.NUM_BUTTONS)
        if b == api.KEY_B or (b == api.KEY_X and m.paused):
            continue  # stay in the game
        h.hal.buttons.inject(api.event(kind, b))
        if rng.below(3) == 0:
            h.clock += 33 + rng.below(900)
            h.app.tick(h.clock)
    assert m.st.rounds > 0


def saved_game(tmp_path):
    """A human and two bots, a round played and the next one waiting for the human."""
    h, m = start(tmp_path, kinds=("human", "medium", "hard"), seed=4)
    h.press(api.KEY_A)
    x, y, z, o = m.st.matches()[0]
    goto(h, m, (x, y, z))
    turn_to(h, m, o)
    h.press(api.KEY_A)
    run(h, m, lambda: m.view == RESULT)
    h.press(api.KEY_A)
    run(h, m, lambda: m.ready() >= 0)
    return m


def check_resumed(h2, m, m2, before):
    assert type(m2).__name__ == "CubingosPlay"
    assert m2.st.to_dict() == before
    assert m2.kinds == ["human", "medium", "hard"] and m2.names == m.names
    n = len(savegame.pending(h2.hal.storage)["actions"])
    assert m2.paused            # back from a power cut: paused until the player goes on
    h2.frames(3)
    h2.press(api.KEY_A)
    assert not m2.paused and m2.ready() == 0
    h2.press(api.KEY_A)   # goes on, and the save grows from where it was
    assert m2.racer() == 0
    assert len(savegame.pending(h2.hal.storage)["actions"]) == n + 1


def test_resume_rebuilds_the_same_game(tmp_path):
    m = saved_game(tmp_path)
    before = m.st.to_dict()
    h2 = Harness(tmp_path)
    info = savegame.pending(h2.hal.storage)
    assert info is not None and info["game"] == "cubingos"
    cubingos_game.resume(h2.app, info)
    h2.frames(1)  # the game's code loads in the frame after (app.soon)
    check_resumed(h2, m, h2.app.top(), before)


def test_the_boot_offer_resumes_a_cubingos_game(tmp_path):
    m = saved_game(tmp_path)
    before = m.st.to_dict()
    h2 = Harness(tmp_path)   # a power cut, and the next boot offers the game
    assert h2.top_name() == "ResumeScreen"
    assert h2.app.top().items[0].label() == "Resume Cubingos"
    h2.press(api.KEY_A)
    check_resumed(h2, m, h2.app.top(), before)


def drawn_box(m):
    """The bounding box (x0, y0, x1, y1) of the structure drawn alone with the ghost's
    outline on every cell it may visit and every creature it would form there."""
    import framebuf
    buf = bytearray(240 * 240)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    iso = m.iso
    iso.structure(fb, m.dice, m.occupied)
    for x, y, z in m.cells:
        iso.outline(fb, x, y, z, 5)
        iso.creatures(fb, m.st.preview(x, y, z, 0) or (), m.st.card)
    xs = [i % 240 for i in range(len(buf)) if buf[i]]
    ys = [i // 240 for i in range(len(buf)) if buf[i]]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_structure_always_fits_the_play_area_centred_in_every_view(tmp_path):
    """Seeded bots-only games: after every round and every turn of the view, all the
    structure and every ghost cell are drawn inside the play area, centred."""
    from shared_rules.cubingos.bots import bots_for
    from shared_rules import driver
    h = Harness(tmp_path)
    checked = 0
    for seed in (1, 2, 3, 4, 5, 6):
        st = C.CubingosState(3, seed, {"free_dice": seed % 2 == 0})
        agents = bots_for(["medium"] * 3, seed)
        log = []
        driver.play(st, agents, log=log)
        replay = C.CubingosState(3, seed, {"free_dice": seed % 2 == 0})
        rounds = -1
        for a in log:
            replay.apply(tuple(a))
            if replay.rounds == rounds or replay.rounds % 3:
                continue
            rounds = replay.rounds
            m = CubingosPlay(h.app, ["human"] * 3, ["A", "B", "C"], {}, seed,
                             state=C.CubingosState.from_dict(replay.to_dict()))
            for v in range(4):
                m.iso.turn(v)
                m.layout()
                x0, y0, w, hh = m.iso.box
                bx0, by0, bx1, by1 = drawn_box(m)
                assert x0 <= bx0 and bx1 < x0 + w and y0 <= by0 and by1 < y0 + hh, \
                    (seed, rounds, v, (bx0, by0, bx1, by1))
                # centred: the margins either side differ by a die's half-step at most
                assert abs((bx0 - x0) - (x0 + w - 1 - bx1)) <= m.iso.k + 2
                checked += 1
    assert checked > 40


def test_a_turn_of_the_view_refits_the_structure(tmp_path):
    d = C.CubingosState(2, 3, {"humans": 3}).to_dict()
    d["dice"] = [[0, 0, 0, 0]] + [[i, 0, 0, i % 24] for i in range(1, 7)] + \
        [[-i, 0, 0, 2 * i] for i in range(1, 6)]
    h, m = start(tmp_path, state=C.CubingosState.from_dict(d))
    h.press(api.KEY_A)
    before = frame(h)[32 * 240:184 * 240]   # the play area (the clock runs in the header)
    for _ in range(4):
        h.press(api.KEY_Y)
        x0, y0, w, hh = m.iso.box
        bx0, by0, bx1, by1 = drawn_box(m)
        assert x0 <= bx0 and bx1 < x0 + w and y0 <= by0 and by1 < y0 + hh
    assert frame(h)[32 * 240:184 * 240] == before   # four turns: the same structure again


def test_every_ghost_cell_is_reached_with_the_joystick_in_every_view():
    from app.games.cubingos.iso import View
    from app.games.cubingos.play import ghost_cells
    checked = []

    def check(st):
        cells = ghost_cells(st, st.legal_cells())
        for v in range(4):
            view = View(40, 32, 198, 150)
            view.turn(v)
            reach = {0}
            todo = [0]
            while todo:
                i = todo.pop()
                for b, dx, dy in MOVES:
                    j = step(view, cells, i, dx, dy)
                    if j not in reach:
                        reach.add(j)
                        todo.append(j)
            assert len(reach) == len(cells), (st.dice(), v)
        checked.append(len(st.dice()))
        return len(st.dice()) >= 10
    for seed in (1, 2, 3):
        play_rules(C.CubingosState(2, seed, {"humans": 3}), check)
    assert max(checked) >= 10


def test_the_race_explains_itself(tmp_path):
    """A lone human is never told to pass the console; the time limit shows beside the
    clock; after a wrong placement the title says the bots race (no bare "Waiting")."""
    from app.games.cubingos import draw as D
    h, m = start(tmp_path, kinds=("human", "medium"), seed=3, options={"limit_ms": 60000})
    assert m.ready() == 0
    text, col = D.prompt(m.scene_now())
    assert "Pass the console" not in text and "A shows the card" in text and "60 s" in text
    h.press(api.KEY_A)
    assert m.racer() == 0 and D.status(m.scene_now()).endswith("/60 s")
    wrong = None
    for x, y, z in m.st.legal_cells():
        for o in range(24):
            f = m.st.preview(x, y, z, o)
            if f is not None and not any(c[0] == m.st.card for c in f):
                wrong = (x, y, z, o)
                break
        if wrong:
            break
    goto(h, m, wrong[:3])
    turn_to(h, m, wrong[3])
    h.press(api.KEY_A)
    assert m.res[0] == C.WRONG
    if m.view == PLAY and m.st.phase == C.RACE:
        assert D.title(m.scene_now()) == "The bots race"
    seen = set()
    run(h, m, lambda: seen.add(D.title(m.scene_now())) or m.view == RESULT)
    assert not [t for t in seen if "Waiting" in t]
    h2, m2 = start(tmp_path / "two", kinds=("human", "human"), seed=3)
    assert "Pass the console to ANNA" in D.prompt(m2.scene_now())[0]


def test_a_finished_game_says_why_it_ended(tmp_path):
    from app.games.cubingos import draw as D
    h = Harness(tmp_path)
    games.load("cubingos").demo(h.app, 5)
    m = h.app.top()
    m.t_result = 50
    run(h, m, lambda: m.view == FINAL, limit=20000)
    text = D.end_reason(m.st)
    assert text.startswith("Game over: ")
    if m.st.pile:
        assert "pile is empty" not in text
    h.press(api.KEY_B)
    assert not m.paused         # nothing to pause once the game is over


def test_a_resumed_race_starts_paused_with_its_clock_where_it_was(tmp_path):
    h, m = start(tmp_path, kinds=("human", "medium", "hard"), seed=4)
    h.press(api.KEY_A)              # the human's leg starts; the save has the GO
    assert m.racer() == 0
    shown = m.st.elapsed_ms(savegame.pending(h.hal.storage)["elapsed"])
    before = m.st.to_dict()
    h2 = Harness(tmp_path)          # a power cut: the next boot offers the game
    h2.clock += 60000               # time passed while the power was off
    h2.press(api.KEY_A)
    m2 = h2.app.top()
    assert type(m2).__name__ == "CubingosPlay" and m2.paused
    h2.frames(100)                  # paused: no bot takes the card, the clock stands
    assert m2.st.to_dict() == before
    assert m2.st.elapsed_ms(m2.game_time(h2.app.now)) == shown
    h2.press(api.KEY_A)
    assert not m2.paused and m2.racer() == 0
    h2.frames(30)                   # one second on: the clock counts from where it was
    assert m2.st.elapsed_ms(m2.game_time(h2.app.now)) - shown <= 1100


def test_the_four_expressions_differ_at_a_glance():
    """Each pair of mouth glyphs differs in at least 9 of 15 pixels and in ink, drawn at
    1 px (the small icons) as at 3 px (the card)."""
    import framebuf
    from app.games.cubingos import faces as I
    drawn = []
    for m in range(4):
        for s in (1, 3):
            buf = bytearray(20 * 20)
            fb = framebuf.FrameBuffer(buf, 20, 20, framebuf.GS8)
            I.glyph(fb, m, 10, 10, I.INK, s)
            assert set(buf) == {0, I.GLYPH_INK[m]}
        bits = [(r >> (4 - i)) & 1 for r in I.GLYPHS[m] + (0,) * (3 - len(I.GLYPHS[m]))
                for i in range(5)]
        drawn.append(bits)
    for a in range(4):
        for b in range(a + 1, 4):
            assert sum(x != y for x, y in zip(drawn[a], drawn[b])) >= 9
            assert I.GLYPH_INK[a] != I.GLYPH_INK[b]


def test_off_the_pico_the_dice_go_through_framebuf():
    """The Thumb loop is never tried off an RP2040 (tests/test_device_cubingos.py holds it
    to the framebuf path there): a View given the display's frame draws through framebuf."""
    import framebuf
    from app.games.cubingos import iso as I
    assert I._kernel() is None
    buf = bytearray(240 * 240)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS8)
    view = I.View(40, 32, 198, 150, fb, buf)
    assert view.fb is None and view.job is None
    view.fit([(0, 0, 0)])
    view.structure(fb, [(0, 0, 0, 0, True)], lambda x, y, z: False)
    # the start die's three faces in their three shades, its seams and outline
    from app.games.cubingos.faces import PLAIN, SEAM, INK
    assert set(PLAIN[1]) | {SEAM, INK} <= set(buf)
