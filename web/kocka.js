// Kocka in a browser: the page's JavaScript half of the HAL (web/browser_hal.py is
// the Python half), the device drawing, input, sound, storage and the frame loop.
//
// The app runs under the official MicroPython WebAssembly port (mp/micropython.mjs),
// from the same .mpy files the device gets (py/, listed in files.json). Python hands
// JavaScript the addresses of its frame, palette and LED buffers in the WebAssembly
// memory, so a frame crosses by a typed-array view, not a copy through the proxies.
//
// One tab at a time owns the app's files (web/tabs.mjs): a tab opened while another has
// Kocka open shows a message and starts nothing until the user picks it ("Use this tab
// instead"); the tab it takes over from stops and never writes again until reloaded.
//
// URL parameters: ?demo=NAME&seed=N  a bots-only demo (its storage is thrown away, no lock),
//                 ?game=ID           that game's setup once the menu is up,
//                 ?turbo=N           N app frames of 33 ms per animation frame (tests),
//                 ?frames=N          stop after N app frames (tests compare that frame).

import { loadMicroPython } from "./mp/micropython.mjs";
import { Store, STORE_BUDGET, heap } from "./store.mjs";
import { TabLock } from "./tabs.mjs";

const FRAME_MS = 33;                 // the page's frame: every other refresh of a 60 Hz display, and the headless runs' step (tests compare their frames)
const HEAP_BYTES = 4 * 1024 * 1024;  // MicroPython's heap in the page
const STORE_PREFIX = "kocka/";       // localStorage keys of the app's files
const PREFS_KEY = "kocka.page";      // the page's own choices: keys, sound
const LOCK_NAME = "kocka-store";     // the Web Lock (and BroadcastChannel) of the tab owning the files
const OWNER_KEY = "kocka.owner";     // localStorage: the id of the tab owning the files
const TAKEOVER_FLAG = "kocka.takeover"; // sessionStorage: this tab reloads to take over
const FLASH_MS = 150;                // a demo's press lights its control this long
const BUTTONS = ["UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y"];
const DEFAULT_KEYS = {
  UP: ["ArrowUp"], DOWN: ["ArrowDown"], LEFT: ["ArrowLeft"], RIGHT: ["ArrowRight"],
  PRESS: ["Enter", "NumpadEnter"], A: ["KeyA"], B: ["KeyB"], X: ["KeyX"], Y: ["KeyY"],
};
// The standard gamepad layout: the d-pad and left stick are the joystick, the face
// buttons the keys (south A, east B, west X, north Y), start or a stick click the press.
const PAD_BUTTONS = { 12: 0, 13: 1, 14: 2, 15: 3, 9: 4, 10: 4, 0: 5, 1: 6, 2: 7, 3: 8 };
const PAD_DEADZONE = 0.5;

const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

// ---- the page's preferences (key map, sound) -------------------------------------
function loadPrefs() {
  try {
    const p = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}");
    return typeof p === "object" && p ? p : {};
  } catch (e) { return {}; }
}
const prefs = loadPrefs();
function savePrefs() { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); }
function keyMap() {
  const m = {};
  for (const b of BUTTONS) {
    const keys = (prefs.keys && Array.isArray(prefs.keys[b])) ? prefs.keys[b] : DEFAULT_KEYS[b];
    for (const k of keys) m[k] = BUTTONS.indexOf(b);
  }
  return m;
}
function keyLabel(code) {
  const arrows = { ArrowUp: "\u2191", ArrowDown: "\u2193", ArrowLeft: "\u2190", ArrowRight: "\u2192" };
  if (arrows[code]) return arrows[code];
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(code)) return code.slice(5);
  if (code === "NumpadEnter") return "Enter";
  return code;
}
function buttonKeys(b) {
  return (prefs.keys && Array.isArray(prefs.keys[b])) ? prefs.keys[b] : DEFAULT_KEYS[b];
}

