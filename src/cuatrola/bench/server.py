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
CPU use is part of the measurement's limits (it is reported).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import httpx
import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cuatrola.argtypes import bounded_float, bounded_int

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

_decode = msgspec.json.Decoder().decode
_encoder = msgspec.json.Encoder()


def _encode(message: object) -> str:
    """A client frame as text: the protocol's frames are JSON text frames, never binary."""
    return _encoder.encode(message).decode()


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
    parser.add_argument("--rules", default="exact11", help="table rules preset (default exact11)")
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
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' random moves")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


# The server subprocess ------------------------------------------------------------------------


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


async def _start_server(directory: Path, args: argparse.Namespace) -> Server:
    port = _free_port()
    db = args.db or f"sqlite+aiosqlite:///{directory / 'bench.db'}"
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
        # Moves per second are measured without the fixed pauses of the cante windows.
        "--cante-window",
        "0",
        *args.server_arg,
    ]
    env = {**os.environ, "CUATROLA_DATA": str(directory / "data")}
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, port, log)
    deadline = time.monotonic() + STARTUP_TIMEOUT
    async with httpx.AsyncClient(timeout=2.0) as http:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with status {process.returncode}:\n{_tail(log)}"
                )
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(server.http + "/healthz")).status_code == 200:
                    return server
            await asyncio.sleep(0.2)
    _stop_server(server)
    raise RuntimeError(f"the server did not answer /healthz in {STARTUP_TIMEOUT:.0f} s")


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

    def __init__(self, ws: ClientConnection, stats: Stats, rng: random.Random) -> None:
        self.ws = ws
        self.stats = stats
        self.rng = rng
        self.table_id = ""
        self.run = TableRun()
        self.seq = 0
        self.counter = 0
        self.seat = 0
        self.last_info: dict[str, Any] | None = None
        self.pending: dict[str, float] = {}  # act id -> send time
        self.acted_seq = -1  # the seq of the last view we acted on
        # A view (and its seq) that came while an act was pending.
        self.deferred: tuple[dict[str, Any], int] | None = None
        # The last view that offered us a move, to retry if the move is refused.
        self.last_view: tuple[dict[str, Any], int] | None = None
        self.retries = 0
        self.tokens = CLIENT_BURST
        self.stamp = time.monotonic()
        self.waiting: asyncio.Task[None] | None = None  # a paced move, sent when due
        self.paced_view: tuple[dict[str, Any], int] | None = None  # the view it will act on
        self.replies: dict[str, asyncio.Future[dict[str, Any]]] = {}

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
            with contextlib.suppress(ConnectionClosed):
                await self._act(*latest)

    def _id(self) -> str:
        self.counter += 1
        return f"c{self.counter}"

    async def request(self, message: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        """Send a command and wait for its ack (raises on an error reply)."""
        command_id = self._id()
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.replies[command_id] = future
        await self.ws.send(_encode({**message, "id": command_id}))
        reply = await asyncio.wait_for(future, timeout)
        if reply.get("type") == "error":
            raise RuntimeError(f"{message['type']} refused: {reply.get('code')} {reply}")
        return reply

    async def _act(self, view: dict[str, Any], seq: int) -> None:
        """Play a random legal action on the view of event ``seq``, once per state."""
        legal = view.get("legal") or []
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
        command_id = self._id()
        now = time.perf_counter()
        self.pending[command_id] = now
        self.run.sent[seq] = now
        await self.ws.send(
            _encode({"type": "act", "id": command_id, "table": self.table_id, "action": action})
        )

    async def listen(self, stop: asyncio.Event) -> None:
        """Handle frames until ``stop`` is set or the socket closes."""
        stats = self.stats
        try:
            async for frame in self.ws:
                received = time.perf_counter()
                message = _decode(frame)
                kind = message.get("type")
                if kind == "event":
                    await self._on_event(message, received)
                elif kind == "error" and message.get("id") is None and self.pending:
                    # Refused before its id was read (rate limit): the move did not happen.
                    code = str(message.get("code"))
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                    self.pending.clear()
                    await self._retry()
                elif kind == "ack" or kind == "error":
                    command_id = message.get("id")
                    sent = self.pending.pop(command_id, None) if command_id else None
                    if sent is not None:
                        if kind == "ack" and stats.measuring:
                            stats.moves += 1
                            stats.ack.append(received - sent)
                        elif kind == "error":
                            code = str(message.get("code"))
                            stats.errors[code] = stats.errors.get(code, 0) + 1
                            await self._retry()
                    if sent is not None and self.deferred is not None:
                        await self._act(*self.deferred)
                    future = self.replies.pop(command_id, None) if command_id else None
                    if future is not None and not future.done():
                        future.set_result(message)
                elif kind == "sync":
                    self.seq = int(message.get("seq", 0))
                    self.last_info = message.get("info")
                    view = message.get("view")
                    if view:
                        await self._act(view, self.seq)
                if stop.is_set():
                    return
        except ConnectionClosed:
            return

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

    async def _on_event(self, message: dict[str, Any], received: float) -> None:
        seq = int(message["seq"])
        self.seq = seq
        body = message.get("body") or {}
        kind = body.get("kind")
        if kind == "action":
            sent = self.run.sent.get(seq - 1)
            if sent is not None and self.stats.measuring:
                self.stats.broadcast.append(received - sent)
            if seq % 64 == 0:
                for old in [s for s in self.run.sent if s < seq - 64]:
                    del self.run.sent[old]
        elif kind == "match_end":
            if self.seat == 0 and self.stats.measuring:
                self.stats.matches += 1
            self._take_token()
            await self.ws.send(
                _encode(
                    {"type": "rematch", "id": self._id(), "table": self.table_id, "accept": True}
                )
            )
            return
        view = body.get("view")
        if view:
            await self._act(view, seq)


async def _hello(url: str, token: str) -> ClientConnection:
    ws = await connect(url, open_timeout=30, max_size=2**20, ping_interval=None)
    await ws.send(_encode({"type": "hello", "token": token, "client": "bench/1"}))
    reply = _decode(await asyncio.wait_for(ws.recv(), 30))
    if reply.get("type") != "welcome":
        await ws.close()
        raise RuntimeError(f"hello refused: {reply}")
    return ws


@dataclass
class Table:
    """A benchmark table: its four players and their listening tasks."""

    players: list[Player]
    tasks: list[asyncio.Task[None]]


async def _seat_table(
    server: Server,
    tokens: list[str],
    stats: Stats,
    rng: random.Random,
    rules: str,
    stop: asyncio.Event,
) -> Table:
    players = [
        Player(await _hello(server.ws, token), stats, random.Random(rng.random()))
        for token in tokens
    ]
    tasks = [asyncio.create_task(p.listen(stop)) for p in players]
    table = Table(players, tasks)
    options = {"rules": rules, "turn_time": 0, "public": False, "bot_level": "easy"}
    creator = players[0]
    created = await creator.request({"type": "create_table", "options": options, "seat": 0})
    table_id = str(created["table"])
    run = TableRun()
    for seat, player in enumerate(players):
        player.table_id = table_id
        player.run = run
        player.seat = seat
    await creator.request({"type": "subscribe", "table": table_id})
    for _ in range(3000):  # the sync follows the subscribe ack
        if creator.last_info is not None:
            break
        await asyncio.sleep(0.01)
    else:
        raise RuntimeError("no sync after subscribe")
    code = creator.last_info["code"]
    for seat, player in enumerate(players[1:], start=1):
        await player.request({"type": "join", "code": code, "seat": seat})
        await player.request({"type": "subscribe", "table": table_id})
    return table


def _percentiles(samples: list[float]) -> dict[str, float | int]:
    if not samples:
        return {"count": 0}
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

    return {
        "count": len(ordered),
        "p50_ms": at(0.50),
        "p90_ms": at(0.90),
        "p99_ms": at(0.99),
        "max_ms": round(ordered[-1] * 1000, 2),
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2),
    }


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc), 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _close_all(tables: list[Table], stop: asyncio.Event) -> None:
    stop.set()
    for player in (p for t in tables for p in t.players):
        if player.waiting is not None:
            player.waiting.cancel()
    sockets = [p.ws for t in tables for p in t.players]
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
    tasks = [task for t in tables for task in t.tasks]
    _, still = await asyncio.wait(tasks, timeout=10) if tasks else (set(), set())
    for task in still:
        task.cancel()


