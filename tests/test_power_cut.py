"""A power cut at any moment of any game: buttons are mashed through a game (humans
and bots), the power goes at a random frame, and the next boot's "Resume" brings back
exactly the same game state."""
import pytest

from hal import api
from shared_rules.rng import Rng
from app import savegame
from tests.apphelpers import Harness
from tests import test_kocka10000_ui as K10K
from tests import test_coloretto_ui as COL
from tests import test_cubo_ui as CUBO
from tests import test_cubingos_app as CUBINGOS

GAMES = {
    "kocka10000": lambda d: K10K.start(d, kinds=("human", "easy", "human")),
    "coloretto": lambda d: COL.start(d),
    "cubo": lambda d: CUBO.start_match(d),
    "cubo_table": lambda d: CUBO.start_table(d, players=3),
    "cubingos": lambda d: CUBINGOS.start(d, kinds=("human", "medium")),
}


def state_of(screen):
    st = getattr(screen, "st", None)
    return st if st is not None else screen.state


def mash(h, screen, rng, frames):
    """Random presses and releases, one a frame at most (no X while paused: that quits,
    nor the joystick press: that opens How to play; both tested elsewhere)."""
    for _ in range(frames):
        if h.app.top() is not screen:
            return False
        b = rng.below(api.NUM_BUTTONS + 2)  # sometimes nothing
        if b < api.NUM_BUTTONS and not (b in (api.KEY_X, api.PRESS)
                                        and getattr(screen, "paused", False)):
            kind = (api.PRESSED, api.RELEASED, api.REPEAT)[rng.below(3)]
            h.hal.buttons.inject(api.event(kind, b))
        h.frames(1)
    return h.app.top() is screen


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_a_power_cut_at_a_random_moment_resumes_the_same_game(tmp_path, game, seed):
    h, m = GAMES[game](tmp_path)
    rng = Rng(seed * 7919 + len(game))
    still_playing = mash(h, m, rng, 60 + rng.below(400))
    saved = savegame.pending(h.hal.storage)
    assert still_playing and saved is not None and not saved["done"]
    before = state_of(m).to_dict()
    assert len(saved["actions"]) > 0
    h2 = Harness(tmp_path)  # the power comes back
    assert h2.top_name() == "ResumeScreen"
    h2.press(api.KEY_A)
    m2 = h2.app.top()
    assert type(m2) is type(m)
    assert state_of(m2).to_dict() == before
