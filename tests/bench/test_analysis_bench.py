"""``cuatrola bench analysis``: runs and reports the seconds per hand (values not asserted)."""

from __future__ import annotations

import json

import pytest

from cuatrola.cli import main


def test_bench_analysis_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "analysis", "--hands", "2", "--players", "greedy", "--samples", "4"]
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["hands"], result["players"], result["samples"]) == (2, "greedy", 4)
    assert 0 < result["median_s"] <= result["max_s"]
    assert result["scored_decisions"] > 0
    assert result["within_budget"] == (result["max_s"] <= result["budget_s"])


def test_bench_analysis_text_and_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "analysis", "--hands", "1", "--players", "greedy", "--samples", "4"]) == 0
    assert "per hand: median" in capsys.readouterr().out
    assert main(["bench", "analysis", "--hands", "1", "--players", "grandmaster"]) == 2
    assert "unknown player" in capsys.readouterr().err
