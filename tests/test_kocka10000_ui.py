"""Kocka 10000 through the real app: a whole hot-seat game of a human against a bot
played with buttons, picks refused with the reason, the bank refused under 350, the
bust moment, pause and quit, and a bots-only game to the end."""
from hal import api
from shared_rules.kocka10000 import rules as K
from shared_rules.kocka10000.bots import classic_choices, face_masks
from tests.apphelpers import Harness
from app.games.kocka10000.play import Kocka10000Play, TABLE, BOARD, FINAL


def start(tmp_path, kinds=("human", "medium"), seed=3, options=None, fast=True):
    h = Harness(tmp_path)
    people = ("ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI")
    names = [people[i] if kinds[i] == "human" else "BOT%d" % i for i in range(len(kinds))]
    m = Kocka10000Play(h.app, list(kinds), names, options or {}, seed)
    if fast:
        m.t_roll, m.t_bot, m.t_moment, m.t_board = 60, 40, 60, 60
    h.app.push(m)
    h.frames(1)
    return h, m


def pick(h, m, mask):
    """Moves the cursor over the dice and presses A on each one of `mask`."""
    n = len(m.st.roll)
    for i in range(n):
        if (mask >> i & 1) != (m.sel >> i & 1):
            while m.cursor != i:
                h.press(api.RIGHT)
            h.press(api.KEY_A)
    assert m.sel == mask


def wait_landed(h, m):
    for _ in range(200):
        if not m.rolling_until:
            return
        h.frames(1)
    raise AssertionError("the dice never landed")


def human_step(h, m):
    """One decision of a simple human: the most points of each roll, bank when allowed."""
    st = m.st
    if m.paused:
        h.press(api.KEY_A)
        return
    if m.rolling_until:
        h.frames(2)
        return
    if m.moments or m.view != TABLE:
        h.press(api.KEY_A)
        return
    if m.agents[st.turn] is not None:
        h.frames(2)
        return
    if st.phase == K.ROLLING:
        if m.joker_offer():
            h.press(api.RIGHT)
            h.press(api.KEY_A)
            assert st.joker
        h.press(api.KEY_X)
        return
    if st.face or m.collect:
        counts, masks = face_masks(st.roll)
        f = st.face or max(range(1, 7), key=lambda g: counts[g])
        mask = masks[f] if counts[f] else None
        if mask is None:  # the joker on the last die
            mask = 1
        if not m.collect:
            h.press(api.PRESS)
        pick(h, m, mask)
        h.press(api.KEY_X)
        return
    best = max(classic_choices(st.roll, st.double))
    pick(h, m, best[2])
    if m.bank_why is None and st.turn_total + best[0] >= 350:
        h.press(api.KEY_Y)
    else:
        h.press(api.KEY_X)


def test_a_whole_hot_seat_game_with_buttons(tmp_path):
    h, m = start(tmp_path)
    st = m.st
    seen = set()
    for _ in range(20000):
        if h.top_name() != "Kocka10000Play":
            break
        if m.moments:
            seen.add(m.moments[0][5])
        human_step(h, m)
    else:
        raise AssertionError("the game did not end")
    assert h.top_name() == "MainMenu"
    assert st.is_terminal() and max(st.totals) >= K.GOAL
    assert K.EV_WIN in seen and K.EV_BUST in seen
    assert st.totals[0] > 0 and st.totals[1] > 0


def test_bots_only_demo_reaches_the_end(tmp_path):
    h = Harness(tmp_path)
    from app.games.kocka10000 import setup as k10k_game
    k10k_game.demo(h.app, 11)
    m = h.app.top()
    m.t_roll, m.t_bot, m.t_moment, m.t_board = 40, 1, 40, 40
    kinds = set()
    for _ in range(40000):
        if m.view == FINAL and not m.moments:
            break
        h.frames(1)
        if m.moments:
            kinds.add(m.moments[0][5])
    assert m.st.is_terminal() and m.view == FINAL
    assert K.EV_WIN in kinds
    assert h.top_name() == "Kocka10000Play"  # the demo stays on the ranking


