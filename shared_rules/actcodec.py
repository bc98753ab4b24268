"""A compact, lossless code for action lists: adaptive binary range coding.

Records must be small (2,000 games in the Pico's flash), and an action list is
most of a record. Actions follow the interface's convention (player, kind,
args...), so they are very predictable from the action before: the player
mostly stays, the kind follows the kind before, timestamps grow by small steps.
Each action is coded as:

    its length                          context: the previous action's kind
    element 0 (player) as a delta       context: the previous action's kind
    element 1 (kind), absolute          context: the previous action's kind
    the last element (when there are    context: (this action's kind, whether the
      3 or more) as a delta from the      previous action had one)
      previous action's last element
      (real-time games put the time last)
    the elements between, absolute      context: (position, this action's kind)

Integers are zigzag-mapped and binarised Elias-gamma style (unary bit count,
then the bits under the leading one; the top three of those adapt, the rest are
sent flat). Every binary decision goes through an LZMA-style range coder scaled
to 24 bits, so on the RP2040 every intermediate value is a small int (< 2**30).

encode(actions) -> bytes; decode(data, count) -> list of tuples (ValueError on
bad input, never anything else; decoding never reads past the data).
MicroPython subset.
"""

from array import array

_TOP = 1 << 16
_MASK24 = 0xFFFFFF
_PBITS = 11
_PONE = 1 << _PBITS
_HALF = _PONE >> 1
_SHIFT = 4
_UNARY = 24          # adaptive unary slots for the bit count
_MANT = 3            # adaptive mantissa bits
_MANT_NB = 16        # bit counts with adaptive mantissas
_CTX_SIZE = _UNARY + _MANT_NB * (1 << _MANT)
_MAX_NB = 64         # integers up to 2**64


class _Model:
    """Adaptive probabilities per integer context, allocated on first use."""

    def __init__(self):
        self.ctx = {}

    def get(self, key):
        p = self.ctx.get(key)
        if p is None:
            p = array("H", [_HALF] * _CTX_SIZE)
            self.ctx[key] = p
        return p


class _Encoder:
    def __init__(self):
        self.low = 0
        self.range = _MASK24
        self.cache = 0
        self.pending = 1
        self.out = bytearray()

    def _shift(self):
        low = self.low
        if low < 0xFF0000 or low > _MASK24:
            carry = low >> 24
            c = self.cache
            while self.pending:
                self.out.append((c + carry) & 0xFF)
                c = 0xFF
                self.pending -= 1
            self.cache = (low >> 16) & 0xFF
        self.pending += 1
        self.low = (low & 0xFFFF) << 8

    def bit(self, probs, i, b):
        p = probs[i]
        bound = (self.range >> _PBITS) * p
        if b:
            self.low += bound
            self.range -= bound
            probs[i] = p - (p >> _SHIFT)
        else:
            self.range = bound
            probs[i] = p + ((_PONE - p) >> _SHIFT)
        while self.range < _TOP:
            self.range <<= 8
            self._shift()

    def flat(self, b):
        self.range >>= 1
        if b:
            self.low += self.range
        while self.range < _TOP:
            self.range <<= 8
            self._shift()

    def finish(self):
        for _ in range(4):
            self._shift()
        # the first byte out is always the initial cache 0: leave it out
        return bytes(self.out[1:])


class _Decoder:
    def __init__(self, data):
        self.data = data
        self.pos = 0
        self.range = _MASK24
        self.code = 0
        for _ in range(3):
            self.code = (self.code << 8) | self._byte()

    def _byte(self):
        if self.pos < len(self.data):
            b = self.data[self.pos]
            self.pos += 1
            return b
        self.pos += 1
        if self.pos > len(self.data) + 4:
            raise ValueError("action code runs past its data")
        return 0

    def bit(self, probs, i):
        p = probs[i]
        bound = (self.range >> _PBITS) * p
        if self.code < bound:
            self.range = bound
            probs[i] = p + ((_PONE - p) >> _SHIFT)
            b = 0
        else:
            self.code -= bound
            self.range -= bound
            probs[i] = p - (p >> _SHIFT)
            b = 1
        while self.range < _TOP:
            self.range <<= 8
            self.code = ((self.code << 8) | self._byte()) & _MASK24
        return b

    def flat(self):
        self.range >>= 1
        if self.code >= self.range:
            self.code -= self.range
            b = 1
        else:
            b = 0
        while self.range < _TOP:
            self.range <<= 8
            self.code = ((self.code << 8) | self._byte()) & _MASK24
        return b


