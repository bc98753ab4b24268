"""What the link probe's devices (tools/rp2040/link_main.py) share with the tests that check
them: the guest's fixed rule for its seat, and the CRC of an actions list. MicroPython
subset: runs on the emulated Pico and in CPython, so a test can play the same game with no
link at all and expect the very same actions."""
import binascii
import json

from shared_rules.kocka10000 import rules

ACTIONS_PER_LINE = 16


def guest_choice(state, p):
    """Seat p's move by a fixed rule: bank when allowed, else roll; when picking, the
    last legal choice (it sets aside the most dice)."""
    legal = state.legal_actions(p)
    if not legal:
        return None
    if state.phase == rules.ROLLING:
        for a in legal:
            if a[1] == rules.BANK:
                return a
        return legal[0]
    return legal[-1]


class _Rule:
    """guest_choice as an agent (act(state, player, now))."""

    def act(self, state, p, now):
        return guest_choice(state, p)


def player(game, seat, seed, pace=100):
    """The scripted human of a seat: Kocka 10000's fixed rule, or in Cubo a bot's choices
    (a level by seat, its think times at `pace` percent)."""
    if game == "kocka10000":
        return _Rule()
    from shared_rules.cubo.bots import make_bot
    return make_bot(("easy", "medium", "hard")[seat % 3], seed + seat, pace)


def action_crc(action, crc=0):
    return binascii.crc32(repr(tuple(action)).encode(), crc)


class Tally:
    """The CRC-32 of an actions list, kept up to date as it grows (rebuilt if it shrank);
    update() prints "KA n crc" when the length changed."""

    def __init__(self):
        self.n = 0
        self.crc = 0

    def update(self, actions, say=True):
        if len(actions) < self.n:
            self.n = 0
            self.crc = 0
        changed = len(actions) != self.n
        while self.n < len(actions):
            self.crc = action_crc(actions[self.n], self.crc)
            self.n += 1
        if changed and say:
            print("KA %d %08x" % (self.n, self.crc))


def print_actions(actions):
    """The actions as "KL i [...]" lines, ACTIONS_PER_LINE a line (read once, in order: a
    link's actions are a packed list, shared_rules.actlist, whose slices read it all)."""
    line = []
    start = 0
    for a in actions:
        line.append(list(a))
        if len(line) == ACTIONS_PER_LINE:
            print("KL %d %s" % (start, json.dumps(line)))
            start += len(line)
            line = []
    if line:
        print("KL %d %s" % (start, json.dumps(line)))
