/**
 * The emulated Kocka board: MicroPython's RPI_PICO firmware on rp2040js with the board's
 * parts attached (tools/rp2040/*.mjs: the ST7789 on SPI1, the WS2812 strip, PWM
 * backlight and buzzer, USB CDC, flash writes kept), driven by a line protocol.
 *
 *   node tools/rp2040/run.mjs --rom ROM --firmware FW.bin --fs LFS.img --out DIR
 *        [--pins dc,cs,rst,leds,backlight,buzzer] [--buttons g,g,...] [--outs g,...]
 *        [--usb 0]   (no USB host: the device runs as on a battery)
 *
 * Commands on stdin, one a line (times in emulated ms since the first boot):
 *   run MS              run MS ms, then answer ok
 *   until MS            run until time MS, then answer ok
 *   pin GPIO 0|1        set an input level now (buttons: 0 = pressed)
 *   at MS GPIO 0|1      set an input level at time MS (exact, from a clock alarm)
 *   serial HEX          bytes for the device's USB CDC port (taken at once, even mid-run)
 *   haltafter N         stop the run that is going on (or the next) right after N more
 *                       flash erase/program calls, so a cut can fall inside a save
 *   cut                 power off and on: a fresh chip boots from the same flash
 *   dump PATH           write the littlefs region of the flash to PATH, answer ok
 *   meter               answer a meter event: the core's busy and waiting time per clk_sys
 *                       since the last one (tools/rp2040/meter.mjs)
 *   quit
 * Events on stdout, one JSON object a line, each with "ev" and "t" (ms): ready, ok,
 * boot, frame (file: DIR/frame_NNNNN.rgb565, t0/t1 of its first and last byte), panel,
 * leds, pwm, pin, cdc (hex), usb, flash, out (an output GPIO named by --outs changed),
 * meter, stats (instructions, wall seconds). Instructions take their cycles at clk_sys.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'fs';
import readline from 'readline';
import { RP2040 } from 'rp2040js';
import { patchedBootrom, trapFlashWrites } from './bootrom.mjs';
import { ST7789Model, attachPanel } from './st7789.mjs';
import { attachLeds } from './ws2812.mjs';
import { attachPwm } from './pwm.mjs';
import { attachCdc } from './usbcdc.mjs';
import { createMeter } from './meter.mjs';
import { attachDormant } from './dormant.mjs';

const FS_OFFSET = 0xa0000;
const FS_BYTES = 352 * 4096;
const SLICE_NS = 4e6; // emulated time between looks at stdin

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  return args;
}

const args = parseArgs(process.argv.slice(2));
const [dc, cs, rst, ledPin, blPin, buzzPin] = (args.pins || '8,9,12,22,13,14').split(',').map(Number);
const buttons = (args.buttons || '2,18,16,20,3,15,17,19,21').split(',').map(Number);
const usbHost = args.usb !== '0';
const outs = (args.outs || '').split(',').filter((g) => g !== '').map(Number);
const out = args.out;
mkdirSync(out, { recursive: true });
const rom = patchedBootrom(args.rom);
const firmware = new Uint8Array(readFileSync(args.firmware));
let flash = new Uint8Array(16 * 1024 * 1024).fill(0xff);
flash.set(firmware, 0);
if (args.fs) flash.set(new Uint8Array(readFileSync(args.fs)), FS_OFFSET);

const logger = {
  debug() {}, info() {}, warn() {},
  error(component, message) { process.stderr.write(`rp2040js ${component}: ${message}\n`); },
};

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

let base = 0; // ns of emulated time before this boot
let boots = 0;
let frames = 0;
let instructions = 0;
let mcu;
let cdc;
let pollLeds;
let dormant;
let haltAfter = -1; // flash calls still to go before the run stops; -1: never
let halted = false;
const meter = createMeter();
const ms = (ns) => (base + ns) / 1e6;

function boot() {
  if (mcu) {
    base += mcu.clock.nanos;
    flash = mcu.flash;
  }
  mcu = new RP2040();
  mcu.logger = logger;
  meter.attach(mcu);
  mcu.loadBootrom(rom); // resets, which blanks the flash: load it after
  mcu.flash.set(flash);
  trapFlashWrites(mcu, (kind, offset, count) => {
    emit({ ev: 'flash', t: ms(mcu.clock.nanos), kind, offset, count });
    if (haltAfter > 0 && --haltAfter === 0) halted = true;
  },
  (imm) => emit({ ev: 'bkpt', t: ms(mcu.clock.nanos), imm, pc: mcu.core.PC }));
  for (const g of buttons) mcu.gpio[g].setInputValue(true); // pull-ups: released
  const panel = new ST7789Model((f) => {
    frames++;
    const file = `${out}/frame_${String(frames).padStart(5, '0')}.rgb565`;
    writeFileSync(file, f.rgb);
    emit({ ev: 'frame', i: frames, boot: boots, t: ms(f.t1), t0: ms(f.t0), t1: ms(f.t1), file,
      pixels: f.pixels, windows: f.windows, madctl: f.madctl, colmod: f.colmod, on: f.on, sleeping: f.sleeping,
      inverted: f.inverted, spi_hz: sckHz() });
  }, (s) => emit({ ev: 'panel', ...s, t: ms(s.t) }));
  const sckHz = attachPanel(mcu, panel, { dc, cs, rst });
  pollLeds = attachLeds(mcu, ledPin, (t, leds) => emit({ ev: 'leds', t: ms(t), leds }));
  attachPwm(mcu, [blPin, buzzPin], (gpio, t, hz, duty) =>
    emit({ ev: 'pwm', t: ms(t), gpio, hz, duty }));
  dormant = attachDormant(mcu, buttons);
  if (usbHost) cdc = attachCdc(mcu, (bytes) => emit({ ev: 'cdc', t: ms(mcu.clock.nanos),
    hex: Buffer.from(bytes).toString('hex') }),
  () => emit({ ev: 'usb', t: ms(mcu.clock.nanos), connected: true }));
  for (const g of outs) {
    let level = null;
    mcu.gpio[g].addListener(() => {
      const now = mcu.gpio[g].outputValue ? 1 : 0;
      if (now !== level) {
        level = now;
        emit({ ev: 'out', t: ms(mcu.clock.nanos), gpio: g, level });
      }
    });
  }
  mcu.core.PC = 0x10000000; // boot2, as the ROM would after finding it
  boots++;
  emit({ ev: 'boot', t: ms(0), boot: boots });
}

/** Runs the core until its clock reaches targetNs: instructions, or the next alarm when waiting. */
function step(targetNs) {
  const { core, clock } = mcu;
  let n = 0;
  while (clock.nanosCounter < targetNs && !halted) {
    if (dormant.asleep) {
      const rest = targetNs - clock.nanosCounter;
      const next = clock.nextAlarm ? Math.max(0, clock.nextAlarm.nanos - clock.nanosCounter) : rest;
      const ns = Math.min(next, rest);
      meter.dormant(ns);
      clock.tick(ns);
    } else if (core.waiting) {
      const rest = targetNs - clock.nanosCounter;
      const next = clock.nextAlarm ? Math.max(0, clock.nextAlarm.nanos - clock.nanosCounter) : rest;
      const ns = Math.min(next, rest);
      meter.wait(ns);
      clock.tick(ns);
    } else {
      clock.tick(meter.busy(core.executeInstruction()));
      n++;
    }
  }
  instructions += n;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function runUntil(absMs) {
  const target = absMs * 1e6 - base;
  while (mcu.clock.nanosCounter < target && !halted) {
    step(Math.min(target, mcu.clock.nanosCounter + SLICE_NS));
    pollLeds();
    await tick();
  }
}

function setPin(gpio, level) {
  mcu.gpio[gpio].setInputValue(!!level);
  dormant.wakeOnKey();
  emit({ ev: 'pin', t: ms(mcu.clock.nanos), gpio, level });
}

const started = Date.now();
const queue = [];
let wake = null;
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const words = line.trim().split(/\s+/);
  if (words[0] === 'serial') {
    if (cdc) cdc.send(Buffer.from(words[1] || '', 'hex'));
    return;
  }
  queue.push(words);
  if (wake) wake();
});
rl.on('close', () => {
  queue.push(['quit']);
  if (wake) wake();
});

