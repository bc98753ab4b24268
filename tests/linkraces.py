"""The real-time games linked on emulated Picos (the Kocka image; two on the cable between
their UART0s, or four in a star), played with each device's buttons as its player would:
shared by tests/test_device_link_races.py, tests/test_device_link_kocka10000.py (the way
into the lobby and a started game), bench/bench_link_app.py and bench/bench_link_four.py.

Owns: from the boot into the lobby and a started game (device 0 hosts, every other
joins); the next keys of a Cubo or Cubingos player, decided from the State replayed from
the host's save on its flash (the host holds every action first), and a whole Cubo game
played so; the countdown read off each device's LEDs; when a press showed on a device
(the probe's frames: the first whose game State differs from the one shown before the
press); and the game's record each device stored in its game log."""
from tests import devicerun
from tests.linkapp import both_on, images, log, save_info
from tools import rp2040emu

HOST, GUEST = 0, 1
NAMES = ("HANA", "GUS")
NAMES_FOUR = ("HANA", "GUS", "GIL", "GIA")
LINK_PLAY = 4           # the main menu's row: the four games, then Link play
GAMES = ("Cubo", "Kocka 10000", "Coloretto", "Cubingos")   # the lobby's Game row
HOLD = 80               # a key held this long, the next one GAP after it: as quick as
GAP = 200               # a player's thumb, and every frame (32 ms) sees each edge
SETTLE_MS = 400         # after an action: the other screens and the dice
ORANGE = (255, 90, 20)  # Cubo's countdown on the LEDs (app.games.cubo.draw)


def tap_all(pair, presses, gap=GAP):
    """Keys pressed on several devices at once ({device: [keys]}), GAP apart; returns
    [(device, key, time of its GPIO edge)] and runs past the last one."""
    t = pair.now
    done = []
    longest = 0
    for i, keys in presses.items():
        if isinstance(keys, str):
            keys = [keys]
        for k, key in enumerate(keys):
            at = t + k * gap
            pair[i].press(key, hold_ms=HOLD, at=at)
            done.append((i, key, at))
        longest = max(longest, len(keys))
    pair.until(t + longest * gap)
    return done


def everyone(pair, keys):
    return dict((i, keys) for i in range(len(pair)))


def to_lobby(pair, boot=True, join_ms=1200):
    """Every device into Link play's lobby (from the boot, or from the main menu with its
    cursor on Link play), device 0 hosting, the others joined: the host's lobby lists
    them (join_ms: time for that)."""
    if boot:
        both_on(pair, "BootScreen")
        tap_all(pair, everyone(pair, "B"))
        both_on(pair, "MainMenu")
        for _ in range(LINK_PLAY):
            tap_all(pair, everyone(pair, "DOWN"))
    else:
        both_on(pair, "MainMenu")
    tap_all(pair, everyone(pair, "A"))
    both_on(pair, "RoleScreen")
    roles = everyone(pair, ["DOWN", "A"])               # Join a game
    roles[HOST] = "A"                                   # Host a game
    tap_all(pair, roles)
    both_on(pair, "LobbyScreen")
    pair.run(join_ms)


def start(pair, game, screen):
    """On the host's lobby: the Game row to `game` (no bots), Y; both open `screen`."""
    tap_all(pair, {HOST: ["DOWN"] + ["RIGHT"] * GAMES.index(game) + ["Y"]})
    both_on(pair, screen, 8000)


def replay(info):
    from shared_rules import registry
    cls = registry.game_class(info["game"])
    st = cls(len(info["players"]), info["seed"], info["options"])
    for a in info["actions"]:
        st.apply(tuple(a))
    return st


def host_state(pair, tries=5):
    """The game's State as the host holds it: its save, replayed (None if its flash did
    not read back: python-littlefs may refuse a journal the app holds open)."""
    for _ in range(tries):
        info = save_info(pair[HOST])
        if info is not None:
            return replay(info)
        pair.run(150)
    return None


def flash_files(dev):
    """{name: bytes} of the device's /data now, or None when they do not read back."""
    from tools import device_image
    try:
        return device_image.read_files(dev.flash_image())
    except Exception:   # python-littlefs: LFS_ERR_CORRUPT on a file the app is writing
        return None


def read_save(dev, tries=1):
    """The save on a device's flash as it reads back (tries: reads, 100 ms apart), or
    None when it does not."""
    from app import savegame
    from tests.fakestorage import MemStorage
    for k in range(tries):
        files = flash_files(dev)
        if files is not None:
            break
        if k == tries - 1:
            return None
        dev.run(100)
    st = MemStorage()
    st.files.update((k, bytearray(v)) for k, v in files.items())
    return savegame.pending(st)


