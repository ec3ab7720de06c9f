"""``cuatrola duel``: a duplicate match between two computer players (see
:mod:`cuatrola.clients.duel`, which plays it, and :mod:`cuatrola.ai.duel`, what it measures).

Exit status 0 on success, 2 on bad arguments (one line on stderr; a player that cannot be
loaded or built is one), 1 when a player fails while playing: one line naming the exception
and the player's own ``file:line``, or with ``--traceback`` the whole traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from typing import IO, Any

from cuatrola.argtypes import bounded_float, bounded_int

NAME = "duel"
HELP = "duplicate duel between two computer players (every deal twice, seats swapped)"


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer seed, got {text!r}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "--a",
        required=True,
        metavar="NAME",
        help="first agent: a registered name (e.g. expert), an installed plug-in's name or "
        "package.module:Class",
    )
    parser.add_argument(
        "--b", required=True, metavar="NAME", help="second agent (e.g. greedy), as --a"
    )
    parser.add_argument(
        "--deals",
        type=bounded_int(1, 1_000_000),
        default=100,
        help="deal pairs (matches on track match)",
    )
    parser.add_argument("--seed", type=_seed, default=1, help="seed of the deals (default 1)")
    parser.add_argument(
        "--track",
        choices=("play", "hands", "match"),
        default="play",
        help="play (default): card play only, every bid is a forced pass, so a bot's bidding "
        "code is not asked; hands: with bidding, each hand at 0-0; match: whole matches to 11",
    )
    parser.add_argument(
        "--budget",
        type=bounded_float(0.001, 60, "seconds"),
        metavar="SECONDS",
        help="time budget per decision, as the server gives (default: none, so that the "
        "duel is reproducible from its seed); the summary warns about decisions over it",
    )
    parser.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=1,
        metavar="N",
        help="worker processes playing deals side by side (default 1); the results and "
        "records are the same for any N, only the decision times see the shared machine",
    )
    parser.add_argument("--records", metavar="FILE", help="write every hand as JSON Lines")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--traceback",
        action="store_true",
        help="when a player fails, print the whole traceback instead of one line",
    )


def run(args: argparse.Namespace) -> int:
    """Run the duel and print its summary."""
    from cuatrola.ai.base import NotAPlayerError, checked_player, describe_failure, player_factory
    from cuatrola.ai.duel import DuelError, DuelSummary, ProgressHook, format_summary
    from cuatrola.clients.duel import run_duel

    for name in (args.a, args.b):
        try:
            factory = player_factory(name)
        except ValueError as exc:
            print(f"cuatrola duel: {exc}", file=sys.stderr)
            return 2
        try:
            # A bad argument too: the class cannot be built, or is no player, so nothing plays.
            checked_player(factory(), name)
        except NotAPlayerError as exc:
            print(f"cuatrola duel: {exc}", file=sys.stderr)
            return 2
        except Exception as exc:
            if args.traceback:
                traceback.print_exc()
            print(
                f"cuatrola duel: player {name!r} could not be built: {describe_failure(exc)}",
                file=sys.stderr,
            )
            return 2
    handle: IO[str] | None = None
    if args.records:
        try:
            handle = open(args.records, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            print(f"cuatrola duel: cannot write {args.records}: {exc}", file=sys.stderr)
            return 2

    def write(record: dict[str, Any]) -> None:
        assert handle is not None
        handle.write(json.dumps(record) + "\n")

    def duel(progress: ProgressHook | None = None) -> DuelSummary:
        return run_duel(
            args.a,
            args.b,
            args.deals,
            args.seed,
            args.track,
            records=write if handle else None,
            progress=progress,
            budget=args.budget,
            jobs=args.jobs,
        )

    show_bar = sys.stdout.isatty() and not args.json
    try:
        if show_bar:
            from rich.progress import Progress

            with Progress(transient=True) as bar:
                task = bar.add_task(f"{args.a} vs {args.b}", total=args.deals)
                summary = duel(lambda done: bar.update(task, completed=done))
        else:
            summary = duel()
    except DuelError as exc:
        if args.traceback:
            traceback.print_exception(exc)
        print(f"cuatrola duel: {exc}", file=sys.stderr)
        return 1
    finally:
        if handle is not None:
            handle.close()
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        print(format_summary(summary))
    return 0
