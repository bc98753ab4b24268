/**
 * The emulated core's time and where it went: instruction cycles are charged at the
 * clock the core really runs at (clk_sys, which machine.freq and machine.lightsleep
 * change), and every nanosecond is counted as busy (executing) or waiting (WFI/WFE),
 * per clk_sys frequency. run.mjs charges each instruction `meter.nsPerCycle` and asks
 * for a reading with `meter.take()`, which starts the next reading afresh.
 *
 * A reading: { ns, busy_ns, wait_ns, cycles, clocks: { "<MHz>": { busy_ns, wait_ns } } };
 * time in DORMANT (the crystal stopped, tools/rp2040/dormant.mjs) is waiting time under
 * the clock "dormant".
 */
export function createMeter() {
  const meter = {
    nsPerCycle: 8,
    mhz: 125,
    ns: 0,
    busyNs: 0,
    waitNs: 0,
    cycles: 0,
    clocks: {},
  };
  // the slot of the clock now running, looked up once per clock change (not per instruction)
  let current = null;

  function at(hz) {
    meter.nsPerCycle = 1e9 / hz;
    meter.mhz = Math.round(hz / 1e5) / 10;
    current = null;
  }

  function slot(key = String(meter.mhz)) {
    let s = meter.clocks[key];
    if (!s) {
      s = { busy_ns: 0, wait_ns: 0 };
      meter.clocks[key] = s;
    }
    return s;
  }

  /** Follows a (new) chip's clk_sys from now on: at each cut the harness boots a new RP2040. */
  meter.attach = (mcu) => {
    at(mcu.clkSys);
    mcu.addClockListener((hz) => at(hz));
  };

  /** `cycles` instruction cycles ran: returns the ns they took at the current clk_sys. */
  meter.busy = (cycles) => {
    const ns = cycles * meter.nsPerCycle;
    meter.cycles += cycles;
    meter.busyNs += ns;
    meter.ns += ns;
    (current || (current = slot())).busy_ns += ns;
    return ns;
  };

  /** The slot busy time is charged to now: charge() a run of instructions to it. */
  meter.slotNow = () => current || (current = slot());

  /** Charges `cycles` instruction cycles that took `ns` to `s` (a slotNow()): the same
   * account as busy() for each, done once for a run of instructions at one clock. */
  meter.charge = (s, cycles, ns) => {
    meter.cycles += cycles;
    meter.busyNs += ns;
    meter.ns += ns;
    s.busy_ns += ns;
  };

  /** The core waited `ns` (WFI/WFE) with nothing to execute. */
  meter.wait = (ns) => {
    meter.waitNs += ns;
    meter.ns += ns;
    (current || (current = slot())).wait_ns += ns;
  };

  /** The chip was DORMANT for `ns`: no clock ran. */
  meter.dormant = (ns) => {
    meter.waitNs += ns;
    meter.ns += ns;
    slot('dormant').wait_ns += ns;
  };

  /** The reading since the last take(), and a fresh start. */
  meter.take = () => {
    const reading = { ns: meter.ns, busy_ns: meter.busyNs, wait_ns: meter.waitNs,
      cycles: meter.cycles, mhz: meter.mhz, clocks: meter.clocks };
    meter.ns = 0;
    meter.busyNs = 0;
    meter.waitNs = 0;
    meter.cycles = 0;
    meter.clocks = {};
    current = null;
    return reading;
  };

  return meter;
}
