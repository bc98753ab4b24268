"""Linked games (shared_rules/link/host.py, guest.py) with the real rules over a modelled,
noisy wire (tests/linkwire.py): a host and 1-3 guests play whole games of Kocka 10000 and
Cubo (timed, simultaneous) and every device ends with the host's State and action list,
equal to a replay from the seed. Lies, garbage and floods are refused without a crash or
growing memory; a cut guest is gone on the host within 2 s and catches up when it comes
back; a restarted host resumes its game; versions that differ are said on both sides."""
import random
import tracemalloc

import pytest
from hypothesis import given, settings, strategies as st

from shared_rules import driver
from shared_rules.game import SYSTEM
from shared_rules.link import lobby, messages
from shared_rules.link.channel import Channel
from shared_rules.link.guest import Guest
from shared_rules.link.host import Host
from tests.linkwire import Clock, Line

APP = "0.1.0"
NOISY = dict(loss=0.06, trunc=0.03, flip=0.04, dup=0.03, garbage=0.04)


class Table:
    """A host and its guests, one line each, on one clock."""

    def __init__(self, guests, seed=0, step=10, **faults):
        self.clock = Clock(1000)
        self.step = step
        self.seed = seed
        self.host = Host("H0", "Hana", APP)
        self.lines = []
        self.guests = []
        for i in range(guests):
            line = Line(self.clock, seed * 10 + i, **faults)
            self.lines.append(line)
            self.host.add_port(Channel(line.a, seed * 100 + i + 1))
            self.guests.append(Guest(Channel(line.b, seed * 100 + 50 + i), "G%d" % i,
                                     "Gus%d" % i, APP))
        self.events = {"host": []}
        self.agents = {}

    @property
    def now(self):
        return self.clock.now

    def tick(self):
        self.clock.now += self.step
        now = self.clock.now
        self.host.tick(now)
        self.events["host"].extend(self.host.take_events())
        for g in self.guests:
            g.tick(now)
            self.events.setdefault(g.device, []).extend(g.take_events())
        if self.agents:
            self.act(now)

    def until(self, cond, ms, what=""):
        end = self.now + ms
        while not cond():
            assert self.now < end, "not within %d ms: %s" % (ms, what)
            self.tick()

    def lobby(self):
        self.until(lambda: len(self.host.members()) == len(self.guests) + 1, 5000, "joined")

    def start(self, game, bots, options=None, seed=7, agents=None, level=None):
        """Guests' humans first (one seat each), then the host's human, then bots."""
        host = self.host
        members = host.members()
        humans = members[1:] + members[:1]
        seats = lobby.seats(humans, [("Bot%d" % i, level or "bot") for i in range(bots)],
                            host.device)
        host.start(game, seats, self.now, options, seed)
        self.agents = agents or {}
        self.until(lambda: all(g.caught_up() for g in self.guests), 5000, "welcomed")
        return seats

    def act(self, now):
        host = self.host
        st = host.state
        if host.phase == "playing" and not st.is_terminal():
            mine = lobby.seats_of(host.seats, host.device, bots_too=True) + host.gone_seats()
            for p in st.actors():
                if p in mine:
                    a = self.agents[p].act(st, p, host.game_time(now))
                    if a is not None:
                        host.submit(a, now)
        for g in self.guests:
            if not g.caught_up() or g.pending is not None or g.state.is_terminal():
                continue
            for p in g.you:
                if p in g.state.actors() and p not in host.gone_seats():
                    a = self.agents[p].act(g.state, p, g.game_time(now))
                    if a is not None:
                        g.request(a)
                        break

    def level(self):
        h = self.host
        return all(g.caught_up() and g.actions == h.actions for g in self.guests)

    def finish(self, ms):
        self.until(lambda: self.host.state.is_terminal() and self.level(), ms, "game over")

    def check_identical(self):
        h = self.host
        want = h.state.to_dict()
        again = driver.replay(h.cls, len(h.seats), h.seed, h.options, h.actions)
        assert again.to_dict() == want
        for g in self.guests:
            assert g.actions == h.actions
            assert g.state.to_dict() == want


