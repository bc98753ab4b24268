"""The device's hot loops in Thumb assembly: what each does, and where they come from.

On the Pico the interpreter spends 60-140 cycles on each pixel it touches (framebuf's
blit through its format table, or a viper loop, whose Thumb-1 code spills to the stack).
These loops do the same work in 10-20 cycles, measured on the emulated RP2040:

    convert(src, dst, pal, job)     frame bytes (palette indices) -> RGB565 panel bytes:
                                    job = array("i", [width, rows, src_stride]); reads
                                    rows x width bytes from src (a stride apart), writes
                                    them packed into dst, pal[index] each (2 bytes)
    tile_diff(frame, hashes, masks, k) hashes every 16x8 tile of the 240x240 frame, compares
                                    each with its hash from the last call (`hashes`, 450
                                    words, updated) and sets bit t of masks[strip] when tile
                                    t of that 8-row strip changed (masks: 30 words;
                                    k = tile_constants(): an array made once)
    text(job, s, n)                 a line of text (the n characters of str s, read as
                                    UTF-8) into the frame: each set bit of each glyph (1-bit
                                    rows, MSB first) writes the colour, clear bits are
                                    skipped, columns outside 0-239 too; the job (TEXT_JOB
                                    words) holds the font's tables and the running x (see
                                    app/font_fast.py)

Arguments are addresses (uctypes.addressof, or a buffer itself: the inline
assembler passes its address): the assembler has no buffer checks, so
callers keep every access inside its buffer (text's caller only sends lines whose rows
lie inside the frame). The hash per tile: h = (h ^ word) * 16777619 over its 32
words, from 2166136261; a change of any single word always changes it (the steps are
bijections), other changes are missed with a chance of 2**-32 a changed tile.

`load()` takes them from hal/kernels_thumb.py where MicroPython's inline assembler
exists (the rp2 port: the module is compiled for armv6m in the bundle, frozen in the
image); elsewhere (CPython, the WebAssembly port) `loaded` stays False and callers take
their generic framebuf paths, which give the same pixels. hal/kernels_ref.py holds the
reference code for each loop, which the tests hold the Thumb code to.
"""

TEXT_JOB = 15  # words in text()'s job
TILE_W = 16
TILE_ROWS = 8
TILES_X = 15  # 240 / 16
STRIPS = 30  # 240 / 8
FNV_START = 2166136261
FNV_PRIME = 16777619



def _missing(*args):
    raise OSError("the Thumb loops do not run here: check hal.kernels.load() first")


# the loops once load() has found them; until then (and where they cannot run) each of
# these raises
convert = _missing
tile_diff = _missing
text = _missing
loaded = False
_tried = False


def tile_constants(array):
    """The constants tile_diff reads (its fourth argument: this array's address)."""
    return array("I", [FNV_START, FNV_PRIME, 7 * 240])


def load():
    """Takes convert, tile_diff and text from hal/kernels_thumb.py where the inline
    assembler exists; returns True if they are in use."""
    global convert, tile_diff, text, loaded, _tried
    if loaded or _tried:
        return loaded
    _tried = True
    import sys
    if sys.platform != "rp2":
        # not even tried elsewhere: the WebAssembly port's failed import of the armv6m
        # file raised a Cubingos game's peak heap by 16 KB (measured by the gate)
        return False
    try:
        from hal import kernels_thumb as k
    except Exception:  # no inline assembler (SyntaxError, AttributeError), another arch
        return False
    convert = k.convert
    tile_diff = k.tile_diff
    text = k.text
    loaded = True
    return True
