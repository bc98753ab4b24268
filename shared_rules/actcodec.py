"""A compact, lossless code for action lists: adaptive binary range coding.

Records must be small (2,000 games in the Pico's flash), and an action list is
most of a record. Actions follow the interface's convention (player, kind,
args...) and real-time games put the time last, so an action is predictable
from what came before: the actor is usually one who acted lately, a player's
kind follows that player's kind before, the length follows the kind, and the
time grows by a step.

Version 2 (`encode`, `decode`) codes each action as:

    the player: 1 + their place among       context: the previous action's kind
      the players by recency (0 escapes:
      a new player or an action of under
      2 elements follows)
    the kind                                context: this player's previous kind
    the length                              context: the kind
    the elements between kind and last      context: (position, kind)
    the last element (3 or more) as a       one context for all (with ~150
      delta from the last element of the      actions a game, one shared context
      latest action with 3 or more (the       learns faster than one per kind)
      time, in real-time games)

Version 1 (`decode(..., version=1)`, records of version 1 hold it) coded the
length first, the player as a delta from the previous one, the last element in
a context per kind, and adapted every probability at a fixed rate of 1/16.

Integers are binarised Elias-gamma style (unary bit count, then the bits under
the leading one; the top three of those adapt, the rest are sent flat; signed
ones send their sign as one more adaptive bit). Every binary decision goes
through an LZMA-style range coder scaled to 24 bits, so on the RP2040 every
intermediate value is a small int (< 2**30). In version 2 a probability learns
fast while its context is young (a game is short) and its context's table grows
in blocks as larger integers show up, so small-valued contexts cost little RAM.

encode(actions) -> bytes; decode(data, count) -> list of tuples (ValueError on
bad input, never anything else; decoding never reads past the data).
MicroPython subset.
"""

from array import array

try:
    from micropython import const
except ImportError:  # CPython without the shim
    def const(x):
        return x

VERSION = 2

_TOP = const(1 << 16)
_MASK24 = const(0xFFFFFF)
_PBITS = const(11)
_PONE = const(1 << 11)
_HALF = const(1 << 10)
_PMIN = const(32)    # a probability stays in [_PMIN, _PONE - _PMIN]
_RATE = const(14)    # a slot learns at 1/2, 1/3, ... then 1/(_RATE + 2) (v2)
_SHIFT_V1 = const(4)  # v1 learned at a fixed 1/16
_UNARY = const(24)   # adaptive unary slots for the bit count
_MANT = const(3)     # adaptive mantissa bits
_MANT_NB = const(16)  # bit counts with adaptive mantissas
_MAX_NB = const(64)  # integers up to 2**64
# Probabilities come in blocks of 8, block k for bit count k + 1: [0] the unary
# decision "more than k + 1 bits", [1..7] the mantissa tree. Bit count 1 has no
# mantissa, so its [1] holds a signed integer's sign.
_BLOCK = const(8)
_SIGN = const(1)
# A v2 slot holds (probability of a 0 << 4) | the times it was used (up to _RATE);
# a v1 slot holds the probability alone, and a v1 context has all its blocks from the start.
_GROW = array("H", [_HALF << 4] * _BLOCK)

# Context families (keys are small ints: family + index).
_K_PLAYER = 0
_K_KIND = 1 << 10
_K_LEN = 2 << 10
_K_MID = 3 << 10
_K_LAST = 4 << 10
_K_ESCAPE = 5 << 10


class _Model:
    """Adaptive probabilities per integer context, allocated on first use."""

    def __init__(self, grow=_GROW):
        self.ctx = {}
        self.grow = grow

    def get(self, key):
        p = self.ctx.get(key)
        if p is None:
            p = array("H", self.grow)
            self.ctx[key] = p
        return p


