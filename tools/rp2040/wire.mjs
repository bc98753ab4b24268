/**
 * A link cable between two boards' UARTs (board.mjs, uart.mjs): TX of each end to RX of
 * the other, with the line's byte time kept. A byte reaches the far end when its stop
 * bit has left the near end (the UART model says when, from its baud rate and the
 * emulated clock), delivered by an alarm on the far chip's clock at that exact time;
 * run.mjs steps the boards in lockstep by at most one byte time, so the far chip has
 * never run past it (a late byte would be delivered at once and counted as `late`).
 *
 * Faults: cut() and join() (a pulled and replugged cable: bytes on the line are lost),
 * a board powered off (its end sends nothing, what comes to it is lost, and its falling
 * TX reads as a break at the far end), inject(end,
 * bytes) (bytes arriving at `end` from the line, paced at that end's byte time: garbage,
 * or a flood, besides what the other board sends).
 */
export class Wire {
  /** a, b: { board, uart } */
  constructor(a, b) {
    this.ends = [a, b];
    this.cut = false;
    this.stats = { carried: [0, 0], lost: [0, 0], injected: [0, 0], late: [0, 0] };
    this.queues = [[], []]; // per receiving end: [timeline ns, byte] in time order
    this.alarms = [null, null];
    this.injectAt = [0, 0]; // timeline ns the last injected byte arrives at, per end
    for (let i = 0; i < 2; i++) {
      const end = this.ends[i];
      const hook = (board) => this.attach(i, board);
      end.board.bootHooks.push(hook);
      end.board.offHooks.push(() => this.poweredOff(i));
      if (end.board.mcu) hook(end.board);
    }
  }

  /** A (re)booted board: its UART's bytes go to the other end; what was coming is lost. */
  attach(i, board) {
    const end = this.ends[i];
    const far = 1 - i;
    end.model = board.uarts[end.uart];
    end.model.onTransmit = (byte, endNs) => this.carry(far, byte, board.base + endNs);
    const q = this.queues[i];
    this.stats.lost[i] += q.length;
    q.length = 0;
    this.alarms[i] = board.mcu.clock.createAlarm(() => this.deliver(i));
    this.injectAt[i] = 0;
  }

  /** End i lost its power: its TX pin falls, and the far end reads one break (unless the
   * cable is cut: a pulled cable leaves the far RX pulled up, idle). */
  poweredOff(i) {
    const far = this.ends[1 - i];
    if (!this.cut && far.board.on && far.model) far.model.receiveBreak();
  }

  /** The shortest byte time of the two ends now (ns): the lockstep's step. */
  byteNs() {
    return Math.min(...this.ends.filter((e) => e.model).map((e) => e.model.byteNs()));
  }

  carry(to, byte, atNs) {
    const end = this.ends[to];
    if (this.cut || !end.board.on) {
      this.stats.lost[to]++;
      return;
    }
    this.stats.carried[to]++;
    this.enqueue(to, byte, atNs);
  }

  enqueue(to, byte, atNs) {
    const q = this.queues[to];
    let k = q.length;
    while (k > 0 && q[k - 1][0] > atNs) k--;
    q.splice(k, 0, [atNs, byte]);
    this.schedule(to);
  }

  schedule(to) {
    const q = this.queues[to];
    if (!q.length) return;
    const board = this.ends[to].board;
    const delta = q[0][0] - board.now;
    if (delta < 0) this.stats.late[to]++;
    this.alarms[to].schedule(Math.max(0, delta));
  }

  deliver(to) {
    const q = this.queues[to];
    const end = this.ends[to];
    const now = end.board.now;
    while (q.length && q[0][0] <= now) end.model.receive(q.shift()[1]);
    this.schedule(to);
  }

  /** Bytes arriving at end `to` from the line, one per byte time from now (timeline ns). */
  inject(to, bytes, nowNs) {
    const end = this.ends[to];
    if (!end.board.on || !end.model) return;
    const ns = end.model.byteNs();
    let t = Math.max(nowNs, this.injectAt[to]);
    for (const byte of bytes) {
      t += ns;
      this.stats.injected[to]++;
      this.enqueue(to, byte, t);
    }
    this.injectAt[to] = t;
  }

  setCut(cut) {
    this.cut = cut;
    if (cut) {
      for (let i = 0; i < 2; i++) {
        this.stats.lost[i] += this.queues[i].length;
        this.queues[i].length = 0;
        this.injectAt[i] = 0;
      }
    }
  }

