"""Kocka's game rules: pure, deterministic state machines shared by device, simulator and host.

Nothing here reads a clock, touches hardware or does I/O; everything runs
unchanged under CPython and MicroPython.

Here: the game interface (game.py), the registry, the seeded RNG, the driver, game records,
their verification and the sync framing. Each game's rules are a folder of their own
(a namespace package: no __init__ to load on the device, where each module opened from
flash costs tens of ms):
    cubo/        rules.py (CuboState), score.py with its tables in data.py and a plain
                 reference in ref.py, bots.py, table.py (table mode)
    kocka10000/  rules.py (Kocka10000), bots.py, ev.py (a turn's expected value),
                 win.py (the chance to win from a position)
    coloretto/   rules.py (Coloretto), bots.py
    cubingos/    rules.py (CubingosState), geom.py (dice and structure), bots.py
"""
