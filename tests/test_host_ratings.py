"""Ratings (host/ratings.py) and the charts (host/plot.py) a club shares."""
import os

import pytest

from host import dates, db, plot, ratings
from tests.hostdb import add_game, add_real_game, NOW


def test_a_two_player_win_moves_both_by_half_k():
    r = {}
    ch = ratings.update(r, ["A", "B"], [10, 3])
    assert ch == {"A": 16.0, "B": -16.0} and r == {"A": 1016.0, "B": 984.0}


def test_a_tie_between_equals_moves_nothing_and_a_tie_pulls_ratings_together():
    r = {}
    assert ratings.update(r, ["A", "B"], [5, 5]) == {"A": 0.0, "B": 0.0}
    r = {"A": 1200.0, "B": 1000.0}
    ch = ratings.update(r, ["A", "B"], [5, 5])
    assert ch["A"] < 0 < ch["B"] and abs(ch["A"] + ch["B"]) < 1e-9


def test_multi_player_games_are_duels_weighted_to_one_game():
    r = {}
    ch = ratings.update(r, ["A", "B", "C", "D"], [40, 30, 30, 10])
    assert abs(sum(ch.values())) < 1e-9
    assert ch["A"] == pytest.approx(16.0) and ch["D"] == pytest.approx(-16.0)
    assert ch["B"] == ch["C"] == pytest.approx(0.0)
    # beating a stronger player is worth more
    r = {"A": 1000.0, "B": 1200.0}
    assert ratings.update(r, ["A", "B"], [2, 1])["A"] > 16


def test_one_player_or_a_name_twice_moves_nothing():
    r = {}
    assert ratings.update(r, ["A"], [5]) == {} and r == {}
    assert ratings.update(r, ["A", "A"], [5, 3]) == {}


def test_trend_is_the_change_over_the_last_five_games():
    games = [("g", ["A", "B"], [1, 0])] * 8
    out = ratings.compute(games)["g"]
    h = out["A"]["history"]
    assert len(h) == 8 and out["A"]["rating"] == h[-1]
    assert out["A"]["trend"] == pytest.approx(h[-1] - h[-6])
    assert out["B"]["rating"] < ratings.START


def test_rejected_games_do_not_count(tmp_path, monkeypatch):
    monkeypatch.setenv("KOCKA_EXTRA_GAMES", "race=tests.shared.toygame")
    con = db.connect(str(tmp_path / "k.sqlite3"))
    add_game(con, 1, players=["A", "B"], scores=[20, 3], ended=NOW)
    add_game(con, 2, players=["A", "B"], scores=[3, 20], ended=NOW + 60, verified=False,
             reason="x")
    assert ratings.from_db(con)["race"]["A"]["rating"] == 1016.0


def test_charts_goal_line_whole_wins_legend_outside_dates_with_year(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    con = db.connect(str(tmp_path / "k.sqlite3"))
    for i in range(3):
        add_real_game(con, i + 1, i, "kocka10000", {"kinds": ["human", "hard", "human"]},
                      ended=NOW + 86400 * i)
    figs = {}
    real_savefig = matplotlib.figure.Figure.savefig

    def keep(fig, path, **kw):
        figs[os.path.basename(path)] = fig
        return real_savefig(fig, path, **kw)
    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", keep)
    monkeypatch.setattr(plt, "close", lambda fig=None: None)
    written = plot.plot(con, str(tmp_path / "plots"), "kocka10000")
    assert sorted(os.path.basename(p) for p in written) == [
        "ratings_kocka10000.png", "scores_kocka10000.png", "wins.png"]
    ax = figs["scores_kocka10000.png"].axes[0]
    assert any(list(l.get_ydata()) == [10000, 10000] for l in ax.get_lines())
    # the x axis: the games in order, each tick's date once, the year on the first
    labels = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
    year = str(dates.local(NOW).year)
    assert labels and labels[0].startswith("1\n") and labels[0].endswith(year), labels
    assert year in ax.get_xlabel() and "3 games" in ax.get_xlabel()
    for name in ("scores_kocka10000.png", "ratings_kocka10000.png", "wins.png"):
        ax = figs[name].axes[0]
        leg = ax.get_legend()
        assert leg is not None and leg._bbox_to_anchor is not None
        x0 = leg._bbox_to_anchor.transformed(ax.transAxes.inverted()).x0
        assert x0 > 1.0, name  # to the right of the plotting area, not over the lines
    wins = figs["wins.png"].axes[0]
    assert all(float(t).is_integer() for t in wins.get_yticks())
