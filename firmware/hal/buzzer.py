"""The passive piezo buzzer: square-wave tones from a PWM pin.

tone(freq_hz, volume 0-100) sets the PWM frequency to the note and its duty
to the volume; off() sets duty 0 (silent; the pin idles low). A piezo is
loudest at 50% duty (the square wave's fundamental is strongest there), so
volume 100 maps to 50% and lower volumes fall off quadratically (volume 50 ->
12.5% duty), which sounds more even than a linear ramp. Frequencies outside
MIN_HZ..MAX_HZ (and 0 or negative ones: rests) are played as silence, as is
any frequency the PWM hardware refuses. Repeating the current tone does not
touch the hardware, so the app may call tone() every frame without clicks.
"""

from micropython import const

MIN_HZ = const(20)
MAX_HZ = const(20000)
_HALF_DUTY = const(32768)


def duty_for(volume):
    if volume <= 0:
        return 0
    if volume >= 100:
        return _HALF_DUTY
    return _HALF_DUTY * volume * volume // 10000


class Buzzer:
    def __init__(self, pwm):
        self.pwm = pwm
        self.freq = 0
        self.volume = 0
        pwm.duty_u16(0)

    def tone(self, freq_hz, volume):
        freq_hz = int(freq_hz)
        if volume <= 0 or freq_hz < MIN_HZ or freq_hz > MAX_HZ:
            self.off()
            return
        if volume > 100:
            volume = 100
        if freq_hz == self.freq and volume == self.volume:
            return
        if freq_hz != self.freq:
            try:
                self.pwm.freq(freq_hz)
            except ValueError:
                self.off()
                return
        self.pwm.duty_u16(duty_for(volume))
        self.freq = freq_hz
        self.volume = volume

    def off(self):
        if self.volume or self.freq:
            self.pwm.duty_u16(0)
        self.freq = 0
        self.volume = 0
