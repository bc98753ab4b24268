"""Runs the app with no window: a demo on a virtual clock, then a PNG of the last frame.

Frame f: the demo's before_frame(f), then app.tick(now) with now = 33 * f ms
(the device's frame time); the HAL's clock follows. pygame is used only to
write the PNG (no display is initialised; the SDL dummy drivers are set in
case anything asks).
"""
import os

FRAME_MS = 33


def run(app, hal, driver, frames, clock=0):
    """Runs `frames` frames from app time `clock`; returns the clock after the last one."""
    for frame in range(frames):
        if driver is not None:
            driver.before_frame(frame)
        hal.clock = clock
        app.tick(clock)
        clock += FRAME_MS
    hal.clock = clock
    return clock


def main(demo_name, seed, frames, screenshot, data_dir):
    """The headless command; returns the exit status."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hal.virtual import VirtualHal
    from app.app import App
    from simulator import demos

    hal = VirtualHal(data_dir, seed)
    app = App(hal)
    driver = demos.start(app, demo_name, seed)  # raises demos.UnknownDemo
    run(app, hal, driver, frames)
    if screenshot:
        from simulator.frame import save_png
        folder = os.path.dirname(os.path.abspath(screenshot))
        os.makedirs(folder, exist_ok=True)
        save_png(hal.display, screenshot)
        print("wrote %s (%d frames, demo %s, seed %d)" % (screenshot, frames, demo_name or "none", seed))
    return 0
