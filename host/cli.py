"""The `kocka` command line (also `python -m host`).

    kocka sync [--port auto|PATH] [--db PATH]     pull finished games from the device
    kocka scores [--game NAME] [--all]            leaderboards per game
    kocka history [--game NAME] [--limit N]       the games, newest first
    kocka export --format json|csv [--out FILE]   every game, for other tools
    kocka plot [--out DIR] [--game NAME]          PNG charts: scores over time, wins
    kocka players [list | add NAME.. | remove NAME.. | set NAME..]   the roster
    kocka conflicts [--device ID]                 games that came twice with other content
    kocka check [--reverify]                      the database file's integrity, in depth

Exit status: 0 ok, 1 an error (the message says what to do), 2 bad usage,
3 the sync finished but found conflicting games (see `kocka conflicts`).
"""
import argparse
import os
import sys

PROG = "kocka"
EXIT_ATTENTION = 3


class Progress:
    """A one-line progress bar on stderr (plain lines when stderr is not a terminal)."""

    def __init__(self, stream=None, width=30):
        self.stream = stream or sys.stderr
        self.width = width
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last = -1
        self.shown = False

    def __call__(self, done, total, what="received"):
        total = max(total, done, 1)
        if what != getattr(self, "what", what):
            self.close()
            self.last = -1
        self.what = what
        if self.tty:
            fill = self.width * done // total
            self.stream.write("\r%-8s [%s%s] %d/%d games" % (
                what, "#" * fill, "." * (self.width - fill), done, total))
            self.stream.flush()
            self.shown = True
        else:
            step = max(1, total // 10)
            if done == total or done // step != self.last:
                self.last = done // step
                self.stream.write("%s %d/%d games\n" % (what, done, total))

    def close(self):
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


def parser():
    p = argparse.ArgumentParser(
        prog=PROG, description="Kocka host tool: sync finished games from the device into a "
                               "local database, then see leaderboards, history, exports and plots.")
    p.add_argument("--db", metavar="PATH",
                   help="the database file (default: $KOCKA_DB, else kocka.sqlite3 in your "
                        "user data directory)")
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND")
    sub.required = True
    # --db also after the command (kocka sync --db PATH), and shown in its help
    db_opt = argparse.ArgumentParser(add_help=False)
    db_opt.add_argument("--db", metavar="PATH", dest="db_sub",
                        help="the database file (default: $KOCKA_DB, else kocka.sqlite3 in "
                             "your user data directory)")

    s = sub.add_parser("sync", parents=[db_opt], help="pull finished games from the device over USB")
    s.add_argument("--port", default="auto", metavar="auto|PATH",
                   help="the device's serial port (default: find a Pico by USB id 2E8A:0005)")
    s.add_argument("--no-clock", action="store_true", help="do not set the device's clock")
    s.add_argument("--no-roster", action="store_true", help="do not push the player names")
    s.add_argument("--timeout", type=float, default=3.0, metavar="S",
                   help="seconds without progress before asking again (default 3)")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    s = sub.add_parser("scores", parents=[db_opt], help="leaderboards per game")
    s.add_argument("--game", metavar="NAME")
    s.add_argument("--all", action="store_true", help="count rejected records too")

    s = sub.add_parser("history", parents=[db_opt], help="the synced games, newest first")
    s.add_argument("--game", metavar="NAME")
    s.add_argument("--device", metavar="ID")
    s.add_argument("--limit", type=int, default=20, metavar="N", help="how many (0: all)")

    s = sub.add_parser("export", parents=[db_opt], help="every game as JSON or CSV")
    s.add_argument("--format", choices=("json", "csv"), required=True)
    s.add_argument("--out", metavar="FILE", help="write here (default: standard output)")
    s.add_argument("--game", metavar="NAME")

    s = sub.add_parser("plot", parents=[db_opt],
                       help="PNG charts: scores over time, wins per player")
    s.add_argument("--out", default="kocka-plots", metavar="DIR",
                   help="folder for the PNG files (default: ./kocka-plots)")
    s.add_argument("--game", metavar="NAME")

    s = sub.add_parser("conflicts", parents=[db_opt],
                       help="games the device sent again with other content than stored")
    s.add_argument("--device", metavar="ID")

    s = sub.add_parser("check", parents=[db_opt],
                       help="check the database file: SQLite's integrity and every record's "
                            "bytes")
    s.add_argument("--reverify", action="store_true",
                   help="also replay every verified game with this kocka's checks")

    s = sub.add_parser("players", parents=[db_opt],
                       help="the roster of player names pushed to the device")
    s.add_argument("action", nargs="?", default="list", choices=("list", "add", "remove", "set"))
    s.add_argument("names", nargs="*", metavar="NAME")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    from host import db
    path = getattr(args, "db_sub", None) or args.db or db.default_path()
    try:
        return COMMANDS[args.cmd](args, path)
    except (db.DbError, ValueError) as e:
        return fail(e)
    except KeyboardInterrupt:
        print("\n%s: interrupted (what was committed is kept)" % PROG, file=sys.stderr)
        return 130
    except Exception as e:
        # the last line of defence: one line naming the file, never a traceback
        import sqlite3
        if os.environ.get("KOCKA_DEBUG"):
            raise
        if isinstance(e, sqlite3.Error):
            from host import dbfile
            return fail(dbfile.explain(path, e))
        if isinstance(e, OSError):
            return fail("cannot use %s: %s" % (e.filename or path, e.strerror or e))
        return fail("unexpected %s while using %s: %s (KOCKA_DEBUG=1 shows the details; "
                    "please report it)" % (type(e).__name__, path, e))
    finally:
        _close_all()


_OPEN = []


def opened(path, create=True, write=True):
    """The checked database (closed when the command ends)."""
    from host import db
    con = db.connect(path, create=create, write=write)
    _OPEN.append(con)
    return con


def _close_all():
    while _OPEN:
        try:
            _OPEN.pop().close()
        except Exception:
            pass


def fail(e):
    from host.safetext import shown
    print("%s: error: %s" % (PROG, shown(e)), file=sys.stderr)
    return 1


def cmd_sync(args, path):
    from host import db, serialport
    from host.games import lookup
    from host.sync import sync, SyncError
    con = opened(path)
    with db.sync_lock(path):
        try:
            port = serialport.auto_port() if args.port == "auto" else args.port
            link = serialport.open_link(port)
        except serialport.PortError as e:
            return fail(e)
        progress = None if args.quiet else Progress()
        print("syncing with %s into %s" % (port, path), file=sys.stderr)
        try:
            res = sync(link, con, lookup=lookup, progress=progress,
                       roster=None if args.no_roster else db.roster(con),
                       set_clock=not args.no_clock, frame_wait=args.timeout)
        except SyncError as e:
            if progress:
                progress.close()
            return fail(e)
        finally:
            link.close()
        if progress:
            progress.close()
        return sync_report(res, db.roster(con)[:db.DEVICE_SLOTS])


def sync_report(res, pushed_names, out=None, err=None):
    """Prints a sync's summary and notes (device text escaped); returns the exit status."""
    from host.safetext import shown
    out = out or sys.stdout
    err = err or sys.stderr
    print(shown(res.summary()), file=out)
    for a, b, why in res.gaps:
        games = "game #%d" % a if a == b else "games #%d-#%d" % (a, b)
        if why == "pruned":
            print("note: %s are no longer on the device (pruned after an earlier sync)"
                  % games, file=err)
        elif why == "damaged":
            print("warning: %s were lost on the device: their copy on its flash is damaged "
                  "(it failed its CRC)" % games, file=err)
        elif why != "unused":  # unused: numbers the device never wrote a game under
            print("warning: %s are missing on the device and were lost (reason unknown)"
                  % games, file=err)
    if res.conflicts:
        seqs = ", ".join("#%d" % n for n in res.conflict_seqs[:10])
        more = " and more" if len(res.conflict_seqs) > 10 else ""
        print("warning: CONFLICT: the device sent %d game%s (%s%s) that differ from the copy "
              "this database holds under the same number; the stored copy is kept and the "
              "other is saved beside it: see `kocka conflicts`"
              % (res.conflicts, "" if res.conflicts == 1 else "s", seqs, more), file=err)
    for w in res.warnings:
        print("warning: %s" % shown(w), file=err)
    if res.clock_set:
        print("device clock set", file=err)
    if res.roster_pushed:
        print("player names pushed: %s" % shown(", ".join(pushed_names)), file=err)
    return EXIT_ATTENTION if res.conflicts else 0


def cmd_scores(args, path):
    from host import db, report
    con = opened(path, create=False, write=False)
    print(report.scores(con, args.game, args.all))
    return 0


def cmd_history(args, path):
    from host import db, report
    con = opened(path, create=False, write=False)
    print(report.history(con, args.game, args.device, args.limit or None))
    return 0


def cmd_export(args, path):
    from host import db, export
    con = opened(path, create=False, write=False)
    text = export.to_json(con, args.game) if args.format == "json" else export.to_csv(con, args.game)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            if not text.endswith("\n"):
                f.write("\n")
        print("wrote %s" % args.out, file=sys.stderr)
    else:
        sys.stdout.write(text)
        if not text.endswith("\n"):
            sys.stdout.write("\n")
    return 0


def cmd_plot(args, path):
    from host import db, plot
    con = opened(path, create=False, write=False)
    written = plot.plot(con, args.out, args.game)
    if not written:
        return fail("no verified games to plot yet: run `kocka sync`")
    for p in written:
        print("wrote %s" % p)
    return 0


def cmd_conflicts(args, path):
    from host import db, report
    con = opened(path, create=False, write=False)
    text, n = report.conflicts(con, args.device)
    print(text)
    return 0


def cmd_check(args, path):
    from host import db, dbfile
    con = opened(path, create=False, write=args.reverify)
    n = dbfile.deep_check(con, path)
    if args.reverify:
        import time
        from host.games import lookup
        from host.sync import replay_pending
        db.unverify_all(con)
        good, bad = replay_pending(con, lookup, int(time.time()))
        print("replayed %d games with this kocka's checks: %d verified, %d rejected (kocka "
              "history shows why)" % (good + bad, good, bad), file=sys.stderr)
        n = dbfile.deep_check(con, path)
    print("%s: ok: %d games (%d verified, %d rejected, %d not checked yet), %d conflicts, "
          "%d gaps, %d devices; SQLite's integrity_check and every record's SHA-256 agree"
          % (path, n["games"], n["verified"], n["rejected"], n["unchecked"], n["conflicts"],
             n["gaps"], n["devices"]))
    return 0


def cmd_players(args, path):
    from host import db
    con = opened(path, write=args.action != "list")
    names = db.roster(con)
    if args.action == "list":
        if args.names:
            return fail("`players list` takes no names")
    elif not args.names:
        return fail("`players %s` needs at least one NAME" % args.action)
    elif args.action == "add":
        names = db.set_roster(con, names + args.names)
    elif args.action == "remove":
        drop = set(db.clean_name(n) for n in args.names)
        missing = drop - set(names)
        if missing:
            return fail("not in the roster: %s" % ", ".join(sorted(missing)))
        names = db.set_roster(con, [n for n in names if n not in drop])
    elif args.action == "set":
        names = db.set_roster(con, args.names)
    if not names:
        print("the roster is empty: the device keeps its own names "
              "(add some with `kocka players add NAME`)")
    for i, n in enumerate(names):
        extra = "" if i < db.DEVICE_SLOTS else "  (the device has %d slots)" % db.DEVICE_SLOTS
        print("%d. %s%s" % (i + 1, n, extra))
    return 0


COMMANDS = {"sync": cmd_sync, "scores": cmd_scores, "history": cmd_history,
            "export": cmd_export, "plot": cmd_plot, "players": cmd_players,
            "conflicts": cmd_conflicts, "check": cmd_check}
