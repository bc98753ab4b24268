"""Flash capacity for the longest records: 2,000 games of Cubo must fit on the Pico.

Cubo's actions carry millisecond times, which makes its records the largest; the
mixed-games capacity is in tests/test_gamelog.py.
"""
from bench.bench_sync import capacity
from shared_rules import records, actcodec
from tests import recgen
from tests.devicetime import device_like

# the Pico's 1.4 MB LittleFS minus the firmware bundle's budget
FS_FOR_GAMES = 1408 * 1024 - 420 * 1024


def cubo_records(n=24):
    games = recgen.installed()
    if "cubo" not in games:
        return []
    k = games.index("cubo")
    return [device_like(recgen.game_record(k + i * len(games), games), seed=i)
            for i in range(n)]


def test_device_like_records_are_valid_games_with_millisecond_times():
    from shared_rules import verify
    for rec in cubo_records(6):
        times = [a[-1] for a in rec["actions"]]
        assert times == sorted(times) and any(t % 50 for t in times)
        assert actcodec.decode(actcodec.encode(rec["actions"]), len(times)) == rec["actions"]
        assert rec["started"] > 0 and rec["ended"] >= rec["started"]
        assert verify.verify(rec, recgen.lookup) == (True, "")


def test_at_least_2000_cubo_games_fit_with_margin():
    sample = cubo_records()
    assert sample, "cubo is not installed"
    n = capacity(sample, FS_FOR_GAMES)
    sizes = sorted(len(records.encode(dict(r, device="abcdef01", epoch=123456789, seq=1500)))
                   for r in sample)
    print("cubo record bytes: median %d, max %d; %d games fit" % (
        sizes[len(sizes) // 2], sizes[-1], n))
    assert n >= 2200  # 2,000 required; version 1 records gave 1,345
