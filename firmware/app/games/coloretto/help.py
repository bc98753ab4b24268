"""Coloretto's How to play: the rules of docs/rules/coloretto.md told short, page by
page (title, picture height, text), for app.howto; the pictures are
app.games.coloretto.help_art's."""

NAME = "Coloretto"

PAGES = (
    ("The idea", 0,
     "Collect cards in few colours. At the end your three best colours score plus and "
     "every other colour scores minus, so a card can hurt you as much as it helps. "
     "2 to 5 players; the best total wins, a tie shares.\n"
     "The cards: 7 colours of 9 cards (each with its letter: Y O R P G B N), 3 jokers "
     "(J), 10 +2 cards and the last-round card (L)."),
    ("Rows", 66,
     "One row per player, 3 cards each. On your turn, either draw the top card and put "
     "it on a row that is neither full nor taken, or take a row with at least one "
     "card: its cards are yours, face up, and you sit out the rest of the round."),
    ("The round", 0,
     "When no row can take another card, you must take one. The round ends when "
     "everyone has taken a row; the rows are cleared and the player who took the last "
     "row starts the next one.\n"
     "Drawing the last-round card: it is put aside, you draw again, and the game ends "
     "after this round. It comes up with 15 cards left in the deck (Online preset: "
     "14). The start player of the first round is drawn by lot."),
    ("Scoring", 64,
     "Your 3 best colours plus, the rest minus, by the table above (6 or more cards "
     "count as 6); with fewer than 3 colours all are plus. +2 cards: 2 points each. "
     "A joker joins the colour you name (the device offers the best; left/right "
     "change it). This hand, joker on yellow: 21 + 15 + 6 - 3 + 2 = 41."),
    ("Presets", 0,
     "Original (the published game): each player starts with one card face up, of a "
     "colour no one else has. With 3 players one colour is left out. With 2 players "
     "two colours are left out, the rows hold 1, 2 and 3 cards, and each round the "
     "row left over once both have taken one is thrown away.\n"
     "Online (the online edition): no starting card, one row of 3 per player even "
     "with 2, and the start of a round moves on one seat, whoever took the last row.\n"
     "Scoring: Brown (1 3 6 10 15 21) or Grey (1 4 8 7 6 5)."),
    ("Keys", 0,
     "Up/down: choose a row. Y: draw a card, then A places it on the chosen row. A: "
     "take the chosen row. X: every player's cards. At the end: left/right give a "
     "joker its colour, Y the best colours, A confirms; up/down go through the "
     "players' scores. B: pause."),
)
