/**
 * The emulated Kocka board (board.mjs), or several of them wired together by link cables
 * (wire.mjs) in one process, driven by a line protocol.
 *
 *   node tools/rp2040/run.mjs --rom ROM --firmware FW.bin --fs LFS.img --out DIR
 *        [--pins dc,cs,rst,leds,backlight,buzzer] [--buttons g,g,...]
 *        [--devices N --fs A.img,B.img,... --wire D.U-D.U,...] [--outs g,...]
 *        [--usb 0]   (no USB host: the devices run as on a battery)
 *
 * With N devices each has its own flash filesystem (--fs, one per device) and frame
 * folder (DIR/d0, DIR/d1, ...), and --wire joins device D's UART U to another's (0.0-1.0:
 * UART0 of device 0 to UART0 of device 1; wires are numbered from 0 in that order). An
 * end may be a pair of GPIOs instead, D.pT.R (TX GPIO T, RX GPIO R: a PIO UART's pins),
 * whose line levels cross the wire (wire.mjs PinWire: 0.p6.7-3.0 joins device 0's GP6/GP7
 * to device 3's UART0). All run on one timeline in lockstep, at most one byte time of the
 * fastest cable apart.
 * A wire D.U-ext is an open cable (wire.mjs OpenWire): device D's UART U at one end and
 * the outside at the other, whoever drives this process: the bytes the device transmits
 * come out as line events, each with the time its stop bit arrived (by the end of a run
 * every byte that arrived by then is out), and `wire W put HEX` sends bytes to it, one per
 * byte time of its UART from the time the command is taken.
 *
 * Commands on stdin, one a line (times in emulated ms since the run began). A command
 * for one device may start with @D (device D; device 0 without it):
 *   run MS              run MS ms (every device), then answer ok
 *   until MS            run until time MS, then answer ok
 *   pin GPIO 0|1        set an input level now (buttons: 0 = pressed)
 *   at MS GPIO 0|1      set an input level at time MS (exact, from a clock alarm)
 *   serial HEX          bytes for the device's USB CDC port (taken at once, even mid-run)
 *   haltafter N         stop the run that is going on (or the next) right after N more
 *                       flash erase/program calls, so a cut can fall inside a save
 *   cut                 power off and on: a fresh chip boots from the same flash
 *   off / on            power off (the device stands still) / on again (it boots)
 *   dump PATH           write the littlefs region of the flash to PATH, answer ok
 *   meter               a meter event: the core's busy and waiting time per clk_sys since
 *                       the last one (tools/rp2040/meter.mjs), then ok
 *   wire W cut|join     pull / replug cable W (bytes on the line are lost)
 *   wire W send D HEX   bytes arriving at device D's end of cable W from the line
 *   wire W flood D N S  N bytes of seeded noise (seed S) arriving at device D's end
 *   wire W stats        answer a wire event (not ok): bytes carried, lost, injected, per end
 *   wire W put HEX      an open wire: bytes from the outside for its device (taken at once,
 *                       even mid-run, with no answer, at the timeline's time then)
 *   quit
 * Events on stdout, one JSON object a line, each with "ev" and "t" (ms), and "dev" when
 * there are several devices: ready, ok, boot, off, frame (file: DIR/frame_NNNNN.rgb565,
 * t0/t1 of its first and last byte), panel, leds, pwm, pin, cdc (hex), usb, flash, wire,
 * out (an output GPIO named by --outs changed), meter, line (an open wire's bytes out: wire,
 * hex, at: each byte's arrival ms), stats (instructions, wall seconds).
 * Instructions take their cycles at clk_sys.
 */
import { readFileSync, writeFileSync } from 'fs';
import readline from 'readline';
import { patchedBootrom } from './bootrom.mjs';
import { Board, FS_OFFSET } from './board.mjs';
import { Wire, OpenWire, PinWire, floodBytes } from './wire.mjs';

const SLICE_NS = 4e6; // emulated time between looks at stdin

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  return args;
}

const args = parseArgs(process.argv.slice(2));
const pins = (args.pins || '8,9,12,22,13,14').split(',').map(Number);
const buttons = (args.buttons || '2,18,16,20,3,15,17,19,21').split(',').map(Number);
const count = Number(args.devices || 1);
const usbHost = args.usb !== '0';
const outs = (args.outs || '').split(',').filter((g) => g !== '').map(Number);
const images = args.fs ? args.fs.split(',') : [];
const rom = patchedBootrom(args.rom);
const firmware = new Uint8Array(readFileSync(args.firmware));

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const boards = [];
for (let d = 0; d < count; d++) {
  const flash = new Uint8Array(16 * 1024 * 1024).fill(0xff);
  flash.set(firmware, 0);
  if (images[d]) flash.set(new Uint8Array(readFileSync(images[d])), FS_OFFSET);
  boards.push(new Board({
    rom, flash, pins, buttons, outs, usbHost,
    out: count > 1 ? `${args.out}/d${d}` : args.out,
    emit: count > 1 ? (obj) => emit({ ...obj, dev: d }) : emit,
    entropy: count > 1 ? d + 1 : undefined, // linked devices draw their own random bits
  }));
}
const wires = [];
/** A wire's end: "D.U" (device D's UART U) or "D.pT.R" (device D's GPIO T as TX, R as RX). */
function wireEnd(text) {
  const [d, u, rx] = text.split('.');
  if (u.startsWith('p')) return { board: boards[Number(d)], tx: Number(u.slice(1)), rx: Number(rx) };
  return { board: boards[Number(d)], uart: Number(u) };
}
for (const spec of (args.wire ? args.wire.split(',') : [])) {
  const ends = spec.split('-');
  if (ends[1] === 'ext') {
    wires.push(new OpenWire(wireEnd(ends[0])));
    continue;
  }
  const at = ends.map(wireEnd);
  wires.push(at.some((e) => e.tx !== undefined) ? new PinWire(...at) : new Wire(...at));
}

