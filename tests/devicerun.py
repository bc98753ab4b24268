"""Shared set-up of the emulated-RP2040 tests and bench (tools/rp2040emu.py): skip with where
to get the firmware when it is absent, boot a device from an image, press buttons and wait
for screens."""
import pytest

from tools import device_image, rp2040emu

GAP_MS = 350  # a press every GAP_MS, held HOLD_MS: long enough for one frame to see it
HOLD_MS = 180


def require():
    why = rp2040emu.missing()
    if why:
        pytest.skip(why)


def boot(tmp_path_factory, name, data=None, probe=False, firmware=None, image=None):
    """A Device booted from the bundle (probe: the instrumented main.py) with /data files.
    firmware: a Kocka firmware image's binary (tests/uf2image.py): then the filesystem
    holds no code, and the probe comes in through boot.py. image: the flash filesystem
    as it is."""
    require()
    if image is None:
        extra = rp2040emu.probe_main(frozen_image=firmware is not None) if probe else None
        image = device_image.build_image(data=data, extra=extra, bundle=firmware is None)
    out = tmp_path_factory.mktemp(name)
    return rp2040emu.Device(image, out_dir=str(out), firmware=firmware)


def wait_top(dev, name, limit_ms=8000):
    """Runs until the probe reports `name` as the top screen; returns the probe log."""
    def there():
        return rp2040emu.ProbeLog(dev.console_text()).top() == name
    dev.run_until(there, limit_ms)
    return rp2040emu.ProbeLog(dev.console_text())


def assert_no_crash(dev):
    text = dev.console_text()
    assert "Traceback" not in text and "KX" not in text.split("\n") and "crashed" not in text, \
        text[-3000:]


def tap(dev, button):
    dev.press(button, hold_ms=HOLD_MS, then_ms=GAP_MS)


def go_to(dev, presses, screen, limit_ms=6000):
    """Presses `presses` and waits for `screen` on top, pressing again if a press was lost."""
    end = dev.now + limit_ms
    while True:
        for b in presses:
            tap(dev, b)
        try:
            wait_top(dev, screen, limit_ms=1500)
            return
        except rp2040emu.DeviceError:
            if dev.now > end:
                raise
