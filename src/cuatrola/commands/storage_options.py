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
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from cuatrola.server.settings import Settings


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
        "--data-dir", type=Path, default=None, help="data directory ($CUATROLA_DATA)"
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
        ValueError: for an unreadable or empty secret file, or a bad Redis prefix.
    """
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
    else:
        settings.secret = os.environ.get("CUATROLA_SECRET") or None
    return settings
