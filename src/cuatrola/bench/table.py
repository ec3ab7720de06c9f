"""``cuatrola bench table``: the table's own work per move, without sockets or a database.

A sans-I/O :class:`~cuatrola.table.table.Table` with four seated guests plays seeded random
legal moves (a rematch after every match, no pause between hands, no cante window, the
turn timer off, ``exact11``). Each move is timed in two parts: :meth:`Table.handle`, and the
frames of the step's broadcasts for the four seats and ``--spectators`` spectators. The
frames are made two ways, in alternating rounds over the same moves:

- ``frames``: :meth:`Table.frames`, what the server's runner sends (the public part of a
  hand event converted and encoded once for all its recipients);
- ``whole copies``: each recipient's copy projected and encoded whole
  (``encode(table.project(...))``), which the frames must equal byte for byte.

Each figure is the median over the rounds of the microseconds per move; the ratio compares
the two ways within one run, so it is what compares across machines. A server's CPU per
move (``cuatrola bench server``) adds the websocket frames, their system calls and the
durable commit to this.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

import msgspec

from cuatrola.argtypes import bounded_int
from cuatrola.core.actions import format_action
from cuatrola.protocol.codec import encode
from cuatrola.protocol.ids import CommandId, TableId, UserId
from cuatrola.protocol.messages import Clock, TableOptions
from cuatrola.storage.base import TableKind, TableStatus
from cuatrola.table import Table, TableConfig
from cuatrola.table.commands import Act, Join, Rematch
from cuatrola.table.effects import Broadcast
from cuatrola.table.events import TableEvent

NAME = "table"
HELP = "the table's work per move: handling a move and framing it for every follower"

_GUESTS = tuple(UserId(f"guest-{seat}") for seat in range(4))
#: A running turn clock, as a broadcast carries one at a table with a turn timer.
_CLOCK = Clock(seat=0, remaining_ms=12_000, total_ms=15_000)

#: The frames of one event for the recipients at the given seats (``None``: a spectator).
Framer = Callable[[Table, TableEvent, list[int | None]], list[bytes]]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the benchmark's arguments."""
    parser.add_argument(
        "--moves",
        type=bounded_int(1, 10_000_000),
        default=5000,
        help="moves per round (default 5000)",
    )
    parser.add_argument(
        "--rounds",
        type=bounded_int(1, 1000),
        default=5,
        help="rounds of each way, alternating (default 5)",
    )
    parser.add_argument(
        "--spectators",
        type=bounded_int(0, 1000),
        default=0,
        help="spectators following the table besides its four seats (default 0)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the table (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def frames(table: Table, event: TableEvent, recipients: list[int | None]) -> list[bytes]:
    """The way the server sends: :meth:`Table.frames` (each distinct frame made once)."""
    made = table.frames(event, _CLOCK)
    return [made.for_recipient(seat) for seat in recipients]


def whole_copies(table: Table, event: TableEvent, recipients: list[int | None]) -> list[bytes]:
    """Each distinct recipient's copy projected and encoded whole (made once per seat, as
    the frames are)."""
    made: dict[int | None, bytes] = {}
    for seat in dict.fromkeys(recipients):
        made[seat] = encode(msgspec.structs.replace(table.project(event, seat), clock=_CLOCK))
    return [made[seat] for seat in recipients]


def seated_table(seed: int) -> Table:
    """A private table whose four seats are taken, its first hand dealt."""
    options = TableOptions(rules="exact11", turn_time=0)
    config = TableConfig(hand_pause=0, cante_window=0)
    table = Table(
        TableId("bench"), "BENCH", TableKind.PRIVATE, options, config, random.Random(seed)
    )
    for seat, user in enumerate(_GUESTS):
        table.handle(Join(user, f"Guest {seat}", seat, CommandId(f"join-{seat}")))
    return table


def play(moves: int, seed: int, spectators: int, framer: Framer) -> tuple[float, float]:
    """Play ``moves`` moves; the seconds spent in ``handle`` and in ``framer``."""
    table = seated_table(seed)
    rng = random.Random(seed)
    recipients: list[int | None] = [0, 1, 2, 3, *([None] * spectators)]
    clock = time.perf_counter
    handling = framing = 0.0
    made = commands = 0
    while made < moves:
        hand = table.hand
        if table.status != TableStatus.PLAYING or hand is None or hand.to_move is None:
            for user in _GUESTS:
                commands += 1
                table.handle(Rematch(user, True, CommandId(f"r{commands}")))
            continue
        commands += 1
        act = Act(
            _GUESTS[hand.to_move],
            format_action(rng.choice(hand.legal_actions())),
            None,
            None,
            CommandId(f"m{commands}"),
        )
        began = clock()
        step = table.handle(act)
        handled = clock()
        for effect in step.effects:
            if isinstance(effect, Broadcast):
                framer(table, effect.event, recipients)
        framing += clock() - handled
        handling += handled - began
        made += 1
    return handling, framing


def run(args: argparse.Namespace) -> int:
    """Alternate rounds of the two ways and print the medians per move and their ratio."""
    handling: list[float] = []
    timed: dict[str, list[float]] = {"frames": [], "whole_copies": []}
    ways: dict[str, Framer] = {"frames": frames, "whole_copies": whole_copies}
    for round_ in range(args.rounds):
        order = list(ways) if round_ % 2 == 0 else list(reversed(ways))
        for name in order:
            handle_s, frame_s = play(args.moves, args.seed, args.spectators, ways[name])
            handling.append(handle_s / args.moves * 1e6)
            timed[name].append(frame_s / args.moves * 1e6)
    frames_us = statistics.median(timed["frames"])
    whole_us = statistics.median(timed["whole_copies"])
    ratios = [f / w for f, w in zip(timed["frames"], timed["whole_copies"], strict=True)]
    summary = {
        "moves": args.moves,
        "rounds": args.rounds,
        "recipients": 4 + args.spectators,
        "seed": args.seed,
        "handle_us_per_move": round(statistics.median(handling), 1),
        "frames_us_per_move": round(frames_us, 1),
        "whole_copies_us_per_move": round(whole_us, 1),
        "frames_over_whole_copies": round(statistics.median(ratios), 3),
    }
    if args.json:
        print(json.dumps(summary), flush=True)
        return 0
    print(
        f"{args.moves} moves x {args.rounds} rounds, {summary['recipients']} recipients "
        f"(seed {args.seed}); medians per move:"
    )
    print(f"  handle:        {summary['handle_us_per_move']:8.1f} µs")
    print(f"  frames:        {summary['frames_us_per_move']:8.1f} µs  (what the server sends)")
    print(f"  whole copies:  {summary['whole_copies_us_per_move']:8.1f} µs")
    print(f"  frames / whole copies: {summary['frames_over_whole_copies']}")
    return 0
