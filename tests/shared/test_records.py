"""Records: encode/decode round trips, the compact action code, CRC-32 and the verifier
(MicroPython subset: these run under CPython and under MicroPython)."""
from shared_rules import records, verify, actcodec, crc32, driver
from shared_rules.rng import Rng
try:
    from tests.shared import toygame  # under pytest
except ImportError:
    import toygame  # under the MicroPython runner


def lookup(name):
    if name == "race":
        return toygame.Race
    raise ValueError("unknown game %r" % (name,))


def race_record(seed=5, n=3, seq=1):
    g = toygame.Race(n, seed=seed)
    log = driver.play(g, [driver.RandomAgent(seed * 10 + i) for i in range(n)])
    return records.make("c0ffee01", 777, seq, "race", g.options, seed,
                        ["ANNA", "BEN", "CLARA", "DAVID"][:n], log, g.scores(),
                        started=1790000000, ended=1790000123, duration=123000,
                        meta={"bots": [0, 1]})


def test_crc32_known_answers():
    assert crc32.crc32(b"") == 0
    assert crc32.crc32(b"123456789") == 0xCBF43926
    assert crc32.crc32_py(b"123456789") == 0xCBF43926
    assert crc32.crc32_hex(b"hello") == "3610a686"
    assert crc32.crc32_bytes(b"123456789") == bytes((0x26, 0x39, 0xF4, 0xCB))
    rng = Rng(3)
    for n in (1, 2, 7, 64, 300):
        data = bytes([rng.below(256) for _ in range(n)])
        assert crc32.crc32_py(data) == crc32.crc32(data)
        assert crc32.crc32_py(data[5:], crc32.crc32_py(data[:5])) == crc32.crc32(data)


def test_round_trip():
    rec = race_record()
    data = records.encode(rec)
    back = records.decode(data)
    for k in records.FIELDS:
        assert back[k] == rec[k], k
    assert records.encode(back) == data
    assert records.peek_seq(data) == (777, 1)
    s = records.summary(data)
    assert s == (1, "race", rec["players"], rec["scores"], 1790000123)


def test_encoding_is_compact():
    rec = race_record(seed=8, n=4)
    data = records.encode(rec)
    # well under 2 bytes an action, header included
    assert len(data) < 80 + 2 * len(rec["actions"]), (len(data), len(rec["actions"]))


def test_action_code_round_trips_odd_values():
    rng = Rng(11)
    for trial in range(60):
        acts = []
        for _ in range(rng.below(25)):
            a = []
            for _ in range(rng.below(6)):
                k = rng.below(4)
                if k == 0:
                    a.append(rng.below(7) - 3)
                elif k == 1:
                    a.append(rng.below(2000000) - 1000000)
                elif k == 2:
                    a.append(rng.below(1 << 30) << 20)
                else:
                    a.append(-(rng.below(1 << 30) << 25))
            acts.append(tuple(a))
        code = actcodec.encode(acts)
        assert actcodec.decode(code, len(acts)) == acts


def test_decode_rejects_damage_with_record_error_only():
    data = records.encode(race_record(seed=2))
    for cut in range(len(data)):
        try:
            records.decode(data[:cut])
            assert False, "a truncated record decoded"
        except records.RecordError:
            pass
    rng = Rng(4)
    for _ in range(300):
        bad = bytearray(data)
        i = rng.below(len(bad))
        bad[i] ^= 1 + rng.below(255)
        try:
            records.decode(bytes(bad))
        except records.RecordError:
            pass
    for _ in range(200):
        junk = bytes([1] + [rng.below(256) for _ in range(rng.below(80))])
        try:
            records.decode(junk)
        except records.RecordError:
            pass


# race_record() as the version 1 code encoded it (tests/test_records_v1.py has more)
RACE_V1 = ("0189060108633066666565303104726163650b7b22676f616c223a32307d0a0304414e4e41034245"
           "4e05434c41524180f7c4d506fbf7c4d506f8c007033e040c0e7b22626f7473223a5b302c315d7d1c"
           "23c2accb172cb6b99835a83be8a24aad214ca8bd77ba352f0cd894914eff0b83718eac93")


def test_version_1_record_still_decodes():
    from binascii import unhexlify
    data = unhexlify(RACE_V1)
    rec = race_record()
    back = records.decode(data)
    assert back["v"] == 1 and records.VERSION == 2
    for k in records.FIELDS:
        if k != "v":
            assert back[k] == rec[k], k
    assert records.summary(data) == records.summary(records.encode(rec))
    assert records.peek_seq(data) == (777, 1)


def test_unknown_version_rejected():
    data = bytearray(records.encode(race_record()))
    data[0] = 99
    try:
        records.decode(bytes(data))
        assert False
    except records.RecordError as e:
        assert "version" in str(e)


