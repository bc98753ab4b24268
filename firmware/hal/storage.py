"""Flat-file storage under one folder: the same class on the device and on CPython.

On the Pico it runs over MicroPython's `os` on the littlefs flash filesystem
(root "/data"); the simulator and tests use it over a host folder. Only the
calls both `os` modules share are used (open, os.stat, os.rename, os.remove,
os.listdir, os.mkdir, os.statvfs); MicroPython has no os.path, so paths are
joined with "/" by hand. Names are flat file names: no path separators, and
not ending in the two suffixes reserved for the write protocol below.

Atomic write(name, data): the data goes to "name.tmp", which is flushed and
closed, then renamed over "name". Some filesystems (FAT; Windows for CPython)
refuse to rename onto an existing file; then the complete temp file is first
renamed to "name.new" (which marks it complete), the old file is removed and
"name.new" is renamed to "name". Whoever next touches the name finds a
leftover "name.new" and finishes the job (roll forward). A power cut at any
point therefore leaves either the old or the new contents, never a mix:
- "name.tmp" may be partial, so it is never recovered, only overwritten by
  the next write; a write that crashed before its rename simply did not happen;
- "name.new" is always complete, so when it exists it wins.

append() is a plain append (not atomic): the record layer above frames each
record with a length and a CRC, so a cut mid-append loses that record only.

read() returns None for a missing file and raises OSError for any other failure
(a flaky flash must not look like a deleted file); size() returns -1 for a missing file and free_bytes() -1 where the
filesystem cannot say (no os.statvfs).
"""

import os

try:
    import errno
    _ENOENT = errno.ENOENT
except ImportError:
    _ENOENT = 2

TMP = ".tmp"
NEW = ".new"


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _remove_quiet(path):
    try:
        os.remove(path)
    except OSError:
        pass


class FileStorage:
    def __init__(self, root):
        self.root = root
        if root == "" or root.endswith("/"):
            self._prefix = root
        else:
            self._prefix = root + "/"
        self._dir = root.rstrip("/") or ("/" if root else ".")
        self._makedirs(root)

    @staticmethod
    def _makedirs(root):
        path = ""
        for part in root.split("/"):
            if not part:
                path += "/"
                continue
            path += part
            if not _exists(path):
                os.mkdir(path)
            path += "/"

    def _path(self, name):
        if (not isinstance(name, str) or not name or name == "." or name == ".."
                or "/" in name or "\\" in name or name.endswith(TMP) or name.endswith(NEW)):
            raise ValueError("bad storage name: %r" % (name,))
        return self._prefix + name

    def _recover(self, path):
        new = path + NEW
        if _exists(new):
            _remove_quiet(path)
            os.rename(new, path)

    # -- the HAL contract ---------------------------------------------------
    def read(self, name):
        path = self._path(name)
        self._recover(path)
        try:
            f = open(path, "rb")
        except OSError as e:
            # A read error is not a missing file: the caller must not assume it gone.
            # (Some ports number ENOENT unlike their errno module: ask the directory.)
            if (e.args and e.args[0] == _ENOENT) or name not in os.listdir(self._dir):
                return None
            raise
        with f:
            return f.read()

    def write(self, name, data):
        path = self._path(name)
        self._recover(path)
        tmp = path + TMP
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            fsync = getattr(os, "fsync", None)  # CPython; littlefs commits on close
            if fsync is not None:
                fsync(f.fileno())
        try:
            os.rename(tmp, path)
            return
        except OSError:
            pass
        new = path + NEW
        _remove_quiet(new)
        os.rename(tmp, new)
        _remove_quiet(path)
        os.rename(new, path)

    def append(self, name, data):
        path = self._path(name)
        self._recover(path)
        with open(path, "ab") as f:
            f.write(data)

    def remove(self, name):
        path = self._path(name)
        _remove_quiet(path + NEW)
        _remove_quiet(path)
        _remove_quiet(path + TMP)

    def listdir(self):
        out = []
        for n in os.listdir(self._dir):
            if n.endswith(TMP):
                continue
            if n.endswith(NEW):
                n = n[:-len(NEW)]
                self._recover(self._prefix + n)
            if n not in out:
                out.append(n)
        out.sort()
        return out

    def size(self, name):
        path = self._path(name)
        self._recover(path)
        try:
            return os.stat(path)[6]
        except OSError:
            return -1

    def free_bytes(self):
        statvfs = getattr(os, "statvfs", None)
        if statvfs is None:
            return -1
        try:
            st = statvfs(self._dir)
        except OSError:
            return -1
        return (st[1] or st[0]) * st[4]  # fragment size (or block size) * blocks available
