"""``cuatrola admin``: an operator's tools for a card room's database.

``cuatrola admin logout NAME`` ends every login of a registered player (a stolen token, a
player who asks for it). The player's sockets close at once on every server process that
shares ``--redis``; without Redis, each server closes them within its session check (30
seconds). The database, data directory and Redis are named as for ``cuatrola serve``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from cuatrola.commands.storage_options import add_storage_arguments, storage_settings

NAME = "admin"
HELP = "operator tools: end a player's logins"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    logout = sub.add_parser("logout", help="end every login of a registered player")
    logout.add_argument("name", help="the player's name (any case)")
    # The same database, Redis (to close the player's sockets at once) and secret as the
    # servers'.
    add_storage_arguments(logout.add_argument_group("the deployment, as for cuatrola serve"))


async def _logout(args: argparse.Namespace) -> int:
    import msgspec
    from sqlalchemy import select
    from sqlalchemy.ext.asyncio import async_sessionmaker

    from cuatrola.server.accounts.accounts import name_key
    from cuatrola.server.accounts.auth import Authenticator, Revoked
    from cuatrola.server.accounts.schema import users
    from cuatrola.server.scaleout import Relay, create_backends
    from cuatrola.storage.sql import make_engine

    settings = storage_settings(args)
    engine = make_engine(settings.resolved_db_url())
    try:
        factory = async_sessionmaker(engine, expire_on_commit=False)
        async with factory() as session:
            user_id = (
                await session.execute(
                    select(users.c.id).where(users.c.name_key == name_key(args.name.strip()))
                )
            ).scalar()
        if user_id is None:
            print(f"cuatrola admin: no registered player {args.name!r}", file=sys.stderr)
            return 2
        authenticator = Authenticator(factory, settings.resolved_secret())
        limiter, broker = create_backends(
            settings.redis_url, rate=1.0, burst=1.0, prefix=settings.redis_prefix
        )
        # The same channel the servers relay ended logins on (in memory without Redis:
        # then nobody hears it, and the servers' session check closes the sockets).
        relay = Relay(broker, "logins")

        async def tell_the_servers(revoked: Revoked) -> None:
            await relay.publish(msgspec.json.encode(revoked))

        authenticator.revocation_listeners.append(tell_the_servers)
        try:
            ended = await authenticator.revoke_all(user_id)
        finally:
            await limiter.close()
            await broker.close()
    finally:
        await engine.dispose()
    print(f"cuatrola admin: ended {ended} login(s) of {args.name}")
    return 0


def run(args: argparse.Namespace) -> int:
    """Carry out the admin action."""
    try:
        return asyncio.run(_logout(args))
    except (OSError, ConnectionError, ValueError) as exc:
        print(f"cuatrola admin: {exc}".splitlines()[0], file=sys.stderr)
        return 2
