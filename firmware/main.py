"""The device entry point (MicroPython runs main.py at boot): build the board, run the app.

If building the HAL or the app raises, the device does not die silently: the
traceback goes to the REPL (USB serial), the end of it is drawn on the
screen in the framebuf's built-in 8x8 font (white on dark red: the frame
holds palette indices, so the screen sets a two-colour palette of its own),
and the LEDs blink red until Ctrl-C (e.g. from mpremote), which drops to the
REPL. Ctrl-C itself (KeyboardInterrupt) is not an Exception, so it always
reaches the REPL.
"""

import sys

DARK_RED = 0  # palette indices on the crash screen
WHITE = 1
CRASH_COLOURS = ((160, 16, 0), (255, 255, 255))  # index 0, index 1; the rest black
COLS = 29  # 8x8 glyphs across 240 px, with a 4 px margin
ROWS = 27


def traceback_text(exc):
    import io
    out = io.StringIO()
    sys.print_exception(exc, out)
    return out.getvalue()


def screen_lines(text):
    lines = []
    for line in text.split("\n"):
        line = line.rstrip()
        while len(line) > COLS:
            lines.append(line[:COLS])
            line = "  " + line[COLS:]
        if line:
            lines.append(line)
    return lines[-ROWS:]  # the end of a traceback is the useful part


def crash_palette():
    """The 768 palette bytes (256 x r, g, b) for hal.display.set_palette."""
    rgb = bytearray(768)
    for i in range(len(CRASH_COLOURS)):
        r, g, b = CRASH_COLOURS[i]
        rgb[3 * i] = r
        rgb[3 * i + 1] = g
        rgb[3 * i + 2] = b
    return rgb


def report_crash(hal, exc, blinks=-1):
    """Traceback to the REPL and the screen, then blink red; blinks=-1: until Ctrl-C."""
    text = traceback_text(exc)
    print("Kocka crashed:")
    print(text)
    if hal is None:
        return
    for undo in (lambda: hal.buzzer.off(), lambda: hal.serial.end_session()):
        try:
            undo()  # the app may have left a tone on, or Ctrl-C turned off
        except Exception:
            pass
    try:
        hal.display.set_palette(crash_palette())  # replaces the app's palette
        fb = hal.display.fb
        fb.fill(DARK_RED)
        fb.text("Kocka crashed", 4, 4, WHITE)
        y = 20
        for line in screen_lines(text):
            fb.text(line, 4, y, WHITE)
            y += 8
        hal.display.backlight(100)
        hal.display.show()
    except Exception as e2:
        print("could not draw the error:", e2)
    leds = hal.leds
    leds.brightness = 64
    on = True
    while blinks != 0:
        leds.fill(255 if on else 0, 0, 0)
        leds.show()
        hal.sleep_ms(300)
        on = not on
        if blinks > 0:
            blinks -= 1


def prefer_frozen():
    """In the Kocka firmware image (`make uf2`) the app is frozen into flash: its modules
    must win over app/ files an earlier `make flash` install left on the filesystem
    (MicroPython looks on the filesystem first). Stock firmware has no kocka_image."""
    try:
        __import__("kocka_image")  # frozen by tools/build_uf2.py; nowhere else
    except ImportError:
        return False
    if ".frozen" in sys.path:
        sys.path.remove(".frozen")
        sys.path.insert(0, ".frozen")
    return True


def fast_text(app, hal):
    """The app's text through the Pico's Thumb loop, where the display's loops run."""
    if getattr(hal.display, "_fast", False):
        from app import font, font_fast
        font_fast.use(font, app.fb, hal.display.buf)


def forget_boot_imports():
    """The port's _boot.py imports rp2 to mount the flash and leaves it loaded, here and
    in sys.modules: its Python half, the PIO assembler, holds about 2 KB of RAM, and
    Kocka uses only its C half, _rp2 (LINK C's driver builds its programs with the
    assembler and lets it go again: hal/link_pio_thumb.py)."""
    globals().pop("rp2", None)
    sys.modules.pop("rp2", None)


def main():
    forget_boot_imports()
    prefer_frozen()
    hal = None
    try:
        from hal.pico import PicoHal
        hal = PicoHal()
        from app.app import App
        app = App(hal)
        fast_text(app, hal)
        app.run(hal.wait_for_input)
    except Exception as exc:
        report_crash(hal, exc)


if __name__ == "__main__":
    main()
