"""The device-side attack campaign (tools/adversary_device.py) finds nothing on this code:
every count of lost, altered or silently changed games is zero."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_campaign_loses_no_game():
    proc = subprocess.run([sys.executable, "-m", "tools.adversary_device", "--quick"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    assert r["full_log_lost"][0] == 0 and r["full_log_lost"][1] > 100
    assert r["flaky_reads"][0] == 0 and r["flaky_reads"][2] == 0
    assert r["meta_flips"][:2] == [0, 0]
    assert r["save_flips_in_progress"][:2] == [0, 0]
    assert r["save_flips_finished"][:2] == [0, 0]
    assert r["full_flash"][0] == 0
    assert r["torn_tails"][0] == 0
    assert r["settings"][:2] == [False, 0]
