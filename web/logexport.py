"""The game log as one JSON document, the file the page's "Download game log" saves.

    text = document(storage, random_fn)

Every intact record of the app's game log (app.gamelog, over hal.storage), in order,
as base64 of the bytes a sync would send, with the log's device id and epoch and the
numbers that have no record (with why); host/importlog.py reads it (`kocka import`).
MicroPython subset: the page runs it under WebAssembly, tests under CPython.
"""

import binascii
import json

FORMAT = "kocka-log"
VERSION = 1


def document(storage, random_fn=None):
    from app import gamelog
    was_open = getattr(storage, "kocka_gamelog", None) is not None
    log = gamelog.shared(storage, random_fn)
    recs = []
    gaps = []
    cur = gamelog.Cursor(log, 0)
    while True:
        item = cur.next()
        if item is None:
            break
        if item[0] == "rec":
            recs.append({"seq": item[1],
                         "data": binascii.b2a_base64(item[2]).decode().strip()})
        else:
            gaps.append([item[1], item[2], item[3]])
    if not was_open:
        storage.kocka_gamelog = None  # as the app left it
    return json.dumps({"format": FORMAT, "version": VERSION, "device": log.device,
                       "epoch": log.epoch, "records": recs, "gaps": gaps})