// ---- sound: a square wave, muted until the first click or key ----------------------
const sound = {
  ctx: null, osc: null, gain: null, freq: 0, volume: 0,
  muted: !!prefs.muted,
  unlock() {
    if (this.ctx) { if (this.ctx.state === "suspended") this.ctx.resume(); return; }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    this.ctx = new AC();
    this.gain = this.ctx.createGain();
    this.gain.gain.value = 0;
    this.gain.connect(this.ctx.destination);
    this.osc = this.ctx.createOscillator();
    this.osc.type = "square";
    this.osc.connect(this.gain);
    this.osc.start();
    this.apply();
    showSoundState();
  },
  tone(freq, volume) {
    this.freq = freq; this.volume = volume;
    if (freq > 0 && volume > 0) stats.tones++;
    this.apply();
  },
  apply() {
    if (!this.ctx) return;
    const t = this.ctx.currentTime;
    const on = this.freq > 0 && this.volume > 0 && !this.muted;
    if (on) this.osc.frequency.setValueAtTime(this.freq, t);
    // a piezo at a third of full scale (simulator/tones.py), scaled by the app's volume
    this.gain.gain.setValueAtTime(on ? 0.3 * Math.min(100, this.volume) / 100 : 0, t);
  },
};
function showSoundState() {
  const el = $("sound");
  if (!el) return;
  el.textContent = sound.muted ? "Sound: off" : (sound.ctx ? "Sound: on" : "Sound: click to start");
  el.setAttribute("aria-pressed", sound.muted ? "false" : "true");
}

// ---- input: raw pressed states, as the simulator's window keeps them ---------------
const input = {
  keys: 0, pointer: 0, pad: 0, latched: 0,
  pointers: new Map(),  // pointerId -> button
  flashUntil: new Array(9).fill(0),
  set(field, b, down) {
    if (down) { this[field] |= 1 << b; this.latched |= 1 << b; } else this[field] &= ~(1 << b);
  },
  raw() { return this.keys | this.pointer | this.pad; },
  take() { const m = this.raw() | this.latched; this.latched = 0; return m; },
  releaseAll() { this.keys = 0; this.pointer = 0; this.pointers.clear(); },
};
let remapping = null;  // the button whose key is being chosen, or null

function onKey(ev, down) {
  if (remapping !== null && down) {
    ev.preventDefault();
    if (ev.code !== "Escape") {
      prefs.keys = prefs.keys || {};
      for (const b of BUTTONS) {   // a key drives one button only
        const ks = buttonKeys(b).filter((k) => k !== ev.code);
        if (ks.length !== buttonKeys(b).length) prefs.keys[b] = ks;
      }
      prefs.keys[remapping] = [ev.code];
      savePrefs();
    }
    remapping = null;
    renderKeys();
    return;
  }
  if (tabs && tabs.state !== "held") return;  // the app is not running in this tab
  const map = keyMap();
  if (!(ev.code in map)) return;
  ev.preventDefault();
  if (down && ev.repeat) return; // the debouncer repeats, as on the device
  input.set("keys", map[ev.code], down);
}

function pollGamepads() {
  let m = 0;
  const pads = navigator.getGamepads ? navigator.getGamepads() : [];
  for (const p of pads) {
    if (!p) continue;
    for (const i in PAD_BUTTONS) {
      const btn = p.buttons[i];
      if (btn && (btn.pressed || btn.value > 0.5)) m |= 1 << PAD_BUTTONS[i];
    }
    const x = p.axes[0] || 0, y = p.axes[1] || 0;
    if (y < -PAD_DEADZONE) m |= 1 << 0;
    if (y > PAD_DEADZONE) m |= 1 << 1;
    if (x < -PAD_DEADZONE) m |= 1 << 2;
    if (x > PAD_DEADZONE) m |= 1 << 3;
  }
  input.latched |= m & ~input.pad;
  input.pad = m;
}

// ---- the device drawing ------------------------------------------------------------
let layout = null;
let scale = 1;  // CSS scale of the whole device (half steps: the screen stays whole pixels)

