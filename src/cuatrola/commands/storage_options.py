"""The options that name a deployment's data, shared by ``serve``, ``migrate`` and ``admin``.

Each has an environment variable, so that nodes of one cluster (docs/server.md, "Several
nodes") are configured alike without secrets on their command lines:

| option | variable | meaning |
|---|---|---|
| ``--db URL`` | ``CUATROLA_DB_URL`` | the database (default: SQLite in the data directory) |
| ``--data-dir DIR`` | ``CUATROLA_DATA`` | where the default database and secret live |
| ``--redis URL`` | ``CUATROLA_REDIS_URL`` | the Redis shared by the nodes |
| ``--redis-prefix P`` | ``CUATROLA_REDIS_PREFIX`` | the start of every Redis name (``cuatrola:``) |
| ``--secret-file F`` | ``CUATROLA_SECRET`` (the value itself) | the key of session tokens |

An option given on the command line wins over its variable.

:func:`check_database` and :func:`database_failure` are how these commands open the database
and tell why it cannot be used, in the same words (one line, no traceback).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import threading
from pathlib import Path
from typing import Final

from cuatrola.server.settings import Settings, make_data_dir


def add_storage_arguments(group: argparse._ArgumentGroup, *, secret: bool = True) -> None:
    """Declare ``--db``, ``--redis``, ``--redis-prefix``, ``--data-dir`` (and
    ``--secret-file`` when ``secret``)."""
    group.add_argument(
        "--db",
        default=None,
        help="SQLAlchemy URL: sqlite+aiosqlite:///PATH or postgresql+asyncpg://USER@HOST/DB "
        "($CUATROLA_DB_URL; default: cuatrola.db in the data directory)",
    )
    group.add_argument(
        "--redis",
        default=None,
        help="redis://HOST:PORT/DB shared by several server processes (rate limits, lobby) "
        "($CUATROLA_REDIS_URL)",
    )
    group.add_argument(
        "--redis-prefix",
        default=None,
        metavar="PREFIX",
        help="start of every Redis key and channel of this deployment ($CUATROLA_REDIS_PREFIX; "
        "cuatrola:)",
    )
    group.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="data directory ($CUATROLA_DATA; default: $XDG_DATA_HOME/cuatrola, else "
        "~/.local/share/cuatrola)",
    )
    if secret:
        group.add_argument(
            "--secret-file",
            type=Path,
            default=None,
            metavar="FILE",
            help="file holding the key of session tokens, the same on every node "
            "($CUATROLA_SECRET holds the key itself; default: secret.key in the data directory)",
        )


def storage_settings(args: argparse.Namespace) -> Settings:
    """Settings with the storage options of ``args`` (and their environment variables).

    Raises:
        ValueError: for an unreadable, empty or short secret (file or variable), or a bad
            Redis prefix.
    """
    from cuatrola.server.accounts.auth import check_secret
    from cuatrola.server.scaleout import check_prefix

    def given(name: str, variable: str) -> str | None:
        # A command may declare only some of the options (``migrate`` has no Redis).
        return getattr(args, name, None) or os.environ.get(variable) or None

    settings = Settings(
        db_url=given("db", "CUATROLA_DB_URL"), redis_url=given("redis", "CUATROLA_REDIS_URL")
    )
    prefix = given("redis_prefix", "CUATROLA_REDIS_PREFIX")
    if prefix is not None:
        check_prefix(prefix)
        settings.redis_prefix = prefix
    if getattr(args, "data_dir", None) is not None:
        settings.data_dir = args.data_dir
    secret_file: Path | None = getattr(args, "secret_file", None)
    if secret_file is not None:
        try:
            settings.secret = secret_file.read_text().strip()
        except OSError as exc:
            raise ValueError(f"cannot read --secret-file {secret_file}: {exc.strerror}") from None
        if not settings.secret:
            raise ValueError(f"--secret-file {secret_file} is empty")
        check_secret(settings.secret, f"the secret in --secret-file {secret_file}")
    else:
        settings.secret = os.environ.get("CUATROLA_SECRET") or None
        if settings.secret is not None and hasattr(args, "secret_file"):
            # Checked here, before a command that uses it opens (so creates) a SQLite file.
            check_secret(settings.secret, "$CUATROLA_SECRET")
    return settings


def create_data_dir(path: Path) -> None:
    """Create the data directory (and its parents) unless it is there: readable by this user
    only (:func:`~cuatrola.server.settings.make_data_dir`).

    Raises:
        ValueError: one line naming the directory and why it cannot be used, rather than
            the database that would have been made in it.
    """
    if path.exists() and not path.is_dir():
        raise ValueError(f"the data directory {path} is not a directory")
    try:
        make_data_dir(path)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise ValueError(f"cannot create the data directory {path}: {reason}") from None


class DatabaseUnusable(Exception):
    """The database cannot be used as it is; ``str()`` is the one line to print."""


def database_failure(exc: BaseException, doing: str = "open") -> str:
    """One line saying why the database could not be used (``doing``: what the command was
    doing to it, ``cannot open the database: ...``).

    A bad URL (``ValueError`` from :func:`~cuatrola.storage.sql.make_engine`) and
    :class:`DatabaseUnusable` say it all already; anything else (the server cannot be reached,
    the file is not a database, a refused password) is the driver's reason, after the words
    that say it is the database that failed.
    """
    from sqlalchemy.exc import DBAPIError

    if isinstance(exc, DatabaseUnusable | ValueError):
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    # SQLAlchemy's text starts with the driver's class, "(sqlite3.DatabaseError) file is
    # not a database", and ends with a link on another line: the driver's own words suffice.
    reason = exc.orig if isinstance(exc, DBAPIError) and exc.orig is not None else exc
    text = (str(reason).strip().splitlines() or [""])[0] or type(reason).__name__
    option = _UNKNOWN_OPTION.search(text) if isinstance(reason, TypeError) else None
    if option is not None:
        # The URL's query options are handed to the driver's connect() as keywords: one it
        # does not take (libpq's ``sslmode`` given to asyncpg) fails as a Python TypeError.
        text = (
            f"the database URL's option {option[1]!r} is not one its driver takes "
            "(see the driver's connect() arguments)"
        )
    return f"cannot {doing} the database: {text}"


_UNKNOWN_OPTION: Final = re.compile(r"unexpected keyword argument '([^']+)'")


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL, or ``None`` (another database, in memory, a ``file:`` URI)."""
    from sqlalchemy.engine import make_url

    from cuatrola.storage.sql import sqlite_path

    path = sqlite_path(make_url(url))
    return None if path is None else Path(path)