def kocka_agents(n, seed):
    from shared_rules.kocka10000.bots import make_bot
    levels = ("easy", "medium", "hard")
    return {p: make_bot(levels[p % 3], seed + p) for p in range(n)}


def cubo_agents(n, seed):
    from shared_rules.cubo.bots import make_bot
    levels = ("easy", "medium", "hard")
    return {p: make_bot(levels[p % 3], seed + p, pace=20) for p in range(n)}


@pytest.mark.parametrize("guests,bots,seed", [(1, 0, 1), (2, 1, 2), (3, 2, 3)])
def test_kocka10000_whole_game_identical_on_every_device(guests, bots, seed):
    t = Table(guests, seed, **NOISY)
    t.lobby()
    n = guests + 1 + bots
    t.start("kocka10000", bots, agents=kocka_agents(n, seed), seed=seed)
    t.finish(600000)
    t.check_identical()
    assert len(t.host.actions) > 30


@pytest.mark.parametrize("guests,bots,seed", [(1, 0, 4), (3, 0, 5), (2, 1, 6)])
def test_cubo_whole_game_identical_on_every_device(guests, bots, seed):
    t = Table(guests, seed, **NOISY)
    t.lobby()
    n = guests + 1 + bots
    t.start("cubo", bots, agents=cubo_agents(n, seed), seed=seed)
    t.finish(900000)
    t.check_identical()
    h = t.host
    times = [a[-1] for a in h.actions]
    assert times == sorted(times)                   # the host's clock, never backwards
    # every guest's human played: requests were stamped and applied
    for i in range(guests):
        assert any(a[0] == i for a in h.actions)


def test_a_guest_cannot_act_for_another_seat():
    t = Table(2, 9)
    t.lobby()
    t.start("kocka10000", 0)
    g0 = t.guests[0]
    before = t.host.state.to_dict()
    turn = t.host.state.current_player()
    other = 1 if turn != 1 else 2
    from shared_rules.kocka10000.rules import ROLL
    for p in (other, turn if turn != 0 else 1, SYSTEM):
        r = g0.request((p, ROLL))
        t.until(lambda: g0.pending is None, 2000, "answered")
        assert t.host.state.to_dict() == before and t.host.actions == []
    refusals = [e for e in t.events["G0"] if e[0] == "refused"]
    assert len(refusals) == 3
    assert "is not yours: you play Gus0" in refusals[0][2]
    assert "countdown" in refusals[2][2]
    assert [e for e in t.events["host"] if e[0] == "refused"][0][1] == "G0"
    # its own seat, when it is its turn, is taken
    if turn == 0:
        g0.request((0, ROLL))
        t.until(lambda: len(g0.actions) == 1, 2000)
        assert t.host.actions[0] == (0, ROLL)


def link_memory():
    snap = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(True, "*shared_rules*")])
    return sum(st.size for st in snap.statistics("filename"))


