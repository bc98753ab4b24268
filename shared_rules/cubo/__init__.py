"""Cubo: the rules (rules.py, CuboState), the grid's scoring (score.py, its tables in
data.py, a plain reference in ref.py), the bots (bots.py) and table mode, where the dice
are real and the device keeps the score (table.py)."""
