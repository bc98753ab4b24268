"""The common game interface and the generic driver, on a toy game (CPython and MicroPython)."""
from shared_rules.game import IllegalAction, merge_options, SYSTEM
from shared_rules import driver
try:
    from tests.shared import toygame  # under pytest
except ImportError:
    import toygame  # under the MicroPython runner (tests/shared is on sys.path)


class Sleepy:
    """Never acts: the game's timeout must move things along."""

    def act(self, state, player, now):
        return None


def test_driver_plays_to_the_end_and_replay_matches():
    g = toygame.Race(3, seed=11)
    agents = [driver.RandomAgent(i) for i in range(3)]
    log = driver.play(g, agents)
    assert g.is_terminal()
    assert max(g.scores()) >= 20
    again = driver.replay(toygame.Race, 3, 11, None, log)
    assert again.scores() == g.scores()
    assert again.to_dict() == g.to_dict()


def test_system_actions_fire_when_due():
    g = toygame.Race(2, seed=1)
    log = driver.play(g, [Sleepy(), driver.RandomAgent(5)])
    assert g.is_terminal()
    assert any(a[0] == SYSTEM for a in log)
    assert g.scores()[0] == 0


def test_illegal_action_leaves_state_unchanged():
    g = toygame.Race(2, seed=3)
    before = g.to_dict()
    for bad in ((1, toygame.ROLL, 0), (0, 99, 0), (SYSTEM, toygame.TIMEOUT, 10)):
        try:
            g.apply(bad)
            assert False, "accepted %r" % (bad,)
        except IllegalAction:
            pass
        assert g.to_dict() == before


def test_snapshot_round_trip_mid_game():
    g = toygame.Race(2, seed=9)
    for t in range(0, 500, 100):
        g.apply(g.legal_actions(g.current_player(), t)[0])
    copy = g.clone()
    assert copy.to_dict() == g.to_dict()
    a = g.legal_actions(g.current_player(), 600)[0]
    g.apply(a)
    copy.apply(a)
    assert copy.to_dict() == g.to_dict()


def test_options_and_player_counts_are_checked():
    try:
        toygame.Race(1)
        assert False
    except ValueError:
        pass
    try:
        toygame.Race(2, options={"goal": 5, "speed": 2})
        assert False
    except ValueError:
        pass
    assert merge_options({"a": 1, "b": 2}, {"b": 3}) == {"a": 1, "b": 3}


def test_winners_share_ties():
    g = toygame.Race(3)
    g.totals = [20, 7, 20]
    assert g.winners() == [0, 2]


def test_a_game_that_never_ends_is_reported():
    g = toygame.Race(2, options={"goal": 10 ** 9})
    try:
        driver.play(g, [driver.RandomAgent(1), driver.RandomAgent(2)], max_steps=200)
        assert False
    except driver.GameTooLong:
        pass
