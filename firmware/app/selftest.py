"""The hardware self-test (Settings > Self-test): one screen that exercises every part.

- Buttons: a drawn joystick (five pads) and the four keys; a pad lights up
  while its button is held and stays green once it has been seen working,
  with a count of the buttons seen.
- LEDs: a rainbow that steps round the 8 LEDs (through app.lights, so the LED
  brightness setting applies), mirrored on the screen.
- Buzzer: a C major scale, repeated after a pause, through app.sound (so the
  sound and volume settings apply); the note playing is shown.
- Display: colour bars (white, yellow, cyan, green, magenta, red, blue, black)
  and red, green, blue and grey ramps in the palette's 6 steps.
- Frame rate: frames drawn per second, measured on app.now over 1 s windows.
  The screen redraws every frame, so on the device this is the real rate of
  full-frame pushes (the app's loop caps it near 30).

B must be testable too, so one press only lights its pad: B pressed twice
within EXIT_DOUBLE_MS, or held for EXIT_HOLD_MS, leaves. Button state comes
from the events (PRESSED / RELEASED), not from hal.buttons.is_down, so it shows
exactly what the app receives. Nothing is allocated per frame: texts change at
most once a second or on a button event.
"""

from micropython import const

from hal import api
from app import ui, font, sound
from app.screen import Screen

EXIT_HOLD_MS = const(1000)
EXIT_DOUBLE_MS = const(1500)   # a slow double press counts too
LED_STEP_MS = const(300)
FPS_WINDOW_MS = const(1000)
NOTE_MS = const(220)
SCALE_PAUSE_MS = const(1200)

NOTE_HZ = (523, 587, 659, 698, 784, 880, 988, 1047)  # C5 .. C6
NOTE_NAMES = ("C5", "D5", "E5", "F5", "G5", "A5", "B5", "C6")
SCALE = sound.tune(523, NOTE_MS, 587, NOTE_MS, 659, NOTE_MS, 698, NOTE_MS,
                   784, NOTE_MS, 880, NOTE_MS, 988, NOTE_MS, 1047, NOTE_MS)
SCALE_MS = const(1760)  # 8 notes of NOTE_MS

BAR_RGB = ((255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0),
           (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0))
BARS = tuple(ui.rgb(c[0], c[1], c[2]) for c in BAR_RGB)
BAR_Y = const(32)
BAR_H = const(22)
RAMP_Y = const(55)
RAMP_H = const(8)
RAMP_W = const(10)  # 4 ramps x 6 steps x 10 px = 240

LED_RGB = ((255, 0, 0), (255, 120, 0), (255, 255, 0), (0, 255, 0),
           (0, 255, 255), (0, 0, 255), (160, 0, 255), (255, 255, 255))
LED_INDEX = tuple(ui.rgb(c[0], c[1], c[2]) for c in LED_RGB)
LED_Y = const(200)

# Pads: (x, y, w, h) per api button number; the joystick around (62, 128),
# the keys in a column on the right, as on the Pico-LCD-1.3.
PAD = const(26)
JOY_X = const(62)
JOY_Y = const(128)
PADS = (
    (JOY_X - 13, JOY_Y - 43, PAD, PAD),  # UP
    (JOY_X - 13, JOY_Y + 17, PAD, PAD),  # DOWN
    (JOY_X - 43, JOY_Y - 13, PAD, PAD),  # LEFT
    (JOY_X + 17, JOY_Y - 13, PAD, PAD),  # RIGHT
    (JOY_X - 13, JOY_Y - 13, PAD, PAD),  # PRESS
    (196, 70, 38, 28),  # A
    (196, 104, 38, 28),  # B
    (196, 138, 38, 28),  # X
    (196, 172, 38, 28),  # Y
)
LABELS = (font.UP, font.DOWN, font.LEFT, font.RIGHT, font.BULLET, "A", "B", "X", "Y")
ALL_BUTTONS = const(0x1FF)

HINTS = (("B", "twice or hold: exit"),)
HINTS_AGAIN = (("B", "again: exit"),)   # after one press, while a second one leaves


def pad_rect(button):
    """(x, y, w, h) of the pad drawn for `button` (tests sample its pixels)."""
    return PADS[button]


