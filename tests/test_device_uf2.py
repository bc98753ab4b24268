"""The Kocka firmware image (`make uf2`: MicroPython v1.28.0 with the app frozen in) on the
emulated RP2040. Built here from the shared MicroPython source, it boots from erased flash
to the menu with every frame the simulator's and creates /data; a game saved by a `make
flash` install resumes under the image, and the image's save resumes under the `make
flash` install, each the state that was on screen; every game plays by its buttons (its
setup screen the simulator's, no exception, the heap sampled every frame and inside its
budget, each opening within 200 ms); `kocka sync` gets every game from it while a game is
open; How to play (from a setup and a pause box) costs next to nothing with the code
frozen.
The Pico 2 image is built and its UF2 checked (family, layout, the RP2350 image
definition); there is no RP2350 emulator at hand to boot it."""
import os
import sqlite3
import struct

import pytest

from tests import devicerun, simframes
from tests.devicerun import GAMES, go_to
from tests.test_device_sync import GAMES as SYNC_GAMES, demo_log
from tools import build_uf2, device_image, rp2040emu

pytestmark = [pytest.mark.emulator, pytest.mark.toolchain]

MENU_BY_MS = 2900
MOVE_AT_MS = 3000


build = devicerun.build_image


@pytest.fixture(scope="module")
def firmware(tmp_path_factory):
    """The RPI_PICO image's flash bytes as a file for the emulator."""
    return devicerun.image_firmware(tmp_path_factory)


@pytest.fixture(scope="module")
def first_boot(tmp_path_factory, firmware):
    dev = devicerun.boot(tmp_path_factory, "uf2-blank", firmware=firmware,
                         image=device_image.blank_image())
    dev.until(MENU_BY_MS)
    dev.press("DOWN", at=MOVE_AT_MS, then_ms=400)
    data = device_image.read_files(dev.flash_image())
    yield dev, data
    dev.close()


def test_the_image_boots_from_erased_flash_to_the_menu_frame_for_frame(first_boot,
                                                                        tmp_path_factory):
    dev, _data = first_boot
    boot = simframes.boot_screens(tmp_path_factory.mktemp("simboot"))
    menu = simframes.menu_screens(tmp_path_factory.mktemp("simmenu"))
    devicerun.assert_no_crash(dev)
    app_frames = [f for f in dev.frames[1:] if f.t0 < MOVE_AT_MS]
    i = 0
    while i < len(app_frames) and app_frames[i].rgb565 in boot:
        i += 1
    assert i >= 5, "only %d boot-screen frames matched the simulator's" % i
    assert app_frames[i:] and all(f.rgb565 == menu[0] for f in app_frames[i:])
    moved = dev.frames_since(MOVE_AT_MS)
    assert moved and moved[0].rgb565 == menu[1]


def test_the_image_creates_its_data_on_first_boot(first_boot):
    dev, data = first_boot
    assert "log.json" in data, sorted(data)     # the game log's index, sealed
    assert not [n for n in data if n.endswith(".py") or n.endswith(".mpy")]


def states(dev, screen, since=0):
    return [s for s in rp2040emu.ProbeLog(dev.console_text()[since:]).states
            if s[1] == screen]


# Kocka 10000 keys that move a game on from any view when its save cannot be read: A/X
# leave the scoreboard and roll; while picking, each die in turn is selected (A) and taken
# with a roll (X), or unselected again (A) when it does not score.
K10K_KEYS = ("X", "RIGHT", "A", "X", "A")


def play_some(dev):
    """Plays until the game has moved on (the probe's fingerprint changed): the keys of a
    player who knows the rules, for the State replayed from the device's save (a pick the
    fixed keys above cannot make, three of a kind, is made so too)."""
    from shared_rules.kocka10000.rules import Kocka10000
    from tests.linkapp import keys_for, save_info
    keys = K10K_KEYS
    info = save_info(dev)
    if info is not None and info["game"] == "kocka10000":
        st = Kocka10000(len(info["players"]), info["seed"], info["options"])
        for a in info["actions"]:
            st.apply(tuple(a))
        keys = ("X",) + tuple(keys_for(st))   # X: off the scoreboard a game opens on
    devicerun.tap_until_changed(dev, "Kocka10000Play", keys, limit=40)
    dev.run(1200)