def _reach(probs, nb):
    """Makes sure probs holds the blocks of bit counts up to nb."""
    if nb > _UNARY:
        nb = _UNARY
    while len(probs) < nb * _BLOCK:
        probs.extend(_GROW)


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
        # A slot learns fast at first (1/2, 1/3, ...), then at 1/(_RATE + 2); the decoder
        # repeats this update (inline in both: it runs for every bit).
        s = probs[i]
        p = s >> 4
        n = s & 15
        bound = (self.range >> _PBITS) * p
        if b:
            self.low += bound
            self.range -= bound
            p -= p // (n + 2)
            if p < _PMIN:
                p = _PMIN
        else:
            self.range = bound
            p += (_PONE - p) // (n + 2)
            if p > _PONE - _PMIN:
                p = _PONE - _PMIN
        probs[i] = (p << 4) | (n + 1 if n < _RATE else n)
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
        s = probs[i]
        p = s >> 4
        n = s & 15
        bound = (self.range >> _PBITS) * p
        if self.code < bound:
            self.range = bound
            b = 0
            p += (_PONE - p) // (n + 2)
            if p > _PONE - _PMIN:
                p = _PONE - _PMIN
        else:
            self.code -= bound
            self.range -= bound
            b = 1
            p -= p // (n + 2)
            if p < _PMIN:
                p = _PMIN
        probs[i] = (p << 4) | (n + 1 if n < _RATE else n)
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


class _DecoderV1(_Decoder):
    def bit(self, probs, i):
        p = probs[i]
        bound = (self.range >> _PBITS) * p
        if self.code < bound:
            self.range = bound
            probs[i] = p + ((_PONE - p) >> _SHIFT_V1)
            b = 0
        else:
            self.code -= bound
            self.range -= bound
            probs[i] = p - (p >> _SHIFT_V1)
            b = 1
        while self.range < _TOP:
            self.range <<= 8
            self.code = ((self.code << 8) | self._byte()) & _MASK24
        return b


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
    if len(probs) < nb * _BLOCK:
        _reach(probs, nb)
    for k in range(nb - 1):
        enc.bit(probs, (k if k < _UNARY else _UNARY - 1) * _BLOCK, 1)
    if nb < _MAX_NB:
        enc.bit(probs, (nb - 1 if nb <= _UNARY else _UNARY - 1) * _BLOCK, 0)
    # bits under the leading one, most significant first
    node = 1
    tree = (nb - 1) * _BLOCK
    for j in range(nb - 2, -1, -1):
        b = (n >> j) & 1
        if nb - 2 - j < _MANT and nb <= _MANT_NB:
            enc.bit(probs, tree + node, b)
            node = (node << 1) | b
        else:
            enc.flat(b)


def _get_uint(dec, probs):
    nb = 1
    while nb < _MAX_NB:
        if len(probs) < nb * _BLOCK:
            _reach(probs, nb)
        if not dec.bit(probs, (nb - 1 if nb <= _UNARY else _UNARY - 1) * _BLOCK):
            break
        nb += 1
    if len(probs) < nb * _BLOCK:
        _reach(probs, nb)
    n = 1
    node = 1
    tree = (nb - 1) * _BLOCK
    for j in range(nb - 2, -1, -1):
        if nb - 2 - j < _MANT and nb <= _MANT_NB:
            b = dec.bit(probs, tree + node)
            node = (node << 1) | b
        else:
            b = dec.flat()
        n = (n << 1) | b
    return n - 1


def _put_int(enc, probs, v):
    _put_uint(enc, probs, -v if v < 0 else v)
    if v:
        enc.bit(probs, _SIGN, 1 if v < 0 else 0)


def _get_int(dec, probs):
    v = _get_uint(dec, probs)
    if v and dec.bit(probs, _SIGN):
        return -v
    return v


def _clip(v, hi):
    if v < 0:
        return 0
    return v if v < hi else hi


class _History:
    """What the v2 contexts look at: the players by recency, the previous action's kind,
    each player's last kind (players are keyed by value, so a SYSTEM 'player' has its
    own) and the last element of the latest action that had 3 or more."""

    def __init__(self):
        self.recent = []    # players, the latest actor first
        self.kind = 0       # the previous action's kind, clipped
        self.kinds = {}     # player -> their last kind, clipped
        self.last = None

    def rank(self, p):
        """p's place in the recency list, or -1 for a player not seen yet."""
        r = self.recent
        for i in range(len(r)):
            if r[i] == p:
                return i
        return -1

    def note(self, a, rank):
        """Takes in action a (2 or more elements) of the player at `rank`."""
        p = a[0]
        if rank >= 0:
            self.recent.pop(rank)
        self.recent.insert(0, p)
        self.kind = _clip(a[1], 15)
        self.kinds[p] = self.kind
        if len(a) >= 3:
            self.last = a[len(a) - 1]


