"""The link channel (shared_rules/link/channel.py) over a modelled wire (tests/linkwire.py):
every message arrives once and in order through loss, damage, duplicates and garbage;
a silent peer is gone within GONE_MS; a restarted peer starts afresh; nothing grows."""
from hypothesis import given, settings, strategies as st

from shared_rules.link import channel as chmod
from shared_rules.link.channel import Channel
from tests.linkwire import Clock, Line

NOISY = dict(loss=0.08, trunc=0.04, flip=0.05, dup=0.04, garbage=0.05)


def pair(seed=0, **faults):
    clock = Clock(0)
    line = Line(clock, seed, **faults)
    return clock, line, Channel(line.a, 1000 + seed), Channel(line.b, 2000 + seed)


def run(clock, chans, ms, step=5, log=None):
    end = clock.now + ms
    while clock.now < end:
        clock.now += step
        for i, c in enumerate(chans):
            for ev in c.poll(clock.now):
                if log is not None:
                    log[i].append(ev)


def msgs(evs):
    return [d for k, d in evs if k == chmod.MSG]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10000))
def test_messages_arrive_once_in_order_over_a_noisy_wire(seed):
    clock, line, a, b = pair(seed, **NOISY)
    log = ([], [])
    run(clock, (a, b), 1000, log=log)
    assert a.up and b.up
    want_ab = ["a%d %s" % (i, "@%" * (i % 7)) for i in range(120)]
    want_ba = ["b%d" % i for i in range(80)]
    ia = ib = 0
    for _ in range(4000):
        while ia < len(want_ab) and a.send(want_ab[ia]):
            ia += 1
        while ib < len(want_ba) and b.send(want_ba[ib]):
            ib += 1
        run(clock, (a, b), 5, log=log)
        if len(msgs(log[1])) == len(want_ab) and len(msgs(log[0])) == len(want_ba):
            break
    assert msgs(log[1]) == want_ab
    assert msgs(log[0]) == want_ba
    assert a.pending() <= a.queue and b.pending() <= b.queue
    # never gone on a noisy but living wire
    assert [k for k, _ in log[0] + log[1] if k in (chmod.GONE, chmod.UP)] == ["up", "up"]


def test_the_queue_is_bounded():
    clock, line, a, b = pair()
    assert not a.send("early")              # no peer yet
    run(clock, (a, b), 50)
    line.cut()
    n = 0
    while a.send("m%d" % n):
        n += 1
    assert n == a.queue


def test_a_message_too_long_for_a_frame_is_an_error():
    clock, line, a, b = pair()
    run(clock, (a, b), 50)
    try:
        a.send("x" * 1100)
    except ValueError:
        pass
    else:
        raise AssertionError("sent a message too long for the frame buffer")


def test_a_cut_is_gone_within_gone_ms_and_both_start_afresh_after():
    clock, line, a, b = pair(3, **NOISY)
    log = ([], [])
    run(clock, (a, b), 3000, log=log)
    assert a.up and b.up
    a.send("before")
    run(clock, (a, b), 10)
    line.cut()
    cut_at = clock.now
    del log[0][:], log[1][:]
    gone_at = [None, None]
    while clock.now < cut_at + 3000:
        run(clock, (a, b), 5, log=log)
        for i in (0, 1):
            if gone_at[i] is None and (chmod.GONE, None) in log[i]:
                gone_at[i] = clock.now
    assert gone_at[0] is not None and gone_at[1] is not None
    assert max(gone_at) - cut_at <= chmod.GONE_MS + 5
    assert not a.up and not b.up
    assert not a.send("while cut")
    line.cut(False)
    del log[0][:], log[1][:]
    run(clock, (a, b), 1000, log=log)
    assert a.up and b.up
    assert a.send("after")
    run(clock, (a, b), 1000, log=log)
    assert msgs(log[1]) == ["after"]


