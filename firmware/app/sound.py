"""Tunes on the buzzer: a tiny non-blocking sequencer the app ticks every frame.

A tune is a tuple of (frequency_hz, duration_ms) pairs; frequency 0 is a rest.
Nothing here sleeps: update(now) advances to the next note when it is due.
"""

# The house sounds. Short, so they never get in the way of play.
CLICK = ((1800, 12),)
OK = ((1320, 40), (1760, 60))
BACK = ((990, 40), (660, 50))
ERROR = ((220, 120), (0, 40), (220, 160))
START = ((523, 90), (659, 90), (784, 90), (1047, 220))
BEEP = ((1568, 90),)
CUBO = ((784, 120), (1047, 120), (1319, 120), (1568, 360))
ROLL = ((300, 18), (0, 14), (340, 18), (0, 16), (380, 18), (0, 18), (420, 18), (0, 22), (470, 22))
WIN = ((659, 120), (784, 120), (988, 120), (1319, 400))
BUST = ((392, 140), (330, 140), (262, 320))


class Sound:
    def __init__(self, buzzer, settings):
        self.buzzer = buzzer
        self.settings = settings
        self.tune = None
        self.index = 0
        self.until = 0
        self.now = 0

    def play(self, tune):
        """Starts `tune` now, replacing whatever was playing."""
        if not self.settings.get("sound") or self.settings.get("volume") == 0:
            return
        self.tune = tune
        self.index = -1
        self.until = self.now
        self.update(self.now)

    def click(self):
        self.play(CLICK)

    def stop(self):
        self.tune = None
        self.buzzer.off()

    def busy(self):
        return self.tune is not None

    def update(self, now):
        self.now = now
        tune = self.tune
        if tune is None or now < self.until:
            return
        self.index += 1
        if self.index >= len(tune):
            self.stop()
            return
        freq, ms = tune[self.index]
        if freq:
            self.buzzer.tone(freq, self.settings.get("volume"))
        else:
            self.buzzer.off()
        self.until = now + ms