@pytest.fixture(scope="module")
def crossed(tmp_path_factory, firmware):
    """A game started under `make flash` (stock firmware, the bundle on the filesystem),
    resumed under the image, then resumed under `make flash` again: (fingerprints seen
    before each switch, fingerprints after, the devices' probe logs)."""
    # both probes in one filesystem: main.py for `make flash`, boot.py for the image
    probe = rp2040emu.probe_main()
    probe.update(rp2040emu.probe_main(frozen_image=True))
    image = device_image.build_image(extra=probe)
    a = devicerun.boot(tmp_path_factory, "uf2-cross-a", image=image)
    devicerun.wait_top(a, "BootScreen")
    go_to(a, ("B",), "MainMenu")
    go_to(a, ("DOWN", "A"), "Kocka10000Setup")
    go_to(a, ("A",), "Kocka10000Play")
    play_some(a)
    before_b = states(a, "Kocka10000Play")[-1][2]
    flash = a.flash_image()
    a.close()

    b = devicerun.boot(tmp_path_factory, "uf2-cross-b", firmware=firmware, image=flash)
    devicerun.wait_top(b, "BootScreen", limit_ms=4000)
    go_to(b, ("B",), "ResumeScreen")
    go_to(b, ("A",), "Kocka10000Play")
    after_b = states(b, "Kocka10000Play")[0][2]
    devicerun.tap(b, "A")  # a resumed game opens paused (the pause box): A goes on
    play_some(b)
    log_b = rp2040emu.ProbeLog(b.console_text())
    before_c = states(b, "Kocka10000Play")[-1][2]
    flash = b.flash_image()
    b.close()

    c = devicerun.boot(tmp_path_factory, "uf2-cross-c", image=flash)
    devicerun.wait_top(c, "BootScreen", limit_ms=4000)
    go_to(c, ("B",), "ResumeScreen")
    go_to(c, ("A",), "Kocka10000Play")
    c.run_until(lambda: states(c, "Kocka10000Play"), 3000, 100)   # its first picture
    after_c = states(c, "Kocka10000Play")[0][2]
    c.close()
    return (before_b, before_c), (after_b, after_c), log_b


def test_a_make_flash_save_resumes_under_the_image_and_back(crossed):
    before, after, log_b = crossed
    assert before[0] != 0 and before[1] != 0 and before[0] != before[1]
    assert after == before
    assert not log_b.crashed


def test_the_image_runs_its_frozen_code_with_room_to_spare(crossed):
    _before, _after, log_b = crossed
    heap = [f[2] for f in log_b.frames if f[3] == "Kocka10000Play"]
    assert heap
    print("uf2 Kocka10000Play peak live heap %d B" % max(heap))
    assert log_b.boot_free > 200 * 1024


@pytest.fixture(scope="module")
def synced(tmp_path_factory, firmware):
    """kocka sync from the image while a game is open (the image has the RAM for it)."""
    tmp = tmp_path_factory.mktemp("uf2-sync")
    dev = devicerun.boot(tmp_path_factory, "uf2-sync-device", data=demo_log(tmp), probe=True,
                         firmware=firmware)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    go_to(dev, ("DOWN", "A"), "Kocka10000Setup")
    go_to(dev, ("A",), "Kocka10000Play")
    db = tmp / "kocka.sqlite3"
    code, out = devicerun.kocka_sync(dev, db)
    dev.run(1500)
    yield dev, code, out, db
    dev.close()


def test_kocka_sync_gets_every_game_from_the_image_while_a_game_is_open(synced):
    dev, code, out, db = synced
    assert code == 0, out
    assert rp2040emu.ProbeLog(dev.console_text()).top() == "Kocka10000Play"
    con = sqlite3.connect(str(db))
    rows = con.execute("SELECT verified FROM games").fetchall()
    assert len(rows) == SYNC_GAMES and all(r[0] == 1 for r in rows), rows
    devicerun.assert_no_crash(dev)


def test_the_pico2_image_is_a_uf2_for_the_rp2350():
    uf2 = build("RPI_PICO2")
    blocks = build_uf2.uf2_blocks(uf2)
    assert {fam for _a, _p, fam in blocks} == {0xE48BFF59}
    assert blocks[0][0] == 0x10000000
    data = build_uf2.payload(uf2)
    assert len(data) < build_uf2.FS_OFFSET["RPI_PICO2"]
    head = data[:4096]
    assert struct.pack("<I", 0xFFFFDED3) in head and struct.pack("<I", 0xAB123579) in head
    assert os.path.basename(uf2) == "kocka-%s-RPI_PICO2.uf2" % build_uf2.app_version()


# With the image, at least half of the Pico's heap stays free for what comes next (linked
# play): every game and screen within GAME_HEAP, the whole session within SESSION_HEAP.
PLAY_MS = 4000   # each game's play in the session
GAME_HEAP = 120 * 1024
SESSION_HEAP = 125 * 1024
HELP_FROZEN = 2 * 1024      # How to play over a paused game, above the game's peak


