"""The simulator's USB serial port: a pseudo-terminal served by the device's own sync code.

    python -m simulator --headless --pty --data DIR --demo-games N --seed S
    python -m simulator.serve --data DIR --demo-games N --seed S      (the same, standalone)

plays N finished bots-only games first (fast, no drawing) and stores them in
DIR exactly as the device does (firmware/app/gamelog.py over hal.storage),
opens a pty in raw mode, prints `SERIAL <path>` on its own line (flushed) and
answers `kocka sync --port <path>` with firmware/app/sync_device.py until it
is terminated (SIGTERM or Ctrl-C).

`PtySerial` is also the window simulator's serial port (simulator/serial_port.py,
open_serial("pty")): read_byte() never blocks, writes are buffered and flushed
as the pty takes them.
"""
import argparse
import os
import select
import sys
import time

from simulator import roots  # noqa: F401  (the device's import roots first)

DEMO_BASE_TIME = 1767225600      # 2026-01-01 00:00 UTC: demo games are dated from here
DEMO_SPACING = 5400              # one demo game every 1.5 hours
MAX_PENDING = 64 * 1024          # stop streaming records while this much waits unsent


class PtySerial:
    """hal.serial over the master side of a pty; the slave's path is `path`."""

    def __init__(self):
        import tty
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)          # no echo, no CR/LF translation, no signals
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.inbuf = b""
        self.inpos = 0
        self.out = bytearray()
        self.sessions = 0
        self.bytes_in = 0
        self.bytes_out = 0

    def read_byte(self):
        if self.inpos >= len(self.inbuf):
            try:
                self.inbuf = os.read(self.master, 4096)
            except (BlockingIOError, InterruptedError):
                self.inbuf = b""
            except OSError:
                self.inbuf = b""
            self.inpos = 0
            if not self.inbuf:
                return -1
            self.bytes_in += len(self.inbuf)
        b = self.inbuf[self.inpos]
        self.inpos += 1
        return b

    def write(self, data):
        self.out.extend(data)
        self.flush()

    def flush(self):
        while self.out:
            try:
                n = os.write(self.master, self.out)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                del self.out[:]
                return
            self.bytes_out += n
            del self.out[:n]

    def pending(self):
        return len(self.out)

    def begin_session(self):
        self.sessions += 1

    def end_session(self):
        pass

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


# -- demo games ---------------------------------------------------------------------------
def game_classes():
    """[(name, State class)] of every game the simulator can play: the registry's and
    those KOCKA_EXTRA_GAMES adds (host.games reads it, for the host as for this)."""
    from host import games
    out = []
    for name in games.names():
        try:
            out.append((name, games.lookup(name)))
        except ValueError:   # not installed
            pass
    return out


def bots_for(name, n, seed):
    """(agents, meta): the game's own bots (shared_rules.<name>_bots.make_bot, a middle
    level), else random players, and the record's meta naming them as the device does
    (app/screen.py seat_game, app/games/cubo/play.py), so `kocka scores` shows each seat as
    the bot it was (host/seats.py), not as unknown."""
    from shared_rules import driver
    try:
        mod = __import__("shared_rules.%s.bots" % name, None, None, ("make_bot",))
    except ImportError:
        mod = None
    if mod is not None and hasattr(mod, "make_bot"):
        for level in ("medium", "greedy"):
            try:
                agents = [mod.make_bot(level, seed * 7 + i) for i in range(n)]
            except ValueError:
                continue
            return agents, seat_meta(name, [level] * n)
    return [driver.RandomAgent(seed * 10 + i) for i in range(n)], seat_meta(name, ["random"] * n)


def seat_meta(name, levels):
    """The meta a device writes for a bots-only game: Cubo against bots {"levels": [...],
    "human": False, "pace": ...}, every other game {"kinds": [...]}."""
    if name == "cubo":
        return {"levels": list(levels), "human": False, "pace": "normal"}
    return {"kinds": list(levels)}


