"""The setup screen of a hot-seat game and the way into it: how many players, who sits
where (a human or a bot of some level), the game's rule options, and Start; open, demo
and resume for a game's setup module (seat_entries). Kocka 10000, Coloretto and
Cubingos subclass SeatSetup with what is their own (title, seat kinds, player counts,
options, default setup, demo seats, play screen); Cubo's setup subclasses SetupScreen.

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
    """Subclasses state what is their own: GAME, TITLE, HELP, KINDS, KIND_LABELS,
    PLAYER_COUNTS, OPTIONS, DEFAULT, DEMO and play_screen. The last row opens How to
    play too."""

    TITLE = ""
    KINDS = ("human",)
    KIND_LABELS = ("Human",)
    PLAYER_COUNTS = (2,)
    GAME = ""
    # the rule options, a row each: (row label, setup key, values, value labels)
    OPTIONS = ()
    # the setup the screen opens with before any was started: players, seats (a kind
    # for every seat up to the most players) and each option's value
    DEFAULT = {"players": 2, "seats": ["human", "human"]}
    # the headless demo's seats (bots only): their kinds, their names
    DEMO = ((), ())

    @staticmethod
    def play_screen(app, kinds, names, options, seed, saved=None):
        """The game's play screen (imported here, only on Start: the rules and the bots
        with it)."""
        raise NotImplementedError

    def __init__(self, app):
        choices = {"players": self.PLAYER_COUNTS, "seats": self.KINDS}
        for row in self.OPTIONS:
            choices[row[1]] = row[2]
        self.setup = last_setup.load(app.hal.storage, self.GAME, self.DEFAULT, choices)
        self.store = Store(self.setup)
        self.names = []
        ListScreen.__init__(self, app, self.TITLE, [])
        self.build()

    def rename(self):
        self.names = seat_names(self.app, self.setup["seats"][:self.setup["players"]])

    def build(self, app=None):
        counts = self.PLAYER_COUNTS
        store = self.store
        items = [Item("Start game", self.start),
                 Choice("Players", "players", counts, tuple(str(n) for n in counts),
                        self.build, store)]
        for i in range(self.setup["players"]):
            items.append(SeatChoice(self, i))
        for label, key, values, labels in self.OPTIONS:
            items.append(Choice(label, key, values, labels, None, store))
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
        options = options_of(self, setup)
        seed = app.hal.random_seed()
        play = self.play_screen
        app.sound.play(sound.OK)

        def begin():
            screen = play(app, kinds, names, options, seed)
            remember(app, game, setup)
            return screen
        # The game takes this screen's place (quitting leads to the main menu) after a
        # purge, so the setup code is not held in RAM during play.
        app.switch(begin)


def remember(app, game, setup):
    """Remembers `setup` as the last of `game` (app.last_setup) once the frame being
    built is on screen: a write to flash, which a game's opening does not wait for."""
    app.after_frame(last_setup.saver(app.hal.storage, game, setup))


def options_of(game, setup):
    """The rule options in `setup` of `game` (a SeatSetup class): its OPTIONS' keys."""
    out = {}
    for row in game.OPTIONS:
        out[row[1]] = setup[row[1]]
    return out


def opener(setup_screen):
    """A setup module's open(app): pushes its setup screen."""
    def open(app):
        app.push(setup_screen(app))
    return open


def seat_entries(game):
    """open(app), demo(app, seed) and resume(app, saved) of the setup module of `game`
    (a SeatSetup class): the setup screen; a bots-only game of the DEMO seats with the
    DEFAULT options, on screen; a game saved before a power cut (app.savegame.pending's
    dict) going on."""
    def demo(app, seed):
        kinds, names = game.DEMO
        options = options_of(game, game.DEFAULT)
        app.launch(lambda: game.play_screen(app, list(kinds), list(names), options, seed))

    def resume(app, saved):
        resume_seats(app, saved, game.play_screen)
    return opener(game), demo, resume


def resume_seats(app, saved, play):
    """Resumes a seat-based game: play(app, kinds, names, options, seed, saved) builds its
    screen, with the seats' kinds from the save's meta."""
    meta = saved.get("meta") or {}
    if meta.get("link"):
        # a linked game: hosted again (or rejoined) by link play
        from app.link.lobby_screen import resume
        resume(app, saved, play)
        return
    kinds = meta.get("kinds") or ["human"] * len(saved["players"])
    app.switch(lambda: play(app, kinds, saved["players"], saved["options"], saved["seed"],
                            saved))
