"""``cuatrola analyse`` on recorded hands and on bad input, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.fixtures.analysis_records import BLUNDER_STEP, PLANTED_BLUNDER, WITH_CANTE
from tests.support.cli import cuatrola_command, run_cuatrola


def analyse(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return run_cuatrola("analyse", *args, stdin=stdin, timeout=120)


@pytest.fixture
def records(tmp_path: Path) -> Path:
    path = tmp_path / "records.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in (PLANTED_BLUNDER, WITH_CANTE)))
    return path


def test_json_output_is_the_match_analysis_and_marks_the_blunder(records: Path) -> None:
    proc = analyse(str(records), "--seat", "0", "--seed", "4", "--samples", "8", "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    analysis = json.loads(proc.stdout)
    assert analysis["format"] == "cuatrola-analysis/1"
    assert [h["seed"] for h in analysis["hands"]] == [4, 5]
    assert [s["seat"] for s in analysis["seats"]] == [0]
    blunder = next(d for d in analysis["hands"][0]["decisions"] if d["step"] == BLUNDER_STEP)
    assert (blunder["chosen"], blunder["best"], blunder["mark"]) == ("3C", "RB", "blunder")
    bids = [d for h in analysis["hands"] for d in h["decisions"] if d["kind"] == "bid"]
    choices = [a for d in bids if not d["forced"] for a in d["alternatives"]]
    assert choices and all(a["game_points"] is not None for a in choices)
    assert blunder["game_points_cost"] is None
    # The same input and seed give the same output.
    again = analyse(str(records), "--seat", "0", "--seed", "4", "--samples", "8", "--json")
    assert again.stdout == proc.stdout


def test_the_report_is_readable_text(records: Path) -> None:
    proc = analyse(str(records), "--seat", "0", "--samples", "8", "--no-hindsight")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Hand 1" in out and "Hand 2" in out and "All hands: accuracy" in out
    assert "blunder" in out and "forced" in out
    assert "hindsight" in out  # the footnote explains the column
    # Bids: each option's expected game points beside its match chance, and the cost in both.
    assert " gp)" in out and "game pts" in out


def test_a_record_from_stdin_is_accepted() -> None:
    proc = analyse("-", "--seat", "2", "--samples", "4", "--json", stdin=json.dumps(WITH_CANTE))
    assert proc.returncode == 0, proc.stderr
    assert [s["seat"] for s in json.loads(proc.stdout)["seats"]] == [2]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (json.dumps(PLANTED_BLUNDER) + "\n{not json\n", "record 2: "),
        (json.dumps({**PLANTED_BLUNDER, "dealer": 7}) + "\n", "record 1: dealer: dealer must be"),
        (json.dumps({**PLANTED_BLUNDER, "plays": ["AO"]}) + "\n", "record 1: plays"),
    ],
    ids=["not-json", "bad-dealer", "bad-play"],
)
def test_a_bad_record_is_named_on_stderr_with_status_1(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    proc = analyse(str(path), "--samples", "4")
    assert proc.returncode == 1
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line.startswith("cuatrola analyse: ") and message in line
    assert "Traceback" not in proc.stderr


def test_a_missing_file_and_empty_input_exit_2_without_a_traceback(tmp_path: Path) -> None:
    missing = analyse(str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("cuatrola analyse: cannot read ")
    empty = analyse("-", stdin="\n")
    assert empty.returncode == 2 and "empty" in empty.stderr
    for proc in (missing, empty):
        assert "Traceback" not in proc.stderr and proc.stdout == ""


@pytest.mark.parametrize("args", [["--seat", "4"], ["--samples", "0"], ["--seed", "x"]])
def test_bad_arguments_exit_2_in_one_line(records: Path, args: list[str]) -> None:
    proc = analyse(str(records), *args)
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "Traceback" not in proc.stderr


def test_a_pretty_printed_record_cut_short_is_named_once(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text("\n".join(json.dumps(WITH_CANTE, indent=2).splitlines()[:-3]) + "\n")
    proc = analyse(str(path), "--samples", "4")
    assert proc.returncode == 1 and proc.stdout == ""
    # It used to say "Expecting property name enclosed in double quotes: line 1 column 2".
    assert proc.stderr.startswith(
        "cuatrola analyse: record 1: the record starting at line 1 ends early"
    )
    assert proc.stderr.count("\n") == 1


def test_an_empty_array_exits_2_like_an_empty_input() -> None:
    proc = analyse("-", stdin="[]")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "cuatrola analyse: the input holds no record: the JSON array is empty\n"


@pytest.mark.parametrize("json_output", [False, True])
def test_a_closed_output_pipe_ends_quietly_with_status_0(records: Path, json_output: bool) -> None:
    # As replay and verify do: `cuatrola analyse ... | head -2` used to exit 1 (rich's own
    # handling of the closed pipe).
    command = cuatrola_command("analyse", str(records), "--samples", "4")
    process = subprocess.Popen(
        command + (["--json"] if json_output else []),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(10)
    process.stdout.close()  # the reader goes away after the first bytes, as head does
    status = process.wait(timeout=120)
    stderr = process.stderr.read().decode()
    process.stderr.close()
    assert (status, stderr) == (0, "")
