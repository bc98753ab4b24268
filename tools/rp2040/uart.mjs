/**
 * One RP2040 UART as a PL011 with its FIFOs and its line timing, in place of rp2040js
 * 1.4.1's model. That model hands every written byte over at once, and raises the TX
 * interrupt again at every check, an ICR write included, so MicroPython's interrupt
 * handler never returns and `machine.UART(0, ...)` hangs. Here:
 *
 * - TX: a 32-byte FIFO and a shift register. A byte leaves the FIFO for the shift register
 *   when the one before it is out, and takes one character time on the line: start bit,
 *   data bits, parity, stop bits, each 16 / (clk_peri / divisor) s (IBRD, FBRD, LCR_H and
 *   the emulated clk_peri). `onTransmit(byte, endNs)` tells the wire when it is out.
 *   The TX interrupt is raised when the FIFO's level falls through the trigger level
 *   (IFLS TXIFLSEL: a written byte has left and room opened), and cleared by ICR or by
 *   writes that fill it above the level again: PL011's rule.
 * - RX: a 32-byte FIFO; a byte arriving when it is full is lost (overrun, counted, OE);
 *   `receiveBreak()` puts the break character a line held low gives (BE set).
 *   The RX interrupt is raised while the level is at or above IFLS RXIFLSEL's, the
 *   receive timeout interrupt when bytes wait and none came for 32 bit times.
 * - FR: TXFF, TXFE, BUSY, RXFF, RXFE as the FIFOs are.
 *
 * attachUart(mcu, index) returns the model: `.onTransmit` (set by the wire),
 * `.receive(byte)` (a byte whose stop bit has just arrived), `.byteNs()` (one character
 * on the line now), `.baud()`, `.stats`.
 */
const DR = 0x00;
const RSR = 0x04;
const FR = 0x18;
const IFLS = 0x34;
const IMSC = 0x38;
const RIS = 0x3c;
const MIS = 0x40;
const ICR = 0x44;
const DMACR = 0x48;

const FR_BUSY = 1 << 3;
const FR_RXFE = 1 << 4;
const FR_TXFF = 1 << 5;
const FR_RXFF = 1 << 6;
const FR_TXFE = 1 << 7;

const INT_RX = 1 << 4;
const INT_TX = 1 << 5;
const INT_RT = 1 << 6;
const INT_BE = 1 << 9;
const INT_OE = 1 << 10;
const DR_BE = 1 << 10; // a received character's break error bit

const CR_UARTEN = 1 << 0;
const CR_TXE = 1 << 8;
const CR_RXE = 1 << 9;
const LCRH_PEN = 1 << 1;
const LCRH_STP2 = 1 << 3;
const LCRH_FEN = 1 << 4;

const FIFO = 32;
// IFLS's 3-bit selections: 1/8, 1/4, 1/2, 3/4, 7/8 of the FIFO
const LEVELS = [4, 8, 16, 24, 28];
const DEFAULT_BAUD = 115200;

