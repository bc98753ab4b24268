"""Link frames (shared_rules/link/frames.py): round trips, and garbage, truncation, bit
flips, floods and foreign frames never give a wrong frame, never raise, never grow memory."""
import random

from hypothesis import given, settings, strategies as st

from shared_rules import syncproto
from shared_rules.link import frames


def read_all(data, reader=None):
    reader = reader or frames.Reader()
    out = []
    reader.feed(data, out)
    return out, reader


@given(st.integers(1, frames.EPOCH_MASK), st.integers(0, frames.EPOCH_MASK),
       st.integers(0, frames.SEQ_MASK), st.integers(0, frames.SEQ_MASK),
       st.text(max_size=120))
def test_data_frames_round_trip(src, dst, seq, ack, msg):
    f = frames.encode_data(src, dst, seq, ack, msg)
    assert f.startswith(b"@K1 LD ") and f.endswith(b"\n") and f.count(b"@") == 1
    assert all(0x20 <= b <= 0x7E for b in f[:-1])
    out, r = read_all(b"noise\x00\xff" + f + f)
    assert out == [(frames.DATA, src, dst, seq, ack, msg)] * 2
    assert r.broken == 0 and r.foreign == 0


def test_ack_frames_round_trip():
    out, _ = read_all(frames.encode_ack(7, 0, 65535))
    assert out == [(frames.ACK, 7, 0, 0, 65535, "")]


def stream(rng, n):
    sent = []
    data = bytearray()
    for _ in range(n):
        if rng.random() < 0.3:
            fr = (frames.ACK, rng.randrange(1, 1 << 30), rng.randrange(1 << 30), 0,
                  rng.randrange(1 << 16), "")
            data += frames.encode_ack(fr[1], fr[2], fr[4])
        else:
            msg = "".join(chr(rng.choice((32, 37, 64, 65, 10, 233, 0x263A)))
                          for _ in range(rng.randrange(40)))
            fr = (frames.DATA, rng.randrange(1, 1 << 30), rng.randrange(1 << 30),
                  rng.randrange(1 << 16), rng.randrange(1 << 16), msg)
            data += frames.encode_data(fr[1], fr[2], fr[3], fr[4], msg)
        sent.append(fr)
    return sent, bytes(data)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 1 << 30))
def test_damage_never_makes_a_wrong_frame(seed):
    rng = random.Random(seed)
    sent, data = stream(rng, 30)
    b = bytearray(data)
    for _ in range(rng.randrange(1, 30)):
        op = rng.randrange(4)
        i = rng.randrange(len(b))
        if op == 0:
            b[i] ^= 1 << rng.randrange(8)           # a bit flip
        elif op == 1:
            del b[i:i + rng.randrange(1, 30)]       # bytes lost (truncation)
        elif op == 2:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20)))
        else:
            b[i:i] = b[i:i + rng.randrange(1, 60)]  # bytes duplicated
    out, r = read_all(bytes(b))
    for fr in out:
        assert fr in sent
    # what the damage did not touch still arrives
    assert len(out) + r.broken + r.too_long + r.foreign + r.bad_version >= 1


def test_a_frame_too_long_is_dropped_with_a_count_and_the_next_is_read():
    r = frames.Reader(maxlen=100)
    good = frames.encode_data(1, 2, 3, 4, "hello")
    out = []
    r.feed(frames.encode_data(1, 2, 3, 4, "x" * 300) + good, out)
    assert out == [(frames.DATA, 1, 2, 3, 4, "hello")]
    assert r.too_long == 1


def test_a_flood_never_grows_the_buffer_and_the_next_frame_is_read():
    r = frames.Reader()
    out = []
    rng = random.Random(5)
    flood = bytes(rng.randrange(256) for _ in range(20000))
    for _ in range(10):
        for data in (flood, b"@K" + b"A" * 5000):   # garbage, an endless frame
            r.feed(data, out)
            assert r.parser.buf is None or len(r.parser.buf) == frames.MAX_FRAME
    r.feed(b"\n" + frames.encode_ack(9, 8, 7), out)
    assert out[-1] == (frames.ACK, 9, 8, 0, 7, "")
    assert r.parser.buf is None
    assert r.too_long >= 10


def raw_frame(body):
    from shared_rules.crc32 import crc32_hex
    return b"@K" + body + crc32_hex(body).encode() + b"\n"


def test_other_versions_and_sync_frames_are_counted_not_taken():
    other = bytearray(frames.encode_ack(1, 2, 3))
    other[2] = ord("2")
    other = raw_frame(bytes(other[2:-9]))
    sync = syncproto.encode_json_frame(syncproto.HELLO, {"v": 1})
    lies = syncproto.encode_frame(frames.DATA, "1 2 x 4 hi") + \
        syncproto.encode_frame(frames.DATA, "0 2 3 4 hi") + \
        syncproto.encode_frame(frames.ACK, "1 2 99999") + \
        raw_frame(b"1 LD 1 2 3 4 %zz ")
    out, r = read_all(other + sync + lies)
    assert out == []
    assert r.bad_version == 1 and r.version_seen == "2"
    assert r.foreign == 5


def test_the_buffer_is_held_only_while_a_frame_is_read():
    r = frames.Reader()
    out = []
    r.feed(b"garbage with no frame start\r\n", out)
    assert r.parser.buf is None                 # a port nobody talks on holds none
    r.feed(frames.encode_ack(1, 2, 3)[:10], out)
    assert len(r.parser.buf) == frames.MAX_FRAME
    r.feed(frames.encode_ack(1, 2, 3)[10:], out)
    assert out == [(frames.ACK, 1, 2, 0, 3, "")] and r.parser.buf is None
