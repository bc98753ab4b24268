"""Coloretto: the rules (rules.py, ColorettoState) and the bots (bots.py)."""
