"""Host databases with chosen contents for the `kocka` report, export and check tests."""
from host import db
from shared_rules import records
from tests import recgen

NOW = 1790000000


def add_game(con, seq, players=None, scores=None, device="D1", epoch=7, started=0, ended=0,
             verified=True, reason=None, i=0, synced_at=NOW):
    """Stores a race record (game i of tests.recgen) with the given fields overridden,
    marked verified or not as asked (an old database may hold anything)."""
    rec = recgen.race_record(i)
    rec.update(device=device, epoch=epoch, seq=seq, started=started, ended=ended)
    if players is not None:
        rec["players"] = list(players)
    if scores is not None:
        rec["scores"] = list(scores)
    raw = records.encode(rec)
    db.store(con, device, epoch, seq, raw, records.decode(raw), verified, reason, synced_at)
    con.commit()
    return rec


def fresh(path):
    con = db.connect(str(path))
    return con


def add_real_game(con, seq, i, game, meta=None, ended=NOW, device="D1", epoch=7):
    """Stores bots-only game number i of `game` (tests.recgen: real rules), verified, with
    the meta a device writes (seat kinds) or none."""
    rec = recgen.game_record(i, [game])
    rec.update(device=device, epoch=epoch, seq=seq, started=ended - 600, ended=ended,
               meta=meta)
    raw = records.encode(rec)
    db.store(con, device, epoch, seq, raw, records.decode(raw), True, None, NOW)
    con.commit()
    return rec
