"""``cuatrola verify``: check the shuffle proof of ``cuatrola-hand/1`` records.

For each record (JSON Lines, one JSON record or a JSON array, as ``cuatrola replay`` reads
them) it checks that the record replays, and, when it holds a ``shuffle`` object, that the
commitment is SHA-256 of the seed, that the deck follows from the seed and the
contributions, and that this deck deals the record's hands and shown card (docs/records.md,
"The shuffle proof"). It prints one line per record::

    record 1: shuffle verified (commitment 66687aad..., 2 contributions)
    record 2: no shuffle proof: the record carries none, which is valid (...)
    record 3: does not match: commitment: SHA-256 of the seed is ..., the record commits to ...

Exit status: 0 when every record is valid and every proof holds (records without a proof
are valid), 1 when any proof does not match or any record or line is invalid, 2 when the
input cannot be read or holds no record (one line on stderr).
"""

from __future__ import annotations

import argparse
import sys
from typing import IO, Any

from cuatrola.commands.replay import read_records, with_input
from cuatrola.core.errors import RecordError
from cuatrola.core.records import replay_record
from cuatrola.core.shuffle import ShuffleMismatch, proof_from_json, verify_deal

NAME = "verify"
HELP = "check the shuffle proofs of cuatrola-hand/1 records (JSON Lines, a record or an array)"
#: The line of a valid record without a proof. Only hands dealt by a server since verifiable
#: shuffles carry one: a duel, the offline client or an older server deal without it.
NO_PROOF = (
    "no shuffle proof: the record carries none, which is valid "
    "(dealt offline or by a tool such as cuatrola duel)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument(
        "file", help="a record file (JSON Lines, a JSON record or a JSON array); - for stdin"
    )


def check_record(record: Any) -> tuple[bool, str]:
    """Whether ``record`` is valid with a proof that holds (or none), and the line that says
    so (without the ``record N:`` prefix)."""
    try:
        replay_record(record)
    except RecordError as exc:
        where = exc.field if exc.index is None else f"{exc.field}[{exc.index}]"
        return False, f"invalid record: {exc.reason} (at {where})"
    proof = record.get("shuffle")
    if proof is None:
        return True, NO_PROOF
    try:
        checked = proof_from_json(proof)
        verify_deal(checked, record["dealer"], record["hands"], record["trump"])
    except ShuffleMismatch as exc:
        return False, f"does not match: {exc.what}: {exc.reason}"
    count = len(checked.contributions)
    noun = "contribution" if count == 1 else "contributions"
    return True, f"shuffle verified (commitment {checked.commitment[:16]}..., {count} {noun})"


def run(args: argparse.Namespace) -> int:
    """Verify every record of the input; see the module docstring for the exit status."""
    return with_input("verify", args.file, _verify_all)


def _verify_all(stream: IO[bytes]) -> int:
    status = 0
    for number, (record, error) in enumerate(read_records(stream), start=1):
        if error is not None:
            ok, line = False, f"not a record: {error['error']}"
        else:
            ok, line = check_record(record)
        status = status if ok else 1
        sys.stdout.write(f"record {number}: {line}\n")
        sys.stdout.flush()
    return status
