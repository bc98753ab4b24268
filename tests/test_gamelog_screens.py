"""The device screens of the records work, in the real app on the virtual HAL:
the history screen lists finished games, the sync screen follows a session, and the
boot-time resume offer."""
from hal import api
from app import gamelog, savegame
from shared_rules import driver, syncproto as sp
from tests.apphelpers import Harness
from tests import recgen
from tests.shared import toygame


def fill(h, n):
    gamelog.forget_shared()
    log = gamelog.shared(h.hal.storage, h.hal.random_seed)
    for i in range(n):
        log.add(recgen.race_record(i))
    return log


def test_history_screen_lists_finished_games_newest_first(tmp_path):
    h = Harness(tmp_path)
    log = fill(h, 30)
    from app.history_screen import HistoryScreen, PAGE
    h.app.push(HistoryScreen(h.app))
    h.frames(2)
    scr = h.app.top()
    labels = [it.label() for it in scr.items]
    assert labels[0] == "#30 Race" and labels[PAGE - 1] == "#%d Race" % (30 - PAGE + 1)
    assert labels[-1] == "Older games"
    # page on: the older games, then back to the newest
    scr.index = len(scr.items) - 1
    h.press(api.KEY_A)
    labels = [it.label() for it in h.app.top().items]
    assert labels[0] == "Newer games" and labels[1] == "#%d Race" % (30 - PAGE)
    h.press(api.KEY_A)
    assert h.app.top().items[0].label() == "#30 Race"
    # a game's detail
    h.press(api.KEY_A)
    assert h.top_name() == "GameDetail"
    h.frames(1)
    h.press(api.KEY_B)
    assert h.top_name() == "HistoryScreen"
    h.press(api.KEY_B)
    assert h.top_name() == "MainMenu"


def test_history_screen_empty(tmp_path):
    h = Harness(tmp_path)
    fill(h, 0)
    from app.history_screen import HistoryScreen
    h.app.push(HistoryScreen(h.app))
    h.frames(2)
    assert [it.label() for it in h.app.top().items] == ["No finished games yet"]
    h.press(api.KEY_A)
    h.press(api.KEY_B)
    assert h.top_name() == "MainMenu"


def test_history_dates():
    from app.history_words import civil_date
    assert civil_date(0) == ""
    import datetime
    for t in (1790000000, 951782400, 1767225600, 4102444799, 1709164800):
        want = datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
        assert civil_date(t) == want


class LineSerial:
    def __init__(self):
        self.inbox = bytearray()
        self.pos = 0
        self.out = bytearray()

    def read_byte(self):
        if self.pos < len(self.inbox):
            self.pos += 1
            return self.inbox[self.pos - 1]
        return -1

    def write(self, data):
        self.out.extend(data)

    def begin_session(self):
        pass

    def end_session(self):
        pass


def test_sync_screen_follows_a_session(tmp_path):
    h = Harness(tmp_path)
    log = fill(h, 20)
    ser = LineSerial()
    h.hal.serial = ser

    def frames(n):
        for _ in range(n):
            h.clock += 33
            h.app.tick(h.clock)

    frames(3)
    assert h.top_name() == "MainMenu"
    ser.inbox.extend(sp.encode_frame(sp.HELLO, "{}"))
    frames(2)
    assert h.top_name() == "SyncScreen"
    svc = h.app.sync.service
    ser.inbox.extend(sp.encode_frame(sp.GET, '{"since":5,"id":1,"epoch":%d}' % log.epoch))
    frames(20)
    assert svc.dev.sent == 15
    ser.inbox.extend(sp.encode_frame(sp.ACK, '{"seq":20,"epoch":%d}' % log.epoch))
    ser.inbox.extend(sp.encode_frame(sp.BYE, "{}"))
    frames(3)
    assert log.ack == 20 and h.top_name() == "SyncScreen"
    frames(100)  # "Sync finished", counted down
    assert h.top_name() == "SyncScreen" and h.app.top().shown_s == 2
    frames(80)   # then it closes itself
    assert h.top_name() == "MainMenu"


