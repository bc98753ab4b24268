"""Which link ports link play opens: a guest only those every device has (the Pico's
LINK A and LINK B), a host also those only a host uses (the Pico's LINK C, a PIO UART:
hal.link_ports(host=True)), so a guest never pays for LINK C's buffers. Every port,
LINK C too, is closed when link play ends. The app on the virtual HAL, whose
link_ports is replaced by one that records what was asked."""
from hal import api
from tests.apphelpers import Harness


class Port:
    """A cable nobody is on: reads nothing, can close and reopen (as LinkCable/LinkPio)."""

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
        if self.c is None:
            self.c = Port("C")
        else:
            self.c.reopen()
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
    h.open_menu_item("Link play")           # again: the same LINK C, reopened
    h.press(api.KEY_A)
    h.frames(3)
    assert h.app.link.ports[2] is ports.c and not ports.c.closed and ports.c.opened == 2
