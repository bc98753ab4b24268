"""Who is linked and who sits where: the lobby's data model (no screens).

Owns two plain-data shapes the host builds and every device receives:

    member   [device, name]          one linked device (the host first); device is the
                                     device's id (unique per Kocka), name its player's
                                     name from its settings
    seat     [name, device, bot]     one seat of the game, in seat order: a human on
                                     `device` (bot ""), or a bot of level `bot` (its
                                     device is the host's: bots play on the host)

A game's seats are built from the members who play and the bots that fill the rest
(seats()), and each device asks which seats are its own (seats_of()): the host refuses
any request from a device for a seat that is not its.
"""


def seats(humans, bots, host_device):
    """Seats for `humans` (a list of members, in seat order) then `bots` (a list of
    (name, level)); a bot's device is the host's."""
    out = []
    for m in humans:
        out.append([m[1], m[0], ""])
    for b in bots:
        out.append([b[0], host_device, b[1]])
    return out


def seats_of(seat_list, device, bots_too=False):
    """The seat numbers of `device`'s humans (and, on the host, its bots with bots_too)."""
    out = []
    for i in range(len(seat_list)):
        s = seat_list[i]
        if s[1] == device and (bots_too or not s[2]):
            out.append(i)
    return out


def devices(seat_list, host_device):
    """The guests' devices that hold a seat, each once, in seat order."""
    out = []
    for s in seat_list:
        d = s[1]
        if d != host_device and d not in out:
            out.append(d)
    return out


def valid_seats(x):
    """True when `x` is a list of [name, device, bot] strings (as a WELCOME brings)."""
    if not isinstance(x, list) or not x:
        return False
    for s in x:
        if not isinstance(s, list) or len(s) != 3:
            return False
        for v in s:
            if not isinstance(v, str):
                return False
    return True


def seat_names(seat_list, numbers):
    return [seat_list[i][0] for i in numbers]


def game_rules(game_id):
    """(State class, timed) of the game called `game_id`, from its descriptor through
    shared_rules.registry; ValueError for a game this device does not have."""
    from shared_rules import registry
    g = registry.find(game_id)
    if g is None:
        raise ValueError("no game %r on this Kocka" % (game_id,))
    return registry.game_class(game_id), g.timed
