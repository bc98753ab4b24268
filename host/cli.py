"""The `kocka` command line (also `python -m host`).

    kocka sync [--port auto|PATH] [--db PATH]     pull finished games from the device
    kocka scores [--game NAME] [--all]            leaderboards and ratings per game
    kocka history [--game NAME] [--limit N]       the games, newest first
    kocka show [DEVICE#]N                         one game, move by move
    kocka export --format json|csv [--out FILE]   every game, for other tools
    kocka plot [--out DIR] [--game NAME]          PNG charts: scores, ratings, wins
    kocka players [list | add NAME.. | remove NAME.. | set NAME..]   the roster
    kocka conflicts [--device ID]                 games that came twice with other content
    kocka check [--reverify]                      the database file's integrity, in depth
    kocka import FILE                             a game log downloaded from the web page

Exit status: 0 ok, 1 an error (the message says what to do), 2 bad usage,
3 the sync finished but found conflicting games (see `kocka conflicts`).
"""
import argparse
import os
import sys

PROG = "kocka"
EXIT_USAGE = 2
EXIT_ATTENTION = 3
MAX_COUNT = (1 << 31) - 1


class Progress:
    """Sync progress on stderr: rich's bar on a terminal, a plain line per tenth otherwise."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.last = -1
        self.what = None
        self.bar = None

    def __call__(self, done, total, what="received"):
        total = max(total, done, 1)
        if what != self.what:
            self.close()
            self.last = -1
            self.what = what
        if self.tty:
            if self.bar is None:
                from rich.console import Console
                from rich.progress import (Progress as Bar, BarColumn, MofNCompleteColumn,
                                           TextColumn, TimeRemainingColumn)
                self.bar = Bar(TextColumn("%-8s" % what), BarColumn(), MofNCompleteColumn(),
                               TextColumn("games"), TimeRemainingColumn(),
                               console=Console(file=self.stream), transient=False)
                self.bar.start()
                self.task = self.bar.add_task(what, total=total)
            self.bar.update(self.task, completed=done, total=total)
        else:
            step = max(1, total // 10)
            if done == total or done // step != self.last:
                self.last = done // step
                self.stream.write("%s %d/%d games\n" % (what, done, total))
                self.stream.flush()

    def close(self):
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _version():
    try:
        from importlib.metadata import version
        return version("kocka")
    except Exception:
        return "unknown"


def _given(text, n=40):
    """A value the user typed, quoted for an error message: at most n characters."""
    return repr(text[:n] + "..." if len(text) > n else text)


def _count(text):
    """--limit: a whole number of games, 0 for all."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= MAX_COUNT:
        raise argparse.ArgumentTypeError("%s is not a count of games (0 to %d; 0: all)"
                                         % (_given(text), MAX_COUNT))
    return n


def _seconds(text):
    """--timeout: seconds, more than 0."""
    try:
        s = float(text)
    except ValueError:
        s = -1.0
    if not 0 < s <= 3600:  # also NaN
        raise argparse.ArgumentTypeError("%s is not a number of seconds (more than 0, at "
                                         "most 3600)" % _given(text))
    return s


def _game_help():
    from host import gamenames
    return "a game, by its name or id, any case: %s" % gamenames.listing()


