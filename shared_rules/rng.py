"""A seeded random generator that gives the same numbers on CPython and MicroPython.

A linear congruential generator modulo 2**30. The state and every
intermediate product stay below 2**30, so on the RP2040 nothing ever leaves
the small-int range (no heap allocation per draw). The multiplication is done
on 15-bit halves for that reason. Output is taken from the high bits, which
are the well-mixed ones in a power-of-two LCG.
"""

try:
    from micropython import const
except ImportError:  # CPython (the host tool)
    def const(x):
        return x

_MASK30 = const(0x3FFFFFFF)
_MASK15 = const(0x7FFF)
# Full-period multiplier (a % 8 == 5) split into 15-bit halves, odd increment.
_A_HI = const(0x2C2A9E75 >> 15)
_A_LO = const(0x2C2A9E75 & _MASK15)
_C = 12345


def mix_seed(seed):
    """Fold any int (even a big one) into a 30-bit state."""
    seed = int(seed)
    if seed < 0:
        seed = -seed * 2 + 1
    state = 0x2545F491 & _MASK30
    while True:
        state = (state ^ (seed & _MASK30)) & _MASK30
        state = _step(state)
        seed >>= 30
        if not seed:
            return state


def _step(x):
    xh = x >> 15
    xl = x & _MASK15
    lo = _A_LO * xl + _C
    mid = ((_A_HI * xl) & _MASK15) + ((_A_LO * xh) & _MASK15) + (lo >> 15)
    return ((mid & _MASK15) << 15) | (lo & _MASK15)


class Rng:
    """Deterministic generator; `state` is a plain int so it saves and restores."""

    def __init__(self, seed=0):
        self.state = mix_seed(seed)

    def bits16(self):
        self.state = _step(self.state)
        return self.state >> 14

    def below(self, n):
        """A uniform int in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n <= 0x10000:
            limit = 0x10000 - (0x10000 % n)
            while True:
                r = self.bits16()
                if r < limit:
                    return r % n
        # Larger ranges: draw 15-bit digits until the range is covered.
        while True:
            r = 0
            span = 1
            while span < n:
                r = (r << 15) | (self.bits16() >> 1)
                span <<= 15
            limit = span - (span % n)
            if r < limit:
                return r % n

    def randint(self, lo, hi):
        """A uniform int in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def die(self):
        return 1 + self.below(6)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Fisher-Yates in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def fork(self):
        """An independent generator seeded from this one (e.g. one per bot)."""
        return Rng((self.bits16() << 14) ^ self.bits16())
