"""``cuatrola verify``: proofs that hold, tampered seeds, contributions and hands, old records
and a server that tries another seed after seeing the contributions; run as a subprocess."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cuatrola.core.cards import CARD_CODES, codes_of
from cuatrola.core.hand import HandState
from cuatrola.core.records import hand_to_record
from cuatrola.core.rollout import deal_masks
from cuatrola.core.rules import Rules
from cuatrola.core.shuffle import (
    ShuffleMismatch,
    ShuffleProof,
    commitment,
    derive_deck,
    verify_deal,
)
from tests.support.cli import run_cuatrola

SEED = bytes(range(32))
CONTRIBUTIONS = {0: bytes.fromhex("c0ffee"), 2: bytes(range(32, 64))}


def proven_record(seed: bytes = SEED, dealer: int = 1) -> dict[str, Any]:
    """A whole hand dealt from ``seed`` and the contributions, with its shuffle proof."""
    deck = derive_deck(seed, CONTRIBUTIONS)
    state = HandState.from_masks(Rules(), dealer, deal_masks(deck, dealer), deck[-1], (0, 0))
    while not state.is_finished:
        state.apply_unchecked(state.legal_actions()[0])
    proof = ShuffleProof(1, commitment(seed), seed, dict(CONTRIBUTIONS))
    return hand_to_record(state, shuffle=proof.to_json())


def verify(
    tmp_path: Path, *records: Any, raw: str | None = None
) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "records.jsonl"
    path.write_text(raw if raw is not None else "".join(json.dumps(r) + "\n" for r in records))
    return run_cuatrola("verify", str(path))


def test_a_proof_that_holds_is_verified(tmp_path: Path) -> None:
    proc = verify(tmp_path, proven_record(), proven_record(bytes(32), dealer=3))
    assert proc.returncode == 0, proc.stdout
    lines = proc.stdout.splitlines()
    assert lines[0] == (
        f"record 1: shuffle verified (commitment {commitment(SEED)[:16]}..., 2 contributions)"
    )
    assert lines[1].startswith("record 2: shuffle verified")
    assert proc.stderr == ""


def test_a_tampered_seed_breaks_the_commitment(tmp_path: Path) -> None:
    record = proven_record()
    record["shuffle"]["seed"] = "ff" + record["shuffle"]["seed"][2:]
    proc = verify(tmp_path, proven_record(), record)
    assert proc.returncode == 1
    good, bad = proc.stdout.splitlines()
    assert good.startswith("record 1: shuffle verified")
    assert bad.startswith("record 2: does not match: commitment: SHA-256 of the seed is ")
    assert f"the record commits to {commitment(SEED)}" in bad


def test_a_tampered_contribution_breaks_the_deal(tmp_path: Path) -> None:
    record = proven_record()
    record["shuffle"]["contributions"][0]["value"] = "c0ffef"
    proc = verify(tmp_path, record)
    assert proc.returncode == 1
    assert proc.stdout.startswith("record 1: does not match: hands: seat ")
    assert "does not follow from the seed and contributions" in proc.stdout
    dropped = proven_record()
    del dropped["shuffle"]["contributions"][1]
    assert "does not match: hands:" in verify(tmp_path, dropped).stdout
    malformed = proven_record()
    malformed["shuffle"]["contributions"][1]["value"] = "XYZ"
    proc = verify(tmp_path, malformed)
    assert proc.stdout.startswith("record 1: does not match: contribution: seat 2's contribution")


def test_tampered_hands_do_not_follow_from_the_proof(tmp_path: Path) -> None:
    record = proven_record()
    # Swap two seats' hands: the record still replays only if the plays fit, so swap the
    # hands of a record whose plays are rebuilt for them.
    swapped = copy.deepcopy(record)
    swapped["hands"][0], swapped["hands"][2] = record["hands"][2], record["hands"][0]
    proc = verify(tmp_path, swapped)
    assert proc.returncode == 1
    # Either the plays no longer fit (an invalid record) or the hands do not follow: both
    # name what is wrong.
    assert proc.stdout.startswith(("record 1: does not match: hands:", "record 1: invalid record:"))
    # Hands that replay but were dealt from another deck: a new hand under an old proof.
    other = proven_record(bytes(32))
    other["shuffle"] = record["shuffle"]
    proc = verify(tmp_path, other)
    assert proc.returncode == 1
    assert proc.stdout.startswith("record 1: does not match: hands: seat ")


def test_a_server_cannot_choose_another_deal_after_seeing_the_contributions(tmp_path: Path) -> None:
    record = proven_record()
    published = commitment(SEED)
    # The server saw the contributions and tries other seeds for a deal it likes better:
    # each gives another deck, and none matches the commitment published before.
    for n in range(1, 200):
        seed = n.to_bytes(32, "big")
        deck = derive_deck(seed, CONTRIBUTIONS)
        assert deck != derive_deck(SEED, CONTRIBUTIONS)
        hands = [codes_of(mask) for mask in deal_masks(deck, 1)]
        proof = ShuffleProof(1, published, seed, dict(CONTRIBUTIONS))
        with pytest.raises(ShuffleMismatch, match="the record commits to") as caught:
            verify_deal(proof, 1, hands, CARD_CODES[deck[-1]])
        assert caught.value.what == "commitment"
    # The same, through the command: the cheating record's seed breaks the commitment.
    cheating = proven_record(bytes(31) + b"\x07")
    cheating["shuffle"]["commitment"] = published
    proc = verify(tmp_path, record, cheating)
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[1].startswith("record 2: does not match: commitment:")


def test_old_records_have_no_proof_and_stay_valid(tmp_path: Path) -> None:
    old = proven_record()
    del old["shuffle"]
    proc = verify(tmp_path, old, proven_record())
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == (
        "record 1: no shuffle proof: the record carries none, which is valid "
        "(dealt offline or by a tool such as cuatrola duel)"
    )


def test_duel_records_carry_no_proof_and_are_not_said_to_be_old(tmp_path: Path) -> None:
    records = tmp_path / "duel.jsonl"
    duel = run_cuatrola(
        "duel",
        "--a",
        "greedy",
        "--b",
        "random",
        "--deals",
        "1",
        "--records",
        str(records),
        timeout=120,
    )
    assert duel.returncode == 0, duel.stderr
    proc = verify(tmp_path, raw=records.read_text())
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert lines and all(
        "no shuffle proof: the record carries none, which is valid" in line for line in lines
    )
    assert "before" not in proc.stdout  # a duel's hands were never dealt with a proof


def test_a_boolean_version_is_no_version_number(tmp_path: Path) -> None:
    record = proven_record()
    record["shuffle"]["version"] = True  # equal to 1 in Python, but not a version number
    proc = verify(tmp_path, record)
    assert proc.returncode == 1
    assert proc.stdout == "record 1: does not match: shuffle: unknown derivation version True\n"


def test_invalid_records_lines_and_inputs_are_reported(tmp_path: Path) -> None:
    broken = proven_record()
    broken["dealer"] = 7
    proc = verify(tmp_path, raw=json.dumps(broken) + "\n{not json\n" + json.dumps(proven_record()))
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[0] == "record 1: invalid record: dealer must be a seat 0..3, got 7 (at dealer)"
    assert lines[1].startswith("record 2: not a record: ")
    assert lines[2].startswith("record 3: shuffle verified")
    # A JSON array reads too.
    proc = verify(tmp_path, raw=json.dumps([proven_record(), proven_record(bytes(32))]))
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 2
    empty = verify(tmp_path, raw="")
    assert empty.returncode == 2 and empty.stderr.startswith("cuatrola verify: ")
    # An empty array holds no record either: the same one line and status (it was status 0).
    no_record = verify(tmp_path, raw="[]\n")
    assert (no_record.returncode, no_record.stdout) == (2, "")
    assert (
        no_record.stderr == "cuatrola verify: the input holds no record: the JSON array is empty\n"
    )
    missing = run_cuatrola("verify", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("cuatrola verify: cannot read ")
    assert "Traceback" not in missing.stderr


def test_a_pretty_printed_record_cut_short_is_one_error(tmp_path: Path) -> None:
    text = json.dumps(proven_record(), indent=2)
    cut = "\n".join(text.splitlines()[:-3]) + "\n"
    proc = verify(tmp_path, raw=cut)
    assert proc.returncode == 1
    # It used to be one bogus error per line ("Extra data" for each line after the first).
    last = len(cut.splitlines())
    assert proc.stdout == (
        f"record 1: not a record: the record starting at line 1 ends early "
        f"(the input ends at line {last})\n"
    )
