"""The Kocka simulator: the device's app, unchanged, on a PC.

`python -m simulator` opens a window that looks like the device (screen, LEDs,
joystick, keys A B X Y, sound); `python -m simulator --headless` runs a demo
with no window and writes a screenshot. Modules, one job each:

    cli         command-line parsing and dispatch (the `python -m simulator` entry)
    roots       the import roots the device has (firmware/, the repo root, mpcompat)
    demos       the app's demos by name; a clear error for unknown names
    headless    runs the app with no window on a virtual clock, saves the last frame
    frame       RGB565 framebuffer bytes -> pygame Surface / PNG, no per-pixel loop
    tones       square-wave tones through pygame.mixer (silent if there is no audio)
    buttons     window buttons: raw pressed states through the device's debouncer
    serial_port the simulated USB serial port (a pty with --pty, else nothing)
    sim_hal     the window HAL: the virtual HAL plus a real clock, sound, buttons
    keymap      which keyboard keys drive which device buttons
    layout      where everything sits on the drawn device body (and the mouse hit test)
    painter     draws the device: body, LEDs' glow, controls lit while held, the screen
    window      the device window: mouse and keyboard, screenshots, the loop at the device's frame rate,
                the pty's path shown on the body
    serve       the pty and the headless sync server (--headless --pty)
"""
