"""The power model: a state's current drawn from the cell, from what the emulated RP2040
showed in that state (the core's busy and waiting time per clock, the backlight's PWM
duty, the LEDs' colours, the strip's supply switch, the panel asleep or not) and a
current for each part, each figure with its source. A model, not a meter: a real board
is what settles it (docs/performance.md says how to measure one with a USB power meter).

Where each figure comes from (SOURCES names them in the docs):
- the Pico (RP2040 and its regulator, measured at the USB input, 5 V): about 20 mA busy
  at 125 MHz and about 9 mA waiting in a timer sleep, about 5 mA underclocked ("pico"):
  modelled as a floor of 5 mA plus a part proportional to clk_sys;
- machine.lightsleep on a Pico: about 1.5 mA with a timer to wake it (the device asleep
  with a USB host), about 0.9 mA in DORMANT (asleep on a battery) ("lightsleep"); Adafruit measured under 2 mA in deep sleep and 7 mA with a time
  alarm ("adafruit") under CircuitPython;
- WS2812: just under 1 mA per LED when dark, and 33.5-52.5 mA per LED at full white
  (11-17 mA a channel) ("pjrc");
- the panel's backlight and controller: no published figure for the Pico-LCD-1.3; the
  backlight is taken as 20 mA at full duty (a typical single white LED for a 1.3" panel)
  and the ST7789's logic as 2 mA awake, 0.01 mA asleep ("assumed": check with a meter).
The cell: 3.7 V nominal. Figures measured at the 5 V USB input are scaled to the cell by
power (5 / 3.7, the same regulator efficiency assumed); the 3.3 V parts (panel,
backlight) through the Pico's regulator at 90 %; the LEDs hang on VSYS, the cell itself.
"""

SOURCES = {
    "pico": "Raspberry Pi Pico datasheet (Raspberry Pi Ltd), its chapter on power "
            "consumption, and public measurements of a Pico's current",
    "lightsleep": "MicroPython commit \"rp2: Implement machine.lightsleep()\" "
                  "(Damien George, 2022): measured on a Pico from USB",
    "adafruit": "Adafruit, \"Deep Sleep with CircuitPython\", RP2040 sleep section "
                "(learn.adafruit.com/deep-sleep-with-circuitpython/rp2040-sleep)",
    "pjrc": "PJRC, \"How Much Current Do WS2812 / NeoPixel LEDs Really Use?\" "
            "(pjrc.com)",
    "assumed": "assumed for the Waveshare Pico-LCD-1.3, which publishes no current: "
               "to be replaced by a meter reading",
}

CELL_V = 3.7
USB_V = 5.0
RAIL_V = 3.3
REGULATOR_EFF = 0.90
CAPACITY_MAH = 1000

# the Pico at the USB input (mA)
PICO_FLOOR_MA = 5.0        # "pico": underclocked
PICO_BUSY_125_MA = 20.0    # "pico": busy at 125 MHz
PICO_WAIT_125_MA = 9.0     # "pico": waiting (WFE) with the clocks running, a timer sleep
LIGHTSLEEP_MA = 1.5        # "lightsleep": machine.lightsleep(ms), the core and clocks off
DORMANT_MA = 0.9           # "lightsleep": machine.lightsleep() in DORMANT, no clock running
# the parts on the 3.3 V rail (mA at 3.3 V)
BACKLIGHT_FULL_MA = 20.0   # "assumed"
PANEL_AWAKE_MA = 2.0       # "assumed"
PANEL_ASLEEP_MA = 0.01     # "assumed"
# on VSYS (the cell)
WS2812_DARK_MA = 0.9       # "pjrc": each LED's controller, lit or not, while powered
WS2812_CHANNEL_MA = 14.0   # "pjrc": one colour channel at full level
SWITCH_ON_MA = 0.04        # the switch's 100 kohm gate resistor across the cell while on
NUM_LEDS = 8
SLEEP_MHZ = 12             # clk_sys in machine.lightsleep: the crystal, the PLLs off

# A typical evening with the device on: the share of the time in each state (the
# settings' defaults: dimmed after 30 s without a key). Asleep is counted apart (days).
EVENING = (("play", 0.45), ("dice rolling", 0.10), ("a bot thinking", 0.10),
           ("menu idle", 0.10), ("dimmed", 0.25))


