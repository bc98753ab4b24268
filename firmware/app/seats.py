"""The setup screen of a hot-seat game: how many players, who sits where (a human or a
bot of some level), the game's rule options, and Start. Kocka 10000 and Coloretto
subclass it with their own seat kinds, options and game screen.

Humans take the settings' player names in seat order; a bot's name belongs to its
seat, so changing one seat never renames the bots of the others. The screen opens with
the last setup started (app.last_setup, under the game's name).
"""

from micropython import const

from hal import api
from app import sound, font, last_setup
from app.gamescreen import open_help
from app.screen import ListScreen, Item, Choice, Store, is_click

_BOT_NAMES = const(("ROBI", "DOKI", "ZIZI", "BUBU", "MIMI", "TOTO"))


def seat_names(app, kinds):
    """Names for the seats: humans take the settings' names in order, the bot in seat i
    BOT_NAMES[i - 1] (seat 1's is the last), whatever the other seats are."""
    out = []
    h = 0
    for i in range(len(kinds)):
        if kinds[i] == "human":
            out.append(app.settings.name(h))
            h += 1
        else:
            out.append(_BOT_NAMES[(i - 1) % len(_BOT_NAMES)])
    return out


class SeatChoice(Choice):
    """One seat: left/right cycles Human and the bot levels; the label is the seat's name."""

    def __init__(self, setup_screen, i):
        Choice.__init__(self, "", i, setup_screen.KINDS, setup_screen.KIND_LABELS, None,
                        Store(setup_screen.setup["seats"]))
        self.screen = setup_screen

    def label(self):
        return "%d %s" % (self.key + 1, self.screen.names[self.key])

    def change(self, app, step):
        Choice.change(self, app, step)
        self.screen.rename()


class SetupScreen(ListScreen):
    """What every game's setup screen shares (Cubo's too): left/right changes a row,
    Y starts from any row (start(app)), X opens How to play (the pages module HELP,
    app.howto), B goes back."""

    # "How to play" as the screens and the last row call it; "Set" leaves it room in 240 px
    hints = ((font.LEFT + font.RIGHT, "Set"), ("Y", "Start"), ("X", "How to play"), ("B", "Back"))
    HELP = ""     # the module of the game's How to play pages (app.howto)

    def on_event(self, ev):
        if is_click(ev, api.KEY_Y):
            self.start(self.app)
            return
        if is_click(ev, api.KEY_X):
            self.how_to_play(self.app)
            return
        ListScreen.on_event(self, ev)

    def how_to_play(self, app):
        open_help(app, self.HELP)


class SeatSetup(SetupScreen):
    """Subclasses set GAME, TITLE, KINDS, KIND_LABELS, PLAYER_COUNTS (and CHOICES, the
    values offered for options that are not On/Off) and implement default_setup(),
    option_items(store), options_of(setup) and play(app, kinds, names, options, seed)
    (which imports and builds the game screen), and HELP. The last row opens How to
    play too."""

    TITLE = ""
    KINDS = ("human",)
    KIND_LABELS = ("Human",)
    PLAYER_COUNTS = (2,)
    GAME = ""
    CHOICES = None

    def __init__(self, app):
        choices = {"players": self.PLAYER_COUNTS, "seats": self.KINDS}
        if self.CHOICES:
            choices.update(self.CHOICES)
        self.setup = last_setup.load(app.hal.storage, self.GAME, self.default_setup(), choices)
        self.store = Store(self.setup)
        self.names = []
        ListScreen.__init__(self, app, self.TITLE, [])
        self.build()

    def rename(self):
        self.names = seat_names(self.app, self.setup["seats"][:self.setup["players"]])

    def build(self, app=None):
        counts = self.PLAYER_COUNTS
        items = [Item("Start game", self.start),
                 Choice("Players", "players", counts, tuple(str(n) for n in counts),
                        self.build, self.store)]
        for i in range(self.setup["players"]):
            items.append(SeatChoice(self, i))
        items.extend(self.option_items(self.store))
        items.append(Item("How to play", self.how_to_play))
        self.items = items
        if self.index >= len(items):
            self.index = len(items) - 1
        self.rename()

    def start(self, app):
        setup = self.setup
        game = self.GAME
        kinds = setup["seats"][:setup["players"]]
        names = seat_names(app, kinds)
        options = self.options_of(setup)
        seed = app.hal.random_seed()
        play = self.play
        app.sound.play(sound.OK)

        def begin():
            last_setup.save(app.hal.storage, game, setup)  # a write to flash: after the answer
            return play(app, kinds, names, options, seed)
        # The game takes this screen's place (quitting leads to the main menu) after a
        # purge, so the setup code is not held in RAM during play.
        app.switch(begin)


def resume_seats(app, saved, play):
    """Resumes a seat-based game: play(app, kinds, names, options, seed, saved) builds its
    screen, with the seats' kinds from the save's meta."""
    kinds = (saved.get("meta") or {}).get("kinds") or ["human"] * len(saved["players"])
    app.switch(lambda: play(app, kinds, saved["players"], saved["options"], saved["seed"],
                            saved))
