"""Imports point inward: the rules core imports nothing else from the project, and so on."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cuatrola"

# package -> project packages it may import (besides itself)
ALLOWED = {
    "core": set(),
    "ai": {"core"},
    "protocol": {"core"},
    "storage": {"core", "protocol"},
    "table": {"core", "protocol", "storage"},
    "server": {"core", "ai", "protocol", "storage", "table"},
    "clients": {"core", "protocol", "ai", "table"},
    "env": {"core", "ai"},
}
# Modules the rules core must never import: it has no I/O, clock or global randomness.
CORE_FORBIDDEN = {"asyncio", "socket", "time", "datetime", "os", "pathlib", "io", "json", "secrets"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_package_imports_point_inward(package: str) -> None:
    folder = SRC / package
    assert folder.is_dir(), f"cuatrola.{package} is missing"
    for path in folder.rglob("*.py"):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] != "cuatrola" or len(parts) < 2:
                continue
            target = parts[1]
            assert target == package or target in ALLOWED[package] or target not in ALLOWED, (
                f"{path.relative_to(SRC)} imports {name}"
            )


def test_core_does_no_io_and_reads_no_clock() -> None:
    for path in (SRC / "core").rglob("*.py"):
        for name in _imports(path):
            assert name.split(".")[0] not in CORE_FORBIDDEN, f"{path.name} imports {name}"


def test_the_table_layer_does_no_io_and_reads_no_clock() -> None:
    # The table is sans-I/O like the rules core: the runner around it owns the clock (it passes
    # `now` in), the sockets and the store.
    forbidden = CORE_FORBIDDEN - {"json"}
    for path in (SRC / "table").rglob("*.py"):
        for name in _imports(path):
            assert name.split(".")[0] not in forbidden, f"table/{path.name} imports {name}"


def test_the_runner_knows_the_server_only_through_its_host_protocol() -> None:
    allowed = {"cuatrola.server.connection", "cuatrola.server.mailbox", "cuatrola.server.metrics"}
    for name in _imports(SRC / "server" / "runner.py"):
        if name.startswith("cuatrola.server"):
            assert name in allowed, f"server/runner.py imports {name}"
    # The mailbox is a leaf: through it the runner reaches nothing else of the package.
    for name in _imports(SRC / "server" / "mailbox.py"):
        assert not name.startswith("cuatrola"), f"server/mailbox.py imports {name}"
