/**
 * Decodes the WS2812 stream on one GPIO by pulse timing. MicroPython's `neopixel`
 * bit-bangs it (machine.bitstream, timed by SysTick): a 1 is a high pulse of about
 * 800 ns, a 0 about 400 ns, each bit about 1.25 us, GRB order, and a low gap of 50 us
 * or more latches the strip. Each latch gives `onShow(t, [[r, g, b], ...])`.
 */
const ONE_NS = 600;
const LATCH_NS = 50000;

export function attachLeds(mcu, gpio, onShow) {
  const clock = mcu.clock;
  let rise = -1;
  let lastFall = -1;
  let bits = [];
  const flush = () => {
    if (bits.length < 24) {
      bits = [];
      return;
    }
    const leds = [];
    for (let i = 0; i + 24 <= bits.length; i += 24) {
      const v = (k) => {
        let b = 0;
        for (let j = 0; j < 8; j++) b = (b << 1) | bits[i + k + j];
        return b;
      };
      leds.push([v(8), v(0), v(16)]);
    }
    bits = [];
    onShow(lastFall, leds);
  };
  mcu.gpio[gpio].addListener((state) => {
    const t = clock.nanos;
    if (state === 1) {
      if (lastFall >= 0 && t - lastFall >= LATCH_NS) flush();
      rise = t;
    } else if (rise >= 0) {
      bits.push(t - rise >= ONE_NS ? 1 : 0);
      rise = -1;
      lastFall = t;
    }
  });
  /** Called now and then: a stream that ended long enough ago is latched. */
  return () => {
    if (bits.length && clock.nanos - lastFall >= LATCH_NS) flush();
  };
}
