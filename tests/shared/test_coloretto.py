"""Coloretto rules (../shared/rules/coloretto.md) on CPython and MicroPython."""
import json

from shared_rules.game import IllegalAction, TERMINAL
from shared_rules import driver
from shared_rules.coloretto import rules as C
from shared_rules.coloretto.rules import (Coloretto, score_player, DRAW, PLACE, TAKE, ASSIGN,
                                    JOKER, PLUS2, LAST)

YELLOW, ORANGE, RED, PINK, GREEN, BLUE, BROWN = 0, 1, 2, 3, 4, 5, 6
ONLINE = {"preset": "online"}


# -- helpers -------------------------------------------------------------------
def census(g):
    """Every card's whereabouts, by kind: must always be 9 per colour, 3, 10, 1."""
    out = [0] * 10
    for c in g.deck:
        out[c] += 1
    for row in g.rows:
        for c in row:
            out[c] += 1
    if g.drawn >= 0:
        out[g.drawn] += 1
    for coll in g.coll:
        for k in range(9):
            out[k] += coll[k]
    for c in g.discard:
        out[c] += 1
    for k in g.removed:
        out[k] += 9
    if g.last_round:
        out[LAST] += 1
    return out


FULL_DECK = [9] * 7 + [3, 10, 1]


def draw_place(g, r):
    p = g.current_player()
    g.apply((p, DRAW))
    g.apply((p, PLACE, r))
    return p


def take(g, r):
    p = g.current_player()
    g.apply((p, TAKE, r))
    return p


def expect_illegal(g, action, words):
    before = g.to_dict()
    try:
        g.apply(action)
    except IllegalAction as e:
        msg = str(e)
        for w in words:
            assert w in msg, "%r not in %r" % (w, msg)
        assert g.to_dict() == before, "state changed by %r" % (action,)
        assert action not in g.legal_actions(action[0])
        return msg
    assert False, "accepted %r" % (action,)


def brute(counts, jokers, table):
    """Best score by trying every joker colour and every choice of plus colours."""
    t = C.TABLES[table]
    best = None
    assigns = [[]]
    for _ in range(jokers):
        assigns = [a + [k] for a in assigns for k in range(7)]
    for a in assigns:
        w = list(counts)
        for k in a:
            w[k] += 1
        vals = [t[min(c, 6)] for c in w]
        for i in range(7):
            for j in range(i, 7):
                for k in range(j, 7):
                    plus = set((i, j, k))
                    s = 0
                    for x in range(7):
                        s += vals[x] if x in plus else -vals[x]
                    if best is None or s > best:
                        best = s
    return best


# -- scoring -----------------------------------------------------------------------
def test_rulebook_example_41_points():
    # 1 joker, one +2, 6 green, 4 yellow, 3 red, 2 blue: joker to yellow.
    counts = [4, 0, 3, 0, 6, 2, 0]
    assert score_player(counts, jokers=1, plus2=1) == 41
    assert score_player(counts, 1, 1, "brown") == 41
    g = Coloretto(4, seed=1)
    g.coll[0] = counts + [1, 1]
    assert g.score(0) == 41
    assert g.best_assignment(0) == (YELLOW,)
    assert g.score_with(0, (YELLOW,)) == 41
    assert g.score_with(0, (GREEN,)) == 21 + 10 + 6 - 3 + 2
    rows, plus2, total = g.breakdown(0)
    assert plus2 == 2 and total == 41
    assert rows[0] == (GREEN, 6, 0, 21)
    assert rows[1] == (YELLOW, 4, 1, 15)
    assert rows[2] == (RED, 3, 0, 6)
    assert rows[3] == (BLUE, 2, 0, -3)


def test_seed_example_56_plus_two_per_plus2():
    counts = [6, 6, 6, 2, 2, 1, 0]
    assert score_player(counts) == 3 * 21 - 2 * 3 - 1 == 56
    for k in range(4):
        assert score_player(counts, plus2=k) == 56 + 2 * k


def test_scoring_tables_and_caps():
    assert [score_player([c, 0, 0, 0, 0, 0, 0]) for c in range(10)] == [
        0, 1, 3, 6, 10, 15, 21, 21, 21, 21]
    assert [score_player([c, 0, 0, 0, 0, 0, 0], table="grey") for c in range(8)] == [
        0, 1, 4, 8, 7, 6, 5, 5]
    # fewer than three colours: all plus; the fourth and later: minus
    assert score_player([2, 1, 0, 0, 0, 0, 0]) == 4
    assert score_player([3, 3, 3, 3, 0, 0, 0]) == 12
    # grey: the plus colours are the best-scoring ones, not the biggest
    assert score_player([6, 3, 3, 3, 0, 0, 0], table="grey") == 8 + 8 + 8 - 5
    try:
        score_player([1] * 7, table="green")
        assert False
    except ValueError:
        pass


