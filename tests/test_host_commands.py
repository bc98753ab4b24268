"""`kocka` as a person types it: the installed command (the console script of
`pip install`, found beside this Python), run in a subprocess, through a shell
pipe where the point is a pipe, and the README's commands as written there."""
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from host import db
from tests.hostdb import add_game, add_real_game, NOW
from tests import RACE_GAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
KOCKA = os.path.join(BIN, "kocka")
pytestmark = pytest.mark.skipif(not os.path.exists(KOCKA),
                                reason="the kocka command is not installed (make installs it)")


def env(dbpath=None, **more):
    e = dict(os.environ)
    e["PATH"] = BIN + os.pathsep + e.get("PATH", "")  # as after `make install` or activate
    e["KOCKA_EXTRA_GAMES"] = RACE_GAMES
    e["PYTHONPATH"] = ROOT  # the toy game lives in tests/
    e.pop("KOCKA_DB", None)
    if dbpath:
        e["KOCKA_DB"] = str(dbpath)
    e.update(more)
    return e


def sh(command, dbpath=None, cwd=None, timeout=60):
    """A shell command line, as typed; bash so PIPESTATUS tells kocka's own status."""
    return subprocess.run(["bash", "-c", command + '; echo "status=${PIPESTATUS[0]}" >&2'],
                          cwd=cwd or ROOT, env=env(dbpath), capture_output=True, text=True,
                          timeout=timeout)


def status(proc):
    return int(re.findall(r"status=(\d+)", proc.stderr)[-1])


def errors(proc):
    return "\n".join(l for l in proc.stderr.splitlines() if not l.startswith("status="))


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    """A club's database: 300 toy games (enough to overflow a pipe) and real games of
    every kind, with the seat kinds a device records (or none: an older firmware)."""
    path = tmp_path_factory.mktemp("club") / "k.sqlite3"
    con = db.connect(str(path))
    for i in range(300):
        add_game(con, i + 1, players=["ANNA", "BEN"], scores=[20, i % 20], i=i % 7,
                 ended=NOW + 60 * i)
    seq = 1000
    for game, meta in (("kocka10000", {"kinds": ["human", "hard", "human"]}),
                       ("cubo", {"levels": ["hard", "easy"], "human": True}),
                       ("cubo_table", {"table": True}),
                       ("coloretto", None),
                       ("cubingos", {"kinds": ["human", "easy", "human"]})):
        for i in range(3):
            seq += 1
            add_real_game(con, seq, 3 * i + 1, game, meta, ended=NOW + 30000 + 60 * seq)
    con.close()
    return path


# -- 2. pipes -----------------------------------------------------------------------
@pytest.mark.parametrize("line", ["kocka export --format json | head", "kocka history | head -3",
                                  "kocka scores | head", "kocka history --limit 0 | true",
                                  "kocka export --format json | true", "kocka show 1001 | true"])
def test_a_closed_pipe_ends_quietly(club, line):
    p = sh(line, club)
    assert status(p) == 0 and errors(p) == "", p.stderr
    if "head -3" in line:
        assert len(p.stdout.splitlines()) == 3


# -- 3. game names ----------------------------------------------------------------------
def test_games_by_the_names_people_type(club):
    for name in ("Cubo", "cubo", "CUBO"):
        p = sh('kocka scores --game %s' % name, club)
        assert status(p) == 0 and p.stdout.startswith("Cubo\n"), p.stdout + p.stderr
    p = sh('kocka history --game "kocka 10000" --limit 0', club)
    assert status(p) == 0 and p.stdout.count("Kocka 10000") == 3, p.stdout
    p = sh('kocka scores --game "Cubo (table)"', club)
    assert p.stdout.startswith("Cubo (table)\n")
    for bad in ("nonsense", '"kocka 1000"'):
        p = sh("kocka scores --game %s" % bad, club)
        assert status(p) == 2, p.stderr
        assert "no game called" in p.stderr and '"Kocka 10000"' in p.stderr
        assert "no games yet" not in p.stdout
    p = sh("kocka history --help", club)
    assert '"Cubo (table)"' in p.stdout.replace("\n", " ") or "Cubo (table)" in p.stdout


