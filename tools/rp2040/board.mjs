/**
 * One emulated Kocka board: MicroPython's RPI_PICO firmware on rp2040js with the board's
 * parts attached (the ST7789 on SPI1, the WS2812 strip, PWM backlight and buzzer, USB
 * CDC, flash writes kept, both UARTs as PL011s: uart.mjs). run.mjs drives one or more.
 *
 * Time: every board lives on one emulated timeline (ns since the run began). `base` is
 * the timeline's ns at this board's latest power-on, so its chip's own clock reads
 * `now - base`; a board powered off stands still and boots again at the timeline's now.
 */
import { writeFileSync, mkdirSync } from 'fs';
import { RP2040 } from 'rp2040js';
import { trapFlashWrites } from './bootrom.mjs';
import { ST7789Model, attachPanel } from './st7789.mjs';
import { attachLeds } from './ws2812.mjs';
import { attachPwm } from './pwm.mjs';
import { attachCdc } from './usbcdc.mjs';
import { attachUart } from './uart.mjs';
import { attachPio } from './pio.mjs';
import { attachRosc } from './rosc.mjs';
import { createMeter } from './meter.mjs';
import { attachDormant } from './dormant.mjs';

export const FS_OFFSET = 0xa0000;
export const FS_BYTES = 352 * 4096;

const logger = {
  debug() {}, info() {}, warn() {},
  error(component, message) { process.stderr.write(`rp2040js ${component}: ${message}\n`); },
};

export class Board {
  /**
   * rom: the patched boot ROM; flash: the 16 MB flash's first contents; out: the folder
   * for its frames; pins: [dc, cs, rst, leds, backlight, buzzer]; buttons: GPIOs held
   * high (released) at boot; emit: where its events go (each gets t in ms); entropy: a
   * number that makes this board's random bits its own (rosc.mjs; each boot draws
   * others), or undefined for rp2040js's (the same on every board and boot); outs: output
   * GPIOs whose level changes come as `out` events (the LED strip's power switch);
   * usbHost: false for a board with no USB host (as on a battery: no CDC).
   */
  constructor({ rom, flash, out, pins, buttons, emit, entropy, outs = [], usbHost = true }) {
    this.rom = rom;
    this.flash = flash;
    this.out = out;
    mkdirSync(out, { recursive: true });
    this.pins = pins;
    this.buttons = buttons;
    this.emit = emit;
    this.entropy = entropy;
    this.outs = outs;
    this.usbHost = usbHost;
    this.meter = createMeter(); // instructions charged at clk_sys; busy/waiting time
    this.base = 0;
    this.boots = 0;
    this.frames = 0;
    this.instructions = 0;
    this.haltAfter = -1; // flash calls still to go before the run stops; -1: never
    this.halted = false;
    this.on = false;
    this.mcu = null;
    this.uarts = [];
    this.bootHooks = []; // called with the board after each power-on (the wires attach)
    this.offHooks = []; // called with the board when it loses its power
  }

  /** The timeline's ms at the chip's `ns`. */
  ms(ns) {
    return (this.base + ns) / 1e6;
  }

  /** The timeline's ns this board has reached. */
  get now() {
    return this.base + this.mcu.clock.nanos;
  }

