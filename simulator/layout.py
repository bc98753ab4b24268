"""Where everything sits on the drawn device, in window pixels.

The Waveshare Pico-LCD-1.3 has the 240x240 panel in the middle, the five-way
joystick left of it and the keys A B X Y in a column right of it (A at the
top, Y at the bottom); Kocka adds a strip of 8 LEDs above the screen. The
screen is drawn at 2x. `button_at(pos)` is the mouse hit test (the controls and
their keyboard hint keycaps).
"""
from hal import api

SCALE = 2                      # screen pixels per device pixel
WIDTH, HEIGHT = 1040, 680      # the window
BODY = (14, 14, WIDTH - 28, HEIGHT - 28)
BODY_RADIUS = 40

SCREEN_W = api.WIDTH * SCALE
SCREEN_H = api.HEIGHT * SCALE
SCREEN = ((WIDTH - SCREEN_W) // 2, 150, SCREEN_W, SCREEN_H)   # x, y, w, h
BEZEL_PAD = 14

# the LED strip: 8 LEDs evenly across the screen's width, above it
LED_Y = 92
LED_PITCH = SCREEN_W // api.NUM_LEDS
LED_X0 = SCREEN[0] + LED_PITCH // 2
LED_RADIUS = 9
LED_GLOW_RADIUS = 40
STRIP = (SCREEN[0] - 6, LED_Y - 22, SCREEN_W + 12, 44)


def led_centre(i):
    return (LED_X0 + i * LED_PITCH, LED_Y)


# the joystick
JOY = (142, SCREEN[1] + SCREEN_H // 2 - 30)
JOY_BASE_R = 76      # the round well the stick sits in; directions are clicked inside it
JOY_PAD_DIST = 48    # centre of each direction's arrow from the joystick centre
JOY_CAP_R = 27       # the stick's cap: the centre press
JOY_HINT_DIST = 104  # keyboard hint keycaps around the joystick

DIRECTIONS = (
    (api.UP, (0, -1)),
    (api.DOWN, (0, 1)),
    (api.LEFT, (-1, 0)),
    (api.RIGHT, (1, 0)),
)


def joy_pad_centre(button):
    for b, (dx, dy) in DIRECTIONS:
        if b == button:
            return (JOY[0] + dx * JOY_PAD_DIST, JOY[1] + dy * JOY_PAD_DIST)
    return JOY


def joy_hint_centre(button):
    if button == api.PRESS:  # Enter: below-right of the stick, on the diagonal
        return (JOY[0] + 78, JOY[1] + 84)
    for b, (dx, dy) in DIRECTIONS:
        if b == button:
            return (JOY[0] + dx * JOY_HINT_DIST, JOY[1] + dy * JOY_HINT_DIST)
    return JOY


# the keys A B X Y: a column right of the screen
KEYS = (api.KEY_A, api.KEY_B, api.KEY_X, api.KEY_Y)
KEY_X = SCREEN[0] + SCREEN_W + (WIDTH - SCREEN[0] - SCREEN_W) // 2 + 18
KEY_Y0 = SCREEN[1] + 60
KEY_PITCH = (SCREEN_H - 120) // 3
KEY_R = 29
KEY_HINT_DX = -66    # the keyboard hint keycap, left of each key


def key_centre(button):
    return (KEY_X, KEY_Y0 + KEYS.index(button) * KEY_PITCH)


def key_hint_centre(button):
    x, y = key_centre(button)
    return (x + KEY_HINT_DX, y)


def control_centre(button):
    """Where a button is drawn (tests click here)."""
    if button in KEYS:
        return key_centre(button)
    if button == api.PRESS:
        return JOY
    return joy_pad_centre(button)


# hints for the window's own keys, bottom left, and above them the serial port (--pty)
SCREENSHOT_HINT = (40, HEIGHT - 112)
QUIT_HINT = (40, HEIGHT - 76)
SERIAL_LINE = (40, HEIGHT - 190)   # top left of "USB serial" and the port's path under it
SERIAL_AREA = (SERIAL_LINE[0], SERIAL_LINE[1], SCREEN[0] - BEZEL_PAD - 8 - SERIAL_LINE[0], 50)


def hint_centre(button):
    """Where a button's keyboard hint keycap sits."""
    return key_hint_centre(button) if button in KEYS else joy_hint_centre(button)


# half the size of a hint keycap, plus a little (the painter's keycap is 28 px wide for a
# letter or an arrow, wider for "Enter")
HINT_HALF_W = 18
ENTER_HALF_W = 34
HINT_HALF_H = 16


def button_at(pos):
    """The device button under window point `pos`, or None. The hint keycaps press
    their button too: they look like keys, so a click on one must not be lost."""
    x, y = pos
    for b in range(api.NUM_BUTTONS):
        hx, hy = hint_centre(b)
        hw = ENTER_HALF_W if b == api.PRESS else HINT_HALF_W
        if abs(x - hx) <= hw and abs(y - hy) <= HINT_HALF_H:
            return b
    for b in KEYS:
        kx, ky = key_centre(b)
        if (x - kx) ** 2 + (y - ky) ** 2 <= (KEY_R + 4) ** 2:
            return b
    dx = x - JOY[0]
    dy = y - JOY[1]
    d2 = dx * dx + dy * dy
    if d2 <= (JOY_CAP_R + 2) ** 2:
        return api.PRESS
    if d2 <= JOY_BASE_R ** 2:
        if abs(dx) >= abs(dy):
            return api.RIGHT if dx > 0 else api.LEFT
        return api.DOWN if dy > 0 else api.UP
    return None
