"""Link play through the real app: two headless simulators (each an App on the virtual
HAL, its own storage) linked over TCP on localhost (simulator/link_tcp.py), driven with
buttons. The host opens Link play from the main menu, the guest joins, the host starts;
the guest's human seat is played with the guest's buttons, the host's with the host's,
a bot seat on the host. Both play Kocka 10000 and Coloretto to the end with the same
actions, and both game logs end with the same game. A guest that goes silent is said
gone on the host within 2 s, a bot takes its seat (said on screen), and when it comes
back it rejoins and is level. The lobby: its keys, a version mismatch said on both
sides, and the screen shown when nothing can be linked."""
import time

import pytest

from hal import api
from tests.apphelpers import Harness, texts_drawn, footers
from simulator.link_tcp import TcpHost, TcpGuest

FRAME = 33


class Pair:
    """A host and a guest app linked over TCP on localhost, on one virtual clock: every
    frame of one is a frame of the other, with a moment for the bytes to cross."""

    def __init__(self, tmp_path, guests=("GUS",), host_name="HANA"):
        self.server = TcpHost(0, bind="127.0.0.1")
        self.h = Harness(tmp_path / "host", seed=11)
        self.h.app.settings.set_name(0, host_name)
        self.h.hal.links = self.server.ports()
        self.guests = []
        self.links = []
        for i, name in enumerate(guests):
            g = Harness(tmp_path / ("guest%d" % i), seed=22 + i)
            g.app.settings.set_name(0, name)
            # reconnecting on the guest's virtual clock (its wall clock would make a
            # rejoin's wait depend on how fast this machine runs the frames)
            link = TcpGuest("127.0.0.1", self.server.port, clock=lambda g=g: g.clock / 1000.0)
            g.hal.links = link.ports()
            self.guests.append(g)
            self.links.append(link)
        self.g = self.guests[0]
        self.off = set()    # guests switched off: their frames do not run

    @property
    def guest_on(self):
        return self.g not in self.off

    @guest_on.setter
    def guest_on(self, on):
        if on:
            self.off.discard(self.g)
        else:
            self.off.add(self.g)

    def close(self):
        for link in self.links:
            link.close()
        self.server.close()

    def frames(self, n=1):
        for _ in range(n):
            self.h.frames(1)
            for g in self.guests:
                if g in self.off:
                    g.clock += FRAME
                else:
                    g.frames(1)
            time.sleep(0.0005)

    def until(self, cond, frames, what):
        for _ in range(frames):
            if cond():
                return
            self.frames(1)
        assert cond(), "not within %d frames: %s" % (frames, what)

    def side(self, which):
        return Side(self, self.h if which == "host" else self.g)

    def lobby(self):
        self.h.open_menu_item("Link play")
        n = len(self.guests) + 1
        for g in self.guests:
            g.open_menu_item("Link play")
            self.until(lambda: len(g.app.link.members()) == len(self.h.app.link.members())
                       and g.app.link.guest is not None, 300, "a guest joined")
        self.until(lambda: all(len(g.app.link.members()) == n for g in self.guests), 300,
                   "every guest joined")


class Side:
    """One app of a Pair as the games' button helpers expect a harness: its presses and
    frames move both apps."""

    def __init__(self, pair, harness):
        self.pair = pair
        self.me = harness

    def press(self, button, hold_frames=0):
        me = self.me
        me.hal.buttons.inject(api.event(api.PRESSED, button))
        self.pair.frames(1 + hold_frames)
        me.hal.buttons.inject(api.event(api.RELEASED, button))
        self.pair.frames(1)

    def frames(self, n=1):
        self.pair.frames(n)

    def top_name(self):
        return type(self.me.app.top()).__name__


@pytest.fixture
def pair(tmp_path):
    p = Pair(tmp_path)
    yield p
    p.close()


def choose(pair, game_title, bots=0):
    """On the host's lobby: the game and the number of bots (its rows: Start, Game, Bots)."""
    lobby = pair.h.app.top()
    assert type(lobby).__name__ == "LobbyScreen"
    host = pair.side("host")
    host.press(api.DOWN)     # Game
    for _ in range(len(lobby.games)):
        if lobby.games[lobby.values["game"]].title == game_title:
            break
        host.press(api.RIGHT)
    assert lobby.games[lobby.values["game"]].title == game_title
    host.press(api.DOWN)     # Bots
    while lobby.values["bots"] != bots:
        host.press(api.RIGHT)


def start(pair, play_name):
    pair.side("host").press(api.KEY_Y)
    pair.until(lambda: all(type(x.app.top()).__name__ == play_name
                           for x in [pair.h] + pair.guests), 300, "every play screen open")
    return pair.h.app.top(), pair.g.app.top()