def parser():
    p = argparse.ArgumentParser(
        prog=PROG, description="Kocka host tool: sync finished games from the device into a "
                               "local database, then see leaderboards, history, exports and plots.",
        epilog="`kocka COMMAND --help` explains each command. Exit status: 0 ok, 1 an error "
               "(the message says what to do), 2 bad usage, 3 a sync found conflicting games.")
    p.add_argument("--version", action="version", version="%(prog)s " + _version())
    p.add_argument("--db", metavar="PATH",
                   help="the database file (default: $KOCKA_DB, else kocka.sqlite3 in your "
                        "user data directory)")
    sub = p.add_subparsers(dest="cmd", metavar="COMMAND")
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
    s.add_argument("--timeout", type=_seconds, default=3.0, metavar="S",
                   help="seconds without progress before asking again (default 3)")
    s.add_argument("-q", "--quiet", action="store_true", help="no progress bar")

    s = sub.add_parser("scores", parents=[db_opt], help="leaderboards and ratings per game",
                       description="Per game: each player's Elo rating and its trend over "
                                   "the last 5 games, games, wins, average and best score. "
                                   "The seat column says whether a person or a bot played, "
                                   "as the device recorded it.")
    s.add_argument("--game", metavar="NAME", help=_game_help())
    s.add_argument("--all", action="store_true", help="count rejected records too")

    s = sub.add_parser("history", parents=[db_opt], help="the synced games, newest first")
    s.add_argument("--game", metavar="NAME", help=_game_help())
    s.add_argument("--device", metavar="ID")
    s.add_argument("--limit", type=_count, default=20, metavar="N", help="how many (0: all)")

    s = sub.add_parser("export", parents=[db_opt], help="every game as JSON or CSV")
    s.add_argument("--format", choices=("json", "csv"), required=True)
    s.add_argument("--out", metavar="FILE", help="write here (default: standard output)")
    s.add_argument("--game", metavar="NAME", help=_game_help())

    s = sub.add_parser("plot", parents=[db_opt],
                       help="PNG charts: scores and ratings over time, wins per player")
    s.add_argument("--out", default="kocka-plots", metavar="DIR",
                   help="folder for the PNG files (default: ./kocka-plots)")
    s.add_argument("--game", metavar="NAME", help=_game_help())

    s = sub.add_parser("conflicts", parents=[db_opt],
                       help="games the device sent again with other content than stored")
    s.add_argument("--device", metavar="ID")

    s = sub.add_parser("check", parents=[db_opt],
                       help="check the database file: SQLite's integrity and every record's "
                            "bytes")
    s.add_argument("--reverify", action="store_true",
                   help="also replay every verified game with this kocka's checks")

    s = sub.add_parser("show", parents=[db_opt], help="one game move by move, replayed from "
                                                       "its record",
                       description="Replays a stored game with the rules and prints every "
                                   "action in words: a disputed game read back. GAME is the "
                                   "number `kocka history` shows (N, or DEVICE#N when "
                                   "several devices used the same number).")
    s.add_argument("number", metavar="GAME")
    s.add_argument("--device", metavar="ID", help="the device, when N is not unique")

    s = sub.add_parser("import", parents=[db_opt],
                       help="a game log downloaded from the web page (Download game log)",
                       description="Reads a game log the web page saved (Download game log) "
                                   "into the database, as a sync would: every game is stored "
                                   "under its log and number (a game already stored is left "
                                   "as it is, so importing a file again adds nothing) and "
                                   "verified by replaying it with the rules.")
    s.add_argument("file", metavar="FILE")

    s = sub.add_parser(
        "players", parents=[db_opt], help="the roster of player names pushed to the device",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="The roster: the names `kocka sync` writes into the device's player "
                    "slots, in order (the device has %d; names are upper case, at most %d "
                    "printable ASCII characters)." % (6, 8),
        epilog="actions:\n"
               "  list              show the roster (the default)\n"
               "  add NAME...       append names (a name already there is left where it is)\n"
               "  remove NAME...    take names out; the ones after move up a slot\n"
               "  set NAME...       replace the whole roster with these names, in order\n"
               "A name longer than 8 characters is refused, not cut short.")
    s.add_argument("action", nargs="?", default="list", choices=("list", "add", "remove", "set"))
    s.add_argument("names", nargs="*", metavar="NAME")
    return p


