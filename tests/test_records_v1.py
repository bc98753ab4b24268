"""Version 1 records (what devices wrote before version 2) still decode, list and verify.

tests/data/records_v1.json holds records encoded by the version 1 code, each with the
record it was encoded from: bots' games of every game (tests.recgen numbers 0-7, meta,
start and end times varied) and the race record of tests/shared/test_records.py.
"""
import json
import os

from shared_rules import records, verify
from tests import recgen

HERE = os.path.dirname(os.path.abspath(__file__))


def v1_records():
    """[(bytes, the record they were encoded from)]"""
    with open(os.path.join(HERE, "data", "records_v1.json")) as f:
        rows = json.load(f)
    out = []
    for row in rows:
        rec = row["record"]
        rec["actions"] = [tuple(a) for a in rec["actions"]]
        out.append((bytes.fromhex(row["hex"]), rec))
    return out


def test_version_1_records_decode_to_what_was_stored():
    for i, (data, want) in enumerate(v1_records()):
        assert data[0] == 1
        rec = records.decode(data)
        assert rec["v"] == 1
        for k in records.FIELDS:
            if k != "v":
                assert rec[k] == want[k], (i, k)
        assert records.peek_seq(data) == (want["epoch"], want["seq"])
        assert records.summary(data) == (want["seq"], want["game"], want["players"],
                                         want["scores"], want["ended"])


def test_version_1_records_verify_and_reencode_as_version_2_smaller():
    for i, (data, _) in enumerate(v1_records()):
        rec = records.decode(data)
        ok, why = verify.verify(rec, recgen.lookup)
        assert ok, why
        again = records.encode(rec)
        assert again[0] == records.VERSION == 2
        back = records.decode(again)
        assert back["v"] == 2 and {k: back[k] for k in records.FIELDS if k != "v"} == \
            {k: rec[k] for k in records.FIELDS if k != "v"}
        assert len(again) < len(data), (i, len(again), len(data))


def test_damaged_version_1_records_raise_record_error_only():
    data = v1_records()[2][0]
    for cut in range(0, len(data), 7):
        try:
            records.decode(data[:cut])
            assert False, cut
        except records.RecordError:
            pass
    for i in range(1, len(data), 5):
        bad = bytearray(data)
        bad[i] ^= 0x5A
        try:
            records.decode(bytes(bad))
        except records.RecordError:
            pass
