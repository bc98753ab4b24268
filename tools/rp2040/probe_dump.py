"""The probe's heap dump (tools/rp2040/probe_main.py loads it when it is on the filesystem,
as kocka_probe_dump.py: rp2040emu.probe_main(dump=...) puts it there; its code would
otherwise be on the heap the probe measures). Where the memory went, for docs/link.md's
heap notes.

The file probe_dump holds a number of bytes (the first frame whose live heap reaches it), or a
screen's name and a number of frames (the first frame after that many of that screen).
Then it prints `KM <live heap>`, the heap's block map (micropython.mem_info(1): a letter
per 16-byte block, the kind of object starting there) and `KMOD <module> <functions>
<classes>` for every module loaded (its functions, methods counted: each a heap object
with a slot in a dict; C functions counted too)."""
import gc
import micropython
import sys


class Dump:
    def __init__(self):
        with open("probe_dump") as f:
            words = f.read().split()
        self.screen = words[0] if len(words) > 1 else None
        self.frames = int(words[1]) if len(words) > 1 else 0
        self.bytes = int(words[0]) if len(words) == 1 else 0

    def frame(self, name):
        """After a frame of screen `name`: True once the dump is printed."""
        if self.screen in (None, name):
            self.frames -= 1
        if self.frames >= 0 or gc.mem_alloc() < self.bytes:
            return False
        print("KM %d" % gc.mem_alloc())
        micropython.mem_info(1)
        modules_held()
        return True


def modules_held():
    for name in sorted(sys.modules):
        funcs = classes = 0
        for v in sys.modules[name].__dict__.values():
            if type(v) is type:
                classes += 1
                for w in v.__dict__.values():
                    funcs += type(w).__name__ in ("function", "staticmethod", "classmethod")
            else:
                funcs += type(v).__name__ == "function"
        print("KMOD %s %d %d" % (name, funcs, classes))
