"""The pictures of Coloretto's How to play (app.games.coloretto.help): rows of cards and a
scored collection, drawn by app.games.coloretto.draw, and the two scoring tables.
picture(fb, page, y) draws page `page`'s picture with its top at y."""

from app import ui, font
from app.games.coloretto import draw as D

Y, O, R, P, G, B, N, J, PLUS2 = range(9)
# the table's rows in the picture: what lies on each (its capacity is 3)
ROWS = ((G, PLUS2, G), (Y, J), ())
# a collection at the end: 6 green, 4 yellow and a joker, 3 red, 2 blue, a +2
HAND = ((G, 6), (Y, 4), (J, 1), (R, 3), (B, 2), (PLUS2, 1))
BROWN = (1, 3, 6, 10, 15, 21)
GREY = (1, 4, 8, 7, 6, 5)


def picture(fb, page, y):
    s = font.SMALL
    if page == 1:
        for r in range(3):
            yy = y + r * 22
            ui.round_rect(fb, 2, yy, ui.W - 4, 20, ui.PANEL)
            font.draw(fb, str(r + 1), 9, yy + 5, ui.DIM, s)
            x = 20
            for i in range(3):
                if i < len(ROWS[r]):
                    D.card(fb, x, yy + 2, 30, 16, ROWS[r][i], s)
                else:
                    ui.round_rect(fb, x, yy + 2, 30, 16, ui.PANEL_MID, False)
                x += 33
            font.draw(fb, ("full", "room for 1", "empty")[r], 124, yy + 5, ui.DIM, s)
        return
    # the scoring tables, then the hand they score
    font.draw(fb, "cards", 6, y, ui.DIM, s)
    font.draw(fb, "Brown", 6, y + 11, ui.TEXT, s)
    font.draw(fb, "Grey", 6, y + 22, ui.TEXT, s)
    for i in range(6):
        right = 76 + i * 30
        font.draw_right(fb, ("%d" if i < 5 else "%d+") % (i + 1), right, y, ui.DIM, s)
        font.draw_right(fb, str(BROWN[i]), right, y + 11, ui.ACCENT, s)
        font.draw_right(fb, str(GREY[i]), right, y + 22, ui.TEXT, s)
    x = 6
    y += 36
    for c, n in HAND:
        D.card(fb, x, y, 24, 16, c, s)
        font.draw_centered(fb, str(n), x, y + 17, 24, 10, ui.TEXT, s)
        x += 28
    font.draw(fb, "= 41", x + 2, y + 4, ui.ACCENT)
