"""Kocka 10000's How to play: the rules of docs/rules/kocka10000.md told short, page by
page (title, picture height, text), for app.howto; the picture is app.games.kocka10000.help_art's."""

NAME = "Kocka 10000"

PAGES = (
    ("Your turn", 0,
     "2 to 6 players, six dice; the first to bank 10,000 wins.\n"
     "Roll the dice. From every roll you must set aside at least one scoring die or "
     "combination. Then either roll the dice that are left (X) or bank "
     "the turn's total (Y) and pass the dice on.\n"
     "Bust: a roll with nothing to set aside loses the whole turn's total.\n"
     "Hot dice: once all six are set aside you must roll all six again before you may "
     "bank; if that roll scores nothing, it is a bust too."),
    ("What scores", 108,
     "Only within one roll. Single 2s, 3s, 4s, 6s and pairs score nothing."),
    ("More of a kind", 0,
     "Three of a kind: the face x 100; three 1s are 1,000.\n"
     "Four, five or six of a kind: the triple, and the dice over it count as singles "
     "(four 1s: 1,100; five 5s: 600; four 2s: only three of them can be set aside). Six "
     "of a kind is two triples (six 1s: 2,000).\n"
     "A straight, 1 to 6 in one roll of six dice: 1,500, at any time, a hot-dice roll "
     "included.\n"
     "Option 4+ of a kind, Doubling: four of a kind is 2 x the triple, five 4 x, six "
     "8 x."),
    ("Banking", 0,
     "Under 2,500 banked, a turn may be banked only with 350 or more in it. From 2,500 "
     "there is no minimum, and from your next turn you may also collect six of a kind "
     "(next page). Classic scoring stays open to you all the same: a careful player may "
     "bank 1,100 from three 1s and two 5s."),
    ("Collecting, 2,500+", 0,
     "On a roll with nothing set aside yet (the first, or six dice after a collection) "
     "you may start a collection instead: choose a face and set aside dice of it. Every "
     "roll after that must show that face (set aside one or more), or you bust, even "
     "with 1s or 5s in it.\n"
     "With five collected you may name a joker value: the last die then completes the "
     "collection on the face or that value.\n"
     "Six collected: face x 1,000 (six 1s: 10,000, and you win). Then all six must be "
     "rolled again and that roll must score, or the whole turn is lost."),
    ("The end, keys", 0,
     "The first to bank 10,000 wins at once. Option Finish round: the round is played "
     "out so everyone has had as many turns; the best total wins, a tie shares.\n"
     "Keys: A rolls. The joystick moves over the dice, A picks one (again: unpicks "
     "it); X sets the picked dice aside and rolls the rest, Y sets them aside and "
     "banks. From 2,500 the joystick press switches between classic and collecting; "
     "for the joker value, left/right choose and A names it. B pauses."),
)
