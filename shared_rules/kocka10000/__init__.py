"""Kocka 10000: the rules (rules.py, Kocka10000State), the bots (bots.py) and what they
know: the expected value of a turn (ev.py) and the chance to win from a position (win.py)."""