def test_heartbeats_keep_an_idle_link_up():
    clock, line, a, b = pair(1)
    log = ([], [])
    run(clock, (a, b), 20000, step=16, log=log)
    assert a.up and b.up
    assert [k for k, _ in log[0]] == ["up"] and [k for k, _ in log[1]] == ["up"]
    # a heartbeat is a short frame every IDLE_MS: the idle wire carries little
    assert line.ab.written < 20000 // chmod.IDLE_MS * 40


def test_a_restarted_peer_is_a_new_peer():
    clock, line, a, b = pair(2, loss=0.05)
    log = ([], [])
    run(clock, (a, b), 200, log=log)
    for i in range(5):
        a.send("old%d" % i)
    run(clock, (a, b), 500, log=log)
    b2 = Channel(line.b, 777)                   # b powered off and on: a new epoch
    log2 = []
    for _ in range(100):
        clock.now += 5
        log[0].extend(a.poll(clock.now))
        log2.extend(b2.poll(clock.now))
    assert log[0].count((chmod.UP, None)) == 2
    a.send("new")
    for _ in range(200):
        clock.now += 5
        a.poll(clock.now)
        log2.extend(b2.poll(clock.now))
    assert msgs(log2) == ["new"]


def test_flood_of_garbage_and_replays_changes_nothing():
    clock, line, a, b = pair(4)
    log = ([], [])
    run(clock, (a, b), 100, log=log)
    a.send("one")
    run(clock, (a, b), 100, log=log)
    # a liar replays b's view of the data frame and floods garbage at b
    from shared_rules.link import frames
    replay = frames.encode_data(a.epoch, b.epoch, 0, 0, "one")
    import random
    rng = random.Random(1)
    for _ in range(50):
        line.ab.inject(bytes(rng.randrange(256) for _ in range(2000)) + replay * 5)
        run(clock, (a, b), 20, log=log)
    assert msgs(log[1]) == ["one"]
    assert b.up and a.up and b.dropped >= 20
    buf = b.reader.parser.buf     # never more than a frame's buffer, only while one is read
    assert buf is None or len(buf) == frames.MAX_FRAME


class SmallBuffer:
    """A cable's shape over a Line end: a TX buffer of `room` bytes drained at the line's
    byte rate (write drops a frame it has no room for, counted; free() says the room),
    and reads a chunk at a time."""

    def __init__(self, end, clock, room, chunk=64, bytes_per_ms=11.52):
        self.end, self.clock, self.room, self.chunk = end, clock, room, chunk
        self.rate = bytes_per_ms
        self.queued = 0.0
        self.at = clock.now
        self.dropped = 0
        self.held = b""

    def free(self):
        self.queued = max(0.0, self.queued - (self.clock.now - self.at) * self.rate)
        self.at = self.clock.now
        return int(self.room - self.queued)

    def write(self, data):
        if len(data) > self.free():
            self.dropped += 1
            return
        self.queued += len(data)
        self.end.write(data)

    def read(self):
        if not self.held:
            self.held = self.end.read() or b""
        data, self.held = self.held[:self.chunk], self.held[self.chunk:]
        return data or None


def test_a_window_waits_for_room_in_a_small_tx_buffer_instead_of_being_resent():
    # 8 frames of about 420 bytes in flight over a buffer that holds two: each frame
    # goes out when it fits, none is dropped, none resent; reads come 64 bytes at a time
    clock = Clock(0)
    line = Line(clock, 0)
    ta, tb = SmallBuffer(line.a, clock, 1152), SmallBuffer(line.b, clock, 1152)
    a, b = Channel(ta, 1000), Channel(tb, 2000)
    log = ([], [])
    run(clock, (a, b), 600, step=32, log=log)
    assert a.up and b.up
    want = ["m%d %s" % (i, "x" * 400) for i in range(40)]
    i = 0
    for _ in range(400):
        while i < len(want) and a.send(want[i]):
            i += 1
        run(clock, (a, b), 32, step=32, log=log)
        if len(msgs(log[1])) == len(want):
            break
    assert msgs(log[1]) == want
    assert ta.dropped == 0 and a.resends == 0
    # at the line's rate, near enough: 40 frames of ~440 bytes are 1.5 s at 11.5 bytes/ms
    assert clock.now < 600 + 2500, clock.now
