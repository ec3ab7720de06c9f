"""docs/deploy.md stays true: its service's command line is one `cuatrola serve` takes, and
every environment variable it sets is one the server reads."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from cuatrola.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "deploy.md").read_text()


def test_the_services_command_line_is_accepted_by_cuatrola_serve() -> None:
    (line,) = re.findall(r"^ExecStart=(.+)$", DOC, flags=re.MULTILINE)
    argv = shlex.split(line)
    assert argv[0].endswith("/cuatrola") and argv[1] == "serve"
    parser, _ = build_parser()
    args = parser.parse_args(argv[1:])
    assert (args.command, args.host, args.port, args.log_format) == (
        "serve",
        "127.0.0.1",
        8000,
        "json",
    )


def test_every_variable_of_the_page_is_read_by_the_server() -> None:
    named = set(re.findall(r"^(CUATROLA_[A-Z_]+)=", DOC, flags=re.MULTILINE))
    assert {"CUATROLA_DB_URL", "CUATROLA_SECRET", "CUATROLA_MIGRATE"} <= named
    source = "\n".join(p.read_text() for p in (ROOT / "src" / "cuatrola").rglob("*.py"))
    assert {name for name in named if f'"{name}"' not in source} == set()
