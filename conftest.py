"""pytest setup: put the project's import roots on sys.path, as the device and simulator do.

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
