"""Race's How to play (app.howto): its one page (title, picture height, text)."""

NAME = "Race"

PAGES = (
    ("Your turn", 22,
     "Roll the die (A) as often as you dare: each face joins your pot, but a 1 empties "
     "it and passes the die. Hold (Y) to bank the pot. Do nothing for 3 seconds and the "
     "die passes. The first to reach the goal wins."),
)
