"""`kocka plot`: PNG charts with matplotlib (no window: the Agg backend).

    scores_<game>.png   each player's score per game over time, one chart per game
    wins.png            wins per player, a bar group per game
"""
import datetime
import json
import os

from host import db
from host.games import title


def plot(con, out_dir, game=None):
    """Writes the charts into out_dir; returns the paths written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = db.games(con, game=game, include_rejected=False, newest_first=False)
    if not rows:
        return []
    os.makedirs(out_dir, exist_ok=True)
    written = []
    by_game = {}
    for r in rows:
        by_game.setdefault(r["game"], []).append(r)
    for g, games in sorted(by_game.items()):
        fig, ax = plt.subplots(figsize=(8, 4.5))
        series = {}
        for r in games:
            t = datetime.datetime.fromtimestamp(db.played_at(r))
            for name, score in zip(json.loads(r["players"]), json.loads(r["scores"])):
                series.setdefault(name, ([], []))
                series[name][0].append(t)
                series[name][1].append(score)
        for name in sorted(series):
            xs, ys = series[name]
            ax.plot(xs, ys, marker="o", linewidth=1.2, markersize=3, label=name)
        ax.set_title("%s: scores over time" % title(g))
        ax.set_ylabel("score")
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best", fontsize="small")
        fig.autofmt_xdate()
        path = os.path.join(out_dir, "scores_%s.png" % g)
        fig.savefig(path, dpi=100, bbox_inches="tight")
        plt.close(fig)
        written.append(path)

    board = db.leaderboard(con, game)
    names = sorted(set(r["name"] for r in board))
    games = sorted(set(r["game"] for r in board))
    wins = dict(((r["game"], r["name"]), r["wins"]) for r in board)
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * len(names) + 2), 4.5))
    width = 0.8 / max(1, len(games))
    for j, g in enumerate(games):
        xs = [i + j * width for i in range(len(names))]
        ax.bar(xs, [wins.get((g, n), 0) for n in names], width, label=title(g))
    ax.set_xticks([i + width * (len(games) - 1) / 2 for i in range(len(names))])
    ax.set_xticklabels(names)
    ax.set_ylabel("wins")
    ax.set_title("Wins per player")
    ax.legend(fontsize="small")
    ax.grid(True, axis="y", alpha=0.3)
    path = os.path.join(out_dir, "wins.png")
    fig.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(fig)
    written.append(path)
    return written
