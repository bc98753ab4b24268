"""What `kocka` prints and writes from device-provided data: no terminal control
sequences, no spreadsheet formulas, no date or math text that breaks a whole report."""
import csv
import io
import json
import os

import pytest

from host import cli, db, safetext
from tests.hostdb import add_game, NOW
from tests import RACE_GAMES

EVIL = ["\x1b]0;pwned\x07", "A\rB", "=1+2", "+SUM(A1)", "@cmd", "-x", "\u202eRTL"]
CONTROL = ("\x1b", "\x07", "\r", "\u202e")


@pytest.fixture
def evil_db(tmp_path, monkeypatch):
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    path = tmp_path / "k.sqlite3"
    con = db.connect(str(path))
    add_game(con, 1, players=EVIL[:2], scores=[3, 20], device="D\x1b[2J", ended=NOW)
    add_game(con, 2, players=EVIL[2:4], scores=[20, 1], ended=NOW + 60)
    add_game(con, 3, players=EVIL[4:6], scores=[20, -5], ended=NOW + 120,
             verified=False, reason="bad \x1b[31mred\x07")
    add_game(con, 4, players=[EVIL[6], "ANNA"], scores=[20, 2], ended=NOW + 180)
    con.close()
    return str(path)


def run(capsys, *argv):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean(text):
    for c in CONTROL:
        assert c not in text, "%r reached the output: %r" % (c, text[:300])


def test_scores_history_and_csv_escape_device_text(evil_db, capsys):
    for argv in (["scores", "--all"], ["history"], ["export", "--format", "csv"]):
        code, out, err = run(capsys, "--db", evil_db, *argv)
        assert code == 0, err
        assert_clean(out + err)
    code, out, _ = run(capsys, "--db", evil_db, "history")
    assert "\\x1b]0;pwned\\x07" in out and "\\x1b[2J" in out and "\\x1b[31mred" in out


