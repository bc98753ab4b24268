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
