"""The hardware abstraction every runtime implements: constants and the contract.

The app talks to hardware only through one `hal` object with these parts
(the Pico drivers in this package and the simulator both provide them):

    hal.display   .width .height (240), .buf (bytearray, one byte per pixel: a
                  palette index), .fb (framebuf.FrameBuffer GS8 over .buf),
                  .set_palette(rgb) (768 bytes: 256 x r, g, b; kept as
                  .palette), .show()
                  pushes the frame converting indices to the panel's colours,
                  .backlight(percent 0-100), .sleep() (backlight and panel off, the
                  frame kept) and .wake() (panel on; the caller sets the backlight)
    hal.buttons   .poll(now_ms) -> list of events (the list is reused between
                  calls: read it before the next poll), .is_down(button)
    hal.leds      .n (8), .set(i, r, g, b), .fill(r, g, b), .show(),
                  .brightness (0-255, applied in show())
    hal.buzzer    .tone(freq_hz, volume 0-100), .off()
    hal.storage   .read(name) -> bytes or None, .write(name, data) (atomic),
                  .append(name, data), .remove(name), .listdir(), .size(name)
                  (-1 if missing), .free_bytes() (-1 if unknown)
    hal.serial    .read_byte() -> int, or -1 when nothing waits (never blocks),
                  .write(data), .begin_session(), .end_session()
    hal.ticks_ms(), hal.ticks_diff(a, b), hal.sleep_ms(ms)
    hal.wait_for_input(ms) (the Pico's: main.py gives it to App.run) sleeps up to ms
                  and returns early when a button changes
    hal.link_ports(host=False) -> list of link play's transports, one per cable or
                  connection, each with write(data) (never blocks, may drop) and
                  read() (the bytes since the last call, bytes or memoryview, or
                  None); host=True adds the ports only a host uses (the Pico's LINK C);
                  on the Pico also .free(), .waiting(), .close(), .reopen()
                  (hal/link_cable.py, hal/link_pio_thumb.py); optional .role
                  ("host"/"guest": it can only do that) and .where (the address to
                  show); [] when nothing is wired (docs/link.md)
    hal.doze()    optional (the Pico's): sleeps as deeply as it can until a key is
                  down (app.power's sleep); without it the sleeping app polls each frame
    hal.random_seed() -> int (hardware entropy on the device)
    hal.mem_free() -> free heap bytes after a collection, or None where the
                  figure means nothing (the simulator, headless runs)
    hal.version -> str (runtime description for the About screen)
    hal.firmware -> str (what was installed: the Kocka image's name, or MicroPython's
                  version with the app as files, or "simulator")
    hal.sync_in_game -> bool (room for the sync code next to a game: the code is
                  frozen in flash, so a PC may sync while a game is open)

Events are small ints: (kind << 4) | button, so the hot path allocates nothing.
"""

from micropython import const

# Buttons: the joystick's five directions and the four keys.
UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
PRESS = const(4)  # joystick centre press
KEY_A = const(5)
KEY_B = const(6)
KEY_X = const(7)
KEY_Y = const(8)
NUM_BUTTONS = const(9)

BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "PRESS", "A", "B", "X", "Y")

# Event kinds.
PRESSED = const(1)
RELEASED = const(2)
REPEAT = const(3)  # auto-repeat while held (joystick and keys)


def event(kind, button):
    return (kind << 4) | button


def kind_of(ev):
    return ev >> 4


def button_of(ev):
    return ev & 15


WIDTH = const(240)
HEIGHT = const(240)
FRAME_BYTES = const(57600)  # WIDTH * HEIGHT, one palette index per pixel
PALETTE_SIZE = const(256)
NUM_LEDS = const(8)
