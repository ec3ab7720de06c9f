"""``cuatrola bench capacity``: how many tables against the computer one node holds.

The benchmark starts one real ``cuatrola serve`` the way ``cuatrola bench server`` does (a
subprocess on ``127.0.0.1``, a temporary SQLite database with the server's durable commits, a
temporary data directory, ``--no-analysis``, no cante or shuffle windows) with the server's
default computer players: its bot workers, ``bot_delay`` and ``bot_budget``. It then opens
tables against the computer in steps (``--steps``, by default 1, 2, 4, 8, 16, 32 tables; each
step adds tables to those already playing): each table is one ``play_computer`` from one
scripted person (seat 0) with three computer players at ``--level``. The person is the bench
server's client (:class:`cuatrola.bench.server.Player`, on
:class:`~cuatrola.clients.remote.RemoteClient`): it plays a random legal action as soon as its
view offers one and accepts every rematch, so a table is as busy as its computer players let
it be (busier than a table where a person thinks).

After ``--warmup`` seconds each step measures for ``--seconds``, from the person's side, every
**computer move**: the time from receiving the event that made it a computer seat's turn
(its view's ``to_move`` is that seat) to receiving the event of that seat's move. The server
makes a computer move after ``max(bot_delay, thinking)``, thinking being the wait for a bot
worker plus the player's work within ``bot_budget``; a move is **late** when it takes longer
than ``bot_delay + bot_budget + --allowance`` (the allowance, 50 ms by default, covers the
commit of the move and both websocket frames). A turn begun in the window whose move has not
come when the window ends is counted as late if it has waited longer than that already.

A step **holds** when at most ``--max-late`` (0.1 % by default) of its computer moves are late
(and some were measured); stepping stops at the first step that does not. The **capacity** is
the largest step that held. Reported per step: tables, computer moves and their rate, the
computer-move time's median, p90, p99 and max, the late moves, the CPU of the server process
and of its child processes (the bot workers), the load generator's CPU and the machine's load
average (other work on a shared machine competes for the same cores).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import httpx

from cuatrola.argtypes import bounded_float, bounded_int
from cuatrola.bench.server import (
    STARTUP_TIMEOUT,
    STOPPED_BY_SIGTERM,
    CpuTimes,
    Player,
    Server,
    Stats,
    _close_all,
    _guests,
    _hello,
    _percentiles,
    _raise_fd_limit,
    _start_server,
    _stop_server,
    table_rules,
    until_sigterm,
)
from cuatrola.protocol import ServerMessage
from cuatrola.protocol.messages import BOT_LEVELS, Acted, Event, PlayComputer, Sync, TableOptions
from cuatrola.protocol.views import HandView
from cuatrola.server.settings import Settings

NAME = "capacity"
HELP = "how many tables of one person and three computer players one node holds in time"

MAX_TABLES: Final = 2000
MAX_SECONDS: Final = 600.0
DEFAULT_STEPS: Final = "1,2,4,8,16,32"
SEAT_CONCURRENCY: Final = 8


def _steps(text: str) -> list[int]:
    """``1,2,4``: increasing table counts, each from 1 to :data:`MAX_TABLES`."""
    try:
        steps = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers like 1,2,4, got {text!r}") from None
    if not steps or any(not 1 <= s <= MAX_TABLES for s in steps):
        raise argparse.ArgumentTypeError(f"expected steps from 1 to {MAX_TABLES}, got {text!r}")
    if any(b <= a for a, b in itertools.pairwise(steps)):
        raise argparse.ArgumentTypeError(f"expected increasing steps, got {text!r}")
    return steps


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument(
        "--level", choices=BOT_LEVELS, default="expert", help="computer players' level (expert)"
    )
    parser.add_argument(
        "--steps",
        type=_steps,
        default=_steps(DEFAULT_STEPS),
        metavar="N,N,...",
        help=f"table counts to try, increasing (default {DEFAULT_STEPS})",
    )
    parser.add_argument(
        "--seconds",
        type=bounded_float(1, MAX_SECONDS, "seconds"),
        default=30.0,
        help="measured seconds per step (default 30)",
    )
    parser.add_argument(
        "--warmup",
        type=bounded_float(0, 120, "seconds"),
        default=5.0,
        help="seconds of play after a step's tables open, before measuring (default 5)",
    )
    parser.add_argument(
        "--allowance",
        type=bounded_float(0, 5, "seconds"),
        default=0.05,
        help="seconds allowed over bot delay + budget for the commit and the frames (0.05)",
    )
    parser.add_argument(
        "--max-late",
        type=bounded_float(0, 1, "fraction"),
        default=0.001,
        help="largest fraction of late computer moves a step may have and hold (0.001)",
    )
    parser.add_argument(
        "--bot-workers",
        type=bounded_int(0, 64),
        default=None,
        help="the server's bot processes (default: the server's own default)",
    )
    parser.add_argument(
        "--bot-delay",
        type=bounded_float(0, 10, "seconds"),
        default=None,
        help="the server's least seconds per computer move (default: the server's own)",
    )
    parser.add_argument(
        "--rules",
        type=table_rules,
        default="exact11",
        help="table rules preset, as the protocol takes it (default exact11)",
    )
    parser.add_argument(
        "--hand-pause",
        type=bounded_float(0, 10, "seconds"),
        default=0.0,
        help="the server's pause between hands (default 0: tables as busy as they can be)",
    )
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="extra argument for `cuatrola serve` (repeatable), e.g. --server-arg=--cante-window=3",
    )
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the person's random moves")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


# Measuring computer moves ---------------------------------------------------------------------


@dataclass
class Meter:
    """The computer moves of the current step's window (seconds, turn event to move event)."""

    measuring: bool = False
    begin: float = 0.0
    samples: list[float] = field(default_factory=list)

    def moved(self, began: float, received: float) -> None:
        if self.measuring and began >= self.begin:
            self.samples.append(received - began)


