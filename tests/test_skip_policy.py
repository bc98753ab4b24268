"""No test passes in silence: a skip prints its reason, under CI (CI=true) a skip that is
not on conftest.py's allow-list fails the run, and a test that starts a heavier tier's
runner without declaring that tier fails."""
import os
import subprocess
import sys

import pytest

from tests import tiers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pytest_run(args, **env):
    """pytest in a child process over this checkout, as `make test` runs it."""
    full = dict(os.environ, **env)
    full.pop("PYTEST_XDIST_WORKER", None)
    full.pop(tiers.ENV, None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist"] + args, cwd=ROOT,
                          env=full, capture_output=True, text=True, timeout=300)


SKIPPING = ["tests/test_rp2040_harness.py::test_the_boot_rom_functions_the_trap_patches_are_found"]


def test_a_skip_prints_its_reason_and_passes_outside_ci(tmp_path):
    proc = pytest_run(SKIPPING, KOCKA_MICROPYTHON_DIR=str(tmp_path), CI="")
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert "SKIPPED [1]" in proc.stdout and "rp2040-bootrom-B1.bin" in proc.stdout
    assert str(tmp_path) in proc.stdout


def test_under_ci_a_skip_off_the_allow_list_fails_the_run(tmp_path):
    proc = pytest_run(SKIPPING, KOCKA_MICROPYTHON_DIR=str(tmp_path), CI="true")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "skips that fail a CI run" in proc.stdout
    assert SKIPPING[0] in proc.stdout.split("skips that fail a CI run")[1]


def test_under_ci_the_allow_list_may_skip():
    import conftest
    (allowed,) = conftest.CI_ALLOWED_SKIPS
    proc = pytest_run([allowed], CI="true")
    if os.geteuid() != 0:   # it runs, and passes, for anyone but root
        assert proc.returncode == 0 and "1 passed" in proc.stdout, proc.stdout[-3000:]
    else:
        assert proc.returncode == 0 and "1 skipped" in proc.stdout, proc.stdout[-3000:]


def test_a_unit_test_that_starts_micropython_fails(monkeypatch):
    monkeypatch.setenv(tiers.ENV, "unit")
    from tests import mpgate
    with pytest.raises(pytest.fail.Exception, match="mark.micropython"):
        mpgate.run_mp("nothing.py")


def test_a_test_marked_for_its_tier_may_start_it(monkeypatch):
    monkeypatch.setenv(tiers.ENV, "emulator")
    tiers.check("emulator")
    monkeypatch.delenv(tiers.ENV)
    tiers.check("micropython")   # outside pytest (the benchmarks): nothing to check


def test_untiered_tests_are_unit_and_test_fast_runs_only_them():
    proc = pytest_run(["--collect-only", "-m", "unit", "tests/test_device_boot.py",
                       "tests/test_micropython_gate.py", "tests/test_hardware.py"])
    listed = proc.stdout
    assert "tests/test_hardware.py::" in listed
    assert "tests/test_device_boot.py::" not in listed
    assert "test_mpy_cross_compiles_every_device_file" in listed        # CPython only
    assert "test_shared_tests_pass_under_micropython" not in listed     # marked micropython