  report() {
    return { cut: this.cut, ...this.stats,
      uarts: this.ends.map((e) => (e.model ? { ...e.model.stats, baud: Math.round(e.model.baud()) } : null)) };
  }
}

/** Bytes from a seeded xorshift32: a flood that is the same on every run. */
export function floodBytes(count, seed) {
  let x = (seed >>> 0) || 1;
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/**
 * A cable with one board's UART at one end and the outside at the other: the far end is
 * not a board but whoever drives run.mjs (a simulator, a test, a pty), so an emulated
 * Pico can be linked with something that runs outside the emulator. The byte time is
 * kept both ways:
 *
 * - out: a byte the board's UART transmits waits in `outbox` with the time its stop bit
 *   left the board's end (the UART model's); take(nowNs) hands over the bytes the line
 *   has carried by then, so whoever reads them after a run to T sees exactly what had
 *   arrived by T (a byte still on the line comes at the next run).
 * - in: inject(bytes, nowNs) lines the bytes up behind those still on the way, one per
 *   byte time of the board's UART, each delivered by an alarm on its chip's clock at the
 *   time its stop bit arrives.
 *
 * Faults as on a Wire: cut and join (bytes on the line are lost), the board powered off
 * (what it was sending is gone, what comes to it is lost). Stats per end as a Wire's,
 * index 0 the board's end and 1 the outside.
 */
export class OpenWire {
  /** end: { board, uart } */
  constructor(end) {
    this.ends = [end];
    this.cut = false;
    this.stats = { carried: [0, 0], lost: [0, 0], injected: [0, 0], late: [0, 0] };
    this.queue = []; // [timeline ns, byte] arriving at the board, in time order
    this.outbox = []; // [timeline ns, byte] arrived at the outside, not yet taken
    this.alarm = null;
    this.sendAt = 0; // timeline ns the last byte for the board arrives at
    end.board.bootHooks.push((board) => this.attach(board));
    end.board.offHooks.push(() => this.drop());
    if (end.board.mcu) this.attach(end.board);
  }

  attach(board) {
    const end = this.ends[0];
    end.model = board.uarts[end.uart];
    end.model.onTransmit = (byte, endNs) => this.transmitted(byte, board.base + endNs);
    this.drop();
    this.alarm = board.mcu.clock.createAlarm(() => this.deliver());
  }

  /** Bytes on the line either way are lost (a power cut, a cut cable). */
  drop() {
    this.stats.lost[0] += this.queue.length;
    this.stats.lost[1] += this.outbox.length;
    this.queue.length = 0;
    this.outbox.length = 0;
    this.sendAt = 0;
  }

  /** No bound on the lockstep: the outside is met only between runs. */
  byteNs() {
    return Infinity;
  }

  transmitted(byte, atNs) {
    if (this.cut) {
      this.stats.lost[1]++;
      return;
    }
    this.stats.carried[1]++;
    this.outbox.push([atNs, byte]);
  }

  /** The bytes that reached the outside by nowNs: { at: [ms, ...], hex }, or null. */
  take(nowNs) {
    let k = 0;
    while (k < this.outbox.length && this.outbox[k][0] <= nowNs) k++;
    if (!k) return null;
    const got = this.outbox.splice(0, k);
    return { at: got.map(([ns]) => ns / 1e6), hex: Buffer.from(got.map(([, b]) => b)).toString('hex') };
  }

  /** Bytes from the outside for the board, one per byte time from nowNs (or behind those
   * still on the way). counter: 'carried' (the outside's own bytes) or 'injected'. */
  inject(_end, bytes, nowNs, counter = 'injected') {
    const end = this.ends[0];
    if (this.cut || !end.board.on || !end.model) {
      this.stats.lost[0] += bytes.length;
      return;
    }
    const ns = end.model.byteNs();
    let t = Math.max(nowNs, this.sendAt);
    for (const byte of bytes) {
      t += ns;
      this.stats[counter][0]++;
      this.queue.push([t, byte]);
    }
    this.sendAt = t;
    this.schedule();
  }

  schedule() {
    if (!this.queue.length) return;
    const delta = this.queue[0][0] - this.ends[0].board.now;
    if (delta < 0) this.stats.late[0]++;
    this.alarm.schedule(Math.max(0, delta));
  }

  deliver() {
    const end = this.ends[0];
    const now = end.board.now;
    while (this.queue.length && this.queue[0][0] <= now) end.model.receive(this.queue.shift()[1]);
    this.schedule();
  }

  setCut(cut) {
    this.cut = cut;
    if (cut) this.drop();
  }

  report() {
    const e = this.ends[0];
    return { cut: this.cut, open: true, ...this.stats,
      uarts: [e.model ? { ...e.model.stats, baud: Math.round(e.model.baud()) } : null, null] };
  }
}

const IDLE = 1;

/**
 * A link cable with a pin end: a board's TX and RX GPIOs (driven and read by a PIO UART,
 * firmware/hal/link_pio_thumb.py) on one side or both, the other side a UART (uart.mjs) or pins
 * too. It carries line levels, not bytes: a level change of a pin end's TX GPIO,
 * timestamped on the timeline, is replayed on the far end's RX GPIO one `delayNs` later
 * (a clock alarm there; run.mjs steps the boards by at most that, so the far chip has
 * never passed it). A UART end's bytes become the levels of their start, data and stop
 * bits (8N1, at its baud rate); levels coming to a UART end are read as a receiving UART
 * would: from each start bit's falling edge, the bits in their middles, the byte handed
 * over one delay after its stop bit (a low stop bit: a framing error, the byte dropped,
 * or a break when every bit was low).
 *
 * ends: { board, uart } or { board, tx, rx } (GPIOs). Faults as Wire's: cut and join,
 * a board powered off (its end idles: the far RX sees the line high), inject.
 */
export class PinWire {
  constructor(a, b, baud = 115200) {
    this.ends = [a, b];
    this.baud = baud;
    this.cut = false;
    this.stats = { carried: [0, 0], lost: [0, 0], injected: [0, 0], late: [0, 0], framing: [0, 0] };
    this.queues = [[], []]; // per receiving end: [timeline ns, level or byte] in time order
    this.alarms = [null, null];
    this.rx = [null, null]; // a UART end's decoder of the far pin end's levels
    for (let i = 0; i < 2; i++) {
      const end = this.ends[i];
      end.pins = end.tx !== undefined;
      const hook = (board) => this.attach(i, board);
      end.board.bootHooks.push(hook);
      end.board.offHooks.push(() => this.poweredOff(i));
      if (end.board.mcu) hook(end.board);
    }
  }

  bitNs() {
    const u = this.ends.find((e) => !e.pins && e.model);
    return u ? u.model.byteNs() / 10 : 1e9 / this.baud;
  }

  /** One character's time: the lockstep's step, and the line's delay. */
  byteNs() {
    return 10 * this.bitNs();
  }

  attach(i, board) {
    const end = this.ends[i];
    const far = 1 - i;
    const { mcu } = board;
    const q = this.queues[i];
    this.stats.lost[i] += q.length;
    q.length = 0;
    this.alarms[i] = mcu.clock.createAlarm(() => this.deliver(i));
    if (end.pins) {
      mcu.gpio[end.rx].setInputValue(true); // the line idles high
      let level = IDLE;
      mcu.gpio[end.tx].addListener((value) => {
        const now = value === 0 ? 0 : 1; // GPIOPinState.Low; an undriven pin is pulled up
        if (now === level || !board.on) return;
        level = now;
        this.sendLevel(far, board.base + mcu.clock.nanosCounter, now);
      });
    } else {
      end.model = board.uarts[end.uart];
      end.model.onTransmit = (byte, endNs) => this.sendByte(far, byte, board.base + endNs);
      this.rx[i] = { busy: false, edges: [[0, IDLE]], alarm: mcu.clock.createAlarm(() => this.decode(i)) };
    }
  }

  poweredOff(i) {
    const far = 1 - i;
    if (this.ends[far].board.on) this.sendLevel(far, this.ends[i].board.now, IDLE);
  }

  /** A level change leaving toward end `to` at timeline `atNs`. */
  sendLevel(to, atNs, level) {
    const end = this.ends[to];
    if (this.cut || !end.board.on || !this.alarms[to]) {
      this.stats.lost[to]++;
      return;
    }
    const when = atNs + this.byteNs();
    if (end.pins) this.enqueue(to, when, level);
    else this.edge(to, when, level);
  }

  /** A byte from a UART end, its stop bit out at `endNs`, toward end `to`. */
  sendByte(to, byte, endNs) {
    if (this.cut || !this.ends[to].board.on) {
      this.stats.lost[to]++;
      return;
    }
    this.stats.carried[to]++;
    const b = this.bitNs();
    const start = endNs - 10 * b;
    if (this.ends[to].pins) {
      const levels = [0];
      for (let k = 0; k < 8; k++) levels.push((byte >> k) & 1);
      levels.push(IDLE);
      let last = IDLE;
      levels.forEach((lv, k) => {
        if (lv !== last) this.sendLevel(to, start + k * b, lv);
        last = lv;
      });
    } else this.enqueue(to, endNs + this.byteNs(), byte); // UART to UART: a byte
  }

  enqueue(to, atNs, value) {
    const q = this.queues[to];
    let k = q.length;
    while (k > 0 && q[k - 1][0] > atNs) k--;
    q.splice(k, 0, [atNs, value]);
    this.schedule(to);
  }

  schedule(to) {
    const q = this.queues[to];
    if (!q.length) return;
    const delta = q[0][0] - this.ends[to].board.now;
    if (delta < 0) this.stats.late[to]++;
    this.alarms[to].schedule(Math.max(0, delta));
  }

  deliver(to) {
    const q = this.queues[to];
    const end = this.ends[to];
    const now = end.board.now;
    while (q.length && q[0][0] <= now) {
      const [, v] = q.shift();
      if (end.pins) end.board.mcu.gpio[end.rx].setInputValue(!!v);
      else end.model.receive(v);
    }
    this.schedule(to);
  }

  /** A level reaching UART end `to` at timeline `atNs`: its receiver's view of the line. */
  edge(to, atNs, level) {
    const rx = this.rx[to];
    if (!rx) return;
    rx.edges.push([atNs, level]);
    if (!rx.busy && level === 0) this.startByte(to, atNs);
  }

  startByte(to, t0) {
    const rx = this.rx[to];
    rx.busy = true;
    rx.t0 = t0;
    const board = this.ends[to].board;
    const delta = t0 + 10 * this.bitNs() - board.now;
    if (delta < 0) this.stats.late[to]++;
    rx.alarm.schedule(Math.max(0, delta));
  }

  levelAt(rx, t) {
    let level = IDLE;
    for (const [at, lv] of rx.edges) {
      if (at > t) break;
      level = lv;
    }
    return level;
  }

  /** A character's time has passed since its start bit: the byte it carried. */
  decode(to) {
    const rx = this.rx[to];
    const b = this.bitNs();
    let byte = 0;
    for (let k = 0; k < 8; k++) byte |= this.levelAt(rx, rx.t0 + (1.5 + k) * b) << k;
    const stopAt = rx.t0 + 9.5 * b;
    if (this.levelAt(rx, stopAt)) {
      this.stats.carried[to]++;
      this.ends[to].model.receive(byte);
    } else if (byte === 0) this.ends[to].model.receiveBreak();
    else this.stats.framing[to]++;
    // keep the level at the stop bit's middle; the next start is a falling edge after it
    const last = this.levelAt(rx, stopAt);
    const later = rx.edges.filter(([at]) => at > stopAt);
    rx.edges = [[stopAt, last], ...later];
    rx.busy = false;
    let prev = last;
    for (const [at, lv] of later) {
      if (prev === 1 && lv === 0) {
        this.startByte(to, at);
        break;
      }
      prev = lv;
    }
  }

  /** Bytes arriving at end `to` from the line, back to back from `nowNs`. */
  inject(to, bytes, nowNs) {
    const end = this.ends[to];
    if (!end.board.on) return;
    let t = nowNs;
    const ns = this.byteNs();
    for (const byte of bytes) {
      t += ns;
      this.stats.injected[to]++;
      this.sendByte(to, byte, t - ns); // arrives one delay later, as the other end's would
      this.stats.carried[to]--;
    }
  }

  setCut(cut) {
    this.cut = cut;
    if (cut) {
      for (let i = 0; i < 2; i++) {
        const end = this.ends[i];
        if (end.pins) {
          this.stats.lost[i] += this.queues[i].length;
          this.queues[i].length = 0;
          if (end.board.on) end.board.mcu.gpio[end.rx].setInputValue(true); // pulled up
        } else this.queues[i].length = 0;
      }
    }
  }

  report() {
    return { cut: this.cut, ...this.stats, pins: true,
      uarts: this.ends.map((e) => (!e.pins && e.model ? { ...e.model.stats, baud: Math.round(e.model.baud()) }
        : null)) };
  }
}
