"""Link play in the real app under MicroPython (and CPython, to compare): two Apps on
the virtual HAL, linked by an in-memory wire with no role (a cable: the players choose
Host and Join), play Kocka 10000 from the main menu's Link play, each human with the
buttons of their own app, one bot on the host, until the host has ACTIONS actions (or
the game ends).

Arguments: SEED ACTIONS OUT_DIR. Prints `RESULT {json}`: the actions, whether the guest
is level and both States equal, and writes each app's last frame to OUT_DIR/host.bin and
OUT_DIR/guest.bin (the same bytes under both runtimes: the run is on a virtual clock).
Under MicroPython, mprun.mjs --steps calls step() until it returns False.
"""
import json
import sys

try:
    from mpargs import ARGV   # set by tests/mp/mprun.mjs
except ImportError:
    ARGV = sys.argv

SEED = int(ARGV[1])
ACTIONS = int(ARGV[2])
OUT = ARGV[3]
MICRO = sys.implementation.name == "micropython"

from hal import api
from hal.virtual import VirtualHal
from app.app import App


class Wire:
    """Both ends of a cable: bytes arrive 2 ms after they were written."""

    def __init__(self, clock):
        self.clock = clock
        self.q = [[], []]

    def end(self, side):
        return End(self, side)


class End:
    def __init__(self, wire, side):
        self.wire = wire
        self.side = side

    def write(self, data):
        self.wire.q[1 - self.side].append((self.wire.clock[0] + 2, bytes(data)))

    def read(self):
        q = self.wire.q[self.side]
        out = b""
        while q and q[0][0] <= self.wire.clock[0]:
            out += q.pop(0)[1]
        return out or None


def data_dir(name):
    d = (OUT + "/" + name) if not MICRO else "/" + name
    try:
        import os
        os.mkdir(d)
    except OSError:
        pass
    return d


clock = [0]
wire = Wire(clock)
host = App(VirtualHal(data_dir("host"), SEED))
guest = App(VirtualHal(data_dir("guest"), SEED + 1))
host.hal.links = [wire.end(0)]
guest.hal.links = [wire.end(1)]
host.settings.set_name(0, "HANA")
guest.settings.set_name(0, "GUS")
APPS = (host, guest)


def press(app, button):
    app.hal.buttons.inject(api.event(api.PRESSED, button))
    app.hal.buttons.inject(api.event(api.RELEASED, button))


def top(app):
    return type(app.top()).__name__


def frame():
    clock[0] += 33
    for app in APPS:
        app.hal.clock = clock[0]
        app.tick(clock[0])


def to_menu_item(app, label):
    menu = app.top()
    while menu.items[menu.index].label() != label:
        press(app, api.DOWN)
        yield 2
    press(app, api.KEY_A)
    yield 4


def into_the_lobby(app, role_row):
    for w in to_menu_item(app, "Link play"):
        yield w
    for _ in range(role_row):
        press(app, api.DOWN)
        yield 2
    press(app, api.KEY_A)          # Host a game / Join a game
    yield 4


def best_pick(st):
    from shared_rules.kocka10000.bots import classic_choices, face_masks
    if st.face:
        counts, masks = face_masks(st.roll)
        return masks[st.face] if counts[st.face] else 1
    return max(classic_choices(st.roll, st.double))[2]


def player(app):
    """A plain human on `app`'s play screen: rolls, picks the best classic dice, banks
    from 350, and goes on past every moment and scoreboard."""
    from shared_rules.kocka10000 import rules as K
    while True:
        m = app.top()
        if top(app) != "Kocka10000Play":
            yield 1
            continue
        st = m.st
        if st.is_terminal() or m.rolling_until or (not m.human_turn() and not m.moments
                                                   and m.view == 0):
            yield 1
            continue
        if m.moments or m.view != 0:
            press(app, api.KEY_A)
            yield 2
            continue
        if st.phase == K.ROLLING:
            if m.joker_offer():
                press(app, api.KEY_A)
            else:
                press(app, api.KEY_X)
            yield 2
            continue
        if st.face and not m.collect:
            press(app, api.PRESS)
            yield 1
        mask = best_pick(st)
        for i in range(len(st.roll)):
            if (mask >> i & 1) != (m.sel >> i & 1):
                while m.cursor != i:
                    press(app, api.RIGHT)
                    yield 1
                press(app, api.KEY_A)
                yield 1
        if m.bank_why is None and st.turn_total >= 300:
            press(app, api.KEY_Y)
        else:
            press(app, api.KEY_X)
        yield 2


def host_script():
    for w in into_the_lobby(host, 0):
        yield w
    while len(host.link.members()) < 2:
        yield 2
    lobby = host.top()
    press(host, api.DOWN)          # Game: Kocka 10000
    yield 1
    while lobby.games[lobby.values["game"]].id != "kocka10000":
        press(host, api.RIGHT)
        yield 1
    press(host, api.DOWN)          # Bots: 1
    yield 1
    press(host, api.RIGHT)
    yield 1
    assert lobby.games[lobby.values["game"]].id == "kocka10000"
    press(host, api.KEY_Y)
    yield 6
    for w in player(host):
        yield w


def guest_script():
    for w in into_the_lobby(guest, 1):
        yield w
    for w in player(guest):
        yield w


press(host, api.KEY_B)     # past the splash
press(guest, api.KEY_B)
S = {"frame": 0, "scripts": [[host_script(), 20], [guest_script(), 20]]}


def done():
    link = host.link
    if link is None or link.host.state is None:
        return False
    return len(link.host.actions) >= ACTIONS or link.host.state.is_terminal()


def finish():
    h = host.link.host
    g = guest.link.guest
    for _ in range(30):   # the last actions reach the guest
        frame()
    hm, gm = host.top(), guest.top()
    result = {"runtime": sys.implementation.name, "actions": len(h.actions),
              "level": g.actions == h.actions, "same": hm.st.to_dict() == gm.st.to_dict(),
              "kinds": [hm.kinds, gm.kinds], "frames": S["frame"],
              "tops": [top(host), top(guest)]}
    for name, app in (("host", host), ("guest", guest)):
        app.invalidate()
        app.draw()
        f = open(OUT + "/" + name + ".bin", "wb")
        f.write(app.hal.display.buf)
        f.close()
    print("RESULT " + json.dumps(result))


def step():
    """Twenty frames; False when the run is over."""
    for _ in range(20):
        if done() or S["frame"] > 60000:
            finish()
            return False
        for s in S["scripts"]:
            if S["frame"] >= s[1]:
                s[1] = S["frame"] + next(s[0])
        frame()
        S["frame"] += 1
    return True


if not MICRO:
    while step():
        pass
