"""Tunes on the buzzer: a tiny non-blocking sequencer the app ticks every frame.

A tune is a bytes object of 3-byte notes: frequency in Hz (2 bytes, big-endian;
0 is a rest) and duration in units of 4 ms. Bytes keep the tunes out of the heap's
small-object churn: each tune is one object.
Nothing here sleeps: update(now) advances to the next note when it is due.
"""


def tune(*notes):
    """Packs (frequency_hz, duration_ms) pairs, given flat, into a tune."""
    out = bytearray(len(notes) // 2 * 3)
    for i in range(0, len(notes), 2):
        k = i // 2 * 3
        out[k] = notes[i] >> 8
        out[k + 1] = notes[i] & 255
        out[k + 2] = min(255, (notes[i + 1] + 2) // 4)
    return bytes(out)


# The house sounds: short, so they never get in the way of play.
CLICK = tune(1800, 12)
OK = tune(1320, 40, 1760, 60)
BACK = tune(990, 40, 660, 50)
ERROR = tune(220, 120, 0, 40, 220, 160)
START = tune(523, 90, 659, 90, 784, 90, 1047, 220)
BEEP = tune(1568, 90)
CUBO = tune(784, 120, 1047, 120, 1319, 120, 1568, 360)
ROLL = tune(300, 18, 0, 14, 340, 18, 0, 16, 380, 18, 0, 18, 420, 18, 0, 22, 470, 22)
WIN = tune(659, 120, 784, 120, 988, 120, 1319, 400)
BUST = tune(392, 140, 330, 140, 262, 320)


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
        if 3 * self.index >= len(tune):
            self.stop()
            return
        k = 3 * self.index
        freq = (tune[k] << 8) | tune[k + 1]
        ms = tune[k + 2] * 4
        if freq:
            self.buzzer.tone(freq, self.settings.get("volume"))
        else:
            self.buzzer.off()
        self.until = now + ms
