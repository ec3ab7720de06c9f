"""Who is talking: session tokens and the :class:`Identity` they stand for.

A token is 256 random bits from :mod:`secrets` (URL-safe base64). The server keeps only an
HMAC-SHA256 of it under the server secret, in the ``sessions`` table, so a stolen database
copy holds no usable token, and logging out deletes the row: the token is dead at once, in
every server process sharing the database. Guests and registered players get the same kind
of token; only the ``users`` row differs (see :mod:`cuatrola.server.accounts.accounts`).

Tokens never appear in table events or logs; the protocol carries them only in the first
message of a connection (docs/protocol.md) and the REST API in the ``Authorization: Bearer``
header (docs/rest.md).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Final

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.protocol.ids import UserId
from cuatrola.server.accounts.schema import sessions, users

logger = logging.getLogger("cuatrola.auth")

SESSION_TTL: Final = 30 * 24 * 3600.0
"""How long a session lives without logging out (seconds)."""

_TOKEN_RE: Final = re.compile(r"[A-Za-z0-9_-]{32,64}")


@dataclass(frozen=True)
class Identity:
    """A logged-in user (a guest or a registered player) as the server sees them.

    Attributes:
        user: the stable, opaque user id.
        name: the display name.
        guest: whether this is a guest (nickname only, no password).
    """

    user: UserId
    name: str
    guest: bool


@dataclass(frozen=True)
class Revoked:
    """Logins that just ended: the sessions with these keys (see
    :meth:`Authenticator.session_key`), and every session of ``user`` except ``kept``.

    Whoever holds a live connection of such a login must close it: a token that no longer
    works for a new request must not keep working on an open socket.
    """

    sessions: tuple[str, ...] = ()
    user: str | None = None
    kept: str | None = None

    def ends(self, user: str, session: str) -> bool:
        """Whether the login ``session`` of ``user`` is one of those that ended."""
        if session in self.sessions:
            return True
        return self.user == user and session != self.kept


RevocationListener = Callable[[Revoked], Awaitable[None]]
"""Told of every ended login (the server closes the sockets that use it)."""


#: The shortest server secret taken: it keys the stored hashes of every session token.
SECRET_MIN_BYTES = 16


def check_secret(secret: str | bytes, where: str = "the server secret") -> None:
    """Refuse a server secret shorter than :data:`SECRET_MIN_BYTES`.

    Raises:
        ValueError: one line naming ``where`` it came from and its length.
    """
    size = len(secret.encode() if isinstance(secret, str) else secret)
    if size < SECRET_MIN_BYTES:
        raise ValueError(f"{where} must have at least {SECRET_MIN_BYTES} bytes, got {size}")


class Authenticator:
    """Issues, checks and revokes session tokens.

    Built from the database session factory and the server secret; it keeps no state of
    its own, so any number of server processes can share one database.

    Args:
        session_factory: the SQLAlchemy async session factory.
        secret: the server secret used to key the stored token hashes (at least 16 bytes).
        ttl: session lifetime in seconds.
        clock: returns the current UNIX time (tests pass a fake one).
        purge_every: every this many new sessions, expired ones are deleted (so the table
            does not grow forever without a separate cleaning job).

    Raises:
        ValueError: when the secret is too short.
    """

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        secret: str | bytes,
        *,
        ttl: float = SESSION_TTL,
        clock: Callable[[], float] = time.time,
        purge_every: int = 512,
    ) -> None:
        key = secret.encode() if isinstance(secret, str) else bytes(secret)
        check_secret(key)
        self._key = key
        self._factory = session_factory
        self._ttl = ttl
        self._clock = clock
        self._purge_every = max(1, purge_every)
        self._issued = 0
        self.revocation_listeners: list[RevocationListener] = []

    def _hash(self, token: str) -> str:
        return hmac.new(self._key, token.encode(), hashlib.sha256).hexdigest()

    def session_key(self, token: str) -> str:
        """The stored key of a token's session: what names a login without being the token."""
        return self._hash(token)

    async def _ended(self, revoked: Revoked) -> None:
        for listener in list(self.revocation_listeners):
            try:
                await listener(revoked)
            except Exception:
                logger.exception("a revocation listener failed")

    async def live_sessions(self, keys: Iterable[str]) -> set[str]:
        """Which of these session keys are still live logins."""
        wanted = list(set(keys))
        if not wanted:
            return set()
        query = select(sessions.c.token_hash).where(
            sessions.c.token_hash.in_(wanted), sessions.c.expires_at > self._clock()
        )
        async with self._factory() as session:
            return set((await session.execute(query)).scalars().all())

    async def identify(self, token: str) -> Identity | None:
        """The identity a token stands for, or ``None`` if it is unknown, expired or malformed.

        Never raises on bad input: anything that is not a live token is simply ``None``.
        """
        if not isinstance(token, str) or not _TOKEN_RE.fullmatch(token):
            return None
        query = (
            select(users.c.id, users.c.name, users.c.is_guest, sessions.c.expires_at)
            .join(users, users.c.id == sessions.c.user_id)
            .where(sessions.c.token_hash == self._hash(token))
        )
        async with self._factory() as session:
            row = (await session.execute(query)).first()
        if row is None or row.expires_at <= self._clock():
            return None
        return Identity(user=UserId(row.id), name=row.name, guest=bool(row.is_guest))

    async def issue(self, user: str, session: AsyncSession | None = None) -> str:
        """Create a session for ``user`` and return its new token.

        Args:
            user: an existing user's id.
            session: an open database session to insert in (its transaction is the caller's);
                by default a new one is opened and committed.
        """
        token = secrets.token_urlsafe(32)
        now = self._clock()
        stmt = insert(sessions).values(
            token_hash=self._hash(token),
            user_id=user,
            created_at=now,
            expires_at=now + self._ttl,
        )
        self._issued += 1
        purge = self._issued % self._purge_every == 0
        if session is not None:
            await session.execute(stmt)
            if purge:
                await session.execute(delete(sessions).where(sessions.c.expires_at <= now))
        else:
            async with self._factory() as own, own.begin():
                await own.execute(stmt)
                if purge:
                    await own.execute(delete(sessions).where(sessions.c.expires_at <= now))
        return token

    async def revoke(self, token: str) -> bool:
        """Log a token out; return whether it was a live session."""
        if not isinstance(token, str) or not _TOKEN_RE.fullmatch(token):
            return False
        key = self._hash(token)
        async with self._factory() as session, session.begin():
            result = await session.execute(delete(sessions).where(sessions.c.token_hash == key))
        ended = bool(result.rowcount)  # type: ignore[attr-defined]
        if ended:
            await self._ended(Revoked(sessions=(key,)))
        return ended

    async def revoke_all(self, user: str, *, keep: str | None = None) -> int:
        """Log every session of a user out (but the one of the token ``keep``); return how
        many there were."""
        kept = self._hash(keep) if keep is not None else None
        query = delete(sessions).where(sessions.c.user_id == user)
        if kept is not None:
            query = query.where(sessions.c.token_hash != kept)
        async with self._factory() as session, session.begin():
            result = await session.execute(query)
        count = int(result.rowcount)  # type: ignore[attr-defined]
        await self._ended(Revoked(user=user, kept=kept))
        return count

    async def purge_expired(self) -> int:
        """Delete expired sessions; return how many."""
        async with self._factory() as session, session.begin():
            result = await session.execute(
                delete(sessions).where(sessions.c.expires_at <= self._clock())
            )
        return int(result.rowcount)  # type: ignore[attr-defined]