function buttonAt(x, y) {
  // as simulator/layout.py's button_at: hint keycaps, keys, then the joystick well
  const L = layout;
  for (const name of BUTTONS) {
    const [hx, hy] = L.buttons[name].hint;
    const hw = name === "PRESS" ? L.enter_half_w : L.hint_half_w;
    if (Math.abs(x - hx) <= hw && Math.abs(y - hy) <= L.hint_half_h) return BUTTONS.indexOf(name);
  }
  for (const name of ["A", "B", "X", "Y"]) {
    const [kx, ky] = L.buttons[name].at;
    if ((x - kx) ** 2 + (y - ky) ** 2 <= (L.key_r + 4) ** 2) return BUTTONS.indexOf(name);
  }
  const dx = x - L.joy[0], dy = y - L.joy[1], d2 = dx * dx + dy * dy;
  if (d2 <= (L.joy_cap_r + 2) ** 2) return 4;
  if (d2 <= L.joy_base_r ** 2) {
    if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 3 : 2;
    return dy > 0 ? 1 : 0;
  }
  return null;
}

function place(el, cx, cy, w, h) {
  el.style.left = (cx - w / 2) + "px";
  el.style.top = (cy - h / 2) + "px";
  el.style.width = w + "px";
  el.style.height = h + "px";
}

function buildDevice() {
  const L = layout;
  const dev = $("device");
  dev.style.width = L.width + "px";
  dev.style.height = L.height + "px";
  const body = $("body");
  const [bx, by, bw, bh] = L.body;
  Object.assign(body.style, { left: bx + "px", top: by + "px", width: bw + "px", height: bh + "px",
    borderRadius: L.body_radius + "px" });
  const [sx, sy, sw, sh] = L.screen;
  const bezel = $("bezel");
  place(bezel, sx + sw / 2, sy + sh / 2, sw + 2 * L.bezel_pad, sh + 2 * L.bezel_pad);
  const canvas = $("screen");
  Object.assign(canvas.style, { left: sx + "px", top: sy + "px", width: sw + "px", height: sh + "px" });
  const [tx, ty, tw, th] = L.strip;
  Object.assign($("strip").style, { left: tx + "px", top: ty + "px", width: tw + "px", height: th + "px" });
  const leds = $("leds");
  L.leds.forEach(([x, y], i) => {
    const d = document.createElement("div");
    d.className = "led";
    d.id = "led" + i;
    place(d, x, y, 2 * L.led_radius, 2 * L.led_radius);
    leds.appendChild(d);
  });
  const well = $("joywell");
  place(well, L.joy[0], L.joy[1], 2 * L.joy_base_r, 2 * L.joy_base_r);
  const arrows = { UP: "\u25B2", DOWN: "\u25BC", LEFT: "\u25C0", RIGHT: "\u25B6" };
  for (const name of BUTTONS) {
    const spec = L.buttons[name];
    const c = document.createElement("div");
    c.dataset.button = spec.id;
    c.id = "btn-" + name;
    if (name === "PRESS") {
      c.className = "control cap";
      place(c, spec.at[0], spec.at[1], 2 * L.joy_cap_r, 2 * L.joy_cap_r);
    } else if (arrows[name]) {
      c.className = "control arrow";
      c.textContent = arrows[name];
      place(c, spec.at[0], spec.at[1], 34, 34);
    } else {
      c.className = "control key";
      c.textContent = name;
      place(c, spec.at[0], spec.at[1], 2 * L.key_r, 2 * L.key_r);
    }
    dev.appendChild(c);
    const hint = document.createElement("div");
    hint.className = "hint";
    hint.id = "hint-" + name;
    hint.dataset.button = spec.id;
    place(hint, spec.hint[0], spec.hint[1], name === "PRESS" ? 2 * L.enter_half_w - 4 : 2 * L.hint_half_w - 8,
      2 * L.hint_half_h - 4);
    dev.appendChild(hint);
  }
  renderKeys();
  fit();
  window.addEventListener("resize", fit);
}

function fit() {
  // the largest half step that fits: the 2x screen becomes 240 * k device pixels
  const wrap = $("wrap");
  const availW = Math.max(240, window.innerWidth - 16);
  const availH = Math.max(240, window.innerHeight - $("bar").offsetHeight - 24);
  let k = 1;
  while ((k + 1) / 2 * layout.width <= availW && (k + 1) / 2 * layout.height <= availH && k < 8) k++;
  scale = k / 2;
  $("device").style.transform = "scale(" + scale + ")";
  wrap.style.width = layout.width * scale + "px";
  wrap.style.height = layout.height * scale + "px";
}

