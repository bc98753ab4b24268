"""`kocka plot`: PNG charts with matplotlib (no window: the Agg backend).

    scores_<game>.png   each player's score per game over time, one chart per game
                        (Kocka 10000 with its 10,000 goal line)
    ratings_<game>.png  each player's rating after each game (host/ratings.py)
    wins.png            wins per player, a bar group per game

The x axis of the per-game charts is the games in the order they were played (1 is
the first), so games played on the same day stand apart; a tick's label is that game's
number with the date under it, the date only where it differs from the tick before
(the year on the first date and where it changes; the axis title gives the span). Legends sit outside the plotting area, counts are whole
numbers on their axis.

Names are device data: they are drawn as plain text (math text off, control
characters escaped), and a game whose date is unknown is placed at its sync time.
"""
import os
import re

from host import db, dates, ratings
from host.games import find, title
from host.safetext import shown



def _day(t):
    return "?" if t is None else t.strftime("%Y-%m-%d")


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
           "Dec")


def order_labels(ticks, times):
    """Tick labels for game numbers `ticks` (1-based positions in `times`, the games'
    local datetimes or None): "N" with the game's date under it ("21 Sep 2026", the
    year only on the first date and where it changes), the date only where it is not
    the date of the labelled tick before; no label off the games."""
    out = []
    last = year = None
    for v in ticks:
        n = int(round(v))
        if abs(v - n) > 1e-9 or not 1 <= n <= len(times):
            out.append("")
            continue
        t = times[n - 1]
        day = _day(t)
        if day == last:
            out.append("%d" % n)
            continue
        if t is None:
            text = "?"
        else:
            text = "%d %s" % (t.day, _MONTHS[t.month - 1])
            if t.year != year:
                text += " %d" % t.year
                year = t.year
        out.append("%d\n%s" % (n, text))
        last = day
    return out


def _order_axis(ax, times):
    """The x axis as game numbers 1..len(times), labelled by order_labels()."""
    from matplotlib.ticker import Formatter, MaxNLocator

    class OrderFormatter(Formatter):
        def __call__(self, x, pos=None):
            return order_labels([x], times)[0]

        def format_ticks(self, values):
            return order_labels(list(values), times)

    ax.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True, min_n_ticks=1))
    ax.xaxis.set_major_formatter(OrderFormatter())
    ax.set_xlim(0.5, len(times) + 0.5)
    ax.tick_params(axis="x", labelsize="small")
    first, last = _day(times[0]), _day(times[-1])
    span = first if first == last else "%s to %s" % (first, last)
    ax.set_xlabel("game, in the order played (%d game%s, %s)"
                  % (len(times), "" if len(times) == 1 else "s", span))


def _finish(fig, ax, legend, times):
    ax.grid(True, alpha=0.3)
    if legend:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1), borderaxespad=0)
    _order_axis(ax, times)


def _rated_numbers(games, name):
    """The game numbers (1-based) of the games that moved `name`'s rating (as
    ratings.update counts them)."""
    out = []
    for i, r in enumerate(games):
        names = db.players_of(r)
        if name in names and len(names) >= 2 and len(set(names)) == len(names) \
                and len(db.scores_of(r)) == len(names):
            out.append(i + 1)
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
        times = [dates.local(db.played_at(r)) for r in games]
        series = {}
        for i, r in enumerate(games):
            for name, score in zip(db.players_of(r), db.scores_of(r)):
                series.setdefault(shown(name), ([], []))
                series[shown(name)][0].append(i + 1)
                series[shown(name)][1].append(score)
        for name in sorted(series):
            xs, ys = series[name]
            ax.plot(xs, ys, marker="o", linewidth=1.2, markersize=3, label=name)
        about = find(g)
        goal = about.goal if about is not None else None  # a game played to a score
        if goal:
            ax.axhline(goal, color="0.3", linestyle="--", linewidth=1,
                       label="goal %s" % format(goal, ","))
        ax.set_title("%s: scores over time" % shown(title(g)))
        ax.set_ylabel("score")
        _finish(fig, ax, bool(series), times)
        path = os.path.join(out_dir, "scores_%s.png" % _file_part(g))
        fig.savefig(path, dpi=100, bbox_inches="tight")
        plt.close(fig)
        written.append(path)

        rated = ratings.from_db(con, g).get(g, {})
        if rated:
            fig, ax = plt.subplots(figsize=(8, 4.5))
            for name in sorted(rated):
                ns = _rated_numbers(games, name)
                ax.plot(ns, rated[name]["history"], marker="o", linewidth=1.2,
                        markersize=3, label=shown(name))
            ax.axhline(ratings.START, color="0.6", linestyle=":", linewidth=1)
            ax.set_title("%s: ratings (Elo)" % shown(title(g)))
            ax.set_ylabel("rating")
            _finish(fig, ax, True, times)
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
