"""Button mashing, the second half: 10,000 more random events from another seed through
every screen (they reach the last of them, History, at about the 7,800th), no exception,
nothing unreachable, and the app sound after it (tests/appfuzz.py; the first half:
tests/test_app_fuzz_a.py)."""
from tests.appfuzz import mash_and_check


def test_ten_thousand_more_random_events(tmp_path):
    mash_and_check(tmp_path, seed=2032)
