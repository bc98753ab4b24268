// The app's files in the browser, and the WebAssembly memory they cross through.
//
// Store is the key-value store web/browser_hal.py's KvStorage calls (get, put,
// append, remove, names, size, free): one key per file name, over localStorage (the
// page) or a Map (a demo, tests). Python passes the address and length of its bytes in
// the WebAssembly memory; heap() views that memory, taken from the port's instance as it
// is made (the port does not export it). Import this module before loadMicroPython.

export const STORE_BUDGET = 2 * 1024 * 1024; // bytes the app may keep (well inside the quota)

// ---- the WebAssembly memory ------------------------------------------------------
let wasmMemory = null;
function captureMemory(result) {
  const inst = result.instance || result;
  for (const k in inst.exports) {
    if (inst.exports[k] instanceof WebAssembly.Memory) wasmMemory = inst.exports[k];
  }
  return result;
}
const realInstantiate = WebAssembly.instantiate;
const realStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiate = (...a) => realInstantiate(...a).then(captureMemory);
if (realStreaming) WebAssembly.instantiateStreaming = (...a) => realStreaming(...a).then(captureMemory);
export const heap = (addr, n) => new Uint8Array(wasmMemory.buffer, addr, n);

// ---- storage: one key per file -----------------------------------------------------
// Values are "binary strings" (one char per byte, 0-255). localStorage is synchronous:
// when put() returns, the bytes are in the browser's storage.
function toBinary(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  }
  return s;
}
function fromBinary(s) {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export class Store {
  // backing: localStorage, or a Map-like object for a demo (nothing kept).
  // mayWrite: asked before every write or remove (web/tabs.mjs: only the tab that owns
  // the store writes); false refuses it (put/append return false: the app is told its
  // storage is full) and nothing changes. Reads are always allowed.
  constructor(backing, prefix, budget = STORE_BUDGET, mayWrite = null) {
    this.b = backing;
    this.prefix = prefix;
    this.budget = budget;
    this.mayWrite = mayWrite;
    this.refused = 0;  // writes and removes refused by mayWrite
  }
  allowed() {
    if (!this.mayWrite || this.mayWrite()) return true;
    this.refused++;
    return false;
  }
  keys() {
    const out = [];
    if (this.b instanceof Map) {
      for (const k of this.b.keys()) out.push(k);
    } else {
      for (let i = 0; i < this.b.length; i++) {
        const k = this.b.key(i);
        if (k.startsWith(this.prefix)) out.push(k.slice(this.prefix.length));
      }
    }
    return out;
  }
  getRaw(name) {
    const v = this.b instanceof Map ? this.b.get(name) : this.b.getItem(this.prefix + name);
    return v === undefined ? null : v;
  }
  setRaw(name, s) {
    if (!this.allowed()) return false;
    if (this.used() - (this.getRaw(name) || "").length + s.length > this.budget) return false;
    try {
      if (this.b instanceof Map) this.b.set(name, s);
      else this.b.setItem(this.prefix + name, s);
      return true;
    } catch (e) {
      return false; // QuotaExceededError: the app is told its storage is full
    }
  }
  used() {
    let n = 0;
    for (const k of this.keys()) n += this.getRaw(k).length;
    return n;
  }
  // the calls web/browser_hal.py's KvStorage makes
  get(name) { const v = this.getRaw(name); return v === null ? null : fromBinary(v); }
  put(name, addr, n) { return this.setRaw(name, toBinary(heap(addr, n))); }
  append(name, addr, n) { return this.setRaw(name, (this.getRaw(name) || "") + toBinary(heap(addr, n))); }
  remove(name) {
    if (!this.allowed()) return;
    if (this.b instanceof Map) this.b.delete(name); else this.b.removeItem(this.prefix + name);
  }
  names() { return this.keys().join("\n"); }
  size(name) { const v = this.getRaw(name); return v === null ? -1 : v.length; }
  free() { return Math.max(0, this.budget - this.used()); }
}