  /** Powers on at timeline time `at` (ns): a fresh chip boots from the flash as it is. */
  boot(at) {
    if (this.mcu) this.flash = this.mcu.flash;
    this.base = at;
    const [dc, cs, rst, ledPin, blPin, buzzPin] = this.pins;
    const emit = this.emit;
    const mcu = new RP2040();
    this.mcu = mcu;
    mcu.logger = logger;
    this.meter.attach(mcu);
    mcu.loadBootrom(this.rom); // resets, which blanks the flash: load it after
    mcu.flash.set(this.flash);
    trapFlashWrites(mcu, (kind, offset, count) => {
      emit({ ev: 'flash', t: this.ms(mcu.clock.nanos), kind, offset, count });
      if (this.haltAfter > 0 && --this.haltAfter === 0) this.halted = true;
    },
    (imm) => emit({ ev: 'bkpt', t: this.ms(mcu.clock.nanos), imm, pc: mcu.core.PC }));
    for (const g of this.buttons) mcu.gpio[g].setInputValue(true); // pull-ups: released
    const panel = new ST7789Model((f) => {
      this.frames++;
      const file = `${this.out}/frame_${String(this.frames).padStart(5, '0')}.rgb565`;
      writeFileSync(file, f.rgb);
      emit({ ev: 'frame', i: this.frames, boot: this.boots, t: this.ms(f.t1), t0: this.ms(f.t0),
        t1: this.ms(f.t1), file, pixels: f.pixels, windows: f.windows, madctl: f.madctl,
        colmod: f.colmod, on: f.on, sleeping: f.sleeping, inverted: f.inverted, spi_hz: sckHz() });
    }, (s) => emit({ ev: 'panel', ...s, t: this.ms(s.t) }));
    const sckHz = attachPanel(mcu, panel, { dc, cs, rst });
    this.pollLeds = attachLeds(mcu, ledPin, (t, leds) => emit({ ev: 'leds', t: this.ms(t), leds }));
    attachPwm(mcu, [blPin, buzzPin], (gpio, t, hz, duty) =>
      emit({ ev: 'pwm', t: this.ms(t), gpio, hz, duty }));
    this.dormant = attachDormant(mcu, this.buttons);
    this.cdc = !this.usbHost ? null : attachCdc(mcu, (bytes) => emit({ ev: 'cdc',
      t: this.ms(mcu.clock.nanos), hex: Buffer.from(bytes).toString('hex') }),
    () => emit({ ev: 'usb', t: this.ms(mcu.clock.nanos), connected: true }));
    for (const g of this.outs) {
      let level = null;
      mcu.gpio[g].addListener(() => {
        const now = mcu.gpio[g].outputValue ? 1 : 0;
        if (now !== level) {
          level = now;
          emit({ ev: 'out', t: this.ms(mcu.clock.nanos), gpio: g, level });
        }
      });
    }
    this.uarts = [attachUart(mcu, 0), attachUart(mcu, 1)];
    this.pio = attachPio(mcu); // state machines on the emulated clock
    if (this.entropy !== undefined) attachRosc(mcu, this.entropy * 7919 + this.boots + 1);
    mcu.core.PC = 0x10000000; // boot2, as the ROM would after finding it
    this.boots++;
    this.on = true;
    emit({ ev: 'boot', t: this.ms(0), boot: this.boots });
    for (const hook of this.bootHooks) hook(this);
  }

  /** Powers off: the chip stands still (its flash is kept) until boot(). */
  off() {
    this.on = false;
    this.emit({ ev: 'off', t: this.ms(this.mcu.clock.nanos) });
    for (const hook of this.offHooks) hook(this);
  }

  /** Runs the core until the timeline reaches targetNs: instructions (their cycles at
   * clk_sys), or the next alarm when waiting or DORMANT. */
  step(targetNs) {
    const { core, clock } = this.mcu;
    const { meter, dormant } = this;
    const { xosc } = dormant;
    const target = targetNs - this.base;
    let n = 0;
    while (clock.nanosCounter < target && !this.halted) {
      if (dormant.asleep || core.waiting) {
        const rest = target - clock.nanosCounter;
        const next = clock.nextAlarm ? Math.max(0, clock.nextAlarm.nanos - clock.nanosCounter) : rest;
        const ns = Math.min(next, rest);
        if (dormant.asleep) meter.dormant(ns);
        else meter.wait(ns);
        clock.tick(ns);
      } else {
        // executing: only an instruction makes the core wait or sleep, so run them back
        // to back until one does (or the target or a halt is reached)
        // (the clock's tick and the meter's account inlined: this is the emulator's hot loop)
        let account = meter.slotNow();
        let perCycle = meter.nsPerCycle;
        let cycles = 0;
        let busyNs = 0;
        do {
          const c = core.executeInstruction();
          if (meter.nsPerCycle !== perCycle) { // that instruction changed clk_sys
            meter.charge(account, cycles, busyNs);
            account = meter.slotNow();
            perCycle = meter.nsPerCycle;
            cycles = 0;
            busyNs = 0;
          }
          const ns = c * perCycle;
          cycles += c;
          busyNs += ns;
          const alarm = clock.nextAlarm;
          if (alarm !== null && alarm.nanos <= clock.nanosCounter + ns) clock.tick(ns);
          else clock.nanosCounter += ns;
          n++;
        } while (!core.waiting && clock.nanosCounter < target && !this.halted && !xosc.isDormant);
        meter.charge(account, cycles, busyNs);
      }
    }
    this.instructions += n;
  }

  setPin(gpio, level) {
    this.mcu.gpio[gpio].setInputValue(!!level);
    this.dormant.wakeOnKey();
    this.emit({ ev: 'pin', t: this.ms(this.mcu.clock.nanos), gpio, level });
  }

  /** Sets an input level at timeline time `whenMs`, from an alarm on the chip's clock. */
  setPinAt(whenMs, gpio, level) {
    const alarm = this.mcu.clock.createAlarm(() => this.setPin(gpio, level));
    alarm.schedule(Math.max(0, whenMs * 1e6 - this.base - this.mcu.clock.nanosCounter));
  }

  /** The littlefs region of the flash. */
  filesystem() {
    const flash = this.mcu ? this.mcu.flash : this.flash;
    return flash.subarray(FS_OFFSET, FS_OFFSET + FS_BYTES);
  }
}
