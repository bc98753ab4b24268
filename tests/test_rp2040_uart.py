"""The emulated UART (tools/rp2040/uart.mjs) as a PL011, register by register, on a bare
rp2040js chip (no firmware): the TX FIFO fills to 32 and says so, bytes leave one
character time apart at the divider's baud rate, the TX interrupt comes when the level
falls through the trigger level and goes with ICR or with a write above the level (never
re-raised by an ICR write: rp2040js' own model did that, and MicroPython's handler never
returned), the RX interrupt at the trigger level, the receive timeout after 32 quiet bit
times, an overrun past 32 bytes, a break."""
import json
import os
import subprocess

import pytest

from tests import devicerun

pytestmark = pytest.mark.emulator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = r"""
import { RP2040 } from 'rp2040js';
import { attachUart } from './tools/rp2040/uart.mjs';

const mcu = new RP2040();
const irq = [];
const setInterrupt = mcu.setInterrupt.bind(mcu);
mcu.setInterrupt = (n, v) => { if (n === mcu.uart[0].irq) irq.push(v); setInterrupt(n, v); };
const u = mcu.uart[0];
const model = attachUart(mcu, 0);
const sent = [];
model.onTransmit = (byte, endNs) => sent.push([byte, endNs]);
const W = (off, v) => { u.rawWriteValue = v; u.writeUint32(off, v); };
const R = (off) => u.readUint32(off);
const out = {};
// 115200 baud from clk_peri 125 MHz: divider 67.8125 (IBRD 67, FBRD 52), 8N1, FIFOs on
mcu.clkPeri = 125e6;
W(0x24, 67); W(0x28, 52); W(0x2c, (3 << 5) | (1 << 4)); W(0x30, 1 | (1 << 8) | (1 << 9));
W(0x34, 0);                       // IFLS: both levels 1/8 (4 bytes)
W(0x38, (1 << 5) | (1 << 4) | (1 << 6));   // IMSC: TX, RX, RT
out.byteNs = model.byteNs();
out.frIdle = R(0x18);
for (let i = 0; i < 33; i++) W(0x00, 0x41 + i);   // one more than the FIFO holds
out.frFull = R(0x18);
out.lostTx = model.stats.lostTx;
out.risAfterWrite = R(0x3c);
// run until the level has fallen to the trigger: 1 in the shifter, 28 more gone
const tick = (ns) => mcu.clock.tick(ns);
tick(out.byteNs * 28 + 1);
out.sentBy28 = sent.length;
out.misAt4 = R(0x40);
W(0x44, 1 << 5);                  // ICR: TX
out.misAfterIcr = R(0x40);
out.pendingAfterIcr = !!(mcu.core.pendingInterrupts & (1 << u.irq));
tick(out.byteNs * 10);
out.sentAll = sent.length;
out.gaps = sent.slice(1).map((s, i) => s[1] - sent[i][1]);
out.frDrained = R(0x18);
out.misDrained = R(0x40);         // it fell through the level once only
// RX: three bytes (below the level) then quiet: the timeout; a fourth: the level
W(0x44, 0x7ff);
for (const b of [1, 2, 3]) model.receive(b);
out.misRx3 = R(0x40);
tick(32 * 1e9 / model.baud() + 10);
out.misRxTimeout = R(0x40);
model.receive(4);
out.misRx4 = R(0x40);
out.rx = [R(0), R(0), R(0), R(0)];
out.misRxRead = R(0x40);
model.receiveBreak();
out.breakDr = R(0);
out.breakRis = R(0x3c) & (1 << 9);
for (let i = 0; i < 40; i++) model.receive(i);
out.overruns = model.stats.overruns;
out.risOverrun = R(0x3c) & (1 << 10);
console.log(JSON.stringify(out));
"""


def run_model():
    devicerun.require()
    path = os.path.join(ROOT, "build", "uart_model_check.mjs")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(SCRIPT.replace("./tools/", "../tools/"))
    proc = subprocess.run(["node", path], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def model():
    return run_model()


TXFE, TXFF, BUSY, RXFE = 1 << 7, 1 << 5, 1 << 3, 1 << 4
TXINT, RXINT, RTINT = 1 << 5, 1 << 4, 1 << 6


def test_a_character_takes_ten_bit_times_at_the_dividers_rate(model):
    assert abs(model["byteNs"] - 10e9 / 115200) < 100
    assert all(abs(g - model["byteNs"]) < 1 for g in model["gaps"])


def test_the_tx_fifo_holds_32_and_says_when_it_is_full_busy_and_empty(model):
    assert model["frIdle"] & TXFE and not model["frIdle"] & (TXFF | BUSY)
    assert model["frFull"] & TXFF and model["frFull"] & BUSY
    assert model["lostTx"] == 0            # the first byte went straight to the shifter
    assert model["sentAll"] == 33
    assert model["frDrained"] & TXFE and not model["frDrained"] & BUSY


def test_the_tx_interrupt_comes_as_the_level_falls_through_the_trigger_and_icr_clears_it(model):
    assert not model["risAfterWrite"] & TXINT
    assert model["sentBy28"] == 29 and model["misAt4"] & TXINT
    assert not model["misAfterIcr"] & TXINT and not model["pendingAfterIcr"]
    assert not model["misDrained"] & TXINT


def test_rx_interrupts_at_the_level_and_after_32_quiet_bit_times(model):
    assert not model["misRx3"] & (RXINT | RTINT)
    assert model["misRxTimeout"] & RTINT
    assert model["misRx4"] & RXINT
    assert model["rx"] == [1, 2, 3, 4]
    assert not model["misRxRead"] & (RXINT | RTINT)


def test_bytes_past_a_full_rx_fifo_are_lost_and_flagged(model):
    assert model["overruns"] == 8 and model["risOverrun"]


def test_a_line_held_low_reads_as_one_break_character(model):
    assert model["breakDr"] == 1 << 10 and model["breakRis"]
