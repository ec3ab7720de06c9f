"""The ASGI app (Starlette): the only module that touches sockets.

Routes: ``/ws`` (the websocket protocol, docs/protocol.md), ``/healthz``, ``/readyz`` and
``/node`` (:mod:`cuatrola.server.health`), ``/metrics``,
``/api/tables`` (the lobby list), the tutorial's ``/api/tutorial`` and ``/rules``
(:mod:`cuatrola.server.tutorial.routes`), the accounts REST API under ``/api``
(:mod:`cuatrola.server.accounts.rest`) and the web client's static files at ``/``.

:func:`create_app` is the wiring, all of it in sight: the services, the room, the accounts
(whose history is one of the finished-match listeners) and the routes; the lifespan opens
what they need and adds the room's ended-login listener to the authenticator.

Each websocket is served by :func:`cuatrola.server.socket.serve_socket`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Final

import msgspec
import redis.asyncio as aioredis
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from cuatrola.server.accounts import rest
from cuatrola.server.accounts.accounts import Accounts
from cuatrola.server.accounts.analysis import MatchAnalyses
from cuatrola.server.accounts.auth import Authenticator, RevocationListener, Revoked
from cuatrola.server.accounts.history import History
from cuatrola.server.accounts.ratings import Ratings
from cuatrola.server.bots import BotPool
from cuatrola.server.cluster import Cluster
from cuatrola.server.health import health_routes, may_read_operator_data
from cuatrola.server.limits import RateLimiter
from cuatrola.server.metrics import Metrics
from cuatrola.server.quick import SharedQueue
from cuatrola.server.room import Room
from cuatrola.server.scaleout import Broker, Relay, create_backends, redacted_redis_url
from cuatrola.server.security import SecurityHeaders
from cuatrola.server.services import Services
from cuatrola.server.settings import Settings, make_data_dir
from cuatrola.server.socket import serve_socket
from cuatrola.server.tutorial import routes as tutorial
from cuatrola.storage.base import GameStore, until
from cuatrola.storage.sql import SqlStore, make_engine, sqlite_transactions_for

logger = logging.getLogger("cuatrola.server")

_revoked = msgspec.json.Decoder(Revoked)

#: Seconds a stopping server waits in all for the database: its tables' last commits and the
#: end of their leases (the hand-over). Past them it stops without (it says so in its log, and
#: exits with status 1): with uvicorn's 5 s for open requests, well within systemd's 20 s.
STOP_WAIT: Final = 5.0

WEB_DIR = Path(__file__).resolve().parent.parent / "clients" / "web"

_NOT_BUILT = """<!doctype html><html lang="en"><meta charset="utf-8"><title>Cuatrola Online</title>
<body><h1>Cuatrola Online</h1><p>The web client is not built in this installation.
The server is running: clients connect to <code>/ws</code>.</p></body></html>"""


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
    engine, session_factory = _database(settings)
    authenticator = Authenticator(session_factory, settings.resolved_secret())
    limiter, broker = create_backends(
        settings.redis_url,
        rate=settings.rate,
        burst=float(settings.burst),
        prefix=settings.redis_prefix,
    )
    services = Services(
        settings=settings,
        engine=engine,
        session_factory=session_factory,
        authenticator=authenticator,
        store=store
        if store is not None
        else SqlStore(
            engine,
            migrate=settings.migrate,
            commit_delay=settings.commit_delay,
            commit_timeout=settings.commit_timeout,
        ),
        metrics=Metrics(),
        rate_limiter=limiter,
        broker=broker,
    )
    pool = bots if bots is not None else BotPool(settings.bot_workers, settings.bot_budget)
    room = Room(services, pool)
    # Every finished match lands in the history, which rates it too.
    # On a SQLite file, a match's history is stored in one hand-off to a thread of its own.
    history = History(
        session_factory, Ratings(session_factory), transactions=sqlite_transactions_for(engine)
    )
    services.match_listeners.append(history.on_match_finished)
    # Then its analysis after the hand is queued, computed off the event loop (docs/analysis.md).
    analyses = MatchAnalyses(
        session_factory,
        history,
        workers=settings.analysis_workers,
        samples=settings.analysis_samples,
    )
    if settings.analysis:
        services.match_listeners.append(analyses.on_match_finished)
        # And each hand's, right after the hand, in the same worker.
        services.hand_analyser = analyses.analyse_hand
    accounts_api = rest.routes(
        Accounts(session_factory, authenticator),
        history,
        limiter=limiter,
        guests_per_minute=settings.guests_per_minute,
        guest_burst=settings.guest_burst,
        analyses=analyses,
        also=[*_room_api_routes(room), *tutorial.api_routes()],
    )
    app = Starlette(
        routes=[
            *_room_routes(room),
            *tutorial.page_routes(),
            Mount("/api", routes=accounts_api),
            _web_client(),
        ],
        lifespan=_lifespan(room, pool, authenticator, limiter, broker, analyses, history),
        middleware=[
            Middleware(
                SecurityHeaders,
                https=_https(settings),
                proxies_trusted=bool(settings.trusted_proxies),
            )
        ],
        exception_handlers={405: _method_not_allowed},
    )
    app.state.services = services
    app.state.room = room
    return app


def _database(settings: Settings) -> tuple[AsyncEngine, async_sessionmaker[AsyncSession]]:
    """The engine on the settings' database (creating the data directory for the default
    SQLite file) and its session factory.

    Raises:
        ValueError: for a bad database URL.
    """
    url = settings.resolved_db_url()
    if url.startswith("sqlite") and settings.db_url is None:
        make_data_dir(settings.data_dir)
    engine = make_engine(url)
    return engine, async_sessionmaker(engine, expire_on_commit=False)


def _https(settings: Settings) -> bool:
    """Whether players reach the server over HTTPS (then the security headers say so)."""
    return any(url.startswith("https://") for url in settings.public_urls)


def _lifespan(
    room: Room,
    pool: BotPool,
    authenticator: Authenticator,
    limiter: RateLimiter,
    broker: Broker,
    analyses: MatchAnalyses,
    history: History,
) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """Open the store and start the room (and, with Redis, the relays); close all at the end."""
    services = room.services

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await services.store.open()
        several = services.settings.redis_url is not None
        relays = await _start_relays(room, broker) if several else None
        if several:
            # Any node serves any client: what a client sends about another node's table
            # goes to that node (docs/server.md, "Several nodes").
            room.cluster = Cluster(room, broker, services.store, services.settings.node)
            await room.cluster.start()
            queue = _shared_queue(room, broker)
            await queue.start()
            room.lobby.shared = queue
        authenticator.revocation_listeners.append(
            _login_listener(room, relays[1] if relays is not None else None)
        )
        resumed = await room.start()
        # Everything loaded so far (modules, resumed tables) lives for the whole run: keep it
        # out of the cyclic garbage collector's scans, which otherwise add pauses per move.
        gc.freeze()
        # What an operator of several nodes needs to tell them apart: name, database, Redis.
        logger.info(
            "server started node=%s db=%s redis=%s resumed_tables=%d",
            services.settings.node,
            services.engine.url.render_as_string(hide_password=True),
            redacted_redis_url(services.settings.redis_url)
            if services.settings.redis_url
            else "none",
            resumed,
        )
        try:
            yield
        finally:
            # What needs the database (the tables' last commits, the end of their leases)
            # gets STOP_WAIT seconds in all: one that is down or does not answer must not
            # hold the stop past systemd's TimeoutStopSec (docs/deploy.md). Whether it all
            # got done is the exit status (cuatrola serve).
            loop = asyncio.get_running_loop()
            deadline = loop.time() + STOP_WAIT
            app.state.stopped_cleanly = await room.stop(deadline)
            if room.lobby.shared is not None:
                await room.lobby.shared.stop()
                await room.lobby.shared.client.aclose()
            await analyses.close()
            await history.close()
            for relay in relays or ():
                await relay.stop()
            await limiter.close()
            await broker.close()
            try:
                await services.store.close(timeout=max(0.0, deadline - loop.time()))
            except TimeoutError:
                logger.warning(
                    "queued commits not stored: the database did not answer in %g s; none of "
                    "them was acknowledged",
                    STOP_WAIT,
                )
                app.state.stopped_cleanly = False
            pool.close()
            # Closing the connections is polite to the database, and waits for its answer.
            with contextlib.suppress(TimeoutError):
                await until(max(deadline, loop.time() + 1.0), services.engine.dispose())
            logger.info("server stopped")

    return lifespan


async def _start_relays(room: Room, broker: Broker) -> tuple[Relay, Relay]:
    """Several processes: lobby updates from any of them reach every lobby subscriber, and a
    login ended on any of them closes its sockets on all of them. Returns the lobby relay
    and the ended-logins relay."""
    lobby = Relay(broker, "lobby")
    await lobby.start(room.lobby.deliver_frame)
    room.lobby.relay = lobby
    logins = Relay(broker, "logins")
    await logins.start(lambda frame: _end_logins(room, frame))
    return lobby, logins


def _shared_queue(room: Room, broker: Broker) -> SharedQueue:
    """The quick-match queue of every node, in Redis."""
    settings = room.settings
    assert settings.redis_url is not None and room.cluster is not None
    return SharedQueue(
        aioredis.Redis.from_url(settings.redis_url),
        broker,
        room.cluster,
        settings.redis_prefix,
        settings.quick_fill_wait,
        room.form_quick,
    )


def _login_listener(room: Room, logins: Relay | None) -> RevocationListener:
    """Told of every login this process ends: close its sockets here, and on the other
    processes through ``logins`` (when several share Redis)."""

    async def login_ended(revoked: Revoked) -> None:
        room.end_logins(revoked)
        if logins is not None:
            await logins.publish(msgspec.json.encode(revoked))

    return login_ended


def _room_routes(room: Room) -> list[BaseRoute]:
    """``/ws``, ``/healthz`` and ``/metrics``."""
    settings = room.settings
    services = room.services

    async def websocket_endpoint(websocket: WebSocket) -> None:
        await serve_socket(websocket, room, settings)

    async def metrics(request: Request) -> Response:
        if not may_read_operator_data(request, settings.metrics_token):
            return JSONResponse(
                {"error": "forbidden", "message": "metrics are for loopback or the metrics token"},
                status_code=403,
            )
        return PlainTextResponse(services.metrics.render(), media_type="text/plain; version=0.0.4")

    return [
        WebSocketRoute("/ws", websocket_endpoint),
        *health_routes(room),
        Route("/metrics", metrics, methods=["GET"]),
    ]


def _room_api_routes(room: Room) -> list[BaseRoute]:
    """``/api/tables``: the lobby's tables (served under the ``/api`` mount)."""

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
            for info in room.lobby_rows()
        ]
        return JSONResponse({"tables": rows})

    return [Route("/tables", tables, methods=["GET"])]


async def _method_not_allowed(request: Request, exc: Exception) -> Response:
    """A wrong method on a route outside ``/api`` (``POST /healthz``): the same JSON reply
    and ``Allow`` header as under it."""
    response = rest.error_response(
        405, "method_not_allowed", f"{request.method} is not allowed here"
    )
    if isinstance(exc, HTTPException) and exc.headers:
        response.headers.update(exc.headers)
    return response


def _web_client() -> BaseRoute:
    """The built web client at ``/``, or a page saying it is not built."""
    if (WEB_DIR / "index.html").exists():
        return Mount("/", app=StaticFiles(directory=WEB_DIR, html=True), name="web")

    async def not_built(request: Request) -> Response:
        return HTMLResponse(_NOT_BUILT)

    return Route("/", not_built)


def _end_logins(room: Room, frame: bytes) -> None:
    """Close this process's sockets of a login another process ended."""
    try:
        revoked = _revoked.decode(frame)
    except msgspec.MsgspecError:
        logger.warning("ignored a malformed ended-login message")
        return
    room.end_logins(revoked)
