"""The save of the game in progress: after every action, resumable after a power cut,
never counted twice."""
import pytest

from app import savegame
from app.gamelog import GameLog, StorageFull
from app.savegame import Recorder
from shared_rules import driver, records, verify
from tests import recgen
from tests.fakestorage import MemStorage
from tests.shared import toygame


def play_some(rec, state, agents, steps, now0=0):
    now = now0
    done = 0
    while done < steps and not state.is_terminal():
        p = state.current_player()
        a = agents[p].act(state, p, now)
        state.apply(a)
        rec.action(a, now)
        now += 100
        done += 1
    return now


def start(st, log, seed=7, n=3):
    rec = Recorder(st, log)
    state = toygame.Race(n, seed)
    agents = [driver.RandomAgent(seed + i) for i in range(n)]
    rec.start("race", state.options, seed, recgen.NAMES[:n], now=1000, meta={"bots": [1, 2]})
    return rec, state, agents


def test_save_after_every_action_and_resume_after_power_cut():
    st = MemStorage()
    log = GameLog(st)
    rec, state, agents = start(st, log)
    now = play_some(rec, state, agents, 15, 1000)
    assert savegame.pending(st)["actions"] == rec.actions
    # power cut: nothing but the storage survives
    info = savegame.flush(st, log, recgen.lookup)
    assert isinstance(info, dict) and len(info["actions"]) == 15
    assert info["meta"] == {"bots": [1, 2]} and info["elapsed"] == now - 100 - 1000
    resumed, used = savegame.rebuild(info, recgen.lookup)
    assert used == 15 and resumed.to_dict() == state.to_dict()
    rec2 = Recorder(st, log)
    rec2.resume(info, now=50000, used=used)
    play_some(rec2, resumed, agents, 100000, 50000)
    seq = rec2.finish(resumed.scores(), now=99000)
    assert seq == 1 and savegame.pending(st) is None
    r = records.decode(log.get(1))
    assert verify.verify(r, recgen.lookup) == (True, "")
    assert r["meta"] == {"bots": [1, 2]}


def test_torn_journal_entry_is_dropped_and_journal_repaired():
    st = MemStorage()
    log = GameLog(st)
    rec, state, agents = start(st, log, seed=3)
    play_some(rec, state, agents, 7)
    whole = bytes(st.files[savegame.JOURNAL])
    last = whole.rfind(b"\n", 0, len(whole) - 1) + 1
    torn = [whole[:cut] for cut in range(last + 1, len(whole))]  # every offset in the last line
    torn.append(whole[:-3] + b"ff\n")          # a complete line whose check fails
    torn.append(whole[:last] + b"\xa6\x05 1\n")  # garbage
    for bad in torn:
        st.files[savegame.JOURNAL] = bytearray(bad)
        info = savegame.pending(st)
        assert len(info["actions"]) == 6 and info["torn"]
        r2 = Recorder(st, log)
        resumed, used = savegame.rebuild(info, recgen.lookup)
        r2.resume(info, 0, used)
        assert savegame.pending(st)["torn"] is False
        p = resumed.current_player()
        a = agents[p].act(resumed, p, 0)
        r2.action(a, 700)
        assert len(savegame.pending(st)["actions"]) == 7


def test_game_already_logged_is_not_offered_again():
    st = MemStorage()
    log = GameLog(st)
    rec, state, agents = start(st, log, seed=5)
    play_some(rec, state, agents, 100000)
    # power cut between storing the record and clearing the save
    clear = savegame.clear
    savegame.clear = lambda storage: None
    try:
        rec.finish(state.scores(), 5000)
    finally:
        savegame.clear = clear
    assert savegame.pending(st) is not None
    assert savegame.flush(st, log, recgen.lookup) == "logged"
    assert savegame.pending(st) is None and log.last == 1


def test_finished_but_not_stored_game_is_stored_at_boot():
    st = MemStorage()
    log = GameLog(st)
    rec, state, agents = start(st, log, seed=6)
    play_some(rec, state, agents, 100000)
    assert state.is_terminal()
    # power cut before finish(): the journal holds the whole game
    assert savegame.flush(st, log, recgen.lookup) == "logged"
    assert log.last == 1
    r = records.decode(log.get(1))
    assert r["scores"] == state.scores() and verify.verify(r, recgen.lookup)[0]


def test_storage_full_keeps_the_finished_game_until_there_is_room():
    st = MemStorage(capacity=64 * 1024)
    log = GameLog(st, low_water=8 * 1024, reserve=8 * 1024)
    n = 0
    while True:
        try:
            log.add(recgen.race_record(n))
            n += 1
        except StorageFull:
            break
    rec, state, agents = start(st, log, seed=8)
    play_some(rec, state, agents, 100000)
    with pytest.raises(StorageFull):
        rec.finish(state.scores(), 9000)
    info = savegame.pending(st)
    assert info["done"] and info["scores"] == state.scores()
    assert savegame.flush(st, log, recgen.lookup) == "full"
    log.set_ack(log.last)  # a sync
    assert savegame.flush(st, log, recgen.lookup) == "logged"
    r = records.decode(log.get(log.last))
    assert r["seed"] == 8 and verify.verify(r, recgen.lookup)[0]


def test_abandon_clears():
    st = MemStorage()
    rec, state, agents = start(st, GameLog(st), seed=2)
    play_some(rec, state, agents, 3)
    rec.abandon()
    assert savegame.pending(st) is None


def test_deferred_finish_is_stored_by_settle_later():
    st = MemStorage()
    log = GameLog(st)
    rec, state, agents = start(st, log, seed=11)
    play_some(rec, state, agents, 100000)
    assert rec.finish(state.scores(), 7000, store=False) == 0
    assert log.last == 0 and savegame.pending(st)["done"]
    assert savegame.flush(st, log, recgen.lookup) == "logged"
    r = records.decode(log.get(1))
    assert r["scores"] == state.scores() and verify.verify(r, recgen.lookup)[0]
    assert savegame.flush(st, log, recgen.lookup) is None