/** The bytes every open wire carried out by the timeline's now, as line events. */
function lines() {
  wires.forEach((w, i) => {
    if (!(w instanceof OpenWire)) return;
    const got = w.take(now);
    if (got) emit({ ev: 'line', t: nowMs(), wire: i, ...got });
  });
}

let now = 0; // the timeline's ns every running board has reached
const halted = () => boards.some((b) => b.halted);
const instructions = () => boards.reduce((n, b) => n + b.instructions, 0);
// t of an answer: the first board's own time when it runs alone (a halt stops it early)
const nowMs = () => (count === 1 && boards[0].on ? boards[0].now : now) / 1e6;

/** The lockstep's step: a slice, or one byte time of the fastest cable. */
function quantum() {
  let q = SLICE_NS;
  for (const w of wires) q = Math.min(q, w.byteNs());
  return q;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function runUntil(absMs) {
  const target = absMs * 1e6;
  while (now < target && !halted()) {
    const sliceEnd = Math.min(target, now + SLICE_NS);
    const step = quantum(); // a baud rate set within the slice takes effect at the next
    while (now < sliceEnd && !halted()) {
      const next = Math.min(sliceEnd, now + step);
      for (const b of boards) if (b.on) b.step(next);
      const stopped = boards.find((b) => b.halted);
      now = stopped ? stopped.now : next;
    }
    for (const b of boards) if (b.on) b.pollLeds();
    lines();
    await tick();
  }
  if (count === 1 && boards[0].on) now = boards[0].now;
  lines();
}

/** A wire command; null when done, "answered" when its wire event was the answer, else
 * the error's text. */
function wireCommand(w, [what, d, a, b]) {
  const wire = wires[w];
  if (!wire) return `no wire ${w}`;
  const end = wire.ends.findIndex((e) => e.board === boards[Number(d)]);
  if (what === 'cut' || what === 'join') wire.setCut(what === 'cut');
  else if (what === 'send' && end >= 0) wire.inject(end, Buffer.from(a || '', 'hex'), now);
  else if (what === 'flood' && end >= 0) wire.inject(end, floodBytes(Number(a), Number(b)), now);
  else if (what === 'stats') {
    emit({ ev: 'wire', t: nowMs(), wire: w, ...wire.report() });
    return 'answered';
  } else return `bad wire command ${what}`;
  return null;
}

const started = Date.now();
const queue = [];
let wake = null;
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === 'serial' || (words[0].startsWith('@') && words[1] === 'serial')) {
    const d = words[0] === 'serial' ? 0 : Number(words.shift().slice(1));
    if (boards[d] && boards[d].on && boards[d].cdc) boards[d].cdc.send(Buffer.from(words[1] || '', 'hex'));
    return;
  }
  if (words[0] === 'wire' && words[2] === 'put') {
    const w = wires[Number(words[1])];
    if (w instanceof OpenWire) w.inject(0, Buffer.from(words[3] || '', 'hex'), now, 'carried');
    else process.stderr.write(`wire ${words[1]} is not open\n`); // no answer is awaited
    return;
  }
  queue.push(words);
  if (wake) wake();
});
rl.on('close', () => {
  queue.push(['quit']);
  if (wake) wake();
});

/** One device's command; null when done, else the error's text. */
function deviceCommand(board, cmd, rest) {
  if (cmd === 'pin') board.setPin(Number(rest[0]), Number(rest[1]));
  else if (cmd === 'at') board.setPinAt(Number(rest[0]), Number(rest[1]), Number(rest[2]));
  else if (cmd === 'haltafter') {
    board.haltAfter = Number(rest[0]);
    board.halted = false;
  } else if (cmd === 'cut' || cmd === 'on') {
    board.halted = false;
    board.haltAfter = -1;
    board.boot(count === 1 && board.on ? board.now : now);
  } else if (cmd === 'off') board.off();
  else if (cmd === 'dump') writeFileSync(rest[0], board.filesystem());
  else if (cmd === 'meter') board.emit({ ev: 'meter', t: nowMs(), ...board.meter.take() });
  else return `unknown command ${cmd}`;
  return null;
}

async function main() {
  for (const b of boards) b.boot(0);
  emit({ ev: 'ready', t: 0 });
  for (;;) {
    while (!queue.length) await new Promise((resolve) => (wake = resolve));
    wake = null;
    const words = queue.shift();
    const d = words[0].startsWith('@') ? Number(words.shift().slice(1)) : 0;
    const [cmd, ...rest] = words;
    let error = null;
    if (cmd === 'run') await runUntil(nowMs() + Number(rest[0]));
    else if (cmd === 'until') await runUntil(Number(rest[0]));
    else if (cmd === 'wire') error = wireCommand(Number(rest[0]), rest.slice(1));
    else if (cmd === 'quit') break;
    else if (!boards[d]) error = `no device ${d}`;
    else error = deviceCommand(boards[d], cmd, rest);
    if (error === 'answered') continue;
    if (error) {
      emit({ ev: 'error', t: nowMs(), message: error });
      continue;
    }
    emit({ ev: 'ok', cmd, t: nowMs(), halted: halted(), instructions: instructions(),
      wall: (Date.now() - started) / 1000 });
  }
  emit({ ev: 'stats', t: nowMs(), instructions: instructions(), wall: (Date.now() - started) / 1000 });
  process.exit(0);
}

main();