def last_record(harness):
    from app import gamelog
    from shared_rules import records
    log = gamelog.shared(harness.hal.storage)
    return records.decode(log.get(log.last)) if log.last else None


def fast_kocka(*screens):
    for m in screens:
        m.t_roll, m.t_bot, m.t_moment, m.t_board = 60, 40, 60, 60


def play_kocka(pair, hm, gm, rounds=40000):
    from tests.test_kocka10000_ui import human_step
    host, guest = pair.side("host"), pair.side("guest")
    for _ in range(rounds):
        if hm.st.is_terminal() and gm.st.is_terminal() and not hm.moments and \
                not gm.moments:
            return
        # a side whose game is over waits on its final screen (A there leaves it)
        for side, m in ((host, hm), (guest, gm)):
            if m.st.is_terminal() and not m.moments:
                side.frames(1)
            else:
                human_step(side, m)
    raise AssertionError("the linked game did not end")


def kocka_under_way(pair, bots):
    """A linked Kocka 10000 game started from the lobby and 40 decisions into it on each
    side: (host's screen, guest's screen)."""
    from tests.test_kocka10000_ui import human_step
    pair.lobby()
    choose(pair, "Kocka 10000", bots=bots)
    hm, gm = start(pair, "Kocka10000Play")
    fast_kocka(hm, gm)
    host, guest = pair.side("host"), pair.side("guest")
    for _ in range(40):
        human_step(host, hm)
        human_step(guest, gm)
    return hm, gm


def test_two_simulators_play_kocka10000_to_the_end_over_tcp(pair):
    pair.lobby()
    assert [m[1] for m in pair.g.app.link.members()] == ["HANA", "GUS"]
    choose(pair, "Kocka 10000", bots=1)
    hm, gm = start(pair, "Kocka10000Play")
    fast_kocka(hm, gm)
    # each device plays its own human; the bot plays on the host
    assert hm.kinds == ["human", "linked", "easy"]
    assert gm.kinds == ["linked", "human", "easy"]
    assert type(gm.agents[2]).__name__ == "RemoteSeat"   # the bot plays on the host
    assert hm.names == gm.names == ["HANA", "GUS", hm.names[2]]
    moved = {"host": 0, "guest": 0}
    real = (hm.act, gm.act)

    def count(which, screen, act):
        def spy(a):
            if not screen.link.feeding:
                moved[which] += 1
            return act(a)
        return spy
    hm.act = count("host", hm, real[0])
    gm.act = count("guest", gm, real[1])
    play_kocka(pair, hm, gm)
    link_h, link_g = pair.h.app.link, pair.g.app.link
    pair.until(lambda: link_g.guest.actions == link_h.host.actions, 300, "level")
    assert moved["guest"] > 0 and moved["host"] > 0   # the guest acted on the guest
    assert hm.st.to_dict() == gm.st.to_dict() == link_h.host.state.to_dict()
    # the guest's screen's State took the host's actions: the guest kept no second one
    assert link_g.guest.state is None and link_g.opened == link_g.guest.welcomes == 1
    # both leave the final screen: each keeps the finished game in its log
    pair.side("host").press(api.KEY_A)
    pair.side("guest").press(api.KEY_A)
    pair.until(lambda: type(pair.h.app.top()).__name__ == "MainMenu" and
               type(pair.g.app.top()).__name__ == "MainMenu", 300, "back at the menus")
    rh, rg = last_record(pair.h), last_record(pair.g)
    for k in ("game", "seed", "options", "players", "actions", "scores", "meta"):
        assert rh[k] == rg[k], k
    assert rh["meta"]["link"]["host"] == link_h.device == rh["device"] != rg["device"]
    sync_both(pair, link_h.device)


def sync_both(pair, host_device):
    """`kocka sync` from the guest, then the host, then the guest again, into one
    database: the game is stored once, under the host's log, verified by replay."""
    from host import db
    from host.sync import sync as run_sync
    from tests import recgen
    from tests.synchelp import Device, NOW
    import os
    con = db.connect(os.path.join(os.path.dirname(str(pair.h.hal.storage.root)),
                                  "kocka.sqlite3"))
    try:
        results = []
        for harness in (pair.g, pair.h, pair.g):
            dev = Device(storage=harness.hal.storage)
            wire = dev.wire()
            results.append(run_sync(wire, con, lookup=recgen.lookup, now=lambda: NOW,
                                    mono=wire.clock))
        assert [r.new for r in results] == [1, 1, 0]   # the host's copy took the place
        assert results[1].duplicates == 0 and results[2].received == 0
        rows = [tuple(r) for r in con.execute("SELECT device, verified FROM games")]
        assert rows == [(host_device, 1)]
        names = [r[0] for r in con.execute("SELECT name FROM results ORDER BY idx")]
        assert names[:2] == ["HANA", "GUS"]      # each human seat is a person
    finally:
        con.close()


