/**
 * The boot ROM, patched so that flash writes reach the emulated flash.
 *
 * rp2040js models the flash as a plain array behind XIP and its SSI as a stub, so the
 * pico-sdk's flash_range_erase / flash_range_program (which call the ROM's functions of
 * the same names through rom_func_lookup) would change nothing. Here the ROM's function
 * table is read, the first instruction of 'RE' (erase) and 'RP' (program) becomes a
 * BKPT that this module services in JavaScript, and the ROM's other flash helpers
 * (connect_internal_flash, flash_exit_xip, flash_flush_cache, flash_enter_cmd_xip)
 * return at once: with no real flash chip there is nothing for them to do.
 */
import { readFileSync } from 'fs';

const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;
const BX_LR = 0x4770;
const FLASH_SECTOR = 4096;
const FLASH_PAGE = 256;
// The Pico's W25Q16JV, typical figures from its datasheet (the maxima are 400 ms and 3 ms):
// the CPU waits this long in the ROM call, with the flash unreadable.
const ERASE_NS_PER_SECTOR = 45e6;
const PROGRAM_NS_PER_PAGE = 0.4e6;

function code(a, b) {
  return a.charCodeAt(0) | (b.charCodeAt(0) << 8);
}

/** The ROM's function table: a map from two-letter code to function address (thumb bit cleared). */
export function romFunctions(rom) {
  const view = new DataView(rom.buffer, rom.byteOffset, rom.byteLength);
  let at = view.getUint16(0x14, true);
  const funcs = new Map();
  for (;;) {
    const c = view.getUint16(at, true);
    if (!c) break;
    funcs.set(c, view.getUint16(at + 2, true) & ~1);
    at += 4;
  }
  return funcs;
}

/** Reads the B1 ROM file and returns it patched, as 32-bit words for RP2040.loadBootrom. */
export function patchedBootrom(path) {
  const rom = new Uint8Array(readFileSync(path));
  const funcs = romFunctions(rom);
  const put16 = (addr, value) => {
    rom[addr] = value & 0xff;
    rom[addr + 1] = value >> 8;
  };
  const need = (name) => {
    const addr = funcs.get(code(name[0], name[1]));
    if (addr === undefined) throw new Error(`boot ROM has no function '${name}'`);
    return addr;
  };
  put16(need('RE'), 0xbe00 | BKPT_ERASE);
  put16(need('RP'), 0xbe00 | BKPT_PROGRAM);
  for (const name of ['IF', 'EX', 'FC', 'CX']) put16(need(name), BX_LR);
  return new Uint32Array(rom.buffer, rom.byteOffset, rom.byteLength / 4);
}

/**
 * Services the two BKPTs on `mcu`: erase sets bytes to 0xFF, program ANDs the data in
 * (as NOR flash does), the emulated clock advances by the chip's typical erase or
 * program time, then the call returns to its caller. `onWrite(kind, offset, count)` is
 * told of each. Any other BKPT is passed to `otherBreak`.
 */
export function trapFlashWrites(mcu, onWrite, otherBreak) {
  mcu.onBreak = (imm) => {
    const core = mcu.core;
    const r = core.registers;
    if (imm === BKPT_ERASE) {
      const offset = r[0] >>> 0;
      const count = r[1] >>> 0;
      const start = offset - (offset % FLASH_SECTOR);
      const end = Math.min(mcu.flash.length, offset + count);
      mcu.flash.fill(0xff, start, end);
      mcu.clock.tick(Math.ceil((end - start) / FLASH_SECTOR) * ERASE_NS_PER_SECTOR);
      onWrite('erase', start, end - start);
    } else if (imm === BKPT_PROGRAM) {
      const offset = r[0] >>> 0;
      const src = r[1] >>> 0;
      const count = r[2] >>> 0;
      for (let i = 0; i < count; i++) {
        mcu.flash[offset + i] &= mcu.readUint8(src + i);
      }
      mcu.clock.tick(Math.ceil(count / FLASH_PAGE) * PROGRAM_NS_PER_PAGE);
      onWrite('program', offset, count);
    } else {
      if (otherBreak) otherBreak(imm);
      return;
    }
    core.PC = r[14] & ~1;
  };
}
