"""Test helpers: a real uvicorn server on 127.0.0.1 (random port) and websocket clients.

Clients are the project's own protocol client (:mod:`cuatrola.clients.remote`) and get tokens
from the real REST API (``POST /api/guest``). Every frame a client receives is kept in
``frames`` for the leak test.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import socket
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection

from cuatrola.clients.remote import RemoteClient
from cuatrola.server.app import create_app
from cuatrola.server.security import proxy_options
from cuatrola.server.settings import Settings
from cuatrola.server.wsprotocol import websocket_options
from cuatrola.storage.base import GameStore


def fast_settings(tmp_path: Path, **overrides: Any) -> Settings:
    """Settings for tests: a temp SQLite file and short timers."""
    settings = Settings(
        db_url=f"sqlite+aiosqlite:///{tmp_path / 'cuatrola.db'}",
        secret="test-secret-0123456789abcdef",
        data_dir=tmp_path,
        min_turn_time=0.05,
        grace_period=0.3,
        quick_fill_wait=0.3,
        hand_pause=0.0,
        bot_delay=0.0,
        bot_budget=0.05,
        bot_workers=0,
        # Tests make many guests from one address; the guest limit has its own test.
        guests_per_minute=1e6,
        guest_burst=10_000,
        # Scripted players answer at once; the cante window has its own tests.
        cante_window=0.0,
        # Scripted players do not contribute to shuffles; the window has its own tests.
        shuffle_window=0.0,
        # Every hand of a table with a person is analysed after the hand: few deals keep it
        # quick (the analysis has its own tests).
        analysis_samples=4,
    )
    for key, value in overrides.items():
        setattr(settings, key, value)
    return settings


@dataclass
class Server:
    """A running server: its base URLs and the app (to inspect the room in tests)."""

    port: int
    app: Any

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


@contextlib.contextmanager
def _keep_signals() -> Iterator[None]:
    """Leave the process's signal handlers alone (in place of uvicorn's capture)."""
    yield


@contextlib.asynccontextmanager
async def running_server(
    settings: Settings,
    *,
    store: GameStore | None = None,
    websocket: Mapping[str, Any] | None = None,
) -> AsyncIterator[Server]:
    """Run the app on uvicorn in this event loop, on a free loopback port (on ``store``
    instead of the settings' database when given; ``websocket`` overrides some of the
    card room's :func:`websocket_options`)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(settings, store=store)
    config = uvicorn.Config(
        app,
        **{**websocket_options(), **(websocket or {})},
        **proxy_options(settings.trusted_proxies),
        log_level="warning",
        lifespan="on",
        access_log=False,
    )
    server = uvicorn.Server(config)
    # The test process keeps its own signal handlers (uvicorn would take SIGINT and SIGTERM).
    server.capture_signals = _keep_signals  # type: ignore[method-assign]
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        for _ in range(500):
            if server.started:
                break
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        yield Server(port, app)
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, timeout=20)
        sock.close()


async def guest_token(http: str, name: str) -> str:
    """A guest session token from the REST API."""
    async with httpx.AsyncClient(base_url=http) as client:
        response = await client.post("/api/guest", json={"name": name})
        response.raise_for_status()
        token: str = response.json()["token"]
        return token


