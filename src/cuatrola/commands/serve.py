"""``cuatrola serve``: run the online card room (docs/server.md).

Starts Starlette on uvicorn with the websocket protocol, the REST API and the web client.
The default database is an SQLite file in the data directory, created (and migrated) on first
start. A busy port, a bad ``--db`` URL or an unreachable database is reported in one line with
exit status 2. SIGTERM and Ctrl-C shut down gracefully: connections are closed, queued commits
finish, then the process exits (status 0). A database that is down or does not answer gets a
few seconds for that, then the process exits with status 1, its log saying what was left.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Final
from urllib.parse import urlsplit

from cuatrola.argtypes import bounded_float, bounded_int, non_blank
from cuatrola.commands.storage_options import (
    DatabaseUnusable,
    add_storage_arguments,
    check_database,
    check_redis_url,
    create_data_dir,
    database_failure,
    storage_settings,
)

if TYPE_CHECKING:  # the server's modules load only when it runs, not for --help
    import uvicorn
    from starlette.applications import Starlette

    from cuatrola.server.settings import Settings

NAME = "serve"
HELP = "run the online card room (websocket + REST + web client)"

logger = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments, in groups that ``--help`` shows by concern."""
    _network_arguments(parser.add_argument_group("where it listens and who may reach it"))
    _storage_arguments(parser.add_argument_group("where it keeps its data"))
    _log_arguments(parser.add_argument_group("what it logs"))
    _table_arguments(parser.add_argument_group("how the tables play"))
    _limit_arguments(parser.add_argument_group("limits and the operator's access"))


def _network_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    group.add_argument(
        "--port", type=bounded_int(0, 65_535), default=8000, help="port to listen on (8000)"
    )
    group.add_argument(
        "--public-url",
        action="append",
        default=None,
        metavar="URL",
        help="the address players open, e.g. https://cuatrola.example (repeatable; "
        "$CUATROLA_PUBLIC_URL, comma-separated): browsers' websockets must come from it. "
        "Default: this server's own loopback address",
    )
    group.add_argument(
        "--trusted-proxy",
        action="append",
        default=None,
        metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For is believed: an IP address or network "
        "(repeatable; $CUATROLA_TRUSTED_PROXY, comma-separated). Default: none, client "
        "addresses are the sockets' own",
    )


def _storage_arguments(group: argparse._ArgumentGroup) -> None:
    add_storage_arguments(group)
    group.add_argument(
        "--node",
        type=non_blank("a node name"),
        default=None,
        metavar="NAME",
        help="this process's name in logs, /healthz and /node ($CUATROLA_NODE; default "
        "HOST:DATA_DIR, the host name and the data directory)",
    )
    group.add_argument(
        "--commit-delay",
        type=bounded_float(0, 0.1, "seconds"),
        default=None,
        help="seconds a commit waits for other tables' moves to share it, while several "
        "tables play (0.003; 0: commit at once)",
    )
    group.add_argument(
        "--commit-timeout",
        type=bounded_float(0.5, 600, "seconds"),
        default=None,
        help="seconds a commit may take before it counts as failed: the database does not "
        "answer (5)",
    )
    group.add_argument(
        "--lease",
        type=bounded_float(0.5, 600, "seconds"),
        default=None,
        help="seconds this node's claim on its tables lasts without renewal (10): another "
        "node takes over the tables of a node that died after this long",
    )
    group.add_argument(
        "--no-migrate",
        action="store_true",
        help="do not apply database migrations at start-up ($CUATROLA_MIGRATE=0): for "
        "several nodes, run `cuatrola migrate` once before starting them",
    )


def _log_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--log-level",
        default="info",
        choices=["debug", "info", "warning"],
        help="the least important lines logged (%(default)s)",
    )
    group.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="text lines (the default), or one JSON object per line (time, level, logger, message)",
    )