# The figures the model takes, as the docs list them: (what, mA, where measured, source).
FIGURES = (
    ("the Pico busy at 125 MHz", PICO_BUSY_125_MA, "USB 5 V", "pico"),
    ("the Pico waiting (WFE) at 125 MHz", PICO_WAIT_125_MA, "USB 5 V", "pico"),
    ("the Pico underclocked (the floor of both)", PICO_FLOOR_MA, "USB 5 V", "pico"),
    ("the Pico in machine.lightsleep(ms)", LIGHTSLEEP_MA, "USB 5 V", "lightsleep"),
    ("the Pico in DORMANT (machine.lightsleep())", DORMANT_MA, "USB 5 V", "lightsleep"),
    ("the backlight at full duty", BACKLIGHT_FULL_MA, "3.3 V", "assumed"),
    ("the ST7789's logic, awake", PANEL_AWAKE_MA, "3.3 V", "assumed"),
    ("the ST7789's logic, asleep (SLPIN)", PANEL_ASLEEP_MA, "3.3 V", "assumed"),
    ("a WS2812, dark but powered", WS2812_DARK_MA, "VSYS", "pjrc"),
    ("a WS2812 colour channel at full level", WS2812_CHANNEL_MA, "VSYS", "pjrc"),
)


def usb_to_cell(ma):
    return ma * USB_V / CELL_V


def rail_to_cell(ma):
    return ma * RAIL_V / (CELL_V * REGULATOR_EFF)


def pico_usb_ma(busy_ms_by_mhz, wait_ms_by_mhz, total_ms):
    """The Pico's mean current at the USB input (mA) over a reading: busy time at clock f
    draws FLOOR + (BUSY_125 - FLOOR) f / 125, waiting time with the clocks running
    FLOOR + (WAIT_125 - FLOOR) f / 125, waiting at SLEEP_MHZ is the lightsleep, and
    DORMANT (the clock None) draws DORMANT_MA."""
    charge = 0.0
    for mhz, ms in busy_ms_by_mhz.items():
        if mhz is None:
            continue   # DORMANT: nothing executes
        charge += ms * (PICO_FLOOR_MA + (PICO_BUSY_125_MA - PICO_FLOOR_MA) * mhz / 125.0)
    for mhz, ms in wait_ms_by_mhz.items():
        if mhz is None:
            charge += ms * DORMANT_MA
        elif mhz == SLEEP_MHZ:
            charge += ms * LIGHTSLEEP_MA
        else:
            charge += ms * (PICO_FLOOR_MA + (PICO_WAIT_125_MA - PICO_FLOOR_MA) * mhz / 125.0)
    return charge / total_ms if total_ms else 0.0


def clock_of(key):
    """A reading's clock key as MHz, None for "dormant" (the meter's DORMANT time)."""
    return None if key == "dormant" else float(key)


def state_current(reading, switch=True):
    """{part: mA at the cell} and the total for a state measured on the emulated board.
    reading: {"ms", "clocks": {MHz text: {"busy_ms", "wait_ms"}}, "backlight_duty",
    "led_channels" (mean sum of the 24 channel levels, each 0-1), "strip_on" (share of
    the time powered), "panel_asleep" (share)}. switch=False: as the board was before
    the strip's supply switch (always powered)."""
    busy = {clock_of(k): v["busy_ms"] for k, v in reading["clocks"].items()}
    wait = {clock_of(k): v["wait_ms"] for k, v in reading["clocks"].items()}
    pico = usb_to_cell(pico_usb_ma(busy, wait, reading["ms"]))
    asleep = reading["panel_asleep"]
    panel = rail_to_cell(PANEL_ASLEEP_MA * asleep + PANEL_AWAKE_MA * (1 - asleep))
    backlight = rail_to_cell(BACKLIGHT_FULL_MA * reading["backlight_duty"])
    on = reading["strip_on"] if switch else 1.0
    leds = (WS2812_DARK_MA * NUM_LEDS * on + WS2812_CHANNEL_MA * reading["led_channels"]
            + (SWITCH_ON_MA * on if switch else 0.0))
    parts = {"pico": pico, "panel": panel, "backlight": backlight, "leds": leds}
    parts = {k: round(v, 3) for k, v in parts.items()}
    return parts, round(sum(parts.values()), 2)


def evening(currents):
    """The mean current (mA) of the EVENING mix, and the hours a CAPACITY_MAH cell lasts."""
    ma = sum(share * currents[name] for name, share in EVENING)
    return round(ma, 2), round(CAPACITY_MAH / ma, 1)


def days_asleep(ma):
    return round(CAPACITY_MAH / ma / 24.0, 1)

