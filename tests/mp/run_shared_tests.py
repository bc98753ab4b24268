"""Runs every test_* function of tests/shared under MicroPython (the pytest files there
are written in the MicroPython subset, so the same assertions run on both), and the
mp_test_* ones, which check what only MicroPython can tell (gc.mem_free) and which pytest
does not collect.

Usage (via mprun.mjs, with tests/shared mounted at /proj/tests_shared):
    ARGV[1:] optional module names to run; default: all of them.
"""
import os
import sys
import gc

import mpargs

sys.path.insert(0, "/proj/tests_shared")
names = mpargs.ARGV[1:]
if not names:
    names = sorted(f[:-3] for f in os.listdir("/proj/tests_shared")
                   if f.startswith("test_") and f.endswith(".py"))
passed = 0
failed = []
for name in names:
    mod = __import__(name)
    for attr in sorted(dir(mod)):
        if not (attr.startswith("test_") or attr.startswith("mp_test_")):
            continue
        fn = getattr(mod, attr)
        try:
            fn()
            passed += 1
        except Exception as e:  # report every failure, then fail the run
            sys.print_exception(e)
            failed.append(name + "." + attr)
        gc.collect()
print("micropython: %d passed, %d failed" % (passed, len(failed)))
for f in failed:
    print("FAILED " + f)
if failed:
    raise SystemExit(1)
