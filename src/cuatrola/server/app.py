"""The ASGI app (Starlette): the only module that touches sockets.

Routes: ``/ws`` (the websocket protocol, docs/protocol.md), ``/healthz``, ``/metrics``,
``/api/tables`` (the lobby list), the accounts REST API under ``/api`` (when
:mod:`cuatrola.server.rest` is present) and the web client's static files at ``/``.

Each websocket gets two tasks: this reader (decode, rate-limit, hand to the room) and a writer
that drains the connection's bounded queue, so a slow reader never blocks a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hmac
import importlib
import ipaddress
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
from sqlalchemy.ext.asyncio import async_sessionmaker
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from cuatrola import __version__
from cuatrola.protocol.codec import ProtocolError, decode_client, encode
from cuatrola.protocol.messages import PROTOCOL_VERSION, Error, Hello, Pong, Welcome
from cuatrola.protocol.messages import Ping as PingMsg
from cuatrola.server.auth import Revoked
from cuatrola.server.bots import BotPool
from cuatrola.server.metrics import Metrics
from cuatrola.server.ratelimit import TokenBucket
from cuatrola.server.room import CLOSE_UNAUTHORIZED, Connection, Identity, Room
from cuatrola.server.scaleout import Relay, create_backends
from cuatrola.server.security import SecurityHeaders, allowed_origins, origin_allowed
from cuatrola.server.services import Services, Settings
from cuatrola.storage.base import GameStore
from cuatrola.storage.sql import SqlStore, make_engine

logger = logging.getLogger("cuatrola.server")

_revoked = msgspec.json.Decoder(Revoked)

WEB_DIR = Path(__file__).resolve().parent.parent / "clients" / "web"
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

_NOT_BUILT = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Cuatrola Online</title>
<body><h1>Cuatrola Online</h1><p>The web client is not built in this installation.
The server is running: clients connect to <code>/ws</code>.</p></body></html>"""


def _authenticator(services_factory: Any, secret: str) -> Any:
    """The accounts service's Authenticator (``cuatrola.server.auth``)."""
    from cuatrola.server.auth import Authenticator

    return Authenticator(services_factory, secret)


def create_app(
    settings: Settings | None = None,
    *,
    store: GameStore | None = None,
    bots: BotPool | None = None,
) -> Starlette:
    """Build the app. Nothing is opened until the app starts (lifespan).

    Args:
        settings: configuration (defaults: :class:`Settings`).
        store: the game store; by default an :class:`SqlStore` on ``settings`` database.
        bots: where computer players think; by default a pool per ``settings``.

    Raises:
        ValueError: for a bad database URL.
    """
    settings = settings or Settings()
    url = settings.resolved_db_url()
    if url.startswith("sqlite") and settings.db_url is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = make_engine(url)
    session_factory = async_sessionmaker(engine, expire_on_commit=False)
    services = Services(
        settings=settings,
        engine=engine,
        session_factory=session_factory,
        authenticator=_authenticator(session_factory, settings.resolved_secret()),
        store=store if store is not None else SqlStore(engine),
        metrics=Metrics(),
    )
    limiter, broker = create_backends(
        settings.redis_url, rate=settings.rate, burst=float(settings.burst)
    )
    services.rate_limiter = limiter
    services.broker = broker
    pool = bots if bots is not None else BotPool(settings.bot_workers, settings.bot_budget)
    room = Room(services, pool)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await services.store.open()
        relay = None
        logins: Relay | None = None
        if settings.redis_url is not None:
            # Several processes: lobby updates from any of them reach every lobby subscriber,
            # and a login ended on any of them closes its sockets on all of them.
            relay = Relay(broker, "lobby")
            await relay.start(room.deliver_lobby_frame)
            room.relay = relay
            logins = Relay(broker, "logins")
            await logins.start(lambda frame: _end_logins(room, frame))

        async def login_ended(revoked: Revoked) -> None:
            room.end_logins(revoked)
            if logins is not None:
                await logins.publish(msgspec.json.encode(revoked))

        services.authenticator.revocation_listeners.append(login_ended)
        resumed = await room.start()
        # Everything loaded so far (modules, resumed tables) lives for the whole run: keep it
        # out of the cyclic garbage collector's scans, which otherwise add pauses per move.
        gc.freeze()
        logger.info(
            "server started db=%s resumed_tables=%d",
            engine.url.render_as_string(hide_password=True),
            resumed,
        )
        try:
            yield
        finally:
            await room.stop()
            if relay is not None:
                await relay.stop()
            if logins is not None:
                await logins.stop()
            await limiter.close()
            await broker.close()
            await services.store.close()
            pool.close()
            await engine.dispose()
            logger.info("server stopped")

    async def websocket_endpoint(websocket: WebSocket) -> None:
        await _serve_socket(websocket, room, settings)

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok", "version": __version__, "tables": len(room.runners)})

    async def metrics(request: Request) -> Response:
        if not _may_read_metrics(request, settings.metrics_token):
            return JSONResponse(
                {"error": "forbidden", "message": "metrics are for loopback or the metrics token"},
                status_code=403,
            )
        return PlainTextResponse(services.metrics.render(), media_type="text/plain; version=0.0.4")

    async def tables(request: Request) -> Response:
        rows = [
            {
                "id": info.id,
                "kind": info.kind,
                "status": info.status,
                "rules": info.options.rules,
                "quintola": info.options.quintola,
                "turn_time": info.options.turn_time,
                "bot_level": info.options.bot_level,
                "free_seats": [s.seat for s in info.seats if s.name is None],
                "players": [s.name for s in info.seats],
                "score": list(info.score),
                "spectators": info.spectators,
            }
            for info in room._lobby_rows()
        ]
        return JSONResponse({"tables": rows})

    routes: list[BaseRoute] = [
        WebSocketRoute("/ws", websocket_endpoint),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        Route("/api/tables", tables),
    ]
    rest_routes = _rest_routes(services)
    if rest_routes is not None:
        routes.append(Mount("/api", routes=rest_routes))
    if (WEB_DIR / "index.html").exists():
        routes.append(Mount("/", app=StaticFiles(directory=WEB_DIR, html=True), name="web"))
    else:

        async def not_built(request: Request) -> Response:
            return HTMLResponse(_NOT_BUILT)

        routes.append(Route("/", not_built))
    https = any(url.startswith("https://") for url in settings.public_urls)
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders, https=https)],
    )
    app.state.services = services
    app.state.room = room
    return app


