"""Cubingos' How to play: the rules of docs/rules/cubingos.md told short, page by page
(title, picture height, text), for app.howto; the pictures are app.games.cubingos.help_art's."""

NAME = "Cubingos"

PAGES = (
    ("The creatures", 70,
     "Sixteen creature cards: 4 fur colours (red, yellow, green, blue) x 4 faces "
     "(happy, sad, angry, surprised). Win the most cards by building them into the "
     "dice structure faster than everyone else. 2 to 4 players, humans and bots; a "
     "tie for the most cards shares the win."),
    ("Making one", 84,
     "Every die face has four half-creatures, one along each edge: a head (the fur "
     "colour, with eyes) or a mouth (the face). Where a head meets a mouth across an "
     "edge between two dice, that creature is formed."),
    ("Where halves meet", 0,
     "Two dice side by side (on one level or two) whose faces look the same way meet "
     "along the edge between those faces. A face of one die and a face of another "
     "also meet at a right angle, in an inside corner (the top of a die and the side "
     "of the die standing on its neighbour).\n"
     "Only visible faces count: one covered by a die or by the table shows nothing. "
     "Head with head or mouth with mouth forms nothing; upside down still counts."),
    ("A round", 0,
     "A card is turned up. Everyone still in the round races to place their die so "
     "that it forms the card's creature, as one of its two halves. The first correct "
     "placement wins the card; the die stays and its owner takes a new one. A wrong "
     "placement: the die comes back and its owner sits this round out. If nobody "
     "manages, the card goes under the pile.\n"
     "With several humans on the device, each in turn sees the same card on their own "
     "clock; the fastest correct time wins (a tie: the earlier seat)."),
    ("Placing a die", 0,
     "The start die sits on the table. A die goes into an empty cell that shares a "
     "face with a placed die; above the table the cell under it must be filled. In "
     "the first round everything stays on the table; from the second you may stack.\n"
     "The game ends when every die is placed or no card is left. Free dice (option): "
     "once the supply is empty you may take a free die (nothing on top) from the "
     "structure. Time limit (option, 30 s to 2 min): a racer still racing then is "
     "stopped."),
    ("Keys", 0,
     "A: show the card and start your clock. The joystick moves the ghost die over "
     "the cells (what it would form is outlined, the card's creature in gold). The "
     "joystick press switches to turning: left/right turn the die upright, up/down "
     "tip it, X rolls it. A puts it there. Y turns the view. X: the cards won "
     "(between races).\n"
     "B: pause; in the box Y passes this round."),
)
