"""Link play's transports in the simulator: TCP on a LAN, and a serial line (a USB-serial
adapter to a Kocka, or a pty).

Each is a transport of the link layer (docs/link.md): write(data) never blocks (bytes
the socket will not take now wait in a bounded buffer; past it they are dropped and
the channel resends), read() gives the bytes that arrived since the last call or None
(nothing, or the connection closed: the channel's liveness check says "gone").

    TcpHost(port).ports()      the hosting simulator: listens on `port` (0: any free
                               one), one transport per guest connection slot (three)
    TcpGuest(address, port)    a joining simulator: connects, and connects again
                               whenever the connection drops
    SerialLink(path)           a serial device or pty, either role

`.role` says what a transport can do (the lobby offers only that), `.where` the address
to show on screen.
"""
import socket

DEFAULT_PORT = 7301
GUESTS = 3                 # a host takes up to three guests: four players, one each
_OUTBOX = 64 * 1024        # bytes waiting for a slow socket, at most
_RECONNECT_S = 0.5


def parse_address(text, default_port=DEFAULT_PORT):
    """(host, port) from "ADDR", "ADDR:PORT" or ":PORT"; ValueError when malformed."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, ""
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if port:
        if not port.isdigit() or not 0 <= int(port) <= 65535:
            raise ValueError("%r is not a port number" % port)
        port = int(port)
    else:
        port = default_port
    return host, port


def lan_address():
    """This computer's LAN address as others would reach it (no packet is sent: a UDP
    socket's connect only picks the route), or 127.0.0.1 without a network."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))   # TEST-NET-1: never routed anywhere for real
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class _Stream:
    """One connected socket's bytes, non-blocking both ways."""

    def __init__(self):
        self.sock = None
        self.outbox = bytearray()

    def attach(self, sock):
        self.close()
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None
        self.outbox = bytearray()

    def write(self, data):
        if self.sock is None:
            return
        if len(self.outbox) + len(data) <= _OUTBOX:
            self.outbox += data
        self.flush()

    def flush(self):
        while self.outbox and self.sock is not None:
            try:
                n = self.sock.send(self.outbox)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self.close()
                return
            del self.outbox[:n]

    def read(self):
        if self.sock is None:
            return None
        self.flush()
        got = bytearray()
        while self.sock is not None:
            try:
                chunk = self.sock.recv(4096)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self.close()
                break
            if not chunk:        # the other end closed: nothing more will come
                self.close()
                break
            got += chunk
        return bytes(got) if got else None


class TcpHost:
    """The hosting simulator's listening socket and its guests' slots."""

    def __init__(self, port=DEFAULT_PORT, bind="", guests=GUESTS):
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind((bind, port))
        self.server.listen(guests + 1)
        self.server.setblocking(False)
        self.port = self.server.getsockname()[1]
        shown = bind if bind and bind != "0.0.0.0" else lan_address()
        self.where = "%s:%d" % (shown, self.port)
        self.slots = [_Slot(self) for _ in range(guests)]

    def ports(self):
        return list(self.slots)

    def accept(self):
        """Takes waiting connections into free slots; one more than the slots is closed."""
        while True:
            try:
                sock, _addr = self.server.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            for slot in self.slots:
                if slot.stream.sock is None:
                    slot.stream.attach(sock)
                    break
            else:
                sock.close()

    def close(self):
        for slot in self.slots:
            slot.stream.close()
        self.server.close()


class _Slot:
    """One guest connection of a TcpHost: a transport."""
    role = "host"

    def __init__(self, server):
        self.server = server
        self.stream = _Stream()
        self.where = server.where

    def write(self, data):
        self.stream.write(data)

    def read(self):
        self.server.accept()
        return self.stream.read()


class TcpGuest:
    """A joining simulator's connection to a host: a transport."""
    role = "guest"

    def __init__(self, host, port=DEFAULT_PORT, clock=None):
        import time
        self.addr = (host, port)
        self.where = "%s:%d" % (host, port)
        self.stream = _Stream()
        self.connecting = None
        self.clock = clock or time.monotonic
        self.next_try = 0.0
        self.started = 0.0

    def ports(self):
        return [self]

    def _connect(self):
        import errno
        import select
        now = self.clock()
        if self.connecting is None:
            if now < self.next_try:
                return
            self.next_try = now + _RECONNECT_S
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            err = s.connect_ex(self.addr)
            if err not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY):
                s.close()        # refused (no host yet): tried again in a moment
                return
            self.connecting = s
            self.started = now
        s = self.connecting
        _r, w, _x = select.select([], [s], [], 0)
        if not w:
            if now - self.started > 5:   # no answer at all: start over
                s.close()
                self.connecting = None
            return
        self.connecting = None
        if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
            s.close()
            return
        self.stream.attach(s)

    def write(self, data):
        self.stream.write(data)

    def read(self):
        if self.stream.sock is None:
            self._connect()
            return None
        return self.stream.read()

    def close(self):
        self.stream.close()
        if self.connecting is not None:
            self.connecting.close()
            self.connecting = None


class SerialLink:
    """A serial device or pty (pyserial, never blocking): a Kocka on a USB-serial adapter,
    or another simulator's pty."""
    role = None

    def __init__(self, path, baud=None):
        import serial
        if baud is None:
            from hal.link_cable import BAUD as baud   # the Kocka's cable
        self.port = serial.Serial(path, baud, timeout=0, write_timeout=0)
        self.where = path

    def ports(self):
        return [self]

    def write(self, data):
        import serial
        try:
            self.port.write(data)
        except serial.SerialTimeoutException:
            pass   # the line is full: dropped, the channel resends
        except serial.SerialException:
            pass

    def read(self):
        import serial
        try:
            n = self.port.in_waiting
            return self.port.read(n) if n else None
        except (serial.SerialException, OSError):
            return None

    def close(self):
        self.port.close()


def open_link(spec):
    """The transport owner for the CLI's --link value: "host[:PORT]", "join ADDR[:PORT]"
    (given as "join:ADDR[:PORT]" too) or "serial PATH". ValueError when malformed."""
    words = spec.split(None, 1)
    mode = words[0] if words else ""
    rest = words[1] if len(words) > 1 else ""
    if mode.startswith("host"):
        _, sep, port = mode.partition(":")
        if port and not port.isdigit():
            raise ValueError("%r is not a port number" % port)
        return TcpHost(int(port) if port else DEFAULT_PORT)
    if mode == "join":
        if not rest:
            raise ValueError("--link join needs the host's address: --link join ADDR[:PORT]")
        host, port = parse_address(rest)
        return TcpGuest(host or "127.0.0.1", port)
    if mode == "serial":
        if not rest:
            raise ValueError("--link serial needs a device: --link serial /dev/ttyUSB0")
        return SerialLink(rest)
    raise ValueError("--link takes host[:PORT], join ADDR[:PORT] or serial PATH, not %r"
                     % spec)
