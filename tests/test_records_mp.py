"""The device's game log, save, sync and history code under real MicroPython (WebAssembly)."""
import json
import os

import pytest

from tests.mpgate import ROOT, RACE_MOUNT, run_mp

SCRIPT = os.path.join(ROOT, "tests", "mp", "records_device.py")


@pytest.mark.micropython
def test_log_sync_and_history_under_micropython():
    proc = run_mp(SCRIPT, extra_mounts=("tests/shared:tests_shared", RACE_MOUNT))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    r = json.loads(line[7:])
    assert r["last"] == 30 and r["after_tear_last"] == 31   # the cut one's number is spent
    assert "damaged" in r["tear_notice"]
    assert r["resume_ok"] is True
    assert r["journal_tail"] == [[1, -5, 70000], 7, True]
    assert r["seqs"] == list(range(11, 31)) and r["verified"] == 20
    assert "END" in r["kinds"] and "ACKED" in r["kinds"] and "GAP" in r["kinds"]
    assert r["ack"] == 30 and r["wall"] >= 1790000000 and r["frame_errors"] == 0
    assert r["history_items"] == ["#30 Race", "#29 Race", "#28 Race"]
