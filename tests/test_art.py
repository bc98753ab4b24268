"""app/art.py: the dice loop's pip bits are the faces' pips, and where there is no loop
(CPython, the WebAssembly port) die() keeps to framebuf's calls."""
from app import art, font


def test_each_face_s_pip_bits_are_its_pips():
    for value in range(7):
        want = 0
        for col, row in art.PIPS[value]:
            want |= 1 << (3 * row + col)
        assert art._MASKS[value] == want


def test_without_the_pico_s_loop_die_keeps_to_framebuf():
    assert font.fast_frame is None
    art.fast()
    assert art._loop is None and art._frame is None