def test_jokers_are_placed_optimally():
    cases = [([0] * 7, 3), ([6, 5, 0, 0, 0, 0, 0], 2), ([5, 4, 4, 1, 1, 0, 0], 3),
             ([1, 1, 1, 1, 1, 1, 1], 1), ([6, 6, 6, 6, 0, 0, 0], 3), ([2, 2, 0, 0, 0, 0, 0], 1)]
    for table in ("brown", "grey"):
        for counts, j in cases:
            assert score_player(counts, j, 0, table) == brute(counts, j, table), (counts, j, table)
    # grey: a joker may be best on a minus colour (3 -> 4 cards is worth less)
    assert score_player([3, 3, 3, 3, 0, 0, 0], 1, 0, "grey") == brute([3, 3, 3, 3, 0, 0, 0], 1, "grey")


# -- setup -------------------------------------------------------------------------
def test_setup_original():
    for n in (2, 3, 4, 5):
        g = Coloretto(n, seed=n)
        assert census(g) == FULL_DECK
        assert len(g.removed) == {2: 2, 3: 1, 4: 0, 5: 0}[n]
        assert len(g.colours) + len(g.removed) == 7
        assert g.cap == ([1, 2, 3] if n == 2 else [3] * n)
        starting = []
        for p in range(n):
            coll = g.coll[p]
            assert sum(coll) == (2 if n == 2 else 1)
            assert coll[JOKER] == coll[PLUS2] == 0
            for k in range(7):
                if coll[k]:
                    assert coll[k] == 1 and k not in g.removed
                    starting.append(k)
        assert len(set(starting)) == len(starting)  # all different colours
        assert g.deck.index(LAST) == 15  # 15 cards under it
        assert g.deck_size() == 77 - 9 * len(g.removed) - len(starting)
        assert 0 <= g.current_player() < n and g.start == g.current_player()
        assert g.legal_actions() == [(g.turn, DRAW)]


def test_setup_online():
    for n in (2, 3, 4, 5):
        g = Coloretto(n, seed=n, options=ONLINE)
        assert census(g) == FULL_DECK
        assert g.cap == [3] * n  # also with 2 players
        assert all(sum(c) == 0 for c in g.coll)  # no starting card
        assert g.deck.index(LAST) == 14  # 15th from the bottom
        assert g.cards_before_last() == g.deck_size() - 15


def test_options_are_checked():
    for bad in ({"preset": "deluxe"}, {"scoring_table": "green"}, {"speed": 1}):
        try:
            Coloretto(3, options=bad)
            assert False, bad
        except ValueError:
            pass
    for n in (1, 6):
        try:
            Coloretto(n)
            assert False
        except ValueError:
            pass
    g = Coloretto(3, options={"preset": "online", "scoring_table": "grey"})
    assert g.online and g.table[3] == 8


def test_seed_reproduces_the_setup():
    assert Coloretto(4, seed=99).to_dict() == Coloretto(4, seed=99).to_dict()
    assert Coloretto(4, seed=99).deck != Coloretto(4, seed=100).deck


# -- play --------------------------------------------------------------------------
def test_draw_then_place_and_turn_order():
    g = Coloretto(3, seed=5)
    p = g.current_player()
    size = g.deck_size()
    top = g.deck[-1]
    g.apply((p, DRAW))
    assert g.drawn == top and g.deck_size() == size - 1
    assert g.current_player() == p and g.phase == C.PHASE_PLACE
    assert g.legal_actions(p) == [(p, PLACE, 0), (p, PLACE, 1), (p, PLACE, 2)]
    expect_illegal(g, (p, DRAW), ["place the drawn card"])
    expect_illegal(g, (p, TAKE, 0), ["place the drawn card"])
    g.apply((p, PLACE, 1))
    assert g.rows[1] == [top] and g.drawn == -1
    assert g.current_player() == (p + 1) % 3
    assert census(g) == FULL_DECK