class Person(Player):
    """The scripted person of a table against the computer (seat 0): the bench server's
    player, which also times the computer seats' moves."""

    def __init__(
        self, url: str, token: str, stats: Stats, rng: random.Random, meter: Meter
    ) -> None:
        super().__init__(url, token, stats, rng)
        self.meter = meter
        # The computer seat whose move is awaited, and when the event of its turn came.
        self.turn: tuple[int, float] | None = None

    async def _on_message(self, message: ServerMessage) -> None:
        # The sync (and the first events) may come before the play_computer ack is read.
        if not self.table_id and isinstance(message, (Sync, Event)):
            self.table_id = message.table
        await super()._on_message(message)

    async def _on_event(self, message: Event, received: float) -> None:
        body = message.body
        turn = self.turn
        if isinstance(body, Acted) and turn is not None and body.seat == turn[0]:
            self.meter.moved(turn[1], received)
        view = getattr(body, "view", None)
        if isinstance(view, HandView):
            # Every view after a move, a deal or a cante window says whose turn it is now.
            to_move = view.to_move
            self.turn = (to_move, received) if to_move not in (None, self.seat) else None
        await super()._on_event(message, received)


async def _open_table(person: Person, args: argparse.Namespace, limit: asyncio.Semaphore) -> None:
    """Connect ``person`` and open its table against the computer."""
    async with limit:
        await _hello(person.client)
        options = TableOptions(rules=args.rules, turn_time=0, public=False, bot_level=args.level)
        ack = await person.request(PlayComputer(id=person.client.next_id(), options=options))
    person.table_id = str(ack.table)
    person.seat = 0


# Process CPU ----------------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, and theirs (Linux /proc)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _cpu(server: Server) -> tuple[float, float]:
    """CPU seconds of the server process, and of its child processes (the bot workers)."""
    pid = server.process.pid
    return CpuTimes.of(pid).total, sum(CpuTimes.of(child).total for child in _children(pid))


# The steps ------------------------------------------------------------------------------------


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The computer players' settings the server runs with."""
    defaults = Settings()
    workers = defaults.bot_workers if args.bot_workers is None else args.bot_workers
    delay = defaults.bot_delay if args.bot_delay is None else args.bot_delay
    budget = defaults.bot_budget  # not an option of `cuatrola serve`
    return {
        "bot_workers": workers,
        "bot_delay_s": delay,
        "bot_budget_s": budget,
        "allowance_s": args.allowance,
        "late_over_ms": round(1000 * (delay + budget + args.allowance), 1),
    }


