"""docs/deploy.md stays true: its service's command line is one `cuatrola serve` takes, and
every environment variable it sets is one the server reads."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from cuatrola.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "deploy.md").read_text()


def test_the_services_command_lines_are_accepted_by_cuatrola_serve() -> None:
    # The unit's line, and a node's override of it (after the empty ``ExecStart=`` that
    # clears the unit's).
    lines = re.findall(r"^ExecStart=(.+)$", DOC, flags=re.MULTILINE)
    assert len(lines) == 2
    parser, _ = build_parser()
    parsed = []
    for line in lines:
        argv = shlex.split(line)
        assert argv[0].endswith("/cuatrola") and argv[1] == "serve"
        args = parser.parse_args(argv[1:])
        parsed.append((args.command, args.host, args.port, args.log_format))
    assert parsed == [("serve", "127.0.0.1", 8000, "json"), ("serve", "10.0.0.12", 8000, "json")]


def test_every_variable_of_the_page_is_read_by_the_server() -> None:
    named = set(re.findall(r"^(CUATROLA_[A-Z_]+)=", DOC, flags=re.MULTILINE))
    assert {"CUATROLA_DB_URL", "CUATROLA_SECRET", "CUATROLA_MIGRATE"} <= named
    source = "\n".join(p.read_text() for p in (ROOT / "src" / "cuatrola").rglob("*.py"))
    assert {name for name in named if f'"{name}"' not in source} == set()