function renderKeys() {
  for (const name of BUTTONS) {
    const label = [...new Set(buttonKeys(name).map(keyLabel))].join(" / ") || "-";
    $("hint-" + name).textContent = label;
  }
  const list = $("keylist");
  list.textContent = "";
  for (const name of BUTTONS) {
    const row = document.createElement("li");
    const btn = document.createElement("button");
    btn.type = "button";
    btn.id = "remap-" + name;
    btn.textContent = remapping === name ? "press a key\u2026" : ([...new Set(buttonKeys(name).map(keyLabel))].join(" / ") || "none");
    btn.addEventListener("click", () => { remapping = name; renderKeys(); });
    const label = document.createElement("span");
    label.textContent = name === "PRESS" ? "joystick press" : (name.length === 1 ? "key " + name : "joystick " + name.toLowerCase());
    row.appendChild(label);
    row.appendChild(btn);
    list.appendChild(row);
  }
}

function devicePoint(ev) {
  const r = $("device").getBoundingClientRect();
  return [(ev.clientX - r.left) / scale, (ev.clientY - r.top) / scale];
}

function hookPointers() {
  const dev = $("device");
  dev.addEventListener("pointerdown", (ev) => {
    const [x, y] = devicePoint(ev);
    const b = buttonAt(x, y);
    if (b === null) return;
    ev.preventDefault();
    dev.setPointerCapture(ev.pointerId);
    input.pointers.set(ev.pointerId, b);
    input.set("pointer", b, true);
  });
  const up = (ev) => {
    if (!input.pointers.has(ev.pointerId)) return;
    const b = input.pointers.get(ev.pointerId);
    input.pointers.delete(ev.pointerId);
    let still = false;
    for (const other of input.pointers.values()) if (other === b) still = true;
    if (!still) input.set("pointer", b, false);
  };
  dev.addEventListener("pointerup", up);
  dev.addEventListener("pointercancel", up);
  dev.addEventListener("contextmenu", (ev) => ev.preventDefault());
}

// ---- the display: palette indices to canvas pixels ---------------------------------
const display = {
  addr: 0, n: 0, lut: new Uint32Array(256), ctx: null, image: null, px: null,
  init() {
    this.ctx = $("screen").getContext("2d");
    this.image = this.ctx.createImageData(240, 240);
    this.px = new Uint32Array(this.image.data.buffer);
  },
  palette(addr, n) {
    // as the panel shows a colour: cut to RGB565, widened back as simulator/frame.py does
    const p = heap(addr, n);
    const w5 = (v) => ((v >> 3) * 255 / 31) | 0, w6 = (v) => ((v >> 2) * 255 / 63) | 0;
    for (let i = 0; i < 256; i++) {
      const r = w5(p[3 * i]), g = w6(p[3 * i + 1]), b = w5(p[3 * i + 2]);
      this.lut[i] = (255 << 24) | (b << 16) | (g << 8) | r; // little-endian RGBA
    }
  },
  show() {
    const src = heap(this.addr, this.n), px = this.px, lut = this.lut;
    for (let i = 0; i < src.length; i++) px[i] = lut[src[i]];
    this.ctx.putImageData(this.image, 0, 0);
    stats.shown++;
  },
};

// ---- the HAL object web/browser_hal.py talks to -------------------------------
const demoName = params.get("demo") || "";
const tabs = demoName ? null : new TabLock({ name: LOCK_NAME, ownerKey: OWNER_KEY,
  storage: localStorage, onState: showTabs });
const store = demoName ? new Store(new Map(), "")
  : new Store(localStorage, STORE_PREFIX, STORE_BUDGET, () => tabs.mayWrite());
