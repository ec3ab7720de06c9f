"""The server's shared services, handed to every part of the app (and to the REST routes).

:class:`Services` is a plain container built once by :func:`cuatrola.server.app.create_app`:
settings, the database engine and session factory, the authenticator, the game store, the
metrics and the finished-match listeners. A listener receives each
:class:`~cuatrola.table.effects.FinishedMatch` (the history and the ratings record it).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cuatrola.server.settings import Settings
from cuatrola.table.effects import FinishedMatch, HandOver

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

    from cuatrola.server.accounts.auth import Authenticator
    from cuatrola.server.limits import RateLimiter
    from cuatrola.server.metrics import Metrics
    from cuatrola.server.scaleout import Broker
    from cuatrola.storage.base import GameStore


MatchListener = Callable[[FinishedMatch], Awaitable[None]]
#: Computes the analysis after the hand of a hand just over: its JSON, or ``None``.
HandAnalyser = Callable[[HandOver], Awaitable[bytes | None]]


@dataclass
class Services:
    """Everything the app's parts share.

    Attributes:
        settings: the configuration.
        engine: the SQLAlchemy async engine.
        session_factory: sessions on ``engine`` (the accounts service uses it).
        authenticator: turns tokens into identities (:mod:`cuatrola.server.accounts.auth`).
        store: the game store (event-sourced tables).
        metrics: counters for ``/metrics``.
        match_listeners: awaited with every :class:`FinishedMatch`.
        hand_analyser: computes the analysis after each hand (``None``: no analysis).
        rate_limiter: the shared rate limiter (:mod:`cuatrola.server.limits`), if any.
        broker: the pub/sub broker for what every process must see (the lobby), if any.
    """

    settings: Settings
    engine: AsyncEngine
    session_factory: async_sessionmaker[AsyncSession]
    authenticator: Authenticator
    store: GameStore
    metrics: Metrics
    match_listeners: list[MatchListener] = field(default_factory=list)
    hand_analyser: HandAnalyser | None = None
    rate_limiter: RateLimiter | None = None
    broker: Broker | None = None
