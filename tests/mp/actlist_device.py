"""shared_rules.actlist under MicroPython: what CPython's test checks, on the device's
interpreter (its ints, bytearray, special methods). Prints `RESULT {json}`."""
import json

from shared_rules.actlist import ActionList

acts = []
x = 12345
for i in range(300):
    x = (x * 1103515245 + 12345) & 0x3FFFFFFF
    k = 2 + x % 5
    acts.append(tuple([(x >> j) % 700001 - (3 if j == 0 else 0) for j in range(k)]))
acts.append((-3, 7, 1 << 29))
acts.append((0, -(1 << 29)))
a = ActionList(acts)
out = {
    "len": len(a),
    "equal": a == acts and list(a) == acts and ActionList(acts) == a,
    "list_equal": acts == a,
    "unequal": not (a == acts[:-1]) and a != acts[:-1] and not (a == [(1,)] * len(acts)),
    "indexed": all(a[i] == acts[i] for i in (0, 1, 15, 16, 17, 299, 300, 301, -1, -2, 40, 3)),
    "sequential": all(a[i] == acts[i] for i in range(len(acts))),
    "sliced": a[5:40] == acts[5:40] and a[300:] == acts[300:],
    "empty": not ActionList() and len(ActionList()) == 0,
    "types": type(a[7]) is tuple and type(a[7][0]) is int,
}
try:
    a[len(acts)]
    out["index_error"] = False
except IndexError:
    out["index_error"] = True
print("RESULT " + json.dumps(out))
