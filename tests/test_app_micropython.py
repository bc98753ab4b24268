"""The gate, part (c): the real app runs headless under real MicroPython, from the .mpy
bundle, for every demo and a button fuzz, reporting its heap; and it draws exactly the
pixels the CPython simulator draws."""
import os

import pytest

from app import demo
from tests.apprun import build_bundle, run_micropython, run_cpython

pytestmark = pytest.mark.micropython

# Heap budgets are the device's (tests/test_device_uf2.py, measured on the emulated RP2040
# with the firmware image): this port's heap is not the Pico's (its pool of interned
# strings grows in other steps), so here the peaks are reported, not judged.
# The live heap is sampled after a collection at the start of every frame (a fresh call:
# see mprun.mjs --steps). Sampling less often reads up to ~10 KB higher on this port
# (garbage the in-frame collections could not free), so every frame is sampled.
EVERY_FRAME = 1
FRAMES = {"menu": 700}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    return build_bundle(tmp_path_factory.mktemp("bundle"))




@pytest.mark.parametrize("name", demo.names())
def test_demo_runs_under_micropython_within_budget(bundle, tmp_path, name):
    frames = FRAMES.get(name, 900)
    mp = run_micropython(bundle, "demo", name, 7, frames, tmp_path / "mp", sample_every=EVERY_FRAME)
    assert mp["runtime"] == "micropython"
    assert mp["frames_drawn"] > 0
    print("%s: peak heap %.1f KB under MicroPython WebAssembly" % (name, mp["peak_heap"] / 1024))
    assert mp["peak_heap"] > 0   # sampled
    cp = run_cpython("demo", name, 7, frames, tmp_path / "cp")
    assert cp["screens"] == mp["screens"]
    with open(tmp_path / "mp" / ("demo_%s.bin" % name), "rb") as f:
        mp_frame = f.read()
    with open(tmp_path / "cp" / ("demo_%s.bin" % name), "rb") as f:
        cp_frame = f.read()
    assert mp_frame == cp_frame, "last frame differs between MicroPython and CPython"


def test_menu_demo_visits_every_menu_screen(bundle, tmp_path):
    mp = run_micropython(bundle, "demo", "menu", 3, 700, tmp_path, sample_every=5)
    assert {"MainMenu", "SettingsScreen", "NamesScreen", "TextEntry", "AboutScreen"} <= set(mp["screens"])


def test_button_fuzz_under_micropython(bundle, tmp_path):
    mp = run_micropython(bundle, "fuzz", "-", 11, 1500, tmp_path, sample_every=EVERY_FRAME)
    assert mp["events"] > 1500
    growth = mp["qstr_bytes"]["end"] - mp["qstr_bytes"]["menu"]
    print("fuzz: peak heap %.1f KB, interned strings grew %.1f KB, under MicroPython "
          "WebAssembly" % (mp["peak_heap"] / 1024, growth / 1024))
    assert mp["peak_heap"] > 0 and growth >= 0
