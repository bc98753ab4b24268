"""The Kocka board's pin map: the one place GPIO numbers are written down.

The board is a Raspberry Pi Pico (RP2040) or Pico 2 (RP2350) under a Waveshare
Pico-LCD-1.3 (ST7789 240x240 panel on SPI1, 5-way joystick, keys A B X Y),
plus a strip of 8 WS2812 LEDs and a passive piezo buzzer. The drivers
(hal/pico.py) read the constants. The same pins as a table, for the tests that
compare it with the hardware docs, are in board/pin_table.py (never imported on the
device: as files its strings would cost 2 KB of the Pico's heap).

PWM slices: a GPIO's slice is (gpio >> 1) & 7 and its channel gpio & 1. The
backlight (GPIO 13, slice 6 B) and the buzzer (GPIO 14, slice 7 A) are on
different slices, so their frequencies are independent.
"""

from micropython import const

# ST7789 display on SPI1.
LCD_SPI_ID = const(1)
LCD_DC = const(8)
LCD_CS = const(9)
LCD_SCK = const(10)
LCD_MOSI = const(11)
LCD_RST = const(12)
LCD_BL = const(13)  # backlight, PWM

BUZZER = const(14)  # passive piezo, PWM

# Keys and joystick: to ground, internal pull-ups, active low.
KEY_A = const(15)
KEY_B = const(17)
KEY_X = const(19)
KEY_Y = const(21)
JOY_UP = const(2)
JOY_DOWN = const(18)
JOY_LEFT = const(16)
JOY_RIGHT = const(20)
JOY_PRESS = const(3)

# Link cables (link play, docs/link.md): two 3.5 mm TRS jacks, tip TX (through 1 kohm),
# ring RX (pulled up), sleeve GND; a crossed cable joins two Kockas. A guest plugs into
# LINK A; a host of three or four plugs one guest into each (a star with the host in the
# middle).
LINK_A_UART = const(0)
LINK_A_TX = const(0)
LINK_A_RX = const(1)
LINK_B_UART = const(1)
LINK_B_TX = const(4)
LINK_B_RX = const(5)
LINK_PORTS = ((LINK_A_UART, LINK_A_TX, LINK_A_RX), (LINK_B_UART, LINK_B_TX, LINK_B_RX))
# LINK C, a third jack for the host of four: a PIO UART (hal/link_pio_thumb.py, the RP2040 has
# two UARTs), PIO0's state machines 0 (TX) and 1 (RX); the same jack and wiring.
LINK_C_SM = const(0)
LINK_C_TX = const(6)
LINK_C_RX = const(7)
LINK_C = (LINK_C_SM, LINK_C_TX, LINK_C_RX)

LED_DATA = const(22)  # WS2812 data in, bit-banged by neopixel (machine.bitstream; no PIO)
NUM_LEDS = const(8)
LED_POWER = const(26)  # high: the strip's supply switched on (hardware/README.md, Power)

# Button GPIOs indexed by the api's button numbers:
# UP, DOWN, LEFT, RIGHT, PRESS, A, B, X, Y.
BUTTON_PINS = (JOY_UP, JOY_DOWN, JOY_LEFT, JOY_RIGHT, JOY_PRESS, KEY_A, KEY_B, KEY_X, KEY_Y)

BOARD_NAME = "Pico + Waveshare Pico-LCD-1.3"