def game_state(pair, tries=8):
    """(the game's State, its number of actions) from the host's save, or, while the
    host's flash does not read back (python-littlefs refuses a journal the app holds
    open, at times for seconds), from the guests' save holding the most actions (a
    guest's may be an action behind: the keys are then pressed again)."""
    for _ in range(tries):
        info = read_save(pair[HOST])
        if info is None:
            infos = [i for i in (read_save(d) for d in list(pair)[1:]) if i is not None]
            info = max(infos, key=lambda i: len(i["actions"])) if infos else None
        if info is not None:
            return replay(info), len(info["actions"])
        pair.run(150)
    raise rp2040emu.DeviceError("no device's save read back")


def saved_actions(dev):
    info = save_info(dev)
    return info and (info["game"], info["players"], [tuple(a) for a in info["actions"]])


# -- Cubo ---------------------------------------------------------------------------
def cubo_keys(st, p, swap=False, reroll_below=None):
    """The keys Cubo's player p presses next, or None while it waits: A rolls; the hint
    (the joystick's press), A to take its arrangement, Y calls; A takes the centre die
    the screen offers; scoring, A names a colour and X keeps the grid. swap: at scoring,
    A puts the taken die where the screen's cursor starts (the cell it scores best in)
    when that beats keeping the grid. reroll_below: X rerolls (once a round, before
    anyone called) a roll whose best arrangement scores less."""
    from shared_rules.cubo import rules as C
    if st.phase == C.SCORING:
        if st.scorer != p:
            return None
        if st.scoring_step() == C.STEP_NAME:
            return ["A"]
        if swap and C.best_swap(st.grid(p), st.taken(p), st.options["runs_any_order"])[1] \
                is not None:
            return ["A"]
        return ["X"]
    s = st.status[p]
    if s == C.WAITING:
        return ["A"]
    if s == C.ARRANGING:
        if reroll_below is not None and not st.calls and st.rolls(p) < 2 and \
                st.hint(p)[0] < reroll_below:
            return ["X"]
        return ["PRESS", "A", "Y"]
    if s == C.CALLED and st.next_taker() == p:
        return ["A"]
    return None


def cubo_round(pair, call_gap_ms=2500, limit=40):
    """Both players play Cubo's first round to its end, each with their own keys; the
    host calls first, and the guest `call_gap_ms` later, so the countdown runs on both
    devices meanwhile. Returns (presses [(device, key, t)], time of the host's call)."""
    from shared_rules.cubo import rules as C
    presses = []
    called = None
    pair.run(3000)              # the count-in to "Cubo!" (nobody rolls before it)
    for _ in range(limit):
        st = host_state(pair)
        if st.round_number() > 1 or st.is_terminal():
            return presses, called
        plan = {}
        for p in (HOST, GUEST):
            keys = cubo_keys(st, p)
            if keys is None:
                continue
            if p == GUEST and st.status[p] == C.ARRANGING:
                if st.status[HOST] == C.ARRANGING:
                    continue            # the host calls first
                if pair.now < called + call_gap_ms:
                    pair.until(called + call_gap_ms)
            plan[p] = keys
        before = _count(pair)
        if plan:
            done = tap_all(pair, plan)
            presses += done
            if called is None and "Y" in plan.get(HOST, ()):
                called = [t for d, k, t in done if d == HOST and k == "Y"][0]
        _settle(pair, before)
    raise rp2040emu.DeviceError("Cubo's round did not end in %d steps" % limit)


