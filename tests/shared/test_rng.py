"""The shared RNG: deterministic, 30-bit state, uniform. Runs under CPython and MicroPython."""
from shared_rules.rng import Rng, mix_seed

# The first dice of seed 42 and the raw states of seed 1: pinned, so a change to the
# generator (which would break every saved record's replay) cannot pass unnoticed.
GOLDEN_DICE_42 = [5, 6, 1, 6, 2, 1, 6, 2, 5, 3]


def test_golden_sequence():
    r = Rng(42)
    assert [r.die() for _ in range(10)] == GOLDEN_DICE_42


def test_state_stays_in_30_bits():
    for seed in (0, 1, 42, -7, 2 ** 40 + 3, 0x3FFFFFFF):
        r = Rng(seed)
        for _ in range(2000):
            r.bits16()
            assert 0 <= r.state < (1 << 30)


def test_same_seed_same_sequence_and_restorable():
    a = Rng(123)
    b = Rng(123)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    saved = a.state
    first = [a.die() for _ in range(20)]
    a.state = saved
    assert [a.die() for _ in range(20)] == first


def test_different_seeds_differ():
    seqs = set()
    for seed in range(20):
        r = Rng(seed)
        seqs.add(tuple(r.die() for _ in range(12)))
    assert len(seqs) == 20


def test_dice_are_uniform():
    r = Rng(7)
    counts = [0] * 6
    n = 60000
    for _ in range(n):
        counts[r.die() - 1] += 1
    expected = n / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.5, counts  # p ~ 0.001 for 5 degrees of freedom


def test_big_ranges_and_bounds():
    r = Rng(9)
    for n in (1, 2, 3, 1000, 65536, 65537, 10 ** 6, 2 ** 29):
        for _ in range(50):
            v = r.below(n)
            assert 0 <= v < n
    try:
        r.below(0)
        assert False, "below(0) must raise"
    except ValueError:
        pass


def test_shuffle_is_permutation():
    r = Rng(3)
    items = list(range(77))
    r.shuffle(items)
    assert sorted(items) == list(range(77))
    assert items != list(range(77))


def test_mix_seed_in_range():
    for s in (0, 1, -1, 2 ** 64, 12345678901234567890):
        assert 0 <= mix_seed(s) < (1 << 30)
