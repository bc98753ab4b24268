"""Battery life: each state's current and the hours of a game night, from the emulated
RP2040 and the power model (bench/power_model.py, every figure cited there).

For each state the emulated board is measured over a window: the core's duty cycle and
the clock it ran at (tools/rp2040/meter.mjs: instructions are charged at clk_sys, waiting
time is counted apart), the backlight's PWM duty (GP13), the LEDs' colours (the WS2812
stream on GP22) and the strip's supply switch (GP26), and whether the panel sleeps.
States, on the Kocka firmware image (`make uf2`; the app as files where the toolchain is
missing) with the idle timers at 15 s and 1 min so that the run stays short:
- menu idle: the main menu after boot, no key;
- dice rolling: Kocka 10000's roll animation, from the press;
- play: the player's turn in Kocka 10000, a key every 400 ms;
- dimmed: the same turn after the dim timer, no key;
- asleep: after the sleep timer with a USB host (machine.lightsleep steps until a key),
  then a key's wake time;
- asleep on a battery: the same with no USB host (DORMANT until a key), a fresh boot;
- a bot thinking: three strong Coloretto bots (tools/rp2040/think_main.py, as files:
  it is a main.py), from a bot's first thinking frame to its answer.
And the clock measured before choosing it: the menu idle, its input latency and Kocka
10000's roll at 125 MHz and at 48 MHz (tools/rp2040/clock_main.py, as files), the
figures a lower clock in menus would have to keep (latency p90 at most 50 ms, 30 frames
a second in animations).
"""
import json
import os

from bench import power_model as M
from tools import build_uf2, device_image, rp2040emu

PLATFORMS = ("rp2040",)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THINK_MAIN = os.path.join(ROOT, "tools", "rp2040", "think_main.py")
CLOCK_MAIN = os.path.join(ROOT, "tools", "rp2040", "clock_main.py")
CLOCKS_MHZ = (125, 48)
BENCHKIT = os.path.join(ROOT, "tools", "rp2040", "benchkit.py")
DIM_S = 15
SLEEP_MIN = 1
WINDOW_MS = 5000
K10K_ROLL_MS = 700   # app.games.kocka10000.play's t_roll


def settings_files():
    from app import jsonfile
    sealed = jsonfile.seal({"sound": True, "volume": 60, "led": 40, "screen": 80,
                            "dim": DIM_S, "sleep": SLEEP_MIN,
                            "names": ["ANNA", "BEN", "CLARA", "DAVID", "EVA", "FERI"]})
    return {"settings.json": sealed, "settings.json.bak": sealed}


def weighted(changes, t0, t1, initial=0.0):
    """The time-weighted mean over [t0, t1] of a value that changes at [(t, value)]."""
    value = initial
    total = 0.0
    at = t0
    for t, v in sorted(changes, key=lambda c: c[0]):
        if t <= t0:
            value = v
            continue
        if t >= t1:
            break
        total += value * (t - at)
        at, value = t, v
    total += value * (t1 - at)
    return total / (t1 - t0)


def timelines(dev):
    light = [(e["t"], e["duty"]) for e in dev.pwm if e["gpio"] == rp2040emu.BACKLIGHT]
    strip = [(e["t"], e["level"]) for e in dev.outs if e["gpio"] == rp2040emu.LED_POWER]
    leds = [(e["t"], sum(sum(c) for c in e["leds"]) / 255.0) for e in dev.leds]
    panel = [(e["t"], 1.0 if e["what"] == "slpin" else 0.0) for e in dev.panel
             if e["what"] in ("slpin", "slpout")]
    return light, strip, leds, panel


def measure(dev, ms, start=None):
    """Runs from `start` (default now) for ms and reads what the board did: the reading
    power_model.state_current takes, with the duty cycle and clocks beside it."""
    if start is not None:
        dev.until(start)
    t0 = dev.now
    dev.meter()
    dev.until(t0 + ms)
    m = dev.meter()
    return reading(dev, m, t0, dev.now)


def reading(dev, m, t0, t1):
    light, strip, leds, panel = timelines(dev)
    clocks = {k: {"busy_ms": round(v["busy_ns"] / 1e6, 3), "wait_ms": round(v["wait_ns"] / 1e6, 3)}
              for k, v in m["clocks"].items()}
    ran = [(v["busy_ns"], k) for k, v in m["clocks"].items() if k != "dormant" and v["busy_ns"]]
    busiest = max(ran)[1] if ran else None   # the clock it executed at most (DORMANT: none)
    return {"ms": round(m["ns"] / 1e6, 1), "busy": round(m["busy_ns"] / m["ns"], 4),
            "clock_mhz": float(busiest) if busiest else None, "clocks": clocks,
            "backlight_duty": round(weighted(light, t0, t1), 3),
            "led_channels": round(weighted(leds, t0, t1), 3),
            "strip_on": round(weighted(strip, t0, t1), 3),
            "panel_asleep": round(weighted(panel, t0, t1), 3)}


