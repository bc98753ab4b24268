"""The packed action list (shared_rules/actlist.py) holds exactly what it was given: any
action of small ints, read back in order, by index (from either end, after any other
read) and by slice, equal to the list of tuples it came from; under CPython and under
MicroPython."""
import json
import os

import pytest
from hypothesis import given, strategies as st

from shared_rules.actlist import MARK, ActionList

SMALL = st.integers(-(1 << 29), 1 << 29)
ACTION = st.lists(SMALL, min_size=1, max_size=8).map(tuple)


@given(st.lists(ACTION, max_size=3 * MARK + 5), st.lists(st.integers(), max_size=20))
def test_actions_read_back_as_appended_in_any_order_of_reads(actions, picks):
    acts = ActionList()
    for i, a in enumerate(actions):
        acts.append(list(a) if i % 2 else a)
        assert len(acts) == i + 1 and acts[-1] == a
    assert acts == actions and actions == acts and list(acts) == actions
    assert ActionList(actions) == acts
    for p in picks:
        if actions:
            i = p % len(actions)
            assert acts[i] == actions[i] and acts[i - len(actions)] == actions[i]
    assert acts[2:7] == actions[2:7]
    if actions:
        assert acts != actions[:-1] and acts != actions[:-1] + [actions[-1] + (1,)]
    with pytest.raises(IndexError):
        acts[len(actions)]


def test_a_cubo_game_takes_a_fraction_of_its_tuples_bytes():
    # a six-round game of four: about 130 actions of 3 to 5 items, the time last
    actions = []
    t = 0
    for i in range(130):
        t += 700
        actions.append((i % 4, 1 + i % 10, i % 9, t)[: 3 + i % 3])
    acts = ActionList(actions)
    # a tuple of 3 to 5 items takes 32 bytes on the device, and a list slot 4
    assert len(acts.data) + 4 * len(acts.marks) < 130 * 36 // 4


@pytest.mark.micropython
def test_the_same_under_micropython():
    from tests.mpgate import ROOT, run_mp
    proc = run_mp(os.path.join(ROOT, "tests", "mp", "actlist_device.py"))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")][0]
    r = json.loads(line[7:])
    assert r.pop("len") == 302
    assert r == dict((k, True) for k in r), r