export function attachUart(mcu, index) {
  const u = mcu.uart[index];
  const clock = mcu.clock;
  const readOriginal = u.readUint32.bind(u);
  const writeOriginal = u.writeUint32.bind(u);
  const tx = [];
  const rx = [];
  let shifting = false;
  let status = 0;
  let ifls = 0x12; // PL011's reset value: both levels 1/2
  let dmacr = 0;
  const model = {
    onTransmit: null,
    stats: { sent: 0, received: 0, overruns: 0, lostTx: 0, breaks: 0 },
  };

  const fen = () => !!(u.lineCtrlRegister & LCRH_FEN);
  const depth = () => (fen() ? FIFO : 1);
  // without FIFOs the one holding register is the level: empty raises the interrupt
  const txLevel = () => (fen() ? LEVELS[Math.min(ifls & 7, 4)] : 0);
  const rxLevel = () => (fen() ? LEVELS[Math.min((ifls >> 3) & 7, 4)] : 1);
  const update = () => mcu.setInterrupt(u.irq, !!(status & u.interruptMask));

  model.baud = () => (u.baudDivider ? mcu.clkPeri / (16 * u.baudDivider) : DEFAULT_BAUD);
  model.bits = () => {
    const lcr = u.lineCtrlRegister;
    return 1 + u.wordLength + (lcr & LCRH_PEN ? 1 : 0) + (lcr & LCRH_STP2 ? 2 : 1);
  };
  model.byteNs = () => (model.bits() * 1e9) / model.baud();

  // -- TX: the shift register takes the FIFO's head when the line is free
  const shiftDone = clock.createAlarm(() => {
    shifting = false;
    shift();
  });
  function shift() {
    if (shifting || !tx.length || !(u.ctrlRegister & CR_UARTEN) || !(u.ctrlRegister & CR_TXE)) return;
    const before = tx.length;
    const byte = tx.shift();
    shifting = true;
    const ns = model.byteNs();
    shiftDone.schedule(ns);
    model.stats.sent++;
    if (model.onTransmit) model.onTransmit(byte, clock.nanos + ns);
    const level = txLevel();
    if (before > level && tx.length <= level) {
      status |= INT_TX;
      update();
    }
  }
  function write(value) {
    if (tx.length >= depth()) {
      model.stats.lostTx++; // a write to a full FIFO is lost, as on the PL011
      return;
    }
    tx.push(value & 0xff);
    if (tx.length > txLevel() && status & INT_TX) {
      status &= ~INT_TX;
      update();
    }
    shift();
  }

  // -- RX: bytes from the wire; the receive timeout after 32 quiet bit times
  const timeout = clock.createAlarm(() => {
    if (rx.length) {
      status |= INT_RT;
      update();
    }
  });
  model.receive = (byte) => {
    if (!(u.ctrlRegister & CR_UARTEN) || !(u.ctrlRegister & CR_RXE)) return;
    if (rx.length >= depth()) {
      model.stats.overruns++;
      status |= INT_OE;
    } else {
      rx.push(byte & 0xff);
      model.stats.received++;
      if (rx.length >= rxLevel()) status |= INT_RX;
    }
    timeout.schedule((32 * 1e9) / model.baud());
    update();
  };
  /** The line held low (the far device lost its power): one break character, data 0
   * with BE set, as the PL011 reads it; then nothing until the line comes back. */
  model.receiveBreak = () => {
    if (!(u.ctrlRegister & CR_UARTEN) || !(u.ctrlRegister & CR_RXE) || rx.length >= depth()) return;
    rx.push(DR_BE);
    model.stats.breaks++;
    status |= INT_BE;
    if (rx.length >= rxLevel()) status |= INT_RX;
    timeout.schedule((32 * 1e9) / model.baud());
    update();
  };
  function read() {
    const value = rx.length ? rx.shift() : 0;
    if (rx.length < rxLevel()) status &= ~INT_RX;
    if (!rx.length) status &= ~INT_RT;
    update();
    return value;
  }

  u.checkInterrupts = update;
  u.readUint32 = (offset) => {
    switch (offset) {
      case DR: return read();
      case RSR: return 0;
      case FR:
        return (tx.length >= depth() ? FR_TXFF : 0) | (tx.length ? 0 : FR_TXFE)
          | (shifting || tx.length ? FR_BUSY : 0)
          | (rx.length >= depth() ? FR_RXFF : 0) | (rx.length ? 0 : FR_RXFE);
      case IFLS: return ifls;
      case RIS: return status;
      case MIS: return status & u.interruptMask;
      case DMACR: return dmacr;
      default: return readOriginal(offset);
    }
  };
  u.writeUint32 = (offset, value) => {
    switch (offset) {
      case DR: write(value); break;
      case RSR: break;
      case IFLS: ifls = value & 0x3f; break;
      case IMSC:
        u.interruptMask = value & 0x7ff;
        update();
        break;
      case ICR:
        status &= ~u.rawWriteValue;
        update();
        break;
      case DMACR: dmacr = value & 7; break;
      default:
        writeOriginal(offset, value);
        shift(); // enabling TX starts what waits
    }
  };
  update();
  return model;
}