class SelfTestScreen(Screen):
    title = "Self-test"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.down = 0  # bitmask of buttons held (from events)
        self.seen = 0  # bitmask of buttons pressed at least once
        self.b_since = 0
        self.start = 0
        self.b_last = -EXIT_DOUBLE_MS - 1
        self.done = False
        self.step = -1
        self.leds = [(0, 0, 0)] * len(LED_RGB)
        self.next_scale = 0
        self.fps = 0
        self.fps_text = "-- fps"
        self.frames = 0
        self.window = 0
        self.seen_text = "0/9"
        self.note = ""
        self.led_text = ""
        self.sound_on = True

    def enter(self):
        Screen.enter(self)
        now = self.app.now
        self.start = now
        self.window = now
        self.frames = 0
        self.next_scale = now
        self.step = -1
        s = self.app.settings
        self.led_text = "%d%%" % s.get("led")
        self.sound_on = bool(s.get("sound")) and s.get("volume") > 0

    # -- buttons -------------------------------------------------------------
    def on_event(self, ev):
        kind = api.kind_of(ev)
        b = api.button_of(ev)
        if b >= api.NUM_BUTTONS:
            return
        bit = 1 << b
        now = self.app.now
        if kind == api.PRESSED:
            self.down |= bit
            if not self.seen & bit:
                self.seen |= bit
                self.seen_text = "%d/9" % _bits(self.seen)
            if b == api.KEY_B:
                if now - self.b_last <= EXIT_DOUBLE_MS:
                    self.leave()
                    return
                self.b_last = now
                self.b_since = now
        elif kind == api.RELEASED:
            self.down &= ~bit
        else:
            return
        self.app.invalidate()

    def leave(self):
        if self.done:
            return
        self.done = True
        self.app.sound.stop()
        self.app.lights.off()
        self.app.pop()

    # -- the parts that run by themselves -----------------------------------
    def update(self, now):
        if self.done:
            return
        if self.down & (1 << api.KEY_B) and now - self.b_since >= EXIT_HOLD_MS:
            self.leave()
            return
        app = self.app
        step = (now - self.start) // LED_STEP_MS if now >= self.start else 0
        if step != self.step:
            self.step = step
            leds = self.leds
            n = len(leds)
            for i in range(n):
                leds[i] = LED_RGB[(i + step) % n]
            app.lights.show_colors(leds)
        snd = app.sound
        if now >= self.next_scale and not snd.busy():
            snd.play(SCALE)
            self.next_scale = now + SCALE_MS + SCALE_PAUSE_MS
        if snd.tune is SCALE and 0 <= snd.index < len(NOTE_NAMES):
            self.note = NOTE_NAMES[snd.index]
        else:
            self.note = "-"
        app.invalidate()  # every frame: the frame rate is part of the test

    # -- drawing -------------------------------------------------------------
    def draw(self, fb):
        now = self.app.now
        self.frames += 1
        if now - self.window >= FPS_WINDOW_MS:
            self.fps = self.frames * 1000 // (now - self.window)
            self.fps_text = "%d fps" % self.fps
            self.frames = 0
            self.window = now
        ui.clear(fb)
        ui.header(fb, self.title, self.fps_text)
        self.draw_bars(fb)
        fb.ellipse(JOY_X, JOY_Y, 52, 52, ui.PANEL, True)
        for b in range(api.NUM_BUTTONS):
            self.draw_pad(fb, b)
        self.draw_status(fb)
        self.draw_leds(fb)
        ui.footer(fb, HINTS_AGAIN if now - self.b_last <= EXIT_DOUBLE_MS else HINTS)

    def draw_bars(self, fb):
        w = ui.W // len(BARS)
        for i in range(len(BARS)):
            fb.fill_rect(i * w, BAR_Y, w, BAR_H, BARS[i])
        x = 0
        for ch in range(4):  # red, green, blue, grey
            for k in range(6):
                r = k if ch == 0 or ch == 3 else 0
                g = k if ch == 1 or ch == 3 else 0
                bl = k if ch == 2 or ch == 3 else 0
                fb.fill_rect(x, RAMP_Y, RAMP_W, RAMP_H, ui.CUBE + r * 36 + g * 6 + bl)
                x += RAMP_W

    def draw_pad(self, fb, b):
        x, y, w, h = PADS[b]
        bit = 1 << b
        if self.down & bit:
            fill = ui.ACCENT
            ink = ui.BG
        elif self.seen & bit:
            fill = ui.GREEN
            ink = ui.TEXT
        else:
            fill = ui.PANEL_HI
            ink = ui.DIM
        ui.round_rect(fb, x, y, w, h, fill)
        font.draw_centered(fb, LABELS[b], x, y, w, h, ink)

    def draw_status(self, fb):
        x = 124
        font.draw(fb, "Buttons", x, 72, ui.DIM, font.SMALL)
        done = self.seen == ALL_BUTTONS
        font.draw(fb, self.seen_text, x, 84, ui.GOOD if done else ui.TEXT)
        font.draw(fb, "Tone", x, 108, ui.DIM, font.SMALL)
        font.draw(fb, self.note if self.sound_on else "off", x, 120, ui.TEXT)
        font.draw(fb, "LEDs", x, 144, ui.DIM, font.SMALL)
        font.draw(fb, self.led_text, x, 156, ui.TEXT)

    def draw_leds(self, fb):
        n = len(LED_INDEX)
        step = self.step if self.step > 0 else 0
        for i in range(n):
            cx = 14 + i * 22
            fb.ellipse(cx, LED_Y, 8, 8, ui.SHADOW, True)
            fb.ellipse(cx, LED_Y, 6, 6, LED_INDEX[(i + step) % n], True)


def _bits(mask):
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n