def image_firmware(tmp):
    """The Kocka image's flash bytes as a file, or None (the toolchain is missing: the app
    as files is measured instead, and the result says so)."""
    try:
        uf2 = build_uf2.build("RPI_PICO")
    except build_uf2.BuildError:
        if build_uf2.missing_tools():
            return None
        raise
    path = os.path.join(tmp, "kocka-RPI_PICO.bin")
    with open(path, "wb") as f:
        f.write(build_uf2.payload(uf2))
    return path


def states_run(tmp, firmware):
    image = device_image.build_image(data=settings_files(), bundle=firmware is None)
    dev = rp2040emu.Device(image, out_dir=os.path.join(tmp, "states"), firmware=firmware)
    out = {}
    try:
        dev.until(3000)                                       # the menu
        out["menu idle"] = measure(dev, WINDOW_MS)
        dev.press("DOWN", hold_ms=120, at=dev.now + 50, then_ms=600)   # Kocka 10000
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=1500)     # its setup
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=2500)     # the game
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=1000)     # the player's turn
        t = dev.press("A", hold_ms=120, at=dev.now + 50)               # roll
        out["dice rolling"] = measure(dev, K10K_ROLL_MS, start=t)
        dev.until(t + 1200)
        t0 = dev.now
        dev.meter()
        for k in range(WINDOW_MS // 400):
            dev.press("RIGHT", hold_ms=100, at=t0 + 400 * k + 50)
        dev.until(t0 + WINDOW_MS)
        out["play"] = reading(dev, dev.meter(), t0, dev.now)
        last_key = dev.pins[-1]["t"]
        out["dimmed"] = measure(dev, WINDOW_MS, start=last_key + DIM_S * 1000 + 500)
        dev.run_until(lambda: any(e["what"] == "slpin" for e in dev.panel), 90_000, 500)
        asleep_at = [e["t"] for e in dev.panel if e["what"] == "slpin"][-1]
        out["asleep"] = measure(dev, WINDOW_MS, start=max(dev.now, asleep_at + 500))
        wake = dev.press("A", hold_ms=150, at=dev.now + 50, then_ms=800)
        on = [e["t"] for e in dev.pwm if e["gpio"] == rp2040emu.BACKLIGHT and e["t"] >= wake
              and e["duty"] > 0.5]
        out["wake_ms"] = round(on[0] - wake, 1) if on else None
        out["sleep_after_key_ms"] = round(asleep_at - last_key, 1)
    finally:
        dev.close()
    return out


def battery_run(tmp, firmware):
    """No USB host, as on a battery: the menu left alone until it sleeps (DORMANT)."""
    image = device_image.build_image(data=settings_files(), bundle=firmware is None)
    dev = rp2040emu.Device(image, out_dir=os.path.join(tmp, "battery"), firmware=firmware,
                           usb=False)
    try:
        dev.run_until(lambda: any(e["what"] == "slpin" for e in dev.panel), 90_000, 1000)
        asleep_at = [e["t"] for e in dev.panel if e["what"] == "slpin"][-1]
        out = measure(dev, WINDOW_MS, start=asleep_at + 500)
        wake = dev.press("A", hold_ms=150, at=dev.now + 50, then_ms=800)
        on = [e["t"] for e in dev.pwm if e["gpio"] == rp2040emu.BACKLIGHT and e["t"] >= wake
              and e["duty"] > 0.5]
        return out, round(on[0] - wake, 1) if on else None
    finally:
        dev.close()


def thinking_run(tmp):
    extra = {"think_args.json": json.dumps({"decisions": 3}).encode()}
    for name, path in (("main.py", THINK_MAIN), ("benchkit.py", BENCHKIT)):
        with open(path, "rb") as f:
            extra[name] = f.read()
    dev = rp2040emu.Device(device_image.build_image(extra=extra),
                           out_dir=os.path.join(tmp, "think"))
    try:
        def count(what):
            return dev.console_text().count("KT " + what + " ")
        dev.run_until(lambda: count("think") >= 2, 120_000, step_ms=20)
        t0 = dev.now
        dev.meter()
        dev.run_until(lambda: count("decided") >= 2, 60_000, step_ms=20)
        return reading(dev, dev.meter(), t0, dev.now)
    finally:
        dev.close()


def clock_run(tmp, mhz):
    """The menu idle, its input latency and Kocka 10000's roll with the clocks at mhz."""
    from bench.bench_device import latency, roll_fps, spread
    with open(CLOCK_MAIN, "rb") as f:
        extra = {"main.py": f.read(), "clock_mhz.txt": str(mhz).encode()}
    dev = rp2040emu.Device(device_image.build_image(extra=extra),
                           out_dir=os.path.join(tmp, "clock%d" % mhz))
    try:
        dev.until(4000)
        idle = measure(dev, WINDOW_MS)
        slower = 125.0 / mhz   # loading a screen's code takes that much longer
        # as bench_device.ui_run: the cursor ends on Kocka 10000, the second game
        lat = [latency(dev, "DOWN") for _ in range(3)] + [latency(dev, "UP") for _ in range(2)]
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=1500 * slower)     # its setup
        lat += [latency(dev, "DOWN") for _ in range(2)] + [latency(dev, "UP") for _ in range(2)]
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=2500 * slower)     # the game
        dev.press("A", hold_ms=120, at=dev.now + 50, then_ms=1000 * slower)     # the turn
        roll = roll_fps(dev, "A", K10K_ROLL_MS)
        idle["parts_ma"], idle["ma"] = M.state_current(idle)
        return {"menu_idle": idle, "latency_ms": spread([x for x in lat if x is not None]),
                "roll_fps": roll["fps"] if roll else None}
    finally:
        dev.close()