def coloretto_step(x, m):
    """A simple player of Coloretto on its own device: takes a row with two or more
    cards (or any, when nothing can be drawn), else draws and places the card on the
    first open row."""
    from shared_rules.coloretto import rules as C
    from app.games.coloretto.play import SUMMARY, ASSIGN, FINAL
    st = m.st
    if m.view == SUMMARY:
        x.press(api.KEY_A)
        return
    if m.view == FINAL or not m.human_turn():
        x.frames(2)
        return
    if m.view == ASSIGN:
        x.press(api.KEY_A)
        return
    if st.phase == C.PHASE_TURN:
        rows = [r for r in range(len(st.rows)) if st.taker[r] < 0 and st.rows[r]]
        full = [r for r in rows if len(st.rows[r]) >= 2]
        if full or (rows and not st.can_draw()):
            r = (full or rows)[0]
            while m.cursor != r:
                x.press(api.DOWN)
            x.press(api.KEY_A)
        else:
            x.press(api.KEY_Y)
        return
    r = st.open_rows()[0]
    while m.cursor != r:
        x.press(api.DOWN)
    x.press(api.KEY_A)


def test_two_simulators_play_coloretto_to_the_end_over_tcp(pair):
    from app.games.coloretto.play import FINAL
    pair.lobby()
    choose(pair, "Coloretto", bots=1)
    hm, gm = start(pair, "ColorettoPlay")
    for m in (hm, gm):
        m.t_bot, m.t_summary = 60, 60
    host, guest = pair.side("host"), pair.side("guest")
    for _ in range(20000):
        if hm.view == FINAL and gm.view == FINAL:
            break
        coloretto_step(host, hm)
        coloretto_step(guest, gm)
    else:
        raise AssertionError("the linked game did not end")
    link_h, link_g = pair.h.app.link, pair.g.app.link
    pair.until(lambda: link_g.guest.actions == link_h.host.actions, 300, "level")
    assert not gm.link.ahead     # every action the guest showed ahead was confirmed
    assert hm.st.to_dict() == gm.st.to_dict()
    host.press(api.KEY_A)
    guest.press(api.KEY_A)
    pair.until(lambda: last_record(pair.h) is not None and last_record(pair.g) is not None,
               300, "both logged")
    rh, rg = last_record(pair.h), last_record(pair.g)
    assert rh["actions"] == rg["actions"] and rh["scores"] == rg["scores"]


def test_a_silent_guest_is_gone_within_2s_a_bot_plays_its_seat_and_it_rejoins(
        pair, monkeypatch):
    shown = []
    real = pair.h.app.show_notice

    def notice(text, ms=3000):
        shown.append((pair.h.clock, text))
        return real(text, ms)
    monkeypatch.setattr(pair.h.app, "show_notice", notice)
    hm, gm = kocka_under_way(pair, bots=0)
    from tests.test_kocka10000_ui import human_step
    host = pair.side("host")
    # the guest is switched off: nothing more from it
    pair.guest_on = False
    cut = pair.h.clock
    pair.until(lambda: any("GUS is gone" in t for _, t in shown), 200, "gone said")
    said = [c for c, t in shown if "GUS is gone" in t][0]
    assert said - cut <= 2000
    assert any("a bot plays" in t for _, t in shown)
    # the bot plays GUS's seat: the game goes on without the guest
    pair.until(lambda: hm.agents[1] is not hm.REMOTE, 50, "a bot in the seat")
    n = len(pair.h.app.link.host.actions)
    for _ in range(300):
        human_step(host, hm)
        if len(pair.h.app.link.host.actions) > n + 6 and hm.st.turn == 0:
            break
    assert len(pair.h.app.link.host.actions) > n
    # back on: it rejoins, gets the game afresh and is level; its seat is its own again
    pair.guest_on = True
    link_h, link_g = pair.h.app.link, pair.g.app.link
    pair.until(lambda: link_g.guest is not None and link_g.guest.caught_up() and
               link_g.guest.actions == link_h.host.actions and
               type(pair.g.app.top()).__name__ == "Kocka10000Play" and
               pair.g.app.top().st.to_dict() == link_h.host.state.to_dict(), 600,
               "the guest level again")
    pair.until(lambda: hm.agents[1] is hm.REMOTE, 100, "the seat back to its player")
    assert any("GUS is back" in t for _, t in shown)
    gm = pair.g.app.top()
    fast_kocka(gm)
    play_kocka(pair, hm, gm)
    assert hm.st.to_dict() == gm.st.to_dict()


