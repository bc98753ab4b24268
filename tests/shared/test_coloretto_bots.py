"""Coloretto bots on CPython and MicroPython: legal, deterministic, no peeking."""
from shared_rules import driver
from shared_rules.coloretto import rules as C
from shared_rules.coloretto import bots as B
from shared_rules.coloretto.rules import Coloretto, DRAW, PLACE, TAKE, ASSIGN, LAST

SMALL = 60  # a small search budget keeps these tests quick under MicroPython


def play(n, seed, levels, options=None, steps=SMALL):
    g = Coloretto(n, seed=seed, options=options)
    agents = []
    for i in range(n):
        if levels[i] == "strong":
            agents.append(B.StrongBot(seed + i, steps=steps))
        else:
            agents.append(B.make_bot(levels[i], seed + i))
    log = driver.play(g, agents)
    return g, log


def test_make_bot_levels():
    assert B.LEVELS == ("random", "greedy", "strong")
    assert isinstance(B.make_bot("random", 1), driver.RandomAgent)
    assert isinstance(B.make_bot("greedy", 1), B.GreedyBot)
    assert isinstance(B.make_bot("strong", 1), B.StrongBot)
    try:
        B.make_bot("genius")
        assert False
    except ValueError:
        pass


def test_greedy_games_end_for_all_player_counts_and_presets():
    for n in (2, 3, 4, 5):
        for opts in (None, {"preset": "online"}, {"scoring_table": "grey"}):
            g, log = play(n, 40 + n, ["greedy"] * n, opts)
            assert g.is_terminal()
            again = driver.replay(Coloretto, n, 40 + n, opts, log)
            assert again.scores() == g.scores()
            # the end: every joker holder took the optimal assignment
            for p in range(n):
                if g.coll[p][C.JOKER]:
                    assert g.assigned[p] == g.best_assignment(p)


def test_greedy_values_rows_by_its_own_score_change():
    g = Coloretto(4, seed=3)
    p = g.turn
    g.coll[p] = [5, 2, 2, 0, 0, 0, 0, 0, 0]  # yellow, orange, red: 15 + 3 + 3
    bot = B.GreedyBot()
    assert B.TAKE_AT == 6
    g.rows = [[0], [3, 3], [], []]  # +6 (a sixth yellow) and -3 (a fourth colour)
    assert bot.act(g, p, 0) == (p, TAKE, 0)
    g.rows = [[3], [0, 3, 3], [], []]  # -1 and +6 - 3: nothing worth TAKE_AT, so draw
    assert bot.act(g, p, 0) == (p, DRAW)
    # a drawn orange goes where it adds most to p's value of the row:
    # row 1 (orange 2 -> 4 -> 5: +5), not row 2 (-1 -> +2: +3) nor the empty rows (+3)
    g.rows = [[1, 1], [3], [], []]
    g.apply((p, DRAW))
    g.drawn = 1
    assert bot.act(g, p, 0) == (p, PLACE, 0)
    # with nowhere to place, it must take: the best row even if it gains little
    g.drawn = -1
    g.phase = C.PHASE_TURN
    g.rows = [[3, 3, 3], [4, 4, 4], [5, 5, 3], [6, 0, 0]]
    assert bot.act(g, p, 0) == (p, TAKE, 3)


def test_strong_game_to_the_end_is_deterministic():
    g1, log1 = play(3, 5, ["strong", "greedy", "random"])
    g2, log2 = play(3, 5, ["strong", "greedy", "random"])
    assert g1.is_terminal() and log1 == log2 and g1.scores() == g2.scores()
    again = driver.replay(Coloretto, 3, 5, None, log1)
    assert again.scores() == g1.scores()


def test_strong_two_and_five_players_online():
    for n in (2, 5):
        g, log = play(n, 9, ["strong"] + ["greedy"] * (n - 1), {"preset": "online"}, steps=30)
        assert g.is_terminal()


def shuffled_twin(g, seed):
    """The same position with the unseen cards in another order (last-round card kept
    in its place): what a player cannot tell apart."""
    h = g.clone()
    deck = [c for c in h.deck if c != LAST]
    from shared_rules.rng import Rng
    Rng(seed).shuffle(deck)
    if LAST in g.deck:
        deck.insert(g.deck.index(LAST), LAST)
    h.deck = deck
    return h


def test_strong_bot_does_not_look_at_the_deck_order():
    g = Coloretto(3, seed=12)
    agents = [B.GreedyBot(i) for i in range(3)]
    checked = 0
    for i in range(40):
        p = g.current_player()
        if i % 6 == 2:
            h = shuffled_twin(g, i)
            assert h.deck != g.deck
            a = B.StrongBot(77, steps=40).act(g, p, 0)
            b = B.StrongBot(77, steps=40).act(h, p, 0)
            assert a == b
            assert a in g.legal_actions(p)
            checked += 1
        g.apply(agents[p].act(g, p, 0))
    assert checked >= 6


def test_bots_wait_when_it_is_not_their_turn_and_assign_jokers():
    g = Coloretto(3, seed=1)
    other = (g.turn + 1) % 3
    assert B.GreedyBot().act(g, other, 0) is None
    assert B.StrongBot().act(g, other, 0) is None
    g.coll[other][C.JOKER] = 2
    g.coll[other][4] = 3
    g.phase = C.PHASE_ASSIGN
    g.turn = other
    for bot in (B.GreedyBot(), B.StrongBot()):
        assert bot.act(g, other, 0) == (other, ASSIGN) + g.best_assignment(other)
