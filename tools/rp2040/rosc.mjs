/**
 * The ring oscillator's RANDOMBIT from a seeded generator. rp2040js leaves the ROSC
 * unimplemented (every bit reads 1), so os.urandom, seeded from it, gives every emulated
 * chip and every boot the same bytes; two linked devices would then draw the same link
 * epochs, and a restarted one the epoch of its previous life. With a seed per device and
 * boot each draws its own, and a run is still the same every time.
 */
const RANDOMBIT = 0x1c;

export function attachRosc(mcu, seed) {
  const rosc = mcu.peripherals[0x40060];
  const read = rosc.readUint32.bind(rosc);
  let x = (seed >>> 0) || 1;
  rosc.readUint32 = (offset) => {
    if (offset !== RANDOMBIT) return read(offset);
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x & 1;
  };
}
