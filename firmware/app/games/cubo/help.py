"""Cubo's How to play: the rules of docs/rules/cubo.md told short, page by page
(title, picture height, text), for app.howto; the pictures are app.games.cubo.help_art's."""

NAME = "Cubo"

PAGES = (
    ("Your dice", 30,
     "Each player has nine dice: 4 red, 4 blue and a white joker. In each of six "
     "rounds you roll them and lay them out as a 3x3 grid, the joker in the middle. "
     "The best total after round 6 wins; a tie shares. 2 to 4 players."),
    ("A round", 0,
     "The 4 centre dice (2 red, 2 blue) are rolled and stay in view. At the start "
     "signal all roll their nine, and may roll all nine again as often as they like "
     "until someone calls Cubo; then nobody rolls.\n"
     "Call Cubo when your grid is laid out: it is final, and you take a centre die "
     "(first to call, first to choose).\n"
     "Once all but one have called (with 2 players: at the first call), a countdown "
     "runs 6-5-4-3-2-1-CUBO. The last player must call before CUBO, or scores 0 and "
     "takes nothing."),
    ("Scoring a grid", 92,
     "Each row and column scores on its own: a run (4-5-6 or 6-5-4) is worth its top "
     "value, a set (5-5-5) one die's value. A line of one colour counts twice."),
    ("Runs and sets", 0,
     "The joker counts in its row and in its column. A run goes up or down by one "
     "along the line (3-2-4 is none); 1-2-3 scores 3. A set is three equal values; "
     "anything else scores 0. A scoring line counts double when its red and blue dice "
     "are all one colour; the joker is whichever colour helps, in each line apart.\n"
     "The best round possible scores 54."),
    ("The centre die", 0,
     "At scoring, from the start player on, you may swap the centre die you took for "
     "one of your red or blue dice (never the joker): it takes that very cell, and the "
     "die it replaces goes to the centre. No swap: the taken die goes back. The start "
     "player moves one seat each round."),
    ("Options", 0,
     "Keep swaps (on): the dice you hold after a swap stay yours, so your colours can "
     "drift; off: each round starts from 4 red and 4 blue.\n"
     "Runs in any order: three consecutive values in any order (3-2-4 too).\n"
     "Yellow dice: a yellow joker with a C face in place of one pip (C replaces). At "
     "scoring you name C's value, 1 to 6; the device offers the best."),
    ("Keys against bots", 0,
     "Each round counts in 3-2-1-Cubo! (round 1 once you press A); on Cubo! A "
     "rolls. The joystick moves; A picks a die and A on another swaps them. X rolls "
     "all nine again, Y calls Cubo, the joystick press shows the best grid (A there "
     "takes it). After calling, left/right and A take a centre die. At scoring A swaps "
     "it in at the cursor, X keeps your grid. B pauses (the dice hide)."),
    ("Table mode", 0,
     "Real dice; the device runs the table. Set your centre dice like the ones shown "
     "(X flips a colour), A gives the start signal, X starts the countdown (Y: score "
     "at once). Then each player enters a grid, points or a forfeit; for a grid the "
     "device asks which centre die was taken, offers the best swap and shows the best "
     "grid the roll allowed."),
)
