/**
 * The USB host side of the device's CDC serial port (rp2040js' USBCDC does the
 * enumeration). Bytes for the device wait in a queue of any length, and a read the
 * device posts is answered only when there is something to send: answering every read
 * with an empty packet would keep the device in USB interrupts.
 */
import { USBCDC } from 'rp2040js';

export function attachCdc(mcu, onData, onConnected) {
  const usb = mcu.usbCtrl;
  const cdc = new USBCDC(usb);
  const queue = [];
  let pending = 0;
  const answer = () => {
    if (!pending || !queue.length || cdc.outEndpoint < 0) return;
    const n = Math.min(pending, queue.length);
    const buf = Uint8Array.from(queue.splice(0, n));
    pending = 0;
    usb.endpointReadDone(cdc.outEndpoint, buf);
  };
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return;
    pending = size;
    answer();
  };
  cdc.onSerialData = (bytes) => onData(bytes);
  cdc.onDeviceConnected = () => onConnected();
  return {
    send(bytes) {
      for (const b of bytes) queue.push(b);
      answer();
    },
    get connected() {
      return cdc.initialized;
    },
  };
}
