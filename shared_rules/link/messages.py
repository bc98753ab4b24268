"""The game session's messages: their names, how one is written and read, and the checks
every field from the other device passes before anything uses it.

Owns the text inside a channel message, nothing about order or delivery. A message is
its type, a space and a JSON object: `REQ {"r":3,"a":[1,3,2,4,0]}`. read() never raises:
text that is not a known type with a JSON object gives None, and the layer above
counts it. The field checks (action(), small_int(), name()) return None for anything
out of shape, so a lie or garbage from the link never reaches the rules as anything but
a tuple of a few ints.

    guest -> host                          host -> guest
    JOIN {"link","app","device","name"}    LOBBY {"members":[[device, name], ...]}
    REQ {"r":R,"a":[p,kind,...]}           WELCOME {"link","app","host","game","players",
    BYE {}                                          "options","seed","seats","you","count"}
                                           ACTS {"i":I,"t":T,"d":D,"a":[[...],...]}
                                           REFUSE {"r":R,"why":text}
                                           REJECT {"why":code,"text":text,"link","app"}
                                           HERE {"gone":[device, ...]}
                                           BYE {"why":text}
"""

import json

LINK_VERSION = 1       # the session protocol; the frames' own version is syncproto's

JOIN = "JOIN"
REQ = "REQ"
LOBBY = "LOBBY"
WELCOME = "WELCOME"
ACTS = "ACTS"
REFUSE = "REFUSE"
REJECT = "REJECT"
HERE = "HERE"
BYE = "BYE"

TYPES = (JOIN, REQ, LOBBY, WELCOME, ACTS, REFUSE, REJECT, HERE, BYE)

# REJECT codes
R_VERSION = "version"
R_PLAYING = "playing"
R_FULL = "full"
R_BAD = "bad"

MAX_ACTION = 8         # items in an action (every game's longest is 5)
MAX_NAME = 12          # characters of a player's name
MAX_ID = 24            # characters of a device id
BATCH_CHARS = 360      # an ACTS message's actions, at most, in characters


def write(kind, obj):
    return kind + " " + json.dumps(obj)


def read(text):
    """(type, dict) from a message's text, or None (never raises)."""
    try:
        sp = text.index(" ")
        kind = text[:sp]
        if kind not in TYPES:
            return None
        obj = json.loads(text[sp + 1:])
    except Exception:
        return None
    if not isinstance(obj, dict):
        return None
    return kind, obj


def small_int(x, lo=-(1 << 29), hi=(1 << 29)):
    """x if it is a plain int in [lo, hi], else None."""
    if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
        return None
    return x


def action(x):
    """A tuple of small ints (an action as the rules take it) from JSON, or None."""
    if not isinstance(x, list) or not 2 <= len(x) <= MAX_ACTION:
        return None
    for v in x:
        if small_int(v) is None:
            return None
    return tuple(x)


def action_text(a):
    return "[" + ",".join([str(v) for v in a]) + "]"


def name(x, most=MAX_NAME):
    """Printable ASCII text of at most `most` characters from `x`, or None if x is not a
    string. Other characters, and '%' and '@' (which the frames escape to three), become
    '?': every device draws it with its own font, and a message's size stays known."""
    if not isinstance(x, str):
        return None
    out = []
    for c in x[:most]:
        out.append(c if " " <= c <= "~" and c != "%" and c != "@" else "?")
    return "".join(out)


def ident(x):
    """A device id (letters, digits, '-', '_', '.', ':'; 1-MAX_ID of them) or None."""
    if not isinstance(x, str) or not 0 < len(x) <= MAX_ID:
        return None
    for c in x:
        if not ("0" <= c <= "9" or "a" <= c <= "z" or "A" <= c <= "Z" or c in "-_.:"):
            return None
    return x


def version_text(mine_link, mine_app, their_link, their_app, who):
    """The message both sides show when versions differ."""
    return "Versions differ: this Kocka has link %s, app %s; %s has link %s, app %s. " \
           "Update both to the same version." % (mine_link, mine_app, who, their_link,
                                                 their_app)
