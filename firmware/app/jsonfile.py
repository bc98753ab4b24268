"""Small JSON files that survive bit flips and power cuts: a checksum and two copies.

    write(storage, name, obj)      copy A (`name`), then copy B (`name` + ".bak")
    read(storage, name)            (obj, how): how is OK, REPAIRED, LEGACY, MISSING,
                                   DAMAGED or UNREADABLE (obj is None for the last three)
    remove(storage, name)

A copy is the JSON text, a newline, its `checksum` as 8 hex digits and a newline.
The checksum is a Fletcher-32 over bytes (two running sums modulo 65535): it catches
every single-bit flip and every burst shorter than 16 bits, needs no table and no
import, so the save code a game keeps in RAM stays small (the game log's records
have their CRC-32). Each copy is written atomically (hal.storage), A before B, so a power cut
leaves at most one copy one write behind, and A, when intact, is never the older one.
A damaged or missing copy is rewritten from the other at the next write.
LEGACY is a file of the format before the checksum (plain JSON, no copy B): taken
once, so an update keeps the user's data; the next write seals it.
MicroPython subset.
"""

from micropython import const

import json

BACKUP = ".bak"

OK = "ok"
_REPAIRED = const("repaired")      # one copy was bad or missing: the other was used
_LEGACY = const("legacy")
MISSING = "missing"
DAMAGED = "damaged"        # copies exist but none checks out
UNREADABLE = "unreadable"  # the flash would not read either copy


def checksum(data):
    """8 hex digits of the Fletcher-32 of bytes `data` (no big int on the Pico)."""
    s1 = 0
    s2 = 0
    for b in data:
        s1 += b
        if s1 >= 65535:
            s1 -= 65535
        s2 += s1
        if s2 >= 65535:
            s2 -= 65535
    return "%04x%04x" % (s2, s1)


def seal(obj):
    body = json.dumps(obj).encode()
    return body + b"\n" + checksum(body).encode() + b"\n"


def unseal(raw):
    """The object in one sealed copy, or None if it does not check out."""
    n = len(raw)
    if n < 11 or raw[n - 1] != 10 or raw[n - 10] != 10:
        return None
    body = raw[:n - 10]
    try:
        if checksum(body) != bytes(raw[n - 9:n - 1]).decode():
            return None
        return json.loads(body)
    except (ValueError, UnicodeError):
        return None


def write(storage, name, obj):
    data = seal(obj)
    storage.write(name, data)
    storage.write(name + BACKUP, data)


def _read_copy(storage, name):
    """(raw bytes or None, True if the read failed)."""
    for _ in range(3):
        try:
            return storage.read(name), False
        except OSError:
            pass
    return None, True


def read(storage, name):
    raw_a, fail_a = _read_copy(storage, name)
    raw_b, fail_b = _read_copy(storage, name + BACKUP)
    a = unseal(raw_a) if raw_a is not None else None
    if a is not None:
        return a, OK if (raw_b is not None and raw_b == raw_a) else _REPAIRED
    b = unseal(raw_b) if raw_b is not None else None
    if b is not None:
        return b, _REPAIRED
    if raw_a is not None and raw_b is None and not fail_b:
        try:
            old = json.loads(raw_a)
            if isinstance(old, dict):
                return old, _LEGACY
        except (ValueError, UnicodeError):
            pass
    if fail_a or fail_b:
        return None, UNREADABLE
    if raw_a is None and raw_b is None:
        return None, MISSING
    return None, DAMAGED


def remove(storage, name):
    for n in (name, name + BACKUP):
        try:
            storage.remove(n)
        except OSError:
            pass
