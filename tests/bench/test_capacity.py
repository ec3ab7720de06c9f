"""``cuatrola bench capacity`` opens tables against the computer on a real server and times
the computer players' moves (timings are printed, never asserted: tiny sizes, so it only
proves that the tables play and the moves are measured)."""

from __future__ import annotations

import json
import subprocess
import sys

STEP_KEYS = {
    "tables",
    "seconds",
    "computer_moves",
    "computer_moves_per_second",
    "computer_move",
    "late",
    "still_waiting_late",
    "late_fraction",
    "holds",
    "person_moves",
    "errors",
    "server_cpu_percent",
    "workers_cpu_percent",
    "loadgen_cpu_percent",
    "load_average_before",
    "load_average_after",
    "setup_seconds",
}


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "bench", "capacity", *args],
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_a_small_run_measures_the_computer_moves_of_each_step() -> None:
    proc = bench("--level", "medium", "--steps", "1,2", "--seconds", "3", "--warmup", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["level"] == "medium"
    assert result["bot_workers"] >= 0
    assert result["late_over_ms"] == round(
        1000 * (result["bot_delay_s"] + result["bot_budget_s"] + result["allowance_s"]), 1
    )
    steps = result["steps"]
    assert [s["tables"] for s in steps] in ([1], [1, 2])  # stepping stops at a failed step
    for step in steps:
        assert set(step) == STEP_KEYS
        assert step["errors"] == {}  # the person's every move was legal and in turn
        assert step["person_moves"] > 0
        # Three computer seats per table, each move at least the bot delay apart: a few
        # seconds always hold some (a step without any would not hold).
        assert step["computer_moves"] > 0
        move = step["computer_move"]
        assert move["count"] == step["computer_moves"]
        assert move["p50_ms"] <= move["p99_ms"] <= move["max_ms"]
        assert 0 <= step["late"] <= step["computer_moves"] + step["still_waiting_late"]
    held = [s["tables"] for s in steps if s["holds"]]
    assert result["capacity_tables"] == (max(held) if held else 0)
    # SIGTERM stopped it (uvicorn re-raises the signal after its graceful shutdown), no SIGKILL.
    assert result["server_exit_status"] in (0, -15)


def test_the_table_is_printed_without_json() -> None:
    proc = bench("--level", "easy", "--steps", "1", "--seconds", "2", "--warmup", "0.5")
    assert proc.returncode == 0, proc.stderr
    assert "capacity:" in proc.stdout
    assert "p99 ms" in proc.stdout


def test_bad_arguments_are_refused_before_starting_anything() -> None:
    for args in (
        ["--steps", "2,1"],
        ["--steps", "0"],
        ["--steps", "a"],
        ["--level", "random"],
        ["--seconds", "0"],
        ["--max-late", "2"],
        # The protocol's presets only: a -noquintola name (Rules.name's) is not one.
        ["--rules", "exact99"],
        ["--rules", "exact3-noquintola"],
    ):
        proc = bench(*args)
        assert proc.returncode == 2, args
        assert "error" in proc.stderr