def _table_arguments(group: argparse._ArgumentGroup) -> None:
    seconds = bounded_float(0, 86_400, "seconds")
    group.add_argument(
        "--bot-workers", type=bounded_int(0, 64), default=None, help="bot processes (1)"
    )
    group.add_argument("--hand-pause", type=seconds, default=None, help="seconds between hands (2)")
    group.add_argument(
        "--bot-delay", type=seconds, default=None, help="least seconds per bot move (0.5)"
    )
    group.add_argument(
        "--grace",
        type=seconds,
        default=None,
        help="seconds a disconnected player keeps the seat (30)",
    )
    group.add_argument(
        "--min-turn-time",
        type=bounded_float(0.1, 600, "seconds"),
        default=None,
        help="lowest turn time a table may use (5)",
    )
    group.add_argument(
        "--quick-fill", type=seconds, default=None, help="quick match wait before bots fill (20)"
    )
    group.add_argument(
        "--cante-window",
        type=bounded_float(0, 60, "seconds"),
        default=None,
        help="seconds of the cante window after each of the first three tricks (3; 1 for a "
        "team of two computer players). 0 turns it off, which tells everybody when a team "
        "can sing: for benchmarks only",
    )
    group.add_argument(
        "--no-analysis",
        action="store_true",
        help="do not analyse hands and matches as they end (only when one is asked for)",
    )
    group.add_argument(
        "--shuffle-window",
        type=bounded_float(0, 60, "seconds"),
        default=None,
        help="seconds the seated players have to contribute to each deal's verifiable "
        "shuffle (1.5); 0: deal without waiting for them",
    )


def _limit_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--guests-per-minute",
        type=bounded_float(0.01, 1_000_000, "guests"),
        default=None,
        help="guest sessions one address may create per minute (12, burst 10)",
    )
    group.add_argument(
        "--metrics-token",
        default=None,
        help="a bearer token that opens /metrics from anywhere ($CUATROLA_METRICS_TOKEN); "
        "without it /metrics answers only loopback clients",
    )


