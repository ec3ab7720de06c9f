"""``cuatrola bench table`` runs end to end (timings are printed, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

from cuatrola.bench.table import frames, play, seated_table, whole_copies
from cuatrola.protocol.messages import MatchEnded
from cuatrola.storage.base import TableStatus
from cuatrola.table import Table
from cuatrola.table.events import HandEvent, HandEventKind, PublicEvent, TableEvent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "bench", "table", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_summary_times_both_ways_over_the_same_moves() -> None:
    proc = bench("--moves", "300", "--rounds", "2", "--spectators", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["moves"] == 300
    assert summary["recipients"] == 6
    for key in ("handle_us_per_move", "frames_us_per_move", "whole_copies_us_per_move"):
        assert summary[key] > 0
    assert summary["frames_over_whole_copies"] > 0


def test_text_output_names_each_part() -> None:
    proc = bench("--moves", "50", "--rounds", "1")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("50 moves x 1 rounds, 4 recipients")
    for part in ("handle:", "frames:", "whole copies:", "frames / whole copies:"):
        assert part in proc.stdout


def test_bad_arguments_exit_2_with_a_message() -> None:
    proc = bench("--moves", "0")
    assert proc.returncode == 2
    assert "expected 1..10000000" in proc.stderr


def test_both_ways_make_the_same_frames_and_the_moves_go_past_a_match() -> None:
    seen: list[TableEvent] = []

    def both(table: Table, event: TableEvent, to: list[int | None]) -> list[bytes]:
        made = frames(table, event, to)
        assert made == whole_copies(table, event, to)
        assert len(made) == len(to) == 5
        seen.append(event)
        return made

    handling, framing = play(400, 4, 1, both)
    assert handling > 0 and framing > 0
    assert sum(isinstance(e, HandEvent) and e.kind is HandEventKind.ACT for e in seen) == 400
    # exact11 ends within 400 moves, so the rematch path ran too.
    ended = [e for e in seen if isinstance(e, PublicEvent) and isinstance(e.body, MatchEnded)]
    assert ended


def test_a_seated_table_has_its_first_hand_dealt() -> None:
    table = seated_table(seed=2)
    assert table.status == TableStatus.PLAYING
    assert table.hand is not None and table.hand.to_move is not None
