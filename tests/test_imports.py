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


# The modules of the public API (docs/api.md, docs/env.md), each with an ``__all__``.
PUBLIC_MODULES = (
    *(f"core/{name}.py" for name in ("actions", "api", "cards", "errors", "hand", "match")),
    *(f"core/{name}.py" for name in ("records", "rollout", "rules", "shuffle", "tricks", "views")),
    "ai/base.py",
    "ai/duel.py",
    "clients/bot.py",
    "clients/duel.py",
    "env/encoding.py",
    "env/openspiel_game.py",
    "env/pettingzoo_env.py",
)


def _defined_public_names(tree: ast.Module) -> set[str]:
    """The public names a module defines at its top level (not those it imports)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if not name.startswith("_")}


def _declared_all(tree: ast.Module) -> list[str] | None:
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                assert node.value is not None
                return list(ast.literal_eval(node.value))
    return None


@pytest.mark.parametrize("module", PUBLIC_MODULES)
def test_public_modules_export_what_they_define_and_nothing_they_import(module: str) -> None:
    # ``from cuatrola.core.rollout import *`` gives the kernel, not ``random`` or ``Final``.
    tree = ast.parse((SRC / module).read_text(), filename=module)
    declared = _declared_all(tree)
    assert declared is not None, f"{module} has no __all__"
    assert len(declared) == len(set(declared)), f"{module}: a name twice in __all__"
    # Only names the module defines (records.py, shuffle.py and clients/duel.py keep some
    # helpers out on purpose); the others list every one.
    defined = _defined_public_names(tree)
    assert set(declared) <= defined, f"{module} exports {set(declared) - defined}"
    if module not in ("core/records.py", "core/shuffle.py", "clients/duel.py"):
        assert set(declared) == defined, f"{module} leaves out {defined - set(declared)}"


def test_a_star_import_gives_only_the_modules_own_names() -> None:
    namespace: dict[str, object] = {}
    exec("from cuatrola.core.rollout import *", namespace)
    assert {"random", "floor", "Final"}.isdisjoint(namespace)
    assert {"shuffled_deck", "deal_masks", "random_plain_hand"} <= set(namespace)
