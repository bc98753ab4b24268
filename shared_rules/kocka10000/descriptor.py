"""Kocka 10000 as the rest of Kocka sees it (shared_rules.registry.Game)."""
from shared_rules.registry import Game

KOCKA10000 = Game("kocka10000", "Kocka 10000", (2, 6), "shared_rules.kocka10000.rules",
                  app="app.games.kocka10000.setup", menu=2,
                  describe="shared_rules.kocka10000.describe", goal=10000,
                  screens=("Kocka10000Setup", "Kocka10000Play"))

GAMES = (KOCKA10000,)
