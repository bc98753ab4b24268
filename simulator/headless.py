"""Runs the app with no window: a demo on a virtual clock, then a PNG of the last frame.

Frame f: the demo's before_frame(f), then app.tick(now) with now = 33 * f ms
(the device's frame time); the HAL's clock follows. A game's demo runs to the game's
end (and 3 s of its final screen) unless --frames says otherwise. pygame is used only to
write the PNG (no display is initialised; the SDL dummy drivers are set in
case anything asks).
"""
import os

FRAME_MS = 33
HEADLESS_FRAMES = 150  # 5 s of app time: the default, except for a game's demo (to its end)


GAME_CAP = 200000   # frames: about 1.8 hours of app time, far beyond any bots' game
AFTER_END = 90      # frames the final screen stays up after a game ends (3 s)


def run(app, hal, driver, frames, clock=0, realtime=False):
    """Runs `frames` frames from app time `clock` (None: a game demo to its end and
    AFTER_END frames more); returns the clock after the last one. realtime: each frame
    waits for its time on the wall clock (link play: the other device runs in real time)."""
    import time
    start = time.monotonic()
    frame = 0
    end = None
    while True:
        if frames is not None and frame >= frames:
            break
        if frames is None:
            if end is None and driver.over():
                end = frame + AFTER_END
            if frame >= GAME_CAP or (end is not None and frame >= end):
                break
        if driver is not None:
            driver.before_frame(frame)
        if realtime:
            ahead = start + clock / 1000 - time.monotonic()
            if ahead > 0:
                time.sleep(ahead)
        hal.clock = clock
        app.tick(clock)
        clock += FRAME_MS
        frame += 1
    hal.clock = clock
    return clock


def main(demo_name, seed, frames, screenshot, data_dir, link=None):
    """The headless command; returns the exit status. link: link play's transports
    (simulator/link_tcp.py's, from --link): the frames then run in real time."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from hal.virtual import VirtualHal
    from app.app import App
    from simulator import demos

    hal = VirtualHal(data_dir, seed)
    if link is not None:
        hal.links = link.ports()
        print("LINK %s %s" % (hal.links[0].role or "serial", link.where), flush=True)
    app = App(hal)
    driver = demos.start(app, demo_name, seed)  # raises demos.UnknownDemo
    if frames is None and not hasattr(driver, "over"):
        frames = HEADLESS_FRAMES
    frames = run(app, hal, driver, frames, realtime=link is not None) // FRAME_MS
    if screenshot:
        from simulator.frame import save_png
        folder = os.path.dirname(os.path.abspath(screenshot))
        os.makedirs(folder, exist_ok=True)
        save_png(hal.display, screenshot)
        print("wrote %s (%d frames, demo %s, seed %d)" % (screenshot, frames, demo_name or "none", seed))
    return 0
