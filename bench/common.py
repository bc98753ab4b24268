"""Helpers the benchmarks share: medians and shared_rules compiled as on the device."""
import os

from tools.build_bundle import ROOT, compile_one


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2.0


def mpy_tree(tmp):
    """shared_rules compiled with mpy-cross into tmp/shared_rules, as on the device."""
    src = os.path.join(ROOT, "shared_rules")
    dst = os.path.join(tmp, "shared_rules")
    os.makedirs(dst)
    for name in os.listdir(src):
        if name.endswith(".py"):
            compile_one(os.path.join(src, name), os.path.join(dst, name[:-3] + ".mpy"))
    return dst