class JsonFormatter(logging.Formatter):
    """One JSON object per log line: ``time``, ``level``, ``logger``, ``message`` (and
    ``error`` and ``traceback`` when an exception is logged).

    >>> record = logging.LogRecord("cuatrola.room", logging.INFO, "", 0, "table=%s", ("t1",), None)
    >>> sorted(json.loads(JsonFormatter().format(record)))
    ['level', 'logger', 'message', 'time']
    """

    def format(self, record: logging.LogRecord) -> str:
        """The record as one JSON line."""
        data = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and record.exc_info[0] is not None:
            data["error"] = record.exc_info[0].__name__
            data["traceback"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


#: The options given as numbers, each with the ``Settings`` field it sets: without the
#: option the field keeps its default, which the option's ``--help`` shows.
OPTION_SETTINGS: Final = (
    ("bot_workers", "bot_workers"),
    ("hand_pause", "hand_pause"),
    ("bot_delay", "bot_delay"),
    ("grace", "grace_period"),
    ("min_turn_time", "min_turn_time"),
    ("quick_fill", "quick_fill_wait"),
    ("guests_per_minute", "guests_per_minute"),
    ("cante_window", "cante_window"),
    ("shuffle_window", "shuffle_window"),
    ("lease", "lease"),
    ("commit_delay", "commit_delay"),
    ("commit_timeout", "commit_timeout"),
)


def _listed(values: list[str] | None, variable: str) -> tuple[str, ...]:
    """The values of a repeatable option, else of a comma-separated environment variable."""
    if values is None:
        values = os.environ.get(variable, "").split(",")
    return tuple(v.strip() for v in values if v.strip())


def _public_url(text: str) -> str:
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise ValueError(f"expected --public-url like https://cuatrola.example, got {text!r}")
    return f"{parts.scheme}://{parts.netloc.lower()}"


def _trusted_proxy(text: str) -> str:
    """An address or network (``10.0.0.10``, ``10.0.0.0/8``, ``::1``) for ``--trusted-proxy``.

    uvicorn takes anything else as a literal that no client address ever equals, so a host
    name or a typo would leave every client with the proxy's address, silently: refused here.

    >>> _trusted_proxy("10.0.0.0/8"), _trusted_proxy("127.0.0.1")
    ('10.0.0.0/8', '127.0.0.1')
    """
    try:
        if "/" in text:
            ipaddress.ip_network(text)  # strict, as uvicorn's: 10.0.0.1/8 is no network
        else:
            ipaddress.ip_address(text)
    except ValueError:
        raise ValueError(
            "expected --trusted-proxy as an IP address or network like 127.0.0.1 or "
            f"10.0.0.0/8, got {text!r}"
        ) from None
    return text


def _settings(args: argparse.Namespace) -> object:
    """The server settings from the options (and their environment variables).

    Raises:
        ValueError: for a malformed public URL or trusted proxy, a bad Redis prefix or
            secret file.
    """
    settings = storage_settings(args)
    settings.node_name = args.node or os.environ.get("CUATROLA_NODE") or None
    settings.migrate = not args.no_migrate and _migrate_variable()
    settings.analysis = not args.no_analysis
    settings.public_urls = tuple(
        _public_url(u) for u in _listed(args.public_url, "CUATROLA_PUBLIC_URL")
    )
    settings.trusted_proxies = tuple(
        _trusted_proxy(p) for p in _listed(args.trusted_proxy, "CUATROLA_TRUSTED_PROXY")
    )
    settings.metrics_token = args.metrics_token or os.environ.get("CUATROLA_METRICS_TOKEN") or None
    for arg, name in OPTION_SETTINGS:
        value = getattr(args, arg)
        if value is not None:
            setattr(settings, name, value)
    return settings


def _migrate_variable() -> bool:
    """Whether ``$CUATROLA_MIGRATE`` lets the server migrate at start-up (unset, empty or
    ``1``).

    Any other value than ``0`` or ``1`` is refused: ``false`` or ``no`` would otherwise
    migrate, which is what the operator meant to stop.

    Raises:
        ValueError: for another value.
    """
    # Empty counts as unset, as for the other variables (``CUATROLA_MIGRATE=`` in a unit file).
    value = os.environ.get("CUATROLA_MIGRATE", "").strip() or "1"
    if value not in ("0", "1"):
        raise ValueError(
            f"expected $CUATROLA_MIGRATE=0 (do not migrate at start-up) or 1, got {value!r}"
        )
    return value == "1"


def _check_stored_secret(settings: Settings) -> None:
    """Read and check the data directory's ``secret.key`` when there is one and no other
    secret is given, so that a bad one refuses the start before the database is opened.

    A missing one is left to the app, which creates it once the database has passed its
    check: a start refused for the database then leaves no new secret behind.

    Raises:
        ValueError: one line naming the file, when it cannot be read or is too short.
    """
    from cuatrola.server.accounts.auth import check_secret

    path = settings.data_dir / "secret.key"
    if settings.secret or not (path.exists() or path.is_symlink()):
        return
    settings.secret = settings.resolved_secret()
    check_secret(settings.secret, f"the server secret in {path}")


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # proto=IPPROTO_TCP matters: asyncio sets TCP_NODELAY on accepted sockets only then, and
    # without it Nagle's algorithm delays small frames by tens of milliseconds.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run(args: argparse.Namespace) -> int:
    """Serve until SIGTERM or Ctrl-C."""
    import uvicorn

    from cuatrola.server.app import create_app
    from cuatrola.server.settings import Settings

    try:
        settings = _settings(args)
    except ValueError as exc:
        _refused(args.log_format, str(exc))
        return 2
    assert isinstance(settings, Settings)
    sock = _checked_socket(args, settings)
    if sock is None:
        return 2
    # The log starts once the checks above have passed: a refused start is its one line,
    # without the INFO lines alembic writes as the schema check reads the revision.
    _start_log(args.log_format, args.log_level)
    try:
        app = create_app(settings)
    except ValueError as exc:
        _refused(args.log_format, str(exc))
        return 2
    server = uvicorn.Server(_uvicorn_config(app, args.log_level, settings))
    # uvicorn shuts down gracefully on SIGTERM, then re-raises the signal to the handler that
    # was installed before it: a no-op one makes a graceful stop exit with status 0.
    signal.signal(signal.SIGTERM, lambda signum, frame: None)
    address = f"http://{args.host}:{sock.getsockname()[1]}"
    if args.log_format == "json":
        # Every line follows the chosen format: a JSON log is read by a program.
        logger.info("listening on %s", address)
    else:
        print(f"cuatrola serve: listening on {address}", flush=True)
    with asyncio.Runner(loop_factory=_loop_factory()) as runner:
        runner.run(server.serve(sockets=[sock]))
    # 1: the database did not take the last commits or the hand-over in time (app.STOP_WAIT),
    # as the log says; the supervisor shows the stop as failed.
    return 0 if getattr(app.state, "stopped_cleanly", True) else 1


def _checked_socket(args: argparse.Namespace, settings: Settings) -> socket.socket | None:
    """The listening socket once Redis, the port and the database have passed their checks,
    or ``None`` after the one line that says which did not."""
    # Redis and the port are checked before the database: opening a SQLite database creates
    # its file, which a start refused for another reason should not leave behind.
    try:
        if settings.redis_url is not None:
            asyncio.run(check_redis_url(settings.redis_url))
    except (ConnectionError, ValueError) as exc:
        _refused(args.log_format, str(exc))
        return None
    try:
        sock = _bind(args.host, args.port)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            _refused(args.log_format, f"port {args.port} on {args.host} is busy")
        else:
            _refused(args.log_format, f"cannot listen on {args.host}:{args.port}: {exc.strerror}")
        return None
    try:
        if settings.db_url is None:
            create_data_dir(settings.data_dir)
        _check_stored_secret(settings)
    except ValueError as exc:
        sock.close()
        _refused(args.log_format, str(exc))
        return None
    try:
        # Without migrating at start (--no-migrate), the schema must be the newest already.
        asyncio.run(
            check_database(
                settings.resolved_db_url(),
                schema=not settings.migrate,
                advice="run `cuatrola migrate` first (or start without --no-migrate)",
            )
        )
    except (DatabaseUnusable, OSError) as exc:
        sock.close()
        line = str(exc) if isinstance(exc, DatabaseUnusable) else database_failure(exc)
        _refused(args.log_format, line)
        return None
    return sock


def _refused(log_format: str, line: str) -> None:
    """Say on standard error, in one line, why the server does not start: ``cuatrola serve:
    LINE``, or with the JSON log an ``error`` object of the ``cuatrola.commands.serve`` logger."""
    if log_format == "json":
        record = logging.LogRecord(logger.name, logging.ERROR, "", 0, line, None, None)
        print(JsonFormatter().format(record), file=sys.stderr)
    else:
        print(f"cuatrola serve: {line}", file=sys.stderr)


def _start_log(log_format: str, level: str) -> None:
    """Send the log to standard error, as text lines or as JSON objects."""
    handler = logging.StreamHandler()
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    logging.basicConfig(level=level.upper(), handlers=[handler])


def _uvicorn_config(app: Starlette, log_level: str, settings: Settings) -> uvicorn.Config:
    """uvicorn's settings for the card room's app."""
    import uvicorn

    from cuatrola.server.security import proxy_options
    from cuatrola.server.wsprotocol import websocket_options

    return uvicorn.Config(
        app,
        **websocket_options(),
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        log_level=log_level,
        # uvicorn's own lines go through the handler above, in the chosen format.
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=5,
        **proxy_options(settings.trusted_proxies),
    )


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when it is installed (it comes with ``uvicorn[standard]``): the
    server spends much of each move in socket and selector work, which uvloop does in C."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop is a dependency; plain asyncio still works
        return None
    return uvloop.new_event_loop