def play_demo_games(log, count, seed, names, out=None):
    """Plays `count` bots-only games and stores each finished one in `log`."""
    from shared_rules import driver, records
    from shared_rules.rng import Rng
    games = game_classes()
    if not games:
        raise SystemExit("no games are installed to play demo games with")
    rng = Rng(seed)
    stored = 0
    t0 = time.monotonic()
    for i in range(count):
        name, cls = games[i % len(games)]
        n = max(cls.MIN_PLAYERS, min(cls.MAX_PLAYERS, 2 + rng.below(3)))
        game_seed = (rng.bits16() << 14) ^ rng.bits16()
        state = cls(n, game_seed)
        agents, meta = bots_for(name, n, game_seed)
        actions = driver.play(state, agents)
        players = [names[(j + i) % len(names)] for j in range(n)]
        start = DEMO_BASE_TIME + DEMO_SPACING * i
        rec = records.make("", 0, 0, name, state.options, game_seed, players, actions,
                           state.scores(), started=start, ended=start + 900, duration=900000,
                           meta=meta)
        log.add(rec)
        stored += 1
        if out is not None and count >= 200 and (i + 1) % 200 == 0:
            out.write("demo games: %d/%d (%.0f s)\n" % (i + 1, count, time.monotonic() - t0))
            out.flush()
    return stored


def store_demo_games(hal, count, seed, log_out=sys.stderr):
    """Plays `count` bots-only games into hal's storage, named from its settings; returns
    (the game log, the settings)."""
    from app.gamelog import GameLog
    from app.settings import Settings
    settings = Settings(hal.storage)
    log = GameLog(hal.storage, hal.random_seed)
    if log.notice:
        log_out.write("simulator: %s\n" % log.notice)
    if count:
        play_demo_games(log, count, seed, settings.get("names"), log_out)
    return log, settings


# -- serving --------------------------------------------------------------------------------
class Server:
    def __init__(self, data_dir, seed=1, demo_games=0, out=sys.stdout, log_out=sys.stderr):
        from hal.virtual import VirtualHal
        from app.sync_device import SyncDevice
        from app.version import VERSION
        os.makedirs(data_dir, exist_ok=True)
        self.hal = VirtualHal(data_dir, seed)
        self.log, self.settings = store_demo_games(self.hal, demo_games, seed, log_out)
        self.serial = PtySerial()
        self.hal.serial = self.serial
        self.device = SyncDevice(self.serial, self.log, fw=VERSION + " (simulator)",
                                 settings=self.settings)
        self.out = out
        self.t0 = time.monotonic()
        self.stopped = False

    def announce(self):
        self.out.write("SERIAL %s\n" % self.serial.path)
        self.out.flush()

    def now_ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def step(self, wait=0.05):
        """One poll of the device code, then wait for the pty (at most `wait` s)."""
        dev = self.device
        serial = self.serial
        budget = 0 if serial.pending() > MAX_PENDING else 32 * 1024
        dev.poll(self.now_ms(), budget)
        serial.flush()
        busy = dev.stream is not None and serial.pending() <= MAX_PENDING
        if busy:
            return
        wfds = [serial.master] if serial.pending() else []
        try:
            select.select([serial.master], wfds, [], wait)
        except (OSError, ValueError):
            time.sleep(wait)

    def serve_forever(self):
        import signal

        def stop(signum, frame):
            self.stopped = True
        try:
            signal.signal(signal.SIGTERM, stop)
        except ValueError:
            pass  # not the main thread
        try:
            while not self.stopped:
                self.step()
        except KeyboardInterrupt:
            pass
        finally:
            self.serial.close()
        return 0


def parser():
    p = argparse.ArgumentParser(prog="python -m simulator.serve",
                                description="Serve the device's sync protocol on a pty.")
    p.add_argument("--headless", action="store_true", help="accepted for symmetry (always)")
    p.add_argument("--pty", action="store_true", help="accepted for symmetry (always)")
    p.add_argument("--data", metavar="DIR", required=True, help="the device's storage folder")
    p.add_argument("--demo-games", metavar="N", type=int, default=0,
                   help="first play N finished bots-only games and store them")
    p.add_argument("--seed", metavar="S", type=int, default=1, help="random seed (default 1)")
    return p


def run(data_dir, demo_games=0, seed=1):
    server = Server(data_dir, seed, demo_games)
    server.announce()
    return server.serve_forever()


def main(argv=None):
    args = parser().parse_args(argv)
    if args.demo_games < 0:
        print("--demo-games must not be negative", file=sys.stderr)
        return 2
    return run(args.data, args.demo_games, args.seed)


if __name__ == "__main__":
    sys.exit(main())
