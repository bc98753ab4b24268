"""Sync framing: frames round-trip, garbage is skipped, damage is reported, nothing escapes
(MicroPython subset: runs under CPython and MicroPython)."""
from shared_rules import syncproto as sp
from shared_rules.rng import Rng


def frames_of(parser, data):
    out = []
    for b in data:
        fr = parser.feed(b)
        if fr is not None:
            out.append(fr)
    return out


def test_frame_is_printable_ascii_with_one_newline():
    f = sp.encode_frame(sp.ROSTER, '{"names":["A@B","50%","\u00e9\\n"]}\x03\x00')
    assert f.startswith(b"@K1 ROSTER ")
    assert f.endswith(b"\n") and f.count(b"\n") == 1
    for b in f[:-1]:
        assert 0x20 <= b <= 0x7E
    assert f.count(b"@") == 1


def test_round_trip_through_garbage():
    p = sp.Parser()
    msgs = [(sp.HELLO, '{"v":1}'), (sp.GET, '{"since":5,"id":2}'), (sp.BYE, "")]
    data = b"MicroPython v1.24 on 2024-01-01; Raspberry Pi Pico\r\n>>> \x03\x04"
    for k, pl in msgs:
        data += b"noise" + sp.encode_frame(k, pl) + b"\r\n"
    got = frames_of(p, data)
    assert [(k, sp.unescape(pl).decode()) for k, pl in got] == msgs
    assert p.errors == 0 and p.frames == 3 and p.skipped > 0


def test_escape_round_trip_all_bytes():
    raw = bytes(range(256))
    text = sp.escape(raw)
    for ch in text:
        assert " " <= ch <= "~" and ch != "@"
    assert sp.unescape(text) == raw


def test_crlf_tolerated():
    p = sp.Parser()
    f = sp.encode_frame(sp.TIME, '{"unix":1}')
    assert frames_of(p, f[:-1] + b"\r\n") == [(sp.TIME, '{"unix":1}')]


def test_damaged_frames_are_reported_and_the_next_one_is_read():
    good = sp.encode_frame(sp.ACK, '{"seq":3,"epoch":9}')
    for i in range(2, len(good) - 1):
        p = sp.Parser()
        bad = bytearray(good)
        bad[i] = 0x30 if bad[i] != 0x30 else 0x31
        got = frames_of(p, bytes(bad) + good)
        assert got[-1] == (sp.ACK, '{"seq":3,"epoch":9}'), i
        assert got[0][0] in (sp.BROKEN, sp.BAD_VERSION) or len(got) == 1
        # a changed byte never passes as a different intact frame
        assert len(got) <= 2
    # cut short: the next frame's marker ends the broken one
    p = sp.Parser()
    got = frames_of(p, good[:15] + good)
    assert got[0][0] == sp.BROKEN and got[1][0] == sp.ACK


def test_other_version_is_recognised():
    body = "2 HELLO {} "
    from shared_rules.crc32 import crc32_hex
    fr = ("@K" + body + crc32_hex(body.encode()) + "\n").encode()
    got = frames_of(sp.Parser(), fr)
    assert got == [(sp.BAD_VERSION, "2")]


def test_too_long_frames_are_dropped():
    p = sp.Parser(64)
    long = sp.encode_frame(sp.ROSTER, "x" * 100)
    short = sp.encode_frame(sp.BYE, "")
    got = frames_of(p, long + short)
    assert got[0] == (sp.BROKEN, "too long")
    assert got[-1] == (sp.BYE, "")


def test_random_input_never_raises():
    rng = Rng(99)
    p = sp.Parser(80)
    alphabet = b"@K1 HELLO{}\"0123456789abcdef\n\r%\x00\x03\xff"
    for _ in range(3000):
        if rng.below(3) == 0:
            b = alphabet[rng.below(len(alphabet))]
        else:
            b = rng.below(256)
        fr = p.feed(b)
        if fr is not None:
            assert isinstance(fr, tuple) and len(fr) == 2
    assert sp.payload_json("%zz") is None
    assert sp.payload_json("[1]") is None
    assert sp.payload_json('{"a":1}') == {"a": 1}


def test_rec_payload_round_trip():
    data = bytes(range(200))
    pl = sp.rec_payload(3, 41, data)
    assert sp.parse_rec_payload(pl) == (3, 41, data)
    fr = sp.encode_frame(sp.REC, pl)
    got = frames_of(sp.Parser(sp.HOST_MAX_FRAME), fr)
    assert sp.parse_rec_payload(sp.unescape(got[0][1]).decode()) == (3, 41, data)


def test_feeding_many_bytes_at_once_is_feeding_them_one_by_one():
    """feed_all gives what feed gives byte by byte, counters included, over frames,
    garbage, damage, CRLF, cut frames, frames too long, any chunking."""
    rng = Rng(2024)
    pieces = [sp.encode_frame(sp.ROSTER, '{"a":[1,2,3]}'), sp.encode_frame(sp.BYE, ""),
              b"\r\n", b"@", b"@K", b"@K1 GET x", b"junk \x00\x7f\xff", b"\n",
              sp.encode_frame(sp.GET, "y" * 90), b"@K2 GET zz 00000000\n"]
    for trial in range(40):
        data = bytearray()
        for _ in range(rng.below(30)):
            piece = bytearray(pieces[rng.below(len(pieces))])
            if piece and rng.below(6) == 0:
                piece[rng.below(len(piece))] ^= 1 << rng.below(8)   # damage
            data += piece
        one = sp.Parser(64)
        want = frames_of(one, data)
        many = sp.Parser(64)
        got = []
        i = 0
        while i < len(data):
            k = 1 + rng.below(50)
            chunk = data[i:i + k]
            many.feed_all(memoryview(chunk) if trial % 2 else bytes(chunk), got)
            i += k
        assert got == want, trial
        assert (many.frames, many.errors, many.skipped, many.state, many.n) == \
            (one.frames, one.errors, one.skipped, one.state, one.n), trial