let now = 0;
globalThis.kockaHal = {
  store,
  attachFrame(addr, n) { display.addr = addr; display.n = n; },
  setPalette(addr, n) { display.palette(addr, n); },
  show() { display.show(); },
  backlight(percent) { $("screen").style.filter = "brightness(" + Math.max(5, percent) / 100 + ")"; },
  takeButtons() { return input.take(); },
  flash(b) { input.flashUntil[b] = now + FLASH_MS; },
  leds(addr, n) {
    const v = heap(addr, n);
    for (let i = 0; i < n / 3; i++) {
      const r = v[3 * i], g = v[3 * i + 1], b = v[3 * i + 2];
      const el = $("led" + i);
      const on = r + g + b > 0;
      if (on) stats.ledsLit++;
      el.style.background = on ? `rgb(${r},${g},${b})` : "";
      el.style.boxShadow = on ? `0 0 ${layout.led_glow_radius / 2}px ${layout.led_glow_radius / 4}px rgba(${r},${g},${b},0.55)` : "";
    }
  },
  tone(freq, volume) { sound.tone(freq, volume); },
  randomSeed() { const a = new Uint32Array(1); crypto.getRandomValues(a); return a[0] & 0x3FFFFFFF; },
};

// ---- the frame loop ----------------------------------------------------------------
// firstFrameMs: from the start of the page's load (performance.now's origin) to the
// first frame the app pushed to the canvas
const stats = { firstFrameMs: null, frames: 0, shown: 0,
  tickMs: [], top: "", over: false, ended: false, error: null, tones: 0, ledsLit: 0,
  lock: demoName ? "demo" : "waiting" };
let mp = null, tickPy = null;
let clock = 0, started = 0, lastTick = -1e9;
let turbo = Math.max(0, Math.min(64, parseInt(params.get("turbo") || "0", 10) || 0));
const maxFrames = parseInt(params.get("frames") || "0", 10) || Infinity;

function lightControls() {
  const raw = input.raw();
  for (let b = 0; b < 9; b++) {
    const lit = ((raw >> b) & 1) || now < input.flashUntil[b];
    const el = $("btn-" + BUTTONS[b]);
    if (el) el.classList.toggle("lit", !!lit);
  }
}

function runTick(t) {
  const t0 = performance.now();
  const status = tickPy(t);
  const dt = performance.now() - t0;
  stats.frames++;
  if (stats.tickMs.length < 20000) stats.tickMs.push(dt);
  const [top, over, ended] = String(status).split("|");
  stats.top = top;
  if (over === "1" && !stats.over) $("mode").textContent += ": the game is over (reload to watch again)";
  stats.over = over === "1";
  stats.ended = ended === "1";
  if (stats.firstFrameMs === null && stats.shown > 0) stats.firstFrameMs = performance.now();
}

// The app runs while this tab owns the files (asked before every frame: a tab that lost
// them stops at once, its last frame on the screen)
const owner = () => !tabs || tabs.mayWrite();

function loop(ts) {
  if (stats.error || !owner()) return;
  try {
    pollGamepads();
    if (turbo) {
      for (let i = 0; i < turbo && stats.frames < maxFrames && owner(); i++) {
        clock += FRAME_MS; now = clock; runTick(clock);
      }
    } else {
      const t = Math.floor(ts - started);
      if (t - lastTick >= FRAME_MS - 4 && stats.frames < maxFrames && owner()) { // 30 fps on a 60 Hz display
        lastTick = t;
        now = t;
        runTick(t);
      }
    }
    lightControls();
  } catch (e) {
    fail(e);
    return;
  }
  requestAnimationFrame(loop);
}

function fail(e) {
  if (tabs && tabs.state === "lost") return; // a refused write's fallout: the tab stopped anyway
  stats.error = String(e && e.message || e);
  const el = $("error");
  el.hidden = false;
  el.textContent = "Kocka stopped: " + stats.error;
  console.error(e);
}

async function mount() {
  const files = await (await fetch("files.json")).json();
  const datas = await Promise.all(files.map((f) => fetch("py/" + f).then((r) => {
    if (!r.ok) throw new Error("cannot load py/" + f + ": " + r.status);
    return r.arrayBuffer();
  })));
  const made = new Set();
  mp.FS.mkdir("/kocka");
  files.forEach((f, i) => {
    const parts = f.split("/");
    let dir = "/kocka";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      if (!made.has(dir)) { mp.FS.mkdir(dir); made.add(dir); }
    }
    mp.FS.writeFile("/kocka/" + f, new Uint8Array(datas[i]));
  });
}

