"""The page open in two tabs (issue 26): one tab at a time owns the app's files.

Two tabs of one browser share localStorage. Before the tab lock each ran its own game
log over the same keys and gave out the same game numbers: a game finished in one tab
while the other was mid-game was lost (the export keeps one game per number). Now the
second tab shows a message and writes nothing, "Use this tab instead" moves the files
to it and stops the first tab for good, a closed tab lets the next one take over at
once, and every game played ends up in the export exactly once.

Every write of a `kocka/` key is counted per tab (an init script wraps localStorage),
so "writes nothing" is checked directly, not inferred from the screen.
"""
import json

import pytest

from tests.test_web_page import WAIT_MS, Page, browser, site  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

COUNT_WRITES = """
    window.kockaWrites = 0;
    for (const f of ["setItem", "removeItem"]) {
        const real = Storage.prototype[f];
        Storage.prototype[f] = function (k, ...rest) {
            if (this === window.localStorage && String(k).startsWith("kocka/")) window.kockaWrites++;
            return real.call(this, k, ...rest);
        };
    }
"""


def open_tab(ctx, url, query=""):
    """A tab that may not run the app: waits for the page to decide who owns the files."""
    p = Page.__new__(Page)
    p.page = ctx.new_page()
    p.errors = []
    p.page.on("pageerror", lambda e: p.errors.append(str(e)))
    p.page.goto(url + query)
    p.page.wait_for_function("window.kocka && window.kocka.stats.lock !== 'waiting'"
                             " || !document.getElementById('tabs').hidden", timeout=WAIT_MS)
    return p


def writes(p):
    return p.page.evaluate("window.kockaWrites")


def lock(p):
    return p.page.evaluate("window.kocka.stats.lock")


def start_game(p):
    """From the main menu: a bots-only Cubingos game (the fourth item; seat 1 a bot)."""
    p.page.bring_to_front()   # a tab in the background gets about one frame a second
    if p.wait("s.top === 'MainMenu' || s.top === 'ResumeScreen'")["top"] == "ResumeScreen":
        p.press("KeyB")       # another game is saved mid-way: kept for later
    p.wait_top("MainMenu")
    for key in ("ArrowDown",) * (3 - getattr(p, "menu_at", 0)) + ("KeyA",):
        p.press(key)   # the menu keeps its cursor after a game (app.menu_index)
    p.wait_top("CubingosSetup")
    p.menu_at = 3
    for key in ("ArrowDown", "ArrowDown", "ArrowRight", "KeyY"):
        p.press(key)
    p.wait_top("CubingosPlay")
    p.press("KeyB")   # paused: it waits mid-game while the other tab plays


def finish_game(p):
    """Plays the started game to its end and back to the menu, which logs it."""
    p.page.bring_to_front()
    p.press("KeyA")   # unpause
    p.page.evaluate("window.kocka.setTurbo(32)")
    p.wait("s.ended", timeout=60000)
    p.page.evaluate("window.kocka.setTurbo(0)")
    for _ in range(4):   # the last round's result, then the final scores: A leaves
        if p.stats()["top"] == "MainMenu":
            break
        p.press("KeyA")
        p.frames_later(10)
    p.wait_top("MainMenu")


def exported(p):
    doc = json.loads(p.page.evaluate("window.kocka.exportLog()"))
    return [r["seq"] for r in doc["records"]], doc["gaps"], {r["data"] for r in doc["records"]}


def take_over(p):
    p.page.bring_to_front()
    p.page.click("#takeover")
    p.wait("s.lock === 'held' && s.shown > 0")


