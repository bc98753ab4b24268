"""CPython stand-in for MicroPython's `micropython` module (const and the code emitters)."""


def const(value):
    return value


def native(fn):
    return fn


def viper(fn):
    return fn


def kbd_intr(_char):
    pass


def mem_info(*_args):
    pass