def test_the_lobby_keys_and_a_start_refused_with_the_reason(pair, monkeypatch):
    seen = footers(monkeypatch)
    pair.h.open_menu_item("Link play")
    pair.frames(3)
    assert (("Y", "Start"),) == seen[-1][:1] and ("B", "Leave") in seen[-1]
    lobby = pair.h.app.top()
    pair.side("host").press(api.KEY_Y)     # nobody joined yet
    assert pair.h.app.notice == "Nobody has joined yet"
    pair.g.open_menu_item("Link play")
    pair.until(lambda: len(pair.h.app.link.members()) == 2, 300, "joined")
    assert lobby.session.where.endswith(":%d" % pair.server.port)
    assert ("B", "Leave") in seen[-1]
    # B on the guest leaves link play: the host sees it go
    pair.side("guest").press(api.KEY_B)
    assert pair.g.app.link is None and type(pair.g.app.top()).__name__ == "MainMenu"
    pair.until(lambda: len(pair.h.app.link.members()) == 1, 100, "the guest left")
    pair.side("host").press(api.KEY_B)
    assert pair.h.app.link is None and type(pair.h.app.top()).__name__ == "MainMenu"
    # the link code leaves RAM with link play
    import sys
    assert not [n for n in sys.modules if n.startswith("app.link")]
    assert not [n for n in pair.h.app.core_modules
                if n.startswith(("app.link", "shared_rules.link"))]


def test_versions_that_differ_are_said_on_both_sides(pair, monkeypatch):
    pair.h.open_menu_item("Link play")
    pair.g.open_menu_item("Link play")
    for c in pair.g.app.link.candidates:
        c.app = "9.9.9"
    pair.until(lambda: "Versions differ" in pair.g.app.link.status and
               "Versions differ" in pair.h.app.link.status, 300, "said on both")
    assert "9.9.9" in pair.h.app.link.status and "9.9.9" in pair.g.app.link.status
    seen = texts_drawn(monkeypatch)
    pair.frames(2)
    pair.g.app.invalidate()
    pair.frames(1)
    assert any("Versions differ" in t for t in seen)


def test_nothing_to_link_with_says_how(tmp_path, monkeypatch):
    h = Harness(tmp_path)
    seen = texts_drawn(monkeypatch)
    h.open_menu_item("Link play")
    h.frames(2)
    assert h.top_name() == "NoLinkScreen"
    assert "--link host, or" in seen
    h.press(api.KEY_B)
    assert h.top_name() == "MainMenu" and h.app.link is None


def test_a_power_cut_on_the_host_resumes_the_game_there_and_the_guest_rejoins(
        pair, tmp_path):
    hm, gm = kocka_under_way(pair, bots=1)
    pair.until(lambda: pair.g.app.link.guest.actions == pair.h.app.link.host.actions,
               100, "level before the cut")
    before = pair.h.app.link.host.state.to_dict()
    seats = pair.h.app.link.host.seats
    # the power goes on the host: its sockets close with it
    port = pair.server.port
    pair.server.close()
    clock = pair.h.clock
    for _ in range(60):
        pair.g.frames(1)
    assert "The host is gone" in pair.g.app.link.status
    # the host boots again over the same flash, and the same --link host
    pair.server = TcpHost(port, bind="127.0.0.1")
    pair.h = Harness(tmp_path / "host", seed=33)
    pair.h.clock = clock
    pair.h.hal.links = pair.server.ports()
    assert type(pair.h.app.top()).__name__ == "ResumeScreen"
    pair.side("host").press(api.KEY_A)
    pair.until(lambda: type(pair.h.app.top()).__name__ == "Kocka10000Play", 50, "resumed")
    hm = pair.h.app.top()
    link_h = pair.h.app.link
    assert link_h is not None and link_h.host.seats == seats
    assert hm.st.to_dict() == before == link_h.host.state.to_dict()
    assert hm.kinds == ["human", "linked", "easy"]
    pair.until(lambda: pair.g.app.link.guest.caught_up() and
               pair.g.app.link.guest.actions == link_h.host.actions and
               type(pair.g.app.top()).__name__ == "Kocka10000Play" and
               pair.g.app.top().st.to_dict() == before, 600, "the guest rejoined")
    gm = pair.g.app.top()
    fast_kocka(hm, gm)
    play_kocka(pair, hm, gm)
    assert hm.st.to_dict() == gm.st.to_dict()