# -- 4. players --------------------------------------------------------------------------
def test_players_say_what_they_did(tmp_path):
    d = tmp_path / "r.sqlite3"
    p = sh('kocka players add "A VERY LONG NAME"', d)
    assert status(p) == 2 and "16 characters" in p.stderr and "nothing was changed" in p.stderr
    p = sh("kocka players add zoe", d)
    assert status(p) == 0 and "1. ZOE" in p.stdout
    p = sh("kocka players add zoe", d)
    assert status(p) == 0 and "ZOE is already in the roster" in p.stderr
    assert p.stdout.count("ZOE") == 1
    p = sh("kocka players --help", d)
    for action in ("add NAME", "remove NAME", "set NAME", "list"):
        assert action in p.stdout, p.stdout


# -- 5. --db --------------------------------------------------------------------------------
def test_db_paths_name_the_real_problem(tmp_path):
    p = sh("kocka --db %s scores" % tmp_path, None)
    assert status(p) == 1 and "is a folder, not a database file" in p.stderr
    if os.path.isdir("/proc/self"):
        p = sh("kocka --db /proc/k.db players add ANNA", None)
        assert status(p) == 1 and "cannot create /proc/k.db" in p.stderr
        assert "not a kocka database" not in p.stderr
    new = tmp_path / "a" / "b" / "k.sqlite3"
    p = sh("kocka --db %s players add ANNA" % new, None)
    assert status(p) == 0 and "created the folder %s" % new.parent in p.stderr


# -- 7. history, bots, help, version, JSON ------------------------------------------------------
def test_history_says_how_many_it_shows(club):
    p = sh("kocka history", club)
    assert "(20 of 315 games, newest first" in p.stdout
    p = sh("kocka history --limit 0", club)
    assert " of 315 games" not in p.stdout


def test_leaderboards_mark_the_bots(club):
    out = sh('kocka scores --game "kocka 10000"', club).stdout
    rows = dict((l.split()[0], l) for l in out.splitlines()[3:] if l and not l.startswith("("))
    assert "person" in rows["ANNA"] and "bot (hard)" in rows["BEN"], out
    assert "rating" in out and "trend" in out
    out = sh("kocka scores --game cubo", club).stdout
    assert "bot (easy)" in out and "bot (hard)" in out and "person" in out
    out = sh("kocka scores --game coloretto", club).stdout
    assert "?: the record does not say whether a person or a bot played" in out
    assert "(bot)" in sh("kocka history --game cubingos", club).stdout


def test_kocka_alone_version_and_json_lines(club):
    p = sh("kocka", club)
    assert status(p) == 0 and "usage: kocka" in p.stdout and "show" in p.stdout
    p = sh("kocka --version", club)
    assert status(p) == 0 and re.match(r"kocka \d+\.\d+", p.stdout)
    p = sh("kocka export --format json --game cubo", club)
    lines = p.stdout.splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 3 + 2
    data = json.loads(p.stdout)
    assert [g["game"] for g in data] == ["cubo"] * 3
    assert len(sh("kocka export --format json --game race", club).stdout) < 300 * 1200


# -- show ------------------------------------------------------------------------------------
def test_show_reads_a_game_back_move_by_move(club):
    con = db.connect(str(club), create=False, write=False)
    rows = con.execute("SELECT seq, game, players, scores, n_actions FROM games WHERE seq > 1000"
                       ).fetchall()
    con.close()
    for seq, game, players, scores, n in rows:
        p = sh("kocka show %d" % seq, club)
        assert status(p) == 0, p.stderr
        lines = p.stdout.splitlines()
        assert "verified" in lines[0]
        moves = [l for l in lines if re.match(r"\s*\d+\. ", l)]
        assert len(moves) == n, (game, lines[:5])
        end = lines[-1]
        for name, score in zip(json.loads(players), json.loads(scores)):
            assert "%s %d" % (name, score) in end, (game, end)
    k = sh("kocka show 1001", club).stdout
    assert "rolls 6 dice" in k and "ANNA" in k and "takes" in k
    p = sh("kocka show 99999", club)
    assert status(p) == 1 and "no game #99999" in p.stderr


# -- 11. a terminal gets rich's tables, a pipe plain text ---------------------------------------
def test_a_terminal_gets_tables_a_pipe_plain_text(club):
    import pty
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen([KOCKA, "scores", "--game", "cubo"], stdout=slave,
                                stderr=subprocess.PIPE, env=env(club, COLUMNS="120"))
        os.close(slave)
        out = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        proc.wait(30)
    finally:
        os.close(master)
    text = out.decode("utf-8", "replace")
    assert proc.returncode == 0
    assert "\u2503" in text or "\u2502" in text or "\u2501" in text, text  # a rich table
    plain = sh("kocka scores --game cubo", club).stdout
    assert "\x1b" not in plain and "player  seat" in plain