@pytest.fixture(scope="module")
def session(tmp_path_factory, firmware):
    """One boot of the image through every game (seat 1 human, the rest bots: a few
    seconds of play each, then back to the menu through the pause box) and every other
    screen of the menu; the probe's log, each game's span of play and its opening (ms
    from the start press to its first frame)."""
    dev = devicerun.boot(tmp_path_factory, "uf2-session", probe=True, firmware=firmware)
    devicerun.wait_top(dev, "BootScreen")
    go_to(dev, ("B",), "MainMenu")
    openings = {}
    spans = devicerun.every_game(dev, PLAY_MS, openings)
    # How to play from the last game's setup and from its pause box (issue 16)
    go_to(dev, ("A",), "CubingosSetup")
    go_to(dev, ("X",), "HowTo")
    devicerun.tap(dev, "RIGHT")
    go_to(dev, ("B",), "CubingosSetup")
    go_to(dev, ("Y",), "CubingosPlay")
    devicerun.tap(dev, "B")                  # pause
    go_to(dev, ("PRESS",), "HowTo")
    devicerun.tap(dev, "RIGHT")
    go_to(dev, ("B",), "CubingosPlay")       # still paused: X quits, A confirms
    go_to(dev, ("X", "A"), "MainMenu")
    devicerun.every_menu_screen(dev)
    dev.run(300)
    log = rp2040emu.ProbeLog(dev.console_text())
    yield dev, log, openings, spans
    dev.close()


def peaks(log):
    out = {}
    for f in log.frames:
        out[f[3]] = max(out.get(f[3], 0), f[2])
    return out


def test_every_game_and_screen_runs_on_the_image(session):
    dev, log, _openings, _spans = session
    devicerun.assert_no_crash(dev)
    tops = set(f[3] for f in log.frames)
    for _label, setup, _start, play in GAMES:
        assert setup in tops and play in tops
    assert {"HistoryScreen", "SettingsScreen", "AboutScreen"} <= tops


def test_each_game_moved_on_screen(session):
    dev, _log, _openings, spans = session
    for play, (t0, t1) in spans.items():
        shown = {f.rgb565 for f in dev.frames if t0 <= f.t0 <= t1}
        assert len(shown) >= 2, "%s showed %d different frames" % (play, len(shown))


def test_every_setup_screen_is_the_simulators(session, tmp_path):
    dev, log, _openings, _spans = session
    for label, setup, _start, _play in GAMES:
        first = [f for f in log.frames if f[3] == setup][0]
        shown = dev.frames[first[7] - 1]  # what the panel showed after that frame
        want = simframes.setup_screen(tmp_path / setup, label)
        if shown.rgb565 != want:
            shown.png(str(tmp_path / (setup + ".png")))
            raise AssertionError("%s differs from the simulator's (device frame in %s)"
                                 % (setup, tmp_path))


def test_the_heap_is_sampled_every_frame(session):
    dev, log, _openings, _spans = session
    # every app frame is sampled; the panel saw the driver's black frame and then one
    # transaction for each app frame that changed a pixel (a frame changing none sends none)
    assert [f[0] for f in log.frames] == list(range(1, len(log.frames) + 1))
    pushes = [f[7] for f in log.frames]
    assert pushes == sorted(pushes) and pushes[-1] == len(dev.frames)
    assert len(dev.frames) - 1 <= len(log.frames)
    for _label, _setup, _start, play in GAMES:
        assert log.peak({play}) > 60_000, play


def test_the_heap_with_the_image_stays_inside_its_budget(session):
    _dev, log, _openings, _spans = session
    p = peaks(log)
    print("uf2 peak live heap by screen:", sorted(p.items(), key=lambda x: -x[1]))
    for screen, peak in p.items():
        assert peak <= GAME_HEAP, (screen, peak)
    assert max(f[2] for f in log.frames) <= SESSION_HEAP, p
    # frozen, How to play's code and texts stay in flash: over a paused game it costs
    # next to nothing
    assert p["HowTo"] <= p["CubingosPlay"] + HELP_FROZEN, (p["HowTo"], p["CubingosPlay"])


def test_interned_strings_do_not_grow_over_a_session(session):
    _dev, log, _openings, _spans = session
    menus = [i for i, s in enumerate(log.states) if s[1] == "MainMenu"]
    at = dict(log.qstr)
    first = [at[i] for i in sorted(at) if i >= menus[0]][0]
    last = log.qstr[-1][1]
    print("uf2 interned strings: %d B at the first menu, %d B at the end" % (first, last))
    print("uf2 interned strings by screen:",
          [(log.states[i][1] if i < len(log.states) else "-", b) for i, b in log.qstr])
    assert last - first <= 1024, (first, last, log.qstr)


# A game's first frame with the image, from the start press on its setup screen (issue 27)
OPENING_MS = 200


def test_every_game_opens_within_200_ms_with_the_image(session):
    _dev, _log, openings, _spans = session
    print("uf2 opening, start press -> first frame (ms):", openings)
    assert set(openings) == {play for _l, _s, _st, play in GAMES}
    for play, ms in openings.items():
        assert ms is not None and ms <= OPENING_MS, (play, ms)
