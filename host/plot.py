"""`kocka plot`: PNG charts with matplotlib (no window: the Agg backend).

    scores_<game>.png   each player's score per game over time, one chart per game
                        (Kocka 10000 with its 10,000 goal line)
    ratings_<game>.png  each player's rating after each game (host/ratings.py)
    wins.png            wins per player, a bar group per game

Legends sit outside the plotting area, dates carry the year, counts are whole
numbers on their axis.

Names are device data: they are drawn as plain text (math text off, control
characters escaped), and a game whose date is unknown is placed at its sync time.
"""
import os
import re

from host import db, dates, ratings
from host.games import title
from host.safetext import shown

GOALS = {"kocka10000": 10000}  # a game played to a score: its goal line


def _finish(fig, ax, legend):
    import matplotlib.dates as mdates
    ax.grid(True, alpha=0.3)
    if legend:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    ax.xaxis.set_major_formatter(mdates.DateFormatter("%Y-%m-%d"))
    fig.autofmt_xdate()


def _rated_times(games, name, times):
    """The times of the games that moved `name`'s rating (as ratings.update counts them)."""
    out = []
    for r, t in zip(games, times):
        names = db.players_of(r)
        if name in names and len(names) >= 2 and len(set(names)) == len(names) \
                and len(db.scores_of(r)) == len(names):
            out.append(t)
    return out


def plot(con, out_dir, game=None):
    """Writes the charts into out_dir; returns the paths written."""
    import matplotlib
    matplotlib.use("Agg")
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        return _plot(con, out_dir, game)


def _file_part(name):
    return re.sub(r"[^a-z0-9_]", "_", str(name).lower())[:40] or "game"


def _plot(con, out_dir, game):
    import matplotlib.pyplot as plt

    rows = db.games(con, game=game, include_rejected=False, newest_first=False)
    if not rows:
        return []
    os.makedirs(out_dir, exist_ok=True)
    written = []
    by_game = {}
    for r in rows:
        by_game.setdefault(r["game"] or "", []).append(r)
    for g, games in sorted(by_game.items()):
        fig, ax = plt.subplots(figsize=(8, 4.5))
        series = {}
        for r in games:
            t = dates.local(db.played_at(r))
            if t is None:
                continue
            for name, score in zip(db.players_of(r), db.scores_of(r)):
                series.setdefault(shown(name), ([], []))
                series[shown(name)][0].append(t)
                series[shown(name)][1].append(score)
        for name in sorted(series):
            xs, ys = series[name]
            ax.plot(xs, ys, marker="o", linewidth=1.2, markersize=3, label=name)
        goal = GOALS.get(g)
        if goal:
            ax.axhline(goal, color="0.3", linestyle="--", linewidth=1,
                       label="goal %s" % format(goal, ","))
        ax.set_title("%s: scores over time" % shown(title(g)))
        ax.set_ylabel("score")
        _finish(fig, ax, bool(series))
        path = os.path.join(out_dir, "scores_%s.png" % _file_part(g))
        fig.savefig(path, dpi=100, bbox_inches="tight")
        plt.close(fig)
        written.append(path)

        rated = ratings.from_db(con, g).get(g, {})
        times = [dates.local(db.played_at(r)) for r in games]
        if rated and None not in times:
            fig, ax = plt.subplots(figsize=(8, 4.5))
            for name in sorted(rated):
                ts = _rated_times(games, name, times)
                ax.plot(ts, rated[name]["history"], marker="o", linewidth=1.2,
                        markersize=3, label=shown(name))
            ax.axhline(ratings.START, color="0.6", linestyle=":", linewidth=1)
            ax.set_title("%s: ratings (Elo)" % shown(title(g)))
            ax.set_ylabel("rating")
            _finish(fig, ax, True)
            path = os.path.join(out_dir, "ratings_%s.png" % _file_part(g))
            fig.savefig(path, dpi=100, bbox_inches="tight")
            plt.close(fig)
            written.append(path)

    board = db.leaderboard(con, game)
    names = sorted(set(shown(r["name"]) for r in board))
    games = sorted(set(r["game"] for r in board))
    wins = {}
    for r in board:
        key = (r["game"], shown(r["name"]))
        wins[key] = wins.get(key, 0) + (r["wins"] or 0)
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(names) + 2), 4.5))
    width = 0.8 / max(1, len(games))
    for j, g in enumerate(games):
        xs = [i + j * width for i in range(len(names))]
        ax.bar(xs, [wins.get((g, n), 0) for n in names], width, label=shown(title(g)))
    ax.set_xticks([i + width * (len(games) - 1) / 2 for i in range(len(names))])
    ax.set_xticklabels(names)
    ax.set_ylabel("wins")
    ax.set_title("Wins per player")
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if games:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    ax.grid(True, axis="y", alpha=0.3)
    path = os.path.join(out_dir, "wins.png")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
    written.append(path)
    return written