def test_row_capacity_and_taken_rows():
    g = Coloretto(3, seed=8)
    for _ in range(3):
        draw_place(g, 0)
    assert len(g.rows[0]) == 3 and not g.row_open(0)
    p = g.current_player()
    g.apply((p, DRAW))
    assert (p, PLACE, 0) not in g.legal_actions(p)
    expect_illegal(g, (p, PLACE, 0), ["row 1", "full"])
    g.apply((p, PLACE, 1))
    q = take(g, 0)
    assert g.taker[0] == q and g.took[q] == 0 and g.rows[0] == []
    r = g.current_player()
    assert r != q
    g.apply((r, DRAW))
    expect_illegal(g, (r, PLACE, 0), ["row 1", "taken"])
    g.apply((r, PLACE, 2))
    s = g.current_player()
    expect_illegal(g, (s, TAKE, 0), ["row 1", "taken"])
    assert census(g) == FULL_DECK


def test_a_row_can_be_taken_only_with_cards_and_full_rows_force_a_take():
    g = Coloretto(3, seed=2)
    p = g.current_player()
    expect_illegal(g, (p, TAKE, 1), ["row 2", "empty"])
    for r in (0, 0, 0, 1, 1, 1, 2, 2, 2):
        draw_place(g, r)
    p = g.current_player()
    assert not g.can_draw()
    assert g.legal_actions(p) == [(p, TAKE, 0), (p, TAKE, 1), (p, TAKE, 2)]
    expect_illegal(g, (p, DRAW), ["no row has room"])


def test_out_of_turn_and_bad_input():
    g = Coloretto(4, seed=3)
    p = g.current_player()
    q = (p + 1) % 4
    assert g.legal_actions(q) == []
    expect_illegal(g, (q, DRAW), ["player %d's turn" % (p + 1,), "not player %d" % (q + 1,)])
    expect_illegal(g, (p, PLACE, 0), ["draw a card before placing"])
    expect_illegal(g, (p, TAKE, 7), ["no row 8"])
    expect_illegal(g, (p, TAKE, -1), ["no row"])
    expect_illegal(g, (9, DRAW), ["no player"])
    expect_illegal(g, (p, 42), ["unknown kind"])
    expect_illegal(g, (p, ASSIGN, 0), ["end of the game"])
    expect_illegal(g, (p, DRAW, 1), ["no argument"])
    expect_illegal(g, (p, TAKE), ["one row"])
    draw_place(g, 0)
    q = take(g, 0)
    # q sits out the rest of the round
    expect_illegal(g, (q, DRAW), ["took row 1", "next round"])


def test_round_end_start_player_original():
    g = Coloretto(3, seed=11)
    s = g.start
    assert draw_place(g, 0) == s
    assert take(g, 0) == (s + 1) % 3
    assert draw_place(g, 1) == (s + 2) % 3
    assert take(g, 1) == s
    # (s + 2) is alone now: it may keep drawing until it takes
    assert draw_place(g, 2) == (s + 2) % 3
    assert draw_place(g, 2) == (s + 2) % 3
    assert take(g, 2) == (s + 2) % 3
    # the player who took the last row starts the next round; rows emptied and free
    assert g.round_no == 2
    assert g.start == g.current_player() == (s + 2) % 3
    assert g.rows == [[], [], []] and g.taker == [-1, -1, -1] and g.took == [-1, -1, -1]
    assert census(g) == FULL_DECK


def test_round_end_start_player_online():
    g = Coloretto(3, seed=11, options=ONLINE)
    s = g.start
    assert draw_place(g, 0) == s
    assert take(g, 0) == (s + 1) % 3
    assert draw_place(g, 1) == (s + 2) % 3
    assert take(g, 1) == s
    assert draw_place(g, 2) == (s + 2) % 3
    assert take(g, 2) == (s + 2) % 3
    # the start passes on clockwise, whoever took the last row
    assert g.round_no == 2
    assert g.start == g.current_player() == (s + 1) % 3
    # and on again the round after
    while g.round_no == 2:
        p = g.current_player()
        g.apply(g.legal_actions(p)[-1])
    assert g.start == g.current_player() == (s + 2) % 3


def test_two_player_rows_and_the_third_row_discarded():
    g = Coloretto(2, seed=4)
    assert g.cap == [1, 2, 3]
    s = g.start
    draw_place(g, 0)
    p = g.current_player()
    g.apply((p, DRAW))
    expect_illegal(g, (p, PLACE, 0), ["row 1", "full (1 card)"])
    g.apply((p, PLACE, 1))
    third = g.deck[-1]
    draw_place(g, 2)
    row0 = list(g.rows[0])
    row1 = list(g.rows[1])
    q = take(g, 0)
    assert q == (s + 1) % 2
    assert g.coll[q][row0[0]] >= 1
    r = take(g, 1)
    assert r == s
    # both players took a row: the third row (holding `third`) is out of the game
    assert g.discard == [third]
    assert g.rows == [[], [], []]
    assert g.round_no == 2 and g.start == r
    assert census(g) == FULL_DECK
    assert row1