def to_my_roll(h, m):
    """From the scoreboard to the human's first roll on the table."""
    assert m.view == BOARD
    h.press(api.KEY_A)
    assert m.view == TABLE and m.st.phase == K.ROLLING
    h.press(api.KEY_X)
    wait_landed(h, m)


def test_an_invalid_pick_says_why(tmp_path):
    for seed in range(1, 40):
        h, m = start(tmp_path / str(seed), seed=seed)
        to_my_roll(h, m)
        st = m.st
        if st.phase != K.PICKING:
            continue
        lone = [i for i in range(len(st.roll)) if st.roll[i] in (2, 3, 4, 6)
                and st.roll.count(st.roll[i]) == 1]
        if not lone:
            continue
        pick(h, m, 1 << lone[0])
        assert m.scene.line2 == "a single %d doesn't score" % st.roll[lone[0]]
        assert not m.roll_ok
        before = (list(st.roll), st.turn_total, st.phase)
        h.press(api.KEY_X)
        assert (list(st.roll), st.turn_total, st.phase) == before  # refused
        assert m.message == "a single %d doesn't score" % st.roll[lone[0]]
        return
    raise AssertionError("no seed gave a lone non-scoring die")


def test_bank_refused_under_350_with_the_reason(tmp_path):
    for seed in range(1, 60):
        h, m = start(tmp_path / str(seed), seed=seed)
        to_my_roll(h, m)
        st = m.st
        if st.phase != K.PICKING:
            continue
        small = [c for c in classic_choices(st.roll) if c[0] < 350 and c[1] < len(st.roll)]
        if not small:
            continue
        pick(h, m, small[0][2])
        assert m.roll_ok and m.bank_why == "you need 350 to bank"
        assert "No bank: you need 350 to bank" == m.scene.line2
        h.press(api.KEY_Y)
        assert st.phase == K.PICKING and st.turn == 0 and st.totals[0] == 0
        assert m.message == "you need 350 to bank"
        h.press(api.KEY_X)  # rolling on is fine
        assert st.turn_total == small[0][0] or st.turn != 0
        wait_landed(h, m)
        h.frames(2)
        if st.turn == 0:  # the LEDs show the dice set aside
            gold = [c for c in h.hal.leds.pixels if c == (255, 150, 0)]
            assert len(gold) == len(st.aside) == small[0][1]
        return
    raise AssertionError("no seed gave a small first pick")


def test_bust_moment_lights_and_scoreboard(tmp_path):
    for seed in range(1, 200):
        h, m = start(tmp_path / str(seed), seed=seed)
        h.press(api.KEY_A)
        st = m.st
        tones = h.hal.buzzer.tones
        h.press(api.KEY_X)
        wait_landed(h, m)
        if st.turn == 0:
            continue
        # the first roll scored nothing: bust
        assert m.moments and m.moments[0][0] == "BUST!" and m.moments[0][6] == 0
        assert h.hal.buzzer.tones > tones
        h.frames(2)
        assert any(c == (255, 0, 0) for c in h.hal.leds.pixels)
        h.frames(100)
        assert m.moments, "a human's moment waits for A"
        h.press(api.KEY_A)
        assert not m.moments and m.view == BOARD and "bust" in m.scene.headline
        return
    raise AssertionError("no seed busts on the first roll")


def test_pause_resume_and_quit(tmp_path):
    h, m = start(tmp_path, kinds=("medium", "human"), fast=False)
    h.press(api.KEY_B)
    assert m.paused
    h.frames(300)
    assert m.view == BOARD and m.st.turn == 0 and not m.st.roll  # the bot waited
    h.press(api.KEY_A)
    assert not m.paused
    h.frames(300)
    assert m.st.roll or m.st.turn == 1  # the bot plays on
    h.press(api.KEY_B)
    h.press(api.KEY_X)
    h.press(api.KEY_A)  # confirm the quit
    assert h.top_name() == "MainMenu"
    assert all(c == (0, 0, 0) for c in h.hal.leds.pixels)