def test_encode_rejects_bad_records():
    rec = race_record()
    for field, value in (("seq", -1), ("players", ["A", 3]), ("options", {"x": 1.5}),
                         ("actions", [(1, "a")]), ("seed", True)):
        bad = dict(rec)
        bad[field] = value
        try:
            records.encode(bad)
            assert False, field
        except records.RecordError:
            pass


def test_verify_accepts_a_true_record():
    rec = race_record(seed=9)
    ok, why = verify.verify(records.decode(records.encode(rec)), lookup)
    assert ok, why


def test_verify_rejects_wrong_scores():
    rec = race_record(seed=9)
    rec["scores"] = [s + 1 for s in rec["scores"]]
    ok, why = verify.verify(rec, lookup)
    assert not ok and "scores" in why


def test_verify_rejects_illegal_and_unfinished_and_unknown():
    rec = race_record(seed=4)
    bad = dict(rec)
    bad["actions"] = [(1, toygame.ROLL, 0)] + list(rec["actions"])
    ok, why = verify.verify(bad, lookup)
    assert not ok and "illegal" in why
    short = dict(rec)
    short["actions"] = rec["actions"][:-1]
    ok, why = verify.verify(short, lookup)
    assert not ok and ("does not end" in why or "scores" in why)
    extra = dict(rec)
    extra["actions"] = list(rec["actions"]) + [rec["actions"][-1]]
    ok, why = verify.verify(extra, lookup)
    assert not ok and "after the end" in why
    other = dict(rec)
    other["game"] = "chess"
    ok, why = verify.verify(other, lookup)
    assert not ok and "unknown game" in why
    many = dict(rec)
    many["players"] = ["A"]
    ok, why = verify.verify(many, lookup)
    assert not ok and "setup" in why
    opts = dict(rec)
    opts["options"] = {"speed": 3}
    ok, why = verify.verify(opts, lookup)
    assert not ok and "setup" in why


def test_verify_survives_a_rules_engine_that_crashes():
    class Broken(toygame.Race):
        def apply(self, action):
            raise KeyError("boom")
    rec = race_record()
    ok, why = verify.verify(rec, lambda name: Broken)
    assert not ok and "breaks" in why


def _with(rec, **changes):
    out = dict(rec)
    for k in changes:
        out[k] = changes[k]
    return out


def _rejected(rec, now=None):
    ok, why = verify.verify(rec, lookup, now)
    assert not ok
    return why


def test_verify_checks_names_as_the_device_makes_them():
    rec = race_record(seed=9)
    for name, words in (("A" * 2048, "2048 characters"), ("", "0 characters"),
                        ("AN\x1bNA", "printable ASCII"), ("B\rEN", "printable ASCII"),
                        ("Zo\u00eb", "printable ASCII"), (" ANNA", "space"), (5, "not text")):
        bad = dict(rec)
        bad["players"] = [name] + rec["players"][1:]
        why = _rejected(bad)
        assert "player 1's name" in why and words in why, why
    ok, why = verify.verify(_with(rec, players=["A B", "~!@#$%^&", "x"]), lookup)
    assert ok, why


def test_verify_checks_times_and_duration():
    rec = race_record(seed=9)
    now = 1790000500
    assert verify.verify(rec, lookup, now) == (True, "")
    unknown = _with(rec, started=0, ended=0, duration=0)
    assert verify.verify(unknown, lookup, now) == (True, "")
    for change, words in (({"started": 1790000200}, "before it started"),
                          ({"started": 1500000000}, "before 2020"),
                          ({"ended": now + 3 * 86400}, "future"),
                          ({"ended": -1}, "not a time"),
                          ({"duration": 31 * 86400 * 1000}, "duration"),
                          ({"duration": -5}, "duration")):
        bad = dict(rec)
        for k in change:
            bad[k] = change[k]
        why = _rejected(bad, now)
        assert words in why, why
    # the future is only judged against a sync time
    assert verify.verify(_with(rec, ended=now + 3 * 86400), lookup)[0]


def test_plain_data_round_trips_in_few_bytes():
    meta = {"levels": ["easy", "hard"], "human": True, "note": "x\u00e9\"y", "n": -5,
            "deep": [[1, None], {"k": False}]}
    rec = race_record()
    rec["meta"] = meta
    rec["options"] = {"keep_swaps": True, "yellow": False, "yellow_c_replaces": 1,
                      "runs_any_order": False}
    data = records.encode(rec)
    back = records.decode(data)
    assert back["meta"] == meta and back["options"] == rec["options"]
    plain = dict(rec, meta=None, options={})
    # known option names and values cost a byte each
    assert len(data) - len(records.encode(plain)) < 60
    # keys in any order give the same bytes
    rec["options"] = dict(reversed(list(rec["options"].items())))
    assert records.encode(rec) == data


def test_meta_and_options_must_be_dicts():
    for field, value in (("meta", [1]), ("options", "fast"), ("meta", {"x": 1.5}),
                         ("meta", {1: 2})):
        bad = dict(race_record())
        bad[field] = value
        try:
            records.encode(bad)
            assert False, field
        except records.RecordError:
            pass
