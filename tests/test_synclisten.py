"""The app's sync listener: line noise costs nothing (the sync code stays unloaded), a
PC's HELLO at the menu loads the sync service and opens the sync screen, a HELLO during
a game gets a "busy" answer (no RAM for the sync code next to a game) that `kocka sync`
explains, and starting a game drops the service."""
import pytest

from hal import api
from app.synclisten import BUSY_FRAME
from shared_rules import syncproto as sp
from shared_rules.rng import Rng
from tests.apphelpers import Harness
from tests.test_gamelog_screens import LineSerial, fill
from tests import test_kocka10000_ui as K10K


def with_line(tmp_path):
    h = Harness(tmp_path)
    ser = LineSerial()
    h.hal.serial = ser
    return h, ser


def test_busy_frame_is_a_real_err_frame():
    assert BUSY_FRAME == sp.encode_frame(sp.ERR, '{"error":"busy"}')
    p = sp.Parser(sp.HOST_MAX_FRAME)
    got = [p.feed(b) for b in BUSY_FRAME]
    assert got[-1] == (sp.ERR, '{"error":"busy"}')


def test_noise_does_not_load_the_sync_code(tmp_path):
    h, ser = with_line(tmp_path)
    rng = Rng(5)
    noise = bytes(rng.below(256) for _ in range(5000)).replace(b"@", b"")
    ser.inbox.extend(b"MicroPython v1.28 on rp2\r\n>>> " + noise)
    h.frames(40)
    assert h.app.sync.service is None and ser.out == b"" and h.top_name() == "MainMenu"


def test_hello_at_the_menu_opens_the_sync_screen_and_answers(tmp_path):
    h, ser = with_line(tmp_path)
    fill(h, 3)
    ser.inbox.extend(b"junk@@K" + sp.encode_frame(sp.HELLO, '{"v":1}'))
    h.frames(3)
    assert h.app.sync.service is not None and h.top_name() == "SyncScreen"
    p = sp.Parser(sp.HOST_MAX_FRAME)
    frames = [f for f in (p.feed(b) for b in ser.out) if f is not None]
    assert frames[0][0] == sp.HELLO and sp.payload_json(frames[0][1])["count"] == 3


def test_hello_during_a_game_is_answered_busy(tmp_path):
    h, m = K10K.start(tmp_path)
    ser = LineSerial()
    h.hal.serial = ser
    for _ in range(3):
        ser.inbox.extend(sp.encode_frame(sp.HELLO, '{"v":1}'))
        h.frames(20)
    assert h.app.sync.service is None and h.top_name() == "Kocka10000Play"
    assert ser.out.count(BUSY_FRAME) == 3


def test_a_game_start_ends_a_session_and_drops_the_service(tmp_path):
    h, ser = with_line(tmp_path)
    ser.inbox.extend(sp.encode_frame(sp.HELLO, '{"v":1}'))
    h.frames(3)
    svc = h.app.sync.service
    assert svc.dev.active
    h.press(api.KEY_B)  # hide the sync screen; the session goes on
    from app.games.kocka10000 import setup as k10k_game
    h.app.switch(lambda: k10k_game.play_screen(h.app, ["human", "easy"], ["A", "B"], {}, 1))
    h.frames(1)  # the game starts in the next frame (app.soon)
    assert h.app.sync.service is None and not svc.dev.active


class AppOnTheWire:
    """The whole app as the device at the end of a test cable: each poll is a frame."""

    def __init__(self, h, serial):
        self.h = h
        h.hal.serial = serial

    def poll(self, now):
        self.h.app.tick(now)


def test_kocka_sync_explains_busy_and_syncs_after_the_game(tmp_path):
    from host import db
    from host.sync import SyncError
    from tests.synclink import Wire
    from tests.synchelp import host_sync
    h, m = K10K.start(tmp_path)
    fill(h, 2)
    con = db.connect(str(tmp_path / "k.db"))
    wire = Wire(lambda serial: AppOnTheWire(h, serial))
    with pytest.raises(SyncError) as e:
        host_sync(wire, con).run()
    msg = str(e.value)
    assert "in a game" in msg and "dropped" in msg
    # the keys the message names, in its order, leave the game
    import re
    keys = re.findall(r"\b([ABXY]) (?:pauses|quits|confirms)\b", msg)
    assert keys == ["B", "X", "A"], msg
    for k in keys:
        h.press(getattr(api, "KEY_" + k))
    assert h.top_name() == "MainMenu"
    wire = Wire(lambda serial: AppOnTheWire(h, serial))
    host_sync(wire, con).run()
    assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2


def test_with_room_for_it_kocka_sync_runs_behind_the_game(tmp_path):
    """The firmware image (hal.sync_in_game): a PC syncs while a game is open; the game
    stays on screen and goes on, and says when the sync starts and ends."""
    from host import db
    from tests.synclink import Wire
    from tests.synchelp import host_sync
    h, m = K10K.start(tmp_path)
    h.hal.sync_in_game = True
    fill(h, 3)
    notices = []
    real = h.app.show_notice
    h.app.show_notice = lambda t, ms=3000: (notices.append(t), real(t, ms))
    before = m.st.to_dict()
    con = db.connect(str(tmp_path / "k.db"))
    wire = Wire(lambda serial: AppOnTheWire(h, serial))
    res = host_sync(wire, con).run()
    assert res.new == 3 and con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
    assert h.top_name() == "Kocka10000Play" and h.app.top() is m
    assert notices[0].startswith("Syncing") and notices[-1].startswith("Synced")
    assert m.st.to_dict() == before or not m.st.is_terminal()
    # and the game goes on after it
    for _ in range(30):
        K10K.human_step(h, m)
    assert m.st.to_dict() != before
