"""PicoHal: the api.py contract on the real board (Pico or Pico 2 + Pico-LCD-1.3 + extras).

Builds every part from board/pins.py in a fixed order:
1. Clocks first (setup_clocks), because changing them afterwards would leave
   SPI and PWM dividers computed for the old clock. Since MicroPython 1.24 the
   rp2 port runs clk_peri (which clocks SPI) from the 48 MHz USB PLL, so SPI
   tops out at 24 MHz; machine.freq(cpu, peripheral) with both set to 125 MHz
   runs clk_peri from the system PLL instead and SPI can reach 62.5 MHz, the
   ST7789's limit (a frame on the wire: 14.7 ms instead of 38.4 ms; see
   hal/st7789.py for the whole push). 125 MHz is the
   RP2040's stock speed; on the RP2350 (stock 150 MHz) it costs some CPU
   speed, but 150 MHz could only give SPI 75 MHz (above the panel's rating)
   or 37.5 MHz. The rp2 port accepts a peripheral clock of exactly 48 MHz or
   the CPU clock. If the call is refused (older firmware, other port), the
   clocks are left alone and SPI runs at whatever the peripheral clock allows.
2. SPI1 at up to 62.5 MHz (the SDK picks the fastest rate not above it) and
   the display; then buttons, LEDs, buzzer, storage ("/data" on the flash)
   and the USB serial link. The link cables (hal/link_cable.py, UART0 and UART1;
   LINK C, hal/link_pio_thumb.py, for a host only) are opened only when link play asks
   for them (`link_ports()`), and link play closes them when it ends (or a port
   with no peer meanwhile), so their buffers cost no heap otherwise.

`buttons` reads the 9 key/joystick GPIOs (inputs with pull-ups, pressed =
low) into the shared debouncer (hal/debounce.py) with time.ticks_diff, so the
ticks_ms wraparound is handled.
"""

import gc
import os
import sys
import time

import machine
import neopixel
from micropython import const

from board import pins
from hal.buzzer import Buzzer
from hal.debounce import Debouncer
from hal.leds import Leds
from hal.serial_link import SerialLink
from hal.st7789 import ST7789
from hal.storage import FileStorage

_CPU_HZ = const(125_000_000)
_PERI_HZ = const(125_000_000)
_DEFAULT_PERI_HZ = const(48_000_000)  # rp2 since MicroPython 1.24, unless set with machine.freq(cpu, peri)
_SPI_BAUD = const(62_500_000)
_BACKLIGHT_PWM_HZ = const(1000)
_DATA_DIR = const("/data")


def setup_clocks(freq=None):
    """Sets CPU and peripheral clock to 125 MHz; returns the peripheral clock in Hz."""
    if freq is None:
        freq = machine.freq
    try:
        freq(_CPU_HZ, _PERI_HZ)
        return _PERI_HZ
    except (TypeError, ValueError, OSError):
        return _DEFAULT_PERI_HZ


def spi_baudrate(spi, fallback):
    """The rate the SPI really got: the rp2 port's repr shows it ("SPI(1, baudrate=...")."""
    text = repr(spi)
    at = text.find("baudrate=")
    if at < 0:
        return fallback
    at += 9
    end = at
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    return int(text[at:end]) if end > at else fallback


_SIO_GPIO_IN = const(0xD0000004)  # every GPIO's input level, one bit each
_DOZE_MS = const(100)  # a key wakes the sleeping device within this (and < 300 ms in all)
_USB_ADDR_ENDP = const(0x50110000)  # the address a USB host gave the device; 0: none
_DORMANT_WAKE_INTE0 = const(0x40014160)  # IO_BANK0; bit 4k of a GPIO's nibble: level low
_ATOMIC_SET = const(0x2000)  # register alias that sets the bits written
_ATOMIC_CLR = const(0x3000)  # and the one that clears them


