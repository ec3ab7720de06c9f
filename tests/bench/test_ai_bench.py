"""``cuatrola bench ai``: runs and reports decision-time percentiles (values not asserted)."""

from __future__ import annotations

import json

import pytest

from cuatrola.cli import main


def test_bench_ai_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ai", "--level", "easy", "--hands", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["level"] == "easy"
    assert result["hands"] == 2
    every = result["all_decisions_ms"]
    assert every["count"] >= 2 * 4 * 5  # at least the 40 cards of two hands
    assert every["p50"] <= every["p90"] <= every["p99"] <= every["max"]
    assert result["real_choices_ms"]["count"] <= every["count"]


def test_bench_ai_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ai", "--level", "greedy", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out
    assert "p99" in out


def test_bench_ai_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "ai", "--level", "grandmaster", "--hands", "1"]) == 2
    assert "unknown level" in capsys.readouterr().err
