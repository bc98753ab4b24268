"""Puts the device's import roots on sys.path, as conftest.py and the device do.

On the device the bundle root holds shared_rules/, app/, hal/, board/: here
that is the repository root plus firmware/, and simulator/mpcompat supplies
the MicroPython-only modules (framebuf, micropython) under CPython. The games in
the folders KOCKA_EXTRA_GAMES names (host/games.py) are installed too. Import this
before anything from `app` or `hal`.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MPCOMPAT = os.path.join(ROOT, "simulator", "mpcompat")
FIRMWARE = os.path.join(ROOT, "firmware")


def install():
    for p in (ROOT, FIRMWARE, MPCOMPAT):  # the last inserted is searched first
        if p not in sys.path:
            sys.path.insert(0, p)
    from host import games
    games.sync()


install()
