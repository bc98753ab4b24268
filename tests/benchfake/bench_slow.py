"""A benchmark that leaves a temporary folder behind and runs until it is stopped
(or KOCKA_FAKE_BENCH_S seconds)."""
import os
import tempfile
import time

PLATFORMS = ("host",)


def run():
    tmp = tempfile.mkdtemp(prefix="fake-bench-")
    open(os.path.join(tmp, "junk"), "w").write("x")
    end = time.time() + float(os.environ.get("KOCKA_FAKE_BENCH_S", "60"))
    while time.time() < end:
        time.sleep(0.05)
    return {"slept": True}