def test_two_player_online_has_two_rows_of_three():
    g = Coloretto(2, seed=4, options=ONLINE)
    assert g.cap == [3, 3]
    for _ in range(3):
        draw_place(g, 0)
    p = g.current_player()
    g.apply((p, DRAW))
    expect_illegal(g, (p, PLACE, 0), ["full (3 cards)"])


def play_to_last_card(g):
    """Plays (draw, place on an open row, take when nothing is open) until the last-round
    card has come up; returns the deck size right after."""
    while not g.last_round:
        p = g.current_player()
        if g.phase == C.PHASE_PLACE:
            g.apply((p, PLACE, g.open_rows()[0]))
        elif g.can_draw():
            g.apply((p, DRAW))
        else:
            g.apply(g.legal_actions(p)[-1])
    return g.deck_size()


def test_last_round_card_position_original():
    g = Coloretto(4, seed=21)
    above = g.cards_before_last()
    assert above == g.deck_size() - 16
    left = play_to_last_card(g)
    # 15 cards were under it; the card drawn in its place came from them
    assert left == 14
    assert g.last_round and g.drawn >= 0 and g.drawn != LAST
    assert g.cards_before_last() == -1
    assert LAST not in g.deck
    assert census(g) == FULL_DECK
    finish_round_then_check_end(g)


def test_last_round_card_position_online():
    g = Coloretto(4, seed=21, options=ONLINE)
    left = play_to_last_card(g)
    assert left == 13  # 14 were under it
    assert g.last_round_by >= 0
    finish_round_then_check_end(g)


def finish_round_then_check_end(g):
    rnd = g.round_no
    while g.phase in (C.PHASE_TURN, C.PHASE_PLACE):
        p = g.current_player()
        acts = g.legal_actions(p)
        g.apply(acts[-1])  # takes when it can, so the round ends soon
        assert g.round_no == rnd, "the game went on after the last round"
    assert g.phase in (C.PHASE_ASSIGN, C.PHASE_OVER)
    finish_assignments(g)
    assert g.is_terminal() and g.current_player() == TERMINAL
    assert g.legal_actions(0) == []
    expect_illegal_over(g)


def finish_assignments(g):
    while g.phase == C.PHASE_ASSIGN:
        p = g.current_player()
        g.apply((p, ASSIGN) + g.best_assignment(p))


def expect_illegal_over(g):
    try:
        g.apply((0, DRAW))
        assert False
    except IllegalAction as e:
        assert "over" in str(e)


def test_joker_assignment_at_the_end():
    g = Coloretto(4, seed=6)
    # jump to the end of the last round: players 1, 2, 4 took rows 1, 2, 4
    g.coll[0] = [4, 0, 3, 0, 6, 2, 0, 0, 1]
    g.coll[1] = [0, 5, 0, 3, 0, 0, 1, 2, 0]
    g.coll[2] = [2, 2, 2, 2, 0, 0, 0, 1, 3]
    g.coll[3] = [0, 0, 0, 0, 0, 0, 4, 0, 0]
    g.last_round = True
    g.took = [0, 1, -1, 3]
    g.taker = [0, 1, -1, 3]
    g.turn = 2
    g.rows = [[], [], [PLUS2], []]
    p = take(g, 2)
    assert p == 2 and g.coll[2][PLUS2] == 4
    # joker holders assign in seat order; player 1 holds none
    assert g.phase == C.PHASE_ASSIGN and g.current_player() == 1
    live = g.scores()
    best = g.best_assignment(1)
    assert len(best) == 2 and g.score_with(1, best) == live[1]
    legal = g.legal_actions(1)
    assert (1, ASSIGN) + best in legal
    assert len(legal) == 28  # multisets of 2 colours out of 7
    assert g.legal_actions(2) == []
    expect_illegal(g, (1, ASSIGN, BROWN), ["2 jokers", "2 colours"])
    expect_illegal(g, (1, ASSIGN, BROWN, ORANGE), ["ascending"])
    expect_illegal(g, (2, ASSIGN, BROWN), ["player 2 chooses"])
    expect_illegal(g, (1, TAKE, 0), ["joker colours"])
    # a player may choose differently from the suggestion; the score follows the choice
    worse = (1, ASSIGN, YELLOW, YELLOW)
    g.apply(worse)
    assert g.assigned[1] == (YELLOW, YELLOW)
    assert g.scores()[1] == g.score_with(1, (YELLOW, YELLOW)) < live[1]
    assert g.current_player() == 2
    g.apply((2, ASSIGN) + g.best_assignment(2))
    assert g.is_terminal()  # player 4 has no joker
    assert g.scores()[0] == score_player(g.coll[0][:7], 0, 1) == 21 + 10 + 6 - 3 + 2
    assert g.scores()[3] == 10
    bd = g.breakdown(1)
    assert bd[2] == g.scores()[1]
    assert g.breakdown(1, best)[2] == live[1]