def test_three_devices_every_other_one_says_who_is_gone_within_2s(tmp_path):
    from app.games.coloretto.play import FINAL
    pair = Pair(tmp_path, guests=("GUS", "IDA"))
    try:
        said = []
        for x in [pair.h] + pair.guests:
            real = x.app.show_notice

            def notice(text, ms=3000, x=x, real=real):
                said.append((x, x.clock, text))
                return real(text, ms)
            x.app.show_notice = notice
        pair.lobby()
        assert [m[1] for m in pair.h.app.link.members()] == ["HANA", "GUS", "IDA"]
        choose(pair, "Coloretto", bots=0)
        hm, gm = start(pair, "ColorettoPlay")
        im = pair.guests[1].app.top()
        assert im.kinds == ["linked", "linked", "human"]
        sides = [(pair.side("host"), hm), (pair.side("guest"), gm),
                 (Side(pair, pair.guests[1]), im)]
        for m in (hm, gm, im):
            m.t_bot, m.t_summary = 60, 60
        for _ in range(12):
            for side, m in sides:
                coloretto_step(side, m)
        # GUS is switched off: the host and IDA say so within 2 s
        pair.guest_on = False
        cut = pair.h.clock
        ida = pair.guests[1]
        pair.until(lambda: any(x is ida and "GUS is gone: a bot plays" in t
                               for x, c, t in said), 200, "IDA told")
        for who in (pair.h, ida):
            when = [c for x, c, t in said if x is who and "GUS is gone" in t][0]
            assert when - cut <= 2000
        # the game goes on to its end: GUS's seat played by a bot on the host
        for _ in range(20000):
            if hm.view == FINAL and im.view == FINAL:
                break
            coloretto_step(sides[0][0], hm)
            coloretto_step(sides[2][0], im)
        else:
            raise AssertionError("the game did not end")
        pair.until(lambda: pair.guests[1].app.link.guest.actions ==
                   pair.h.app.link.host.actions, 300, "IDA level")
        assert hm.st.to_dict() == im.st.to_dict()
    finally:
        pair.close()


def cubingos_step(x, m, wrong=False):
    """A player of Cubingos on its own device: while racing, places a die where it forms
    the card (or, wrong=True, where it does not), with the joystick and X; passes when
    nothing forms it; goes on past a round's result."""
    from app.games.cubingos.play import RESULT
    from tests.test_cubingos_app import goto, turn_to
    st = m.st
    if m.view == RESULT:
        x.press(api.KEY_A)
        return None
    p = m.racer()
    if p < 0 or m.link.session.guest is not None and m.link.session.guest.pending:
        x.frames(2)
        return None
    good = st.matches()
    if wrong:
        forms = set((c[0], c[1], c[2]) for c in good)
        cells = [c for c in st.legal_cells() if c not in forms and c in m.cells]
        target = (cells[0], 0) if cells else None
    else:
        target = ((good[0][0], good[0][1], good[0][2]), good[0][3]) if good else None
    if target is None:
        x.press(api.KEY_B)
        x.press(api.KEY_Y)        # pass this round
        return "pass"
    goto(x, m, target[0])
    turn_to(x, m, target[1])
    x.press(api.KEY_A)
    return "wrong" if wrong else "place"


def test_two_simulators_race_at_cubingos_in_real_time_the_host_decides(pair):
    from shared_rules.cubingos import rules as C
    pair.lobby()
    choose(pair, "Cubingos", bots=0)
    hm, gm = start(pair, "CubingosPlay")
    link_h, link_g = pair.h.app.link, pair.g.app.link
    assert hm.st.options["humans"] == gm.st.options["humans"] == 0   # everybody at once
    for m in (hm, gm):
        m.t_result = 200
    host, guest = pair.side("host"), pair.side("guest")
    pair.until(lambda: hm.racer() == 0 and gm.racer() == 1, 100, "both racing")
    # a wrong call on the guest: it sits out the rest of the round, on every device
    assert cubingos_step(guest, gm, wrong=True) == "wrong"
    pair.until(lambda: hm.st.status[1] == C.WRONG and gm.st.status[1] == C.WRONG, 100,
               "the wrong call reached both")
    assert gm.racer() < 0 and "Out this round" in gm.message
    for _ in range(5000):
        if link_h.host.state.is_terminal():
            break
        cubingos_step(host, hm)
        cubingos_step(guest, gm)
    else:
        raise AssertionError("the linked race did not end")
    pair.until(lambda: link_g.guest.actions == link_h.host.actions, 200, "level")
    assert sum(len(w) for w in hm.st.won) >= 3
    # each screen shows the last actions once its round's result is off the screen
    pair.until(lambda: hm.st.to_dict() == gm.st.to_dict() == link_h.host.state.to_dict(),
               200, "both screens level")
    # every placement carries the host's clock, never going back
    times = [a[-1] for a in link_h.host.actions]
    assert times == sorted(times)
    placed = [a for a in link_h.host.actions if a[1] == C.PLACE]
    assert set(a[0] for a in placed) == {0, 1}   # both devices raced
    from app.games.cubingos.play import FINAL
    pair.until(lambda: hm.view == FINAL and gm.view == FINAL, 300, "both at the end")


