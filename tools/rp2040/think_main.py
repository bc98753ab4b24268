"""The real app on the emulated Pico with three strong Coloretto bots at the table, as
/main.py (bench/bench_bots_device.py and tests/test_device_thinking.py drive it).

App.run's loop written out (as tools/rp2040/probe_main.py does), timing every frame's
advance() (input and the screen's update: the bots think there) and draw. Prints:
    KT think <frame> <ms>      when a bot starts thinking (the host may press B then)
    KT decided <frame> <ms>    when it has its answer
    KT paused <frame> <ms> <ticks_ms>   when the game has paused (the frame that saw B,
                               before it draws the pause box; ticks_ms: since boot)
    KT resumed <frame> <ms> <ticks_ms>
    KT {json}                  at the end (after `decisions` decisions of the bots):
        the advance() us of the frames where a bot thought (and of all the game's
        frames), the draw us, the decisions, the slices, the indicator's phases drawn
    KT-END
The bots' pace (900 ms between actions) is kept: a decision is thought during it.
think_args.json on the filesystem may set {"decisions": n} (default DECISIONS) and
{"demo_ms": ms}: then the other games' bots-only demos follow, ms of app time each, each
reported as one line (its frames' advance() us: median, max, the three longest, and
the longest without the time in the game's save journal):
    KT demo {json}
It may also set the table: {"kinds": [...], "seed": n, "t_bot": ms, "t_summary": ms} (default
three strong bots, seed 5, the 900 ms pace, 600 ms summaries) and {"play_ms": ms}: then
the game is played for that much app time (or to its end) rather than `decisions`, and
only the advance() us of the frames where a bot thought are kept.
The KT record also has, in us of device time: "gap_us", the three longest gaps between
the ends of two pushed frames while a bot thinks (the later frame thought a slice: the
indicator stands still that long; not counted across a pause), "frame_us", the three
longest frames (advance, draw and push: a bot's action and its save included), and
"overran", the decisions whose answer came after the bot's pace had run out (acted on
as soon as it came).
"""
import gc
import json
import sys
import time

DECISIONS = 12


