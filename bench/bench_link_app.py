"""Link play in the app (issue 28, item 6): a guest's press to the frame that shows its
result on every linked device, and the countdown's LEDs across devices.

Over the cable: two emulated RP2040s (tools/rp2040emu.LinkedDevices) run the Kocka
firmware image (make uf2, RPI_PICO) with the instrumented loop (tools/rp2040/probe_main.py)
in its lean form (probe_lean: no collection after each frame, only a console line after
each pushed one): the probe's collection took 15-20 ms after every frame, and a message
arriving meanwhile waited for it, which added up to 35 ms to a press (the app collects
in its spare time itself: app.idle_gc). UART0 to UART0, with the wire's byte time kept
at the cable's baud rate (hal/link_cable.BAUD, read back from the emulated UART). From the boot into Link play, the host starts Cubo and both roll; the guest then
rerolls PRESSES times (X, one every REROLL_GAP_MS): each reroll is a request the host
stamps and applies, and every device shows it when the action reaches it (the guest
too: a real-time game shows its own press when the host's action comes back). The
latency of a press is from the GPIO edge of its key (the emulator sets the level at that
exact time) to the end (last byte on the panel) of the first frame, on the slower of the
two devices, drawn with the game's State changed (the probe's fingerprint). Then the
host calls Cubo and the guest CALL_GAP_MS later: the countdown's LED changes on both
devices, matched by how many lights are lit.

Over TCP: two headless simulators (the app on the virtual HAL, simulator/link_tcp.py on
localhost) in this one process, frames in real time (every FRAME_MS, the host's frame then
the guest's), the same rerolls: from the key's injection to the end of the frame
(app.tick) on the slower device whose screen's State shows it.
"""
import os
import tempfile
import time

from bench.bench_device import image_binary, spread

PLATFORMS = ("rp2040", "host")
PRESSES = 20
REROLL_GAP_MS = 1000
CALL_GAP_MS = 3500
FRAME_MS = 32        # app.app.FRAME_MS
GOALS = {"cable_p90_ms": 50, "tcp_p90_ms": 100, "led_offset_ms": FRAME_MS}


def cable_run(tmp):
    from tests import linkraces as L
    from shared_rules.cubo import rules as C
    from tools import rp2040emu
    binary, why = image_binary(tmp)
    if binary is None:
        return {"skipped": why}
    images = L.images(L.NAMES, lean=True)
    with rp2040emu.LinkedDevices(images, out_dir=os.path.join(tmp, "cable"),
                                 firmware=binary) as pair:
        L.to_lobby(pair)
        L.start(pair, "Cubo", "CuboMatch")
        pair.run(3000)          # the count-in to "Cubo!"
        for _ in range(5):
            st = L.host_state(pair)
            if st.status[L.HOST] == C.ARRANGING and st.status[L.GUEST] == C.ARRANGING:
                break
            L.tap_all(pair, {p: "A" for p in (L.HOST, L.GUEST)
                             if st.status[p] == C.WAITING})
            pair.run(600)
        else:
            raise RuntimeError("the players did not roll")
        samples = []
        per_device = [[], []]
        for _ in range(PRESSES):
            t = pair.now + 20
            pair[L.GUEST].press("X", hold_ms=L.HOLD, at=t)
            pair.until(t + REROLL_GAP_MS)
            shown = [L.shown(d, t, "CuboMatch") for d in pair]
            if None in shown:
                raise RuntimeError("a reroll at %.1f ms showed on no frame: %r" % (t, shown))
            for i, s in enumerate(shown):
                per_device[i].append(s - t)
            samples.append(max(shown) - t)
        st = L.host_state(pair)
        rerolls = None if st is None else st.rolls(L.GUEST) - 1
        called = L.tap_all(pair, {L.HOST: ["PRESS", "A", "Y"]})[-1][2]
        pair.until(called + CALL_GAP_MS)
        L.tap_all(pair, {L.GUEST: ["PRESS", "A", "Y"]})
        pair.run(800)
        leds = [L.countdown(d, called) for d in pair]
        L.no_crash(pair)
        emulated = pair.now
        wall = pair.wall
        baud = pair.wire_stats(0)["uarts"][0]["baud"]
    return {"presses": len(samples), "rerolls_applied": rerolls,
            "press_to_every_device_ms": spread(samples),
            "press_to_host_ms": spread(per_device[L.HOST]),
            "press_to_guest_ms": spread(per_device[L.GUEST]),
            "presses_ms": [round(x, 1) for x in samples],
            "countdown": countdown_offsets(leds, called),
            "emulated_s": round(emulated / 1000.0, 1), "wall_s": wall, "baud": baud}


def countdown_offsets(leds, called):
    """Each countdown step (lights lit) seen on both devices: when, after the host's call
    key, on each, and the guest's offset from the host."""
    host, guest = leds
    at_guest = dict((k, t) for t, k in guest)
    steps = []
    for t, k in host:
        if k in at_guest:
            steps.append({"lit": k, "host_ms": round(t - called, 1),
                          "guest_ms": round(at_guest[k] - called, 1),
                          "offset_ms": round(at_guest[k] - t, 1)})
    later = [abs(s["offset_ms"]) for s in steps[1:]]
    return {"steps": steps,
            "start_offset_ms": steps[0]["offset_ms"] if steps else None,
            "max_step_offset_ms": max(later) if later else None}