def test_csv_cells_are_never_formulas(evil_db, capsys):
    code, out, _ = run(capsys, "--db", evil_db, "export", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 4
    for r in rows:
        for k, v in r.items():
            assert not v.startswith(("=", "+", "@")), (k, v)
            if v.startswith("-"):
                assert v.lstrip("-").isdigit(), (k, v)
    assert rows[1]["players"] == "'=1+2;+SUM(A1)"
    assert rows[0]["epoch"] == "7"


def test_json_export_keeps_the_text_exactly(evil_db, capsys):
    code, out, _ = run(capsys, "--db", evil_db, "export", "--format", "json")
    assert_clean(out)  # JSON escapes control characters itself
    data = json.loads(out)
    assert data[0]["players"] == EVIL[:2]


def test_shown_and_csv_cell():
    assert safetext.shown("ANNA") == "ANNA"
    assert safetext.shown("a\x1bb\x07\r\n\t\x7f\x85\u2028") == \
        "a\\x1bb\\x07\\x0d\\x0a\\x09\\x7f\\x85\\u2028"
    assert safetext.shown("\ud800") == "\\ud800"
    assert safetext.shown("Zo\u00eb") == "Zo\u00eb"
    assert safetext.csv_cell("=A1") == "'=A1"
    assert safetext.csv_cell("-3") == "-3" and safetext.csv_cell(-3) == -3
    assert safetext.csv_cell("-3;4") == "'-3;4"
    assert safetext.csv_cell(None) == ""


@pytest.fixture
def odd_db(tmp_path, monkeypatch):
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    path = tmp_path / "k.sqlite3"
    con = db.connect(str(path))
    add_game(con, 1, players=["ANNA", "BEN"], scores=[20, 3], ended=NOW)
    # an old database may hold a verified game dated in the year 10000 or later
    add_game(con, 2, players=["$X_$", "BEN"], scores=[20, 4], ended=253402300800,
             started=253402300801)
    add_game(con, 3, players=["$\\frac{a}{$", "A$B"], scores=[2, 20], ended=(1 << 62))
    con.close()
    return str(path)


def test_far_future_dates_are_unknown_not_fatal(odd_db, capsys, tmp_path):
    code, out, err = run(capsys, "--db", odd_db, "export", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    far = [g for g in data if g["seq"] == 2][0]
    assert far["clock_known"] is False and far["started_at"] is None
    assert far["played_at"] == "2026-09-21T14:13:20Z"  # the sync time stands in
    code, out, err = run(capsys, "--db", odd_db, "export", "--format", "csv")
    assert code == 0, err
    code, out, err = run(capsys, "--db", odd_db, "history")
    assert code == 0 and "~" in out, err


def test_plot_takes_dollar_names_and_odd_dates(odd_db, capsys, tmp_path):
    outdir = tmp_path / "plots"
    code, out, err = run(capsys, "--db", odd_db, "plot", "--out", outdir)
    assert code == 0, err
    pngs = sorted(os.listdir(outdir))
    assert pngs == ["ratings_race.png", "scores_race.png", "wins.png"]


def test_conflicts_command(evil_db, capsys):
    code, out, err = run(capsys, "--db", evil_db, "conflicts")
    assert code == 0 and "no conflicts" in out, err
    con = db.connect(evil_db)
    raw = con.execute("SELECT raw FROM games WHERE seq=2").fetchone()[0]
    assert db.compare(con, "D1", 7, 4, raw) == db.CONFLICT
    con.commit()
    con.close()
    code, out, err = run(capsys, "--db", evil_db, "conflicts")
    assert code == 0 and "#4" in out and "=1+2" in out, err
    assert_clean(out)
    code, out, err = run(capsys, "--db", evil_db, "history")
    assert "CONFLICT (kocka conflicts)" in out


def test_plot_tells_games_of_one_day_apart(tmp_path, monkeypatch):
    """Five games on one day, then two the next: every game has its own x, and no tick
    label repeats a date (the old date axis showed the same day under every tick)."""
    import matplotlib.pyplot as plt
    from host import plot
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", RACE_GAMES)
    con = db.connect(str(tmp_path / "k.sqlite3"))
    ends = [NOW + 1800 * i for i in range(5)] + [NOW + 86400, NOW + 90000]
    for i, t in enumerate(ends):
        add_game(con, i + 1, players=["ANNA", "BOB"], scores=[20, i], ended=t)
    figs = []
    real_close = plt.close
    monkeypatch.setattr(plt, "close", lambda fig=None: figs.append(fig))
    try:
        written = plot.plot(con, str(tmp_path / "plots"))
    finally:
        for f in figs:
            real_close(f)
    assert [os.path.basename(p) for p in written] == ["scores_race.png", "ratings_race.png",
                                                       "wins.png"]
    for fig in figs[:2]:
        ax = fig.axes[0]
        xs = [list(line.get_xdata()) for line in ax.get_lines() if line.get_marker() == "o"]
        assert xs and all(x == sorted(set(x)) for x in xs)
        assert sorted(set(x for s in xs for x in s)) == list(range(1, 8))
        labels = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
        days = [l.split("\n")[1] for l in labels if "\n" in l]
        assert len(labels) >= 4 and days and len(days) == len(set(days)), labels
        assert labels[0].split("\n")[0] == "1"
        assert "7 games" in ax.get_xlabel()


def test_order_labels():
    import datetime
    from host.plot import order_labels
    d = datetime.datetime
    times = [d(2026, 1, 1, 9), d(2026, 1, 1, 10), None, d(2026, 1, 2, 9)]
    assert order_labels([0, 1, 2, 3, 4, 5], times) == ["", "1\n1 Jan 2026", "2", "3\n?",
                                                       "4\n2 Jan", ""]
    times.append(d(2027, 1, 2, 9))
    assert order_labels([1, 4, 5], times) == ["1\n1 Jan 2026", "4\n2 Jan", "5\n2 Jan 2027"]
    assert order_labels([1.5], times) == [""]


def test_paths_the_user_gave_are_printed_escaped(evil_db, capsys, tmp_path):
    """check, export --out and plot printed a path with terminal escapes as it was."""
    import shutil
    evil = tmp_path / "a\x1b]0;pwned\x07\x1b[2Jb"
    evil.mkdir()
    dbp = str(evil / "k.sqlite3")
    shutil.copy(evil_db, dbp)
    for argv in (["check"], ["export", "--format", "json", "--out", str(evil / "e\rx.json")],
                 ["plot", "--out", str(evil / "plots")]):
        code, out, err = run(capsys, "--db", dbp, *argv)
        assert code == 0, err
        assert_clean(out + err)
        assert "a\\x1b]0;pwned\\x07\\x1b[2Jb" in out + err, out + err
    assert os.path.exists(str(evil / "e\rx.json"))  # the file has the name as given
    code, out, err = run(capsys, "--db", str(evil / "new" / "k.sqlite3"), "players", "add", "ZOE")
    assert code == 0 and "created the folder" in err, err
    assert_clean(out + err)
