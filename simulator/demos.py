"""Looks up the app's headless demos (firmware/app/demo.py) by name for both modes.

The one place that turns an unknown name into a clear error listing the known
demos, before a window opens or a frame runs.
"""


class UnknownDemo(Exception):
    pass


def known():
    from app import demo
    return list(demo.names())


def check(name):
    """Raises UnknownDemo unless `name` is None (no demo) or a demo the app has."""
    if name is None:
        return
    names = known()
    if name not in names:
        raise UnknownDemo("unknown demo %r; known demos: %s" % (name, ", ".join(names)))


def start(app, name, seed):
    """The demo driver (before_frame(frame)) for `name`, or None for no demo."""
    if name is None:
        return None
    check(name)
    from app import demo
    return demo.start(app, name, seed)
