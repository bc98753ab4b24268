/**
 * The ST7789 panel as the harness sees it: decodes the SPI1 byte stream, split into
 * commands and data by the DC pin and framed by CS, into the controller's state
 * (CASET, RASET, MADCTL, COLMOD, INVON/INVOFF, SLPIN/SLPOUT, DISPON/DISPOFF, SWRESET and
 * the RST pin) and its frame memory. A pushed frame is one CS-low transaction holding
 * RAMWR bursts (one per window when the driver sends only what changed), handed to
 * `onFrame` when CS goes high with the 240x240 visible pixels as big-endian RGB565 (as
 * on the wire, with the panel's inversion applied: the whole picture, windows merged
 * into what was there), the time of its first RAMWR and of its last pixel, its pixel
 * count and its windows.
 *
 * Memory is kept in the controller's own address order (column = CASET, row = RASET)
 * for MADCTL 0x70, the only setting the firmware uses; any other value is reported in
 * the frame so a test can fail on it rather than compare mirrored pictures.
 */
const W = 240;
const H = 240;
const MEM_ROWS = 320;

export class ST7789Model {
  constructor(onFrame, onState) {
    this.onFrame = onFrame;
    this.onState = onState || (() => {});
    this.mem = new Uint8Array(W * MEM_ROWS * 2);
    this.hardReset();
  }

  hardReset() {
    this.cmd = -1;
    this.params = [];
    this.xs = 0;
    this.xe = W - 1;
    this.ys = 0;
    this.ye = MEM_ROWS - 1;
    this.madctl = 0;
    this.colmod = 0x66;
    this.inverted = false;
    this.sleeping = true;
    this.on = false;
    this.writing = false;
    this.pixels = 0;
    this.windows = [];
  }

  state(t, what) {
    this.onState({ t, what, sleeping: this.sleeping, on: this.on, inverted: this.inverted,
      madctl: this.madctl, colmod: this.colmod });
  }

  /** One byte off the wire at time t (ns); dc true = data. */
  byte(value, dc, t) {
    if (!dc) {
      this.writing = false; // a RAMWR burst ends at the next command
      this.command(value, t);
      return;
    }
    if (this.writing) {
      this.pixel(value, t);
      return;
    }
    this.params.push(value);
    const p = this.params;
    switch (this.cmd) {
      case 0x2a:
        if (p.length === 4) {
          this.xs = (p[0] << 8) | p[1];
          this.xe = (p[2] << 8) | p[3];
        }
        break;
      case 0x2b:
        if (p.length === 4) {
          this.ys = (p[0] << 8) | p[1];
          this.ye = (p[2] << 8) | p[3];
        }
        break;
      case 0x36:
        this.madctl = value;
        this.state(t, 'madctl');
        break;
      case 0x3a:
        this.colmod = value;
        this.state(t, 'colmod');
        break;
    }
  }

  command(value, t) {
    this.cmd = value;
    this.params = [];
    switch (value) {
      case 0x01: this.hardReset(); this.state(t, 'swreset'); break;
      case 0x10: this.sleeping = true; this.state(t, 'slpin'); break;
      case 0x11: this.sleeping = false; this.state(t, 'slpout'); break;
      case 0x20: this.inverted = false; this.state(t, 'invoff'); break;
      case 0x21: this.inverted = true; this.state(t, 'invon'); break;
      case 0x28: this.on = false; this.state(t, 'dispoff'); break;
      case 0x29: this.on = true; this.state(t, 'dispon'); break;
      case 0x2c:
        this.writing = true;
        this.x = this.xs;
        this.y = this.ys;
        this.half = -1;
        if (!this.windows.length) {
          this.pixels = 0;
          this.t0 = t;
        }
        this.windows.push([this.xs, this.ys, this.xe, this.ye]);
        break;
    }
  }

  pixel(value, t) {
    if (this.half < 0) {
      this.half = value;
      return;
    }
    const at = (this.y * W + this.x) * 2;
    if (this.x < W && this.y < MEM_ROWS) {
      this.mem[at] = this.half;
      this.mem[at + 1] = value;
    }
    this.half = -1;
    this.pixels++;
    this.tLast = t;
    if (++this.x > this.xe) {
      this.x = this.xs;
      if (++this.y > this.ye) this.y = this.ys;
    }
  }

  /** CS went high (or the panel was reset): the transaction's frame, if it wrote pixels. */
  endFrame() {
    this.writing = false;
    const windows = this.windows;
    this.windows = [];
    if (!windows.length || !this.pixels) return;
    const rgb = new Uint8Array(W * H * 2);
    rgb.set(this.mem.subarray(0, W * H * 2));
    if (!this.inverted) {
      // without INVON the glass shows every bit inverted
      for (let i = 0; i < rgb.length; i++) rgb[i] ^= 0xff;
    }
    this.onFrame({ rgb, t0: this.t0, t1: this.tLast, pixels: this.pixels, windows,
      madctl: this.madctl,
      colmod: this.colmod, on: this.on, sleeping: this.sleeping, inverted: this.inverted });
  }
}

/**
 * Feeds `model` from SPI1 of `mcu`: hooks the transmit side, samples DC and CS from
 * SIO at each byte, and holds each byte on the wire for 8 SCK periods of emulated time
 * (rp2040js would finish it at once), so push times include the transfer.
 * Returns a function that reports the SCK rate in Hz.
 */
export function attachPanel(mcu, model, pins) {
  const spi = mcu.spi[1];
  const sio = mcu.sio;
  const dcBit = 1 << pins.dc;
  const csBit = 1 << pins.cs;
  let pendingRx = 0;
  const done = mcu.clock.createAlarm(() => spi.completeTransmit(pendingRx));
  spi.onTransmit = (value) => {
    const gpio = sio.gpioValue;
    const hz = spi.clockFrequency || 1;
    const ns = (8 * 1e9) / hz;
    if (!(gpio & csBit)) {
      model.byte(value, !!(gpio & dcBit), mcu.clock.nanos + ns);
    }
    pendingRx = 0;
    done.schedule(ns);
  };
  mcu.gpio[pins.cs].addListener((state) => {
    if (state === 1) model.endFrame(mcu.clock.nanos);
  });
  mcu.gpio[pins.rst].addListener((state) => {
    if (state === 0) {
      model.endFrame(mcu.clock.nanos);
      model.hardReset();
      model.state(mcu.clock.nanos, 'rst');
    }
  });
  return () => spi.clockFrequency;
}
