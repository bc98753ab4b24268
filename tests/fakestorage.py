"""An in-memory hal.storage with a LittleFS-like space model and fault injection.

    MemStorage(capacity=1408 * 1024, block=4096)

free_bytes() counts whole blocks like LittleFS on the Pico: each file takes
ceil(size / block) blocks (at least one), and the directory takes two blocks
plus two more per 32 files. `tear_next(n)` makes the next write or append store
only its first n bytes and then raise OSError (a power cut mid-write), after
which nothing is written until power_on() (the device is off);
`fail_writes` makes every write raise (a full or broken flash); `read_fault`, a
callable(name) -> bool, makes a read raise OSError(5) (EIO) when it says so (a flaky
flash); `flip(name, bit)` flips one stored bit (flash damage).
"""


class PowerCut(OSError):
    pass


class MemStorage:
    def __init__(self, capacity=1408 * 1024, block=4096):
        self.files = {}
        self.capacity = capacity
        self.block = block
        self.tear = None
        self.dead = False       # after a cut: nothing is written until power_on()
        self.fail_writes = False
        self.read_fault = None
        self.tear_appends_only = False
        self.reads = 0
        self.writes = 0
        self.bytes_written = 0

    # -- the contract -------------------------------------------------------------
    def read(self, name):
        self.reads += 1
        if self.read_fault is not None and self.read_fault(name):
            raise OSError(5, "I/O error reading %s" % name)
        d = self.files.get(name)
        return None if d is None else bytes(d)

    def write(self, name, data):
        data = bytes(data)
        self._check(name, len(data), replace=True)
        if self.tear is not None and not self.tear_appends_only:
            # an atomic write: a cut leaves the old file as it was
            self.tear = None
            self.dead = True
            raise PowerCut("power cut during write of %s" % name)
        self.files[name] = bytearray(data)
        self._count(len(data))

    def append(self, name, data):
        data = bytes(data)
        self._check(name, len(data), replace=False)
        if self.tear is not None:
            n = self.tear
            self.tear = None
            self.files.setdefault(name, bytearray()).extend(data[:n])
            self.dead = True
            raise PowerCut("power cut during append to %s" % name)
        self.files.setdefault(name, bytearray()).extend(data)
        self._count(len(data))

    def remove(self, name):
        if self.dead:
            raise PowerCut("no power")
        if name not in self.files:
            raise OSError(2, "no such file")
        del self.files[name]

    def listdir(self):
        return list(self.files)

    def size(self, name):
        d = self.files.get(name)
        if d is None:
            raise OSError(2, "no such file")
        return len(d)

    def free_bytes(self):
        return max(0, self.capacity - self.used_blocks() * self.block)

    # -- the model ------------------------------------------------------------------
    def _blocks(self, size):
        return max(1, -(-size // self.block))

    def used_blocks(self, files=None):
        files = self.files if files is None else files
        n = 2 + 2 * (len(files) // 32)
        for d in files.values():
            n += self._blocks(len(d))
        return n

    def _check(self, name, n, replace):
        if self.dead:
            raise PowerCut("no power")
        if self.fail_writes:
            raise OSError(28, "no space left on device")
        after = dict(self.files)
        old = after.get(name, b"")
        after[name] = b"\0" * (n if replace else len(old) + n)
        if self.used_blocks(after) * self.block > self.capacity:
            raise OSError(28, "no space left on device")

    def _count(self, n):
        self.writes += 1
        self.bytes_written += n

    def flip(self, name, bit):
        self.files[name][bit >> 3] ^= 1 << (bit & 7)

    def tear_next(self, n, appends_only=False):
        """The next write (or only the next append) is cut after n bytes."""
        self.tear = n
        self.tear_appends_only = appends_only

    def power_on(self):
        self.dead = False
        self.tear = None

    def snapshot(self):
        return dict((k, bytes(v)) for k, v in self.files.items())

    def restore(self, snap):
        self.files = dict((k, bytearray(v)) for k, v in snap.items())
