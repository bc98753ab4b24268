"""A tune a screen starts is timed from the frame that starts it, however long the frames:
on the Pico a frame with a push takes over 80 ms, and a 90 ms beep timed from the frame
before ended as soon as it began (seen on the emulated board's buzzer PWM)."""
from app import sound
from app.screen import Screen
from tests.apphelpers import Harness


class Beeper(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.beep_at = None

    def update(self, now):
        if self.beep_at is None:
            self.beep_at = now
            self.app.sound.play(sound.BEEP)

    def draw(self, fb):
        pass


def test_a_beep_outlasts_a_long_frame(tmp_path):
    h = Harness(tmp_path)
    h.app.push(Beeper(h.app))
    buzzer = h.hal.buzzer
    for step in (150, 60, 60):  # a slow frame before the beep, then faster ones
        h.clock += step
        h.app.tick(h.clock)
        if step == 150:
            assert buzzer.freq == 1568, "the beep ended in the frame that started it"
    assert buzzer.freq == 0  # and it ends after its 90 ms
