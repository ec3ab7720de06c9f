"""``cuatrola bench server``: load-test the real card room over loopback websockets.

The benchmark starts ``cuatrola serve`` as a subprocess on ``127.0.0.1`` (a free port, a
temporary SQLite database with the server's durable commits, a temporary data directory),
then runs two phases and stops the server:

1. **Play**: ``--tables`` private tables, each with four guest clients (one creates it, three
   join by invite code), turn timer off. Every client plays a random legal action whenever
   its view offers one, and accepts the rematch at the end of a match, so load stays steady
   for ``--seconds``. Reported: moves per second (acknowledged ``act`` commands), and the
   **move-to-broadcast latency**: for every move, the time from the mover sending ``act`` to
   each of the table's four clients receiving the resulting ``event`` (so the percentiles
   cover every delivered broadcast frame), plus the mover's ``act``-to-``ack`` time.
2. **Connections**: ``--connections`` websockets are opened (``hello`` with guest tokens)
   and held for ``--hold`` seconds; then every one is pinged. Reported: how many answered.

Everything is bounded: counts and durations come from the arguments (with caps), every wait
has a timeout, and the server is terminated at the end (killed if it does not stop). The
load generator runs in this process, on the same 2-core machine as the server, so its own
CPU use is part of the measurement's limits (it is reported). Its clients are the protocol
client every Python client uses (:class:`~cuatrola.clients.remote.RemoteClient`), without
reconnection and without websocket keep-alive pings.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

import httpx

from cuatrola.ai.duel import decision_percentiles_ms
from cuatrola.argtypes import bounded_float, bounded_int
from cuatrola.clients.remote import ConnectionLost, RemoteClient, ServerRefused
from cuatrola.core.rules import NO_QUINTOLA_SUFFIX
from cuatrola.protocol import ClientMessage, ServerMessage
from cuatrola.protocol.messages import (
    RULES_PRESETS,
    Ack,
    Act,
    Acted,
    CreateTable,
    Error,
    Event,
    Join,
    MatchEnded,
    Rematch,
    Subscribe,
    Sync,
    TableInfo,
    TableOptions,
)
from cuatrola.protocol.views import HandView

NAME = "server"
HELP = "moves per second, broadcast latency and held connections of the real server"

MAX_TABLES: Final = 2000
MAX_CONNECTIONS: Final = 10_000
MAX_SECONDS: Final = 600.0
STARTUP_TIMEOUT: Final = 60.0
OPEN_CONCURRENCY: Final = 64
# The server allows 20 commands per second per connection (burst 40); a client stays below,
# as a real one would, instead of having commands refused.
CLIENT_RATE: Final = 18.0
CLIENT_BURST: Final = 30.0
#: The exit status of a benchmark stopped by SIGTERM (128 + the signal's number).
STOPPED_BY_SIGTERM: Final = 128 + signal.SIGTERM

_T = TypeVar("_T")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument(
        "--tables",
        type=bounded_int(0, MAX_TABLES),
        default=50,
        help="tables of four clients in the play phase (0: skip it; default 50)",
    )
    parser.add_argument(
        "--seconds",
        type=bounded_float(1, MAX_SECONDS, "seconds"),
        default=30.0,
        help="length of the measured play phase (default 30)",
    )
    parser.add_argument(
        "--warmup",
        type=bounded_float(0, 120, "seconds"),
        default=3.0,
        help="seconds of play before measuring (default 3)",
    )
    parser.add_argument(
        "--rules",
        type=table_rules,
        default="exact11",
        help="table rules preset, as the protocol takes it (default exact11)",
    )
    parser.add_argument(
        "--connections",
        type=bounded_int(0, MAX_CONNECTIONS),
        default=2000,
        help="connections to open and hold in the second phase (0: skip it; default 2000)",
    )
    parser.add_argument(
        "--hold",
        type=bounded_float(0, MAX_SECONDS, "seconds"),
        default=10.0,
        help="seconds to hold the connections (default 10)",
    )
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="extra argument for `cuatrola serve` (repeatable), e.g. --server-arg=--bot-workers=0",
    )
    parser.add_argument(
        "--hand-pause",
        type=bounded_float(0, 10, "seconds"),
        default=0.0,
        help="the server's pause between hands (default 0: measure the moves, not the pause)",
    )
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument(
        "--nodes",
        type=bounded_int(1, 3),
        default=1,
        help="server processes of one cluster (2 or 3 need --db on PostgreSQL and --redis)",
    )
    parser.add_argument("--redis", default=None, help="Redis URL of the cluster (with --nodes)")
    parser.add_argument(
        "--placement",
        choices=("spread", "local"),
        default="spread",
        help="with several nodes: a table's four players on different nodes (spread: their "
        "commands are forwarded to the table's node) or all on its node (local)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' random moves")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


# The server subprocess ------------------------------------------------------------------------


def table_rules(text: str) -> str:
    """Check ``--rules`` for argparse: a preset the protocol's table options take
    (``exact11``, ``exactN``, ``to21``, ``hands11``, ``hands20``; no ``-noquintola`` name:
    the bench's tables play with the quintola bid).

    Raises:
        argparse.ArgumentTypeError: for any other name.
    """
    if text not in RULES_PRESETS:
        raise argparse.ArgumentTypeError(
            f"expected exact3..exact21, to21, hands11 or hands20 (the bench's tables play with "
            f"the quintola bid: no {NO_QUINTOLA_SUFFIX}), got {text!r}"
        )
    return text


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _raise_fd_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(hard, max(soft, wanted)) if hard != resource.RLIM_INFINITY else max(soft, wanted)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


@dataclass
class Server:
    """The running server subprocess."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


async def _start_server(
    directory: Path, args: argparse.Namespace, cluster: tuple[str, ...] = ()
) -> Server:
    port = _free_port()
    db = args.db or f"sqlite+aiosqlite:///{directory / 'bench.db'}"
    directory.mkdir(parents=True, exist_ok=True)
    log = directory / "server.log"
    command = [
        sys.executable,
        "-m",
        "cuatrola",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--data-dir",
        str(directory / "data"),
        "--hand-pause",
        str(args.hand_pause),
        "--log-level",
        "warning",
        # Every simulated player is a new guest from this one address.
        "--guests-per-minute",
        "1000000",
        # Moves per second are measured without the fixed pauses of the cante windows, nor
        # the shuffle windows (the scripted players send no contributions).
        "--cante-window",
        "0",
        "--shuffle-window",
        "0",
        # The analysis after each hand works in a process of its own on the same cores.
        "--no-analysis",
        *cluster,
        *args.server_arg,
    ]
    env = {**os.environ, "CUATROLA_DATA": str(directory / "data")}
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, port, log)
    try:
        await _until_healthy(server)
    except BaseException:
        # A start that fails, or a SIGTERM (a cancellation) that comes while the server is
        # still starting, which on a loaded machine can take seconds: no server is left behind.
        _stop_server(server)
        raise
    return server


