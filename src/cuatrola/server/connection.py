"""One client's connection as the card room sees it: who it is, what it follows, and how its
frames go out: written to the socket at once while it takes them (:mod:`.wsprotocol`),
otherwise through a bounded queue that the socket's writer drains (:mod:`.socket`)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from typing import Final

from cuatrola.protocol.codec import encode
from cuatrola.protocol.ids import TableId, UserId
from cuatrola.protocol.messages import ServerMessage
from cuatrola.server.accounts.auth import Identity

#: Close code sent to a client that does not read its frames fast enough.
CLOSE_TOO_SLOW: Final = 4408
#: Close code for a connection whose login ended (logout, password change, expiry).
CLOSE_UNAUTHORIZED: Final = 4401

_numbers = itertools.count(1)


class Connection:
    """One client's connection: who it is, the login it came with (``session``, the key that
    ending that login closes it by), followed tables and outgoing frames.

    ``send`` never blocks: a frame is written at once when the socket takes it and nothing
    is queued before it, else it goes to a bounded queue. A client that lets the queue fill up
    is cut off (``CLOSE_TOO_SLOW``) instead of slowing down a table; it reconnects and resumes.
    """

    def __init__(self, identity: Identity, max_queue: int = 256, session: str = "") -> None:
        self.identity = identity
        #: ``identity.user``, read for every follower of every broadcast.
        self.user: UserId = identity.user
        self.session = session
        self.max_queue = max_queue
        self.frames: asyncio.Queue[bytes | int] = asyncio.Queue()
        self.tables: set[TableId] = set()
        self.closed = False
        self.on_overflow: Callable[[], None] | None = None
        #: This connection's number in this process (other nodes address it by it).
        self.number = next(_numbers)
        #: The other nodes that run tables (or the queue) for this connection: they are told
        #: when it closes.
        self.peers: set[str] = set()
        #: Writes one frame to the socket at once, or answers ``False`` (it cannot take it
        #: now); set by the socket when its server offers it (:data:`.wsprotocol.SEND_TEXT`).
        self.direct: Callable[[bytes], bool] | None = None
        #: The writer is sending a frame it took from the queue (later ones wait behind it).
        self.sending = False

    def send(self, message: ServerMessage) -> None:
        """Queue one message."""
        self.send_raw(encode(message))

    def room(self) -> int:
        """How many more frames the queue takes before the connection counts as too slow."""
        return self.max_queue - self.frames.qsize()

    def send_raw(self, data: bytes) -> None:
        """Write one encoded frame, or queue it (or drop the connection if it is too far
        behind)."""
        if self.closed:
            return
        direct = self.direct
        if direct is not None and not self.sending and self.frames.empty() and direct(data):
            return
        if self.frames.qsize() >= self.max_queue:
            self.close(CLOSE_TOO_SLOW)
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.frames.put_nowait(data)

    def close(self, code: int = 1000) -> None:
        """Ask the writer to close the socket with ``code`` after what is queued."""
        if not self.closed:
            self.closed = True
            self.frames.put_nowait(code)


__all__ = ["CLOSE_TOO_SLOW", "CLOSE_UNAUTHORIZED", "Connection"]