def cubo_game(pair, late_ms=1500, next_round_ms=9000, reroll_below=12, rounds=None,
              limit=600):
    """Every device's player plays a whole linked Cubo game to its end with its own keys
    (cubo_keys: rolls, a reroll of a poor roll, the hint's arrangement, the call, the
    centre die, the swap at scoring). Each round one player (seat round - 1, in turn) is
    the slow one: it calls `late_ms` after the countdown started, so the countdown runs;
    the others play at once, several devices' keys at the same moments. After a round
    the players wait for the next start signal (`next_round_ms` after the action that
    ended it). Returns (presses [(device, key, t)], solo [(device, t)]: a guest's key
    that changed the game while no other key was down, for its latency, steps).
    rounds: stop once that many rounds are over (None: the whole game)."""
    from shared_rules.cubo import rules as C
    n = len(pair)
    presses, solo = [], []
    pair.run(3000)              # the count-in to "Cubo!" (nobody rolls before it)
    rnd, countdown_at, steps = 1, None, 0
    for steps in range(limit):
        st, before = game_state(pair)
        if st.is_terminal() or rounds is not None and st.round_number() > rounds:
            return presses, solo, steps
        if st.round_number() != rnd:
            rnd, countdown_at = st.round_number(), None
            pair.run(next_round_ms)
            continue
        late = (rnd - 1) % n
        if countdown_at is None and st.deadline is not None:
            countdown_at = pair.now
        plan = {}
        for p in range(n):
            keys = cubo_keys(st, p, swap=True, reroll_below=reroll_below)
            if keys is None:
                continue
            if p == late and st.status[p] == C.ARRANGING and keys[0] != "X":
                if countdown_at is None:
                    continue                # the others call first
                if pair.now < countdown_at + late_ms:
                    pair.until(countdown_at + late_ms)
            plan[p] = keys
        if not plan:
            pair.run(300)
            continue
        done = tap_all(pair, plan)
        presses += done
        try:
            pair.run_until(lambda: game_state(pair)[1] > before, 1500, 150)
            moved = True
            pair.run(SETTLE_MS)
        except rp2040emu.DeviceError:
            moved = False       # a key too early (the dice still rolling): again
        if moved and len(plan) == 1 and HOST not in plan:
            (d, keys), = plan.items()
            k = keys.index("A") if keys[0] == "PRESS" else 0    # the hint changes nothing
            solo.append((d, done[k][2]))
    raise rp2040emu.DeviceError("Cubo's game did not end in %d steps" % limit)


def leave_game(pair, screen, tries=4, guard_ms=1000):
    """Each player leaves the game's final summary (A, a page at a time, `guard_ms`
    apart: the summary takes no press sooner), as one does after a game: the app then
    stores the game in its log. Returns the devices still on `screen`."""
    on = []
    for _ in range(tries):
        on = [i for i, d in enumerate(pair) if log(d).top() == screen]
        if not on:
            break
        tap_all(pair, dict((i, "A") for i in on), gap=guard_ms)
    pair.run(2000)
    return [i for i, d in enumerate(pair) if log(d).top() == screen]


def game_record(dev):
    """The finished game's record on a device's flash: the last in its game log (with
    "stored": "log"), or the save marked finished that the app stores once its player
    leaves the game ("stored": "save"); None when neither reads back."""
    from app import gamelog, savegame
    from shared_rules import records
    from tests.fakestorage import MemStorage
    files = flash_files(dev)
    if files is None:
        return None
    st = MemStorage()
    st.files.update((k, bytearray(v)) for k, v in files.items())
    log = gamelog.GameLog(st, lambda: 1)
    if log.last:
        rec = records.decode(log.get(log.last))
        rec["stored"] = "log"
        return rec
    info = savegame.pending(st)
    if info is not None and info.get("done"):
        info["stored"] = "save"
        return info
    return None


def _count(pair):
    info = save_info(pair[HOST])
    return len(info["actions"]) if info else 0


def _settle(pair, before, limit_ms=3000):
    """Until the host's save holds more actions than `before` (and a moment for the
    guest's screen and the dice); False when nothing moved (a key too early: again)."""
    try:
        pair.run_until(lambda: _count(pair) > before, limit_ms, 150)
    except rp2040emu.DeviceError:
        return False
    pair.run(500)
    return True


# -- Cubingos -------------------------------------------------------------------------
class Ghost:
    """A device's ghost die as its Cubingos screen holds it when a leg starts (aim(): the
    first legal cell, unturned, moving), moved by keys as the screen moves it: the keys
    to a placement are found here, then pressed on the device."""

    def __init__(self, st):
        from app.games.cubingos.iso import View
        from app.games.cubingos.play import MOVE, ghost_cells
        self.iso = View(40, 32, 198, 150)
        legal = st.legal_cells()
        self.cells = ghost_cells(st, legal)
        self.iso.fit([d[:3] for d in st.dice()] + self.cells)
        self.ci = self.cells.index(legal[0]) if legal and legal[0] in self.cells else 0
        self.orient = 0
        self.mode = MOVE
        self.keys = []

    def press(self, button):
        from hal import api
        from app.games.cubingos.iso import step, FACE_U, FACE_W
        from app.games.cubingos.play import DIRS, MOVE, TURN
        from shared_rules.cubingos import geom as G
        names = {api.UP: "UP", api.DOWN: "DOWN", api.LEFT: "LEFT", api.RIGHT: "RIGHT",
                 api.PRESS: "PRESS", api.KEY_X: "X"}
        self.keys.append(names[button])
        v = self.iso.v
        if button == api.PRESS:
            self.mode = TURN if self.mode == MOVE else MOVE
        elif button == api.KEY_X:
            self._turn(G, FACE_W[v], 1)
        elif self.mode == MOVE:
            for b, dx, dy in DIRS:
                if b == button:
                    self.ci = step(self.iso, self.cells, self.ci, dx, dy)
        elif button in (api.LEFT, api.RIGHT):
            self._turn(G, G.PZ, 1 if button == api.LEFT else -1)
        else:
            self._turn(G, FACE_U[v], 1 if button == api.UP else -1)

    def _turn(self, G, d, k):
        if d & 1:
            k = -k
        self.orient = G.turn(self.orient, d >> 1, k)


