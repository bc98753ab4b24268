"""The link layer under CPython and MicroPython alike: frames round-trip and survive
damage, a channel delivers in order over a lossy wire, and a host and a guest play a whole
game of Kocka 10000 to identical States (MicroPython subset; the CPython-only tests with
hypothesis and the modelled UART are tests/test_link_*.py)."""
from shared_rules import driver
from shared_rules.rng import Rng
from shared_rules.link import frames, lobby
from shared_rules.link.channel import Channel, MSG
from shared_rules.link.host import Host
from shared_rules.link.guest import Guest


class Clock:
    def __init__(self):
        self.now = 0


class Wire:
    """One direction: bytes after `latency` ms, a write lost or bit-flipped now and then."""

    def __init__(self, clock, seed, loss=0, flip=0):
        self.clock = clock
        self.rng = Rng(seed)
        self.loss = loss
        self.flip = flip
        self.q = []

    def write(self, data):
        if self.rng.below(100) < self.loss:
            return
        if self.rng.below(100) < self.flip:
            b = bytearray(data)
            i = self.rng.below(len(b))
            b[i] ^= 1 << self.rng.below(8)
            data = bytes(b)
        self.q.append((self.clock.now + 2, bytes(data)))

    def read(self):
        out = b""
        while self.q and self.q[0][0] <= self.clock.now:
            out += self.q.pop(0)[1]
        return out or None


class End:
    def __init__(self, tx, rx):
        self.tx = tx
        self.rx = rx

    def write(self, data):
        self.tx.write(data)

    def read(self):
        return self.rx.read()


def line(clock, seed, loss=0, flip=0):
    ab = Wire(clock, seed, loss, flip)
    ba = Wire(clock, seed + 1, loss, flip)
    return End(ab, ba), End(ba, ab)


def test_frames_round_trip_and_damage_is_counted():
    msg = "REQ {\"a\": [1, 2]} 50% @ \u00e9"
    f = frames.encode_data(5, 6, 7, 8, msg)
    r = frames.Reader()
    out = []
    bad = bytearray(f)
    bad[12] ^= 4
    r.feed(b"\x00junk" + bytes(bad) + f + frames.encode_ack(5, 6, 9), out)
    assert out == [(frames.DATA, 5, 6, 7, 8, msg), (frames.ACK, 5, 6, 0, 9, "")]
    assert r.broken == 1


def test_channel_delivers_in_order_over_a_lossy_wire():
    clock = Clock()
    ea, eb = line(clock, 3, loss=15, flip=10)
    a = Channel(ea, 11)
    b = Channel(eb, 22)
    got = []
    i = 0
    while len(got) < 40 and clock.now < 60000:
        clock.now += 5
        if i < 40 and a.send("m%d" % i):
            i += 1
        a.poll(clock.now)
        for k, d in b.poll(clock.now):
            if k == MSG:
                got.append(d)
    assert got == ["m%d" % j for j in range(40)]


def test_host_and_guest_play_a_whole_game_to_identical_states():
    from shared_rules.kocka10000.rules import Kocka10000
    clock = Clock()
    ea, eb = line(clock, 7, loss=10, flip=5)
    host = Host("H", "Hana", "1")
    host.add_port(Channel(ea, 101))
    guest = Guest(Channel(eb, 202), "G", "Gus", "1")
    while len(host.members()) < 2:
        clock.now += 10
        host.tick(clock.now)
        guest.tick(clock.now)
        assert clock.now < 5000
    seats = lobby.seats([["G", "Gus"], ["H", "Hana"]], [], "H")
    host.start("kocka10000", seats, clock.now, None, 5)
    agents = [driver.RandomAgent(1), driver.RandomAgent(2)]
    while not (host.state.is_terminal() and guest.actions == host.actions):
        clock.now += 10
        host.tick(clock.now)
        guest.tick(clock.now)
        st = host.state
        if not st.is_terminal() and 1 in st.actors():
            host.submit(agents[1].act(st, 1, 0), clock.now)
        gs = guest.state
        if guest.caught_up() and guest.pending is None and not gs.is_terminal() \
                and 0 in gs.actors():
            guest.request(agents[0].act(gs, 0, 0))
        assert clock.now < 3000000
    assert guest.state.to_dict() == host.state.to_dict()
    again = driver.replay(Kocka10000, 2, 5, None, host.actions)
    assert again.to_dict() == host.state.to_dict()