def test_lies_garbage_and_floods_change_nothing_and_memory_stays_bounded():
    t = Table(1, 11)
    liar_line = Line(t.clock, 99, baud=4_000_000)     # a fast liar: the flood lands
    port = t.host.add_port(Channel(liar_line.a, 4242))
    liar = Channel(liar_line.b, 4343)
    t.lobby()
    t.until(lambda: liar.poll(t.now) is not None and liar.up, 2000)
    t.start("cubo", 1, agents=cubo_agents(3, 11), seed=11)
    lies = ["JOIN", "REQ", "REQ {", "REQ []", "NOPE {}", "ACTS {\"i\":0,\"a\":[[0,1,0]]}",
            'REQ {"r":1,"a":[0,1,0]}',                          # not joined yet
            'JOIN {"link":1,"app":"0.1.0","device":"H0","name":"me"}',
            'JOIN {"link":1,"app":"0.1.0","device":"LIAR","name":"' + "\u2603" * 40 + '"}',
            'REQ {"r":2,"a":[0,1,0]}', 'REQ {"r":3,"a":[-3,7,999999]}',
            'REQ {"r":4,"a":"roll"}', 'REQ {"r":5,"a":[0,1,true]}',
            'REQ {"r":6,"a":[0,1,1e9]}', 'REQ {"r":7,"a":[0,' + "1," * 50 + '1]}',
            'REQ {"r":"x","a":[0,1,0]}', 'WELCOME {"seats":5}', 'BYE {}']
    sent = 0

    def more():
        nonlocal sent
        while sent < len(lies) and liar.send(lies[sent]):
            sent += 1
        liar.poll(t.now)
        return sent == len(lies) and liar.pending() == 0

    t.until(more, 5000, "lies told")
    assert "LIAR" not in [d for d, _ in t.host.members()]      # a game is being played
    assert port.garbage >= 5 and port.device is None
    rng = random.Random(3)
    flood = bytes(rng.randrange(256) for _ in range(4000))
    frame_flood = b"@K1 LD " + b"9" * 3000 + b"\n"
    tracemalloc.start()
    for _ in range(20):
        t.tick()
    base = link_memory()
    for i in range(120):
        liar_line.ba.inject(flood if i % 2 else frame_flood)   # at the host
        t.lines[0].ab.inject(flood[:200])                    # noise on a real guest's line
        t.lines[0].ba.inject(flood[200:400])
        t.tick()
        liar.poll(t.now)
    grown = link_memory()
    tracemalloc.stop()
    # what the link code holds (not the wire's backlog, which is the test's)
    assert grown - base < 16 * 1024, (base, grown)
    assert not liar_line.ba.q                                # it all arrived
    assert port.ch.reader.too_long > 50
    t.finish(900000)
    t.check_identical()
    assert all(a[0] in (0, 1, 2, SYSTEM) for a in t.host.actions)


def test_a_cut_guest_is_gone_within_2s_then_rejoins_and_catches_up():
    t = Table(2, 13, **NOISY)
    t.lobby()
    t.start("kocka10000", 1, agents=kocka_agents(4, 13), seed=13)
    t.until(lambda: len(t.host.actions) > 40, 300000, "some play")
    t.lines[0].cut()
    cut_at = t.now
    t.until(lambda: "G0" in t.host.gone, 2000, "host sees the guest gone")
    assert t.now - cut_at <= 2000
    gone = [e for e in t.events["host"] if e[0] == "gone"]
    assert gone and gone[-1][1] == "G0" and "Gus0 is gone" in gone[-1][2]
    # the other guest is told who is gone; the cut guest says the host is gone
    t.until(lambda: any(e[0] == "gone" and e[1] == "G0" for e in t.events["G1"]), 2000)
    t.until(lambda: any(e[0] == "host_gone" for e in t.events["G0"]), 2000)
    # the seat is the host's bot's meanwhile: the game goes on
    n = len(t.host.actions)
    t.until(lambda: len(t.host.actions) > n + 10, 300000)
    t.lines[0].cut(False)
    t.until(lambda: "G0" not in t.host.gone and t.level(), 10000, "rejoined")
    t.until(lambda: any(e[0] == "back" for e in t.events["G1"]), 2000, "G1 told")
    assert t.guests[0].state.to_dict() == t.host.state.to_dict()
    t.finish(600000)
    t.check_identical()


def test_after_a_game_the_host_goes_back_to_the_lobby_and_starts_another():
    t = Table(2, 17, **NOISY)
    t.lobby()
    t.start("kocka10000", 1, agents=kocka_agents(4, 17), seed=17)
    t.until(lambda: len(t.host.actions) > 10, 300000, "some play")
    t.agents = {}
    t.host.to_lobby()
    t.until(lambda: all(g.phase == "lobby" for g in t.guests), 5000, "guests in the lobby")
    assert [m[0] for m in t.guests[0].members] == ["H0", "G0", "G1"]
    first = t.guests[0].state
    t.start("coloretto", 0, seed=18)
    assert all(g.game == "coloretto" and g.state is not first for g in t.guests)
    assert all(g.caught_up() and g.actions == [] for g in t.guests)


def test_a_guest_powered_off_and_on_rejoins_with_the_whole_game():
    t = Table(1, 15, **NOISY)
    t.lobby()
    t.start("cubo", 1, agents=cubo_agents(3, 15), seed=15)
    t.until(lambda: len(t.host.actions) > 60, 300000, "some play")
    old = t.guests[0]
    t.guests[0] = Guest(Channel(t.lines[0].b, 31337), "G0", "Gus0", APP)   # a new life
    t.until(lambda: t.level(), 10000, "caught up")
    assert t.guests[0].state.to_dict() == t.host.state.to_dict()
    assert old.state is not t.guests[0].state
    t.finish(900000)
    t.check_identical()


