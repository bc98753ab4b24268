"""`python -m simulator`: see simulator/cli.py for the options, simulator/__init__.py for the parts."""
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from simulator.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
