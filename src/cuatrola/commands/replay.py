"""``cuatrola replay``: check and score ``cuatrola-hand/1`` records.

Reads one JSON record, or JSON Lines with one record per line, from a file or standard input
and prints one JSON object per record, in input order. Exit status: 0 when every record is
valid, 1 when any is invalid, 2 when the input is not JSON (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cuatrola.core.records import replay_summary

NAME = "replay"
HELP = "replay cuatrola-hand/1 records (a JSON object or JSON Lines) and print each result"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "file", nargs="?", default="-", help="a record file (JSON or JSON Lines); - for stdin"
    )


class InputError(Exception):
    """The input is not JSON (or cannot be read)."""


def parse_records(text: str) -> list[Any]:
    """The records in ``text``: one JSON value, or one per non-blank line.

    Raises:
        InputError: naming the line that is not JSON.
    """
    stripped = text.strip()
    if not stripped:
        raise InputError("the input is empty: expected a JSON record or JSON Lines")
    try:
        return [json.loads(stripped)]
    except json.JSONDecodeError:
        pass
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(f"line {number} is not JSON: {exc.msg}") from None
    return records


def run(args: argparse.Namespace) -> int:
    """Replay every record of the input; see the module docstring for the exit status."""
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        records = parse_records(text)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cuatrola replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    except InputError as exc:
        print(f"cuatrola replay: {exc}", file=sys.stderr)
        return 2
    status = 0
    for record in records:
        summary = replay_summary(record)
        if not summary["ok"]:
            status = 1
        print(json.dumps(summary))
    return status
