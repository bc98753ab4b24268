"""Prints a long RNG sequence (dice, ranges, a shuffle, fork) for cross-runtime comparison."""
from shared_rules.rng import Rng

out = []
for seed in (0, 1, 42, 2 ** 31 + 5, -99):
    r = Rng(seed)
    out.append(r.state)
    out.extend(r.die() for _ in range(300))
    out.extend(r.below(n) for n in (2, 7, 1000, 65536, 65537, 10 ** 9) for _ in range(20))
    items = list(range(52))
    r.shuffle(items)
    out.extend(items)
    f = r.fork()
    out.extend(f.die() for _ in range(20))
print("SEQ " + ",".join(str(v) for v in out))
