"""The pictures of Cubo's How to play (app.games.cubo.help): a player's dice and a scored grid,
drawn by app.games.cubo.draw, the grid's points from the rules' own line scoring.
picture(fb, page, y) draws page `page`'s picture with its top at y."""

from micropython import const

from app import ui, font
from app.games.cubo import draw as V
from shared_rules.cubo.score import line_scores

_R = const("R")
B = "B"
# a player's nine dice, and the same nine scored in a grid (the joker in the middle)
DICE = ((3, _R), (5, _R), (6, _R), (1, _R), (2, B), (4, B), (4, B), (6, B), (5, "W"))
GRID = ((6, _R), (5, _R), (4, _R), (5, B), (5, "W"), (5, B), (4, B), (3, B), (2, _R))


def picture(fb, page, y):
    if page == 0:
        for i in range(9):
            V.die(fb, 8 + i * 25, y + 3, 22, DICE[i])
        return
    lay = V.GridLayout(8, y, 24, 3)
    scores = line_scores(list(GRID))
    V.grid(fb, lay, GRID)
    V.line_tags(fb, lay, scores)
    x = lay.right() + 24
    for k in range(6):
        kind, value, doubled, points = scores[k]
        what = (kind + (" x2" if doubled else "")) if kind else "-"
        line = ("Row %d " if k < 3 else "Col %d ") % (k % 3 + 1)
        yy = y + k * 12
        font.draw(fb, line + what, x, yy, ui.ACCENT if doubled else ui.TEXT, font.SMALL)
        font.draw_right(fb, str(points), ui.W - 6, yy, ui.TEXT, font.SMALL)
    font.draw(fb, "Total", x, y + 76, ui.TEXT, font.SMALL)
    font.draw_right(fb, str(sum(s[3] for s in scores)), ui.W - 6, y + 76, ui.ACCENT,
                    font.SMALL)
