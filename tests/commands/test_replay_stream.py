"""``cuatrola replay`` streams: mixed good and bad lines, arrays, a BOM, and a 50 MB input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "examples"
RECORDS = [line for line in (GOLDEN / "records.jsonl").read_text().splitlines() if line.strip()]
EXPECTED = [json.loads(line) for line in (GOLDEN / "expected.jsonl").read_text().splitlines()]


def replay(data: bytes, *args: str) -> tuple[int, list[dict[str, object]], str]:
    proc = subprocess.run(
        [sys.executable, "-m", "cuatrola", "replay", *args],
        input=data,
        capture_output=True,
        timeout=120,
    )
    lines = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    return proc.returncode, lines, proc.stderr.decode()


def without_error_text(result: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in result.items() if k not in ("error", "example")}


def test_a_mixed_file_gives_one_result_per_line_and_goes_on_after_broken_lines(
    tmp_path: Path,
) -> None:
    good = RECORDS[1]
    lines = [
        good.encode(),
        b'{"format": "cuatrola-hand/1", "dealer": "unterminated',
        b"",
        b"   nope",
        b"\xff\xfe not utf-8",
        b'{"format": "cuatrola-hand/1",',  # runs out of input, and the next line is a record
        good.encode(),
        b"[1, 2",
        RECORDS[2].encode(),
    ]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n")
    status, results, stderr = replay(b"", str(path))
    assert status == 1 and stderr == ""
    assert len(results) == 8
    assert [r["ok"] for r in results] == [True, False, False, False, False, True, False, True]
    assert without_error_text(results[0]) == without_error_text(EXPECTED[1])
    assert results[5] == results[0]
    assert without_error_text(results[7]) == without_error_text(EXPECTED[2])
    assert results[1] == {
        "ok": False,
        "error": "Unterminated string starting at: line 2 column 41",
        "at": {"line": 2, "column": 41},
    }
    assert results[2]["at"] == {"line": 4, "column": 4}
    assert results[3] == {
        "ok": False,
        "error": "line 5 is not UTF-8 text",
        "at": {"line": 5, "column": 1},
    }
    assert results[4]["at"] == {"line": 6, "column": 30}
    assert results[6]["at"] == {"line": 8, "column": 6}


def test_a_json_array_replays_like_the_same_records_as_json_lines() -> None:
    records = [json.loads(line) for line in RECORDS]
    _, as_lines, _ = replay("\n".join(RECORDS).encode())
    for text in (json.dumps(records), json.dumps(records, indent=2)):
        status, results, stderr = replay(b"\xef\xbb\xbf\n  " + text.encode())
        assert results == as_lines and stderr == ""
        assert status == 1  # the example file holds invalid records


def test_a_syntax_error_in_an_array_ends_it_with_its_line_and_column() -> None:
    records = [json.loads(line) for line in RECORDS[:2]]
    text = json.dumps(records, indent=2)[:-1].rstrip() + ",\n  {oops}\n]"
    status, results, _ = replay(text.encode())
    assert status == 1
    assert [r["ok"] for r in results] == [True, True, False]
    broken_line = text.count("\n", 0, text.index("{oops}")) + 1
    assert results[2]["at"] == {"line": broken_line, "column": 4}
    status, results, _ = replay(b"[" + RECORDS[1].encode())
    assert status == 1 and [r["ok"] for r in results] == [True, False]
    assert "not closed" in str(results[1]["error"])


def test_each_record_gets_its_result_before_the_next_one_is_sent() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cuatrola", "replay"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for line in RECORDS[:3]:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
            # With the input still open, the record's result must already be out.
            result = json.loads(proc.stdout.readline())
            assert result["ok"] is True
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        proc.wait()
        proc.stdout.close()


MEASURE = """
import resource, subprocess, sys
with open(sys.argv[1], "rb") as source:
    proc = subprocess.run(
        [sys.executable, "-m", "cuatrola", "replay"], stdin=source, stdout=subprocess.PIPE
    )
lines = proc.stdout.count(b"\\n")
print(proc.returncode, lines, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def test_a_50_mb_input_streams_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    count = size = 0
    with path.open("w") as out:
        while size < 50 * 2**20:
            line = RECORDS[count % len(RECORDS)] + "\n"
            out.write(line)
            size += len(line)
            count += 1
    # A fresh process that starts only the replay, so its peak resident memory is replay's.
    proc = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    status, lines, peak_kib = (int(field) for field in proc.stdout.split())
    assert status == 1  # the example records include invalid ones
    assert lines == count
    assert peak_kib < 100 * 1024, f"replay peaked at {peak_kib / 1024:.0f} MB"


def test_a_pretty_printed_record_cut_short_is_one_result_naming_where_it_starts() -> None:
    text = json.dumps(json.loads(RECORDS[1]), indent=2)
    cut = "\n\n" + "\n".join(text.splitlines()[:-2]) + "\n"
    status, results, stderr = replay(cut.encode())
    assert status == 1 and stderr == ""
    ends = 2 + len(text.splitlines()) - 2
    assert results == [
        {
            "ok": False,
            "error": f"the record starting at line 3 ends early (the input ends at line {ends})",
            "at": {"line": 3, "column": 1},
        }
    ]


def test_a_syntax_error_inside_a_pretty_printed_record_is_one_result_at_its_place() -> None:
    lines = json.dumps(json.loads(RECORDS[1]), indent=2).splitlines()
    broken = next(i for i, line in enumerate(lines) if line.startswith('  "dealer"'))
    lines[broken] = lines[broken].rstrip(",")  # the comma after the dealer goes missing
    status, results, _ = replay(("\n".join(lines) + "\n").encode())
    assert status == 1
    assert results == [
        {
            "ok": False,
            "error": f"Expecting ',' delimiter: line {broken + 2} column 3",
            "at": {"line": broken + 2, "column": 3},
        }
    ]


def test_broken_json_lines_at_the_end_are_still_one_result_each() -> None:
    status, results, _ = replay(b'{"a": 1,\n{"b": 2,\n')
    assert status == 1
    assert [r["at"] for r in results] == [{"line": 1, "column": 9}, {"line": 2, "column": 9}]


def test_an_empty_array_is_an_input_with_no_record() -> None:
    for data in (b"[]", b"  [\n ]\n"):
        status, results, stderr = replay(data)
        assert (status, results) == (2, [])
        assert stderr == "cuatrola replay: the input holds no record: the JSON array is empty\n"