def encode(actions):
    """The coded bytes (version 2) of a list of actions (tuples of ints)."""
    enc = _Encoder()
    model = _Model()
    h = _History()
    for a in actions:
        n = len(a)
        for x in a:
            if not isinstance(x, int):
                raise ValueError("action elements must be ints")
        rank = h.rank(a[0]) if n >= 2 else -1
        _put_uint(enc, model.get(_K_PLAYER + h.kind), rank + 1)
        if rank < 0:
            # a new player, or an action of under 2 elements
            escape = model.get(_K_ESCAPE)
            _put_uint(enc, escape, n if n < 2 else 2)
            if n:
                _put_int(enc, escape, a[0])
            if n < 2:
                continue
        p = a[0]
        own = h.kinds.get(p, 0)
        _put_int(enc, model.get(_K_KIND + own), a[1])
        kind = _clip(a[1], 15)
        _put_uint(enc, model.get(_K_LEN + kind), n - 2)
        for i in range(2, n - 1):
            _put_int(enc, model.get(_K_MID + (_clip(i, 7) << 4) + kind), a[i])
        if n >= 3:
            if h.last is None:
                _put_int(enc, model.get(_K_LAST), a[n - 1])
            else:
                _put_int(enc, model.get(_K_LAST + 1), a[n - 1] - h.last)
        h.note(a, rank)
    return enc.finish()


def _decode_v2(dec, count, max_len, out):
    model = _Model()
    h = _History()
    for _ in range(count):
        rank = _get_uint(dec, model.get(_K_PLAYER + h.kind)) - 1
        if rank < 0:
            escape = model.get(_K_ESCAPE)
            n = _get_uint(dec, escape)
            if n > 2:
                raise ValueError("bad player escape")
            p = _get_int(dec, escape) if n else 0
            if n < 2:
                out.append((p,) if n else ())
                continue
        elif rank >= len(h.recent):
            raise ValueError("bad player rank")
        else:
            p = h.recent[rank]
        own = h.kinds.get(p, 0)
        k = _get_int(dec, model.get(_K_KIND + own))
        kind = _clip(k, 15)
        n = 2 + _get_uint(dec, model.get(_K_LEN + kind))
        if n > max_len:
            raise ValueError("action too long")
        a = [p, k]
        for i in range(2, n - 1):
            a.append(_get_int(dec, model.get(_K_MID + (_clip(i, 7) << 4) + kind)))
        if n >= 3:
            if h.last is None:
                a.append(_get_int(dec, model.get(_K_LAST)))
            else:
                a.append(h.last + _get_int(dec, model.get(_K_LAST + 1)))
        a = tuple(a)
        out.append(a)
        h.note(a, rank)


def _decode_v1(dec, count, max_len, out):
    model = _Model([_HALF] * (_UNARY * _BLOCK))
    prev = ()
    for _ in range(count):
        pk = _clip(prev[1], 15) if len(prev) > 1 else 0
        n = _get_uint(dec, model.get(pk))
        if n > max_len:
            raise ValueError("action too long")
        a = []
        kind = 0
        for i in range(n):
            if i == 0:
                base, key = (prev[0] if prev else 0), 16 + pk
            elif i == 1:
                base, key = 0, 32 + pk
            elif i == n - 1:
                has = len(prev) >= 3
                base, key = (prev[-1] if has else 0), 64 + (kind << 1) + (1 if has else 0)
            else:
                base, key = 0, 128 + (_clip(i, 7) << 4) + kind
            x = base + _unzig(_get_uint(dec, model.get(key)))
            if i == 1:
                kind = _clip(x, 15)
            a.append(x)
        a = tuple(a)
        out.append(a)
        prev = a


def decode(data, count, max_len=32, version=VERSION):
    """The list of `count` actions coded in `data` by `encode` of format `version`
    (ValueError if it is not a valid code)."""
    if version not in (1, 2):
        raise ValueError("action code version %r is not supported" % (version,))
    dec = (_DecoderV1 if version == 1 else _Decoder)(data)
    out = []
    (_decode_v1 if version == 1 else _decode_v2)(dec, count, max_len, out)
    if dec.pos > len(data) + 1:
        raise ValueError("action code truncated")
    return out