async def _play_phase(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(args.seed)
    stop = asyncio.Event()
    tokens = await _guests(server.http, 4 * args.tables)
    tables: list[Table] = []
    limit = asyncio.Semaphore(8)

    async def seat(index: int) -> None:
        async with limit:
            group = tokens[4 * index : 4 * index + 4]
            tables.append(await _seat_table(server, group, stats, rng, args.rules, stop))

    started = time.perf_counter()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(seat(i) for i in range(args.tables))), STARTUP_TIMEOUT * 2
        )
        setup = time.perf_counter() - started
        await asyncio.sleep(args.warmup)
        server_cpu = _cpu_seconds(server.process.pid)
        own_cpu = time.process_time()
        stats.measuring = True
        begin = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - begin
        server_cpu = _cpu_seconds(server.process.pid) - server_cpu
        own_cpu = time.process_time() - own_cpu
    finally:
        await _close_all(tables, stop)
    return {
        "tables": args.tables,
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
        "server_cpu_percent": round(100 * server_cpu / elapsed, 1),
        # CPU time per move: what a move costs the server, whatever else runs on the machine.
        "server_cpu_ms_per_move": round(1000 * server_cpu / stats.moves, 3)
        if stats.moves
        else None,
        "loadgen_cpu_percent": round(100 * own_cpu / elapsed, 1),
    }


