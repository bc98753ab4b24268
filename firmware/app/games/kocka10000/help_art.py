"""The picture of Kocka 10000's How to play (app.games.kocka10000.help): a scoring table of dice
drawn as the game draws them (app.art). picture(fb, page, y) draws it with its top at y."""

from app import ui, font, art

# (dice, points, what): the scoring table's rows (tests check each against the rules)
TABLE = (
    ((1,), 100, "a single 1"),
    ((5,), 50, "a single 5"),
    ((1, 1, 1), 1000, "three 1s"),
    ((4, 4, 4), 400, "three 4s: 4 x 100"),
    ((5, 5, 5, 5), 550, "four: 3 + a single"),
    ((1, 2, 3, 4, 5, 6), 1500, "a straight"),
)


def _pts(n):
    return "%d,%03d" % (n // 1000, n % 1000) if n >= 1000 else str(n)


def picture(fb, page, y):
    for dice, points, what in TABLE:
        for i in range(len(dice)):
            art.die(fb, 6 + i * 16, y, 14, dice[i])
        font.draw_right(fb, _pts(points), 134, y + 3, ui.ACCENT, font.SMALL)
        font.draw(fb, what, 140, y + 3, ui.TEXT, font.SMALL)
        y += 18
