"""A game's actions held packed: the list a linked game's host and guests keep, and the
one a game's recorder keeps for its record, without a tuple object per action.

An action is a tuple of small ints (shared_rules.game). As tuples in a list, a Cubo game
of four costs about 36 bytes an action on the heap (a 32-byte tuple and a slot), 4.5 KB
by its end, on every device of a linked game. Here each action is its length and its
items as zigzag varints in one bytearray (about 6 bytes for Cubo's), with the offset of
every MARK-th action kept so that any action is found by decoding at most MARK - 1 others
(the latest one read or appended, and the one after it, the usual reads, are found at
once).

    acts = ActionList(actions=())    any iterable of actions
    acts.append(action)              a tuple or list of ints
    len(acts), acts[i], acts[-1], acts[i:j] (a list of tuples), iter(acts)
    acts == other                    the same actions (another ActionList, a list of
                                     tuples or lists)

Items are read back as ints and actions as tuples: the same values as appended.
MicroPython subset.
"""

from shared_rules.varint import put_sv

MARK = 16      # an offset kept for every MARK-th action


class ActionList:
    def __init__(self, actions=()):
        self.data = bytearray()
        self.marks = []        # marks[k]: where action k * MARK starts in data
        self.n = 0
        self._i = 0            # the latest action read or appended...
        self._pos = 0          # ...where it starts...
        self._end = 0          # ...and where the one after it starts
        for a in actions:
            self.append(a)

    def append(self, action):
        data = self.data
        pos = len(data)
        if self.n % MARK == 0:
            self.marks.append(pos)
        data.append(len(action))
        for v in action:
            put_sv(data, v)
        self._i = self.n
        self._pos = pos
        self._end = len(data)
        self.n += 1

    def __len__(self):
        return self.n

    def _read(self, pos):
        """(the action starting at data[pos], where the next one starts)."""
        data = self.data
        k = data[pos]
        pos += 1
        out = []
        for _ in range(k):
            n = 0
            shift = 0
            while True:
                b = data[pos]
                pos += 1
                n |= (b & 0x7F) << shift
                if b < 0x80:
                    break
                shift += 7
            out.append(-((n + 1) >> 1) if n & 1 else n >> 1)
        return tuple(out), pos

    def _start(self, i):
        """Where action i starts in data: from the nearest place known before it."""
        j = self._i
        if j == i:
            return self._pos
        if j + 1 == i:
            return self._end
        if j < i and i - j < i % MARK:
            j += 1
            pos = self._end
        else:
            j = i - i % MARK
            pos = self.marks[j // MARK]
        while j < i:
            pos = self._read(pos)[1]
            j += 1
        return pos

    def __getitem__(self, i):
        if not isinstance(i, int):     # a slice
            return list(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("action index out of range")
        pos = self._start(i)
        a, self._end = self._read(pos)
        self._i = i
        self._pos = pos
        return a

    def __iter__(self):
        pos = 0
        for _ in range(self.n):
            a, pos = self._read(pos)
            yield a

    def __eq__(self, other):
        try:
            if len(other) != self.n:
                return False
        except TypeError:
            return False
        i = 0
        for a in self:
            if a != tuple(other[i]):
                return False
            i += 1
        return True

    def __repr__(self):
        return "ActionList(%r)" % (list(self),)
