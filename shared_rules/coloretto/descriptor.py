"""Coloretto as the rest of Kocka sees it (shared_rules.registry.Game)."""
from shared_rules.registry import Game

COLORETTO = Game("coloretto", "Coloretto", (2, 5), "shared_rules.coloretto.rules",
                 app="app.games.coloretto.setup", menu=3,
                 describe="shared_rules.coloretto.describe",
                 screens=("ColorettoSetup", "ColorettoPlay"))

GAMES = (COLORETTO,)
