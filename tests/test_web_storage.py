"""The page's storage (web/browser_hal.py KvStorage over web/store.mjs's Store) keeps the
hal.storage contract, under real MicroPython WebAssembly (Node): read/write/append/remove/
listdir/size/free_bytes, binary bytes intact, bad names refused, a full store refusing a
write with OSError and keeping the old bytes, a tab that does not own the store writing
nothing (web/tabs.mjs); and the app's reliability code (jsonfile's
two copies, the game log) works on it unchanged, across a "reload" (a new KvStorage and a
new GameLog over the same stored keys), over a localStorage-like backing too."""
import os
import subprocess

import pytest

from tests.mpgate import ROOT

pytestmark = pytest.mark.micropython

RUNNER = r"""
import { Store, STORE_BUDGET } from "%(store)s";
import { loadMicroPython } from "%(mp)s";
import fs from "fs";
import path from "path";

// a localStorage look-alike (getItem/setItem/removeItem/key/length) with a quota
class FakeLocalStorage {
  constructor(quota) { this.m = new Map(); this.quota = quota; }
  get length() { return this.m.size; }
  key(i) { return Array.from(this.m.keys())[i]; }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) {
    let n = 0;
    for (const [kk, vv] of this.m) if (kk !== k) n += vv.length;
    if (n + v.length > this.quota) throw new Error("QuotaExceededError");
    this.m.set(k, v);
  }
  removeItem(k) { this.m.delete(k); }
}
const local = new FakeLocalStorage(1 << 20);
local.setItem("other-site-key", "not ours");   // keys of others are never listed or touched
globalThis.kockaStores = {
  map: new Store(new Map(), ""),
  local: new Store(local, "kocka/"),
  small: new Store(new Map(), "", 1000),
  quota: new Store(new FakeLocalStorage(1000), "kocka/"),  // the browser says no
  // only while this tab owns the store (web/tabs.mjs): kockaOwner says whether it does
  guarded: new Store(new Map(), "", STORE_BUDGET, () => globalThis.kockaOwner),
};
globalThis.kockaOwner = true;
globalThis.kockaLocal = local;
const mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024,
  stdout: (l) => console.log(l), stderr: (l) => console.error(l) });
function copyIn(src, dest) {
  if (fs.statSync(src).isDirectory()) {
    mp.FS.mkdir(dest);
    for (const n of fs.readdirSync(src)) if (n !== "__pycache__") copyIn(path.join(src, n), dest + "/" + n);
  } else if (src.endsWith(".py")) mp.FS.writeFile(dest, fs.readFileSync(src));
}
mp.FS.mkdir("/proj");
for (const [src, dest] of %(mounts)s) copyIn(src, "/proj/" + dest);
try {
  mp.runPython("import sys\nsys.path.insert(0, '/proj')\n" + fs.readFileSync(process.argv[2], "utf8"));
} catch (e) {
  console.error(String(e.message || e));
  process.exit(1);
}
if (local.getItem("other-site-key") !== "not ours") { console.error("touched a key not ours"); process.exit(1); }
"""