# -- 6. Ctrl-C during a sync -------------------------------------------------------------------
def test_ctrl_c_during_a_sync_says_what_was_kept(tmp_path):
    from tests.test_host_cli import Sim
    from tests.test_bench_runner import ctrl_c_as_at_a_terminal
    # enough games that the sync is still running when the first progress line is read
    sim = Sim(tmp_path / "dev", games=600, seed=9)
    dbpath = tmp_path / "k.sqlite3"
    try:
        proc = subprocess.Popen([KOCKA, "--db", str(dbpath), "sync", "--port", sim.port],
                                env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, preexec_fn=ctrl_c_as_at_a_terminal)
        while True:
            line = proc.stderr.readline()
            assert line, "sync ended without progress"
            if line.startswith("received"):
                break
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
        assert proc.returncode == 130, err
        assert "Traceback" not in err
        m = re.search(r"interrupted: (\d+) new games? stored and kept; the next `kocka sync` "
                      r"fetches the rest", err)
        assert m, err
        con = db.connect(str(dbpath), create=False, write=False)
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == int(m.group(1))
        con.close()
    finally:
        sim.stop()


# -- 1. the README's (and docs/host.md's) commands, as written --------------------------------
def readme_commands():
    """The commands in the README's sync section and in docs/host.md, where the rest moved."""
    def read(name):
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            return f.read()
    readme = read("README.md")
    start = readme.index("## Syncing finished games")
    section = readme[start:readme.index("\n## ", start + 3)]
    host = read(os.path.join("docs", "host.md"))
    section += host[host.index("## Installing the command"):host.index("## Reports")]
    blocks = re.findall(r"```\n(.*?)```", section, re.S)
    lines = []
    for b in blocks:
        for line in b.splitlines():
            cmd = line.split("  #")[0].split(" # ")[0].strip()
            if cmd.startswith(("kocka ", "make install", "source ")) or cmd == "kocka":
                lines.append(cmd)
    return list(dict.fromkeys(lines))


def test_the_readme_commands_work_as_written(tmp_path):
    cmds = readme_commands()
    assert "make install" in cmds and "kocka sync" in cmds and "kocka scores" in cmds
    assert "kocka sync --port /dev/pts/N" in cmds and "kocka show 12" in cmds
    home = tmp_path / "home"
    bin_dir = home / ".local" / "bin"
    work = tmp_path / "work"
    work.mkdir()
    dbpath = tmp_path / "k.sqlite3"
    # make install, then kocka from that folder alone (PATH without the venv)
    p = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "install"],
                       cwd=ROOT, env=dict(env(), HOME=str(home)), capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    assert os.path.islink(bin_dir / "kocka")
    path = str(bin_dir) + os.pathsep + "/usr/bin:/bin"
    p = subprocess.run(["bash", "-c", "kocka --version"], env=dict(env(dbpath), PATH=path),
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("kocka "), p.stderr
    p = subprocess.run(["bash", "-c", "source .venv/bin/activate && kocka --version"], cwd=ROOT,
                       env=dict(env(dbpath), PATH="/usr/bin:/bin"), capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("kocka "), p.stderr

    from tests.test_host_cli import Sim
    sim = Sim(tmp_path / "dev", games=20, seed=1)
    try:
        # the README's way to try it without a device first: a sync from the simulator
        for cmd in sorted(cmds, key=lambda c: "--port" not in c):
            if cmd.startswith(("make ", "source ", "pipx ")):
                continue
            if cmd == "kocka sync":
                continue  # finds a real Pico by USB id: the --port form below stands in
            cmd = cmd.replace("/dev/pts/N", sim.port).replace("json|csv", "json")
            p = subprocess.run(["bash", "-c", cmd], cwd=str(work),
                               env=dict(env(dbpath), PATH=path), capture_output=True,
                               text=True, timeout=120)
            assert p.returncode == 0, "%s: %s%s" % (cmd, p.stdout, p.stderr)
            assert "Traceback" not in p.stderr, cmd
            if cmd.startswith("kocka sync"):
                assert "20 new games" in p.stdout
    finally:
        sim.stop()
    assert os.path.exists(work / "kocka-plots" / "wins.png")
