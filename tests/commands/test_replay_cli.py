"""``cuatrola replay`` on valid, invalid and non-JSON input, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import run_cuatrola

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "examples"


def replay(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_cuatrola("replay", *args, stdin=stdin)


def test_the_example_file_replays_line_for_line() -> None:
    proc = replay(str(GOLDEN / "records.jsonl"))
    assert proc.returncode == 1  # the file holds six invalid records
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    expected = [json.loads(line) for line in (GOLDEN / "expected.jsonl").read_text().splitlines()]
    assert len(lines) == len(expected)
    for got, want in zip(lines, expected, strict=True):
        want = {k: v for k, v in want.items() if k not in ("example", "error")}
        assert {k: v for k, v in got.items() if k != "error"} == want
    assert proc.stderr == ""


def test_all_valid_records_exit_zero_from_stdin() -> None:
    valid = [
        line
        for line in (GOLDEN / "records.jsonl").read_text().splitlines()
        if json.loads(line)["example"] in ("pass", "solo", "quintola")
    ]
    proc = replay("-", stdin="\n".join(valid) + "\n")
    assert proc.returncode == 0
    assert [json.loads(line)["contract"] for line in proc.stdout.splitlines()] == [
        "pass",
        "solo",
        "quintola",
    ]


def test_a_single_pretty_printed_record_is_accepted() -> None:
    record = json.loads((GOLDEN / "records.jsonl").read_text().splitlines()[1])
    proc = replay(stdin=json.dumps(record, indent=2))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["points"] == [112, 18]


@pytest.mark.parametrize("text", ["", "\n  \n", "\ufeff"])
def test_empty_input_exits_two_with_one_line_on_stderr(text: str) -> None:
    proc = replay(stdin=text)
    assert proc.returncode == 2
    assert (
        proc.stderr.count("\n") == 1 and "empty" in proc.stderr and "Traceback" not in proc.stderr
    )
    assert proc.stdout == ""


def test_a_line_that_is_not_json_gives_its_own_result_with_line_and_column() -> None:
    proc = replay(stdin='{"format": "cuatrola-hand/1"}\n  {not json\n')
    assert proc.returncode == 1 and proc.stderr == ""
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert first["ok"] is False and first["at"]["field"] == "dealer"
    assert second == {
        "ok": False,
        "error": "Expecting property name enclosed in double quotes: line 2 column 4",
        "at": {"line": 2, "column": 4},
    }


def test_a_missing_file_exits_two_without_a_traceback() -> None:
    proc = replay("/nonexistent/records.jsonl")
    assert proc.returncode == 2 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr


def test_bad_cli_arguments_exit_two() -> None:
    proc = replay("a", "b")
    assert proc.returncode == 2 and "unrecognized arguments" in proc.stderr


def test_bench_engine_prints_json_lines() -> None:
    proc = run_cuatrola("bench", "engine", "--seconds", "0.2", "--json", timeout=120)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["backend"] for line in lines] == ["reference", "python", "python-state"]
    assert all(line["hands_per_second"] > 0 and line["vs_reference"] > 0 for line in lines)
    assert lines[0]["vs_reference"] == 1


def test_bench_engine_explains_its_backends_in_a_header() -> None:
    proc = run_cuatrola("bench", "engine", "--seconds", "0.1", timeout=120)
    assert proc.returncode == 0, proc.stderr
    head, _, table = proc.stdout.partition("\n\n")
    assert "naive implementation" in head and "checked HandState API" in head
    assert "playout kernel" in head
    rows = table.splitlines()
    assert [row.split(":")[0].strip() for row in rows] == ["reference", "python", "python-state"]
    assert all("x the reference" in row for row in rows)


def test_bench_engine_refuses_a_bad_duration() -> None:
    proc = run_cuatrola("bench", "engine", "--seconds", "-1")
    assert proc.returncode == 2 and "seconds" in proc.stderr