def test_a_second_tab_waits_then_takes_over_and_no_game_is_lost(browser, site):
    ctx = browser.new_context()
    ctx.add_init_script(COUNT_WRITES)
    a = Page(ctx, site)
    a.wait_top("MainMenu")
    start_game(a)   # the first tab is mid-game when the second opens

    b = open_tab(ctx, site)
    if lock(b) != "waiting":   # the page before the tab lock: both tabs run
        start_game(b)
        finish_game(a)
        finish_game(b)
        seqs, gaps, games = exported(b)
        assert seqs == [1, 2] and len(games) == 2, \
            "two tabs, two games played, the export holds %r" % (seqs,)
    assert lock(a) == "held" and lock(b) == "waiting" and b.page.is_visible("#tabs")
    assert "open in another tab" in b.page.inner_text("#tabs-text")
    assert b.page.is_disabled("#download")
    for key in ("ArrowDown", "KeyA", "KeyY"):   # the waiting tab does nothing at all
        b.page.keyboard.press(key)
    b.page.wait_for_timeout(300)
    s = b.stats()
    assert s["frames"] == 0 and writes(b) == 0 and not s["error"] and not b.errors

    finish_game(a)
    start_game(a)
    finish_game(a)
    assert exported(a)[:2] == ([1, 2], [])

    # take-over while the first tab is mid-game: it stops and never writes again
    start_game(a)
    a_writes = writes(a)
    take_over(b)
    a.wait("s.lock === 'lost'")   # the old owner stopped (its waits accept that state)
    assert a.page.is_visible("#tabs") and "this tab stopped" in a.page.inner_text("#tabs-text")
    b.wait_top("ResumeScreen")    # the new owner read the store: the game left in it
    b.press("KeyA")
    b.wait_top("CubingosPlay")
    finish_game(b)   # the first tab's game, finished in the second
    a_frames = a.stats()["frames"]
    a.page.bring_to_front()
    for key in ("KeyA", "KeyB", "Enter"):
        a.page.keyboard.press(key)
    a.page.wait_for_timeout(300)
    assert a.stats()["frames"] == a_frames and writes(a) == a_writes
    seqs, gaps, games = exported(b)
    assert seqs == [1, 2, 3] and gaps == [] and len(games) == 3

    # the stopped tab takes the files back: it reloads, reads the store afresh
    a.page.click("#takeover")
    a.page.wait_for_function("window.kocka && window.kocka.stats.lock === 'held'"
                             " && window.kocka.stats.shown > 0", timeout=WAIT_MS)
    a.wait_top("MainMenu")
    b.wait("s.lock === 'lost'")
    assert exported(a)[:2] == ([1, 2, 3], [])
    ctx.close()


def test_a_closed_tab_lets_the_next_take_over_at_once_and_demos_need_no_lock(browser, site):
    ctx = browser.new_context()
    ctx.add_init_script(COUNT_WRITES)
    a = Page(ctx, site)
    a.wait_top("MainMenu")
    b = open_tab(ctx, site)
    assert lock(b) == "waiting"
    # a demo keeps nothing (a Map store): it runs beside the owner, with no lock
    d = Page(ctx, site, "?demo=cubo&seed=7&turbo=8")
    d.wait("s.frames > 50")
    assert lock(d) == "demo" and d.page.is_hidden("#tabs") and writes(d) == 0
    d.close()
    a.close()   # the owner's tab closed: its lock went with it
    b.page.click("#takeover")
    b.wait_top("MainMenu")
    assert lock(b) == "held"
    # a reload keeps the files: the tab's previous page lets go as the new one asks
    b.page.reload()
    b.page.wait_for_function("window.kocka && window.kocka.stats.top === 'MainMenu'",
                             timeout=WAIT_MS)
    assert lock(b) == "held"
    ctx.close()


def test_without_web_locks_the_channel_alone_keeps_one_owner(browser, site):
    """A page served over plain http (not localhost) has no navigator.locks."""
    ctx = browser.new_context()
    ctx.add_init_script(COUNT_WRITES + "delete Navigator.prototype.locks;")
    a = Page(ctx, site)
    a.wait_top("MainMenu")
    b = open_tab(ctx, site)
    assert b.page.evaluate("navigator.locks === undefined")
    assert lock(a) == "held" and lock(b) == "waiting" and writes(b) == 0
    take_over(b)
    a.wait("s.lock === 'lost'")
    b.wait_top("MainMenu")
    ctx.close()
