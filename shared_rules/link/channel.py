"""One reliable, ordered channel of text messages to one peer, over an unreliable byte
transport: sequence numbers, acks, resends, a window, heartbeats and the liveness check.

Owns the state of one point-to-point link (a cable, a TCP connection, a pty), nothing
about games. The transport is any object with

    write(data)    hands bytes to the wire (never blocks; may lose them)
    read()         bytes that arrived since the last call, or None; poll reads until
                   None (at most _READS times), so a transport may give a chunk at a time
    free()         optional: how many bytes write() surely takes now. A data frame
                   waits for room (the next poll) instead of being lost, so a transport
                   with a small buffer (a UART's) needs no resend to move a window

and the caller supplies the time: poll(now) with `now` in ms from any clock that does
not go backwards (no clock is read here). Frames are shared_rules.link.frames'.

    ch = Channel(transport, epoch)      epoch: a random 1..2**30-1 (hal.random_seed());
                                        read_max=: the longest frame the peer sends
                                        (a host's guests: host.GUEST_FRAME)
    ch.send(text) -> bool               queue a message (False: not up, or the queue is full)
    ch.poll(now) -> events              read, deliver, resend, ack, heartbeat, liveness
    ch.poll(now, False)                 the same, but nothing is written: the caller
                                        answers what came and then calls flush(now), so
                                        the ack rides on its answer (one frame, not two)
    ch.flush(now)                       write what was queued since the last poll now,
                                        not at the next poll (a frame sooner)

poll returns a list (or an empty tuple) of (kind, data):

    ("up", None)        a peer is here: first contact, or a peer that restarted (its
                        epoch changed), or one that came back after "gone". Both sides
                        start their sequence numbers afresh: whatever was queued before
                        is dropped, and the layer above starts its handshake again
    ("msg", text)       the next message, in order, exactly once per "up"
    ("gone", None)      no intact frame from the peer for gone_ms: the queue is dropped
                        and the channel draws a new epoch, so a peer that only lost the
                        wire for a while also starts afresh when it is heard again
    ("version", digit)  intact frames of another frame-protocol version arrived

How it works: go-back-N, which fits a wire that loses and damages but never reorders
(a UART, a TCP stream, a pty). Up to `window` messages are in flight; the oldest
unanswered for rto_ms (doubling on each timeout up to RTO_MAX) sends them all again.
The receiver takes only the next sequence number and acks cumulatively, in every data
frame it sends and in an ack-only frame when it has nothing to send; after idle_ms
without sending it sends an ack-only frame as a heartbeat. The queue holds at most
`queue` messages and the frame reader a fixed buffer: nothing grows with what arrives.
"""

# by its dotted name: a frozen string (`from package import module` makes that
# name a new interned string in RAM at run time)
import shared_rules.link.frames as frames

RTO_MS = 250        # first resend after this long without an ack
RTO_MAX = 1000      # resends back off, doubling, to at most this
IDLE_MS = 250       # a heartbeat after this long without sending
GONE_MS = 1500      # the peer is gone after this long without an intact frame: within
                    # 2 s of a cut every device knows, with time to draw it on screen
WINDOW = 8
QUEUE = 16
_READS = 16         # reads per poll at most: bounded work in a flood

UP = "up"
MSG = "msg"
GONE = "gone"
VERSION = "version"

_EMPTY = ()


