"""The command line's help and the documents that describe it say the same thing."""

from __future__ import annotations

import re
import socket
from pathlib import Path

from cuatrola.commands.bench import TARGETS
from cuatrola.server.settings import Settings
from tests.support.cli import run_cuatrola

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_lists_every_benchmark_target() -> None:
    rows = [
        line
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("| `cuatrola bench ")  # the command table's row
    ]
    assert len(rows) == 1, rows
    found = re.search(r"`cuatrola bench ([^`]*)`", rows[0])
    assert found is not None
    # The row listed five of the seven targets: table and capacity were missing.
    assert tuple(found.group(1).split("\\|")) == TARGETS


def test_the_serve_help_gives_the_node_default_the_code_and_docs_use(tmp_path: Path) -> None:
    proc = run_cuatrola("serve", "--help")
    assert proc.returncode == 0, proc.stderr
    node_help = " ".join(proc.stdout.split())  # argparse wraps the help over lines
    assert "default HOST:DATA_DIR" in node_help and "HOST:PID" not in node_help
    assert "| `--node NAME` (`$CUATROLA_NODE`) | `node_name` | `HOST:DATA_DIR` |" in (
        (ROOT / "docs" / "server.md").read_text()
    )
    assert Settings(data_dir=tmp_path).node == f"{socket.gethostname()}:{tmp_path}"