class PicoButtons:
    """The nine buttons: active-low GPIOs with pull-ups, read each frame through the
    debouncer. A falling edge also latches its button from an interrupt, so a tap that
    starts and ends inside one long frame (a boot check, a save) is still seen by the
    next poll, as a press and then a release."""

    def __init__(self, gpios=pins.BUTTON_PINS):
        Pin = machine.Pin
        self.gpios = tuple(gpios)
        self.pins = [Pin(g, Pin.IN, Pin.PULL_UP) for g in gpios]
        self.deb = Debouncer(len(self.pins), time.ticks_diff)
        self.gpio_mask = 0
        for g in gpios:
            self.gpio_mask |= 1 << g
        self.latched = 0  # GPIO bits that went low since the last poll
        self.levels = machine.mem32[_SIO_GPIO_IN] & self.gpio_mask  # as the last poll saw them
        for p in self.pins:
            p.irq(self._edge, Pin.IRQ_FALLING)

    def _edge(self, pin):
        # every button low now (the one whose edge this is among them); runs scheduled,
        # between bytecodes, so a busy frame does not delay it
        self.latched |= ~machine.mem32[_SIO_GPIO_IN] & self.gpio_mask

    def raw(self):
        """Bitmask of the buttons held now or pressed since the last poll (undebounced)."""
        latched = self.latched
        self.latched = 0
        mask = 0
        bit = 1
        k = 0
        for p in self.pins:
            if not p.value() or (latched >> self.gpios[k]) & 1:
                mask |= bit
            bit <<= 1
            k += 1
        return mask

    def poll(self, now_ms):
        self.levels = machine.mem32[_SIO_GPIO_IN] & self.gpio_mask
        return self.deb.update(now_ms, self.raw())

    def wait(self, ms):
        """Sleeps up to ms, 1 ms at a time, and returns as soon as a button's level differs
        from what the last poll saw or a press was latched: a press is handled at once,
        not up to a frame later."""
        mem = machine.mem32
        mask = self.gpio_mask
        seen = self.levels
        sleep = time.sleep_ms
        ticks = time.ticks_ms
        diff = time.ticks_diff
        end = time.ticks_add(ticks(), ms)  # a deadline: 1 ms sleeps overrun, counts drift
        while diff(end, ticks()) > 0:
            if mem[_SIO_GPIO_IN] & mask != seen or self.latched:
                return
            sleep(1)

    def is_down(self, button):
        return self.deb.is_down(button)


def display_dma():
    """A DMA channel for the display's pushes (rp2.DMA, MicroPython 1.22 and later), or
    None: the display then writes through machine.SPI."""
    try:
        # the C half of rp2: its Python half (the PIO assembler) would stay in RAM
        import _rp2
        return _rp2.DMA()
    except (ImportError, AttributeError, OSError):
        return None


