"""``cuatrola serve`` reports a busy port and a bad database URL in one line."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def serve(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuatrola", "serve", "--data-dir", str(tmp_path), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = serve("--port", str(port), tmp_path=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == f"cuatrola serve: port {port} on 127.0.0.1 is busy"


def test_a_bad_database_url_is_one_clear_line(tmp_path: Path) -> None:
    result = serve("--db", "nonsense://x", tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cuatrola serve: bad database URL 'nonsense://x'")


def test_an_unreachable_database_is_one_clear_line(tmp_path: Path) -> None:
    result = serve("--db", f"sqlite+aiosqlite:///{tmp_path}/missing/dir/x.db", tmp_path=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cuatrola serve: cannot open the database")
