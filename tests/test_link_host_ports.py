"""Which link ports link play opens: a guest only those every device has (the Pico's
LINK A and LINK B), a host also those only a host uses (the Pico's LINK C, a PIO UART:
hal.link_ports(host=True)), so a guest never pays for LINK C's buffers. Every port,
LINK C too, is closed when link play ends. The app on the virtual HAL, whose
link_ports is replaced by one that records what was asked."""
from hal import api
from tests.apphelpers import Harness


class Port:
    """A cable nobody is on: reads nothing, can close and reopen (as LinkCable)."""

    def __init__(self, name):
        self.name = name
        self.closed = False
        self.opened = 1

    def write(self, data):
        pass

    def read(self):
        return None

    def close(self):
        self.closed = True

    def reopen(self):
        if self.closed:
            self.closed = False
            self.opened += 1
        return True


class Fresh(Port):
    """LINK C as hal.link_pio_thumb's: once closed link play drops it, and the HAL gives a
    fresh one (its driver and buffers leave the heap with the one dropped)."""
    FRESH = True

    def reopen(self):
        assert not self.closed, "a closed LINK C is never opened again: a fresh one is"
        return True


class Ports:
    def __init__(self):
        self.a, self.b, self.c = Port("A"), Port("B"), None
        self.asked = []

    def __call__(self, host=False):
        self.asked.append(host)
        for p in (self.a, self.b):
            p.reopen()
        if not host:
            return [self.a, self.b]
        if self.c is None or self.c.closed:
            self.c = Fresh("C")
        return [self.a, self.b, self.c]


def linked(tmp_path, role_keys):
    h = Harness(tmp_path, seed=3)
    ports = Ports()
    h.hal.link_ports = ports
    h.open_menu_item("Link play")
    assert h.top_name() == "RoleScreen"
    for key in role_keys:
        h.press(key)
    h.frames(3)
    assert h.top_name() == "LobbyScreen"
    return h, ports


def test_a_guest_never_opens_link_c(tmp_path):
    h, ports = linked(tmp_path, [api.DOWN, api.KEY_A])      # Join a game
    assert ports.asked == [False] and ports.c is None
    assert [p.name for p in h.app.link.ports] == ["A", "B"]
    h.press(api.KEY_B)                                      # leave link play
    h.frames(3)
    assert h.app.link is None and ports.a.closed and ports.b.closed


def test_a_host_opens_link_c_beside_the_cables_and_closes_it_at_the_end(tmp_path):
    h, ports = linked(tmp_path, [api.KEY_A])                # Host a game
    assert ports.asked == [False, True]     # the role screen's cables, then the host's
    assert [p.name for p in h.app.link.ports] == ["A", "B", "C"]
    assert len(h.app.link.host.ports) == 3  # a channel per port: a guest on each
    h.press(api.KEY_B)
    h.frames(3)
    assert h.app.link is None and all(p.closed for p in (ports.a, ports.b, ports.c))
    first = ports.c
    h.open_menu_item("Link play")           # again: a fresh LINK C
    h.press(api.KEY_A)
    h.frames(3)
    assert h.app.link.ports[2] is ports.c is not first and not ports.c.closed


def test_a_host_drops_link_c_for_a_game_without_its_guest_and_gets_it_again_after(tmp_path):
    from app import games
    h, ports = linked(tmp_path, [api.KEY_A])                # Host a game
    s = h.app.link
    c = ports.c
    s.start("kocka10000", games.load("kocka10000").LINK, None, [["Bot", "easy"]])
    h.frames(3)
    assert s.host.phase == "playing" and ports.a.closed and ports.b.closed and c.closed
    assert [p.name for p in s.ports] == ["A", "B"]          # the closed LINK C dropped
    assert s.host.ports == []
    s.host.state.is_terminal = lambda: True                 # the game is over
    s.to_lobby()
    assert ports.asked == [False, True, True]               # LINK C asked for again
    assert [p.name for p in s.ports] == ["A", "B", "C"] and s.ports[2] is not c
    assert not any(p.closed for p in s.ports) and len(s.host.ports) == 3
