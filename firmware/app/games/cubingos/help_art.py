"""The pictures of Cubingos' How to play (app.games.cubingos.help): creature cards and a
creature forming across two dice, drawn by app.games.cubingos.draw and app.games.cubingos.iso as the
game draws them. picture(fb, page, y) draws page `page`'s picture with its top at y."""

from app import ui, font
from app.games.cubingos import draw as D
from app.games.cubingos import faces as F

# a creature is colour * 4 + expression (shared_rules.cubingos.rules.card_name)
SHOWN = (0, 5, 10, 15)     # red happy, yellow sad, green angry, blue surprised
FORMED = 9                 # green sad: the page 2 picture's creature


def picture(fb, page, y):
    if page == 0:
        for i in range(4):
            D.big_card(fb, 14 + i * 56, y, SHOWN[i])
        for k in range(16):
            D.icon(fb, 8 + k * 14, y + 54, k)
        return
    # two die faces, one above the other: a head on the upper one's bottom edge, a
    # mouth on the lower one's top edge; across that edge they form the card beside
    x = 30
    fur = F.FUR[FORMED >> 2][0]
    for k in range(2):
        yy = y + k * 42
        ui.round_rect(fb, x, yy, 40, 40, ui.WHITE)
        fb.rect(x, yy, 40, 40, ui.GREY)
    fb.ellipse(x + 20, y + 40, 14, 14, fur, True, 3)
    F.eyes(fb, x + 20, y + 32, 3)
    F.glyph(fb, FORMED & 3, x + 20, y + 49, F.INK, 3)
    fb.hline(x - 6, y + 41, 52, ui.ACCENT)
    font.draw(fb, "head", x + 48, y + 24, ui.TEXT, font.SMALL)
    font.draw(fb, "mouth", x + 48, y + 46, ui.TEXT, font.SMALL)
    font.draw(fb, "=", 130, y + 34, ui.ACCENT)
    D.big_card(fb, 150, y + 18, FORMED)
