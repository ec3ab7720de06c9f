"""The websocket protocol the card room runs on uvicorn: uvicorn's own (websockets-sansio),
plus a synchronous send for the frames of a connection.

Through ASGI every frame is a ``websocket.send`` message that the connection's writer task
awaits: a task wake-up, Starlette's state checks, the frame copied into a ``str`` and encoded
back, and one ``send`` system call per frame, five frames per move. This protocol puts a
function in the websocket's ASGI scope (the extension :data:`SEND_TEXT`) that frames the
bytes at once and writes every frame given to the socket within one turn of the event loop
in one system call (the mover's ``ack`` and ``event`` go out together). The function answers
``False`` when the socket cannot take a frame now (not open yet, closing, or its transport's
buffer over the high-water mark): :meth:`Connection.send_raw
<cuatrola.server.connection.Connection.send_raw>` then queues the frame for the writer task,
which waits for the socket as before, so a slow reader is still cut off by the bounded queue.
Every ASGI send first writes the frames already given, so a close never overtakes them.

Measured in docs/performance.md ("The frames' sends below ASGI").
"""

from __future__ import annotations

from typing import Any, Final

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request

#: The ASGI scope extension holding the synchronous send: ``(data: bytes) -> bool``.
SEND_TEXT: Final = "cuatrola.send_text"


class DirectSendProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websockets-sansio protocol with the :data:`SEND_TEXT` extension."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Framed bytes given since the last write, written at the end of this loop turn.
        self._pending: list[bytes] = []

    def handle_connect(self, event: Request) -> None:
        """Answer the upgrade as uvicorn does, and offer the synchronous send in the scope
        (the application's task, created here, runs later and finds it)."""
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][SEND_TEXT] = self.send_text_now

    def send_text_now(self, data: bytes) -> bool:
        """Frame ``data`` (UTF-8 text) as one message to write in this loop turn; ``False``
        (and nothing done) when the socket cannot take it now."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
        ):
            return False
        self.conn.send_text(data)
        pending = self._pending
        if not pending:
            self.loop.call_soon(self._write_pending)
        pending.extend(self.conn.data_to_send())
        return True

    async def send(self, message: Any) -> None:
        """An ASGI send, after the frames given before it."""
        self._write_pending()
        await super().send(message)

    def _write_pending(self) -> None:
        pending = self._pending
        if pending:
            data = b"".join(pending)
            pending.clear()
            if not self.transport.is_closing():
                self.transport.write(data)


def websocket_options() -> dict[str, Any]:
    """The websocket settings of :class:`uvicorn.Config` for the card room (the server and
    the tests' servers run on the same)."""
    return {
        "ws": DirectSendProtocol,
        "ws_max_size": 65536,
        # small JSON frames: compression costs more CPU than it saves
        "ws_per_message_deflate": False,
    }


__all__ = ["SEND_TEXT", "DirectSendProtocol", "websocket_options"]