SCRIPT = r"""
import js
from browser_hal import KvStorage
from app import jsonfile, gamelog
from shared_rules import records

def contract(st):
    assert st.listdir() == [], st.listdir()
    assert st.read("a") is None and st.size("a") == -1
    data = bytes(range(256)) * 3
    st.write("a", data)
    assert st.read("a") == data and st.size("a") == 768
    st.write("a", bytearray(b"new"))
    assert st.read("a") == b"new"
    st.append("a", b"\x00\xff")
    st.append("b", b"xy")
    assert st.read("a") == b"new\x00\xff" and st.read("b") == b"xy"
    assert st.listdir() == ["a", "b"]
    st.remove("a")
    st.remove("a")   # removing what is gone is no error
    assert st.read("a") is None and st.listdir() == ["b"]
    for bad in ("", ".", "..", "a/b", "a\\b", "x.tmp", "x.new", 7):
        try:
            st.read(bad)
        except ValueError:
            pass
        else:
            raise AssertionError("bad name taken: %r" % (bad,))
    free = st.free_bytes()
    assert isinstance(free, int) and free > 0
    st.remove("b")

def full(st):
    st.write("f", b"1" * 600)
    try:
        st.write("f", b"2" * 1200)
    except OSError as e:
        assert e.args[0] == 28
    else:
        raise AssertionError("a write past the budget was taken")
    assert st.read("f") == b"1" * 600    # the old bytes stay whole
    try:
        st.append("f", b"3" * 1000)
    except OSError:
        pass
    else:
        raise AssertionError("an append past the budget was taken")
    assert st.read("f") == b"1" * 600

def guarded(store):
    st = KvStorage(store)
    st.write("settings.json", b"mine")
    st.append("lg00000001.bin", b"rec1")
    js.globalThis.kockaOwner = False   # another tab took the store over
    for op in (lambda: st.write("settings.json", b"stale"),
               lambda: st.append("lg00000001.bin", b"rec1 again")):
        try:
            op()
        except OSError as e:
            assert e.args[0] == 28
        else:
            raise AssertionError("a tab that lost the store wrote")
    st.remove("settings.json")
    assert st.read("settings.json") == b"mine" and st.read("lg00000001.bin") == b"rec1"
    assert store.refused == 3, store.refused
    js.globalThis.kockaOwner = True

def reliability(store):
    st = KvStorage(store)
    jsonfile.write(st, "settings.json", {"sound": False, "names": ["ANNA"]})
    log = gamelog.GameLog(st, lambda: 12345)
    seqs = []
    for i in range(3):
        rec = records.make("", 0, 0, "cubo", {"rounds": 3}, 100 + i, ["ANNA", "ROBI"],
                           [(0, i), (1, 2)], [10 * i, 5])
        seqs.append(log.add(rec))
    device, epoch = log.device, log.epoch
    # the page reloaded: everything is read back from the stored keys
    st2 = KvStorage(store)
    obj, how = jsonfile.read(st2, "settings.json")
    assert obj == {"sound": False, "names": ["ANNA"]} and how == jsonfile.OK, (obj, how)
    log2 = gamelog.GameLog(st2, lambda: 999)
    assert (log2.device, log2.epoch) == (device, epoch)
    got = list(log2.iter_from(0))
    assert [s for s, _ in got] == seqs == [1, 2, 3], got
    assert [records.decode(d)["seed"] for _, d in got] == [100, 101, 102]
    assert log2.notice is None, log2.notice

S = js.kockaStores
contract(KvStorage(S.map))
contract(KvStorage(S.local))
full(KvStorage(S.small))
full(KvStorage(S.quota))
guarded(S.guarded)
reliability(S.map)
reliability(S.local)
print("STORAGE OK")
"""


def test_browser_storage_keeps_the_hal_contract_under_micropython(tmp_path):
    runner = tmp_path / "run.mjs"
    mounts = [[os.path.join(ROOT, "shared_rules"), "shared_rules"],
              [os.path.join(ROOT, "firmware", "app"), "app"],
              [os.path.join(ROOT, "firmware", "hal"), "hal"],
              [os.path.join(ROOT, "web", "browser_hal.py"), "browser_hal.py"]]
    runner.write_text(RUNNER % {
        "store": "file://" + os.path.join(ROOT, "web", "store.mjs"),
        "mp": "file://" + os.path.join(ROOT, "node_modules", "@micropython",
                                       "micropython-webassembly-pyscript", "micropython.mjs"),
        "mounts": repr(mounts).replace("'", '"')})
    script = tmp_path / "check.py"
    script.write_text(SCRIPT)
    proc = subprocess.run(["node", str(runner), str(script)], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "STORAGE OK" in proc.stdout
