"""The picture of Race's How to play (app.games.race.help): the die's faces as the game
draws them (app.art). picture(fb, page, y) draws it with its top at y."""

from app import art


def picture(fb, page, y):
    for face in range(1, 7):
        art.die(fb, 30 + (face - 1) * 32, y, 20, face)
