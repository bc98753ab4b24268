"""Cubo's screens: setup (setup.py), a match against bots (play.py, drawn by draw.py),
table mode (table.py) and How to play (help.py, help_art.py)."""
