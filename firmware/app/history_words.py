"""How the history names a logged game: the date it ended and its game's title."""


def civil_date(unix):
    """'YYYY-MM-DD HH:MM' (UTC) for Unix seconds; '' for 0 (clock was unknown)."""
    if not unix:
        return ""
    days = unix // 86400
    secs = unix - days * 86400
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    if m <= 2:
        y += 1
    return "%04d-%02d-%02d %02d:%02d" % (y, m, d, secs // 3600, (secs // 60) % 60)


def game_title(name):
    from app import games
    return games.title(name) or name[:1].upper() + name[1:]
