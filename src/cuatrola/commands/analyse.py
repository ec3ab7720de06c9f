"""``cuatrola analyse RECORDS.jsonl``: the analysis after the hand of recorded hands, offline.

Reads ``cuatrola-hand/1`` records as ``cuatrola replay`` does (JSON Lines, one record or an
array, from a file or ``-`` for standard input), analyses every decision of the chosen seats
(all four by default) from each seat's view (docs/analysis.md), and prints a report, or with
``--json`` one :class:`~cuatrola.ai.analysis.MatchAnalysis` object. Hand ``i`` of the input
is analysed with seed ``S + i``, so the same input and seed give the same output.

Every record is checked before any is analysed: a bad record (or a line that is not JSON)
prints one line naming it on stderr and exits with status 1, with nothing on stdout. An
input that cannot be read or holds no record (empty, or ``[]``) exits with status 2; a closed
output pipe (``| head``) ends it quietly with status 0, as for ``replay``.
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from cuatrola.argtypes import bounded_int

NAME = "analyse"
HELP = "analyse every decision of recorded hands against the expert (a report or JSON)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "file", help="a record file (JSON Lines, a record or an array); - for stdin"
    )
    parser.add_argument(
        "--seat",
        type=bounded_int(0, 3),
        action="append",
        help="a seat to analyse, 0-3 (repeat for more; default all four)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled deals")
    parser.add_argument(
        "--samples", type=bounded_int(1, 10_000), default=None, help="deals per card decision"
    )
    parser.add_argument(
        "--no-hindsight", action="store_true", help="leave out the double-dummy values"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


class BadInput(Exception):
    """The input holds something that is not a valid record (the message says what)."""


def load_records(stream: IO[bytes]) -> list[Any]:
    """Every record of ``stream``, each checked by replaying it.

    Raises:
        BadInput: naming the first record (1-based) that is not JSON or not a valid record.
        InputError: when the input is empty.
    """
    from cuatrola.commands.replay import read_records
    from cuatrola.core.errors import RecordError
    from cuatrola.core.records import replay_record

    records: list[Any] = []
    for record, error in read_records(stream):
        number = len(records) + 1
        if error is not None:
            raise BadInput(f"record {number}: {error['error']}")
        try:
            replay_record(record)
        except RecordError as exc:
            raise BadInput(f"record {number}: {exc}") from None
        records.append(record)
    return records


def run(args: argparse.Namespace) -> int:
    """Analyse and print; see the module docstring for the exit status."""
    from cuatrola.commands.replay import with_input

    records: list[Any] = []

    def load(stream: IO[bytes]) -> int:
        try:
            records.extend(load_records(stream))
        except BadInput as exc:
            print(f"cuatrola analyse: {exc}", file=sys.stderr)
            return 1
        return 0

    # Analysed once the input is closed: every record is checked before any is analysed.
    return with_input("analyse", args.file, load) or _report(records, args)


def _report(records: list[Any], args: argparse.Namespace) -> int:
    from cuatrola.ai.analysis import analyse_match, analysis_config, encode
    from cuatrola.commands.analysis_report import print_report

    seats = sorted(set(args.seat)) if args.seat else [0, 1, 2, 3]
    analysis = analyse_match(
        records,
        seats,
        args.seed,
        config=analysis_config(args.samples),
        hindsight=not args.no_hindsight,
    )
    if args.json:
        sys.stdout.write(encode(analysis).decode() + "\n")
    else:
        print_report(analysis, sys.stdout)
    # Flushed here, so that a closed pipe ends the command line as it ends replay and verify
    # (cli.main) rather than when the interpreter flushes on exit.
    sys.stdout.flush()
    return 0
