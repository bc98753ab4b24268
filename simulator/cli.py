"""Command-line parsing and dispatch for `python -m simulator`.

    python -m simulator [--demo NAME] [--seed N] [--data DIR] [--frames N] [--screenshot PATH]
    python -m simulator --headless [--demo NAME] [--seed N] [--frames N] [--screenshot PATH] [--data DIR]
    python -m simulator --headless --pty --data DIR [--demo-games N] [--seed S]   (sync server)
    python -m simulator --pty [--data DIR] [--demo-games N] ...   (the window, syncable over the pty)
    python -m simulator --link host[:PORT] | --link join ADDR[:PORT] | --link serial PATH
                                                 (link play: TCP on a LAN, or a serial line)

Exit status: 0 on success, 1 no window can be shown (no display: run --headless),
2 for bad arguments or an unknown demo.
"""
import argparse
import os
import sys

from simulator import roots  # noqa: F401  (the device's import roots, before app/hal)
from simulator.headless import HEADLESS_FRAMES

PROG = "python -m simulator"
EXIT_NO_DISPLAY = 1


def non_negative(text):
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a whole number" % (text,))
    if n < 0:
        raise argparse.ArgumentTypeError("%r is negative" % (text,))
    return n


def known_demos():
    from simulator import demos
    return demos.known()


def parser():
    from simulator.keymap import describe
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Kocka simulator: the device's app, unchanged, on a PC.\n"
                    "Opens a window that looks like the device, or with --headless\n"
                    "runs a demo with no window and saves a screenshot.",
        epilog="keys (window):\n  " + "\n  ".join(describe()),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--headless", action="store_true",
                   help="no window: run on a virtual clock (33 ms a frame) and exit")
    p.add_argument("--demo", metavar="NAME",
                   help="run the app's demo NAME: scripted presses (menu) or a "
                        "bots-only game (a game's name); known: %s" % ", ".join(known_demos()))
    p.add_argument("--seed", metavar="N", type=non_negative,
                   help="random seed (default: 1 headless, fresh entropy in the window)")
    p.add_argument("--frames", metavar="N", type=non_negative,
                   help="run N frames, then exit (default headless: %d, a game's demo "
                        "to the game's end; in the window: until closed)" % HEADLESS_FRAMES)
    p.add_argument("--screenshot", metavar="PATH",
                   help="at the end, save a PNG: the 240x240 screen headless, "
                        "the whole window otherwise")
    p.add_argument("--data", metavar="DIR",
                   help="the device's storage directory (default: a fresh temporary "
                        "directory headless; the per-user simulator data directory "
                        "in the window)")
    # -- the sync hook (simulator/serve.py): serve the device's sync protocol on a pty
    p.add_argument("--pty", action="store_true",
                   help="open a pseudo-terminal as the device's USB serial port, print "
                        "SERIAL <path> (the window shows it too) for `kocka sync --port "
                        "<path>`; with --headless: no app, just the device's storage and "
                        "sync code, served until terminated")
    p.add_argument("--link", metavar="HOW", nargs="+",
                   help="link play with other simulators or a Kocka: 'host[:PORT]' listens "
                        "(default port 7301; the lobby shows the address), 'join "
                        "ADDR[:PORT]' joins a host, 'serial PATH' uses a serial line (a "
                        "USB-serial adapter to a Kocka, or a pty)")
    p.add_argument("--demo-games", metavar="N", type=non_negative, default=0,
                   help="with --pty: first play N finished bots-only games into --data")
    return p


def default_data_dir():
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("kocka", appauthor=False), "simulator")


def main(argv=None):
    args = parser().parse_args(argv)  # exits 2 with the usage on bad arguments
    from simulator import demos
    try:
        demos.check(args.demo)
    except demos.UnknownDemo as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    if args.demo_games and not args.pty:
        print("%s: error: --demo-games needs --pty" % PROG, file=sys.stderr)
        return 2
    link = None
    if args.link:
        if args.pty and args.headless:
            print("%s: error: --link needs the app: not with --headless --pty" % PROG,
                  file=sys.stderr)
            return 2
        from simulator import link_tcp
        try:
            link = link_tcp.open_link(" ".join(args.link))
        except ValueError as e:
            print("%s: error: %s" % (PROG, e), file=sys.stderr)
            return 2
        except OSError as e:
            print("%s: error: --link %s: %s" % (PROG, " ".join(args.link), e),
                  file=sys.stderr)
            return 2
    if args.pty and args.headless:
        return _serve(args)
    try:
        if args.headless:
            return _headless(args, link)
        return _window(args, link)
    finally:
        if link is not None:
            link.close()


def _serve(args):
    """--headless --pty: the sync server of simulator/serve.py."""
    from simulator import serve
    data = args.data or default_data_dir()
    return serve.run(data, args.demo_games, 1 if args.seed is None else args.seed)


def _headless(args, link=None):
    import tempfile
    from simulator import headless
    seed = 1 if args.seed is None else args.seed
    frames = args.frames   # None: headless.main's default (a game's demo: to its end)
    if args.data:
        os.makedirs(args.data, exist_ok=True)
        return headless.main(args.demo, seed, frames, args.screenshot, args.data, link)
    with tempfile.TemporaryDirectory(prefix="kocka-sim-") as tmp:
        return headless.main(args.demo, seed, frames, args.screenshot, tmp, link)


HEADLESS_HINT = ("run it without a window: --headless (a demo on a virtual clock, e.g. "
                 "`python -m simulator --headless --demo menu --screenshot shot.png`, or "
                 "`make sim ARGS=\"--headless --demo menu --screenshot shot.png\"`), or "
                 "--headless --pty to serve `kocka sync`")


def _window(args, link=None):
    from simulator import window
    why = window.display_problem()  # before anything is created or played
    if why:
        return _no_display(why)
    data = args.data or default_data_dir()
    os.makedirs(data, exist_ok=True)
    try:
        return window.main(data, demo_name=args.demo, seed=args.seed,
                           frames=args.frames, screenshot=args.screenshot,
                           serial="pty" if args.pty else None, demo_games=args.demo_games,
                           link=link)
    except window.NoDisplay as e:
        return _no_display(e)


def _no_display(why):
    print("%s: error: %s; %s" % (PROG, why, HEADLESS_HINT), file=sys.stderr)
    return EXIT_NO_DISPLAY
