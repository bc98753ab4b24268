"""Cubingos: the rules (rules.py, CubingosState), the dice's and the structure's geometry
(geom.py) and the bots (bots.py)."""
