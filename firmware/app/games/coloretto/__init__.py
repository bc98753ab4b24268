"""Coloretto's screens: setup (setup.py), play (play.py, drawn by draw.py) and How to play
(help.py, help_art.py)."""