def _rest_routes(services: Services) -> list[BaseRoute] | None:
    try:
        rest = importlib.import_module("cuatrola.server.rest")
    except ModuleNotFoundError as exc:
        if exc.name == "cuatrola.server.rest":
            return None
        raise
    settings = services.settings
    routes: list[BaseRoute] = rest.routes(
        services,
        guests_per_minute=settings.guests_per_minute,
        guest_burst=settings.guest_burst,
    )
    return routes


def _end_logins(room: Room, frame: bytes) -> None:
    """Close this process's sockets of a login another process ended."""
    try:
        revoked = _revoked.decode(frame)
    except msgspec.MsgspecError:
        logger.warning("ignored a malformed ended-login message")
        return
    room.end_logins(revoked)


def _may_read_metrics(request: Request, token: str | None) -> bool:
    """``/metrics`` is for the operator: the metrics token, or a client on this machine."""
    if token:
        given = request.headers.get("authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def _writer(websocket: WebSocket, conn: Connection) -> None:
    while True:
        item = await conn.frames.get()
        if isinstance(item, int):
            with contextlib.suppress(Exception):
                await websocket.close(code=item)
            return
        await websocket.send({"type": "websocket.send", "text": item.decode()})


async def _receive(websocket: WebSocket) -> str | bytes | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def _serve_socket(websocket: WebSocket, room: Room, settings: Settings) -> None:
    allowed = allowed_origins(settings.public_urls, websocket.scope.get("server"))
    if not origin_allowed(websocket.headers.get("origin"), allowed):
        logger.info("websocket refused: foreign origin")
        await websocket.close(code=1008)  # before accept: the upgrade is answered 403
        return
    await websocket.accept()
    try:
        identity = await _hello(websocket, room)
    except (WebSocketDisconnect, RuntimeError):
        return
    if identity is None:
        return
    conn = Connection(identity, settings.send_queue)
    conn.on_overflow = lambda: _slow(room)
    tables = room.connected(conn)
    writer = asyncio.create_task(_writer(websocket, conn))
    conn.send(Welcome(user=room.user_info(conn), protocol=PROTOCOL_VERSION, tables=tables))
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
                refuse(Error(code="malformed", message=BINARY_REFUSED))
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
                        code="rate_limited", message="too many messages; slow down", id=command_id
                    )
                )
                continue
            if msg is None:
                refuse(refusal)
                continue
            if isinstance(msg, Hello):
                conn.send(Error(code="invalid", message="already authenticated"))
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


async def _hello(websocket: WebSocket, room: Room) -> Identity | None:
    """Wait for ``hello``; answer errors until it comes. ``None``: the socket was closed."""

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
            await send_error("malformed", BINARY_REFUSED)
            continue
        try:
            msg = decode_client(data, room.settings.max_frame)
        except ProtocolError as exc:
            await send_error(exc.code, str(exc), exc.command_id)
            continue
        if not isinstance(msg, Hello):
            await send_error(
                "not_authenticated", "send hello with your token first", getattr(msg, "id", None)
            )
            continue
        if msg.protocol != PROTOCOL_VERSION:
            await send_error(
                "unsupported_protocol", f"this server speaks protocol {PROTOCOL_VERSION}"
            )
            await websocket.close(code=CLOSE_PROTOCOL)
            return None
        try:
            found = await room.services.authenticator.identify(msg.token)
        except Exception:
            logger.exception("identify failed")
            await send_error("unavailable", "cannot check the token now; retry")
            await websocket.close(code=1011)
            return None
        if found is None:
            await send_error("unauthorized", "unknown or expired token")
            await websocket.close(code=CLOSE_UNAUTHORIZED)
            return None
        return Identity(
            user_id=found.user_id,
            name=found.name,
            is_guest=found.is_guest,
            session=room.services.authenticator.session_key(msg.token),
        )
    await send_error("not_authenticated", "too many messages without hello")
    await websocket.close(code=CLOSE_PROTOCOL)
    return None
