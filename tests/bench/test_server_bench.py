"""``cuatrola bench server`` drives a real server end to end (timings are printed, never
asserted): tiny sizes, so it only proves the load generator plays and holds connections."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "bench", "server", *args],
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_a_small_run_plays_moves_and_holds_every_connection() -> None:
    proc = bench(
        "--tables", "2", "--seconds", "2", "--warmup", "0.5",
        "--connections", "20", "--hold", "0.5", "--json",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    play = result["play"]
    assert play["clients"] == 8
    assert play["moves"] > 0
    assert play["errors"] == {}  # every move was legal and in turn
    assert play["move_to_broadcast"]["count"] > 0
    # The split by thread adds up to the whole. The kernel counts in ticks and the process's
    # and its loop thread's counters are read one after the other: a tick may fall between.
    split = play["server_cpu_split_ms_per_move"]
    assert set(split) == {
        "event_loop_user", "event_loop_system", "other_threads_user", "other_threads_system"
    }  # fmt: skip
    slack = 2 * 1000 / os.sysconf("SC_CLK_TCK") / play["moves"]
    assert all(part >= -slack for part in split.values())
    assert split["event_loop_user"] > 0  # the loop did the moves
    assert abs(sum(split.values()) - play["server_cpu_ms_per_move"]) <= 0.005
    held = result["connections"]
    assert held["opened"] == held["answered_ping_after_hold"] == 20
    # SIGTERM stopped it (uvicorn re-raises the signal after its graceful shutdown), no SIGKILL.
    assert result["server_exit_status"] in (0, -15)


def test_bad_arguments_are_refused_before_starting_anything() -> None:
    for args in (
        ["--tables", "-1"],
        ["--connections", "999999"],
        ["--seconds", "0"],
        # The protocol's presets only: a -noquintola name (Rules.name's) is not one.
        ["--rules", "exact99"],
        ["--rules", "exact3-noquintola"],
    ):
        proc = bench(*args)
        assert proc.returncode == 2
        assert "expected" in proc.stderr


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


@pytest.mark.parametrize(
    "after",
    [
        # At once: the server is still starting (importing, opening its database).
        0.0,
        # Well into the play phase.
        3.0,
    ],
)
def test_sigterm_stops_the_bench_and_the_server_it_started(after: float) -> None:
    if not Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").exists():
        # The kernel lists a process's children there on Linux (CONFIG_PROC_CHILDREN).
        raise AssertionError("this test reads a process's children from /proc")
    bench_proc = subprocess.Popen(
        [sys.executable, "-m", "cuatrola", "bench", "server", "--tables", "1",
         "--seconds", "120", "--warmup", "0", "--connections", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        servers: list[int] = []
        while not servers and time.monotonic() < deadline:
            time.sleep(0.2)
            assert bench_proc.poll() is None, bench_proc.communicate()[1]
            servers = _children(bench_proc.pid)
        assert servers, "the bench started no server"
        time.sleep(after)
        bench_proc.send_signal(signal.SIGTERM)
        _, err = bench_proc.communicate(timeout=60)
    finally:
        if bench_proc.poll() is None:
            bench_proc.kill()
            bench_proc.wait()
    assert bench_proc.returncode == 128 + signal.SIGTERM, err
    assert "stopped by SIGTERM" in err
    for server in servers:
        # Stopped and reaped by the bench: no process has that id now, or another one does.
        cmdline = Path(f"/proc/{server}/cmdline")
        assert not cmdline.exists() or b"serve" not in cmdline.read_bytes()