def test_the_host_quitting_ends_it_for_the_guest_and_names_stay_apart(tmp_path):
    pair = Pair(tmp_path, guests=("HANA",))    # both players are called HANA
    try:
        pair.lobby()
        choose(pair, "Coloretto", bots=1)
        hm, gm = start(pair, "ColorettoPlay")
        assert hm.names[:2] == ["HANA", "HANA2"] and gm.names == hm.names
        host, guest = pair.side("host"), pair.side("guest")
        for m in (hm, gm):
            m.t_bot = 60
        for _ in range(6):
            coloretto_step(host, hm)
            coloretto_step(guest, gm)
        assert pair.g.hal.storage.read("save.json") is not None
        host.press(api.KEY_B)       # the pause box
        host.press(api.KEY_X)       # quit?
        host.press(api.KEY_A)       # yes
        pair.until(lambda: type(pair.g.app.top()).__name__ == "MainMenu", 100,
                   "the guest back at its menu")
        assert pair.g.app.notice == "HANA quit the game"
        assert pair.g.app.link is None and pair.h.app.link is None
        assert pair.g.hal.storage.read("save.json") is None   # an unfinished game: dropped
    finally:
        pair.close()


def test_the_simulators_link_option(tmp_path):
    """--link host prints where it listens (the lobby shows it too); a join without an
    address, a bad port or an unknown way exit 2 saying what --link takes."""
    import subprocess
    import sys as _sys
    from tests.mpgate import ROOT

    def sim(*args):
        return subprocess.run([_sys.executable, "-m", "simulator", "--headless", "--frames",
                               "3", "--data", str(tmp_path / "d")] + list(args),
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
    ok = sim("--link", "host:0")
    assert ok.returncode == 0, ok.stderr
    line = [x for x in ok.stdout.splitlines() if x.startswith("LINK ")][0]
    role, where = line.split()[1:]
    assert role == "host" and where.rsplit(":", 1)[1].isdigit()
    for args, says in ((("--link", "join"), "needs the host's address"),
                       (("--link", "host:x"), "not a port number"),
                       (("--link", "join", "h:99999"), "not a port number"),
                       (("--link", "bogus"), "--link takes host[:PORT]")):
        bad = sim(*args)
        assert bad.returncode == 2 and says in bad.stderr, (args, bad.stderr)


class Muted:
    """A guest's transport whose outgoing bytes can be cut (one way: it still hears)."""

    def __init__(self, inner):
        self.inner = inner
        self.role = inner.role
        self.where = inner.where
        self.cut = False

    def write(self, data):
        if not self.cut:
            self.inner.write(data)

    def read(self):
        return self.inner.read()


def test_a_guest_that_showed_moves_the_host_never_got_is_set_level_again(pair):
    """Its requests are lost (a one-way cut): the host gives its seat to a bot, whose moves
    differ from what the guest showed ahead; the guest's game is opened afresh from the
    host's actions, and when its line is back it plays its own seat again."""
    muted = Muted(pair.links[0])
    pair.g.hal.links = [muted]
    pair.lobby()
    choose(pair, "Kocka 10000", bots=0)
    hm, gm = start(pair, "Kocka10000Play")
    fast_kocka(hm, gm)
    from tests.test_kocka10000_ui import human_step
    host, guest = pair.side("host"), pair.side("guest")
    link_h, link_g = pair.h.app.link, pair.g.app.link
    for _ in range(400):
        if gm.human_turn() and gm.view == 0 and not gm.moments and not gm.rolling_until:
            break
        human_step(host, hm)
        human_step(guest, gm)
    assert gm.human_turn()
    muted.cut = True
    shown = len(link_g.guest.actions)
    for _ in range(6):              # the guest plays on, on its own screen only
        human_step(guest, gm)
    assert len(gm.link.ahead) > 0 and len(link_g.guest.actions) == shown
    # the host hears nothing: gone, a bot plays the seat (other moves than the guest's)
    pair.until(lambda: hm.agents[1] is not hm.REMOTE, 200, "a bot in the seat")
    n = len(link_h.host.actions)
    for _ in range(200):
        human_step(host, hm)
        if len([a for a in link_h.host.actions[n:] if a[0] == 1]) >= 3:
            break
    # the guest hears the host again but cannot join: it takes no more moves meanwhile
    assert link_g.guest.phase == "joining"
    assert gm.apply((1, 1)) == "waiting for the host"
    muted.cut = False
    pair.until(lambda: link_g.guest is not None and link_g.guest.caught_up() and
               link_g.guest.actions == link_h.host.actions and
               type(pair.g.app.top()).__name__ == "Kocka10000Play" and
               pair.g.app.top().st.to_dict() == link_h.host.state.to_dict() and
               hm.agents[1] is hm.REMOTE, 600, "level, and its own seat again")
    assert pair.g.app.top() is not gm         # opened afresh from the host's actions
    gm = pair.g.app.top()
    assert not gm.link.ahead
    fast_kocka(gm)
    play_kocka(pair, hm, gm)
    assert hm.st.to_dict() == gm.st.to_dict()


def cubo_step(x, m):
    """A player of Cubo on its own device: rolls on "Cubo!", takes the best arrangement
    (the hint), calls, takes a centre die, keeps it when scoring."""
    from shared_rules.cubo import rules as C
    st = m.state
    p = m.human
    if m.summary is not None:
        if m.summary[0] < 2:
            x.press(api.KEY_A)
        else:
            x.frames(2)
        return
    if m.count_at is not None or m.go_gt is not None or st.is_terminal():
        x.frames(2)
        return
    if st.phase == C.SCORING:
        if st.scorer != p:
            x.frames(2)
            return
        x.press(api.KEY_A if st.scoring_step() == C.STEP_NAME else api.KEY_X)
    elif st.status[p] == C.WAITING:
        x.press(api.KEY_A)
    elif st.status[p] == C.ARRANGING:
        x.press(api.PRESS)
        x.press(api.KEY_A)
        x.frames(4)
        x.press(api.KEY_Y)
    elif st.status[p] == C.CALLED and st.next_taker() == p:
        x.press(api.KEY_A)
    else:
        x.frames(2)
        return
    x.frames(4)     # its answer from the host


def test_two_simulators_play_cubo_in_real_time_to_the_end(pair):
    from shared_rules.cubo import rules as C
    pair.lobby()
    choose(pair, "Cubo", bots=1)
    hm, gm = start(pair, "CuboMatch")
    link_h, link_g = pair.h.app.link, pair.g.app.link
    assert (hm.human, gm.human) == (0, 1)
    assert type(gm.agents[2]).__name__ == "RemoteSeat"   # the bot plays on the host
    # both count in to the same "Cubo!" on the host's clock: nobody rolls before it
    assert hm.go_gt == gm.go_gt == 3000
    host, guest = pair.side("host"), pair.side("guest")
    guest.press(api.KEY_A)
    assert gm.state.status[1] == C.WAITING and not link_h.host.actions
    beeps = pair.g.hal.buzzer.tones
    pair.until(lambda: hm.go_gt is None and gm.go_gt is None, 200, "Cubo! on both")
    assert pair.g.hal.buzzer.tones > beeps          # the count-in beeped on the guest
    assert not [a for a in link_h.host.actions if a[-1] < 3000]
    for _ in range(6000):
        if link_h.host.state.is_terminal():
            break
        cubo_step(host, hm)
        cubo_step(guest, gm)
    else:
        raise AssertionError("the linked match did not end")
    pair.until(lambda: link_g.guest.actions == link_h.host.actions and
               gm.state.to_dict() == hm.state.to_dict() == link_h.host.state.to_dict(),
               300, "level at the end")
    assert hm.state.round_number() == C.ROUNDS
    kinds = set((a[0], a[1]) for a in link_h.host.actions)
    assert (1, C.ROLL) in kinds and (1, C.CALL) in kinds and (1, C.TAKE) in kinds
    times = [a[-1] for a in link_h.host.actions]
    assert times == sorted(times)


def test_a_cubo_guests_press_that_only_goes_to_the_host_draws_no_frame(pair):
    # its screen changes when the host's action comes back: a frame drawn for the press
    # itself (11 ms on the Pico) would make that answer wait (bench link_app)
    from shared_rules.cubo import rules as C
    pair.lobby()
    choose(pair, "Cubo")
    hm, gm = start(pair, "CuboMatch")
    host, guest = pair.side("host"), pair.side("guest")
    pair.until(lambda: hm.go_gt is None and gm.go_gt is None, 200, "Cubo! on both")
    host.press(api.KEY_A)
    guest.press(api.KEY_A)
    pair.until(lambda: gm.state.status[1] == C.ARRANGING, 100, "the guest rolled")
    pair.frames(40)                     # the roll has landed: nothing animates
    g = pair.g
    rolls = gm.state.rolls(1)
    g.hal.buttons.inject(api.event(api.PRESSED, api.KEY_X))
    g.clock += FRAME
    assert not g.app.tick(g.clock)      # the reroll went out as a request, undrawn
    assert g.app.link.awaiting()
    g.hal.buttons.inject(api.event(api.RELEASED, api.KEY_X))
    pushed = g.app.frames
    pair.until(lambda: gm.state.rolls(1) > rolls, 20, "the host's answer on the guest")
    assert g.app.frames > pushed and not g.app.link.awaiting()
    # a press that changes the guest's own screen still draws at once
    g.hal.buttons.inject(api.event(api.PRESSED, api.RIGHT))
    g.clock += FRAME
    assert g.app.tick(g.clock)
    g.hal.buttons.inject(api.event(api.RELEASED, api.RIGHT))


def test_a_guest_quitting_leaves_a_bot_in_its_seat(pair):
    pair.lobby()
    choose(pair, "Coloretto", bots=1)
    hm, gm = start(pair, "ColorettoPlay")
    host, guest = pair.side("host"), pair.side("guest")
    for m in (hm, gm):
        m.t_bot = 60
    for _ in range(4):
        coloretto_step(host, hm)
        coloretto_step(guest, gm)
    guest.press(api.KEY_B)
    guest.press(api.KEY_X)
    guest.press(api.KEY_A)          # quit, confirmed
    pair.until(lambda: type(pair.g.app.top()).__name__ == "MainMenu" and
               pair.h.app.notice == "GUS is gone: a bot plays for them", 100, "said")
    assert pair.g.app.link is None
    pair.until(lambda: hm.agents[1] is not hm.REMOTE, 50, "a bot in GUS's seat")
    n = len([a for a in pair.h.app.link.host.actions if a[0] == 1])
    for _ in range(300):
        coloretto_step(host, hm)
        if len([a for a in pair.h.app.link.host.actions if a[0] == 1]) > n:
            break
    assert len([a for a in pair.h.app.link.host.actions if a[0] == 1]) > n


class PtyEnd:
    """The other end of a pseudo-terminal as a transport (what a Kocka on a USB-serial
    adapter would be to the simulator)."""
    role = None
    where = "pty"

    def __init__(self, fd):
        import os
        os.set_blocking(fd, False)
        self.fd = fd

    def write(self, data):
        import os
        try:
            os.write(self.fd, data)
        except BlockingIOError:
            pass

    def read(self):
        import os
        try:
            return os.read(self.fd, 4096) or None
        except (BlockingIOError, OSError):
            return None


def test_a_simulator_links_over_a_serial_line(tmp_path):
    """--link serial PATH: the same protocol over a pty; neither end has a role, so the
    players choose Host a game and Join a game."""
    import os
    import pty
    import tty
    from simulator.link_tcp import SerialLink
    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    serial_link = SerialLink(os.ttyname(slave))
    try:
        h = Harness(tmp_path / "a", seed=5)
        g = Harness(tmp_path / "b", seed=6)
        g.app.settings.set_name(0, "GUS")
        h.hal.links = serial_link.ports()
        g.hal.links = [PtyEnd(master)]

        def frames(n):
            for _ in range(n):
                h.frames(1)
                g.frames(1)
                time.sleep(0.0005)
        h.open_menu_item("Link play")
        assert h.top_name() == "RoleScreen"
        h.press(api.KEY_A)                  # Host a game
        g.open_menu_item("Link play")
        g.press(api.DOWN)
        g.press(api.KEY_A)                  # Join a game
        for _ in range(300):
            if len(h.app.link.members()) == 2 and len(g.app.link.members()) == 2:
                break
            frames(1)
        assert [m[1] for m in g.app.link.members()] == ["ANNA", "GUS"]
        assert h.top_name() == g.top_name() == "LobbyScreen"
    finally:
        serial_link.close()
        os.close(master)
        os.close(slave)


def test_link_play_keeps_both_devices_awake_and_leaving_it_lets_them_sleep(pair):
    for x in (pair.h, pair.g):
        x.app.settings.set("sleep", 1)
    pair.lobby()
    pair.frames(90_000 // FRAME)      # 1.5 minutes without a key, sleep after 1
    for x in (pair.h, pair.g):
        assert not x.hal.display.asleep and not x.app.power.asleep()
    pair.side("guest").press(api.KEY_B)   # dimmed: this press only wakes it
    assert pair.g.app.link is not None
    pair.side("guest").press(api.KEY_B)   # the guest leaves link play
    pair.until(lambda: len(pair.h.app.link.members()) == 1, 100, "the guest left")
    pair.frames(70_000 // FRAME)
    assert pair.g.hal.display.asleep   # out of link play: it sleeps again
    assert not pair.h.hal.display.asleep   # the host's lobby is still open
