"""A die face in one call: app/art.py's die() drawn into the display's frame by a Thumb
loop (MicroPython's inline assembler, armv6m), the same pixels as its framebuf calls.

Compiled by mpy-cross -march=armv6m for the device bundle (tools/build_bundle.py's
THUMB); app/art.py's fast() imports it, on the Pico, for the screens that draw dice frame
after frame, so it is in RAM only while one is (the HAL's loops, hal/kernels_thumb.py,
stay loaded all session). tests/test_device_drawing.py holds it to the framebuf path there.

die(job), job = this module's array("i") of 12 words (for the frame app/font_fast.py
draws into): 0 the body's top-left pixel's offset in the frame (made its address here),
1 size, 2 body colour, 3 pip colour, 4 pips (bit 3 * row + column of the 3 x 3
lattice), 5 shadow colour, 6 52429 (size * 52429 >> 18 is size // 5, >> 19 size // 10,
for sizes below 2**16), 7-10 scratch, 11 the frame's address.
It draws a round_rect (corners cut by 2 px) of the shadow colour 2 px down and right,
then one of the body colour, then each pip: a square of 2r + 1 px, r = max(1, size //
10), its corner pixels cut, centred size // 5 + column (or row) * step from the body's
edge, step = (size - 2 * (size // 5)) // 2. No clipping: the caller sends only dice that
lie inside the frame with their shadow. r8-r11 belong to the C code that called: saved
and restored.
"""
import micropython
from array import array

from app import ui, font


@micropython.asm_thumb
def die(r0):
    # r8 the job, r9 width, r10 height and r11 corner cut of the shape being filled; they
    # belong to the C code that called: saved first, restored at the end
    mov(r4, r8)
    mov(r5, r9)
    mov(r6, r10)
    mov(r7, r11)
    push({r4, r5, r6, r7})
    mov(r8, r0)
    ldr(r1, [r0, 0])
    ldr(r2, [r0, 44])
    add(r1, r1, r2)
    str(r1, [r0, 0])
    # the pips' geometry: r2 radius, r3 inset, r4 step; kept in the job's scratch words
    ldr(r1, [r0, 4])
    ldr(r2, [r0, 24])
    mul(r2, r1)
    lsr(r3, r2, 18)
    lsr(r2, r2, 19)
    cmp(r2, 1)
    bge(radius)
    mov(r2, 1)
    label(radius)
    sub(r4, r1, r3)
    sub(r4, r4, r3)
    lsr(r4, r4, 1)
    str(r4, [r0, 28])       # 7: step across
    mov(r5, 240)
    mul(r5, r4)
    str(r5, [r0, 32])       # 8: step down
    sub(r5, r3, r2)
    mov(r6, 241)
    mul(r6, r5)
    ldr(r5, [r0, 0])
    add(r6, r6, r5)
    str(r6, [r0, 36])       # 9: the first pip's top-left
    lsl(r2, r2, 1)
    add(r2, 1)
    str(r2, [r0, 40])       # 10: a pip's side
    # the shadow and the body: size x size, corners cut by 2
    mov(r9, r1)
    mov(r10, r1)
    mov(r1, 2)
    mov(r11, r1)
    ldr(r3, [r0, 20])
    ldr(r0, [r0, 0])
    add(r0, 241)
    add(r0, 241)
    bl(shape)
    mov(r7, r8)
    ldr(r3, [r7, 8])
    ldr(r0, [r7, 0])
    bl(shape)
    # the pips, corners cut by 1: r4 the lattice bits left, r5 this point's top-left,
    # r6 its column, r7 its row's first point
    mov(r7, r8)
    ldr(r1, [r7, 40])
    mov(r9, r1)
    mov(r10, r1)
    mov(r1, 1)
    mov(r11, r1)
    ldr(r4, [r7, 16])
    ldr(r5, [r7, 36])
    mov(r7, r5)
    mov(r6, 0)
    label(point)
    cmp(r4, 0)
    beq(done)
    mov(r0, 1)
    tst(r4, r0)
    beq(next_point)
    push({r4, r5, r6, r7})
    mov(r0, r5)
    mov(r1, r8)
    ldr(r3, [r1, 12])
    bl(shape)
    pop({r4, r5, r6, r7})
    label(next_point)
    lsr(r4, r4, 1)
    add(r6, 1)
    cmp(r6, 3)
    beq(next_row)
    mov(r1, r8)
    ldr(r1, [r1, 28])
    add(r5, r5, r1)
    b(point)
    label(next_row)
    mov(r6, 0)
    mov(r1, r8)
    ldr(r1, [r1, 32])
    add(r7, r7, r1)
    mov(r5, r7)
    b(point)
    # shape: fills r9 x r10 px from r0 (its top-left byte) with colour r3, row i inset
    # on both sides by max(0, r11 - its rows to the nearer edge); uses r0-r7
    label(shape)
    mov(r1, 255)
    and_(r3, r1)
    lsl(r1, r3, 8)
    orr(r3, r1)
    lsl(r1, r3, 16)
    orr(r3, r1)             # the colour in each byte of a word
    mov(r5, 0)
    label(row)
    mov(r1, r10)
    sub(r1, r1, r5)
    sub(r1, 1)
    cmp(r1, r5)
    ble(nearer)
    mov(r1, r5)
    label(nearer)
    mov(r2, r11)
    sub(r2, r2, r1)
    bge(cut)
    mov(r2, 0)
    label(cut)
    add(r7, r0, r2)
    mov(r6, r9)
    sub(r6, r6, r2)
    sub(r6, r6, r2)
    label(head)             # bytes up to a word boundary, then words, then bytes
    cmp(r6, 0)
    ble(row_done)
    lsl(r4, r7, 30)
    beq(words)
    strb(r3, [r7, 0])
    add(r7, 1)
    sub(r6, 1)
    b(head)
    label(words)
    cmp(r6, 4)
    blt(tail)
    str(r3, [r7, 0])
    add(r7, 4)
    sub(r6, 4)
    b(words)
    label(tail)
    cmp(r6, 0)
    ble(row_done)
    strb(r3, [r7, 0])
    add(r7, 1)
    sub(r6, 1)
    b(tail)
    label(row_done)
    add(r0, 240)
    add(r5, 1)
    mov(r1, r10)
    cmp(r5, r1)
    blt(row)
    bx(lr)
    label(done)
    pop({r4, r5, r6, r7})
    mov(r8, r4)
    mov(r9, r5)
    mov(r10, r6)
    mov(r11, r7)


job = array("i", [0] * 12)
job[5] = ui.SHADOW
job[6] = 52429
job[11] = font.fast_frame[1]
