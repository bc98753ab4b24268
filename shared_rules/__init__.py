"""Kocka's game rules: pure, deterministic state machines shared by device, simulator and host.

Nothing here reads a clock, touches hardware or does I/O; everything runs
unchanged under CPython and MicroPython.
"""
