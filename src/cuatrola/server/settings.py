"""The server's settings: every option of ``cuatrola serve``, with its default.

The only part of the server that reads the environment (the data directory) and the file
system (the signing secret kept in ``secret.key``).
"""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """``$CUATROLA_DATA``, else ``$XDG_DATA_HOME/cuatrola``, else ``~/.local/share/cuatrola``."""
    env = os.environ.get("CUATROLA_DATA")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "cuatrola"


def make_data_dir(path: Path) -> None:
    """Create the data directory ``path`` unless it is there, readable by this user only
    (0700: it holds the database, with password hashes and sessions, and the secret).

    Parents it has to create get the usual mode, as with ``mkdir -p -m 700``; a directory
    that is there keeps the mode its operator gave it.

    Raises:
        OSError: when it cannot be created.
    """
    path.mkdir(mode=0o700, parents=True, exist_ok=True)


@dataclass
class Settings:
    """Server configuration (docs/server.md, "Configuration").

    Attributes:
        db_url: SQLAlchemy URL; ``None`` means ``sqlite+aiosqlite:///<data dir>/cuatrola.db``.
        redis_url: Redis shared by several server processes (rate limits, lobby updates);
            ``None`` keeps both in this process.
        redis_prefix: the start of every Redis key and pub/sub channel name of this
            deployment, so that deployments sharing one Redis never see each other's data.
            Channels also carry the URL's database number (Redis pub/sub ignores it).
        node_name: this process's name in logs, ``/healthz``, ``/node`` and the tables' claims;
            ``None``: ``<host name>:<data directory>``, the same after a restart (so a
            restarted node takes its own tables back at once), different for two servers with
            their own data directories.
        lease: seconds a node's claim on its tables lasts without renewal (it renews every
            third of it); a node that dies leaves its tables to the others after this long.
        migrate: apply the database migrations at start-up (turn it off when a deploy runs
            ``cuatrola migrate`` once before starting several nodes).
        secret: the key for session token hashes; ``None`` reads (or creates) ``secret.key``
            in the data directory.
        data_dir: where the default database and secret live.
        min_turn_time: turn times below this (but above 0) are raised to it.
        grace_period: seconds a disconnected owner keeps the seat before a computer player
            plays for them.
        max_timeouts: consecutive timeouts after which a computer player takes the seat.
        quick_fill_wait: seconds the quick match waits before filling with computer players.
        hand_pause: seconds between the end of a hand and the next deal.
        commit_delay: seconds the group commit waits for more tables' moves before it
            commits, when the last commit was shared by several (0: never waits).
        commit_timeout: seconds a commit may take before it counts as failed (the database
            does not answer): its tables retry, then wait for the store as after any failed
            commit.
        bot_delay: least seconds a computer player's move takes (so humans can follow).
        bot_budget: thinking time per decision for computer players.
        bot_workers: processes in the bot pool (0: think in a thread of this process).
        max_frame: largest websocket frame accepted (bytes).
        rate: commands per second per connection (token bucket refill) and ``burst``.
        chat_lines: chat lines and mutes per ``chat_window`` seconds per user.
        tables_per_user: unfinished tables (open or playing) one user may sit at at once on
            this node: more are refused (``too_many_tables``) when they create or join one.
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
        shuffle_window: seconds the seated players have to send their contribution to a
            deal's verifiable shuffle (docs/records.md); 0: the deal does not wait for them.
        analysis: analyse every hand and match as it ends (off: only when an analysis is asked
            for, ``GET /api/matches/{id}/analysis``; for benchmarks of the table path).
        analysis_workers: 1 computes the analysis after each hand and of finished matches in
            a worker process of its own (docs/analysis.md); 0 in a thread of this process
            (tests).
        analysis_samples: deals per card decision of that analysis; ``None``: the default.
    """

    db_url: str | None = None
    redis_url: str | None = None
    redis_prefix: str = "cuatrola:"
    node_name: str | None = None
    lease: float = 10.0
    migrate: bool = True
    secret: str | None = None
    data_dir: Path = field(default_factory=default_data_dir)
    min_turn_time: float = 5.0
    grace_period: float = 30.0
    max_timeouts: int = 2
    quick_fill_wait: float = 20.0
    hand_pause: float = 2.0
    commit_delay: float = 0.003
    commit_timeout: float = 5.0
    bot_delay: float = 0.5
    bot_budget: float = 1.0
    bot_workers: int = 1
    max_frame: int = 4096
    rate: float = 20.0
    burst: int = 40
    chat_lines: int = 5
    chat_window: float = 10.0
    tables_per_user: int = 5
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
    shuffle_window: float = 1.5
    analysis: bool = True
    analysis_workers: int = 1
    analysis_samples: int | None = None

    @property
    def node(self) -> str:
        """This process's name (see ``node_name``)."""
        return self.node_name or f"{socket.gethostname()}:{self.data_dir}"

    def resolved_db_url(self) -> str:
        """The database URL to use (the default file in the data directory if unset)."""
        if self.db_url:
            return self.db_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'cuatrola.db'}"

    def resolved_secret(self) -> str:
        """The server secret: the setting, else ``secret.key`` in the data dir (created once).

        Raises:
            ValueError: when ``secret.key`` cannot be read or created (one line naming it:
                a file left owned by another user, say, when the server first ran as root).
        """
        if self.secret:
            return self.secret
        path = self.data_dir / "secret.key"
        try:
            if path.exists():
                return path.read_text().strip()
            make_data_dir(self.data_dir)
            value = secrets.token_urlsafe(32)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(value + "\n")
        except OSError as exc:
            raise ValueError(f"cannot use the server secret {path}: {exc.strerror}") from None
        return value
