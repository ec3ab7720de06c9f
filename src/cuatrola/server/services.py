"""The server's shared services, handed to every part of the app (and to the REST routes).

:class:`Services` is a plain container built once by :func:`cuatrola.server.app.create_app`:
settings, the database engine and session factory, the authenticator, the game store, the
metrics and the finished-match listeners. :class:`FinishedMatch` is what a listener receives
(the accounts service records history and ratings from it).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

    from cuatrola.server.metrics import Metrics
    from cuatrola.storage.base import GameStore


def default_data_dir() -> Path:
    """``$CUATROLA_DATA``, else ``$XDG_DATA_HOME/cuatrola``, else ``~/.local/share/cuatrola``."""
    env = os.environ.get("CUATROLA_DATA")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "cuatrola"


@dataclass
class Settings:
    """Server configuration (docs/server.md, "Configuration").

    Attributes:
        db_url: SQLAlchemy URL; ``None`` means ``sqlite+aiosqlite:///<data dir>/cuatrola.db``.
        redis_url: Redis shared by several server processes (rate limits, lobby updates);
            ``None`` keeps both in this process.
        secret: the key for session token hashes; ``None`` reads (or creates) ``secret.key``
            in the data directory.
        data_dir: where the default database and secret live.
        min_turn_time: turn times below this (but above 0) are raised to it.
        grace_period: seconds a disconnected owner keeps the seat before a computer player
            plays for them.
        max_timeouts: consecutive timeouts after which a computer player takes the seat.
        quick_fill_wait: seconds the quick match waits before filling with computer players.
        hand_pause: seconds between the end of a hand and the next deal.
        bot_delay: least seconds a computer player's move takes (so humans can follow).
        bot_budget: thinking time per decision for computer players.
        bot_workers: processes in the bot pool (0: think in a thread of this process).
        max_frame: largest websocket frame accepted (bytes).
        rate: commands per second per connection (token bucket refill) and ``burst``.
        chat_lines: chat lines per ``chat_window`` seconds per user.
        send_queue: frames buffered per connection before a slow client is dropped.
        event_window: table events kept in memory for reconnection replay.
        finished_ttl: seconds a finished table nobody seated watches stays before it closes.
        open_ttl: the same for a table still waiting for players.
        public_urls: the addresses players open (``https://cuatrola.example``); a browser's
            websocket must come from one of them. Empty: this server's own loopback address.
        trusted_proxies: addresses of reverse proxies whose ``X-Forwarded-For`` is believed
            (uvicorn's setting); empty: none, every client address is its socket's.
        metrics_token: a bearer token that opens ``/metrics`` from anywhere; without it only
            loopback clients may read it.
        cante_window: seconds the cante window lasts after each of the first three tricks
            (docs/protocol.md); 0 turns it off, which tells everybody when a team can sing.
        guests_per_minute: guest sessions an address may create per minute (``POST
            /api/guest``), with a burst of ``guest_burst``.
    """

    db_url: str | None = None
    redis_url: str | None = None
    secret: str | None = None
    data_dir: Path = field(default_factory=default_data_dir)
    min_turn_time: float = 5.0
    grace_period: float = 30.0
    max_timeouts: int = 2
    quick_fill_wait: float = 20.0
    hand_pause: float = 2.0
    bot_delay: float = 0.5
    bot_budget: float = 1.0
    bot_workers: int = 1
    max_frame: int = 4096
    rate: float = 20.0
    burst: int = 40
    chat_lines: int = 5
    chat_window: float = 10.0
    send_queue: int = 256
    event_window: int = 2000
    finished_ttl: float = 300.0
    open_ttl: float = 1800.0
    public_urls: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ()
    metrics_token: str | None = None
    cante_window: float = 3.0
    guests_per_minute: float = 12.0
    guest_burst: int = 10

    def resolved_db_url(self) -> str:
        """The database URL to use (the default file in the data directory if unset)."""
        if self.db_url:
            return self.db_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'cuatrola.db'}"

    def resolved_secret(self) -> str:
        """The server secret: the setting, else ``secret.key`` in the data dir (created once)."""
        if self.secret:
            return self.secret
        path = self.data_dir / "secret.key"
        if path.exists():
            return path.read_text().strip()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        value = secrets.token_urlsafe(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(value + "\n")
        return value


@dataclass(frozen=True)
class MatchPlayer:
    """A seat of a finished match: the owner (``None`` for a computer player)."""

    seat: int
    user_id: str | None
    name: str
    is_bot: bool
    bot_level: str | None = None


@dataclass(frozen=True)
class FinishedMatch:
    """A match that just ended, for history and ratings listeners.

    Attributes:
        match_id: unique id (``<table id>-<match number>``).
        table_id: the table it was played at.
        rules: ``Rules.to_dict()`` of the match.
        started_at, finished_at: UNIX seconds.
        score: final game points per team.
        winner: the winning team (0: seats 0 and 2).
        players: the four seats.
        hands: one ``cuatrola-hand/1`` record per hand, in order.
        rated: four humans, none of them a guest, and no computer player played for anybody.
    """

    match_id: str
    table_id: str
    rules: dict[str, Any]
    started_at: float
    finished_at: float
    score: tuple[int, int]
    winner: int
    players: tuple[MatchPlayer, ...]
    hands: list[dict[str, Any]]
    rated: bool


MatchListener = Callable[[FinishedMatch], Awaitable[None]]


@dataclass
class Services:
    """Everything the app's parts share.

    Attributes:
        settings: the configuration.
        engine: the SQLAlchemy async engine.
        session_factory: sessions on ``engine`` (the accounts service uses it).
        authenticator: turns tokens into identities (:mod:`cuatrola.server.auth`).
        store: the game store (event-sourced tables).
        metrics: counters for ``/metrics``.
        match_listeners: awaited with every :class:`FinishedMatch`.
        rate_limiter: the shared rate limiter (:mod:`cuatrola.server.scaleout`), if any.
        broker: the pub/sub broker for what every process must see (the lobby), if any.
    """

    settings: Settings
    engine: AsyncEngine
    session_factory: async_sessionmaker[AsyncSession]
    authenticator: Any
    store: GameStore
    metrics: Metrics
    match_listeners: list[MatchListener] = field(default_factory=list)
    rate_limiter: Any = None
    broker: Any = None