def test_illegal_actions_never_change_the_state():
    g = Coloretto(3, seed=13)
    agents = [driver.RandomAgent(i) for i in range(3)]
    probes = []
    for p in range(4):
        for kind in range(6):
            probes.append((p, kind))
            for a in (-1, 0, 1, 2, 3):
                probes.append((p, kind, a))
    for step in range(60):
        if g.is_terminal():
            break
        legal = g.legal_actions(g.current_player())
        for q in range(3):
            if q != g.current_player():
                assert g.legal_actions(q) == []
        before = g.to_dict()
        for a in probes:
            if a in legal:
                continue
            try:
                g.apply(a)
                assert False, "accepted %r" % (a,)
            except IllegalAction:
                pass
        assert g.to_dict() == before
        p = g.current_player()
        g.apply(agents[p].act(g, p, 0))


def test_snapshot_round_trip_and_json():
    g = Coloretto(5, seed=17, options={"preset": "online", "scoring_table": "grey"})
    agents = [driver.RandomAgent(i) for i in range(5)]
    for i in range(70):
        p = g.current_player()
        g.apply(agents[p].act(g, p, 0))
        if i % 10 == 3:
            d = json.loads(json.dumps(g.to_dict()))
            h = Coloretto.from_dict(d)
            assert h.to_dict() == g.to_dict()
            assert h.legal_actions(h.current_player()) == g.legal_actions(g.current_player())
            assert h.scores() == g.scores()
    h = g.clone()
    while not g.is_terminal():
        p = g.current_player()
        a = agents[p].act(g, p, 0)
        g.apply(a)
        h.apply(a)
        assert h.to_dict() == g.to_dict()
    d = json.loads(json.dumps(g.to_dict()))
    assert Coloretto.from_dict(d).to_dict() == g.to_dict()


def test_whole_games_conserve_cards_and_score_by_the_table():
    for n in (2, 3, 4, 5):
        for opts in (None, ONLINE, {"scoring_table": "grey"}):
            seed = n * 7 + (1 if opts else 0)
            g = Coloretto(n, seed=seed, options=opts)
            agents = [driver.RandomAgent(seed + i) for i in range(n)]
            steps = 0
            while not g.is_terminal():
                p = g.current_player()
                legal = g.legal_actions(p)
                assert legal, "player %d has no move" % p
                g.apply(agents[p].act(g, p, 0))
                assert census(g) == FULL_DECK
                steps += 1
                assert steps < 1000
            assert g.last_round
            table = g.options["scoring_table"]
            for p in range(n):
                c = g.coll[p]
                w = list(c[:7])
                for k in g.assigned[p] or ():
                    w[k] += 1
                j = 0 if g.assigned[p] is not None else c[JOKER]
                assert g.scores()[p] == score_player(w, j, c[PLUS2], table)
            again = driver.replay(Coloretto, n, seed, opts, driver_log(n, seed, opts))
            assert again.scores() == g.scores()


def driver_log(n, seed, opts):
    g = Coloretto(n, seed=seed, options=opts)
    return driver.play(g, [driver.RandomAgent(seed + i) for i in range(n)])


def test_describe_action():
    g = Coloretto(3, seed=1)
    p = g.current_player()
    assert g.describe_action((p, DRAW)) == "Player %d draws a card" % (p + 1)
    g.apply((p, DRAW))
    name = C.CARD_NAMES[g.drawn]
    assert g.describe_action((p, PLACE, 2)) == "Player %d puts %s on row 3" % (p + 1, name)
    g.apply((p, PLACE, 2))
    q = g.current_player()
    assert g.describe_action((q, TAKE, 2)) == "Player %d takes row 3 (%s)" % (q + 1, name)
