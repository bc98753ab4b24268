"""Kocka 10000 on the device: the setup screen (players, who sits where, rule options)
and the way into a game. The game itself is app.k10k_play, imported only on Start.

Seats: 2-6, each a human (named from the settings' player names, in order) or a bot of
level easy, medium or hard. Left/right on a seat cycles Human / Easy / Medium / Hard.
"""

from hal import api
from app import sound, font
from app.screen import ListScreen, Item, Choice, Store, is_click

KINDS = ("human", "easy", "medium", "hard")
KIND_LABELS = ("Human", "Easy bot", "Medium bot", "Hard bot")
BOT_NAMES = ("ROBI", "DOKI", "ZIZI", "BUBU", "MIMI", "TOTO")


def default_setup():
    return {"players": 2, "seats": ["human", "medium", "easy", "hard", "medium", "easy"],
            "finish_round": False, "extra_dice_double": False}


def options_of(setup):
    return {"finish_round": setup["finish_round"],
            "extra_dice_double": setup["extra_dice_double"]}


def seat_names(app, kinds):
    """Names for the seats: humans take the settings' names in order, bots their own."""
    out = []
    h = 0
    b = 0
    for k in kinds:
        if k == "human":
            out.append(app.settings.name(h))
            h += 1
        else:
            out.append(BOT_NAMES[b])
            b += 1
    return out


class _SeatStore:
    """Lets a Choice edit one entry of the setup's seat list."""

    def __init__(self, seats):
        self.seats = seats

    def get(self, key):
        return self.seats[key]

    def set(self, key, value):
        self.seats[key] = value


class SeatChoice(Choice):
    def __init__(self, setup_screen, i, store):
        Choice.__init__(self, "", i, KINDS, KIND_LABELS, None, store)
        self.screen = setup_screen

    def label(self):
        return "%d %s" % (self.key + 1, self.screen.names[self.key])

    def change(self, app, step):
        Choice.change(self, app, step)
        self.screen.rename()


class K10kSetup(ListScreen):
    hints = ((font.LEFT + font.RIGHT, "Change"), ("Y", "Start"), ("B", "Back"))

    def __init__(self, app):
        self.setup = default_setup()
        self.store = Store(self.setup)
        self.seats = _SeatStore(self.setup["seats"])
        self.names = []
        ListScreen.__init__(self, app, "Kocka 10000", [])
        self.build()

    def rename(self):
        self.names = seat_names(self.app, self.setup["seats"][:self.setup["players"]])

    def build(self, app=None):
        st = self.store
        items = [Item("Start game", self.start),
                 Choice("Players", "players", (2, 3, 4, 5, 6), ("2", "3", "4", "5", "6"),
                        self.build, st)]
        for i in range(self.setup["players"]):
            items.append(SeatChoice(self, i, self.seats))
        items.append(Choice("Finish round", "finish_round", (False, True), ("Off", "On"),
                            None, st))
        items.append(Choice("4+ of a kind", "extra_dice_double", (False, True),
                            ("Classic", "Doubling"), None, st))
        self.items = items
        if self.index >= len(items):
            self.index = len(items) - 1
        self.rename()

    def on_event(self, ev):
        if is_click(ev, api.KEY_Y):
            self.start(self.app)
            return
        ListScreen.on_event(self, ev)

    def start(self, app):
        kinds = self.setup["seats"][:self.setup["players"]]
        names = seat_names(app, kinds)
        options = options_of(self.setup)
        seed = app.hal.random_seed()
        app.sound.play(sound.OK)
        # The game takes this screen's place (quitting leads to the main menu) after a
        # purge, so the setup code is not held in RAM during play.
        app.switch(lambda: _play(app, kinds, names, options, seed))


def _play(app, kinds, names, options, seed):
    from app.k10k_play import K10kPlay
    return K10kPlay(app, kinds, names, options, seed)


def open(app):
    app.push(K10kSetup(app))


def demo(app, seed):
    """Bots only: an easy, a medium and a hard bot play a whole game on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _play(app, ["easy", "medium", "hard"], ["EASY", "MEDIUM", "HARD"],
                             options, seed))
