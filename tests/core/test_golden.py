"""Recorded playthroughs: legal-action order and results stay exactly as reviewed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.golden.regenerate import OUT, playthrough

GOLDEN = [json.loads(line) for line in Path(OUT).read_text().splitlines()]


@pytest.mark.parametrize("expected", GOLDEN, ids=[f"{g['rules']}-{g['seed']}" for g in GOLDEN])
def test_playthrough_matches_the_golden_file(expected: dict[str, Any]) -> None:
    assert playthrough(expected["rules"], expected["seed"]) == expected
