"""The shuffle derivation (cuatrola.core.shuffle) against the test vectors of docs/records.md,
and the properties the proof rests on."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuatrola.core.cards import CARD_CODES, NUM_CARDS
from cuatrola.core.shuffle import (
    ShuffleMismatch,
    commitment,
    derive_deck,
    parse_contribution,
    parse_seed,
    proof_from_json,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def doc_vectors() -> list[dict[str, Any]]:
    """The test vectors block of docs/records.md (one JSON object per line)."""
    found = re.search(r"```json test-vectors\n(.*?)```", DOC.read_text(), re.S)
    assert found is not None, "docs/records.md has no test-vectors block"
    return [json.loads(line) for line in found.group(1).splitlines() if line.strip()]


def values(vector: dict[str, Any]) -> dict[int, bytes]:
    return {c["seat"]: bytes.fromhex(c["value"]) for c in vector["contributions"]}


def test_the_documented_vectors_are_what_the_code_derives() -> None:
    vectors = doc_vectors()
    assert len(vectors) == 3
    for vector in vectors:
        seed = parse_seed(vector["seed"])
        assert commitment(seed) == vector["commitment"]
        deck = derive_deck(seed, values(vector))
        assert [CARD_CODES[c] for c in deck] == vector["deck"]


@given(
    st.binary(min_size=32, max_size=32),
    st.dictionaries(st.integers(0, 3), st.binary(min_size=1, max_size=64)),
)
def test_every_derived_deck_is_an_order_of_the_twenty_cards(
    seed: bytes, contributions: dict[int, bytes]
) -> None:
    assert sorted(derive_deck(seed, contributions)) == list(range(NUM_CARDS))


@given(
    st.binary(min_size=32, max_size=32),
    st.binary(min_size=1, max_size=64),
    st.binary(min_size=1, max_size=64),
)
def test_each_contribution_changes_the_deal(seed: bytes, mine: bytes, other: bytes) -> None:
    # Different values give different key streams: a deck may repeat only by chance
    # (1 in 20!), which a few hundred examples never meet.
    if mine != other:
        assert derive_deck(seed, {1: mine}) != derive_deck(seed, {1: other})
    assert derive_deck(seed, {1: mine}) != derive_deck(seed, {2: mine})
    assert derive_deck(seed, {}) != derive_deck(seed, {1: mine})


def test_the_order_contributions_arrive_in_does_not_matter() -> None:
    seed = bytes(range(32))
    forward = {0: b"\x01", 2: b"\x02\x03"}
    backward = {2: b"\x02\x03", 0: b"\x01"}
    assert derive_deck(seed, forward) == derive_deck(seed, backward)


def test_a_seed_or_contribution_out_of_bounds_is_refused() -> None:
    with pytest.raises(ValueError, match="a seed is 32 bytes"):
        derive_deck(bytes(31), {})
    with pytest.raises(ValueError, match=r"1\.\.64 bytes"):
        derive_deck(bytes(32), {0: b""})
    with pytest.raises(ValueError, match=r"seat must be 0\.\.3"):
        derive_deck(bytes(32), {4: b"\x01"})
    for text in ("ABCD", "abc", "", "zz", "00" * 65):
        with pytest.raises(ValueError, match="contribution must be"):
            parse_contribution(text)
    with pytest.raises(ValueError, match="seed must be 32 bytes"):
        parse_seed("00" * 31)


@pytest.mark.parametrize(
    ("proof", "what", "reason"),
    [
        ([], "shuffle", "must be an object"),
        ({"version": 2}, "shuffle", "unknown derivation version 2"),
        ({"version": 1, "commitment": 5}, "commitment", "must be a hex string"),
        ({"version": 1, "commitment": "ab", "seed": "xx"}, "shuffle", "seed must be"),
        (
            {"version": 1, "commitment": "ab", "seed": "00" * 32, "contributions": [{"seat": 7}]},
            "contribution",
            "contribution 0 must name a seat 0..3",
        ),
        (
            {
                "version": 1,
                "commitment": "ab",
                "seed": "00" * 32,
                "contributions": [{"seat": 1, "value": "01"}, {"seat": 1, "value": "02"}],
            },
            "contribution",
            "seat 1 contributes twice",
        ),
    ],
)
def test_a_malformed_proof_names_what_is_wrong(proof: object, what: str, reason: str) -> None:
    with pytest.raises(ShuffleMismatch, match=reason) as caught:
        proof_from_json(proof)
    assert caught.value.what == what
