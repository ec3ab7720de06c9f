"""The websocket protocol the card room runs on uvicorn: uvicorn's own (websockets-sansio),
plus two shortcuts past ASGI, a synchronous send for a connection's frames and a handler that
takes a client's messages as they come.

Through ASGI every frame is a ``websocket.send`` message that the connection's writer task
awaits: a task wake-up, Starlette's state checks, the frame copied into a ``str`` and encoded
back, and one ``send`` system call per frame. This protocol puts a function in the
websocket's ASGI scope (the extension :data:`SEND_TEXT`) that frames the bytes at once (a
header from :func:`~cuatrola.server.wsframes.text_frame_header` before the payload as it is;
it is offered only while no extension such as compression is negotiated) and writes every
frame given to one socket within one turn of the event loop in one system call (the mover's
``ack`` and ``event`` go out together); one callback at the end of the turn writes the frames
of every socket given some.

The function answers ``False``, doing nothing, whenever the socket cannot take a frame now
(the upgrade not answered yet, a close sent or received, the transport closing or its buffer
over the high-water mark): :meth:`Connection.send_raw
<cuatrola.server.connection.Connection.send_raw>` then queues the frame for the writer task,
which waits for the socket as before, so a slow reader is still cut off by the bounded queue.
Frames given but not yet written go out before anything else the protocol writes (an ASGI
send, a close, a pong), so nothing overtakes them.

The other direction has a shortcut too: the extension :data:`RECEIVE_TEXT` takes a handler of
the client's text frames, called at once from the protocol with each whole message, while no
earlier message waits for the application. A handler that takes the message answers
``True``; one that answers ``False`` has done nothing, and the message goes the ASGI way
(``websocket.receive``), as every message does while no handler is set. While a handler is
set, the protocol reads a received chunk's whole, unfragmented text frames itself when
websockets' parser stands between two frames
(:class:`~cuatrola.server.wsframes.FrameBoundary`), before websockets' generator-based parser
sees the rest; whatever it does not take (control frames, fragments, a frame cut by the
chunk's end, a message the handler declines) goes to that parser as it is.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Final

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request
from websockets.protocol import State

from cuatrola.server.wsframes import FrameBoundary, client_text_frame, text_frame_header

#: The ASGI scope extension holding the synchronous send: ``(data: bytes) -> bool``.
SEND_TEXT: Final = "cuatrola.send_text"

#: The ASGI scope extension that sets (or, with ``None``, removes) the handler of the client's
#: text frames: ``(handler: Callable[[bytes], bool] | None) -> None``.
RECEIVE_TEXT: Final = "cuatrola.receive_text"

#: A handler of the client's text frames: whether it took the message (bytes, UTF-8).
TextHandler = Callable[[bytes], bool]

logger = logging.getLogger("cuatrola.server")

#: Bytes framed in one loop turn past which they are written at once, so that the transport's
#: flow control (the high-water mark) sees a burst such as a long replay as it grows.
FLUSH_BYTES: Final = 65536


#: The sockets given frames in this turn of each event loop (one loop per server, but tests
#: run several in turn), written by one callback at the end of the turn.
_UNWRITTEN: Final[dict[asyncio.AbstractEventLoop, list[DirectProtocol]]] = {}


def _write_given(loop: asyncio.AbstractEventLoop) -> None:
    for protocol in _UNWRITTEN.pop(loop, ()):
        protocol._write_pending()


def _hand_over(handler: TextHandler, data: bytes) -> bool:
    """Whether ``handler`` took the message ``data``. One that raised counts as having taken
    it: what it did is not done twice, and the message never goes into the protocol's parser."""
    try:
        return handler(data)
    except Exception:
        logger.exception("the text handler failed")
        return True


class DirectProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol with the :data:`SEND_TEXT` and :data:`RECEIVE_TEXT`
    extensions."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Framed bytes given since the last write, written at the end of this loop turn.
        self._pending: list[bytes] = []
        self._pending_bytes = 0
        self._on_text: TextHandler | None = None
        self._boundary = FrameBoundary()

    def handle_connect(self, event: Request) -> None:
        """Answer the upgrade as uvicorn does, and offer both shortcuts in the scope (the
        application's task, created here, runs later and finds them)."""
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            extensions = scope.setdefault("extensions", {})
            if not self.conn.extensions:
                # The frames it makes are uncompressed: with permessage-deflate negotiated,
                # every frame goes the ASGI way.
                extensions[SEND_TEXT] = self.send_text_now
            extensions[RECEIVE_TEXT] = self.set_text_handler

    def set_text_handler(self, handler: TextHandler | None) -> None:
        """Hand the client's text messages to ``handler`` first (``None``: none)."""
        self._on_text = handler

    def send_receive_event_to_app(self) -> None:
        """A whole message from the client: to the text handler when it takes it, else to
        the application through ASGI."""
        handler = self._on_text
        if (
            handler is not None
            and self.curr_msg_data_type == "text"
            and not self.close_sent
            # An earlier message still waits for the application: this one must not pass it.
            and self.queue.empty()
        ):
            frames = self.frames
            data = frames[0] if len(frames) == 1 else b"".join(frames)
            if _hand_over(handler, bytes(data)):
                self.frames = []
                return
        super().send_receive_event_to_app()

    def send_text_now(self, data: bytes) -> bool:
        """Frame ``data`` (UTF-8 text) as one message written in this loop turn; ``False``
        (and nothing done) when the socket cannot take it now. Never raises: a table calls
        it for each of its followers in turn."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
            # The client's close frame came (the socket closes before uvicorn says so).
            or self.conn.state is not State.OPEN
            or self.transport.is_closing()
        ):
            return False
        pending = self._pending
        if not pending:
            loop = self.loop
            given = _UNWRITTEN.get(loop)
            if given is None:
                given = _UNWRITTEN[loop] = []
                loop.call_soon(_write_given, loop)
            given.append(self)
        # A server's unfragmented, uncompressed text frame is a two- to ten-byte header and
        # the payload as it is (RFC 6455, 5.2): made here, it costs two list appends instead
        # of websockets' dozen calls and copy of the payload (a test holds the two equal).
        pending.append(text_frame_header(len(data)))
        pending.append(data)
        self._pending_bytes += len(data)
        if self._pending_bytes >= FLUSH_BYTES:
            self._write_pending()
        return True

    def _write_pending(self) -> None:
        pending = self._pending
        if pending:
            data = b"".join(pending)
            pending.clear()
            self._pending_bytes = 0
            if not self.transport.is_closing():
                self.transport.write(data)

    # Everything else the protocol writes goes out after the frames already given.

    async def send(self, message: Any) -> None:
        """An ASGI send, after the frames given before it."""
        self._write_pending()
        await super().send(message)

    def data_received(self, data: bytes) -> None:
        """The client's frames, the whole text frames read here first (see the module
        docstring); a pong or close answered after the frames given before."""
        self._write_pending()
        boundary = self._boundary
        if self._on_text is not None and boundary.between_frames:
            taken = self._take_text_frames(data)
            if taken == len(data):
                return
            if taken:
                data = data[taken:]
        if self.handshake_initiated:
            boundary.follow(data)
            super().data_received(data)
            return
        boundary.before_upgrade(data)
        super().data_received(data)
        if self.handshake_initiated:
            boundary.upgrade_parsed()

    def _take_text_frames(self, data: bytes) -> int:
        """Hand the whole text frames at the start of ``data`` to the text handler, while
        it takes them: how many bytes they were."""
        conn = self.conn
        limit, fragment = conn.max_message_size, conn.max_fragment_size
        if fragment is not None:
            limit = fragment if limit is None else min(limit, fragment)
        at = 0
        while True:
            handler = self._on_text
            if (
                handler is None
                or conn.state is not State.OPEN
                or conn.extensions
                or conn.parser_exc is not None
                or conn.current_size is not None
                or conn.reader.buffer
                or self.close_sent
                # An earlier message still waits for the application: this one must not pass it.
                or not self.queue.empty()
            ):
                return at
            frame = client_text_frame(data, at, limit)
            if frame is None:
                return at
            payload, after = frame
            if not _hand_over(handler, payload):
                # websockets parses it again and the handler is asked once more (and declines
                # again: it took nothing); then it goes the ASGI way.
                return at
            at = after

    def shutdown(self) -> None:
        """The server stops: the frames given, then uvicorn's close (1012)."""
        self._write_pending()
        super().shutdown()

    def connection_lost(self, exc: Exception | None) -> None:
        """The socket is gone: what was not written is dropped with it."""
        self._pending.clear()
        self._pending_bytes = 0
        super().connection_lost(exc)


def websocket_options() -> dict[str, Any]:
    """The websocket settings of :class:`uvicorn.Config` for the card room (the server and
    the tests' servers run on the same)."""
    return {
        "ws": DirectProtocol,
        "ws_max_size": 65536,
        # small JSON frames: compression costs more CPU than it saves
        "ws_per_message_deflate": False,
    }


__all__ = [
    "FLUSH_BYTES",
    "RECEIVE_TEXT",
    "SEND_TEXT",
    "DirectProtocol",
    "TextHandler",
    "websocket_options",
]
