"""Ratings per player and game: multi-player Elo over the verified games, oldest first.

A game of n players counts as the n(n-1)/2 duels in it: against each other player
you score 1 for a higher final score, 0.5 for the same, 0 for a lower one, and your
rating moves by K/(n-1) times the sum of (score - expected score), so a 2-player
game moves it by up to K and a 6-player game no more. Everyone starts at 1000;
a game with one player moves nothing. Bots are rated like people (the leaderboard
marks them), so beating a hard bot is worth more than beating an easy one.
"""
START = 1000.0
K = 32.0
TREND_GAMES = 5


def expected(ra, rb):
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


def update(ratings, names, scores):
    """Moves ratings (a dict name -> rating) by one game; returns {name: change}."""
    n = len(names)
    if n < 2 or len(scores) != n or len(set(names)) != n:
        return {}
    now = [ratings.get(p, START) for p in names]
    change = {}
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i != j:
                s = 1.0 if scores[i] > scores[j] else 0.5 if scores[i] == scores[j] else 0.0
                total += s - expected(now[i], now[j])
        change[names[i]] = K / (n - 1) * total
    for p, d in change.items():
        ratings[p] = ratings.get(p, START) + d
    return change


def compute(games):
    """games: [(game_id, names, scores)] oldest first. Returns {game_id: {name:
    {"rating": r, "trend": change over the last TREND_GAMES games, "history": [r...]}}}."""
    by_game = {}
    for g, names, scores in games:
        ratings, hist = by_game.setdefault(g, ({}, {}))
        for p in update(ratings, names, scores):
            hist.setdefault(p, []).append(ratings[p])
    out = {}
    for g, (ratings, hist) in by_game.items():
        out[g] = {}
        for p, h in hist.items():
            before = h[-TREND_GAMES - 1] if len(h) > TREND_GAMES else START
            out[g][p] = {"rating": ratings[p], "trend": ratings[p] - before, "history": h}
    return out


def from_db(con, game=None, include_rejected=False):
    from host import db
    rows = db.games(con, game=game, include_rejected=include_rejected, newest_first=False)
    return compute([(r["game"], db.players_of(r), db.scores_of(r)) for r in rows
                    if r["game"] and (include_rejected or r["verified"] == 1)])
