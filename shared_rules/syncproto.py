"""Sync framing, shared by the device and the host: printable ASCII frames with a CRC32.

A frame is one line of printable ASCII (0x20-0x7E) ending in a newline:

    @K<version> <TYPE> <payload> <crc>\\n

    @K        the start marker ('@' never appears anywhere else in a frame)
    version   one digit, PROTOCOL (1)
    TYPE      1-8 capital letters (see the message types below)
    payload   text; any byte outside 0x21-0x7E except space, and '%' and '@', is
              written %XX (two uppercase hex digits), so the payload is printable
              and carries no control byte; JSON for most messages
    crc       8 lowercase hex digits: CRC-32 (zlib's) of everything from the
              version digit up to and including the space before the crc

A receiver skips everything outside frames (REPL banners, print() output,
line noise) and drops broken frames (bad CRC, a control byte, a new '@'
before the newline, too long) with a count. A '\\r' before the newline is
ignored, so CRLF translation on the way does not break frames.

Messages (the sync session; the host speaks first):

    host -> device                          device -> host
    HELLO {"v":1,"host":...}                HELLO {"proto","device","epoch","fw","count",
                                                   "first","last","acked","status"}
    GET {"since":N,"id":K,"epoch":E}        REC "<K> <seq> <base64 of the record>"
                                            GAP {"id":K,"from":A,"to":B,"why":W}
                                            END {"id":K,"last":L}
                                            ERR {"error":"unreadable","id":K,"seq":N}
    ACK {"epoch":E,"seq":N}                 ACKED {"seq":N}  (persisted: may prune <= N)
    TIME {"unix":T}                         OK {"what":"TIME"}
    ROSTER {"names":[...]}                  OK {"what":"ROSTER"}
    BYE {}                                  OK {"what":"BYE"}
                                            ERR {"error":...}  (a request it cannot serve)

A GAP says why numbers A..B have no game: W is "pruned" (stored by a host, then
deleted to make room), "damaged" (the bytes on the device's flash fail their CRC:
the game is gone) or "unused" (a number given out but never completely written,
a power cut; no game is missing). ERR "unreadable" ends a stream at game N when the
flash would not read it (after retries): nothing at or after N was sent, and the
host asks again later; it is never a gap.

A new GET restarts the stream from its `since`: that is how a host asks again
for what arrived broken. Everything here is in the MicroPython subset.
"""

# the framing (shared_rules.syncframe), here for the protocol's users
from shared_rules.syncframe import (PROTOCOL, MARKER, DEVICE_MAX_FRAME, BROKEN,  # noqa: F401
                                    BAD_VERSION, escape, unescape, encode_frame, Parser)

HOST_MAX_FRAME = 1 << 18     # device->host REC frames carry a whole record (base64)

# Message types.
HELLO = "HELLO"
GET = "GET"
REC = "REC"
GAP = "GAP"
END = "END"
ACK = "ACK"
ACKED = "ACKED"
TIME = "TIME"
ROSTER = "ROSTER"
BYE = "BYE"
OK = "OK"
ERR = "ERR"


def encode_json_frame(kind, obj):
    import json
    return encode_frame(kind, json.dumps(obj))


def payload_json(payload):
    """The JSON object in an escaped payload, or None if it is not one (never raises)."""
    import json
    try:
        obj = json.loads(unescape(payload))
    except Exception:
        return None
    if not isinstance(obj, dict):
        return None
    return obj


def b64encode(data):
    import binascii
    out = binascii.b2a_base64(data)
    if out[-1:] == b"\n":
        out = out[:-1]
    return out.decode()


def b64decode(text):
    """Bytes from base64 text; ValueError on bad input."""
    import binascii
    if isinstance(text, str):
        text = text.encode()
    try:
        return binascii.a2b_base64(text)
    except Exception as e:
        raise ValueError("bad base64: %r" % (e,))


def rec_payload(stream_id, seq, record_bytes):
    return "%d %d %s" % (stream_id, seq, b64encode(record_bytes))


def parse_rec_payload(payload):
    """(stream_id, seq, record_bytes) from a REC payload; ValueError if malformed."""
    parts = payload.split(" ")
    if len(parts) != 3:
        raise ValueError("bad REC payload")
    return int(parts[0]), int(parts[1]), b64decode(parts[2])