class RealTimePair:
    """Two headless simulators' apps over TCP on localhost, in this process: frames every
    FRAME_MS of real time, the host's then the guest's."""

    def __init__(self, tmp):
        from tests.apphelpers import Harness
        from simulator.link_tcp import TcpHost, TcpGuest
        self.server = TcpHost(0, bind="127.0.0.1")
        self.h = Harness(os.path.join(tmp, "host"), seed=11)
        self.g = Harness(os.path.join(tmp, "guest"), seed=22)
        self.h.app.settings.set_name(0, "HANA")
        self.g.app.settings.set_name(0, "GUS")
        self.h.hal.links = self.server.ports()
        self.link = TcpGuest("127.0.0.1", self.server.port)
        self.g.hal.links = self.link.ports()
        self.base = max(self.h.clock, self.g.clock)
        self.t0 = time.monotonic()
        self.watch = None       # called after each app's frame with (app's harness, t)

    def ms(self):
        return self.base + (time.monotonic() - self.t0) * 1000.0

    def run(self, ms):
        end = self.ms() + ms
        while self.ms() < end:
            start = self.ms()
            for x in (self.h, self.g):
                x.clock = int(self.ms())
                x.app.tick(x.clock)
                if self.watch is not None:
                    self.watch(x, self.ms())
            rest = FRAME_MS - (self.ms() - start)
            if rest > 0:
                time.sleep(rest / 1000.0)

    def press(self, x, button):
        """A key on one side (x: a harness); returns the real ms of its injection."""
        from hal import api
        t = self.ms()
        x.hal.buttons.inject(api.event(api.PRESSED, button))
        self.run(80)
        x.hal.buttons.inject(api.event(api.RELEASED, button))
        self.run(120)
        return t

    def until(self, cond, ms, what):
        end = self.ms() + ms
        while not cond():
            if self.ms() > end:
                raise RuntimeError("not within %d ms: %s" % (ms, what))
            self.run(FRAME_MS)

    def close(self):
        self.link.close()
        self.server.close()


def tcp_run(tmp):
    from hal import api
    from shared_rules.cubo import rules as C
    p = RealTimePair(tmp)
    try:
        h, g = p.h, p.g
        for x in (h, g):
            menu = x.app.top()
            while menu.items[menu.index].label() != "Link play":
                p.press(x, api.DOWN)
            p.press(x, api.KEY_A)
        p.press(g, api.DOWN)             # Join a game
        p.press(g, api.KEY_A)
        p.press(h, api.KEY_A)            # Host a game
        p.until(lambda: h.app.link is not None and len(h.app.link.members()) == 2, 5000,
                "the guest joined")
        p.press(h, api.KEY_Y)            # Cubo, no bots: the lobby's first game
        p.until(lambda: all(type(x.app.top()).__name__ == "CuboMatch" for x in (h, g)),
                5000, "both in Cubo")
        hm, gm = h.app.top(), g.app.top()
        p.until(lambda: hm.go_gt is None and gm.go_gt is None, 6000, "Cubo!")
        for x, m in ((h, hm), (g, gm)):
            p.press(x, api.KEY_A)
        p.until(lambda: hm.state.status[1] == gm.state.status[1] == C.ARRANGING and
                hm.state.status[0] == C.ARRANGING, 3000, "both rolled")
        seen = {}

        def watch(x, t):
            m = hm if x is h else gm
            n = m.state.rolls(1)
            if n > seen["rolls"] and x not in seen:
                seen[x] = t
        p.watch = watch
        samples, per = [], {h: [], g: []}
        for _ in range(PRESSES):
            seen.clear()
            seen["rolls"] = gm.state.rolls(1)
            t = p.press(g, api.KEY_X)
            p.until(lambda: h in seen and g in seen, 2000, "a reroll on both")
            for x in (h, g):
                per[x].append(seen[x] - t)
            samples.append(max(seen[h], seen[g]) - t)
            p.run(REROLL_GAP_MS - 200)
        p.watch = None
        return {"presses": len(samples), "press_to_every_device_ms": spread(samples),
                "press_to_host_ms": spread(per[h]), "press_to_guest_ms": spread(per[g]),
                "frame_ms": FRAME_MS}
    finally:
        p.close()


def run():
    from tools import rp2040emu
    tmp = tempfile.mkdtemp(prefix="kocka-bench-link-app-")
    why = rp2040emu.missing()
    cable = {"skipped": why} if why else cable_run(tmp)
    from hal import link_cable
    return {"cable": cable, "tcp": tcp_run(tmp), "goals": GOALS, "baud": link_cable.BAUD}


def firmware(result):
    from bench.common import stock_firmware
    return stock_firmware() + "; the Kocka firmware image (make uf2) with the probe's lean loop"


def table(result):
    rows = []
    c, t = result["cable"], result["tcp"]
    if "skipped" in c:
        rows.append(("cable", "skipped: " + c["skipped"]))
    else:
        s = c["press_to_every_device_ms"]
        rows.append(("cable: guest's press to every device, p50 / p90 / max (ms, %d)" % s["n"],
                     "%s / %s / %s" % (s["median"], s["p90"], s["max"])))
        cd = c["countdown"]
        rows.append(("countdown LEDs: guest after host, start / most per second (ms)",
                     "%s / %s" % (cd["start_offset_ms"], cd["max_step_offset_ms"])))
    s = t["press_to_every_device_ms"]
    rows.append(("TCP: guest's press to every device, p50 / p90 / max (ms, %d)" % s["n"],
                 "%s / %s / %s" % (s["median"], s["p90"], s["max"])))
    return rows
