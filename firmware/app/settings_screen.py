"""The settings screen: sound, volume, LED and screen brightness, when the screen dims
and the device sleeps (app.power), player names."""

from app import sound, font
from app.power import DIM_CHOICES, SLEEP_CHOICES
from app.screen import ListScreen, Item, Choice, Level
from app.settings import MAX_PLAYERS


def _sound_changed(app):
    if not app.settings.get("sound"):
        app.sound.stop()


def _volume_changed(app):
    app.sound.play(sound.BEEP)


def _led_changed(app):
    app.apply_settings()
    app.lights.show_colors([(255, 60, 40), (255, 170, 30), (60, 220, 90), (40, 120, 255)] * 2)


def _screen_changed(app):
    app.apply_settings()


def _names(app):
    app.lights.off()   # the LED preview belongs to the settings list only
    app.push(NamesScreen(app))


def _selftest(app):
    from app.selftest import SelfTestScreen
    app.lights.off()
    app.push(SelfTestScreen(app))


class SettingsScreen(ListScreen):
    hints = ((font.LEFT + font.RIGHT, "Change"), ("B", "Back"))

    def __init__(self, app):
        ListScreen.__init__(self, app, "Settings", [
            Choice("Sound", "sound", (True, False), ("On", "Off"), _sound_changed),
            Level("Volume", "volume", 100, 10, _volume_changed),
            Level("LEDs", "led", 100, 10, _led_changed),
            Level("Screen", "screen", 100, 10, _screen_changed),
            Item("Player names", _names),
            Choice("Dim after", "dim", DIM_CHOICES, ("15 s", "30 s", "1 min", "2 min", "Never")),
            Choice("Sleep after", "sleep", SLEEP_CHOICES,
                   ("1 min", "3 min", "5 min", "10 min", "Never")),
            Item("Self-test", _selftest),
        ])

    def back(self):
        self.app.lights.off()
        self.app.settings.save()
        if self.app.settings.notice:
            self.app.show_notice(self.app.settings.notice)
            self.app.settings.notice = None
        self.app.pop()


class NamesScreen(ListScreen):
    def __init__(self, app):
        items = []
        for i in range(MAX_PLAYERS):
            items.append(Item("Player %d" % (i + 1), _edit_name(i), _name_of(i)))
        ListScreen.__init__(self, app, "Player names", items)


def _name_of(i):
    return lambda app: app.settings.name(i)


def _edit_name(i):
    def go(app):
        from app.text_entry import TextEntry

        def done(text):
            app.settings.set_name(i, text)
            app.settings.save()
        others = [app.settings.name(q) for q in range(MAX_PLAYERS) if q != i]
        app.push(TextEntry(app, "Name of player %d" % (i + 1), app.settings.name(i), 8, done,
                           others))
    return go