async function main() {
  boot();
  emit({ ev: 'ready', t: 0 });
  for (;;) {
    while (!queue.length) await new Promise((resolve) => (wake = resolve));
    wake = null;
    const [cmd, ...rest] = queue.shift();
    if (cmd === 'run') await runUntil(ms(mcu.clock.nanos) + Number(rest[0]));
    else if (cmd === 'until') await runUntil(Number(rest[0]));
    else if (cmd === 'pin') setPin(Number(rest[0]), Number(rest[1]));
    else if (cmd === 'at') {
      const [when, gpio, level] = rest.map(Number);
      const alarm = mcu.clock.createAlarm(() => setPin(gpio, level));
      alarm.schedule(Math.max(0, when * 1e6 - base - mcu.clock.nanosCounter));
    } else if (cmd === 'haltafter') {
      haltAfter = Number(rest[0]);
      halted = false;
    } else if (cmd === 'cut') {
      halted = false;
      haltAfter = -1;
      boot();
    }
    else if (cmd === 'dump') writeFileSync(rest[0], mcu.flash.subarray(FS_OFFSET, FS_OFFSET + FS_BYTES));
    else if (cmd === 'meter') emit({ ev: 'meter', t: ms(mcu.clock.nanos), ...meter.take() });
    else if (cmd === 'quit') break;
    else {
      emit({ ev: 'error', t: ms(mcu.clock.nanos), message: `unknown command ${cmd}` });
      continue;
    }
    emit({ ev: 'ok', cmd, t: ms(mcu.clock.nanos), halted, instructions,
      wall: (Date.now() - started) / 1000 });
  }
  emit({ ev: 'stats', t: ms(mcu.clock.nanos), instructions, wall: (Date.now() - started) / 1000 });
  process.exit(0);
}

main();
