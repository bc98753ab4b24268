"""The buzzer as sound: square waves through pygame.mixer.

`square_wave()` builds the samples of a tone (pure, testable); `ToneBuzzer`
is the HAL buzzer: tone(freq, volume 0-100) loops a cached wave for that
frequency on one mixer channel, off() stops it. If the mixer cannot open (no
audio device) the buzzer stays silent and still records what was asked, so
the app never notices.
"""
from array import array
from math import gcd

from hal.virtual import VirtualBuzzer

RATE = 44100
AMPLITUDE = 9000   # of 32767: a piezo is loud enough at a third of full scale
MAX_SECONDS = 1    # longest buffer (a tone whose period does not divide the rate)


def wave_length(freq, rate=RATE):
    """Samples holding a whole number of periods (so looping adds no click or drift)."""
    n = rate // gcd(rate, freq)
    if n > rate * MAX_SECONDS:
        n = rate * MAX_SECONDS
    # short waves are repeated to about 50 ms, so the loop restarts rarely
    reps = max(1, (rate // 20) // n)
    return n * reps


def square_wave(freq, rate=RATE, channels=1, amplitude=AMPLITUDE):
    """One looping buffer of a square wave at `freq` Hz: signed 16-bit samples,
    interleaved over `channels`. Sample i is high while (2 * i * freq // rate) is even."""
    n = wave_length(freq, rate)
    hi = array("h", [amplitude] * channels)
    lo = array("h", [-amplitude] * channels)
    out = array("h")
    step = 2 * freq
    i = 0
    while i < n:
        # the run of samples until the next half-period edge
        half = (i * step) // rate
        edge = ((half + 1) * rate + step - 1) // step
        if edge > n:
            edge = n
        out.extend((hi if half % 2 == 0 else lo) * (edge - i))
        i = edge
    return out


class ToneBuzzer(VirtualBuzzer):
    """The HAL buzzer on pygame.mixer; silent (but still recording) with no audio device."""

    def __init__(self, enabled=True):
        VirtualBuzzer.__init__(self)
        self.mixer = None
        self.channel = None
        self.cache = {}
        self.rate = RATE
        self.channels = 1
        if enabled:
            self._open()

    def _open(self):
        try:
            import pygame
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            rate, size, channels = pygame.mixer.get_init()
            if size != -16:
                raise RuntimeError("mixer sample format %r" % (size,))
            self.rate = rate
            self.channels = channels
            self.channel = pygame.mixer.Channel(0)
            self.mixer = pygame.mixer
        except Exception as e:  # no audio device, no driver: run silently
            self.mixer = None
            self.channel = None
            self.error = str(e)

    @property
    def audible(self):
        return self.mixer is not None

    def sound(self, freq):
        snd = self.cache.get(freq)
        if snd is None:
            snd = self.mixer.Sound(buffer=square_wave(freq, self.rate, self.channels).tobytes())
            self.cache[freq] = snd
        return snd

    def tone(self, freq, volume):
        VirtualBuzzer.tone(self, freq, volume)
        if self.mixer is None:
            return
        try:
            if freq <= 0 or volume <= 0:
                self.channel.stop()
                return
            self.channel.set_volume(min(100, volume) / 100)
            self.channel.play(self.sound(int(freq)), loops=-1)
        except Exception:
            self.mixer = None  # the device went away: carry on silently

    def off(self):
        VirtualBuzzer.off(self)
        if self.mixer is None:
            return
        try:
            self.channel.stop()
        except Exception:
            self.mixer = None

    def close(self):
        if self.mixer is not None:
            try:
                self.channel.stop()
                self.mixer.quit()
            except Exception:
                pass
            self.mixer = None
