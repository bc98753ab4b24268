/**
 * DORMANT on the emulated chip. rp2040js stops the crystal when the firmware writes its
 * DORMANT value but models no way back, and its core would spin in the SDK's wait for a
 * stable crystal. Here the core stops while the crystal sleeps, and a button going low
 * wakes it (the firmware arms the buttons' dormant wake, level low, in IO_BANK0; this
 * harness does not read those registers back). Unlike the chip's, the emulator's timer
 * goes on counting while dormant.
 */
const XOSC_BASE = 0x40024; // rp2040js keys its peripherals by address >> 12
const XOSC_DORMANT = 0x08;
const XOSC_WAKE = 0x77616b65; // "wake"

export function attachDormant(mcu, buttons) {
  const xosc = mcu.peripherals[XOSC_BASE];
  return {
    xosc,
    get asleep() {
      return xosc.isDormant;
    },
    /** A button is down: the crystal starts again and the core goes on. */
    wakeOnKey() {
      if (xosc.isDormant && buttons.some((g) => !mcu.gpio[g].inputValue)) {
        xosc.writeUint32(XOSC_DORMANT, XOSC_WAKE);
      }
    },
  };
}