async def _until_healthy(server: Server) -> None:
    """Wait until ``server`` answers ``/healthz``.

    Raises:
        RuntimeError: when it exits first, or does not answer in :data:`STARTUP_TIMEOUT`.
    """
    deadline = time.monotonic() + STARTUP_TIMEOUT
    async with httpx.AsyncClient(timeout=2.0) as http:
        while time.monotonic() < deadline:
            if server.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with status {server.process.returncode}:\n"
                    f"{_tail(server.log)}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(server.http + "/healthz")).status_code == 200:
                    return
            await asyncio.sleep(0.2)
    raise RuntimeError(f"the server did not answer /healthz in {STARTUP_TIMEOUT:.0f} s")


async def _start_servers(directory: Path, args: argparse.Namespace) -> list[Server]:
    """One server, or the nodes of one cluster (a shared secret, one database, one Redis
    with a prefix of this run's own)."""
    if args.nodes == 1:
        return [await _start_server(directory, args)]
    if args.redis is None or not (args.db or "").startswith("postgresql"):
        raise RuntimeError("--nodes 2 or 3 need --db postgresql+asyncpg://... and --redis URL")
    secret = directory / "secret.key"
    secret.write_text(secrets.token_hex(32))
    prefix = f"bench-{secrets.token_hex(4)}:"
    servers: list[Server] = []
    try:
        for n in range(args.nodes):
            cluster = (
                *("--node", f"bench-{n}", "--redis", args.redis, "--redis-prefix", prefix),
                *("--secret-file", str(secret)),
            )
            servers.append(await _start_server(directory / f"node-{n}", args, cluster))
    except BaseException:
        for one in servers:
            _stop_server(one)
        raise
    await asyncio.sleep(2.0)  # a beat or two: the nodes know each other
    return servers