def cubingos_keys(st, wrong=False):
    """The keys a racer presses to place the die where it forms the card (or, wrong, a
    legal placement that forms no card), from the ghost as a leg starts, A last; None
    when there is no such placement."""
    from tests.test_cubingos_app import goto, turn_to
    from shared_rules.cubingos import geom as G
    masks = dict((tuple(c), m) for c, m in st.match_masks())
    target = None
    for cell in st.legal_cells():
        m = masks.get(tuple(cell), 0)
        for o in range(G.N_ORIENT):
            if bool(m >> o & 1) != wrong:
                target = (tuple(cell), o)
                break
        if target is not None:
            break
    if target is None:
        return None
    g = Ghost(st)
    goto(g, g, target[0])
    turn_to(g, g, target[1])
    return g.keys + ["A"]


def cubingos_round(pair, limit_ms=12000):
    """The first leg's race of Cubingos: once the host's clock started it (GO), the
    host's player calls wrong (out this round, as the rules say) and the guest's places
    the die that forms the card and wins it. Returns the presses [(device, key, t)]."""
    from shared_rules.cubingos import rules as C
    end = pair.now + limit_ms
    while True:
        st = host_state(pair)
        if st is not None and st.phase == C.RACE and st.leg_started():
            break
        if pair.now > end:
            raise rp2040emu.DeviceError("Cubingos' race did not start")
        pair.run(300)
    pair.run(300)               # GO on the guest's screen too
    wrong = cubingos_keys(st, wrong=True)
    right = cubingos_keys(st)
    if wrong is None or right is None:
        raise rp2040emu.DeviceError("this deal has no wrong or no right placement: "
                                    "pick another seed")
    before = _count(pair)
    presses = tap_all(pair, {HOST: wrong})
    if not _settle(pair, before):
        raise rp2040emu.DeviceError("the host's wrong call was not taken")
    before = _count(pair)
    presses += tap_all(pair, {GUEST: right})
    if not _settle(pair, before):
        raise rp2040emu.DeviceError("the guest's placement was not taken")
    return presses


# -- what the devices showed ------------------------------------------------------------
def countdown_lit(leds):
    """How many of the countdown's six lights an LED event shows, or None when it shows
    something else (the lights' colours are scaled by the brightness)."""
    lit = [c for c in leds if any(c)]
    k = len(lit)
    if not k or any(any(c) for c in leds[k:]) or k > 6:
        return None
    r, g, b = lit[0]
    if any(tuple(c) != tuple(lit[0]) for c in lit):
        return None
    if not (r > 2 * g > 0 and g >= b and abs(r * ORANGE[1] - g * ORANGE[0]) <= 255 * 2):
        return None
    return k


def countdown(dev, since):
    """[(time, lights lit)] of the countdown's LED changes on a device since `since`."""
    out = []
    for ev in dev.leds:
        if ev["t"] < since:
            continue
        k = countdown_lit(ev["leds"])
        if k is not None and (not out or out[-1][1] != k):
            out.append((ev["t"], k))
    return out


def shown(dev, pressed, screen):
    """When `dev` showed the result of a press at `pressed`: the end (t1) of the first frame
    drawn after it whose State differs from the one on screen at the press; None if
    none did."""
    lg = log(dev)
    pushes = dict((f[0], f[7]) for f in lg.frames)
    before = None
    for frame, top, crc in lg.states:
        n = pushes.get(frame)
        if not n:
            continue
        f = dev.frames[n - 1]
        if f.t0 < pressed:
            before = (top, crc)
        elif top == screen and (top, crc) != before:
            return f.t1
    return None


def latency(pair, pressed, screen):
    """ms from a press's GPIO edge to the frame showing its result on every device."""
    times = [shown(d, pressed, screen) for d in pair]
    if None in times:
        return None
    return max(times) - pressed


def no_crash(pair):
    for d in pair:
        devicerun.assert_no_crash(d)
