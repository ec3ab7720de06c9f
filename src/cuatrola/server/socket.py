"""One websocket, from its upgrade to its close: the only code that reads or writes a socket.

The origin is checked before the upgrade; the first message must be ``hello`` with a token.
Then two tasks serve it: the reader (decode, rate-limit, hand to the room) and a writer that
drains the connection's bounded queue, so a slow reader never blocks a table. While the
socket takes frames and nothing waits in that queue, the connection writes them at once
through the server's synchronous send (:mod:`.wsprotocol`), without the writer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from starlette.websockets import WebSocket, WebSocketDisconnect

from cuatrola.protocol.codec import ProtocolError, decode_client, encode
from cuatrola.protocol.errors import ErrorCode
from cuatrola.protocol.messages import PROTOCOL_VERSION, Error, Hello, Pong, Welcome
from cuatrola.protocol.messages import Ping as PingMsg
from cuatrola.server.accounts.auth import Identity
from cuatrola.server.connection import CLOSE_UNAUTHORIZED, Connection
from cuatrola.server.limits import TokenBucket
from cuatrola.server.room import Room
from cuatrola.server.security import allowed_origins, origin_allowed
from cuatrola.server.settings import Settings
from cuatrola.server.wsprotocol import SEND_TEXT

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
    conn.direct = websocket.scope.get("extensions", {}).get(SEND_TEXT)
    tables = room.connected(conn)
    writer = asyncio.create_task(_writer(websocket, conn))
    conn.send(Welcome(user=room.user_info(conn), protocol=PROTOCOL_VERSION, tables=list(tables)))
    now = time.monotonic()
    bucket = TokenBucket(settings.rate, settings.burst, now)
    pings = TokenBucket(PING_RATE, PING_BURST, now)
    # Refusals are answered only this often: a flood must not fill the client's own queue
    # with error replies (and so get a client that reads dropped as too slow).
    answers = TokenBucket(REFUSAL_RATE, REFUSAL_BURST, now)

    def refuse(error: Error) -> None:
        room.services.metrics.errors_total += 1
        if answers.take(time.monotonic()):
            conn.send(error)

    try:
        while not conn.closed:
            data = await _receive(websocket)
            if data is None:
                break
            if isinstance(data, bytes):
                refuse(Error(code=ErrorCode.MALFORMED, message=BINARY_REFUSED))
                continue
            # Decode before rate limiting (frames are small and msgspec is fast) so that a
            # refused command is named by its id and the client knows which one to resend.
            try:
                msg = decode_client(data, settings.max_frame)
            except ProtocolError as exc:
                msg = None
                refusal = exc.to_message()
            if isinstance(msg, PingMsg):
                # Keep-alives have a budget of their own: they never cost a command.
                if pings.take(time.monotonic()):
                    conn.send(Pong(nonce=msg.nonce))
                continue
            if not bucket.take(time.monotonic()):
                command_id = getattr(msg, "id", None) if msg is not None else None
                refuse(
                    Error(
                        code=ErrorCode.RATE_LIMITED,
                        message="too many messages; slow down",
                        id=command_id,
                    )
                )
                continue
            if msg is None:
                refuse(refusal)
                continue
            if isinstance(msg, Hello):
                conn.send(Error(code=ErrorCode.INVALID, message="already authenticated"))
            else:
                await room.handle(conn, msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        room.disconnected(conn)
        conn.close(1000)
        try:
            await asyncio.wait_for(writer, timeout=2.0)
        except (TimeoutError, Exception):
            writer.cancel()


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