def _stop_server(server: Server) -> None:
    if server.process.poll() is None:
        server.process.send_signal(signal.SIGTERM)
        try:
            server.process.wait(15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(5)


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


async def _guests(base: str, count: int) -> list[str]:
    """``count`` guest tokens from the REST API."""
    tokens: list[str] = []
    limit = asyncio.Semaphore(16)

    async def one(n: int, http: httpx.AsyncClient) -> None:
        async with limit:
            reply = await http.post(base + "/api/guest", json={"name": f"bench{n}"})
            reply.raise_for_status()
            tokens.append(reply.json()["token"])

    async with httpx.AsyncClient(timeout=30.0) as http:
        await asyncio.gather(*(one(n, http) for n in range(count)))
    return tokens


# The play phase -------------------------------------------------------------------------------


@dataclass
class Stats:
    """What the play phase measures (only inside the measuring window)."""

    measuring: bool = False
    moves: int = 0
    broadcast: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    matches: int = 0
    paced: int = 0  # moves a client delayed to stay under the server's rate limit


@dataclass
class TableRun:
    """Per-table bookkeeping shared by its four clients (all in this process)."""

    # event seq the mover acted on -> perf_counter() when it sent the act
    sent: dict[int, float] = field(default_factory=dict)


class Player:
    """One benchmark client: plays random legal moves whenever its view offers any."""

    def __init__(self, url: str, token: str, stats: Stats, rng: random.Random) -> None:
        self.client = _client(url, token, self._on_message)
        self.stats = stats
        self.rng = rng
        self.table_id = ""
        self.run = TableRun()
        self.seq = 0
        self.seat = 0
        self.last_info: TableInfo | None = None
        self.pending: dict[str, float] = {}  # act id -> send time
        self.acted_seq = -1  # the seq of the last view we acted on
        # A view (and its seq) that came while an act was pending.
        self.deferred: tuple[HandView, int] | None = None
        # The last view that offered us a move, to retry if the move is refused.
        self.last_view: tuple[HandView, int] | None = None
        self.retries = 0
        self.tokens = CLIENT_BURST
        self.stamp = time.monotonic()
        self.waiting: asyncio.Task[None] | None = None  # a paced move, sent when due
        self.paced_view: tuple[HandView, int] | None = None  # the view it will act on
        self.stopped = False

    def _take_token(self) -> float:
        """Take a rate token; return 0, or the seconds to wait before one is available."""
        now = time.monotonic()
        self.tokens = min(CLIENT_BURST, self.tokens + (now - self.stamp) * CLIENT_RATE)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / CLIENT_RATE

    async def _act_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.waiting = None
        latest, self.paced_view = self.paced_view, None
        if latest is not None:
            with contextlib.suppress(ConnectionLost):
                await self._act(*latest)

    async def request(self, message: ClientMessage, timeout: float = 30.0) -> Ack:
        """Send a command and wait for its ack (raises on an error reply)."""
        try:
            return await self.client.request(message, timeout=timeout)
        except ServerRefused as exc:
            kind = type(message).__name__
            raise RuntimeError(f"{kind} refused: {exc.error.code} {exc.error}") from None

    async def _act(self, view: HandView, seq: int) -> None:
        """Play a random legal action on the view of event ``seq``, once per state."""
        legal = view.legal
        if not legal or seq <= self.acted_seq:
            # Not our turn, or a state we already acted on (a sync and an event can both
            # show the same state).
            if seq > self.acted_seq:
                self.deferred = None
            return
        if self.pending:
            # Our previous act's ack has not arrived yet: act on this view right after it.
            self.deferred = (view, seq)
            return
        if self.waiting is not None:
            self.paced_view = (view, seq)  # a paced move is due: it will use the newest view
            return
        delay = self._take_token()
        if delay > 0:
            self.stats.paced += 1
            self.paced_view = (view, seq)
            self.waiting = asyncio.create_task(self._act_later(delay + 0.001))
            return
        self.deferred = None
        if self.last_view is None or seq != self.last_view[1]:
            self.retries = 0  # a new state: its own retry budget
        self.acted_seq = seq
        self.last_view = (view, seq)
        action = self.rng.choice(legal)
        command_id = self.client.next_id()
        now = time.perf_counter()
        self.pending[command_id] = now
        self.run.sent[seq] = now
        await self.client.send(Act(id=command_id, table=self.table_id, action=action))

    async def _on_message(self, message: ServerMessage) -> None:
        """Handle one frame (until the run stops)."""
        received = time.perf_counter()
        if self.stopped:
            return
        stats = self.stats
        if isinstance(message, Event):
            await self._on_event(message, received)
        elif isinstance(message, Error) and message.id is None and self.pending:
            # Refused before its id was read (rate limit): the move did not happen.
            stats.errors[message.code] = stats.errors.get(message.code, 0) + 1
            self.pending.clear()
            await self._retry()
        elif isinstance(message, (Ack, Error)):
            sent = self.pending.pop(message.id, None) if message.id else None
            if sent is not None:
                if isinstance(message, Ack):
                    if stats.measuring:
                        stats.moves += 1
                        stats.ack.append(received - sent)
                else:
                    stats.errors[message.code] = stats.errors.get(message.code, 0) + 1
                    await self._retry()
                if self.deferred is not None:
                    await self._act(*self.deferred)
        elif isinstance(message, Sync):
            self.seq = message.seq
            self.last_info = message.info
            if message.view is not None:
                await self._act(message.view, self.seq)

    async def _retry(self) -> None:
        """A refused move changed nothing: try again on the same view (a few times), so one
        refusal does not stall the table for the rest of the run (it is counted anyway)."""
        if self.last_view is None or self.retries >= 3 or self.deferred is not None:
            return
        view, seq = self.last_view
        if seq != self.seq:
            return  # the table moved on meanwhile; a newer view will come
        self.retries += 1
        self.acted_seq = seq - 1
        await self._act(view, seq)

    async def _on_event(self, message: Event, received: float) -> None:
        seq = message.seq
        self.seq = seq
        body = message.body
        if isinstance(body, Acted):
            sent = self.run.sent.get(seq - 1)
            if sent is not None and self.stats.measuring:
                self.stats.broadcast.append(received - sent)
            if seq % 64 == 0:
                for old in [s for s in self.run.sent if s < seq - 64]:
                    del self.run.sent[old]
        elif isinstance(body, MatchEnded):
            if self.seat == 0 and self.stats.measuring:
                self.stats.matches += 1
            self._take_token()
            rematch = Rematch(id=self.client.next_id(), table=self.table_id, accept=True)
            await self.client.send(rematch)
            return
        view = getattr(body, "view", None)
        if isinstance(view, HandView):
            await self._act(view, seq)


def _client(
    url: str,
    token: str,
    on_message: Callable[[ServerMessage], Awaitable[None]] | None = None,
) -> RemoteClient:
    # No websocket keep-alive pings: the connection phase measures the server's held sockets
    # and its answers to the protocol's own ping, not the websocket library's.
    return RemoteClient(
        url,
        token,
        client="bench/1",
        on_message=on_message,
        keepalive=None,
        id_prefix="c",
        open_timeout=30,
        answer_timeout=30,
    )


async def _hello(client: RemoteClient) -> RemoteClient:
    """``client`` connected and welcomed."""
    try:
        await client.connect()
    except ServerRefused as exc:
        raise RuntimeError(f"hello refused: {exc.error}") from None
    return client


@dataclass
class Table:
    """A benchmark table: its four players."""

    players: list[Player]


async def _seat_table(
    servers: list[Server],
    tokens: list[str],
    stats: Stats,
    rng: random.Random,
    rules: str,
) -> Table:
    players = []
    for token, server in zip(tokens, servers, strict=True):
        player = Player(server.ws, token, stats, random.Random(rng.random()))
        await _hello(player.client)
        players.append(player)
    table = Table(players)
    options = TableOptions(rules=rules, turn_time=0, public=False, bot_level="easy")
    creator = players[0]
    created = await creator.request(
        CreateTable(id=creator.client.next_id(), options=options, seat=0)
    )
    table_id = str(created.table)
    run = TableRun()
    for seat, player in enumerate(players):
        player.table_id = table_id
        player.run = run
        player.seat = seat
    await creator.request(Subscribe(id=creator.client.next_id(), table=table_id))
    for _ in range(3000):  # the sync follows the subscribe ack
        if creator.last_info is not None:
            break
        await asyncio.sleep(0.01)
    else:
        raise RuntimeError("no sync after subscribe")
    code = creator.last_info.code
    for seat, player in enumerate(players[1:], start=1):
        await player.request(Join(id=player.client.next_id(), code=code, seat=seat))
        await player.request(Subscribe(id=player.client.next_id(), table=table_id))
    return table


def _percentiles(samples: list[float]) -> dict[str, float | int]:
    """The nearest-rank percentiles of ``samples`` (seconds) in ms, as ``cuatrola duel``
    gives them, with their mean."""
    if not samples:
        return {"count": 0}
    ms = decision_percentiles_ms(samples)
    return {
        "count": len(samples),
        **{f"{key}_ms": round(ms[key], 2) for key in ("p50", "p90", "p99", "max")},
        "mean_ms": round(statistics.fmean(samples) * 1000, 2),
    }


@dataclass(frozen=True)
class CpuTimes:
    """CPU seconds of a server process so far (Linux ``/proc``; zeros where unknown): the
    whole process, and its main thread, which runs the event loop (its sockets, tables and
    frames); the rest is the store's commit thread, the history's and any other."""

    user: float = 0.0
    system: float = 0.0
    loop_user: float = 0.0
    loop_system: float = 0.0

    @staticmethod
    def of(pid: int) -> CpuTimes:
        """The process ``pid``'s times now."""
        process = _user_system(Path(f"/proc/{pid}/stat"))
        # A process's main thread is the task whose id is the process's.
        loop = _user_system(Path(f"/proc/{pid}/task/{pid}/stat"))
        if process is None:
            return CpuTimes()
        return CpuTimes(*process, *(loop or (0.0, 0.0)))

    def __add__(self, other: CpuTimes) -> CpuTimes:
        return CpuTimes(*(a + b for a, b in zip(self.fields(), other.fields(), strict=True)))

    def __sub__(self, other: CpuTimes) -> CpuTimes:
        return CpuTimes(*(a - b for a, b in zip(self.fields(), other.fields(), strict=True)))

    def fields(self) -> tuple[float, float, float, float]:
        """The four times, in the order of the constructor."""
        return (self.user, self.system, self.loop_user, self.loop_system)

    @property
    def total(self) -> float:
        """User and system time of the whole process."""
        return self.user + self.system

    def split_ms_per_move(self, moves: int) -> dict[str, float]:
        """Where a move's CPU went, in milliseconds: the event loop's thread and the others,
        user and system time each (they add up to the process's)."""
        per = 1000 / moves
        return {
            "event_loop_user": round(self.loop_user * per, 3),
            "event_loop_system": round(self.loop_system * per, 3),
            "other_threads_user": round((self.user - self.loop_user) * per, 3),
            "other_threads_system": round((self.system - self.loop_system) * per, 3),
        }


def _user_system(stat: Path) -> tuple[float, float] | None:
    """The user and system CPU seconds in a ``/proc`` stat file, ``None`` if unreadable."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _servers_cpu(servers: list[Server]) -> CpuTimes:
    """The summed CPU times of every server process."""
    total = CpuTimes()
    for server in servers:
        total += CpuTimes.of(server.process.pid)
    return total


async def _close_all(clients: list[RemoteClient]) -> None:
    """Close every client (each waits for its reading task); cancel what is left after 10 s."""
    closing = [asyncio.create_task(client.close()) for client in clients]
    _, still = await asyncio.wait(closing, timeout=10) if closing else (set(), set())
    for task in still:
        task.cancel()
    for client in clients:
        if client.reader is not None and not client.reader.done():
            client.reader.cancel()


def _stop_players(tables: list[Table]) -> list[RemoteClient]:
    """Stop every player from acting; return their clients."""
    players = [p for t in tables for p in t.players]
    for player in players:
        player.stopped = True
        if player.waiting is not None:
            player.waiting.cancel()
    return [p.client for p in players]


def _placement(servers: list[Server], index: int, placement: str) -> list[Server]:
    """The nodes of the four players of table ``index``: the first one's node runs it."""
    first = index % len(servers)
    if placement == "local":
        return [servers[first]] * 4
    return [servers[(first + seat) % len(servers)] for seat in range(4)]


async def _play_phase(servers: list[Server], args: argparse.Namespace) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(args.seed)
    tokens = await _guests(servers[0].http, 4 * args.tables)
    tables: list[Table] = []
    limit = asyncio.Semaphore(8)

    async def seat(index: int) -> None:
        async with limit:
            group = tokens[4 * index : 4 * index + 4]
            nodes = _placement(servers, index, args.placement)
            tables.append(await _seat_table(nodes, group, stats, rng, args.rules))

    started = time.perf_counter()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(seat(i) for i in range(args.tables))), STARTUP_TIMEOUT * 2
        )
        setup = time.perf_counter() - started
        await asyncio.sleep(args.warmup)
        before = _servers_cpu(servers)
        own_cpu = time.process_time()
        stats.measuring = True
        begin = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - begin
        server = _servers_cpu(servers) - before
        own_cpu = time.process_time() - own_cpu
    finally:
        await _close_all(_stop_players(tables))
    remote = 0
    for index in range(args.tables):
        first, *others = _placement(servers, index, args.placement)
        remote += sum(1 for other in others if other is not first)
    return {
        "tables": args.tables,
        "nodes": len(servers),
        "placement": args.placement if len(servers) > 1 else "local",
        # The share of players whose commands the table's node gets forwarded.
        "forwarded_share": round(remote / (4 * args.tables), 2) if args.tables else 0.0,
        "clients": 4 * args.tables,
        "rules": args.rules,
        "setup_seconds": round(setup, 2),
        "seconds": round(elapsed, 2),
        "moves": stats.moves,
        "moves_per_second": round(stats.moves / elapsed, 1),
        "matches_finished": stats.matches,
        "move_to_broadcast": _percentiles(stats.broadcast),
        "move_to_ack": _percentiles(stats.ack),
        "errors": stats.errors,
        "paced_moves": stats.paced,
        "server_cpu_percent": round(100 * server.total / elapsed, 1),
        # CPU time per move: what a move costs the server, whatever else runs on the machine.
        "server_cpu_ms_per_move": round(1000 * server.total / stats.moves, 3)
        if stats.moves
        else None,
        "server_cpu_split_ms_per_move": server.split_ms_per_move(stats.moves)
        if stats.moves
        else None,
        "loadgen_cpu_percent": round(100 * own_cpu / elapsed, 1),
    }


