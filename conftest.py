"""pytest setup: the project's import roots on sys.path (as the device and simulator have
them), the test tiers, and the rule that no test passes in silence.

On the device the bundle root holds shared_rules/, app/, hal/, board/; here
that is the repository root plus firmware/. simulator/mpcompat supplies the
MicroPython-only modules (framebuf, micropython) under CPython.

Tiers (markers): `micropython` runs code under the MicroPython WebAssembly port (Node),
`emulator` boots the real firmware on the emulated RP2040, `browser` drives the page in
Chromium, `toolchain` builds the firmware image; everything else is `unit`, which
`make test-fast` runs alone. A tier whose tools are absent skips, saying what to install;
under CI (CI=true) any skip not in CI_ALLOWED_SKIPS fails the run.
"""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.abspath(__file__))
for sub in ("simulator/mpcompat", "firmware", ""):
    p = os.path.join(ROOT, sub) if sub else ROOT
    if p not in sys.path:
        sys.path.insert(0, p)

TIERS = {
    "micropython": "runs under MicroPython's WebAssembly port (Node.js, node_modules)",
    "emulator": "boots the real firmware on the emulated RP2040 (rp2040js, the shared firmware)",
    "browser": "drives the browser page in Chromium",
    "toolchain": "builds the firmware image (the Arm GNU toolchain)",
    "unit": "everything else: CPython only, quick (make test-fast)",
}

# The only skips a CI run accepts: test id -> why it cannot run there.
CI_ALLOWED_SKIPS = {
    # CI runs as root, and root may write a file whose mode says read-only.
    "tests/test_host_db.py::test_a_read_only_database_can_be_read_but_not_written":
        "root may write a read-only file",
}


# The order `make test`'s two workers take the modules in (pytest-xdist, --dist loadscope:
# a whole module at a time, the next one whenever a worker has at most two of its tests
# left): the longest first, so what is left at the end is short and both workers end
# close together. These are the modules known to be long, longest first (seconds alone
# on an idle machine, from a full run; the link and fuzz halves in proportion to what
# the split modules measured); then the other emulator modules (each boots an emulated
# Pico), then the other heavier tiers (MicroPython under Node.js, Chromium), then the
# unit tier; within each, the collection's order. A module that grows long belongs in
# this list: one that starts late leaves the other worker idle meanwhile.
LONGEST_FIRST = (
    "tests/test_device_uf2.py",              # ~160 s, 13 tests (images built and booted)
    "tests/test_device_power.py",            # ~126 s
    "tests/test_device_link_kocka10000.py",  # ~120 s: one session, Kocka 10000 linked
    "tests/test_device_link_races.py",       # ~100 s: one session, Cubo and Cubingos linked
    "tests/test_app_fuzz_b.py",              # ~70 s: 10,000 events
    "tests/test_device_link_sim.py",         # ~69 s
    "tests/test_device_cubingos.py",         # ~61 s
    "tests/test_device_thinking.py",         # ~59 s
    "tests/test_app_fuzz_a.py",              # ~57 s: 10,000 events
    "tests/test_device_power_cut.py",        # ~53 s
    "tests/test_device_link.py",             # ~49 s
    "tests/test_device_countdown.py",        # ~23 s
)


def pytest_configure(config):
    for name, what in TIERS.items():
        config.addinivalue_line("markers", "%s: %s" % (name, what))
    # loadscope would otherwise hand the modules out by their number of tests, most first
    # (its default "reorder"), whatever their order here: the one-test fuzz came last.
    if getattr(config.option, "loadscopereorder", None):
        config.option.loadscopereorder = False


def _module(item):
    return item.nodeid.split("::", 1)[0]


def _rank(items):
    """module -> its place in the run: LONGEST_FIRST's, then a module with an emulator
    test, then one with a MicroPython, browser or toolchain test, then the rest."""
    rank = {}
    for item in items:
        m = _module(item)
        if m in LONGEST_FIRST:
            r = LONGEST_FIRST.index(m)
        elif item.get_closest_marker("emulator"):
            r = len(LONGEST_FIRST)
        elif any(item.get_closest_marker(t) for t in ("micropython", "browser", "toolchain")):
            r = len(LONGEST_FIRST) + 1
        else:
            r = len(LONGEST_FIRST) + 2
        rank[m] = min(r, rank.get(m, r))
    return rank


def pytest_collection_modifyitems(config, items):
    """Untiered tests are `unit`. The modules in the order their work is handed out in
    (LONGEST_FIRST above), each module's tests kept together and in their order."""
    for item in items:
        if not any(item.get_closest_marker(t) for t in TIERS):
            item.add_marker(pytest.mark.unit)
    rank = _rank(items)
    first = {}
    for i, item in enumerate(items):
        first.setdefault(_module(item), i)
    items.sort(key=lambda item: (rank[_module(item)], first[_module(item)]))


def _missing_for(item):
    """Why this test's tier cannot run here, or None."""
    if item.get_closest_marker("micropython") or item.get_closest_marker("browser"):
        from tests import mpgate
        why = mpgate.missing()
        if why:
            return why
    if item.get_closest_marker("emulator"):
        from tools import rp2040emu
        return rp2040emu.missing()
    return None


def pytest_runtest_setup(item):
    from tests import tiers
    # the running test's tiers, for the runners to check they were declared
    os.environ[tiers.ENV] = ",".join(t for t in TIERS if item.get_closest_marker(t))
    why = _missing_for(item)
    if why:
        pytest.skip(why)


_SKIPPED = []   # test ids (under xdist the workers' reports arrive here too)


def pytest_runtest_logreport(report):
    if report.skipped and report.when in ("setup", "call"):
        _SKIPPED.append(report.nodeid)


def _silent_skips(config):
    if not os.environ.get("CI"):
        return []
    return [n for n in _SKIPPED if n not in CI_ALLOWED_SKIPS]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session, exitstatus):
    if _silent_skips(session.config) and session.exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    bad = _silent_skips(config)
    if bad:
        terminalreporter.section("skips that fail a CI run", red=True)
        terminalreporter.line("CI=true: only the skips in conftest.py's CI_ALLOWED_SKIPS may "
                              "skip; these did (their reasons are in the short test summary):")
        for nodeid in bad:
            terminalreporter.line("  " + nodeid)


@pytest.fixture(autouse=True)
def _extra_games_follow_the_environment():
    """After each test, the games installed are those KOCKA_EXTRA_GAMES names again (a
    test that set it with monkeypatch leaves it unset): no test sees another's game."""
    yield
    games = sys.modules.get("host.games")
    if games is not None:
        games.sync()
