"""Plays one whole Coloretto game with the bots and prints it as "GAME {json}": the
action log and the final scores. Runs under MicroPython (tests/test_coloretto_mp.py runs
it through tests.mpgate.run_mp) and CPython, which must print the same game.

    ARGV: [script, players, seed, preset, steps, levels...]   e.g. 3 7 original 120 strong greedy random
"""
import json
import sys

try:
    import mpargs
    ARGV = mpargs.ARGV
except ImportError:
    ARGV = sys.argv

from shared_rules.coloretto.rules import Coloretto
from shared_rules.coloretto import bots as B
from shared_rules import driver


def main():
    n = int(ARGV[1])
    seed = int(ARGV[2])
    preset = ARGV[3]
    steps = int(ARGV[4])
    levels = ARGV[5:5 + n]
    agents = []
    for i in range(n):
        if levels[i] == "strong":
            agents.append(B.StrongBot(seed * 10 + i, steps=steps))
        else:
            agents.append(B.make_bot(levels[i], seed * 10 + i))
    st = Coloretto(n, seed=seed, options={"preset": preset})
    log = driver.play(st, agents)
    print("GAME " + json.dumps({"actions": [list(a) for a in log], "scores": st.scores(),
                                "rounds": st.round_no, "state": st.to_dict()}))


main()
