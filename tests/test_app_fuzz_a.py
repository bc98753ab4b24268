"""Button mashing, the first half: 10,000 random events through every screen (the seed's
events reach the last of them, the self-test, at about the 8,100th), no exception, nothing
unreachable, and the app sound after it (tests/appfuzz.py; the second half, another seed:
tests/test_app_fuzz_b.py)."""
from tests.appfuzz import mash_and_check


def test_ten_thousand_random_events(tmp_path):
    mash_and_check(tmp_path, seed=2025)
