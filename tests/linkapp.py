"""The real app linked on two emulated Picos over the cable, with the Kocka firmware image
(make uf2: the app frozen in), each device's LINK A joined to the other's: the helpers of
tests/test_device_link_kocka10000.py (which plays Kocka 10000 linked with them),
tests/linkraces.py, the simulator-with-Pico test and the link benches.

Owns: the images (the probe and a player's name), both devices from the boot to Link
play's lobby and into a started Kocka 10000, the keys of a Kocka 10000 player who knows
the rules, moves made with the buttons of the device whose seat's turn it is, and the
save of the game in progress read back from a device's flash.
"""
import json

from tests import devicerun
from tests.fakestorage import MemStorage
from tools import device_image, rp2040emu

HOST, GUEST = 0, 1
HEAP_BUDGET = 120 * 1024   # the image's heap budget (tests/test_device_uf2.py's GAME_HEAP)
LINK_PLAY = 4           # the main menu's row: the four games, then Link play
NAMES = ("HANA", "GUS")


def images(names, lean=False):
    """Flash filesystems for a linked image: the probe (boot.py) and a player's name.
    lean: the probe collects no garbage after each frame (its `probe_lean`), so the
    frames take the plain app's time."""
    out = []
    for name in names:
        settings = json.dumps({"names": [name]}).encode()
        extra = rp2040emu.probe_main(frozen_image=True)
        if lean:
            extra["probe_lean"] = b""
        out.append(device_image.build_image(data={"settings.json": settings}, extra=extra,
                                            bundle=False))
    return out


def log(dev):
    return rp2040emu.ProbeLog(dev.console_text())


def tap_all(pair, presses):
    """One press on each device named in presses ({device: button}) at the same time, then
    the gap a player leaves."""
    t = pair.now
    for i, button in presses.items():
        pair[i].press(button, hold_ms=devicerun.HOLD_MS, at=t)
    pair.until(t + devicerun.GAP_MS)


def both_on(pair, screen, limit_ms=6000):
    pair.run_until(lambda: all(log(d).top() == screen or log(d).crashed for d in pair),
                   limit_ms, 100)


def to_lobby(pair):
    """Both devices from boot to link play's lobby, the guest joined (bench_link too)."""
    both_on(pair, "BootScreen")
    tap_all(pair, {HOST: "B", GUEST: "B"})
    both_on(pair, "MainMenu")
    for _ in range(LINK_PLAY):
        tap_all(pair, {HOST: "DOWN", GUEST: "DOWN"})
    tap_all(pair, {HOST: "A", GUEST: "A"})
    both_on(pair, "RoleScreen")
    tap_all(pair, {GUEST: "DOWN"})                  # Join a game
    tap_all(pair, {HOST: "A", GUEST: "A"})          # Host a game
    both_on(pair, "LobbyScreen")
    pair.run(1500)                                  # the guest joins: the host's lobby lists it


def to_game(pair):
    """Both devices from boot to a started linked game of Kocka 10000."""
    to_lobby(pair)
    tap_all(pair, {HOST: "DOWN"})                   # the Game row: Cubo, then Kocka 10000
    tap_all(pair, {HOST: "RIGHT"})
    tap_all(pair, {HOST: "Y"})                      # start
    both_on(pair, "Kocka10000Play", 8000)


def table(dev):
    """The fingerprint of the State on the device's game screen now."""
    states = [s[2] for s in log(dev).states if s[1] == "Kocka10000Play"]
    return states[-1] if states else None


def rules_state(pair):
    """The game's State from the device's save that holds the most actions (a device shows
    the other's moves only when its own moment, a bust or a roll, is done), replayed."""
    from shared_rules.kocka10000.rules import Kocka10000
    infos = [i for i in (save_info(d) for d in pair) if i is not None]
    info = max(infos, key=lambda i: len(i["actions"]))
    st = Kocka10000(len(info["players"]), info["seed"], info["options"])
    for a in info["actions"]:
        st.apply(tuple(a))
    return st


def keys_for(st, bank=False):
    """The keys a player who knows the rules presses for the next move of the seat whose
    turn it is: A rolls; while picking, the fewest dice that may be set aside are selected
    (the cursor starts on the first die after a roll), then, with `bank`, Y banks when the
    rules allow it (so the turn passes, whatever the dice), else X takes them and rolls on."""
    from shared_rules.kocka10000 import rules as K
    if st.phase == K.ROLLING:
        return ["A"]
    picks = [a for a in st.legal_actions() if a[1] in (K.TAKE, K.COLLECT)]
    pick = min(picks, key=lambda a: (bin(a[2]).count("1"), a[2]))
    mask = pick[2]
    last = "X"
    if bank and pick[1] == K.TAKE:
        after = st.clone()
        after.apply(pick)
        if (st.turn, K.BANK) in after.legal_actions():
            last = "Y"
    keys = []
    cursor = 0
    for i in range(len(st.roll)):
        if mask >> i & 1:
            keys += ["RIGHT"] * (i - cursor) + ["A"]
            cursor = i
    return keys + [last]


def play(pair, moves, limit=24):
    """At least `moves` moves of the game, and on until each seat has made one (a turn
    can last several: below the 350 to open, a player rolls on), at most `limit`; each
    made with the buttons of the device whose seat's turn it is (seat 0 is the host's
    player, seat 1 the guest's) until that device's table changed; a first A that only put
    a message away is followed by the move again. The other device's player then presses
    A as one does at a message (a bust) on screen: the other's moves show after it.
    Returns how many moves each seat's buttons made."""
    made = [0, 0]
    for _ in range(limit):
        if sum(made) >= moves and min(made) >= 1:
            return made
        st = rules_state(pair)
        if st.is_terminal():
            return made
        dev = pair[st.turn]
        was = table(dev)
        for attempt in range(3):
            for key in keys_for(st, bank=True):
                devicerun.tap(dev, key)
            try:
                pair.run_until(lambda: table(dev) != was or log(dev).crashed, 3000, 100)
                break
            except rp2040emu.DeviceError:
                continue
        else:
            raise rp2040emu.DeviceError("seat %d's keys did not move the game" % st.turn)
        made[st.turn] += 1
        pair.run(1200)                 # the dice land
        devicerun.tap(pair[1 - st.turn], "A")
    return made


def level(pair, limit=6):
    """Until both devices show the same table: the player not on turn puts a message away."""
    for _ in range(limit):
        pair.run(800)
        if table(pair[HOST]) == table(pair[GUEST]):
            return
        devicerun.tap(pair[1 - rules_state(pair).turn], "A")


def save_info(dev):
    """The save of the game in progress on a device's flash (app.savegame.pending)."""
    from app import savegame
    files = None
    for _ in range(3):
        try:
            files = device_image.read_files(dev.flash_image())
            break
        except Exception:   # python-littlefs: LFS_ERR_CORRUPT on a journal open for appends
            dev.run(100)
    if files is None:
        return None
    st = MemStorage()
    for name, data in files.items():
        st.files[name] = bytearray(data)
    return savegame.pending(st)


def saved(dev):
    """(players, actions) of the device's save; None when its flash could not be read."""
    info = save_info(dev)
    return info and (info["players"], [tuple(a) for a in info["actions"]])