def model(states):
    for st in states.values():
        if isinstance(st, dict):
            st["parts_ma"], st["ma"] = M.state_current(st)
            st["ma_without_switch"] = M.state_current(st, switch=False)[1]
    currents = {name: states[name]["ma"] for name, _ in M.EVENING}
    ma, hours = M.evening(currents)
    asleep = states["asleep on a battery"]
    usb = states["asleep"]
    return {
        "evening": {"mix": [list(m) for m in M.EVENING], "ma": ma, "hours": hours},
        "asleep": {"ma": asleep["ma"], "days": M.days_asleep(asleep["ma"]),
                   "ma_without_switch": asleep["ma_without_switch"],
                   "days_without_switch": M.days_asleep(asleep["ma_without_switch"]),
                   "usb_ma": usb["ma"], "usb_days": M.days_asleep(usb["ma"])},
        "capacity_mah": M.CAPACITY_MAH, "cell_v": M.CELL_V, "sources": M.SOURCES,
        "figures": [list(f) for f in M.FIGURES],
    }


def run():
    import tempfile
    tmp = tempfile.mkdtemp(prefix="kocka-power-")
    firmware = image_firmware(tmp)
    measured = states_run(tmp, firmware)
    measured["asleep on a battery"], battery_wake = battery_run(tmp, firmware)
    measured["a bot thinking"] = thinking_run(tmp)
    states = {k: v for k, v in measured.items() if isinstance(v, dict)}
    clocks = {str(mhz): clock_run(tmp, mhz) for mhz in CLOCKS_MHZ}
    result = {"measured_on": "image" if firmware else "files",
              "timers": {"dim_s": DIM_S, "sleep_min": SLEEP_MIN},
              "states": states, "wake_ms": measured["wake_ms"], "battery_wake_ms": battery_wake,
              "sleep_after_key_ms": measured["sleep_after_key_ms"], "menu_clocks": clocks}
    result.update(model(states))
    return result


def firmware(result):
    """The stock firmware first (the results files' meta names it so), then what ran."""
    from bench.common import stock_firmware
    name = stock_firmware()
    if result.get("measured_on") == "image":
        return name + "; the Kocka firmware image (make uf2), a bot thinking with the app as files"
    return name + " with the app as files"


def table(result):
    rows = []
    for name, st in result["states"].items():
        rows.append((name, "busy %.1f %% at %s MHz, backlight %d %%, %.1f mA" % (
            100 * st["busy"], st["clock_mhz"], round(100 * st["backlight_duty"]), st["ma"])))
    rows.append(("evening", "%.1f mA: %.1f h on %d mAh" % (
        result["evening"]["ma"], result["evening"]["hours"], result["capacity_mah"])))
    rows.append(("asleep", "%.2f mA: %.1f days" % (result["asleep"]["ma"],
                                                   result["asleep"]["days"])))
    return rows
