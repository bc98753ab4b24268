"""Measures the heap each module costs to import, under MicroPython (one import per step,
collected in a fresh call: see mprun.mjs --steps). Prints `RESULT {json}`.

Arguments: module names, imported in order; a name given as a+b+c imports those three
in one step (a game's screen module with its rules, say) and reports them together.
"""
import gc
import json

import mpargs

NAMES = mpargs.ARGV[1:]
S = {"i": 0, "before": 0, "out": {}}


def step():
    gc.collect()
    h = gc.mem_alloc()
    i = S["i"]
    if i > 0:
        S["out"][NAMES[i - 1]] = h - S["before"]
    if i >= len(NAMES):
        print("RESULT " + json.dumps(S["out"]))
        return False
    S["before"] = h
    for name in NAMES[i].split("+"):
        __import__(name)
    S["i"] = i + 1
    return True