class Channel:
    def __init__(self, transport, epoch, window=WINDOW, queue=QUEUE, rto_ms=RTO_MS,
                 idle_ms=IDLE_MS, gone_ms=GONE_MS, maxlen=frames.MAX_FRAME, read_max=None):
        self.transport = transport
        self.epoch = (epoch & frames.EPOCH_MASK) or 1
        self.window = window
        self.queue = queue
        self.rto_ms = rto_ms
        self.idle_ms = idle_ms
        self.gone_ms = gone_ms
        self.maxlen = maxlen
        # read_max: the longest frame the peer sends, if shorter (the reader's buffer)
        self.reader = frames.Reader(read_max or maxlen)
        self.peer = 0            # the peer's epoch; 0: no peer
        self.up = False
        self.last_rx = 0         # when the last intact frame from the peer came
        self.last_tx = None      # when we last wrote a frame
        self._in = []            # frames read in this poll (reused)
        self._versions = 0
        # counters (for the screens' "link quality" and the tests)
        self.resends = 0
        self.dropped = 0         # data frames not taken (duplicates, gaps, stale epoch)
        self.delivered = 0
        self.sent = 0
        self._fresh()

    def _fresh(self):
        """Sequence numbers from 0 and an empty queue (a new peer, or none)."""
        self.tx = []             # messages not yet acked, oldest first
        self.tx_base = 0         # the sequence number of tx[0]
        self.tx_sent = 0         # tx[:tx_sent] are on the wire since the last (re)send
        self.sent_at = 0         # when tx[0] was last sent
        self.rto = self.rto_ms
        self.rx_next = 0
        self.ack_due = False

    # -- sending ----------------------------------------------------------------
    def can_send(self):
        return self.up and len(self.tx) < self.queue

    def send(self, text):
        """Queues message `text` (str) for the peer; False when not up or the queue is
        full (the caller tries again later). ValueError for a message too long for a frame."""
        if frames.frame_len(text) > self.maxlen:
            raise ValueError("link message of %d chars is too long" % len(text))
        if not self.can_send():
            return False
        self.tx.append(text)
        return True

    def pending(self):
        """Messages queued and not yet acked."""
        return len(self.tx)

    # -- the work of one frame ----------------------------------------------------
    def poll(self, now, send=True):
        events = None
        read = self.transport.read
        got = self._in
        for _ in range(_READS):
            data = read()
            if not data:
                break
            self.reader.feed(data, got)
            for fr in got:
                events = self._frame(fr, now, events)
            del got[:]
            if self.reader.bad_version != self._versions:
                self._versions = self.reader.bad_version
                events = _add(events, VERSION, self.reader.version_seen)
        if self.up and now - self.last_rx >= self.gone_ms:
            self._lost()
            events = _add(events, GONE, None)
        if send:
            self._transmit(now)
        return events if events is not None else _EMPTY

    def flush(self, now):
        """Writes the messages queued since the last poll (and an ack due) now."""
        self._transmit(now)

    def _frame(self, fr, now, events):
        kind, src, dst, seq, ack, message = fr
        if src != self.peer:
            # a new peer, or ours restarted: start afresh with it
            self.peer = src
            self._fresh()
            self.up = True
            events = _add(events, UP, None)
        self.last_rx = now
        if dst != self.epoch:
            # it does not know us yet (or knew our previous life): tell it who we are
            self.ack_due = True
            if kind == frames.DATA:
                self.dropped += 1
            return events
        self._acked(ack, now)
        if kind == frames.DATA:
            self.ack_due = True
            if seq == self.rx_next:
                self.rx_next = (seq + 1) & frames.SEQ_MASK
                self.delivered += 1
                events = _add(events, MSG, message)
            else:
                self.dropped += 1
        return events

    def _acked(self, ack, now):
        n = (ack - self.tx_base) & frames.SEQ_MASK
        if n == 0 or n > len(self.tx):
            return
        del self.tx[:n]
        self.tx_base = ack
        self.tx_sent = self.tx_sent - n if self.tx_sent > n else 0
        self.sent_at = now
        self.rto = self.rto_ms

    def _lost(self):
        self.up = False
        self.peer = 0
        self._fresh()
        self.epoch = (self.epoch * 1103515245 + 12345) & frames.EPOCH_MASK or 1

    def _transmit(self, now):
        write = self.transport.write
        free = getattr(self.transport, "free", None)
        if self.up:
            if self.tx_sent and now - self.sent_at >= self.rto:
                self.resends += self.tx_sent
                self.tx_sent = 0                     # go back N
                self.rto = self.rto * 2 if self.rto * 2 < RTO_MAX else RTO_MAX
            while self.tx_sent < len(self.tx) and self.tx_sent < self.window:
                i = self.tx_sent
                seq = (self.tx_base + i) & frames.SEQ_MASK
                data = frames.encode_data(self.epoch, self.peer, seq, self.rx_next, self.tx[i])
                if free is not None and len(data) > free():
                    break                            # the rest at the next poll
                write(data)
                if i == 0:
                    self.sent_at = now
                self.tx_sent = i + 1
                self.sent += 1
                self.last_tx = now
                self.ack_due = False
        if self.ack_due or self.last_tx is None or now - self.last_tx >= self.idle_ms:
            write(frames.encode_ack(self.epoch, self.peer, self.rx_next))
            self.last_tx = now
            self.ack_due = False

    def stats(self):
        r = self.reader
        return {"up": self.up, "sent": self.sent, "resends": self.resends,
                "delivered": self.delivered, "dropped": self.dropped,
                "broken": r.broken, "too_long": r.too_long, "skipped": r.skipped,
                "foreign": r.foreign, "bad_version": r.bad_version}


def _add(events, kind, data):
    if events is None:
        events = []
    events.append((kind, data))
    return events
