"""Keeps the test tiers honest: a runner that starts MicroPython, the emulated RP2040 or the
firmware build calls `check(tier)`, and a test that did not declare that tier (conftest.py's
markers) fails at once, instead of slowing `make test-fast` or skipping unnoticed."""
import os

import pytest

ENV = "KOCKA_TEST_TIERS"   # set by conftest.py for the running test


def check(*tiers):
    """Fails the running test unless it carries one of `tiers`. Outside pytest (the
    benchmarks) there is nothing to check."""
    running = os.environ.get(ENV)
    if running is None:
        return
    if not set(tiers) & set(running.split(",")):
        pytest.fail("this test uses %s but is not marked so: add @pytest.mark.%s (tiers in "
                    "conftest.py)" % (" or ".join(tiers), tiers[0]), pytrace=False)
