"""Cubingos bots: whole games to the end (bots, random players, hot seat), determinism,
the levels' pace and error rates on the virtual clock.

MicroPython subset (runs under CPython and real MicroPython)."""
import sys

from shared_rules import driver
from shared_rules.game import SYSTEM
from shared_rules.cubingos.rules import (CubingosState, PLACE, PASS, GO, TAKE, CORRECT, WRONG,
                                   OVER)
from shared_rules.cubingos.bots import CubingosBot, bots_for, make_bot, LEVELS, PARAMS

MICRO = sys.implementation.name == "micropython"


def check_end(g):
    assert g.is_terminal() and g.phase == OVER
    s = g.scores()
    assert sum(s) + len(g.pile) == 16
    assert sum(s) == sum(len(w) for w in g.won)
    for x, y, z, o, start in g.dice():
        assert z == 0 or g.die_at(x, y, z - 1) is not None
    if not g.options["free_dice"]:
        # all dice placed, or no card left, or the pile went round twice unwon
        assert (len(g.dice()) == 13 and True not in g.holding) or not g.pile \
            or g.fails >= 2 * len(g.pile)
        assert len(g.dice()) == 1 + sum(s)


def test_bots_play_whole_games_and_replay():
    cases = ((("easy", "medium", "hard"), {}),
             (("hard", "easy"), {"free_dice": True}))
    if not MICRO:
        cases += ((("medium", "medium", "easy", "hard"), {"limit_ms": 8000}),)
    for levels, opts in cases:
        n = len(levels)
        g = CubingosState(n, 21, opts)
        log = driver.play(g, bots_for(levels, 3))
        check_end(g)
        again = driver.replay(CubingosState, n, 21, opts, log)
        assert again.to_dict() == g.to_dict()
        h = CubingosState(n, 21, opts)
        assert driver.play(h, bots_for(levels, 3)) == log
        if opts.get("free_dice"):
            assert [a for a in log if a[1] == TAKE]


def test_random_players_play_whole_games():
    for seed in range(2 if MICRO else 6):
        for opts in ({}, {"free_dice": True}, {"humans": 3}):
            g = CubingosState(3, seed, opts)
            log = driver.play(g, [driver.RandomAgent(seed * 10 + i) for i in range(3)])
            check_end(g)
            assert driver.replay(CubingosState, 3, seed, opts, log).scores() == g.scores()


class Recorder:
    """Wraps a bot: notes each placement's time in its leg and whether it was right."""

    def __init__(self, bot):
        self.bot = bot
        self.times = []
        self.right = 0
        self.wrong = 0

    def act(self, state, player, now):
        a = self.bot.act(state, player, now)
        if a is not None and a[1] == PLACE:
            self.times.append(now - state.leg_t0)
            g = state.clone()
            g.apply(a)
            if g.status[player] == CORRECT or g.rounds > state.rounds and \
                    g.last_round[1] == player:
                self.right += 1
            else:
                self.wrong += 1
        return a


class Slowpoke:
    """Never places (the time limit stops it): lets a bot race alone."""

    def act(self, state, player, now):
        return None


def test_levels_differ_in_pace_and_errors():
    stats = {}
    games = 3 if MICRO else 12
    for level in LEVELS:
        rec = Recorder(make_bot(level, 7))
        for seed in range(games):
            g = CubingosState(2, 100 + seed, {"limit_ms": 40000})
            driver.play(g, [rec, Slowpoke()], tick_ms=100)
        n = len(rec.times)
        stats[level] = (sum(rec.times) // n, rec.wrong * 100 // n, n)
    e, m, h = stats["easy"], stats["medium"], stats["hard"]
    assert e[0] > m[0] > h[0], stats
    if not MICRO:
        assert e[1] > m[1] >= h[1], stats
        assert 8 <= e[1] <= 35 and h[1] <= 8, stats
    # a hard bot finds its card within a few seconds of the leg's start
    assert h[0] < 8000, stats


def test_bots_wait_on_the_clock_and_never_act_when_they_cannot_win():
    g = CubingosState(2, 30)
    g.apply((SYSTEM, GO, 1000))
    bot = CubingosBot("hard", 1)
    assert bot.act(g, 0, 1000) is None          # still looking
    t = 1000
    a = None
    while a is None:
        t += 10
        a = bot.act(g, 0, t)
    assert a[0] == 0 and a[-1] == t and a[1] in (PLACE, PASS)
    assert t - 1000 >= PARAMS["hard"]["think"] * 8 // 10
    # once someone else has won faster, the bot keeps quiet
    h = CubingosState(2, 30)
    h.apply((SYSTEM, GO, 1000))
    h.apply((1, PLACE) + tuple(h.matches()[0]) + (1500,))
    assert CubingosBot("hard", 1).act(h, 0, 1000 + 20000) is None


def test_bots_race_in_the_first_hot_seat_leg():
    g = CubingosState(3, 31, {"humans": 1})

    class Human:
        def act(self, state, p, now):
            if state.leg_owner() == p and not state.leg_started():
                return (p, GO, now + 0)
            if state.can_act(p, now) and now - state.leg_t0 >= 60000:
                return (p, PASS, now)
            return None

    bots = bots_for(("medium", "hard"), 4)
    log = driver.play(g, [Human(), bots[0], bots[1]])
    check_end(g)
    assert [a for a in log if a[0] == 0 and a[1] == GO]
    assert not [a for a in log if a[0] == SYSTEM and a[1] == GO]
    assert g.scores()[0] == 0 and sum(g.scores()) > 0


def test_bot_levels_are_checked():
    try:
        CubingosBot("genius")
        assert False
    except ValueError:
        pass