def test_a_restarted_host_resumes_and_the_guests_rejoin():
    t = Table(2, 17, **NOISY)
    t.lobby()
    seats = t.start("kocka10000", 0, agents=kocka_agents(3, 17), seed=17)
    t.until(lambda: len(t.host.actions) > 30, 300000, "some play")
    saved = list(t.host.actions)            # what the host's journal holds
    host = Host("H0", "Hana", APP)          # the power came back
    for i, line in enumerate(t.lines):
        host.add_port(Channel(line.a, 9000 + i))
    host.start("kocka10000", seats, t.now, None, 17, actions=saved)
    t.host = host
    t.until(lambda: t.level(), 10000, "guests rejoined")
    t.finish(600000)
    t.check_identical()
    assert t.host.actions[:len(saved)] == saved


def test_versions_that_differ_are_said_on_both_sides():
    t = Table(1, 19)
    t.guests[0] = Guest(Channel(t.lines[0].b, 5), "G0", "Gus0", "0.2.0")
    t.until(lambda: t.guests[0].phase == "rejected", 3000)
    g = t.guests[0]
    assert "0.1.0" in g.reason and "0.2.0" in g.reason and "Update both" in g.reason
    mism = [e for e in t.events["host"] if e[0] == "mismatch"]
    assert mism and "0.1.0" in mism[0][2] and "0.2.0" in mism[0][2]
    assert len(t.host.members()) == 1
    # a newer link protocol is refused the same way
    line = Line(t.clock, 77)
    t.host.add_port(Channel(line.a, 8))
    raw = Channel(line.b, 9)
    t.until(lambda: raw.poll(t.now) is not None and raw.up, 2000)
    raw.send(messages.write(messages.JOIN, {"link": 2, "app": APP, "device": "N",
                                            "name": "New"}))
    got = []
    t.until(lambda: got.extend(raw.poll(t.now)) or any(k == "msg" for k, _ in got), 3000)
    kind, obj = messages.read([d for k, d in got if k == "msg"][0])
    assert kind == messages.REJECT and obj["why"] == "version" and obj["link"] == 1
    assert "link 2" in [e for e in t.events["host"] if e[0] == "mismatch"][-1][2]


def test_frames_of_another_version_are_reported():
    t = Table(1, 21)
    t.lobby()
    from shared_rules.crc32 import crc32_hex
    body = b"2 LA 1 2 3 "
    t.lines[0].ba.inject(b"@K" + body + crc32_hex(body).encode() + b"\n")
    t.until(lambda: any(e[0] == "version" for e in t.events["host"]), 1000)


def bots_of(module, levels):
    def make(n, seed):
        return {p: module.make_bot(levels[p % len(levels)], seed + p) for p in range(n)}
    return make


@pytest.mark.parametrize("game", ["cubingos", "coloretto"])
def test_the_other_games_link_too(game):
    from shared_rules.cubingos import bots as cubingos_bots
    from shared_rules.coloretto import bots as coloretto_bots
    make = {"cubingos": bots_of(cubingos_bots, ("easy", "medium", "hard")),
            "coloretto": bots_of(coloretto_bots, ("random", "greedy"))}[game]
    t = Table(2, 23, **NOISY)
    t.lobby()
    t.start(game, 1, agents=make(4, 23), seed=23)
    t.finish(900000)
    t.check_identical()


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 1 << 20), st.integers(1, 3), st.sampled_from(["kocka10000", "cubo"]),
       st.integers(0, 3), st.integers(0, 60000), st.integers(200, 5000), st.booleans())
