"""The simulated USB serial port.

For now the simulator's port is a NullSerial (nothing ever arrives, writes
go nowhere). The hook for the real thing is `open_serial()`: the records /
sync work replaces it with a pty (the host tool then talks to the simulator
exactly as to a device on /dev/ttyACM0) without touching the window or HAL.
"""
from hal.virtual import NullSerial


def open_serial(spec=None):
    """Returns the HAL serial part for `spec` (None: no port). Later: "pty" opens a pty
    and prints its path for `kocka sync --port`. The object must provide read_byte()
    (-1 when nothing waits, never blocking), write(data), begin_session(),
    end_session(), and may provide close()."""
    if spec is None:
        return NullSerial()
    if spec == "pty":
        from simulator.serve import PtySerial
        return PtySerial()  # its .path is the port to give `kocka sync --port`
    raise ValueError("serial port %r is not supported yet" % (spec,))