async def _step(
    server: Server,
    args: argparse.Namespace,
    people: list[Person],
    meter: Meter,
    stats: Stats,
    limit: float,
) -> dict[str, Any]:
    """Measure one step's window on the tables of ``people``."""
    meter.samples = []
    stats.moves = 0
    stats.errors = {}
    load_before = os.getloadavg()[0]
    server_cpu, workers_cpu = _cpu(server)
    own_cpu = time.process_time()
    begin = time.perf_counter()
    meter.begin = begin
    meter.measuring = stats.measuring = True
    await asyncio.sleep(args.seconds)
    meter.measuring = stats.measuring = False
    end = time.perf_counter()
    elapsed = end - begin
    server_after, workers_after = _cpu(server)
    own_cpu = time.process_time() - own_cpu
    samples = list(meter.samples)
    # Turns still waiting for their move at the end, begun in the window and over the limit.
    waiting = sum(
        1 for p in people if p.turn is not None and p.turn[1] >= begin and end - p.turn[1] > limit
    )
    late = sum(1 for s in samples if s > limit) + waiting
    counted = len(samples) + waiting
    late_fraction = late / counted if counted else None
    return {
        "tables": len(people),
        "seconds": round(elapsed, 2),
        "computer_moves": len(samples),
        "computer_moves_per_second": round(len(samples) / elapsed, 2),
        "computer_move": _percentiles(samples),
        "late": late,
        "still_waiting_late": waiting,
        "late_fraction": round(late_fraction, 5) if late_fraction is not None else None,
        "holds": late_fraction is not None and late_fraction <= args.max_late,
        "person_moves": stats.moves,
        "errors": dict(stats.errors),
        "server_cpu_percent": round(100 * (server_after - server_cpu) / elapsed, 1),
        "workers_cpu_percent": round(100 * (workers_after - workers_cpu) / elapsed, 1),
        "loadgen_cpu_percent": round(100 * own_cpu / elapsed, 1),
        "load_average_before": round(load_before, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
    }


async def _steps_run(
    server: Server, args: argparse.Namespace, limit: float
) -> list[dict[str, Any]]:
    stats = Stats()
    meter = Meter()
    rng = random.Random(args.seed)
    people: list[Person] = []
    results: list[dict[str, Any]] = []
    seat_limit = asyncio.Semaphore(SEAT_CONCURRENCY)
    try:
        for tables in args.steps:
            new = tables - len(people)
            tokens = await _guests(server.http, new)
            added = [
                Person(server.ws, token, stats, random.Random(rng.random()), meter)
                for token in tokens
            ]
            people.extend(added)
            started = time.perf_counter()
            await asyncio.wait_for(
                asyncio.gather(*(_open_table(p, args, seat_limit) for p in added)),
                STARTUP_TIMEOUT * 2,
            )
            setup = time.perf_counter() - started
            await asyncio.sleep(args.warmup)
            result = await _step(server, args, people, meter, stats, limit)
            result["setup_seconds"] = round(setup, 2)
            results.append(result)
            if not result["holds"]:
                break
    finally:
        for person in people:
            person.stopped = True
            if person.waiting is not None:
                person.waiting.cancel()
        await _close_all([p.client for p in people])
    return results


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    settings = _settings(args)
    limit = settings["late_over_ms"] / 1000
    _raise_fd_limit(4 * max(args.steps) + 256)
    server_args = list(args.server_arg)
    if args.bot_workers is not None:
        server_args.append(f"--bot-workers={args.bot_workers}")
    if args.bot_delay is not None:
        server_args.append(f"--bot-delay={args.bot_delay}")
    server_namespace = argparse.Namespace(
        db=args.db, hand_pause=args.hand_pause, server_arg=server_args
    )
    with tempfile.TemporaryDirectory(prefix="cuatrola-bench-") as tmp:
        server = await _start_server(Path(tmp), server_namespace)
        result: dict[str, Any] = {
            "command": "cuatrola bench capacity " + " ".join(sys.argv[3:]),
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "level": args.level,
            "rules": args.rules,
            "hand_pause_s": args.hand_pause,
            "server_args": server_args,
            **settings,
            "max_late_fraction": args.max_late,
            "load_average_before": round(os.getloadavg()[0], 2),
        }
        try:
            steps = await _steps_run(server, args, limit)
        finally:
            _stop_server(server)
        held = [s["tables"] for s in steps if s["holds"]]
        result["steps"] = steps
        result["capacity_tables"] = max(held) if held else 0
        # Every step held: the capacity is at least the last one, not known above it.
        result["capacity_is_lower_bound"] = bool(steps) and all(s["holds"] for s in steps)
        result["server_exit_status"] = server.process.returncode
        result["load_average_after"] = round(os.getloadavg()[0], 2)
        return result


def run(args: argparse.Namespace) -> int:
    """Run the benchmark and print its figures; 1 if the server could not be driven."""
    deadline = len(args.steps) * (args.seconds + args.warmup + STARTUP_TIMEOUT * 2) + 120
    try:
        result = asyncio.run(until_sigterm(asyncio.wait_for(_run(args), deadline)))
    except (RuntimeError, OSError, TimeoutError, httpx.HTTPError) as exc:
        print(f"cuatrola bench capacity: {exc}", file=sys.stderr)
        return 1
    except asyncio.CancelledError:
        print("cuatrola bench capacity: stopped by SIGTERM", file=sys.stderr)
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
    print(
        f"computer players: {result['level']}, {result['bot_workers']} bot worker(s), "
        f"delay {result['bot_delay_s']} s, budget {result['bot_budget_s']} s; a move is late "
        f"over {result['late_over_ms']} ms"
    )
    header = (
        f"{'tables':>6} {'moves':>6} {'moves/s':>8} {'p50 ms':>8} {'p90 ms':>8} "
        f"{'p99 ms':>8} {'max ms':>8} {'late':>10} {'server':>7} {'workers':>8} {'load':>5}"
    )
    print(header)
    for step in result["steps"]:
        move = step["computer_move"]
        fraction = step["late_fraction"]
        late = f"{step['late']} ({100 * fraction:.1f}%)" if fraction is not None else "-"
        times = [
            f"{move[key]:>8.1f}" if key in move else f"{'-':>8}"
            for key in ("p50_ms", "p90_ms", "p99_ms", "max_ms")
        ]
        print(
            f"{step['tables']:>6} {step['computer_moves']:>6} "
            f"{step['computer_moves_per_second']:>8.2f} {' '.join(times)} {late:>10} "
            f"{step['server_cpu_percent']:>6.1f}% {step['workers_cpu_percent']:>7.1f}% "
            f"{step['load_average_after']:>5.2f}"
        )
    bound = " (every step held: at least that)" if result["capacity_is_lower_bound"] else ""
    print(
        f"capacity: {result['capacity_tables']} tables{bound}, the largest step with at most "
        f"{100 * result['max_late_fraction']:g}% of its computer moves late"
    )