def test_any_faults_end_in_identical_states(seed, guests, game, noise, cut_at, cut_ms,
                                            power_off):
    """Noise of any level, one guest cut at any moment for any time, maybe powered off
    and on meanwhile: the game ends, and every device holds the host's game."""
    faults = dict((k, v * noise / 2) for k, v in NOISY.items())
    t = Table(guests, seed % 1000, **faults)
    t.lobby()
    bots = 1 if guests < 3 else 0
    agents = (cubo_agents if game == "cubo" else kocka_agents)(guests + 1 + bots, seed)
    t.start(game, bots, agents=agents, seed=seed)
    victim = seed % guests
    end = t.now + cut_at
    t.until(lambda: t.now >= end or t.host.state.is_terminal(), 10 ** 6)
    t.lines[victim].cut()
    end = t.now + cut_ms
    t.until(lambda: t.now >= end, 10 ** 6)
    if power_off:
        g = t.guests[victim]
        t.guests[victim] = Guest(Channel(t.lines[victim].b, seed + 99), g.device, g.name, APP)
    t.lines[victim].cut(False)
    t.finish(2000000)
    t.check_identical()
    if cut_ms > 2000:
        assert any(e[0] == "gone" for e in t.events["host"]) or t.host.state.is_terminal()


def test_the_largest_welcome_fits_a_frame_and_lies_about_ids_are_refused():
    t = Table(5, 25)
    for i, g in enumerate(t.guests):
        g.device = ("D%d" % i) * 12
        g.device = g.device[:24]
        g.name = "@%" * 6
    t.lobby()
    assert all(len(n) == 12 and "@" not in n for _, n in t.host.members()[1:])
    t.start("kocka10000", 0, agents=kocka_agents(6, 25), seed=25)
    t.finish(900000)
    t.check_identical()
    assert not [e for e in t.events["host"] if e[0] == "bad"]
    # an id that is not one is refused, and the host says nothing it cannot send
    line = Line(t.clock, 5)
    t.host.add_port(Channel(line.a, 3))
    raw = Channel(line.b, 4)
    t.until(lambda: raw.poll(t.now) is not None and raw.up, 2000)
    raw.send(messages.write(messages.JOIN, {"link": 1, "app": APP, "device": "x y" * 20,
                                            "name": "Liar"}))
    got = []
    t.until(lambda: got.extend(raw.poll(t.now)) or any(k == "msg" for k, _ in got), 3000)
    kind, obj = messages.read([d for k, d in got if k == "msg"][0])
    assert kind == messages.REJECT and obj["why"] == "bad"


def test_a_guest_trusts_no_host():
    clock = Clock(0)
    line = Line(clock, 3)
    fake = Channel(line.a, 1)
    g = Guest(Channel(line.b, 2), "G", "Gus", APP)
    got = []

    def step(ms=200):
        for _ in range(ms // 10):
            clock.now += 10
            got.extend(d for k, d in fake.poll(clock.now) if k == "msg")
            g.tick(clock.now)

    step()
    assert messages.read(got[-1])[0] == messages.JOIN
    seats = [["Gus", "G", ""], ["Hana", "H", ""]]
    welcome = {"link": 1, "app": APP, "host": "H", "game": "kocka10000", "players": 2,
               "options": None, "seed": 5, "seats": seats, "you": [0], "count": 0, "t": 0}
    fake.send(messages.write(messages.WELCOME, dict(welcome, app="9.9")))
    step()
    assert g.phase == "rejected" and "9.9" in g.reason and APP in g.reason
    for lie in ("ACTS", "WELCOME {\"seats\": 3}", "HERE {\"gone\": 5}", "LOBBY [1]"):
        fake.send(lie)
    fake.send(messages.write(messages.WELCOME, welcome))
    step()
    assert g.phase == "playing" and g.garbage >= 3
    from shared_rules.kocka10000.rules import ROLL, BANK
    fake.send('ACTS {"i":0,"t":5,"d":0,"a":[[0,%d]]}' % ROLL)
    step()
    assert g.actions == [(0, ROLL)]
    del got[:]
    fake.send('ACTS {"i":5,"t":5,"d":0,"a":[[1,%d]]}' % ROLL)      # a gap
    step()
    assert [e for e in g.take_events() if e[0] == "desync"]
    assert messages.read(got[-1])[0] == messages.JOIN                # it asks again
    fake.send(messages.write(messages.WELCOME, welcome))
    fake.send('ACTS {"i":0,"t":5,"d":0,"a":[[1,%d]]}' % BANK)       # not player 1's turn
    step()
    assert [e for e in g.take_events() if e[0] == "desync"] and g.actions == []