class PicoHal:
    def __init__(self, data_dir=_DATA_DIR):
        self.peri_hz = setup_clocks()
        Pin = machine.Pin
        spi = machine.SPI(pins.LCD_SPI_ID, baudrate=_SPI_BAUD, polarity=0, phase=0,
                          sck=Pin(pins.LCD_SCK), mosi=Pin(pins.LCD_MOSI), miso=None)
        self.spi_hz = spi_baudrate(spi, min(_SPI_BAUD, self.peri_hz // 2))
        backlight = machine.PWM(Pin(pins.LCD_BL))
        backlight.freq(_BACKLIGHT_PWM_HZ)
        backlight.duty_u16(0)
        gc.collect()  # the 57,600-byte frame buffer needs one contiguous free block
        # DC (GPIO 8) is SPI1's default MISO, which the rp2 SPI init may claim even with
        # miso=None; making the DC Pin after the SPI gives the pin back to plain GPIO.
        self.display = ST7789(spi,
                              dc=Pin(pins.LCD_DC, Pin.OUT, value=1),
                              cs=Pin(pins.LCD_CS, Pin.OUT, value=1),
                              rst=Pin(pins.LCD_RST, Pin.OUT, value=1),
                              backlight_pwm=backlight, sleep_ms=time.sleep_ms,
                              dma=display_dma())
        self.buttons = PicoButtons()
        strip = neopixel.NeoPixel(Pin(pins.LED_DATA, Pin.OUT), pins.NUM_LEDS)
        # the strip's supply off until something lights (hal/leds.py)
        self.leds = Leds(strip, pins.NUM_LEDS, Pin(pins.LED_POWER, Pin.OUT, value=0),
                         time.sleep_ms)
        self.buzzer = Buzzer(machine.PWM(Pin(pins.BUZZER)))
        self.storage = FileStorage(data_dir)
        self.serial = SerialLink()
        # Plain functions as attributes: hal.ticks_ms() costs no bound-method object.
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms
        self.sleep_us = time.sleep_us   # app.link.wake: a message's end, to the byte
        self.wait_for_input = self.buttons.wait
        self.version = self.describe()
        self.firmware = firmware_name()
        # frozen code costs no RAM: the sync fits beside a game
        self.sync_in_game = self.firmware.startswith("image ")
        self._links = None

    def link_ports(self, host=False):
        """The link cables: LINK A on UART0 and LINK B on UART1, and with host=True also
        and state machines). Each is opened at its first call; a cable closed since (link
        play closes a port with no peer) is opened again, the same object; a closed LINK C
        is a fresh one (link play drops a closed one: its module leaves the heap). Each has write,
        read, free, waiting, close and reopen."""
        if self._links is None:
            from hal.link_cable import open_ports
            self._links = open_ports(pins.LINK_PORTS)
        else:
            for c in self._links:
                c.reopen()
        if not host:
            return self._links
        # LINK C is not kept here: link play drops it once closed (its driver, rings and
        # module leave the heap) and asks again for a fresh one (hal.link_pio_thumb.open_port
        # gives the open one while it is open)
        from hal.link_pio_thumb import open_port
        return self._links + [open_port(*pins.LINK_C)]

    def doze(self):
        """The idle sleep (app.power), as deep as MicroPython allows with a key to wake it,
        then the clocks as setup_clocks set them (waking brings back the firmware's
        defaults, which would leave SPI at a third of its rate).

        On a battery (no USB host has given the device an address): DORMANT, the crystal
        and every clock stopped, until a key's level wakes it (machine.lightsleep()
        without a time; the buttons' dormant wake armed here, as MicroPython arms none).
        With a USB host, whose link DORMANT would drop: machine.lightsleep in _DOZE_MS
        steps (the core stopped, every clock off but the timer's and USB's, the PLL
        down) until a key is down, and a byte from the PC (a sync) ends it too."""
        mem = machine.mem32
        buttons = self.buttons
        mask = buttons.gpio_mask
        sleep = machine.lightsleep
        if mem[_USB_ADDR_ENDP] & 0x7F:
            serial = self.serial
            while mem[_SIO_GPIO_IN] & mask == mask and not buttons.latched \
                    and not serial.waiting():
                sleep(_DOZE_MS)
        else:
            self._dormant_wake(_ATOMIC_SET)
            while mem[_SIO_GPIO_IN] & mask == mask and not buttons.latched:
                sleep()
            self._dormant_wake(_ATOMIC_CLR)
        setup_clocks()

    def _dormant_wake(self, alias):
        """Arms (alias _ATOMIC_SET) or disarms (_ATOMIC_CLR) the wake from DORMANT on each
        button's low level: IO_BANK0's DORMANT_WAKE_INTE registers, 4 bits a GPIO."""
        mem = machine.mem32
        for g in self.buttons.gpios:
            mem[(_DORMANT_WAKE_INTE0 + 4 * (g >> 3)) | alias] = 1 << (4 * (g & 7))

    def random_seed(self):
        """30 bits of hardware entropy (os.urandom uses the RP2's ring oscillator / TRNG)."""
        return int.from_bytes(os.urandom(4), "little") & 0x3FFFFFFF

    def mem_free(self):
        gc.collect()
        return gc.mem_free()

    def describe(self):
        impl = sys.implementation
        v = impl.version
        return "MicroPython %d.%d.%d; %s; CPU %d MHz, SPI %s MHz; %s" % (
            v[0], v[1], v[2], getattr(impl, "_machine", sys.platform),
            machine.freq() // 1_000_000, _mhz(self.spi_hz), pins.BOARD_NAME)


def firmware_name():
    """The Kocka firmware image's name (`make uf2`), or the MicroPython the app files run on
    (`make flash`)."""
    try:
        image = __import__("kocka_image")
        return "image " + image.NAME
    except ImportError:
        v = sys.implementation.version
        return "MicroPython %d.%d.%d + app files" % (v[0], v[1], v[2])


def _mhz(hz):
    whole = hz // 1_000_000
    tenths = (hz % 1_000_000) // 100_000
    return "%d.%d" % (whole, tenths) if tenths else "%d" % whole