def _zig(v):
    return (v << 1) if v >= 0 else ((-v) << 1) - 1


def _unzig(n):
    return -((n + 1) >> 1) if n & 1 else n >> 1


def _put_uint(enc, probs, v):
    n = v + 1
    nb = 0
    t = n
    while t:
        nb += 1
        t >>= 1
    if nb > _MAX_NB:
        raise ValueError("integer too large for an action")
    for k in range(nb - 1):
        enc.bit(probs, k if k < _UNARY else _UNARY - 1, 1)
    if nb < _MAX_NB:
        enc.bit(probs, nb - 1 if nb - 1 < _UNARY else _UNARY - 1, 0)
    # bits under the leading one, most significant first
    node = 1
    for j in range(nb - 2, -1, -1):
        b = (n >> j) & 1
        if nb - 2 - j < _MANT and nb <= _MANT_NB:
            enc.bit(probs, _UNARY + (nb - 1) * (1 << _MANT) + node, b)
            node = (node << 1) | b
        else:
            enc.flat(b)


def _get_uint(dec, probs):
    nb = 1
    while nb < _MAX_NB:
        k = nb - 1
        if not dec.bit(probs, k if k < _UNARY else _UNARY - 1):
            break
        nb += 1
    n = 1
    node = 1
    for j in range(nb - 2, -1, -1):
        if nb - 2 - j < _MANT and nb <= _MANT_NB:
            b = dec.bit(probs, _UNARY + (nb - 1) * (1 << _MANT) + node)
            node = (node << 1) | b
        else:
            b = dec.flat()
        n = (n << 1) | b
    return n - 1


def _clip(v, hi):
    if v < 0:
        return 0
    return v if v < hi else hi


def _base(i, n, prev, pk, kind):
    """(reference value, context key) for element i of an n-element action."""
    if i == 0:
        return (prev[0] if prev else 0), 16 + pk
    if i == 1:
        return 0, 32 + pk
    if i == n - 1:
        # the last element: a timestamp in real-time games; delta from the last one before
        has = len(prev) >= 3
        return (prev[-1] if has else 0), 64 + (kind << 1) + (1 if has else 0)
    return 0, 128 + (_clip(i, 7) << 4) + kind


def _ctx(i, n, x, prev, pk, kind):
    base, key = _base(i, n, prev, pk, kind)
    return _zig(x - base), key, _clip(x, 15)


def _dctx(i, n, prev, pk, kind):
    base, key = _base(i, n, prev, pk, kind)
    return base, key, True


def encode(actions):
    """The coded bytes of a list of actions (tuples of ints)."""
    enc = _Encoder()
    model = _Model()
    prev = ()
    for a in actions:
        pk = _clip(prev[1], 15) if len(prev) > 1 else 0
        n = len(a)
        _put_uint(enc, model.get(pk), n)
        kind = 0
        for i in range(n):
            x = a[i]
            if not isinstance(x, int):
                raise ValueError("action elements must be ints")
            v, key, k2 = _ctx(i, n, x, prev, pk, kind)
            if i == 1:
                kind = k2
            _put_uint(enc, model.get(key), v)
        prev = a
    return enc.finish()


def decode(data, count, max_len=32):
    """The list of `count` actions coded in `data` (ValueError if it is not a valid code)."""
    dec = _Decoder(data)
    model = _Model()
    prev = ()
    out = []
    for _ in range(count):
        pk = _clip(prev[1], 15) if len(prev) > 1 else 0
        n = _get_uint(dec, model.get(pk))
        if n > max_len:
            raise ValueError("action too long")
        a = []
        kind = 0
        for i in range(n):
            base, key, sign = _dctx(i, n, prev, pk, kind)
            u = _get_uint(dec, model.get(key))
            x = base + _unzig(u)
            if i == 1:
                kind = _clip(x, 15)
            a.append(x)
        a = tuple(a)
        out.append(a)
        prev = a
    if dec.pos > len(data) + 1:
        raise ValueError("action code truncated")
    return out
