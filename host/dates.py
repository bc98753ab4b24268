"""Unix times from the database as dates, or None when they cannot be one.

A device's clock (or a damaged row) may hold anything: 0 means "the clock was
unknown", and a time Python cannot show (before 1970, in the year 10000 or
later, not an int) is unknown too, so one odd game never breaks a whole report.
"""
import datetime

MAX_UNIX = 253402300799  # 9999-12-31 23:59:59 UTC, the last second datetime can hold


def known(unix):
    """True for a Unix time that is a real, showable date."""
    return isinstance(unix, int) and not isinstance(unix, bool) and 0 < unix <= MAX_UNIX


def utc(unix):
    """An aware UTC datetime, or None."""
    if not known(unix):
        return None
    try:
        return datetime.datetime.fromtimestamp(unix, datetime.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def local(unix):
    """A naive local datetime (for charts), or None."""
    t = utc(unix)
    if t is None:
        return None
    try:
        return t.astimezone().replace(tzinfo=None)
    except (OverflowError, OSError, ValueError):
        return None


def iso(unix):
    """ISO 8601 UTC text ("2026-12-01T09:00:00Z"), or None."""
    t = utc(unix)
    return None if t is None else t.isoformat().replace("+00:00", "Z")


def short(unix):
    """Local "YYYY-MM-DD HH:MM", or "?"."""
    t = local(unix)
    return "?" if t is None else t.strftime("%Y-%m-%d %H:%M")
