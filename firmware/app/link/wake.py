"""The rest of a frame in link play: the HAL's wait (a key ends it at once), ended too when
a linked device's message has come in (bytes arrived on a link port and the line went
quiet), so the frame that handles it starts then, not at the next turn of the frame grid:
a guest's press reaches the host's screen, and the host's answer the guest's, a frame
sooner. Bytes that came in while the frame was drawn count too: the session notes what
its poll left waiting (its `unread`), and only bytes beyond that wake."""

from micropython import const

_QUIET_US = const(300)   # the line quiet this long: a message's end (14 bytes at 460800)


def rest(hal, wait, ms, ports, base=None):
    """Waits up to ms. base: the bytes waiting on `ports` that nobody will read (the
    session's unread after its poll); None: those waiting now."""
    ticks = hal.ticks_ms
    diff = hal.ticks_diff
    start = ticks()
    seen = waiting(ports)
    if seen < 0:
        wait(ms)   # transports that cannot say (TCP): the plain wait
        return
    if base is None or base > seen:
        base = seen
    fine = getattr(hal, "sleep_us", None)
    while True:
        if seen > base and fine is not None:
            # a message is coming in: its end is the first quiet _QUIET_US, watched
            # closer than the millisecond steps below
            while diff(ticks(), start) < ms:
                fine(_QUIET_US)
                n = waiting(ports)
                if n == seen:
                    return
                seen = n
            return
        if ms - diff(ticks(), start) <= 0:
            return
        t = ticks()
        wait(1)
        if diff(ticks(), t) < 1:
            return   # the wait ended early: a key
        n = waiting(ports)
        if n > base and n == seen:
            return   # a message came in and nothing more for a millisecond: its end
        seen = n


def waiting(ports):
    """Bytes waiting on the ports, or -1 when none of them can say."""
    n = -1
    for p in ports:
        f = getattr(p, "waiting", None)
        if f is not None:
            n = (0 if n < 0 else n) + f()
    return n
