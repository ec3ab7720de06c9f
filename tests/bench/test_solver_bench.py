"""``cuatrola bench solver`` runs end to end (timings are printed, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

from cuatrola.ai.search import solver
from cuatrola.bench.solver import positions


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "bench", "solver", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_summary_compares_both_solvers_on_the_same_positions() -> None:
    proc = bench("--positions", "3", "--repeat", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["positions"] == 3
    assert summary["function"] == "solve"
    assert summary["python_median_us"] > 0
    if solver.backend() == "c":
        assert summary["ratio"] > 0
        assert summary["c_median_nodes"] > 0
    else:
        assert summary["ratio"] is None


def test_text_output_names_the_function_and_the_backends() -> None:
    proc = bench("--positions", "2", "--repeat", "1", "--moves", "--trick", "3")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("solve_moves on 2 positions")
    assert "python:" in proc.stdout


def test_bad_arguments_exit_2_with_a_message() -> None:
    proc = bench("--positions", "0")
    assert proc.returncode == 2
    assert "expected 1..100000" in proc.stderr


def test_positions_are_seeded_and_start_at_the_asked_trick() -> None:
    first = positions(5, seed=3, trick=2, kind="solo")
    assert first == positions(5, seed=3, trick=2, kind="solo")
    assert all(p.tricks_played == 2 and p.trick == () for p in first)
    assert all(p.sitting_out is not None for p in first)