# The connection phase -------------------------------------------------------------------------


async def _connection_phase(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    count = args.connections
    # One guest per 10 connections: several tabs per user is normal, and it keeps setup short.
    tokens = await _guests(server.http, max(1, count // 10))
    sockets: list[ClientConnection] = []
    failures: dict[str, int] = {}
    limit = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def open_one(n: int) -> None:
        async with limit:
            try:
                sockets.append(await _hello(server.ws, tokens[n % len(tokens)]))
            except (OSError, RuntimeError, TimeoutError, ConnectionClosed) as exc:
                name = type(exc).__name__
                failures[name] = failures.get(name, 0) + 1

    started = time.perf_counter()
    try:
        await asyncio.wait_for(
            asyncio.gather(*(open_one(n) for n in range(count))), STARTUP_TIMEOUT * 4
        )
        opened = time.perf_counter() - started
        await asyncio.sleep(args.hold)

        async def ping(ws: ClientConnection, nonce: int) -> bool:
            try:
                await ws.send(_encode({"type": "ping", "nonce": nonce}))
                while True:
                    reply = _decode(await asyncio.wait_for(ws.recv(), 30))
                    if reply.get("type") == "pong" and reply.get("nonce") == nonce:
                        return True
            except (OSError, TimeoutError, ConnectionClosed):
                return False

        limit_ping = asyncio.Semaphore(256)

        async def bounded_ping(ws: ClientConnection, nonce: int) -> bool:
            async with limit_ping:
                return await ping(ws, nonce)

        answers = await asyncio.gather(*(bounded_ping(ws, n) for n, ws in enumerate(sockets)))
        server_rss = _rss_mib(server.process.pid)
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
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
        server = await _start_server(Path(tmp), args)
        result: dict[str, Any] = {
            "command": "cuatrola bench server " + " ".join(sys.argv[3:]),
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            # Other work on the machine competes for the same cores: say how much there was.
            "load_average_before": round(os.getloadavg()[0], 2),
        }
        try:
            if args.tables:
                result["play"] = await _play_phase(server, args)
            if args.connections:
                result["connections"] = await _connection_phase(server, args)
        finally:
            _stop_server(server)
        result["server_exit_status"] = server.process.returncode
        result["load_average_after"] = round(os.getloadavg()[0], 2)
        return result


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print its figures; 1 if the server could not be driven."""
    try:
        result = asyncio.run(
            asyncio.wait_for(_run(args), args.seconds + args.warmup + args.hold + 900)
        )
    except (RuntimeError, OSError, TimeoutError, httpx.HTTPError) as exc:
        print(f"cuatrola bench server: {exc}", file=sys.stderr)
        return 1
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
            f"play: {play['tables']} tables ({play['clients']} clients), {play['seconds']} s: "
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
    held = result.get("connections")
    if held:
        print(
            f"connections: {held['opened']}/{held['requested']} opened in "
            f"{held['open_seconds']} s, {held['answered_ping_after_hold']} answered a ping "
            f"after {held['held_seconds']} s; server RSS {held['server_rss_mib']} MiB"
        )
