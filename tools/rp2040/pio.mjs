/**
 * PIO state machines on the emulated clock. rp2040js 1.4.1 runs its PIO blocks from
 * setTimeout, 1000 instructions a wall-clock tick whatever the emulated time, one
 * instruction a step: the clock divider and the delay cycles are counted but never
 * waited for. A PIO UART (firmware/hal/link_pio_thumb.py) needs its bit times, so here each
 * enabled state machine executes its next instruction at its own emulated time: one
 * instruction takes (1 + delay) cycles of clk_sys / CLKDIV (a stalled one, 1 cycle),
 * from an alarm on the chip's clock.
 *
 * A machine stalled on something only the outside can change (an empty TX FIFO, a pin
 * level, a full RX FIFO, an irq flag) is not stepped until that happens: any access to
 * the block's registers and any input pin's change look again (`kick()`). The
 * instruction that follows a stall resolving runs at once (rp2040js steps it with the
 * stall), so a bit sampled after a `wait` comes one PIO cycle early: 1/8 of a bit with
 * the UART programs, well inside the middle of the bit.
 *
 * attachPio(mcu) returns { kick(), steps } (steps: instructions executed, for stats).
 */
export function attachPio(mcu) {
  const { clock } = mcu;
  const model = { steps: 0, kick };
  const alarm = clock.createAlarm(service);
  let armedAt = Infinity; // the alarm's time (a fired rp2040js alarm still says scheduled)
  const machines = [];
  for (const pio of mcu.pio) {
    pio.run = () => kick(); // instead of rp2040js' setTimeout loop
    for (const m of pio.machines) {
      m.nextNs = 0;
      m.parked = false; // stalled on the outside: not stepped until something changes
      machines.push(m);
    }
    const read = pio.readUint32.bind(pio);
    const write = pio.writeUint32.bind(pio);
    pio.readUint32 = (offset) => {
      const v = read(offset);
      kick();
      return v;
    };
    pio.writeUint32 = (offset, value) => {
      write(offset, value);
      kick();
    };
  }
  for (const pin of mcu.gpio) {
    const set = pin.setInputValue.bind(pin);
    pin.setInputValue = (value) => {
      set(value);
      kick();
    };
  }

  function cycleNs(m) {
    const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
    return (div * 1e9) / mcu.clkSys;
  }

  function service() {
    const now = clock.nanosCounter;
    armedAt = Infinity;
    let next = Infinity;
    for (const m of machines) {
      if (!m.enabled) continue;
      if (m.parked) {
        if (m.waiting) continue;
        m.parked = false;
        m.nextNs = Math.max(m.nextNs, now);
      }
      if (m.nextNs < now - 1e6) m.nextNs = now; // newly enabled
      while (m.nextNs <= now) {
        const before = m.cycles;
        m.step();
        model.steps++;
        if (m.waiting && m.cycles === before) {
          m.parked = true;
          break;
        }
        m.nextNs += Math.max(1, m.cycles - before) * cycleNs(m);
      }
      if (!m.parked) next = Math.min(next, m.nextNs);
    }
    for (const pio of mcu.pio) pio.checkChangedPins();
    if (next < Infinity) {
      armedAt = Math.max(next, now);
      alarm.schedule(armedAt - now);
    }
  }

  /** Something outside may have unstalled a machine: look at the current time. */
  function kick() {
    const now = clock.nanosCounter;
    if (armedAt > now) {
      armedAt = now;
      alarm.schedule(0);
    }
  }

  return model;
}
