"""Coloretto on the device: the setup screen (2-5 seats, each a human or a bot of level
random, greedy or strong; the preset Original/Online; the brown or grey scoring table)
and the way into a game. The game itself is app.coloretto_play, imported only on Start
(the rules and the bots with it).
"""

from hal import api
from app import sound, font
from app.screen import ListScreen, Item, Choice, Store, is_click

KINDS = ("human", "random", "greedy", "strong")
KIND_LABELS = ("Human", "Random bot", "Greedy bot", "Strong bot")
BOT_NAMES = ("ROBI", "DOKI", "ZIZI", "BUBU", "MIMI")


def default_setup():
    return {"players": 3, "seats": ["human", "greedy", "strong", "random", "greedy"],
            "preset": "original", "scoring_table": "brown"}


def options_of(setup):
    return {"preset": setup["preset"], "scoring_table": setup["scoring_table"]}


def seat_names(app, kinds):
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


class _Seats:
    def __init__(self, seats):
        self.seats = seats

    def get(self, key):
        return self.seats[key]

    def set(self, key, value):
        self.seats[key] = value


class _SeatChoice(Choice):
    def __init__(self, scr, i):
        Choice.__init__(self, "", i, KINDS, KIND_LABELS, None, scr.seats)
        self.scr = scr

    def label(self):
        return "%d %s" % (self.key + 1, self.scr.names[self.key])

    def change(self, app, step):
        Choice.change(self, app, step)
        self.scr.rename()


class ColorettoSetup(ListScreen):
    hints = ((font.LEFT + font.RIGHT, "Change"), ("Y", "Start"), ("B", "Back"))

    def __init__(self, app):
        self.setup = default_setup()
        self.store = Store(self.setup)
        self.seats = _Seats(self.setup["seats"])
        self.names = []
        ListScreen.__init__(self, app, "Coloretto", [])
        self.build()

    def rename(self):
        self.names = seat_names(self.app, self.setup["seats"][:self.setup["players"]])

    def build(self, app=None):
        st = self.store
        items = [Item("Start game", self.start),
                 Choice("Players", "players", (2, 3, 4, 5), ("2", "3", "4", "5"),
                        self.build, st)]
        for i in range(self.setup["players"]):
            items.append(_SeatChoice(self, i))
        items.append(Choice("Preset", "preset", ("original", "online"),
                            ("Original", "Online"), None, st))
        items.append(Choice("Scoring", "scoring_table", ("brown", "grey"),
                            ("Brown", "Grey"), None, st))
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
    from app.coloretto_play import ColorettoPlay
    return ColorettoPlay(app, kinds, names, options, seed)


def open(app):
    app.push(ColorettoSetup(app))


def demo(app, seed):
    """Bots only: a random, a greedy and a strong bot play a whole game on screen."""
    options = options_of(default_setup())
    app.launch(lambda: _play(app, ["random", "greedy", "strong"],
                             ["RANDOM", "GREEDY", "STRONG"], options, seed))
