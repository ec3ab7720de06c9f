"""One websocket, from its upgrade to its close: the only code that reads or writes a socket.

The origin is checked before the upgrade; the first message must be ``hello`` with a token.
Then two tasks serve it: the reader (decode, rate-limit, hand to the room) and a writer that
drains the connection's bounded queue, so a slow reader never blocks a table.

Both have a shortcut on the card room's websocket protocol (:mod:`.wsprotocol`): while the
socket takes frames and nothing waits in that queue, the connection writes them at once,
without the writer; and while the reader waits with no message before it, the protocol hands
it each new message at once, and a keep-alive or a command for a table this node runs (every
move) is carried out there, without a wake-up of the reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from cuatrola.protocol.codec import ProtocolError, decode_client, encode
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import PROTOCOL_VERSION, ClientMessage, Error, Hello, Pong, Welcome
from cuatrola.protocol.messages import Ping as PingMsg
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.connection import CLOSE_UNAUTHORIZED, Connection
from cuatrola.server.limits import TokenBucket
from cuatrola.server.room import Room
from cuatrola.server.security import allowed_origins, origin_allowed
from cuatrola.server.settings import Settings
from cuatrola.server.wsprotocol import RECEIVE_TEXT, SEND_TEXT

logger = logging.getLogger("cuatrola.server")

HELLO_TIMEOUT = 30.0
#: Frames a connection may send before a valid ``hello`` before it is closed.
HELLO_ATTEMPTS = 10
CLOSE_PROTOCOL = 4400
#: Pings answered per second per connection (and burst); beyond that they are ignored.
PING_RATE = 2.0
PING_BURST = 10
#: Refused frames answered per second per connection (and burst); beyond that, silence.
REFUSAL_RATE = 2.0
REFUSAL_BURST = 10
BINARY_REFUSED = "binary frames are not part of the protocol: send JSON as text frames"


async def _writer(websocket: WebSocket, conn: Connection) -> None:
    while True:
        item = await conn.frames.get()
        if isinstance(item, int):
            with contextlib.suppress(Exception):
                await websocket.close(code=item)
            return
        conn.sending = True
        try:
            await websocket.send({"type": "websocket.send", "text": item.decode()})
        finally:
            conn.sending = False


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def serve_socket(websocket: WebSocket, room: Room, settings: Settings) -> None:
    """Serve one websocket until it closes (see the module docstring)."""
    allowed = allowed_origins(settings.public_urls, websocket.scope.get("server"))
    if not origin_allowed(websocket.headers.get("origin"), allowed):
        logger.info("websocket refused: foreign origin")
        await websocket.close(code=1008)  # before accept: the upgrade is answered 403
        return
    await websocket.accept()
    try:
        login = await _hello(websocket, room)
    except (WebSocketDisconnect, RuntimeError):
        return
    if login is None:
        return
    identity, session = login
    conn = Connection(identity, settings.send_queue, session)
    conn.on_overflow = lambda: _slow(room)
    extensions = websocket.scope.get("extensions") or {}
    conn.direct = extensions.get(SEND_TEXT)
    tables = room.connected(conn)
    writer = asyncio.create_task(_writer(websocket, conn))
    conn.send(Welcome(user=room.user_info(conn), protocol=PROTOCOL_VERSION, tables=list(tables)))
    inbox = _Inbox(conn, room, settings)
    set_text_handler = extensions.get(RECEIVE_TEXT)
    if set_text_handler is not None:
        set_text_handler(inbox.at_once)
    try:
        while not conn.closed:
            inbox.idle = True
            data = await _receive(websocket)
            inbox.idle = False
            if data is None:
                break
            await inbox.handle(data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        inbox.idle = False
        if set_text_handler is not None:
            set_text_handler(None)
        room.disconnected(conn)
        conn.close(1000)
        try:
            await asyncio.wait_for(writer, timeout=2.0)
        except (TimeoutError, Exception):
            writer.cancel()


class _Inbox:
    """What one logged-in connection sends: each frame decoded, rate-limited and handed to
    the room, in the order the client sent them.

    Frames come through the reader task (:meth:`handle`) or, when the server offers it
    (:data:`.wsprotocol.RECEIVE_TEXT`), straight from the socket's protocol (:meth:`at_once`),
    which takes those that need nothing awaited while the reader waits with nothing before
    them: keep-alives and the commands for a table this node runs, such as every move.
    """

    def __init__(self, conn: Connection, room: Room, settings: Settings) -> None:
        self.conn = conn
        self.room = room
        self.settings = settings
        now = time.monotonic()
        self.bucket = TokenBucket(settings.rate, settings.burst, now)
        self.pings = TokenBucket(PING_RATE, PING_BURST, now)
        # Refusals are answered only this often: a flood must not fill the client's own
        # queue with error replies (and so get a client that reads dropped as too slow).
        self.answers = TokenBucket(REFUSAL_RATE, REFUSAL_BURST, now)
        #: The reader task waits for the next frame and handles none: frames may be taken at
        #: once without overtaking one it is still handling.
        self.idle = False

    def at_once(self, data: bytes) -> bool:
        """Handle one frame now, when it needs nothing awaited; ``False``: nothing was done,
        the frame goes to the reader task."""
        if not self.idle or self.conn.closed:
            return False
        try:
            msg = decode_client(data, self.settings.max_frame)
        except ProtocolError:
            return False  # the reader task answers it
        if isinstance(msg, PingMsg):
            self._ping(msg)
            return True
        runner = self.room.runner_for(msg)
        if runner is None:
            return False
        if self._limited(msg):
            return True
        self.room.handle_at(runner, self.conn, msg)  # type: ignore[arg-type]
        return True

    async def handle(self, data: str | bytes) -> None:
        """Handle one frame from the reader task."""
        if isinstance(data, bytes):
            self._refuse(Error(code=ErrorCode.MALFORMED, message=BINARY_REFUSED))
            return
        # Decode before rate limiting (frames are small and msgspec is fast) so that a
        # refused command is named by its id and the client knows which one to resend.
        try:
            msg = decode_client(data, self.settings.max_frame)
        except ProtocolError as exc:
            if not self._limited(None):
                self._refuse(exc.to_message())
            return
        if isinstance(msg, PingMsg):
            self._ping(msg)
        elif self._limited(msg):
            pass
        elif isinstance(msg, Hello):
            self.conn.send(Error(code=ErrorCode.INVALID, message="already authenticated"))
        else:
            await self.room.handle(self.conn, msg)

    def _ping(self, msg: PingMsg) -> None:
        # Keep-alives have a budget of their own: they never cost a command.
        if self.pings.take(time.monotonic()):
            self.conn.send(Pong(nonce=msg.nonce))

    def _limited(self, msg: ClientMessage | None) -> bool:
        """Whether the message is over the connection's rate (then it is refused)."""
        if self.bucket.take(time.monotonic()):
            return False
        message = "too many messages; slow down"
        self._refuse(
            Error(code=ErrorCode.RATE_LIMITED, message=message, id=getattr(msg, "id", None))
        )
        return True

    def _refuse(self, error: Error) -> None:
        self.room.services.metrics.errors_total += 1
        if self.answers.take(time.monotonic()):
            self.conn.send(error)