def test_setup_screen_starts_the_configured_game(tmp_path):
    h = Harness(tmp_path)
    h.open_menu_item("Kocka 10000")
    assert h.top_name() == "Kocka10000Setup"
    s = h.app.top()
    h.press(api.DOWN)           # Players
    h.press(api.RIGHT)          # 3
    h.press(api.DOWN)
    h.press(api.DOWN)           # seat 2
    h.press(api.LEFT)           # medium bot -> easy bot
    h.press(api.DOWN)           # seat 3
    h.press(api.LEFT)           # easy bot -> human
    assert s.names == ["ANNA", "ROBI", "BEN"]
    h.press(api.DOWN)           # finish round
    h.press(api.RIGHT)
    h.press(api.KEY_Y)
    m = h.app.top()
    assert type(m).__name__ == "Kocka10000Play"
    assert m.kinds == ["human", "easy", "human"] and m.names == ["ANNA", "ROBI", "BEN"]
    assert m.st.options["finish_round"] and not m.st.options["extra_dice_double"]


def test_mashing_buttons_through_a_hot_seat_game(tmp_path):
    """Random buttons (mixed with sensible moves) for two humans and a bot: nothing
    breaks, the game moves on, and a quit from the pause box starts a fresh game."""
    from shared_rules.rng import Rng
    rng = Rng(77)
    h, m = start(tmp_path, kinds=("human", "hard", "human"), seed=5)
    games = 1
    turns = set()
    moments = set()
    for _ in range(1000):
        if h.top_name() != "Kocka10000Play":
            h, m = start(tmp_path / str(games), kinds=("human", "hard", "human"), seed=games)
            games += 1
        if rng.below(3) == 0:
            human_step(h, m)  # a sensible move now and then, so the game gets somewhere
        else:
            b = rng.below(api.NUM_BUTTONS)
            if b == api.KEY_B and rng.below(4):
                b = api.KEY_A  # pause less often
            h.press(b)
        turns.add((games, m.st.round, m.st.turn))
        if m.moments:
            moments.add(m.moments[0][5])
    assert len(turns) >= 4 and K.EV_BUST in moments, (turns, moments)


def test_collecting_shows_the_face_and_offers_the_joker_at_five(tmp_path):
    """From 2,500 a human starts a collection with the joystick press, adds to it, sees
    how many are collected, and names a joker at five (never the collected face)."""
    for seed in range(1, 400):
        h, m = start(tmp_path / str(seed), seed=seed)
        st = m.st
        st.totals[0] = 3000
        to_my_roll(h, m)
        if st.phase != K.PICKING or not st.can_start_collection():
            continue
        counts, masks = face_masks(st.roll)
        f = max(range(1, 7), key=lambda g: counts[g])
        if counts[f] < 3:
            continue
        if not m.collect:
            h.press(api.PRESS)
        assert m.collect
        pick(h, m, masks[f])
        assert m.scene.line1 == "%ds: %d of 6" % (f, counts[f])
        assert m.bank_why == "a partial collection can't be banked"
        h.press(api.KEY_X)
        wait_landed(h, m)
        while st.turn == 0 and st.face == f and st.phase == K.PICKING and st.count < 5:
            assert m.collect and m.scene.line1 == "Collecting %ds: %d of 6" % (f, st.count)
            counts, masks = face_masks(st.roll)
            pick(h, m, masks[f])
            h.press(api.KEY_X)
            wait_landed(h, m)
        if not (st.turn == 0 and m.joker_offer()):
            continue
        assert st.count == 5 and st.phase == K.ROLLING
        seen = set()
        for _ in range(6):
            h.press(api.RIGHT)
            seen.add(m.joker_pick)
        assert seen == set(range(1, 7)) - {f}
        v = m.joker_pick
        h.press(api.KEY_A)
        assert st.joker == v and "Joker %d" % v in m.scene.line2
        h.press(api.KEY_X)
        wait_landed(h, m)
        assert st.turn == 1 or st.roll[0] in (f, v)
        return
    raise AssertionError("no seed collected five")
