"""``cuatrola admin``: an operator's tools for a card room's database.

``cuatrola admin logout NAME`` ends every login of a registered player (a stolen token, a
player who asks for it). The player's sockets close at once on every server process that
shares ``--redis``; without Redis, each server closes them within its check of the logins (30
seconds). The database, data directory and Redis are named as for ``cuatrola serve``.

Exit status: 0 when the logins were ended (and, with ``--redis``, the servers told); 1 when
they were ended but Redis failed before the servers could be told (their sockets then close
at the check of the logins); 2, with nothing changed, for bad input: an unknown player, a
database that cannot be opened or has no schema (a SQLite file is never created), a Redis
that does not answer.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys

from cuatrola.commands.storage_options import (
    DatabaseUnusable,
    add_storage_arguments,
    check_database,
    check_redis_url,
    database_failure,
    storage_settings,
)

NAME = "admin"
HELP = "operator tools: end a player's logins"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    logout = sub.add_parser("logout", help="end every login of a registered player")
    logout.add_argument("name", help="the player's name (any case)")
    # The same database and Redis (to close the player's sockets at once) as the servers'.
    group = logout.add_argument_group("the deployment, as for cuatrola serve")
    add_storage_arguments(group, secret=False)


def _fail(message: str, status: int = 2) -> int:
    print(f"cuatrola admin: {message}", file=sys.stderr)
    return status


async def _logout(args: argparse.Namespace) -> int:
    import msgspec
    from redis.exceptions import RedisError
    from sqlalchemy import select
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from cuatrola.protocol.names import name_key
    from cuatrola.server.accounts.auth import Authenticator, Revoked
    from cuatrola.server.accounts.schema import users
    from cuatrola.server.scaleout import Relay, create_backends
    from cuatrola.storage.sql import make_engine

    settings = storage_settings(args)
    url = settings.resolved_db_url()
    if settings.redis_url is not None:
        # Checked before anything changes: logins ended while the servers cannot be told
        # would leave the player's sockets open until the check of the logins.
        try:
            await check_redis_url(settings.redis_url)
        except ConnectionError as exc:
            reason = str(exc).rstrip(".")
            return _fail(
                f"{reason}: nothing changed (without --redis the logins end and the servers close "
                "the player's sockets within 30 seconds)"
            )
    # The servers' database must be there already: an operator tool creates no database.
    await check_database(url, create=False, schema=True)
    engine = make_engine(url)
    try:
        factory = async_sessionmaker(engine, expire_on_commit=False)
        async with factory() as session:
            user = (
                await session.execute(
                    select(users.c.id).where(users.c.name_key == name_key(args.name.strip()))
                )
            ).scalar()
        if user is None:
            return _fail(f"no registered player {args.name!r}")
        # Every login of the player ends by its user id: no token is hashed, so the servers'
        # secret is not needed, and none is read or created in the data directory.
        authenticator = Authenticator(factory, secrets.token_bytes(32))
        limiter, broker = create_backends(
            settings.redis_url, rate=1.0, burst=1.0, prefix=settings.redis_prefix
        )
        # The same channel the servers relay ended logins on (in memory without Redis:
        # then nobody hears it, and the servers' check of the logins closes the sockets).
        relay = Relay(broker, "logins")
        unsent: list[str] = []

        async def tell_the_servers(revoked: Revoked) -> None:
            try:
                await relay.send(msgspec.json.encode(revoked))
            except (RedisError, OSError) as exc:
                unsent.append(str(exc) or type(exc).__name__)

        authenticator.revocation_listeners.append(tell_the_servers)
        try:
            ended = await authenticator.revoke_all(user)
        finally:
            await limiter.close()
            await broker.close()
    finally:
        await engine.dispose()
    if unsent:
        return _fail(
            f"ended {ended} login(s) of {args.name}, but Redis failed before the servers were "
            f"told ({unsent[0]}): they close the player's sockets within 30 seconds",
            1,
        )
    print(f"cuatrola admin: ended {ended} login(s) of {args.name}")
    return 0


def run(args: argparse.Namespace) -> int:
    """Carry out the admin action; see the module docstring for the exit status."""
    try:
        return asyncio.run(_logout(args))
    except (DatabaseUnusable, ValueError) as exc:
        return _fail(str(exc).splitlines()[0])
    except Exception as exc:
        # The database failed after the check (it went away, a lock): one line all the same.
        return _fail(database_failure(exc))