def demo(app, hal, name, ms, clock):
    """A bots-only game of `name` (its menu demo) for ms of app time: every frame's
    advance() us, as one `KT demo` line. clock: [now, last tick]; returns it."""
    from app import games
    from app.app import FRAME_MS
    app.home()
    # the frames' figures in lists made once, before the game loads: grown frame by
    # frame they needed blocks the app's heap did not always have (a MemoryError here)
    n = ms // FRAME_MS + 2
    us = [-1] * n
    rest = [-1] * n
    k = 0
    games.load(name).demo(app, 3)
    top = app.top()
    screen = type(top).__name__
    saving = [0]  # us in the game's save journal this frame (flash writes, not the bots)
    rec = getattr(top, "rec", None)
    if rec is not None:
        real = rec.applied

        def timed(state, action, now):
            t = time.ticks_us()
            real(state, action, now)
            saving[0] += time.ticks_diff(time.ticks_us(), t)
        rec.applied = timed
    end = clock[0] + ms
    due = 0
    while clock[0] < end:
        t = hal.ticks_ms()
        clock[0] += hal.ticks_diff(t, clock[1])
        clock[1] = t
        saving[0] = 0
        t0 = time.ticks_us()
        app.advance(clock[0])
        dt = time.ticks_diff(time.ticks_us(), t0)
        if k < n:
            us[k] = dt
            rest[k] = dt - saving[0]
            k += 1
        if app.dirty:
            app.draw()
            hal.display.show()
            app.frames += 1
        due = app.rest(t, hal.sleep_ms, clock[0], due)
    us.sort()  # the unused entries (-1) come first
    rest.sort()
    print("KT demo " + json.dumps({"game": name, "screen": screen, "frames": k,
                                   "median_us": us[n - k + k // 2], "max_us": us[-1],
                                   "top_us": us[-3:], "max_unsaved_us": rest[-1]}))
    return clock


def top3(xs, x):
    """xs: the three largest so far, ascending; x goes in if it is larger."""
    if x > xs[0]:
        xs[0] = x
        xs.sort()


def main():
    decisions_wanted = DECISIONS
    demo_ms = 0
    try:
        with open("think_args.json") as f:
            args = json.load(f)
    except OSError:
        args = {}
    decisions_wanted = args.get("decisions") or DECISIONS
    demo_ms = args.get("demo_ms") or 0
    play_ms = args.get("play_ms") or 0
    kinds = args.get("kinds") or ["strong", "strong", "strong"]
    from hal.pico import PicoHal
    from app.app import App
    from app.games.coloretto import setup as G
    hal = PicoHal()
    app = App(hal)
    if getattr(hal.display, "_fast", False):  # text as firmware/main.py draws it
        from app import font, font_fast
        font_fast.use(font, app.fb, hal.display.buf)
    app.pop()  # the boot screen: to the menu
    app.launch(lambda: G._play(app, kinds, ["ANNA", "BORIS", "CILKA", "DUSAN", "EVA"][:len(kinds)],
                               G.options_of(G.default_setup()), args.get("seed") or 5))
    game = app.top()
    game.t_summary = args.get("t_summary") or 600
    game.t_bot = args.get("t_bot") or game.t_bot
    gaps = [0, 0, 0]    # the three longest, ascending
    longest = [0, 0, 0]
    overran = 0
    pushed_at = time.ticks_us()
    held = False  # paused since the last push
    think_us = []
    other_us = []
    draw_us = []
    phases = []
    decisions = 0
    slices = 0
    was_thinking = False
    was_paused = False
    last = hal.ticks_ms()
    now = 0
    due = 0
    while app.top() is game and not game.st.is_terminal() and (
            now < play_ms if play_ms else decisions < decisions_wanted):
        t = hal.ticks_ms()
        now += hal.ticks_diff(t, last)
        last = t
        thinking = game.thinking is not None
        spin = game.spin
        pace = game.bot_at
        t0 = time.ticks_us()
        app.advance(now)
        dt = time.ticks_diff(time.ticks_us(), t0)
        after = game.thinking is not None
        if thinking or after:
            think_us.append(dt)
            if game.spin != spin or not thinking:
                slices += 1
        else:
            if not play_ms:  # (a long game's lists would not fit in the heap)
                other_us.append(dt)
        if after and not was_thinking:
            print("KT think %d %d" % (app.frames, now))
        if thinking and not after:
            decisions += 1
            if now >= pace:
                overran += 1
            print("KT decided %d %d" % (app.frames, now))
        was_thinking = after
        held = held or game.paused
        if game.paused != was_paused:
            was_paused = game.paused
            print("KT %s %d %d %d" % ("paused" if was_paused else "resumed", app.frames, now,
                                      hal.ticks_ms()))
        if app.dirty:
            t1 = time.ticks_us()
            app.draw()
            if not play_ms:
                draw_us.append(time.ticks_diff(time.ticks_us(), t1))
            if game.thinking is not None and game.spin_shown() and not play_ms:
                phases.append(game.spin % 3)
            hal.display.show()
            app.frames += 1
            t2 = time.ticks_us()
            if (thinking or after) and not held:  # (a pause's frames: none to push)
                top3(gaps, time.ticks_diff(t2, pushed_at))
            held = game.paused
            top3(longest, time.ticks_diff(t2, t0))
            pushed_at = t2
        due = app.rest(t, hal.sleep_ms, now, due)
    clock = [now, last]
    game = G = None  # the app's purge frees the game only if nothing here holds it
    gc.collect()
    result = json.dumps({"think_us": think_us, "other_us": other_us, "draw_us": draw_us,
                         "decisions": decisions, "slices": slices, "phases": phases,
                         "free": gc.mem_free(), "gap_us": gaps, "frame_us": longest,
                         "overran": overran, "play_ms": now})
    think_us = other_us = draw_us = phases = None
    for name in ("cubo", "kocka10000", "cubingos") if demo_ms else ():
        clock = demo(app, hal, name, demo_ms, clock)
    print("KT", result)  # (no concatenation: the heap is fragmented by now)
    print("KT-END")


try:
    main()
except Exception as e:
    print("KX")
    sys.print_exception(e)