def main(argv=None):
    p = parser()
    args = p.parse_args(argv)
    if args.cmd is None:  # `kocka` alone: the help, not an error
        p.print_help()
        return 0
    from host import db
    path = getattr(args, "db_sub", None) or args.db or db.default_path()
    try:
        if getattr(args, "game", None):
            from host import gamenames
            try:
                args.game = gamenames.resolve(args.game)
            except ValueError as e:
                return usage(e)
        code = COMMANDS[args.cmd](args, path)
        sys.stdout.flush()  # a closed pipe shows here, in the handler below, not at exit
        return code
    except BrokenPipeError:
        return _broken_pipe()
    except (db.DbError, ValueError) as e:
        return fail(e)
    except KeyboardInterrupt:
        print("\n%s: interrupted" % PROG, file=sys.stderr)
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


def _broken_pipe():
    """The reader went away (`kocka history | head`): stop quietly, as other tools do.
    stdout is pointed at /dev/null so Python's own flush at exit finds no pipe to fail on."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 0


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


def usage(e):
    """Bad usage (a value no command takes): the one-line error, exit status 2 as
    argparse's own."""
    fail(e)
    return EXIT_USAGE


def cmd_sync(args, path):
    from host import db, serialport
    from host.safetext import shown
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
        print("syncing with %s into %s" % (shown(port), shown(path)), file=sys.stderr)
        before = db.count_games(con)
        try:
            res = sync(link, con, lookup=lookup, progress=progress,
                       roster=None if args.no_roster else db.roster(con),
                       set_clock=not args.no_clock, frame_wait=args.timeout)
        except SyncError as e:
            if progress:
                progress.close()
            return fail(e)
        except KeyboardInterrupt:
            if progress:
                progress.close()
            con.rollback()  # only what was committed (and acknowledged) counts
            kept = db.count_games(con) - before
            print("\n%s: interrupted: %d new game%s stored and kept; the next `kocka sync` "
                  "fetches the rest (the device keeps every game it was not told to prune)"
                  % (PROG, kept, "" if kept == 1 else "s"), file=sys.stderr)
            return 130
        finally:
            link.close()
        if progress:
            progress.close()
        return sync_report(res, db.roster(con)[:db.DEVICE_SLOTS])


def gap_notes(gaps, err):
    """A line for each run of numbers a device (or its downloaded log) says are gone."""
    for a, b, why in gaps:
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


def sync_report(res, pushed_names, out=None, err=None):
    """Prints a sync's summary and notes (device text escaped); returns the exit status."""
    from host.safetext import shown
    out = out or sys.stdout
    err = err or sys.stderr
    print(shown(res.summary()), file=out)
    gap_notes(res.gaps, err)
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
    from host import output, report
    con = opened(path, create=False, write=False)
    output.emit(report.scores_blocks(con, args.game, args.all))
    return 0


def cmd_history(args, path):
    from host import output, report
    con = opened(path, create=False, write=False)
    output.emit(report.history_blocks(con, args.game, args.device, args.limit or None))
    return 0


def cmd_show(args, path):
    from host import db, describe, games, report
    from host.safetext import shown
    from shared_rules import records
    device, _, num = args.number.rpartition("#")
    device = device or args.device
    try:
        seq = int(num)
    except ValueError:
        seq = None
    if seq is None or not 1 <= seq <= MAX_COUNT:
        return usage("%s is not a game number: give the number `kocka history` shows "
                     "(N or DEVICE#N, N from 1 to %d)" % (_given(args.number), MAX_COUNT))
    con = opened(path, create=False, write=False)
    rows = db.game_by_seq(con, seq, device)
    if not rows:
        return fail("no game #%d%s in %s (`kocka history` lists them)"
                    % (seq, " of device %s" % device if device else "", path))
    if len(rows) > 1:
        return fail("game #%d exists on several devices (%s): say which, e.g. `kocka show "
                    "%s#%d`" % (seq, ", ".join(shown(r["device"]) for r in rows),
                                shown(rows[0]["device"]), seq))
    row = rows[0]
    try:
        rec = records.decode(row["raw"])
    except records.RecordError as e:
        return fail("game %s#%d does not decode (%s): it cannot be replayed"
                    % (shown(row["device"]), seq, e))
    status = ("verified" if row["verified"] == 1 else "not checked yet"
              if row["verified"] is None else "REJECTED: %s" % (row["reason"] or "?"))
    out = sys.stdout
    out.write("game %s#%d, played %s, %s\n" % (shown(row["device"]), seq,
                                               report.when(db.played_at(row)), shown(status)))
    try:
        for line in describe.lines(rec, games.lookup):
            out.write(shown(line) + "\n")
    except BrokenPipeError:
        raise
    except Exception as e:
        out.flush()
        return fail("the replay of game #%d stopped: %s" % (seq, e))
    return 0


