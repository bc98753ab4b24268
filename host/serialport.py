"""Finding and opening the device's USB serial port, with clear errors.

A Raspberry Pi Pico running MicroPython shows up as a USB CDC port with
VID:PID 2E8A:0005. `find_ports()` lists those; `open_link(path)` opens one
exclusively and wraps it as a Link (read with timeout, write, close).
"""
import errno
import os
import stat

PICO_VID = 0x2E8A
PICO_PID = 0x0005


class PortError(Exception):
    """A port problem the user can fix; the message says how."""


class NoPort(PortError):
    pass


class BusyPort(PortError):
    pass


class NotAPort(PortError):
    pass


class LinkLost(Exception):
    """The connection went away mid-sync (cable pulled, device reset, port closed)."""


def find_ports():
    """Device paths of every connected Pico (MicroPython's VID:PID 2E8A:0005)."""
    from serial.tools import list_ports
    out = []
    for p in list_ports.comports():
        if p.vid == PICO_VID and p.pid == PICO_PID:
            out.append(p.device)
    return sorted(out)


def auto_port():
    ports = find_ports()
    if not ports:
        raise NoPort("no Kocka found on USB (looked for a Pico, VID:PID 2E8A:0005): "
                     "plug it in and switch it on, or name the port with --port PATH "
                     "(the simulator prints its port as SERIAL <path>)")
    if len(ports) > 1:
        raise NoPort("several Picos found (%s): choose one with --port" % ", ".join(ports))
    return ports[0]


class SerialLink:
    """A pyserial port as a Link."""

    def __init__(self, port):
        self.port = port
        self.path = port.port

    def write(self, data):
        import serial
        try:
            self.port.write(data)
            self.port.flush()
        except (serial.SerialException, OSError) as e:
            raise LinkLost("lost the device while writing (%s)" % (e,))

    def read(self, timeout):
        """Bytes that arrived within `timeout` seconds (b"" if none)."""
        import serial
        try:
            self.port.timeout = timeout
            n = self.port.in_waiting
            return self.port.read(n if n > 0 else 1)
        except (serial.SerialException, OSError) as e:
            raise LinkLost("lost the device while reading (%s)" % (e,))

    def reset_input(self):
        try:
            self.port.reset_input_buffer()
        except Exception:
            pass

    def close(self):
        try:
            self.port.close()
        except Exception:
            pass


def open_link(path):
    """Opens `path` exclusively at 115200 baud (the USB CDC ignores the rate)."""
    import serial
    not_a_port = NotAPort("%s is not a serial port: give the device's port (such as "
                          "/dev/ttyACM0 or COM3), or leave out --port and kocka finds it"
                          % path)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        mode = None  # absent (said below), or a name the OS has no file for (COM3)
    if mode is not None and not stat.S_ISCHR(mode):
        raise not_a_port  # a file, a folder, a pipe: opening it could hang or succeed wrongly
    try:
        port = serial.Serial(path, 115200, timeout=0.1, write_timeout=5, exclusive=True)
    except serial.SerialException as e:
        code = getattr(e, "errno", None)
        text = str(e)
        if code in (errno.ENOENT, errno.ENODEV, errno.ENXIO) or "No such file" in text \
                or "FileNotFoundError" in text:
            raise NoPort("no serial port at %s (is the device plugged in? "
                         "`kocka sync` without --port finds it)" % path)
        if code in (errno.EBUSY, errno.EAGAIN) or "exclusively lock" in text \
                or "busy" in text.lower():
            raise BusyPort("%s is busy: another program has it open "
                           "(close Thonny, mpremote, a serial monitor or another kocka sync)"
                           % path)
        if code == errno.EACCES or "Permission denied" in text:
            raise PortError("no permission to open %s: add yourself to the dialout "
                            "group (sudo usermod -aG dialout $USER, then log in again)" % path)
        if code == errno.ENOTTY or "Inappropriate ioctl" in text \
                or "Could not configure port" in text:
            raise not_a_port  # a character device that is no terminal (/dev/null)
        raise PortError("cannot open %s: %s" % (path, text))
    except OSError as e:
        raise PortError("cannot open %s: %s" % (path, e))
    return SerialLink(port)