# The connection phase -------------------------------------------------------------------------


async def _connection_phase(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    count = args.connections
    # One guest per 10 connections: several tabs per user is normal, and it keeps setup short.
    tokens = await _guests(server.http, max(1, count // 10))
    sockets: list[RemoteClient] = []
    failures: dict[str, int] = {}
    limit = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def open_one(n: int) -> None:
        async with limit:
            try:
                sockets.append(await _hello(_client(server.ws, tokens[n % len(tokens)])))
            except (OSError, RuntimeError, TimeoutError) as exc:  # ConnectionLost: an OSError
                name = type(exc).__name__
                failures[name] = failures.get(name, 0) + 1

    started = time.perf_counter()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(open_one(n) for n in range(count))), STARTUP_TIMEOUT * 4
        )
        opened = time.perf_counter() - started
        await asyncio.sleep(args.hold)

        async def ping(client: RemoteClient, nonce: int) -> bool:
            try:
                await client.ping(nonce, timeout=30)
            except (OSError, TimeoutError):  # ConnectionLost is an OSError
                return False
            return True

        limit_ping = asyncio.Semaphore(256)

        async def bounded_ping(client: RemoteClient, nonce: int) -> bool:
            async with limit_ping:
                return await ping(client, nonce)

        answers = await asyncio.gather(*(bounded_ping(ws, n) for n, ws in enumerate(sockets)))
        server_rss = _rss_mib(server.process.pid)
    finally:
        await _close_all(sockets)
    return {
        "requested": count,
        "opened": len(sockets),
        "open_seconds": round(opened, 2),
        "held_seconds": args.hold,
        "answered_ping_after_hold": sum(answers),
        "open_failures": failures,
        "server_rss_mib": server_rss,
    }


def _rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


# Entry point ----------------------------------------------------------------------------------


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    _raise_fd_limit(2 * args.connections + 8 * args.tables + 256)
    with tempfile.TemporaryDirectory(prefix="cuatrola-bench-") as tmp:
        servers = await _start_servers(Path(tmp), args)
        server = servers[0]
        result: dict[str, Any] = {
            "command": "cuatrola bench server " + " ".join(sys.argv[3:]),
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            # Other work on the machine competes for the same cores: say how much there was.
            "load_average_before": round(os.getloadavg()[0], 2),
        }
        try:
            if args.tables:
                result["play"] = await _play_phase(servers, args)
            if args.connections:
                result["connections"] = await _connection_phase(server, args)
        finally:
            for one in servers:
                _stop_server(one)
        result["server_exit_status"] = server.process.returncode
        result["load_average_after"] = round(os.getloadavg()[0], 2)
        return result


async def until_sigterm(work: Awaitable[_T]) -> _T:
    """``work``, cancelled by SIGTERM as Ctrl-C cancels it: its ``finally`` blocks run, so a
    benchmark stopped from outside still stops the servers it started.

    Raises:
        asyncio.CancelledError: when SIGTERM came.
    """
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        return await work
    finally:
        loop.remove_signal_handler(signal.SIGTERM)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print its figures; 1 if the server could not be driven."""
    deadline = args.seconds + args.warmup + args.hold + 900
    try:
        result = asyncio.run(until_sigterm(asyncio.wait_for(_run(args), deadline)))
    except (RuntimeError, OSError, TimeoutError, httpx.HTTPError) as exc:
        print(f"cuatrola bench server: {exc}", file=sys.stderr)
        return 1
    except asyncio.CancelledError:
        print("cuatrola bench server: stopped by SIGTERM", file=sys.stderr)
        return STOPPED_BY_SIGTERM
    if args.json:
        print(json.dumps(result))
    else:
        _print(result)
    return 0


def _print(result: dict[str, Any]) -> None:
    print(
        f"machine: {result['cpus']} CPUs, load average {result['load_average_before']} before, "
        f"{result['load_average_after']} after"
    )
    play = result.get("play")
    if play:
        b, a = play["move_to_broadcast"], play["move_to_ack"]
        print(
            f"play: {play['tables']} tables ({play['clients']} clients) on {play['nodes']} "
            f"node(s), {play['placement']}, {round(100 * play['forwarded_share'])}% of the "
            f"players forwarded, {play['seconds']} s: "
            f"{play['moves_per_second']} moves/s ({play['moves']} moves, "
            f"{play['matches_finished']} matches)"
        )
        if b.get("count"):
            print(
                f"  move-to-broadcast: p50 {b['p50_ms']} ms, p90 {b['p90_ms']} ms, "
                f"p99 {b['p99_ms']} ms, max {b['max_ms']} ms ({b['count']} frames)"
            )
        if a.get("count"):
            print(f"  move-to-ack: p50 {a['p50_ms']} ms, p99 {a['p99_ms']} ms")
        print(
            f"  CPU: server {play['server_cpu_percent']}% "
            f"({play['server_cpu_ms_per_move']} ms per move), "
            f"load generator {play['loadgen_cpu_percent']}%; errors {play['errors']}"
        )
        split = play["server_cpu_split_ms_per_move"]
        if split:
            print(
                f"  CPU per move: event loop {split['event_loop_user']} ms user + "
                f"{split['event_loop_system']} ms system, other threads (commit, history) "
                f"{split['other_threads_user']} ms user + {split['other_threads_system']} ms "
                "system"
            )
    held = result.get("connections")
    if held:
        print(
            f"connections: {held['opened']}/{held['requested']} opened in "
            f"{held['open_seconds']} s, {held['answered_ping_after_hold']} answered a ping "
            f"after {held['held_seconds']} s; server RSS {held['server_rss_mib']} MiB"
        )
