"""The shared example records replay to exactly the expected results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cuatrola.core.records import replay_summary

EXAMPLES = Path(__file__).resolve().parents[2] / "tests" / "golden" / "examples"


def _load(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (EXAMPLES / name).read_text().splitlines() if line]


RECORDS = _load("records.jsonl")
EXPECTED = _load("expected.jsonl")


def test_every_record_has_an_expected_line() -> None:
    assert len(RECORDS) == len(EXPECTED) == 15


@pytest.mark.parametrize(
    ("record", "expected"),
    list(zip(RECORDS, EXPECTED, strict=True)),
    ids=[r["example"] for r in RECORDS],
)
def test_example_replays_to_the_expected_result(
    record: dict[str, Any], expected: dict[str, Any]
) -> None:
    got = replay_summary(record)
    want = {k: v for k, v in expected.items() if k not in ("example", "error")}
    assert {k: v for k, v in got.items() if k != "error"} == want
    if not expected["ok"]:
        assert isinstance(got["error"], str) and got["error"]
