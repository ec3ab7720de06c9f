"""Every third-party module the package imports is installed by its own dependencies.

A base install (`pip install .`, no dev extra) must run every command: a module that only the
dev extra brings (pytest, hypothesis, playwright...) imported from ``src/`` would break
`cuatrola serve` on a fresh machine while the test suite, which has the dev extra, stays green.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator, Mapping
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cuatrola"
#: Imports guarded by ``except ImportError`` with a fallback (uvloop comes with uvicorn[standard]).
OPTIONAL = {"uvloop"}


#: Packages of ``src/cuatrola`` that may also import an optional extra's distributions.
EXTRA_PACKAGES = {"env": "env"}


def _requirement_name(requirement: str) -> str:
    """The distribution a pyproject.toml requirement names, normalised (lower case, dashes)."""
    return re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _absolute_imports(path: Path) -> Iterator[str]:
    """The full name of every module ``path`` imports by an absolute import."""
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def _base_sources() -> Iterator[Path]:
    """The package's modules outside the packages of an optional extra."""
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] not in EXTRA_PACKAGES:
            yield path


def _is_own_or_stdlib(module: str) -> bool:
    return module in sys.stdlib_module_names or module in ("cuatrola", "__future__")


def _distributions_of(module: str, providers: Mapping[str, list[str]]) -> set[str]:
    """The installed distributions that provide the top-level ``module``, normalised."""
    return {d.lower().replace("_", "-") for d in providers.get(module, [])}


def _top_level_imports() -> dict[str, Path]:
    found: dict[str, Path] = {}
    # The extras' packages are checked against their extra by the test below.
    for path in _base_sources():
        for name in _absolute_imports(path):
            found.setdefault(name.split(".")[0], path)
    return found


def _declared_distributions() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {_requirement_name(requirement) for requirement in project["dependencies"]}


def test_src_imports_only_declared_dependencies() -> None:
    declared = _declared_distributions()
    providers = packages_distributions()
    for module, path in sorted(_top_level_imports().items()):
        if _is_own_or_stdlib(module):
            continue
        if module in OPTIONAL:
            continue
        dists = _distributions_of(module, providers)
        assert dists & declared, (
            f"{path.relative_to(ROOT)} imports {module!r}, which no runtime dependency in "
            f"pyproject.toml provides (it comes from {sorted(dists) or 'nothing installed'})"
        )


def test_the_optional_packages_import_only_their_extras_and_nothing_else_imports_them() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = _declared_distributions()
    providers = packages_distributions()
    for package, extra in EXTRA_PACKAGES.items():
        allowed = declared | {
            _requirement_name(requirement)
            for requirement in project["optional-dependencies"][extra]
        }
        for path in (SRC / package).rglob("*.py"):
            for name in _absolute_imports(path):
                module = name.split(".")[0]
                if _is_own_or_stdlib(module):
                    continue
                dists = _distributions_of(module, providers)
                assert dists & allowed, f"{path.relative_to(ROOT)} imports {module!r}"
    # No other part of the package imports an optional package, so a base install runs.
    for path in _base_sources():
        for name in _absolute_imports(path):
            parts = name.split(".")
            assert parts[:1] != ["cuatrola"] or parts[1:2] not in (
                [package] for package in EXTRA_PACKAGES
            ), f"{path.relative_to(ROOT)} imports {name}"
