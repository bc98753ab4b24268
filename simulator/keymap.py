"""Which keyboard keys drive which device buttons, and the labels the window shows.

The joystick is the arrow keys plus Enter (keypad Enter too) for the centre
press; the keys A B X Y are the letter keys a b x y. F12 saves a screenshot,
Escape quits.
"""
import pygame

from hal import api

# button -> (pygame key codes, label drawn next to the control)
BINDINGS = {
    api.UP: ((pygame.K_UP,), "\u2191"),
    api.DOWN: ((pygame.K_DOWN,), "\u2193"),
    api.LEFT: ((pygame.K_LEFT,), "\u2190"),
    api.RIGHT: ((pygame.K_RIGHT,), "\u2192"),
    api.PRESS: ((pygame.K_RETURN, pygame.K_KP_ENTER), "Enter"),
    api.KEY_A: ((pygame.K_a,), "a"),
    api.KEY_B: ((pygame.K_b,), "b"),
    api.KEY_X: ((pygame.K_x,), "x"),
    api.KEY_Y: ((pygame.K_y,), "y"),
}

SCREENSHOT_KEY = pygame.K_F12
QUIT_KEY = pygame.K_ESCAPE

KEY_TO_BUTTON = {}
for _button, (_keys, _label) in BINDINGS.items():
    for _k in _keys:
        KEY_TO_BUTTON[_k] = _button


def label(button):
    return BINDINGS[button][1]


def describe():
    """The key map as text lines (for --help and reports)."""
    return [
        "Arrow keys    joystick up / down / left / right",
        "Enter         joystick centre press",
        "a b x y       keys A B X Y",
        "F12           save a screenshot of the window to ./screenshots/",
        "Esc           quit (closing the window does the same)",
        "Mouse         click and hold any drawn control",
    ]
