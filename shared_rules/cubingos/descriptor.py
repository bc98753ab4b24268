"""Cubingos as the rest of Kocka sees it (shared_rules.registry.Game). Its dice are drawn
by inline Thumb code on the Pico (dice_thumb)."""
from shared_rules.registry import Game

CUBINGOS = Game("cubingos", "Cubingos", (2, 4), "shared_rules.cubingos.rules",
                app="app.games.cubingos.setup", menu=4, timed=True,
                thumb=("app/games/cubingos/dice_thumb.py",),
                screens=("CubingosSetup", "CubingosPlay"))

GAMES = (CUBINGOS,)
