"""app/art.py: the dice loop's pip bits are the faces' pips, and where there is no loop
(CPython, the WebAssembly port) die() keeps to framebuf's calls."""
from app import art, font


FACES = ("...\n...\n...", "...\n.o.\n...", "o..\n...\n..o", "o..\n.o.\n..o",
         "o.o\n...\no.o", "o.o\n.o.\no.o", "o.o\no.o\no.o")


def test_each_face_s_pip_bits_are_its_pips():
    for value in range(7):
        rows = FACES[value].split("\n")
        want = 0
        for row in range(3):
            for col in range(3):
                if rows[row][col] == "o":
                    want |= 1 << (3 * row + col)
        assert art.PIPS[value] == want, value


def test_without_the_pico_s_loop_die_keeps_to_framebuf():
    assert font.fast_frame is None
    art.fast()
    assert art._loop is None and art._frame is None
