"""Guests and registered players: names, passwords, sign-up, login and logout.

* A **guest** picks a nickname and gets a token at once; no password. Guest names need not
  be unique, but a guest cannot take a registered player's name (case-insensitively), so
  nobody can pose as a registered player.
* A **registered player** has a unique name (case-insensitive) and an argon2id password hash
  (:mod:`argon2`). A guest who registers keeps their user id, hence their history.
* Tokens come from :class:`cuatrola.server.accounts.auth.Authenticator`; logout revokes one.

Name rules (checked here, the server being the authority; clients escape names when showing
them): 3 to 20 characters after Unicode NFC normalisation and trimming; letters (any
alphabet, so ``Begoña`` is fine), digits, ``_``, ``-`` and ``.``; the first and last must be a
letter or a digit; a few names are reserved. Passwords: 8 to 128 characters.

Argon2 is deliberately slow, so hashing and verifying run in a worker thread, never on the
event loop. A login for an unknown name still verifies against a dummy hash, so the reply
time does not reveal which names exist.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Final

import msgspec
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cuatrola.protocol.ids import UserId
from cuatrola.protocol.names import name_key, name_problem, normal_name
from cuatrola.server.accounts.auth import Authenticator, Identity
from cuatrola.server.accounts.schema import users

PASSWORD_MIN: Final = 8
PASSWORD_MAX: Final = 128


class AccountError(ValueError):
    """A rejected account request; ``code`` and ``status`` are what the REST API replies.

    Subclasses: :class:`InvalidNameError`, :class:`InvalidPasswordError`,
    :class:`NameTakenError`, :class:`LoginFailedError`.
    """

    code = "invalid_request"
    status = 400


class InvalidNameError(AccountError):
    """The name breaks the name rules."""

    code = "invalid_name"


class InvalidPasswordError(AccountError):
    """The password breaks the password rules."""

    code = "invalid_password"


class NameTakenError(AccountError):
    """A registered player already has this name."""

    code = "name_taken"
    status = 409


class LoginFailedError(AccountError):
    """Unknown name or wrong password (deliberately not saying which)."""

    code = "login_failed"
    status = 401


def check_name(name: str) -> str:
    """The normalised form of a player name, or an error saying which rule it breaks (the
    rule of :mod:`cuatrola.protocol.names`).

    >>> check_name(" José María ")
    'José María'
    >>> try:
    ...     check_name("Admin")
    ... except InvalidNameError as exc:
    ...     print(exc)
    the name is reserved, got 'Admin'

    Raises:
        InvalidNameError: on a name that is too short or long, has other characters, mixes
            alphabets, does not start and end as it should, or is reserved.
    """
    if not isinstance(name, str):
        raise InvalidNameError(f"a name must be a string, got {type(name).__name__}")
    normal = normal_name(name)
    problem = name_problem(normal)
    if problem is not None:
        raise InvalidNameError(f"{problem}, got {normal!r}")
    return normal


def check_password(password: str) -> str:
    """The password itself if it follows the rules.

    Raises:
        InvalidPasswordError: when it is not 8 to 128 characters long.
    """
    if not isinstance(password, str):
        raise InvalidPasswordError(f"a password must be a string, got {type(password).__name__}")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise InvalidPasswordError(
            f"a password must have {PASSWORD_MIN} to {PASSWORD_MAX} characters, got {len(password)}"
        )
    return password


def new_user_id() -> str:
    """A fresh, unguessable user id (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


class UserInfo(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A user's public facts (the REST replies about a user start with these fields)."""

    user: str = msgspec.field(name="id")  # "id" in JSON (docs/rest.md)
    name: str
    guest: bool
    created_at: float


class Accounts:
    """Sign-up, login and logout on top of the database and an :class:`Authenticator`.

    Args:
        session_factory: the SQLAlchemy async session factory.
        authenticator: issues and revokes the tokens.
        hasher: the argon2 hasher (tests pass cheap parameters).
        clock: returns the current UNIX time.
    """

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        authenticator: Authenticator,
        *,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._factory = session_factory
        self.authenticator = authenticator
        self._hasher = hasher or PasswordHasher()
        self._clock = clock
        self._dummy_hash: str | None = None

    async def _hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def _verify(self, stored: str, password: str) -> bool:
        def verify() -> bool:
            try:
                return self._hasher.verify(stored, password)
            except (VerificationError, InvalidHashError):
                return False

        return await asyncio.to_thread(verify)

    async def _registered_name_taken(self, session: AsyncSession, key: str) -> bool:
        found = await session.execute(select(users.c.id).where(users.c.name_key == key))
        return found.first() is not None

    async def create_guest(self, name: str) -> tuple[Identity, str]:
        """Create a guest user and a session; return the identity and its token.

        Raises:
            InvalidNameError: on a name breaking the rules.
            NameTakenError: when a registered player has this name.
        """
        name = check_name(name)
        user = new_user_id()
        async with self._factory() as session, session.begin():
            if await self._registered_name_taken(session, name_key(name)):
                raise NameTakenError(f"the name {name!r} belongs to a registered player")
            await session.execute(
                insert(users).values(
                    id=user,
                    name=name,
                    name_key=None,
                    is_guest=True,
                    password_hash=None,
                    created_at=self._clock(),
                )
            )
            token = await self.authenticator.issue(user, session)
        return Identity(UserId(user), name, True), token

    async def register(
        self, name: str, password: str, *, guest: Identity | None = None
    ) -> tuple[Identity, str]:
        """Register a player and log them in; return the identity and a new token.

        Args:
            name: the wanted name (unique among registered players, case-insensitively).
            password: the password.
            guest: when the caller is logged in as a guest, that guest account becomes the
                registered one (same user id, so its history is kept).

        Raises:
            InvalidNameError, InvalidPasswordError: on input breaking the rules.
            NameTakenError: when the name is already registered.
        """
        name = check_name(name)
        check_password(password)
        password_hash = await self._hash(password)
        key = name_key(name)
        try:
            async with self._factory() as session, session.begin():
                if await self._registered_name_taken(session, key):
                    raise NameTakenError(f"the name {name!r} is already registered")
                values = {
                    "name": name,
                    "name_key": key,
                    "is_guest": False,
                    "password_hash": password_hash,
                }
                user: str | None = None
                if guest is not None and guest.guest:
                    result = await session.execute(
                        update(users)
                        .where(users.c.id == guest.user, users.c.is_guest.is_(True))
                        .values(**values)
                    )
                    if result.rowcount:  # type: ignore[attr-defined]
                        user = guest.user
                if user is None:
                    user = new_user_id()
                    await session.execute(
                        insert(users).values(id=user, created_at=self._clock(), **values)
                    )
                token = await self.authenticator.issue(user, session)
                registered = UserId(user)
        except IntegrityError:
            # Two sign-ups raced for the same name; the unique index chose the winner.
            raise NameTakenError(f"the name {name!r} is already registered") from None
        return Identity(registered, name, False), token

    async def login(self, name: str, password: str) -> tuple[Identity, str]:
        """Check a registered player's name and password; return the identity and a new token.

        Raises:
            LoginFailedError: on an unknown name or a wrong password (the same error).
        """
        if not isinstance(name, str) or not isinstance(password, str):
            raise LoginFailedError("wrong name or password")
        key = name_key(name.strip())
        async with self._factory() as session:
            row = (
                await session.execute(
                    select(users.c.id, users.c.name, users.c.password_hash).where(
                        users.c.name_key == key
                    )
                )
            ).first()
        if row is None or row.password_hash is None:
            if self._dummy_hash is None:
                self._dummy_hash = await self._hash(secrets.token_hex(16))
            await self._verify(self._dummy_hash, password)
            raise LoginFailedError("wrong name or password")
        if not await self._verify(row.password_hash, password[: PASSWORD_MAX * 4]):
            raise LoginFailedError("wrong name or password")
        if self._hasher.check_needs_rehash(row.password_hash):
            new_hash = await self._hash(password)
            async with self._factory() as session, session.begin():
                await session.execute(
                    update(users).where(users.c.id == row.id).values(password_hash=new_hash)
                )
        token = await self.authenticator.issue(row.id)
        return Identity(UserId(row.id), row.name, False), token

    async def logout(self, token: str) -> bool:
        """Revoke a token; return whether it was a live session."""
        return await self.authenticator.revoke(token)

    async def change_password(self, user: str, token: str, old: str, new: str) -> int:
        """Change a registered player's password; every other login of theirs ends (the one
        of ``token`` stays). Returns how many logins ended.

        Raises:
            LoginFailedError: when ``old`` is not the current password (or the user is a
                guest, who has none).
            InvalidPasswordError: when ``new`` breaks the password rules.
        """
        check_password(new)
        async with self._factory() as session:
            stored = (
                await session.execute(select(users.c.password_hash).where(users.c.id == user))
            ).scalar()
        if stored is None or not await self._verify(stored, old[: PASSWORD_MAX * 4]):
            raise LoginFailedError("wrong password")
        new_hash = await self._hash(new)
        async with self._factory() as session, session.begin():
            await session.execute(
                update(users).where(users.c.id == user).values(password_hash=new_hash)
            )
        return await self.authenticator.revoke_all(user, keep=token)

    async def user(self, user: str) -> UserInfo | None:
        """The user with this id, if any."""
        async with self._factory() as session:
            row = (
                await session.execute(
                    select(users.c.id, users.c.name, users.c.is_guest, users.c.created_at).where(
                        users.c.id == user
                    )
                )
            ).first()
        if row is None:
            return None
        return UserInfo(row.id, row.name, bool(row.is_guest), row.created_at)

    async def count_registered(self) -> int:
        """How many registered (non-guest) players there are."""
        async with self._factory() as session:
            found = await session.execute(
                select(func.count()).select_from(users).where(users.c.is_guest.is_(False))
            )
            return int(found.scalar_one())
