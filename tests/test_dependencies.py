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
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cuatrola"
#: Imports guarded by ``except ImportError`` with a fallback (uvloop comes with uvicorn[standard]).
OPTIONAL = {"uvloop"}


#: Packages of ``src/cuatrola`` that may also import an optional extra's distributions.
EXTRA_PACKAGES = {"env": "env"}


def _top_level_imports() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] in EXTRA_PACKAGES:
            continue  # checked against its extra by the test below
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], path)
    return found


def _declared_distributions() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {
        re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        for requirement in project["dependencies"]
    }


def test_src_imports_only_declared_dependencies() -> None:
    declared = _declared_distributions()
    providers = packages_distributions()
    for module, path in sorted(_top_level_imports().items()):
        if module in sys.stdlib_module_names or module in ("cuatrola", "__future__"):
            continue
        if module in OPTIONAL:
            continue
        dists = {d.lower().replace("_", "-") for d in providers.get(module, [])}
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
            re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")
            for requirement in project["optional-dependencies"][extra]
        }
        for path in (SRC / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    module = name.split(".")[0]
                    if module in sys.stdlib_module_names or module in ("cuatrola", "__future__"):
                        continue
                    dists = {d.lower().replace("_", "-") for d in providers.get(module, [])}
                    assert dists & allowed, f"{path.relative_to(ROOT)} imports {module!r}"
    # No other part of the package imports an optional package, so a base install runs.
    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] in EXTRA_PACKAGES:
            continue
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                parts = name.split(".")
                assert parts[:1] != ["cuatrola"] or parts[1:2] not in (
                    [package] for package in EXTRA_PACKAGES
                ), f"{path.relative_to(ROOT)} imports {name}"
