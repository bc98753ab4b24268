"""Bots think in slices between frames (issue 14): through the real app on the virtual
HAL, a Coloretto table of strong bots: no update() does more than a slice of work, the
thinking indicator moves from frame to frame, B pauses the thinking at once and A goes
on with it, and the game is move for move the one the unsliced bots play. Also the
strong bot's think() against act() on seeded positions, whatever the slice size."""
from hal import api
from shared_rules.coloretto import rules as C
from shared_rules.coloretto import bots as B
from shared_rules.coloretto.rules import Coloretto
from tests.apphelpers import Harness
from app.games.coloretto.play import ColorettoPlay, TABLE

KINDS = ("strong", "greedy", "strong")
NAMES = ["STRONG", "GREEDY", "CLEVER"]
SEED = 4
# The most simulated steps one update may do: a slice ends after the rollout that
# reaches SLICE steps, and a rollout (to the end of the round, 3 players, 3 rows) makes
# at most 9 placements and 3 takes.
STEP_BOUND = B.SLICE + 12


def start(tmp_path, kinds=KINDS, seed=SEED):
    h = Harness(tmp_path)
    m = ColorettoPlay(h.app, list(kinds), list(NAMES[:len(kinds)]), {}, seed)
    m.t_bot, m.t_summary = 100, 60
    h.app.push(m)
    return h, m


class Log:
    """Every action the screen applies, and per frame the simulated steps of its bots."""

    def __init__(self, m):
        self.actions = []
        real = m.act

        def act(a):
            self.actions.append(tuple(a))
            return real(a)
        m.act = act


def steps_of(m):
    return [getattr(a, "steps", 0) if a is not None else 0 for a in m.agents]


def unsliced_game(kinds, seed, actions_wanted):
    """The same seats played by the driver with act() (each bot decides in one call)."""
    g = Coloretto(len(kinds), seed=seed)
    agents = [B.make_bot(k, seed * 31 + p) for p, k in enumerate(kinds)]
    out = []
    while not g.is_terminal() and len(out) < actions_wanted:
        p = g.current_player()
        a = agents[p].act(g, p, 0)
        out.append(tuple(a))
        g.apply(a)
    return out


def test_the_sliced_game_is_the_unsliced_one_and_no_frame_does_more_than_a_slice(tmp_path):
    h, m = start(tmp_path)
    log = Log(m)
    most = 0
    thinking_frames = 0
    for _ in range(5000):
        if m.st.is_terminal():
            break
        before = steps_of(m)
        was = m.thinking is not None
        h.frames(1)
        if was or m.thinking is not None:
            thinking_frames += 1
            p = m.st.turn
            # a new decision starts its count at 0
            now = steps_of(m)
            for q in range(len(now)):
                d = now[q] - before[q] if now[q] >= before[q] else now[q]
                most = max(most, d)
    assert m.st.is_terminal()
    assert thinking_frames > 100  # the strong bots thought over many frames
    assert 0 < most <= STEP_BOUND, most
    assert log.actions == unsliced_game(KINDS, SEED, len(log.actions))


def run_until_thinking(h, m, spins=2, limit=2000):
    for _ in range(limit):
        h.frames(1)
        if m.thinking is not None and m.spin >= spins:
            return
    raise AssertionError("no bot started thinking")


def dots(h):
    """The header strip where the indicator is drawn (after the name)."""
    fb = h.hal.display.fb
    return bytes(fb.pixel(x, y) for y in range(10, 18) for x in range(0, 140))


def test_the_indicator_moves_between_frames_and_only_while_a_bot_thinks(tmp_path):
    h, m = start(tmp_path)
    run_until_thinking(h, m, spins=1)
    seen = [dots(h)]
    spins = [m.spin]
    while m.thinking is not None and len(seen) < 6:
        h.frames(1)
        seen.append(dots(h))
        spins.append(m.spin)
    assert len(seen) >= 4
    for i in range(1, len(seen) - 1):  # every slice redrew the dots, each time different
        assert spins[i] == spins[i - 1] + 1
        assert seen[i] != seen[i - 1]
    # its three phases come round again
    assert seen[3] == seen[0]
    # done thinking: the frame with the answer has no dots (the same player's header)
    p = m.st.turn
    while m.thinking is not None:
        h.frames(1)
    assert m.st.turn == p
    plain = dots(h)
    assert plain not in seen
    assert len(set(plain)) < len(set(seen[0]))  # the dots' colours are gone