async def check_database(
    url: str,
    *,
    create: bool = True,
    schema: bool = False,
    advice: str = "run `cuatrola migrate` first",
) -> None:
    """Connect to the database once, so that a command can refuse to start with one line.

    Args:
        url: the SQLAlchemy URL.
        create: whether a SQLite file that does not exist may be created (``serve`` creates
            its database on first start; ``admin`` must not leave an empty file behind).
        schema: whether the database must be at the newest revision of the migrations.
        advice: what to do about a missing or old schema, said after it.

    Raises:
        DatabaseUnusable: with the line to print, for anything that makes the database
            unusable: a bad URL, a database that cannot be reached or opened, a missing
            SQLite file (without ``create``), a schema that is missing or old (with
            ``schema``).
    """
    from cuatrola.storage.migrate import current_revision, head_revision
    from cuatrola.storage.sql import make_engine

    try:
        engine = make_engine(url)
        path = None if create else _sqlite_file(url)
    except ValueError as exc:
        raise DatabaseUnusable(database_failure(exc)) from None
    if path is not None and not path.exists():
        # Checked before connecting: SQLite would create the file.
        await engine.dispose()
        raise DatabaseUnusable(f"the database {path} does not exist: {advice}")
    before = set(threading.enumerate())
    try:
        async with engine.connect() as conn:
            await conn.exec_driver_sql("SELECT 1")
        if schema:
            at, head = await current_revision(engine), head_revision()
            if at == "none":
                raise DatabaseUnusable(f"the database has no schema: {advice}")
            if at != head:
                raise DatabaseUnusable(
                    f"the database is at revision {at}, this version needs {head}: {advice}"
                )
    except DatabaseUnusable:
        raise
    except Exception as exc:
        raise DatabaseUnusable(database_failure(exc)) from None
    finally:
        await engine.dispose()
        # aiosqlite stops the worker thread of a failed connection without waiting for it;
        # the thread then reports to the event loop, and if asyncio.run has closed the loop
        # by then it prints a traceback (omnilib/aiosqlite#241). Let it finish first.
        for thread in set(threading.enumerate()) - before:
            if not thread.name.startswith("asyncio_"):  # the loop's own executor workers
                await asyncio.to_thread(thread.join, 5.0)


async def check_redis_url(url: str) -> None:
    """Check that ``url`` is a Redis URL and that Redis answers a ping.

    Raises:
        ValueError: for a URL that is not ``redis://``, ``rediss://`` or ``unix://``.
        ConnectionError: when Redis does not answer (the message names it, without a
            password).
    """
    from urllib.parse import urlsplit

    from cuatrola.server.scaleout import check_redis

    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError("expected a redis:// URL for --redis")
    parts = urlsplit(url)
    if parts.scheme != "unix":
        # redis-py ignores a database that is not a number, so a typo would share database 0.
        database = parts.path.strip("/")
        try:
            port = parts.port
        except ValueError:
            port = -1
        if port is not None and not 0 < port < 65_536:
            raise ValueError("expected --redis redis://HOST:PORT/DB with a port of 1 to 65535")
        if database and not database.isdigit():
            raise ValueError(
                f"expected --redis redis://HOST:PORT/DB with a database number, got {database!r}"
            )
    await check_redis(url)