function downloadLog() {
  const text = mp.pyimport("kocka_page").export_log();
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  const dev = JSON.parse(text).device || "browser";
  a.href = URL.createObjectURL(blob);
  a.download = "kocka-log-" + dev + ".json";
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

// ---- one tab owns the files ---------------------------------------------------------
let owned = null;  // resolves the wait for ownership (the take-over button)

function showTabs(state) {
  stats.lock = state;
  const box = $("tabs"), text = $("tabs-text"), btn = $("takeover");
  document.body.classList.toggle("elsewhere", state !== "held");
  $("download").disabled = state !== "held";
  box.hidden = state === "held";
  btn.disabled = false;
  if (state === "waiting") {
    text.textContent = "Kocka is open in another tab. Close it there, or use this tab instead.";
    btn.textContent = "Use this tab instead";
  } else if (state === "lost") {
    sound.tone(0, 0);
    input.releaseAll();
    text.textContent = "Kocka is now open in another tab, so this tab stopped: nothing more is saved here.";
    btn.textContent = "Use this tab instead (reloads it)";
  }
}

async function takeOver() {
  const btn = $("takeover");
  if (tabs.state === "lost") {   // this tab's app is stale: start afresh from the store
    sessionStorage.setItem(TAKEOVER_FLAG, "1");
    location.reload();
    return;
  }
  btn.disabled = true;
  btn.textContent = "Taking over\u2026";
  await tabs.takeOver();
  if (owned) owned();
}

// Resolves once this tab owns the files: at once if no other tab has them, else when
// the user takes over
async function ownFiles() {
  $("takeover").addEventListener("click", takeOver);
  if (sessionStorage.getItem(TAKEOVER_FLAG)) {
    sessionStorage.removeItem(TAKEOVER_FLAG);
    await tabs.takeOver();
    return;
  }
  if (await tabs.claim()) return;
  showTabs("waiting");
  await new Promise((resolve) => { owned = resolve; });
}

async function main() {
  const ownership = tabs ? ownFiles() : null;
  layout = await (await fetch("layout.json")).json();
  buildDevice();
  display.init();
  hookPointers();
  window.addEventListener("keydown", (e) => onKey(e, true));
  window.addEventListener("keyup", (e) => onKey(e, false));
  window.addEventListener("blur", () => input.releaseAll()); // keys let go elsewhere never arrive
  for (const ev of ["pointerdown", "keydown", "touchstart"]) {
    window.addEventListener(ev, () => sound.unlock(), { capture: true });
  }
  $("sound").addEventListener("click", () => {
    sound.muted = !sound.muted;
    prefs.muted = sound.muted;
    savePrefs();
    sound.apply();
    showSoundState();
  });
  $("resetkeys").addEventListener("click", () => { delete prefs.keys; savePrefs(); remapping = null; renderKeys(); });
  $("download").addEventListener("click", downloadLog);
  showSoundState();
  if (demoName) $("mode").textContent = "Demo: " + demoName + ", seed " + (params.get("seed") || "1") + " (nothing is saved)";
  mp = await loadMicroPython({
    heapsize: HEAP_BYTES, url: new URL("mp/micropython.wasm", import.meta.url).href,
    stdout: (line) => console.log(line), stderr: (line) => console.error(line),
  });
  await mount();
  mp.runPython("import sys\nsys.path.insert(0, '/kocka')\nimport kocka_page\n");
  if (ownership) await ownership;   // nothing reads or writes the files before
  if (tabs && tabs.state !== "held") return;
  input.take();   // nothing pressed while the tab waited counts
  const page = mp.pyimport("kocka_page");
  const seed = parseInt(params.get("seed") || "1", 10) || 1;
  stats.top = page.start(demoName, params.get("game") || "", seed);
  tickPy = page.tick;
  started = performance.now();
  requestAnimationFrame(loop);
}

window.kocka = {
  stats,
  ready: null,
  exportLog: () => mp.pyimport("kocka_page").export_log(),
  download: downloadLog,
  // tests: from now on N app frames of 33 ms per animation frame (0: real time again)
  setTurbo: (n) => {
    if (n) clock = now; else { started = performance.now() - now; lastTick = now; }
    turbo = n;
  },
  audio: () => ({ started: !!sound.ctx, running: !!sound.ctx && sound.ctx.state === "running",
    muted: sound.muted, freq: sound.freq, volume: sound.volume }),
};
window.kocka.ready = main().catch(fail);
