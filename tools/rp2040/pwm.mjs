/**
 * Watches PWM outputs: after every write to the PWM block, each watched GPIO's slice
 * and channel are read back (enable, divider, TOP, compare level) and a change of
 * frequency or duty is reported as `onChange(gpio, t, hz, duty)` (hz 0 when the slice
 * is off or the level is 0).
 */
export function attachPwm(mcu, gpios, onChange) {
  const pwm = mcu.pwm;
  const last = new Map();
  const check = () => {
    for (const gpio of gpios) {
      const ch = pwm.channels[(gpio >> 1) & 7];
      const b = gpio & 1;
      const level = b ? (ch.cc >>> 16) & 0xffff : ch.cc & 0xffff;
      const enabled = !!(ch.csr & 1);
      const phaseCorrect = !!(ch.csr & 2);
      const div = (ch.div >> 4) + (ch.div & 0xf) / 16 || 256;
      const period = (ch.top + 1) * (phaseCorrect ? 2 : 1);
      const hz = enabled && level ? mcu.clkSys / (div * period) : 0;
      const duty = enabled ? Math.min(1, level / (ch.top + 1)) : 0;
      const key = `${hz.toFixed(3)}:${duty.toFixed(5)}`;
      if (last.get(gpio) !== key) {
        last.set(gpio, key);
        onChange(gpio, mcu.clock.nanos, hz, duty);
      }
    }
  };
  const write = pwm.writeUint32.bind(pwm);
  pwm.writeUint32 = (offset, value) => {
    write(offset, value);
    check();
  };
  check();
}
