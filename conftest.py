"""pytest setup: the project's import roots on sys.path (as the device and simulator have
them), and the emulated-RP2040 modules scheduled first.

On the device the bundle root holds shared_rules/, app/, hal/, board/; here
that is the repository root plus firmware/. simulator/mpcompat supplies the
MicroPython-only modules (framebuf, micropython) under CPython.
"""
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
for sub in ("simulator/mpcompat", "firmware", ""):
    p = os.path.join(ROOT, sub) if sub else ROOT
    if p not in sys.path:
        sys.path.insert(0, p)


def pytest_collection_modifyitems(config, items):
    """The emulated-RP2040 modules (tests/test_device_*.py) first: each is one long
    module-scoped boot, and xdist (--dist loadscope) hands modules out in this order, so
    starting them early keeps both workers busy to the end."""
    items.sort(key=lambda item: 0 if item.nodeid.startswith("tests/test_device_") else 1)
