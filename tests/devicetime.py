"""Bots' games with timestamps as a device records them.

The driver's virtual clock ticks in 50 ms steps, so bots' actions carry round times; on
the device the app stamps actions with the millisecond of the frame that saw them.
`device_like(record)` moves every distinct time of a real-time game's actions by a
pseudo-random 0-49 ms (actions of one tick stay together, order is kept), and sets
the wall-clock start and end, so record sizes are measured on realistic data.
"""
import random

REALTIME = ("cubo", "cubingos")  # games whose actions carry the time last


def device_like(rec, seed=1):
    rnd = random.Random(seed)
    moved = {}
    actions = rec["actions"]
    if rec["game"] in REALTIME:
        actions = []
        for a in rec["actions"]:
            t = a[-1]
            if t not in moved:
                moved[t] = t + rnd.randrange(50)
            actions.append(tuple(a[:-1]) + (moved[t],))
    started = 1790000000 + rnd.randrange(10 ** 7)
    return dict(rec, actions=actions, started=started,
                ended=started + rec.get("duration", 0) // 1000)
