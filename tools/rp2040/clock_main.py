"""main.py for `bench power`'s clock comparison: the app as firmware/main.py runs it, with
the CPU and peripheral clocks set to clock_mhz.txt's MHz after the HAL is built (125: left
as hal/pico.py sets them). The SPI's rate and the backlight's PWM are set again for the
new clock, as a per-state clock switch in the app would have to."""
import machine

from hal.pico import PicoHal
from app.app import App


def main():
    hal = PicoHal()
    with open("/clock_mhz.txt") as f:
        mhz = int(f.read())
    if mhz != 125:
        machine.freq(mhz * 1_000_000, mhz * 1_000_000)
        hal.display.spi.init(baudrate=62_500_000)
        hal.display.bl.freq(1000)
        hal.display.backlight(hal.display.level)
    print("KCLOCK", machine.freq())
    app = App(hal)
    if getattr(hal.display, "_fast", False):
        from app import font, font_fast
        font_fast.use(font, app.fb, hal.display.buf)
    app.run(hal.wait_for_input)


main()
