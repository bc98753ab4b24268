"""The simulated USB serial port.

Without --pty it is a NullSerial (nothing ever arrives, writes go nowhere);
with --pty, `open_serial("pty")` opens a pseudo-terminal (simulator/serve.py's
PtySerial) and the host tool talks to the simulator exactly as to a device on
/dev/ttyACM0.
"""
from hal.virtual import NullSerial


def open_serial(spec=None):
    """Returns the HAL serial part for `spec` (None: no port; "pty": a pty whose `path` is
    the port for `kocka sync --port`). The object must provide read_byte()
    (-1 when nothing waits, never blocking), write(data), begin_session(),
    end_session(), and may provide close()."""
    if spec is None:
        return NullSerial()
    if spec == "pty":
        from simulator.serve import PtySerial
        return PtySerial()  # its .path is the port to give `kocka sync --port`
    raise ValueError("serial port %r is not supported yet" % (spec,))
