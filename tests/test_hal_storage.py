"""FileStorage (firmware/hal/storage.py): atomic writes under simulated power cuts, recovery,
append, names. The same class runs under MicroPython: tests/mp/hal_checks.py (tests/test_hal_micropython.py)."""
import errno
import os

import pytest

import hal.storage as storage_mod
from hal.storage import NEW, TMP, FileStorage


class Crash(Exception):
    """The power went off."""


class CrashingFS:
    """Stands in for `os` and `open` inside hal.storage: every step that changes the disk
    (open for writing, write, flush, fsync, rename, remove) is counted and the power is
    cut at step `at` (a write cut halfway leaves half the bytes). With
    rename_replaces=False, os.rename onto an existing file fails as on FAT."""

    def __init__(self, at, rename_replaces=True):
        self.at = at
        self.step = 0
        self.rename_replaces = rename_replaces

    def tick(self):
        self.step += 1
        if self.step == self.at:
            raise Crash()

    # -- the os module -----------------------------------------------------------
    def rename(self, src, dst):
        self.tick()
        if not self.rename_replaces and os.path.exists(dst):
            raise OSError(errno.EEXIST, "exists")
        os.rename(src, dst)

    def remove(self, path):
        self.tick()
        os.remove(path)

    def fsync(self, fd):
        self.tick()
        os.fsync(fd)

    def __getattr__(self, name):
        return getattr(os, name)

    # -- builtins.open ---------------------------------------------------------------
    def open(self, path, mode="r"):
        if "r" in mode:
            return open(path, mode)
        self.tick()
        return CrashingFile(self, open(path, mode))


class CrashingFile:
    def __init__(self, fs, f):
        self.fs, self.f = fs, f

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()

    def write(self, data):
        try:
            self.fs.tick()
        except Crash:
            self.f.write(data[:len(data) // 2])
            raise
        return self.f.write(data)

    def flush(self):
        self.fs.tick()
        self.f.flush()

    def fileno(self):
        return self.f.fileno()


def crash_write(monkeypatch, root, name, data, at, rename_replaces):
    """Runs one write with the power cut at step `at`; True if it was cut."""
    fs = CrashingFS(at, rename_replaces)
    monkeypatch.setattr(storage_mod, "os", fs)
    monkeypatch.setattr(storage_mod, "open", fs.open, raising=False)
    try:
        FileStorage(root).write(name, data)
        cut = False
    except Crash:
        cut = True
    monkeypatch.setattr(storage_mod, "os", os)
    monkeypatch.delattr(storage_mod, "open")
    return cut


@pytest.mark.parametrize("rename_replaces", [True, False], ids=["posix-rename", "fat-rename"])
@pytest.mark.parametrize("old", [None, b"old contents " * 50], ids=["first-write", "overwrite"])
def test_a_power_cut_at_any_step_leaves_old_or_new(tmp_path, monkeypatch, rename_replaces, old):
    new = b"NEW" * 300
    at = 1
    while True:
        root = str(tmp_path / ("run%d" % at))
        if old is not None:
            FileStorage(root).write("save", old)
        cut = crash_write(monkeypatch, root, "save", new, at, rename_replaces)
        st = FileStorage(root)  # the reboot
        got = st.read("save")
        assert got in (old, new), "cut at step %d left %r" % (at, got and got[:20])
        assert st.listdir() == ([] if got is None else ["save"])
        assert st.size("save") == (-1 if got is None else len(got))
        st.write("save", b"after")  # the store keeps working after the cut
        assert st.read("save") == b"after" and st.listdir() == ["save"]
        if not cut:
            assert got == new
            break
        at += 1
    assert at >= 4  # open, write, flush, fsync, rename (+ fallback steps) were all cut


def test_fat_style_rename_uses_the_fallback_and_cleans_up(tmp_path, monkeypatch):
    root = str(tmp_path)
    FileStorage(root).write("f", b"one")
    assert not crash_write(monkeypatch, root, "f", b"two", at=0, rename_replaces=False)
    assert FileStorage(root).read("f") == b"two"
    assert sorted(os.listdir(root)) == ["f"]


def test_a_leftover_new_file_rolls_forward(tmp_path):
    st = FileStorage(str(tmp_path))
    st.write("a", b"old")
    (tmp_path / ("a" + NEW)).write_bytes(b"complete new")
    assert st.read("a") == b"complete new"
    assert sorted(os.listdir(tmp_path)) == ["a"]
    (tmp_path / ("b" + NEW)).write_bytes(b"target was already removed")
    assert st.listdir() == ["a", "b"]
    assert st.read("b") == b"target was already removed"


def test_a_leftover_temp_file_is_never_taken_for_data(tmp_path):
    st = FileStorage(str(tmp_path))
    (tmp_path / ("x" + TMP)).write_bytes(b"half a wri")
    assert st.read("x") is None and st.listdir() == [] and st.size("x") == -1
    st.write("y", b"kept")
    (tmp_path / ("y" + TMP)).write_bytes(b"half")
    assert st.read("y") == b"kept" and st.listdir() == ["y"]
    st.write("x", b"whole")
    assert st.read("x") == b"whole"
    assert not (tmp_path / ("x" + TMP)).exists()


def test_append_size_remove_listdir(tmp_path):
    st = FileStorage(str(tmp_path / "data" / "deeper"))
    assert st.read("log") is None and st.size("log") == -1
    st.append("log", b"abc")
    st.append("log", bytearray(b"de"))
    assert st.read("log") == b"abcde" and st.size("log") == 5
    st.write("cfg", b"{}")
    assert st.listdir() == ["cfg", "log"]
    st.remove("log")
    st.remove("log")  # removing a missing file is fine
    assert st.listdir() == ["cfg"]


def test_remove_also_drops_a_pending_new_file(tmp_path):
    st = FileStorage(str(tmp_path))
    (tmp_path / ("gone" + NEW)).write_bytes(b"x")
    st.remove("gone")
    assert st.read("gone") is None and st.listdir() == []


@pytest.mark.parametrize("name", ["", ".", "..", "a/b", "../x", "a\\b", "/abs", "x.tmp", "y.new", None, 7])
def test_bad_names_are_rejected(tmp_path, name):
    st = FileStorage(str(tmp_path))
    for call in (lambda: st.read(name), lambda: st.write(name, b"x"), lambda: st.append(name, b"x"),
                 lambda: st.remove(name), lambda: st.size(name)):
        with pytest.raises(ValueError):
            call()
    assert os.listdir(tmp_path) == []


def test_free_bytes(tmp_path, monkeypatch):
    st = FileStorage(str(tmp_path))
    assert st.free_bytes() > 0

    class NoStatvfs:
        def __getattr__(self, name):
            if name == "statvfs":
                raise AttributeError(name)
            return getattr(os, name)
    monkeypatch.setattr(storage_mod, "os", NoStatvfs())
    assert st.free_bytes() == -1


def test_relative_root(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    st = FileStorage("")
    st.write("here", b"1")
    assert (tmp_path / "here").read_bytes() == b"1" and st.listdir() == ["here"]


@pytest.mark.parametrize("at", [1, 2])
def test_a_power_cut_during_roll_forward_still_rolls_forward(tmp_path, monkeypatch, at):
    root = str(tmp_path)
    FileStorage(root).write("r", b"old")
    (tmp_path / ("r" + NEW)).write_bytes(b"new")
    fs = CrashingFS(at)
    monkeypatch.setattr(storage_mod, "os", fs)
    with pytest.raises(Crash):
        FileStorage(root).read("r")
    monkeypatch.setattr(storage_mod, "os", os)
    assert FileStorage(root).read("r") == b"new"
