"""Cubo as the rest of Kocka sees it (shared_rules.registry.Game): the match against bots
or friends, and table mode (every player with real dice, the device keeping score),
logged under a name of its own and opened from Cubo's setup screen."""
from shared_rules.registry import Game

CUBO = Game("cubo", "Cubo", (2, 4), "shared_rules.cubo.rules",
            app="app.games.cubo.setup", menu=1, timed=True,
            describe="shared_rules.cubo.describe",
            screens=("CuboSetup", "CuboMatch"), start=("Y",))
CUBO_TABLE = Game("cubo_table", "Cubo (table)", (2, 4), "shared_rules.cubo.table",
                  app="app.games.cubo.setup")

GAMES = (CUBO, CUBO_TABLE)