def cmd_export(args, path):
    from host import export
    from host.safetext import shown
    con = opened(path, create=False, write=False)
    text = export.to_json(con, args.game) if args.format == "json" else export.to_csv(con, args.game)
    if args.out:
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            if not text.endswith("\n"):
                f.write("\n")
        print("wrote %s" % shown(args.out), file=sys.stderr)
    else:
        sys.stdout.write(text)
        if not text.endswith("\n"):
            sys.stdout.write("\n")
    return 0


def cmd_plot(args, path):
    from host import plot
    from host.safetext import shown
    con = opened(path, create=False, write=False)
    written = plot.plot(con, args.out, args.game)
    if not written:
        return fail("no verified games to plot yet: run `kocka sync`")
    for p in written:
        print("wrote %s" % shown(p))
    return 0


def cmd_conflicts(args, path):
    from host import report
    con = opened(path, create=False, write=False)
    text, n = report.conflicts(con, args.device)
    print(text)
    return 0


def cmd_check(args, path):
    from host import db, dbfile
    from host.safetext import shown
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
          % (shown(path), n["games"], n["verified"], n["rejected"], n["unchecked"], n["conflicts"],
             n["gaps"], n["devices"]))
    return 0


def cmd_players(args, path):
    from host import db
    if args.action == "list":
        if args.names:
            return usage("`players list` takes no names")
    elif not args.names:
        return usage("`players %s` needs at least one NAME" % args.action)
    try:
        for n in args.names:
            db.clean_name(n)
    except ValueError as e:
        return usage(e)  # a name the device cannot show: nothing was changed
    con = opened(path, write=args.action != "list")
    names = db.roster(con)
    if args.action == "list":
        pass
    elif args.action == "add":
        for n in args.names:
            c = db.clean_name(n)
            if c in names:
                print("%s is already in the roster (slot %d): left as it is"
                      % (c, names.index(c) + 1), file=sys.stderr)
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


def cmd_import(args, path):
    from host import db, importlog
    from host.games import lookup
    from host.safetext import shown
    try:
        device, epoch, recs, gaps = importlog.read(args.file)
    except importlog.BadLogFile as e:
        return fail(e)
    except OSError as e:
        return fail("cannot read %s: %s" % (args.file, e.strerror or e))
    con = opened(path)
    with db.sync_lock(path):
        res = importlog.store_all(con, device, epoch, recs, gaps, lookup)
    print(shown(res.summary()))
    gap_notes(res.gaps, sys.stderr)
    if res.conflicts:
        print("warning: CONFLICT: %d game%s in the file differ from the copy this database "
              "holds under the same number; the stored copy is kept and the other is saved "
              "beside it: see `kocka conflicts`"
              % (res.conflicts, "" if res.conflicts == 1 else "s"), file=sys.stderr)
        return EXIT_ATTENTION
    return 0


COMMANDS = {"import": cmd_import, "sync": cmd_sync, "scores": cmd_scores, "history": cmd_history, "show": cmd_show,
            "export": cmd_export, "plot": cmd_plot, "players": cmd_players,
            "conflicts": cmd_conflicts, "check": cmd_check}