def watch_thinking(m):
    """Records, whenever a bot starts a decision, the position and its Rng state."""
    starts = []
    for a in m.agents:
        if hasattr(a, "think"):
            def think(st, p, real=a.think, bot=a):
                starts.append((st.to_dict(), p, bot.rng.state))
                return real(st, p)
            a.think = think
    return starts


def test_b_pauses_the_thinking_at_once_and_a_resumes_it_to_the_same_answer(tmp_path):
    h, m = start(tmp_path)
    starts = watch_thinking(m)
    run_until_thinking(h, m, spins=2)
    m.bot_at = 10 ** 9  # the answer waits in m.thought, to be looked at
    p = m.st.turn
    bot = m.agents[p]
    spin = m.spin
    steps = bot.steps
    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_B))
    h.frames(1)  # the frame that sees B pauses: no more thinking in it
    assert m.paused
    assert m.spin == spin and bot.steps == steps
    h.hal.buttons.inject(api.event(api.RELEASED, api.KEY_B))
    h.frames(20)  # paused: the thought stands still
    assert m.paused and m.spin == spin and bot.steps == steps and m.thinking is not None
    h.press(api.KEY_A)
    assert not m.paused and m.thinking is not None
    m.bot_at = 10 ** 9  # (going on set the bot's pace again)
    for _ in range(200):
        if m.thinking is None:
            break
        h.frames(1)
    assert m.thinking is None and m.spin > spin and m.thought is not None
    # the answer is the one the bot gives in one call from the same position
    d, q, rng = starts[-1]
    assert q == p
    twin = B.StrongBot(0)
    twin.rng.state = rng
    assert m.thought == twin.act(Coloretto.from_dict(d), p, 0)


def test_think_gives_act_s_answer_whatever_the_slices():
    for n in (2, 3, 5):
        for seed in (1, 2):
            g = Coloretto(n, seed=seed)
            bots = [B.StrongBot(seed * 7 + i, steps=150) for i in range(n)]
            twins = [B.StrongBot(seed * 7 + i, steps=150) for i in range(n)]
            k = 0
            while not g.is_terminal():
                p = g.current_player()
                want = twins[p].act(g, p, 0)
                got = None
                slices = 0
                for a in bots[p].think(g, p, (1, 5, 60)[k % 3]):
                    slices += 1
                    if a is not None:
                        got = a
                        break
                assert got == want
                if g.phase != C.PHASE_ASSIGN and len(g.legal_actions(p)) > 1:
                    assert slices > 1 or (k % 3 == 2 and bots[p].steps <= 60 + 20)
                g.apply(got)
                k += 1


def test_the_pause_box_shows_in_the_frame_that_sees_b(tmp_path):
    h, m = start(tmp_path)
    run_until_thinking(h, m, spins=1)
    assert m.view == TABLE
    before = bytes(h.hal.display.fb.pixel(x, 120) for x in range(240))
    h.hal.buttons.inject(api.event(api.PRESSED, api.KEY_B))
    h.frames(1)
    after = bytes(h.hal.display.fb.pixel(x, 120) for x in range(240))
    assert m.paused and after != before


def cubingos_run(tmp_path, frames, staggered=True):
    """The Cubingos bots-only demo through the app: its actions, and per frame the
    matcher calls."""
    from app import games
    from shared_rules.cubingos import rules as CB
    from shared_rules.cubingos import bots as CBB
    h = Harness(tmp_path)
    games.load("cubingos").demo(h.app, 3)
    m = h.app.top()
    actions = []
    real_do = m.do

    def do(a):
        actions.append(tuple(a))
        return real_do(a)
    m.do = do
    calls = [0]
    real_mm = CB.CubingosState.match_masks
    real_look = CBB.CubingosBot.will_look
    most = 0
    try:
        def mm(self, card=None):
            calls[0] += 1
            return real_mm(self, card)
        CB.CubingosState.match_masks = mm
        if not staggered:  # as before: every bot looks in the frame the leg starts
            CBB.CubingosBot.will_look = lambda self, st, p, now: False
        for _ in range(frames):
            calls[0] = 0
            h.frames(1)
            most = max(most, calls[0])
    finally:
        CB.CubingosState.match_masks = real_mm
        CBB.CubingosBot.will_look = real_look
    return actions, most


def test_cubingos_bots_look_one_per_frame_and_play_the_same_game(tmp_path):
    got, most = cubingos_run(tmp_path / "a", 1500)
    assert most == 1  # one matcher call per frame at most
    want, most_before = cubingos_run(tmp_path / "b", 1500, staggered=False)
    assert most_before >= 2  # (the demo's legs do start with several bots looking)
    assert len(got) >= 10
    assert got == want