def _slow(room: Room) -> None:
    room.services.metrics.slow_clients_total += 1
    logger.info("connection dropped: too slow")


async def _hello(websocket: WebSocket, room: Room) -> tuple[Identity, str] | None:
    """Wait for ``hello``; answer errors until it comes. The identity and its session key,
    or ``None``: the socket was closed."""

    async def send_error(code: str, message: str, command_id: str | None = None) -> None:
        await websocket.send_text(encode(Error(code=code, message=message, id=command_id)).decode())

    deadline = time.monotonic() + HELLO_TIMEOUT
    for _attempt in range(HELLO_ATTEMPTS):
        try:
            data = await asyncio.wait_for(_receive(websocket), deadline - time.monotonic())
        except TimeoutError:
            await websocket.close(code=CLOSE_PROTOCOL)
            return None
        if data is None:
            return None
        if isinstance(data, bytes):
            await send_error(ErrorCode.MALFORMED, BINARY_REFUSED)
            continue
        try:
            msg = decode_client(data, room.settings.max_frame)
        except ProtocolError as exc:
            await send_error(exc.code, str(exc), exc.command_id)
            continue
        if not isinstance(msg, Hello):
            await send_error(
                ErrorCode.NOT_AUTHENTICATED,
                "send hello with your token first",
                getattr(msg, "id", None),
            )
            continue
        if msg.protocol != PROTOCOL_VERSION:
            await send_error(
                ErrorCode.UNSUPPORTED_PROTOCOL, f"this server speaks protocol {PROTOCOL_VERSION}"
            )
            await websocket.close(code=CLOSE_PROTOCOL)
            return None
        try:
            found = await room.services.authenticator.identify(msg.token)
        except Exception:
            logger.exception("identify failed")
            await send_error(ErrorCode.UNAVAILABLE, "cannot check the token now; retry")
            await websocket.close(code=1011)
            return None
        if found is None:
            await send_error(ErrorCode.UNAUTHORIZED, "unknown or expired token")
            await websocket.close(code=CLOSE_UNAUTHORIZED)
            return None
        return found, room.services.authenticator.session_key(msg.token)
    await send_error(ErrorCode.NOT_AUTHENTICATED, "too many messages without hello")
    await websocket.close(code=CLOSE_PROTOCOL)
    return None
