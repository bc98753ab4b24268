"""app.link.wake: a linked frame's rest ends when a message has come in on a link port
(more bytes waiting than the session's poll left, then a quiet millisecond), at a key as
the HAL's wait does, and otherwise lasts its whole time; transports that cannot say get
the plain wait."""
from app.link import wake


class Clock:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return a - b


class Port:
    def __init__(self, clock, arrivals=()):
        self.clock = clock
        self.arrivals = list(arrivals)   # (ms, bytes) reaching the port's buffer

    def waiting(self):
        return sum(n for t, n in self.arrivals if t <= self.clock.t)


def sleeper(clock, key_at=None):
    def wait(ms):
        if key_at is not None and clock.t >= key_at:
            return          # a key's edge: the HAL's wait returns at once
        clock.t += ms
    return wait


def test_a_message_ends_the_rest_once_the_line_is_quiet():
    c = Clock()
    port = Port(c, [(10, 30), (11, 30)])       # a 60-byte frame arriving over 2 ms
    wake.rest(c, sleeper(c), 32, [port])
    assert 12 <= c.t <= 13


def test_no_bytes_the_whole_rest_and_a_key_ends_it_at_once():
    c = Clock()
    wake.rest(c, sleeper(c), 32, [Port(c)])
    assert c.t == 32
    c2 = Clock()
    wake.rest(c2, sleeper(c2, key_at=5), 32, [Port(c2)])
    assert c2.t == 5


def test_bytes_nobody_reads_end_no_rest():
    c = Clock()
    port = Port(c, [(0, 40)])                  # there before, never read
    wake.rest(c, sleeper(c), 32, [port])
    assert c.t == 32
    c2 = Clock()
    port = Port(c2, [(0, 40)])                 # the session's poll left them unread
    wake.rest(c2, sleeper(c2), 32, [port], base=40)
    assert c2.t == 32


def test_a_message_that_came_in_while_the_frame_was_drawn_ends_the_rest_at_once():
    # the poll left nothing (base 0); 60 bytes arrived during the draw, before the rest
    c = Clock()
    port = Port(c, [(0, 60)])
    wake.rest(c, sleeper(c), 32, [port], base=0)
    assert c.t == 1
    # still coming in when the rest starts: it ends a quiet millisecond after the last
    c2 = Clock()
    port = Port(c2, [(0, 20), (1, 20), (2, 20)])
    wake.rest(c2, sleeper(c2), 32, [port], base=0)
    assert c2.t == 3


def test_a_transport_that_cannot_say_gets_the_plain_wait():
    c = Clock()
    waited = []
    wake.rest(c, waited.append, 32, [object()])
    assert waited == [32]


def test_with_a_microsecond_sleep_the_end_of_a_message_is_seen_to_a_few_bytes():
    c = Clock()
    c.sleep_us = lambda us: setattr(c, "t", c.t + us / 1000.0)
    port = Port(c, [(9.5, 30), (10.2, 30)])    # the last byte at 10.2 ms
    wake.rest(c, sleeper(c), 32, [port], base=0)
    assert 10.2 < c.t <= 10.2 + 0.7            # a quiet 300 us after it, not a millisecond
    c2 = Clock()
    c2.sleep_us = lambda us: setattr(c2, "t", c2.t + us / 1000.0)
    wake.rest(c2, sleeper(c2), 32, [Port(c2, [(0, 40)])], base=40)   # nobody reads them
    assert c2.t == 32
