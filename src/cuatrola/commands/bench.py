"""``cuatrola bench TARGET``: the benchmarks of :mod:`cuatrola.bench`."""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType

NAME = "bench"
#: The benchmarks, one module of :mod:`cuatrola.bench` each: the help and README.md's command
#: table list them from here (tests/commands/test_cli_docs.py holds README.md to it).
TARGETS = ("engine", "ai", "solver", "table", "server", "analysis", "capacity")
HELP = f"run a benchmark: {', '.join(TARGETS[:-1])} or {TARGETS[-1]}"


def _targets() -> dict[str, ModuleType]:
    found = {}
    for name in TARGETS:
        try:
            found[name] = importlib.import_module(f"cuatrola.bench.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"cuatrola.bench.{name}":
                raise
    return found


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One nested sub-command per benchmark target."""
    sub = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    for name, module in _targets().items():
        module.add_arguments(sub.add_parser(name, help=module.HELP, description=module.HELP))


def run(args: argparse.Namespace) -> int:
    """Run the chosen benchmark."""
    status: int = _targets()[args.target].run(args)
    return status