class Player:
    """A test client: the project's :class:`~cuatrola.clients.remote.RemoteClient` that
    records every frame as JSON (``frames``, and ``inbox`` to wait on) and can play legal
    moves by itself. It sends plain dicts, so a test can send anything."""

    def __init__(self, name: str, token: str, ws_url: str) -> None:
        self.name = name
        self.token = token
        self.ws_url = ws_url
        self.client = RemoteClient(ws_url, token, client="tests/1", on_frame=self._record)
        self.frames: list[dict[str, Any]] = []
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.user = ""
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.table: str | None = None
        self.ids: itertools.count[int] = itertools.count()

    @property
    def seq(self) -> dict[str, int]:
        """The seq of the last sync or event per table (the client's own books)."""
        return self.client.seq

    @property
    def socket(self) -> ClientConnection | None:
        """The current (or last) websocket."""
        return self.client.connection

    @property
    def reader(self) -> asyncio.Task[None] | None:
        """The task that reads the socket."""
        return self.client.reader

    @property
    def closed(self) -> asyncio.Event:
        """Set once the socket is closed."""
        return self.client.closed

    async def connect(self, origin: str | None = None) -> dict[str, Any]:
        """Open the socket, say hello, return the ``welcome``."""
        self.client.origin = origin
        await self.client.open()
        await self.send({"type": "hello", "token": self.token})
        welcome = await self.next("welcome")
        self.user = welcome["user"]["id"]
        return welcome

    def _record(self, raw: str | bytes) -> None:
        # Called with each frame before the client decodes it and updates ``seq``.
        frame = json.loads(raw)
        self.frames.append(frame)
        self._track(frame)
        self.inbox.put_nowait(frame)

    def _track(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "sync":
            self.table = frame["table"]
            self.seat = frame["seat"]
            if frame["view"] is not None:
                self.view = frame["view"]
        elif kind == "event":
            previous = self.seq.get(frame["table"])
            assert previous is None or frame["seq"] == previous + 1, (previous, frame["seq"])
            body = frame["body"]
            if body is not None and "view" in body:
                self.view = body["view"]

    async def send(self, message: dict[str, Any]) -> None:
        await self.client.send_frame(json.dumps(message))

    async def send_raw(self, text: str) -> None:
        await self.client.send_frame(text)

    async def next(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        """The next frame of ``type`` ``kind`` (and matching fields), skipping others."""
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.inbox.get()
                if frame["type"] == kind and all(frame.get(k) == v for k, v in match.items()):
                    return frame

    async def command(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send a command with a fresh id; return its ``ack`` or ``error``."""
        cid = f"{self.name}-{next(self.ids)}"
        await self.send({**message, "id": cid})
        async with asyncio.timeout(timeout):
            while True:
                frame = await self.inbox.get()
                if frame["type"] in ("ack", "error") and frame.get("id") == cid:
                    return frame

    async def close(self) -> None:
        await self.client.close()

    async def play(
        self, rng: random.Random, until_kind: str = "match_end", stop_after: int | None = None
    ) -> int:
        """Answer every decision of this seat with a random legal move until the match ends
        (or ``stop_after`` moves). Returns the number of moves made."""
        moves = 0
        acted_on = -1
        while True:
            view = self.view
            table = self.table
            if (
                view is not None
                and table is not None
                and view["legal"]
                and view["to_move"] == self.seat
                and self.seq.get(table, 0) != acted_on
            ):
                acted_on = self.seq[table]
                action = rng.choice(view["legal"])
                await self.send(
                    {
                        "type": "act",
                        "id": f"{self.name}-m{next(self.ids)}",
                        "table": table,
                        "action": action,
                        "seq": self.seq[table],
                    }
                )
                moves += 1
                if stop_after is not None and moves >= stop_after:
                    return moves
            frame = await self.inbox.get()
            if frame["type"] == "error" and frame.get("code") not in ("not_your_turn", "stale"):
                raise AssertionError(f"{self.name} got {frame}")
            if frame["type"] == "event" and frame["body"] and frame["body"]["kind"] == until_kind:
                return moves


async def make_players(server: Server, names: list[str]) -> list[Player]:
    """Guests connected to ``server``."""
    players = []
    for name in names:
        token = await guest_token(server.http, name)
        player = Player(name, token, server.ws)
        await player.connect()
        players.append(player)
    return players


async def drive(
    players: list[Player], table: str, rng: random.Random, moves: int, patience: float = 10.0
) -> int:
    """Make ``moves`` random legal moves at ``table``, each by the seated player whose turn it
    is (according to that player's own latest view); stops early at the match end, or when
    none of ``players`` is to move for ``patience`` seconds."""
    made = 0
    loop = asyncio.get_running_loop()
    # A choice in a cante window is acknowledged but changes no view: act once per view.
    acted: set[tuple[str, int]] = set()
    while made < moves:
        give_up = loop.time() + patience
        async with asyncio.timeout(patience + 10):
            while True:
                if loop.time() > give_up:
                    return made
                top = max(p.seq.get(table, 0) for p in players if not p.closed.is_set())
                mover = next(
                    (
                        p
                        for p in players
                        if not p.closed.is_set()
                        and p.view is not None
                        and p.seq.get(table) == top
                        and p.view["legal"]
                        and p.view["to_move"] == p.seat
                        and (p.name, top) not in acted
                    ),
                    None,
                )
                if mover is not None:
                    break
                if any(
                    f["type"] == "event" and f["body"] and f["body"]["kind"] == "match_end"
                    for p in players
                    for f in p.frames[-6:]
                ):
                    return made
                await asyncio.sleep(0.005)
        assert mover.view is not None
        seen = mover.seq[table]
        action = rng.choice(mover.view["legal"])
        reply = await mover.command({"type": "act", "table": table, "action": action})
        if (
            reply["type"] == "error"
            and (action == "nocante" or action.startswith("cante:"))
            and reply["code"] in ("wrong_phase", "not_your_turn", "illegal")
        ):
            # The cante window's timer closed it while the choice was on its way (a short
            # window on a loaded machine): a choice that no longer applies, refused as such.
            acted.add((mover.name, seen))
            continue
        assert reply["type"] == "ack", reply
        if not reply.get("duplicate"):  # an id used before a restart is acked, not applied
            acted.add((mover.name, seen))
        made += 1
        async with asyncio.timeout(10):
            while mover.seq.get(table, 0) < reply["seq"]:
                await asyncio.sleep(0.005)
    return made
