// Runs a Python script under the official MicroPython WebAssembly port (Node).
//
//   node tests/mp/mprun.mjs [--heap BYTES] [--mount SRC[:DEST]]... [--out DIR] [--steps]
//                           SCRIPT [ARGS...]
//
// Every --mount SRC (a project folder such as shared_rules) is copied into the
// MicroPython filesystem under /proj/SRC (or /proj/DEST), /proj is put on sys.path, and SCRIPT
// runs as __main__ with mpargs.ARGV = [SCRIPT, ARGS...]. Files the script writes
// under /out are copied back to the host folder given by --out. The exit code
// is 0 on success and 1 if the script raised (the traceback goes to stderr).
//
// --steps: after the script ran, call its `step()` again and again, each call a
// separate runPython, until it returns a false value. This port's gc.collect()
// frees nothing while a runPython call is still on the stack (garbage is only
// reclaimable once control is back in JS), so code that measures the live heap
// must collect at the start of a fresh call: a step.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";
import fs from "fs";
import path from "path";

const argv = process.argv.slice(2);
let heap = 8 * 1024 * 1024;
const mounts = [];
let outDir = null;
let steps = false;
while (argv.length && argv[0].startsWith("--")) {
  const flag = argv.shift();
  if (flag === "--heap") heap = parseInt(argv.shift(), 10);
  else if (flag === "--mount") mounts.push(argv.shift());
  else if (flag === "--out") outDir = argv.shift();
  else if (flag === "--steps") steps = true;
  else { console.error("mprun: unknown flag " + flag); process.exit(2); }
}
if (!argv.length) { console.error("mprun: no script given"); process.exit(2); }
const script = argv[0];

let pending = "";
const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
});

function copyIn(hostPath, mpPath) {
  const st = fs.statSync(hostPath);
  if (st.isDirectory()) {
    try { mp.FS.mkdir(mpPath); } catch (e) { /* exists */ }
    for (const name of fs.readdirSync(hostPath)) {
      if (name === "__pycache__" || name.startsWith(".")) continue;
      copyIn(path.join(hostPath, name), mpPath + "/" + name);
    }
  } else if (/\.(py|mpy|json|bin|txt)$/.test(hostPath)) {
    mp.FS.writeFile(mpPath, fs.readFileSync(hostPath));
  }
}

function copyOut(mpPath, hostPath) {
  const st = mp.FS.stat(mpPath);
  if (mp.FS.isDir(st.mode)) {
    fs.mkdirSync(hostPath, { recursive: true });
    for (const name of mp.FS.readdir(mpPath)) {
      if (name === "." || name === "..") continue;
      copyOut(mpPath + "/" + name, path.join(hostPath, name));
    }
  } else {
    fs.writeFileSync(hostPath, mp.FS.readFile(mpPath));
  }
}

mp.FS.mkdir("/proj");
mp.FS.mkdir("/out");
for (const m of mounts) {
  // "SRC" mounts at /proj/SRC; "SRC:DEST" mounts at /proj/DEST.
  const [src, dest] = m.includes(":") ? m.split(":") : [m, m];
  const parts = dest.split("/").filter(Boolean);
  let cur = "/proj";
  for (let i = 0; i < parts.length - 1; i++) {
    cur += "/" + parts[i];
    try { mp.FS.mkdir(cur); } catch (e) { /* exists */ }
  }
  copyIn(src, "/proj/" + parts.join("/"));
}
mp.FS.writeFile("/main_script.py", fs.readFileSync(script));
// MicroPython's sys.argv cannot be assigned here; scripts read `mpargs.ARGV`.
mp.FS.writeFile("/proj/mpargs.py", "ARGV = " + JSON.stringify(argv) + "\n");

let code = 0;
try {
  mp.runPython(
    // As on the Pico: modules found through '' in the current folder, so their
    // __file__ is "app/menu.mpy", the same string the bundle embeds for tracebacks
    // (one interned string, as on the device, not two).
    "import sys, os\nos.chdir('/proj')\nsys.path.insert(0, '')\n" +
    "exec(open('/main_script.py').read())\n");
  if (steps) {
    do {
      mp.runPython("_more = step()");
    } while (mp.globals.get("_more"));
  }
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  code = 1;
}
if (outDir) copyOut("/out", outDir);
process.exit(code);