def test_resume_offer_at_boot(tmp_path):
    h = Harness(tmp_path)
    fill(h, 0)
    rec = savegame.Recorder(h.hal.storage)
    g = toygame.Race(2, 4)
    rec.start("race", g.options, 4, ["A", "B"], 0)
    for t in range(0, 500, 100):
        a = g.legal_actions(g.current_player(), t)[0]
        g.apply(a)
        rec.action(a, t)
    # power cut; next boot:
    h2 = Harness(tmp_path)
    gamelog.forget_shared()
    got = []
    scr = savegame.at_boot(h2.app, lambda app, info: got.append(info),
                           lookup=recgen.lookup)
    assert scr is not None
    h2.app.push(scr)
    h2.frames(2)
    assert [it.label() for it in scr.items] == ["Resume race", "Discard"]
    h2.press(api.KEY_A)
    assert got and len(got[0]["actions"]) == 5
    state, used = savegame.rebuild(got[0], recgen.lookup)
    assert state.to_dict() == g.to_dict()
    # Discard clears it
    scr2 = savegame.at_boot(h2.app, lambda app, info: None, lookup=recgen.lookup)
    h2.app.push(scr2)
    h2.press(api.DOWN)
    h2.press(api.KEY_A)
    assert savegame.pending(h2.hal.storage) is None
    assert savegame.at_boot(h2.app, lambda app, info: None, lookup=recgen.lookup) is None


def test_torn_log_is_reported_at_boot(tmp_path):
    h = Harness(tmp_path)
    log = fill(h, 3)
    h.hal.storage.append(gamelog.seg_name(log.segs[-1]), b"\xa5\x40\x00garbage")
    gamelog.forget_shared()
    h2 = Harness(tmp_path)
    savegame.at_boot(h2.app, lambda app, info: None, lookup=recgen.lookup)
    assert h2.app.notice and "damaged" in h2.app.notice
    log2 = gamelog.shared(h2.hal.storage)
    assert log2.last == 4 and log2.gap_why(4, 4) == gamelog.DAMAGED  # the cut one's number


def test_sync_screen_from_the_menu_waits_for_the_pc(tmp_path):
    h = Harness(tmp_path)
    fill(h, 2)
    ser = LineSerial()
    h.hal.serial = ser
    h.open_menu_item("Sync with PC")

    def frames(n):
        for _ in range(n):
            h.clock += 33
            h.app.tick(h.clock)
    frames(100)
    assert h.top_name() == "SyncScreen"
    ser.inbox.extend(sp.encode_frame(sp.HELLO, "{}") + sp.encode_frame(sp.BYE, "{}"))
    frames(3)
    assert h.top_name() == "SyncScreen" and len(h.app.stack) == 2
    from tests.test_pause_quit import footer_bytes, expected_footer
    h.app.draw()
    assert footer_bytes(h.hal.display.buf) == expected_footer((("A", "OK"),))
    h.press(api.KEY_A)   # A closes it before the countdown ends
    assert h.top_name() == "MainMenu"


def test_history_offers_a_only_where_it_opens_and_the_detail_explains_the_game(tmp_path):
    from app import ui
    from app.history_screen import HistoryScreen
    from app.history_detail import GameDetail, detail_lines
    from tests.test_pause_quit import footer_bytes, expected_footer
    h = Harness(tmp_path)
    fill(h, 0)
    h.app.push(HistoryScreen(h.app))
    h.frames(2)
    h.app.draw()
    assert footer_bytes(h.hal.display.buf) == expected_footer((("B", "Back"),))
    h.press(api.KEY_B)
    log = fill(h, 3)
    h.app.push(HistoryScreen(h.app))
    h.frames(2)
    h.app.draw()
    assert footer_bytes(h.hal.display.buf) == expected_footer((("A", "Open"), ("B", "Back")))
    h.press(api.KEY_A)
    d = h.app.top()
    assert isinstance(d, GameDetail)
    assert d.when.startswith("date unknown")      # the record's clock was never set
    assert [r for r, name, sc in d.ranking] == [r for r, q in ui.ranked(
        log.newest(log.last + 1, 1)[0][3])]
    assert d.options
    h.press(api.KEY_A)                            # not in the footer: does nothing
    assert h.top_name() == "GameDetail"
    h.press(api.KEY_B)
    assert h.top_name() == "HistoryScreen"
    when, opts, ranking = detail_lines({
        "ended": 1764583200, "duration": 754000, "options": {"free_dice": True, "humans": 3,
                                                            "limit_ms": 60000},
        "players": ["ANNA", "BEN", "ZOE"], "scores": [3, 5, 3]})
    assert when == "2025-12-01 10:00 UTC, 12 min"
    assert opts == "free dice on, limit ms 60000"
    assert ranking == [(1, "BEN", 5), (2, "ANNA", 3), (2, "ZOE", 3)]


def test_the_sync_screen_says_the_simulator_needs_a_pty(tmp_path):
    from app.sync_screen import idle_lines
    h = Harness(tmp_path)
    assert "--pty" in " ".join(idle_lines(h.hal))       # the virtual HAL: no port
    h.hal.serial = LineSerial()
    assert idle_lines(h.hal)[0] == "Connect the USB cable"
